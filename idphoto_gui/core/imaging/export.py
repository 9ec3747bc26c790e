"""Encode photos with their dpi and a KB cap (quality first, then resolution; never padding), and save them
through files.py's atomic writes."""
from __future__ import annotations

import io
import logging
import math
import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from ..errors import ExportError, OutOfRangeError, SizeCapError, UnsupportedOutputError
from .files import check_destination, write_atomic

log = logging.getLogger(__name__)

# Portals disagree on what a KB is; we take the strict reading each way:
# a cap of N KB means <= N*1000 bytes, a floor of N KB means >= N*1024 bytes.
KB_CAP = 1000
KB_FLOOR = 1024
MIN_QUALITY = 60           # lowest JPEG quality tried before touching the resolution
FULL_CHROMA_QUALITY = 90   # from this quality up, JPEG keeps colour at full resolution (4:4:4)
MIN_SIDE_PX = 64           # never shrink a photo below this to meet a cap
FORMATS = {".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG"}
DPI_RANGE = (72, 1200)          # print resolutions offered anywhere (command line included)
KB_RANGE = (1, 100_000)         # file-size caps that make sense for a photo upload
MAX_OUTPUT_PIXELS = 150_000_000  # any picture we render (A4 at 1200 dpi is 139 MP, ~420 MB as RGB)


@dataclass(frozen=True)
class Encoded:
    """File bytes ready to write, with the settings that produced them."""

    data: bytes
    format: str
    quality: int | None
    pixel_size: tuple[int, int]
    dpi: float
    scaled: bool


@dataclass(frozen=True)
class ExportResult:
    """What was written: path, size on disk, the JPEG quality used, pixels and dpi in the file."""

    path: str
    bytes: int
    quality: int | None
    pixel_size: tuple[int, int]
    dpi: float
    scaled: bool           # True if the resolution was lowered to meet the KB cap
    format: str = "JPEG"


def check_pixel_budget(width: float, height: float, *, what: str) -> None:
    """OutOfRangeError before anything is allocated when a picture would exceed MAX_OUTPUT_PIXELS."""
    if not (math.isfinite(width) and math.isfinite(height)) or width * height > MAX_OUTPUT_PIXELS:
        raise OutOfRangeError(f"{what} would be {width:.0f}x{height:.0f} px, over the "
                              f"{MAX_OUTPUT_PIXELS / 1e6:.0f} MP limit; use a lower dpi or a smaller size.",
                              field="pixels")


def format_for(path: str | os.PathLike, fmt: str | None = None) -> str:
    """"JPEG" or "PNG", from `fmt` or the file suffix (ExportError if neither says)."""
    if fmt:
        name = fmt.upper().replace("JPG", "JPEG")
        if name in ("JPEG", "PNG"):
            return name
        raise UnsupportedOutputError(f"Unsupported format {fmt!r}: use JPEG or PNG.", path=str(path))
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise UnsupportedOutputError(f"Unsupported file type {suffix or '(none)'!r} for {path}: use .jpg or "
                                     ".png.", path=str(path))
    return FORMATS[suffix]


def _encode_once(img: Image.Image, fmt: str, quality: int, dpi: float) -> bytes:
    """One encode: JPEG with JFIF density (4:4:4 at high quality) or PNG with pHYs."""
    buf = io.BytesIO()
    d = (round(dpi), round(dpi))
    if fmt == "JPEG":
        sub = 0 if quality >= FULL_CHROMA_QUALITY else 2
        img.save(buf, "JPEG", quality=quality, subsampling=sub, optimize=True, dpi=d)
    else:
        img.save(buf, "PNG", optimize=False, compress_level=9, dpi=d)
    return buf.getvalue()


def _best_quality_under(img: Image.Image, dpi: float, limit: int, lo: int, hi: int):
    """Highest JPEG quality in [lo, hi] whose file is <= limit bytes: (quality, data) or None."""
    best = None
    while lo <= hi:
        q = (lo + hi) // 2
        data = _encode_once(img, "JPEG", q, dpi)
        if len(data) <= limit:
            best, lo = (q, data), q + 1
        else:
            hi = q - 1
    return best


def _lowest_quality_over(img: Image.Image, dpi: float, floor: int, lo: int, hi: int):
    """Lowest JPEG quality in [lo, hi] whose file is >= floor bytes: (quality, data) or None."""
    best = None
    while lo <= hi:
        q = (lo + hi) // 2
        data = _encode_once(img, "JPEG", q, dpi)
        if len(data) >= floor:
            best, hi = (q, data), q - 1
        else:
            lo = q + 1
    return best


def _fit_cap(rgb: np.ndarray, fmt: str, dpi: float, quality: int, limit: int, allow_resize: bool):
    """Meet a byte cap: lower JPEG quality first, then (if allowed) pixels with dpi lowered alike."""
    scale, img = 1.0, Image.fromarray(rgb)
    while True:
        d = dpi * scale
        if fmt == "JPEG":
            found = _best_quality_under(img, d, limit, min(MIN_QUALITY, quality), quality)
            if found:
                return Encoded(found[1], fmt, found[0], img.size, d, scale < 1.0)
            smallest = len(_encode_once(img, fmt, min(MIN_QUALITY, quality), d))
        else:
            data = _encode_once(img, fmt, quality, d)
            if len(data) <= limit:
                return Encoded(data, fmt, None, img.size, d, scale < 1.0)
            smallest = len(data)
        if not allow_resize:
            raise SizeCapError(
                f"Cannot meet {limit // KB_CAP} KB at {img.size[0]}x{img.size[1]} px: the smallest "
                f"{fmt} is {smallest / KB_CAP:.0f} KB. This template fixes its pixel size, so the "
                "resolution was not lowered.")
        scale *= max(0.5, min(0.95, 0.97 * (limit / smallest) ** 0.5))
        size = (round(rgb.shape[1] * scale), round(rgb.shape[0] * scale))
        if min(size) < MIN_SIDE_PX:
            raise SizeCapError(f"Cannot meet {limit // KB_CAP} KB without shrinking the photo below "
                               f"{MIN_SIDE_PX} px: the smallest reachable is "
                               f"{_smallest_kb(rgb, fmt, dpi, quality):.1f} KB.")
        log.info("KB cap: lowering resolution to %sx%s", *size)
        img = Image.fromarray(cv2.resize(rgb, size, interpolation=cv2.INTER_AREA))


