"""`idphoto matte`: full-size transparent PNG, dpi kept, atomic, never over the input, clear exit codes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, main
from idphoto_gui.core.analysis.cutout import cutout
from idphoto_gui.core.faces.faces import find_face

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def big_input(tmp_path_factory, data_dir) -> Path:
    """man_suit upscaled past the working size (so alpha must be upsampled), saved with 300 dpi."""
    src = cv2.imread(str(data_dir / "man_suit.jpg"))[:, :, ::-1]
    big = cv2.resize(src, (1800, 2400), interpolation=cv2.INTER_CUBIC)
    path = tmp_path_factory.mktemp("in") / "suit.jpg"
    Image.fromarray(np.ascontiguousarray(big)).save(path, quality=92, dpi=(300, 300))
    return path


def _no_leftovers(folder: Path) -> None:
    assert not [p for p in folder.iterdir() if p.name.endswith(".part")]


def test_matte_at_input_size_with_dpi(big_input, tmp_path):
    out = tmp_path / "cut.png"
    assert main(["matte", str(big_input), "-o", str(out)]) == EXIT_OK
    with Image.open(out) as im:
        assert im.mode == "RGBA" and im.size == (1800, 2400)
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        rgba = np.asarray(im)
    alpha = rgba[:, :, 3].astype(np.float32) / 255
    with Image.open(big_input) as im:
        face = find_face(np.asarray(im.convert("RGB")))
    x, y = (int(v) for v in face.eye_mid)
    assert alpha[y - 10:y + 10, x - 10:x + 10].mean() > 0.95
    for cy, cx in ((20, 20), (20, 1780)):
        assert alpha[cy - 10:cy + 10, cx - 10:cx + 10].mean() < 0.05
    assert (rgba[alpha == 0, :3] == 0).all()
    _no_leftovers(tmp_path)


def test_u2netp_and_png_input_replaces_existing_output(data_dir, tmp_path):
    out = tmp_path / "child_cut.png"
    out.write_bytes(b"old")
    assert main(["matte", str(data_dir / "child.png"), "-o", str(out), "--model", "u2netp"]) == EXIT_OK
    with Image.open(out) as im, Image.open(data_dir / "child.png") as src:
        assert im.size == src.size and im.mode == "RGBA"
    _no_leftovers(tmp_path)


def test_unreadable_input(tmp_path, capsys):
    bad = tmp_path / "bad.jpg"
    bad.write_text("not a photo")
    out = tmp_path / "o.png"
    assert main(["matte", str(bad), "-o", str(out)]) == EXIT_INPUT
    err = capsys.readouterr().err.strip()
    assert "bad.jpg" in err and len(err.splitlines()) == 1
    assert not out.exists()
    assert main(["matte", str(tmp_path / "missing.jpg"), "-o", str(out)]) == EXIT_INPUT


def test_refuses_to_overwrite_input(data_dir, tmp_path, capsys):
    src = tmp_path / "photo.png"
    shutil.copy(data_dir / "child.png", src)
    before = src.read_bytes()
    same = tmp_path / "sub" / ".." / "photo.png"
    (tmp_path / "sub").mkdir()
    for target in (src, same):
        assert main(["matte", str(src), "-o", str(target)]) == EXIT_OUTPUT
    assert src.read_bytes() == before
    assert "overwrite" in capsys.readouterr().err


def test_unwritable_output(data_dir, tmp_path, capsys):
    out = tmp_path / "no" / "such" / "dir" / "o.png"
    assert main(["matte", str(data_dir / "woman_white_wall.jpg"), "-o", str(out)]) == EXIT_OUTPUT
    assert str(out.parent) in capsys.readouterr().err


def test_output_must_be_png(data_dir, tmp_path):
    assert main(["matte", str(data_dir / "man_suit.jpg"), "-o", str(tmp_path / "o.jpg")]) == EXIT_USAGE


def test_cutout_upsamples_and_keeps_original_where_opaque():
    rng = np.random.default_rng(0)
    full = rng.integers(0, 256, (80, 120, 3), np.uint8)
    alpha = np.zeros((40, 60), np.float32)
    alpha[:, 20:] = 0.5
    alpha[:, 35:] = 1.0
    rgba = cutout(full, alpha)
    assert rgba.shape == (80, 120, 4) and rgba.flags.c_contiguous
    opaque = rgba[:, :, 3] == 255
    assert opaque.any() and (rgba[opaque][:, :3] == full[opaque]).all()
    assert (rgba[:, :10, :] == 0).all()
    assert 120 < rgba[:, 50:60, 3].mean() < 135


def test_subprocess_entry_point(data_dir, tmp_path):
    out = tmp_path / "sub.png"
    code = "import sys; from idphoto_gui.cli import main; sys.exit(main())"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", code, "matte", str(data_dir / "woman_white_wall.jpg"),
                           "-o", str(out)], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=120)
    assert proc.returncode == EXIT_OK, proc.stderr
    with Image.open(out) as im, Image.open(data_dir / "woman_white_wall.jpg") as src:
        assert im.size == src.size and im.mode == "RGBA"


def test_png_written_band_by_band_reads_back_exactly(tmp_path):
    from idphoto_gui.core.imaging.png_stream import write_png_rows

    rgba = np.random.default_rng(3).integers(0, 256, (97, 61, 4), np.uint8)
    path = write_png_rows(tmp_path / "b.png", (rgba[y:y + 10] for y in range(0, 97, 10)), size=(61, 97),
                          dpi=(300, 300))
    with Image.open(path) as im:
        assert im.mode == "RGBA" and round(im.info["dpi"][0]) == 300
        assert (np.asarray(im) == rgba).all()


@pytest.mark.parametrize("orientation", [1, 6])
def test_full_resolution_bands_match_the_whole_decode(data_dir, tmp_path, orientation):
    from idphoto_gui.core.imaging.fullres import open_full_resolution
    from idphoto_gui.core.imaging.fullres import load_full_resolution

    path = tmp_path / "p.jpg"
    exif = Image.Exif()
    exif[0x0112] = orientation
    Image.open(data_dir / "man_suit.jpg").save(path, quality=95, exif=exif.tobytes())
    whole = load_full_resolution(path)
    full = open_full_resolution(path)
    assert full.size == (whole.shape[1], whole.shape[0])
    bands = np.concatenate([full.rows(top, 100) for top in range(0, full.size[1], 100)])
    assert (bands == whole).all()
