"""Every unreadable photo is refused with a sentence that says what it is and what to do (the command line
and the API show only this text); made from the real test photo in tmp_path."""
from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.core.errors import ImageTooLargeError, UnreadableImageError
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.imaging.unreadable import COPY_AGAIN
from bad_files import png_claiming  # tests/ is on sys.path (golden.py too)

ROOT = Path(__file__).resolve().parents[2]


def _refusal(path: Path) -> str:
    with pytest.raises(UnreadableImageError) as info:
        load_image(path)
    return str(info.value)


def test_each_unreadable_kind_is_named_and_says_what_to_do(tmp_path, data_dir):
    src = (data_dir / "man_suit.jpg").read_bytes()
    (tmp_path / "half.jpg").write_bytes(src[: len(src) // 2])
    (tmp_path / "empty.jpg").write_bytes(b"")
    (tmp_path / "notes.jpg").write_text("not a photo\n")
    Image.open(data_dir / "man_suit.jpg").save(tmp_path / "good.png")
    png = bytearray((tmp_path / "good.png").read_bytes())
    png[29] ^= 0xFF                                     # the header chunk's CRC
    (tmp_path / "crc.png").write_bytes(bytes(png))
    assert "damaged or truncated" in (text := _refusal(tmp_path / "half.jpg")) and COPY_AGAIN in text
    assert "empty (0 bytes)" in (text := _refusal(tmp_path / "empty.jpg")) and COPY_AGAIN in text
    assert "damaged PNG file" in (text := _refusal(tmp_path / "crc.png")) and COPY_AGAIN in text
    assert "not a picture format we know; use a JPEG, PNG" in _refusal(tmp_path / "notes.jpg")


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")   # pytest resets filters
@pytest.mark.parametrize("side", [30_000, 11_000])   # over twice the limit (Pillow refuses first) and just over
def test_a_bomb_says_its_size_and_the_limit_in_our_words(tmp_path, side):
    with pytest.raises(ImageTooLargeError) as info:
        load_image(png_claiming(tmp_path / "bomb.png", side, side))
    text = str(info.value)
    assert f"{side * side / 1e6:.0f} MP, over the 120 MP limit: scale it down" in text
    assert "DOS" not in text and "240000000" not in text


def test_the_command_line_prints_one_line_for_a_bomb_without_a_python_warning(tmp_path):
    bomb = png_claiming(tmp_path / "bomb.png", 12_000, 11_000)   # 132 MP: Pillow only warns, we refuse
    done = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", "check", str(bomb)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 4
    assert done.stderr.splitlines() == [f"idphoto: error: Image {bomb} is 12000x11000 = 132 MP, over the 120 MP "
                                        "limit: scale it down (a 24 MP camera photo is plenty) and use the "
                                        "smaller copy."]


def test_a_png_with_damaged_pixel_data_is_refused_not_read_as_garbage(tmp_path, data_dir):
    from idphoto_gui.core.imaging.fullres import load_full_resolution

    Image.open(data_dir / "man_suit.jpg").save(tmp_path / "good.png")
    good = (tmp_path / "good.png").read_bytes()
    idat = good.find(b"IDAT")
    flipped = bytearray(good)
    for k in range(idat + 200, idat + 260):   # pixel data changed: Pillow decoded it into garbage ("no face")
        flipped[k] ^= 0xFF
    crc_only = bytearray(good)
    length = struct.unpack(">I", good[idat - 4:idat])[0]
    crc_only[idat + 4 + length] ^= 0xFF           # only the chunk's checksum
    for name, data in (("flipped.png", flipped), ("crc.png", crc_only), ("half.png", good[: len(good) // 2])):
        path = tmp_path / name
        path.write_bytes(bytes(data))
        assert f"it is a damaged or incomplete PNG file; {COPY_AGAIN}" in _refusal(path)
        with pytest.raises(UnreadableImageError):
            load_full_resolution(path)                # the cut-out's own decoder (OpenCV) checks it too
    assert load_image(tmp_path / "good.png").size == (576, 768)


def test_damaged_tiff_and_heic_give_one_line_without_python_warnings(tmp_path, data_dir):
    rgb = Image.open(data_dir / "man_suit.jpg").convert("RGB")
    import cv2   # OpenCV writes the directory at the end: half a file warns "Corrupt EXIF data" in Pillow

    cv2.imwrite(str(tmp_path / "good.tif"), np.asarray(rgb)[:, :, ::-1].astype(np.uint16) * 257)
    tif = (tmp_path / "good.tif").read_bytes()
    (tmp_path / "half.tif").write_bytes(tif[: len(tif) // 2])
    done = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", "check", str(tmp_path / "half.tif")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 4 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "damaged" in done.stderr and "Warning" not in done.stderr
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    rgb.save(tmp_path / "good.heic")
    heic = (tmp_path / "good.heic").read_bytes()
    (tmp_path / "half.heic").write_bytes(heic[: len(heic) // 2])
    text = _refusal(tmp_path / "half.heic")
    assert "\n" not in text and COPY_AGAIN in text and len(text) < 400, text
