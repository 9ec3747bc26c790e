"""Export: dpi in the file, KB cap by quality then pixels, never padded, atomic, never over the input."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, JpegImagePlugin

from idphoto_gui.core.errors import ExportError
from idphoto_gui.core.imaging.export import KB_CAP, KB_FLOOR, save_cutout, save_photo
from idphoto_gui.core.imaging.files import unique_path, write_atomic


@pytest.fixture(scope="module")
def photo() -> np.ndarray:
    """413x531 of textured content (JPEG sizes behave like a real photo's)."""
    rng = np.random.default_rng(7)
    base = rng.integers(0, 256, (53, 41, 3), dtype=np.uint8)
    img = np.asarray(Image.fromarray(base).resize((413, 531), Image.BILINEAR))
    noise = rng.integers(-20, 21, img.shape)
    return np.clip(img.astype(int) + noise, 0, 255).astype(np.uint8)


def no_temp_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.startswith(".")]


def test_jpeg_has_dpi_pixels_and_full_chroma(tmp_path, photo):
    res = save_photo(photo, tmp_path / "a.jpg", dpi=300)
    with Image.open(res.path) as im:
        assert im.format == "JPEG" and im.size == (413, 531)
        assert tuple(round(v) for v in im.info["dpi"]) == (300, 300)
        assert JpegImagePlugin.get_sampling(im) == 0  # 4:4:4 at quality 95
    assert res.bytes == os.path.getsize(res.path) and res.quality == 95 and not res.scaled
    assert no_temp_files(tmp_path)


def test_png_has_dpi(tmp_path, photo):
    res = save_photo(photo, tmp_path / "a.png", dpi=350)
    with Image.open(res.path) as im:
        assert im.format == "PNG" and im.mode == "RGB"
        assert tuple(round(v) for v in im.info["dpi"]) == (350, 350)


def test_max_kb_is_met_by_quality_first(tmp_path, photo):
    full = save_photo(photo, tmp_path / "full.jpg", dpi=300).bytes
    cap_kb = full * 0.6 / KB_CAP
    res = save_photo(photo, tmp_path / "cap.jpg", dpi=300, max_kb=cap_kb)
    assert res.bytes <= cap_kb * KB_CAP and os.path.getsize(res.path) == res.bytes
    assert 60 <= res.quality < 95 and not res.scaled and res.pixel_size == (413, 531)


def test_max_kb_below_quality_floor_lowers_pixels_and_dpi_alike(tmp_path, photo):
    res = save_photo(photo, tmp_path / "s.jpg", dpi=300, max_kb=15)
    assert res.scaled and res.bytes <= 15 * KB_CAP
    w, h = res.pixel_size
    assert w < 413 and abs(w / h - 413 / 531) < 0.01
    with Image.open(res.path) as im:
        assert im.size == (w, h)
        # same physical width: pixels / dpi unchanged
        assert abs(w / im.info["dpi"][0] - 413 / 300) < 0.02


def test_max_kb_impossible_for_fixed_pixels_is_an_error(tmp_path, photo):
    with pytest.raises(ExportError, match="fixes its pixel size"):
        save_photo(photo, tmp_path / "x.jpg", dpi=300, max_kb=15, allow_resize=False)
    assert not (tmp_path / "x.jpg").exists() and no_temp_files(tmp_path)


def test_min_kb_raises_quality_and_never_pads(tmp_path):
    rng = np.random.default_rng(3)
    flat = np.full((413, 295, 3), 200, np.uint8)
    flat[100:300, 80:200] = (90, 60, 40)
    flat = np.clip(flat.astype(int) + rng.integers(-3, 4, flat.shape), 0, 255).astype(np.uint8)
    res = save_photo(flat, tmp_path / "m.jpg", dpi=300, quality=70, min_kb=5)
    assert res.bytes >= 5 * KB_FLOOR and res.quality > 70
    with pytest.raises(ExportError, match="never padded"):
        save_photo(flat, tmp_path / "n.jpg", dpi=300, min_kb=500)
    data = Path(res.path).read_bytes()
    assert data.endswith(b"\xff\xd9")  # nothing appended after the JPEG's end marker