def _smallest_kb(rgb: np.ndarray, fmt: str, dpi: float, quality: int) -> float:
    """KB of the smallest file the cap search may make: MIN_SIDE_PX on the short side, lowest quality."""
    scale = MIN_SIDE_PX / min(rgb.shape[:2])
    size = (max(1, round(rgb.shape[1] * scale)), max(1, round(rgb.shape[0] * scale)))
    img = Image.fromarray(cv2.resize(rgb, size, interpolation=cv2.INTER_AREA))
    return len(_encode_once(img, fmt, min(MIN_QUALITY, quality), dpi * scale)) / KB_CAP


def encode_photo(rgb: np.ndarray, *, fmt: str = "JPEG", dpi: float, quality: int = 95,
                 max_kb: float | None = None, min_kb: float | None = None,
                 allow_resize: bool = True) -> Encoded:
    """Encode with the dpi written; meet max_kb (quality, then pixels) and min_kb (quality); never pad."""
    if rgb.ndim != 3 or rgb.shape[2] != 3 or rgb.dtype != np.uint8:
        raise ExportError(f"Expected an (H, W, 3) uint8 image, got {rgb.shape} {rgb.dtype}.")
    if max_kb is not None and min_kb is not None and min_kb * KB_FLOOR > max_kb * KB_CAP:
        raise SizeCapError(f"Minimum {min_kb} KB is above the maximum {max_kb} KB.")
    img = Image.fromarray(rgb)
    data = _encode_once(img, fmt, quality, dpi)
    if max_kb is not None and len(data) > max_kb * KB_CAP:
        enc = _fit_cap(rgb, fmt, dpi, quality, int(max_kb * KB_CAP), allow_resize)
    elif min_kb is not None and len(data) < min_kb * KB_FLOOR and fmt == "JPEG":
        found = _lowest_quality_over(img, dpi, int(np.ceil(min_kb * KB_FLOOR)), quality + 1, 100)
        enc = Encoded(found[1], fmt, found[0], img.size, dpi, False) if found else None
    else:
        enc = Encoded(data, fmt, quality if fmt == "JPEG" else None, img.size, dpi, False)
    if min_kb is not None and (enc is None or len(enc.data) < min_kb * KB_FLOOR):
        best = len(_encode_once(img, fmt, 100, dpi)) if fmt == "JPEG" else len(data)
        within = f" within {max_kb} KB" if max_kb is not None else ""
        raise SizeCapError(f"Cannot reach the minimum {min_kb} KB{within}: this {img.size[0]}x{img.size[1]} px "
                          f"photo is at most {best / KB_FLOOR:.0f} KB as {fmt} (files are never padded).")
    return enc


def save_photo(rgb: np.ndarray, path: str | os.PathLike, *, dpi: float, fmt: str | None = None,
               quality: int = 95, max_kb: float | None = None, min_kb: float | None = None,
               allow_resize: bool = True, source_path: str | os.PathLike | None = None) -> ExportResult:
    """Encode and write atomically; ExportError for the input path, a bad folder or an unmet KB rule."""
    kind = format_for(path, fmt)
    check_destination(path, source_path=source_path)
    enc = encode_photo(rgb, fmt=kind, dpi=dpi, quality=quality, max_kb=max_kb, min_kb=min_kb,
                       allow_resize=allow_resize)
    out = write_atomic(enc.data, path, source_path=source_path)
    log.info("wrote %s (%d bytes, q=%s, %sx%s px, %s dpi)", out, len(enc.data), enc.quality,
             *enc.pixel_size, round(enc.dpi))
    return ExportResult(str(out), len(enc.data), enc.quality, enc.pixel_size, enc.dpi, enc.scaled, kind)


def save_cutout(rgba: np.ndarray, path: str | os.PathLike, *, dpi: float,
                source_path: str | os.PathLike | None = None) -> ExportResult:
    """The transparent cut-out as an RGBA PNG with pHYs dpi."""
    if rgba.ndim != 3 or rgba.shape[2] != 4 or rgba.dtype != np.uint8:
        raise ExportError(f"Expected an (H, W, 4) uint8 image, got {rgba.shape} {rgba.dtype}.")
    if format_for(path) != "PNG":
        raise UnsupportedOutputError(f"A transparent cut-out must be a .png file: {path}", path=str(path))
    check_destination(path, source_path=source_path)
    buf = io.BytesIO()
    Image.fromarray(rgba, "RGBA").save(buf, "PNG", compress_level=9, dpi=(round(dpi), round(dpi)))
    out = write_atomic(buf.getvalue(), path, source_path=source_path)
    h, w = rgba.shape[:2]
    return ExportResult(str(out), len(buf.getvalue()), None, (w, h), dpi, False, "PNG")
