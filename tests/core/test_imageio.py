"""imageio: every format and mode becomes 8-bit RGB; every bad input is a typed error."""
from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageFile, ImageOps

from idphoto_gui.core.imaging import imageio
from idphoto_gui.core.errors import ImageTooLargeError, UnreadableImageError, UnsupportedImageError
from idphoto_gui.core.imaging.fullres import load_full_resolution
from idphoto_gui.core.imaging.imageio import from_array, load_image


def _pattern(w: int = 64, h: int = 48) -> np.ndarray:
    """An asymmetric RGB test card (orientation mistakes show)."""
    y, x = np.mgrid[0:h, 0:w]
    return np.dstack([x * 255 // (w - 1), y * 255 // (h - 1), (x + 2 * y) % 256]).astype(np.uint8)


def _check_rgb(img) -> None:
    assert img.rgb.dtype == np.uint8 and img.rgb.ndim == 3 and img.rgb.shape[2] == 3
    assert img.rgb.flags.c_contiguous


# ---------------------------------------------------------------- real photos, size, digest

def test_real_jpeg(data_dir):
    img = load_image(data_dir / "woman_white_wall.jpg")
    _check_rgb(img)
    assert img.format == "JPEG" and img.scale == 1.0
    assert img.source_size == (img.rgb.shape[1], img.rgb.shape[0])
    assert img.path.endswith("woman_white_wall.jpg") and len(img.digest) == 64


def test_real_rgba_png_flattened(data_dir):
    img = load_image(data_dir / "child.png")
    _check_rgb(img)
    assert img.format == "PNG"


def test_working_size_cap_and_scale(data_dir):
    img = load_image(data_dir / "man_suit.jpg", max_side=300)
    assert max(img.rgb.shape[:2]) == 300
    assert img.scale == pytest.approx(300 / max(img.source_size), abs=2e-3)


def test_digest_stable_and_content_based(data_dir):
    a = load_image(data_dir / "man_suit.jpg")
    b = load_image(data_dir / "man_suit.jpg")
    assert a.digest == b.digest
    assert from_array(a.rgb).digest == a.digest
    changed = a.rgb.copy()
    changed[0, 0, 0] ^= 1
    assert from_array(changed).digest != a.digest


def test_big_jpeg_decoded_reduced_and_close_to_full_decode(tmp_path, data_dir, monkeypatch):
    src = cv2.imread(str(data_dir / "man_suit.jpg"))
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), cv2.resize(src, (3000, 4000), interpolation=cv2.INTER_CUBIC),
                [cv2.IMWRITE_JPEG_QUALITY, 90])
    fast = load_image(path)
    assert fast.rgb.shape == (2000, 1500, 3) and fast.source_size == (3000, 4000)
    assert fast.scale == pytest.approx(0.5)
    monkeypatch.setattr(imageio, "_draft", lambda im, side: None)
    slow = load_image(path)
    assert slow.rgb.shape == fast.rgb.shape
    assert np.abs(slow.rgb.astype(int) - fast.rgb).mean() < 2.0
    assert load_full_resolution(path).shape == (4000, 3000, 3)


def test_from_array_copies_and_converts():
    rgb = _pattern()
    img = from_array(rgb)
    assert not np.shares_memory(img.rgb, rgb)
    assert from_array(rgb.astype(np.float32) / 255).rgb.dtype == np.uint8
    rgba = np.dstack([rgb, np.zeros(rgb.shape[:2], np.uint8)])
    assert (from_array(rgba).rgb == 255).all()
    assert from_array(rgb[:, :, 0]).rgb.shape == rgb.shape
    with pytest.raises(UnsupportedImageError):
        from_array(np.zeros((4, 4, 2), np.uint8))
    with pytest.raises(UnsupportedImageError):
        from_array(np.zeros((4, 4, 3), np.int32))


def test_concurrent_loads_agree(data_dir):
    paths = [data_dir / n for n in ("man_suit.jpg", "woman_white_wall.jpg", "child.png")] * 2
    with ThreadPoolExecutor(4) as pool:
        digests = list(pool.map(lambda p: load_image(p).digest, paths))
    assert digests[:3] == digests[3:]


# ---------------------------------------------------------------- formats and modes

@pytest.mark.parametrize("fmt,ext,kw", [("PNG", "png", {}), ("BMP", "bmp", {}), ("TIFF", "tif", {}),
                                         ("WEBP", "webp", {"lossless": True})])