def test_never_overwrites_the_input(tmp_path, photo):
    src = tmp_path / "in.jpg"
    Image.fromarray(photo).save(src)
    before = src.read_bytes()
    with pytest.raises(ExportError, match="overwrite the input"):
        save_photo(photo, src, dpi=300, source_path=src)
    link = tmp_path / "link.jpg"
    link.symlink_to(src)
    with pytest.raises(ExportError):
        save_photo(photo, link, dpi=300, source_path=src)
    with pytest.raises(ExportError):
        save_photo(photo, tmp_path / "." / "in.jpg", dpi=300, source_path=str(src))
    assert src.read_bytes() == before


@pytest.mark.parametrize("where", ["missing", "file-parent", "proc"])
def test_unwritable_destination_is_a_clear_error(tmp_path, photo, where):
    # tests run as root, so chmod would not stop a write: use paths no one can write to
    if where == "missing":
        target, folder = tmp_path / "nope" / "a.jpg", tmp_path / "nope"
    elif where == "file-parent":
        (tmp_path / "afile").write_text("x")
        target, folder = tmp_path / "afile" / "a.jpg", tmp_path / "afile"
    else:
        target, folder = Path("/proc/self/idphoto/a.jpg"), Path("/proc/self/idphoto")
    with pytest.raises(ExportError) as info:
        save_photo(photo, target, dpi=300)
    assert str(folder) in str(info.value)


def test_write_to_proc_folder_fails_cleanly():
    with pytest.raises(ExportError, match="/proc/self"):
        write_atomic(b"x", "/proc/self/a.jpg")


def test_replace_is_atomic_and_leaves_no_temp(tmp_path, photo):
    target = tmp_path / "a.jpg"
    target.write_bytes(b"old")
    save_photo(photo, target, dpi=300)
    with Image.open(target) as im:
        im.load()
    assert no_temp_files(tmp_path)


def test_unknown_suffix_is_refused(tmp_path, photo):
    with pytest.raises(ExportError, match=".gif"):
        save_photo(photo, tmp_path / "a.gif", dpi=300)


def test_cutout_png_keeps_alpha_and_dpi(tmp_path):
    rgba = np.zeros((40, 30, 4), np.uint8)
    rgba[10:30, 5:25] = (10, 20, 30, 255)
    res = save_cutout(rgba, tmp_path / "c.png", dpi=300)
    with Image.open(res.path) as im:
        assert im.mode == "RGBA" and im.size == (30, 40)
        assert tuple(round(v) for v in im.info["dpi"]) == (300, 300)
        assert np.array_equal(np.asarray(im), rgba)
    with pytest.raises(ExportError):
        save_cutout(rgba, tmp_path / "c.jpg", dpi=300)


def test_unique_path_never_replaces(tmp_path):
    (tmp_path / "a_cn-1inch.jpg").write_text("x")
    taken: set[str] = set()
    first = unique_path(tmp_path / "a_cn-1inch.jpg", taken=taken)
    second = unique_path(tmp_path / "a_cn-1inch.jpg", taken=taken)
    assert first.name == "a_cn-1inch-2.jpg" and second.name == "a_cn-1inch-3.jpg"
    assert unique_path(tmp_path / "a_cn-1inch.jpg", overwrite=True).name == "a_cn-1inch.jpg"


def test_a_stopped_write_leaves_no_partial_file(tmp_path):
    # a batch worker told to stop (SIGTERM) discards the write in progress before it exits
    from idphoto_gui.core.imaging.files import atomic_file, discard_partial_files

    with pytest.raises(ExportError):  # had the process gone on, the rename would fail: nothing appears
        with atomic_file(tmp_path / "photo.jpg") as fh:
            fh.write(b"half a photo")
            assert len(list(tmp_path.glob("*.part"))) == 1
            discard_partial_files()
            assert not list(tmp_path.glob("*.part"))
    assert not list(tmp_path.iterdir())