def test_lossless_round_trips(tmp_path, fmt, ext, kw):
    rgb = _pattern()
    path = tmp_path / f"x.{ext}"
    Image.fromarray(rgb).save(path, fmt, **kw)
    img = load_image(path)
    assert img.format == fmt
    np.testing.assert_array_equal(img.rgb, rgb)


def test_heic_is_read(data_dir):
    """The committed HEIC (the 128x96 test card, written once by pillow-heif at quality 95) decodes."""
    img = load_image(data_dir / "pattern_128x96.heic")
    assert img.format == "HEIF"
    assert img.rgb.shape == (96, 128, 3)
    assert np.abs(img.rgb.astype(int) - _pattern(128, 96)).mean() < 12


@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientation_matches_pillow(tmp_path, orientation):
    im = Image.fromarray(_pattern())
    exif = Image.Exif()
    exif[0x0112] = orientation
    path = tmp_path / "o.png"
    im.save(path, exif=exif)
    expected = np.asarray(ImageOps.exif_transpose(Image.open(path)).convert("RGB"))
    img = load_image(path)
    np.testing.assert_array_equal(img.rgb, expected)
    assert img.source_size == (expected.shape[1], expected.shape[0])


def test_exif_rotated_jpeg(tmp_path):
    rgb = np.zeros((60, 100, 3), np.uint8)
    rgb[:, :20] = (255, 0, 0)                 # red band on the left of the stored pixels
    exif = Image.Exif()
    exif[0x0112] = 6                          # display rotated 90 degrees clockwise
    path = tmp_path / "rot.jpg"
    Image.fromarray(rgb).save(path, quality=95, exif=exif, dpi=(300, 150))
    img = load_image(path)
    assert img.rgb.shape == (100, 60, 3) and img.source_size == (60, 100)
    assert img.rgb[5:15, :, 0].mean() > 200   # ... is now the top band
    assert img.rgb[-15:, :, 0].mean() < 50
    assert img.dpi == (150, 300)              # x/y swap with the rotation


def test_dpi_read(tmp_path):
    path = tmp_path / "d.jpg"
    Image.fromarray(_pattern()).save(path, dpi=(300, 300))
    assert load_image(path).dpi == (300, 300)
    png = tmp_path / "d.png"
    Image.fromarray(_pattern()).save(png)
    assert load_image(png).dpi is None


def test_cmyk_jpeg(tmp_path):
    path = tmp_path / "cmyk.jpg"
    Image.new("CMYK", (40, 30), (0, 255, 255, 0)).save(path, quality=95)
    img = load_image(path)
    r, g, b = img.rgb.reshape(-1, 3).mean(0)
    assert r > 200 and g < 60 and b < 60


def test_cmyk_broken_icc_falls_back(tmp_path):
    path = tmp_path / "cmyk.tif"
    Image.new("CMYK", (20, 10), (0, 0, 0, 0)).save(path, icc_profile=b"not a profile")
    assert (load_image(path).rgb > 240).all()


def test_16bit_grey_png_and_tiff_scaled(tmp_path):
    grey = np.array([[0, 257, 32768, 65535]], np.uint16)
    for ext in ("png", "tif"):
        path = tmp_path / f"g16.{ext}"
        cv2.imwrite(str(path), grey)
        assert Image.open(path).mode.startswith("I")
        np.testing.assert_array_equal(load_image(path).rgb[0, :, 0], [0, 1, 128, 255])


def test_16bit_rgb_png_and_tiff_scaled(tmp_path):
    rgb = np.zeros((2, 2, 3), np.uint16)
    rgb[0, 0] = (65535, 32768, 0)
    rgb[1, 1] = (0, 65535, 65535)
    for ext in ("png", "tif"):
        path = tmp_path / f"c16.{ext}"
        cv2.imwrite(str(path), rgb[:, :, ::-1])   # OpenCV writes BGR
        out = load_image(path).rgb
        np.testing.assert_array_equal(out[0, 0], [255, 128, 0])
        np.testing.assert_array_equal(out[1, 1], [0, 255, 255])


@pytest.mark.parametrize("mode", ["L", "1", "LA", "I", "F"])
def test_grey_modes(tmp_path, mode):
    base = Image.fromarray(np.tile(np.arange(0, 256, 4, dtype=np.uint8), (8, 1)))
    im = base.convert(mode)
    if mode == "F":
        im = Image.fromarray(np.asarray(base, np.float32) / 255.0, "F")
    if mode == "I":
        im = Image.fromarray(np.asarray(base, np.int32) * 257, "I")
    ext = "png" if mode in ("L", "1", "LA") else "tif"
    path = tmp_path / f"g.{ext}"
    im.save(path)
    out = load_image(path).rgb
    assert (out[:, :, 0] == out[:, :, 1]).all() and (out[:, :, 1] == out[:, :, 2]).all()
    if mode != "1":
        assert abs(int(out[0, -1, 0]) - 252) <= 1 and out[0, 0, 0] == 0


def test_palette_with_transparency_flattened_on_white(tmp_path):
    im = Image.new("P", (4, 4), 1)
    im.putpalette([0, 0, 0, 200, 0, 0] + [0] * 762)
    im.putpixel((0, 0), 0)
    im.info["transparency"] = 0
    path = tmp_path / "p.png"
    im.save(path, transparency=0)
    out = load_image(path).rgb
    assert tuple(out[0, 0]) == (255, 255, 255)
    assert tuple(out[1, 1]) == (200, 0, 0)


def test_rgba_flattened_on_white(tmp_path):
    rgba = np.zeros((2, 2, 4), np.uint8)
    rgba[0, 0] = (0, 0, 0, 0)
    rgba[0, 1] = (0, 0, 0, 128)
    rgba[1, 0] = (10, 20, 30, 255)
    path = tmp_path / "a.png"
    Image.fromarray(rgba, "RGBA").save(path)
    out = load_image(path).rgb
    assert tuple(out[0, 0]) == (255, 255, 255)
    assert abs(int(out[0, 1, 0]) - 127) <= 1
    assert tuple(out[1, 0]) == (10, 20, 30)


# ---------------------------------------------------------------- bad inputs

def _assert_unreadable(path: Path) -> None:
    with pytest.raises(UnreadableImageError) as info:
        load_image(path)
    assert info.value.path == str(path)
    assert path.name in str(info.value)
    with pytest.raises(UnreadableImageError):
        load_full_resolution(path)


def test_missing_file(tmp_path):
    _assert_unreadable(tmp_path / "nope.jpg")


def test_folder(tmp_path):
    folder = tmp_path / "photo.jpg"
    folder.mkdir()
    _assert_unreadable(folder)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.jpg"
    path.write_bytes(b"")
    _assert_unreadable(path)


def test_text_named_jpg(tmp_path):
    path = tmp_path / "notes.jpg"
    path.write_text("this is not a photo\n" * 20)
    _assert_unreadable(path)


def test_corrupt_bytes(tmp_path):
    path = tmp_path / "noise.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0" + np.random.default_rng(1).bytes(5000))
    _assert_unreadable(path)


@pytest.mark.parametrize("name", ["woman_white_wall.jpg", "child.png"])
def test_truncated_file(tmp_path, data_dir, name):
    data = (data_dir / name).read_bytes()
    path = tmp_path / name
    path.write_bytes(data[: len(data) // 2])
    _assert_unreadable(path)
    assert not ImageFile.LOAD_TRUNCATED_IMAGES


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose IHDR claims width x height (the pixel data is a token)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
@pytest.mark.parametrize("side", [11_000, 60_000])
def test_decompression_bomb_header(tmp_path, side):
    path = tmp_path / "bomb.png"
    path.write_bytes(_png_header(side, side))
    for fn in (load_image, load_full_resolution):
        with pytest.raises(ImageTooLargeError) as info:
            fn(path)
        assert info.value.path == str(path)


def test_max_pixels_patched_low(data_dir, monkeypatch):
    monkeypatch.setattr(imageio, "MAX_PIXELS", 10_000)
    with pytest.raises(ImageTooLargeError, match="MP"):
        load_image(data_dir / "man_suit.jpg")
    with pytest.raises(ImageTooLargeError):
        load_full_resolution(data_dir / "man_suit.jpg")


def test_heic_without_the_decoder_is_unsupported(tmp_path, monkeypatch):
    path = tmp_path / "x.heic"
    path.write_bytes(b"\0\0\0\x18ftypheic" + b"\0" * 64)
    monkeypatch.setattr(imageio, "_heif_state", False)   # as if pi-heif were not installed
    with pytest.raises(UnsupportedImageError, match="pi-heif"):
        load_image(path)


def test_corrupt_heic_is_unreadable(tmp_path):
    pytest.importorskip("pi_heif")
    path = tmp_path / "bad.heic"
    path.write_bytes(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + np.random.default_rng(2).bytes(3000))
    _assert_unreadable(path)
