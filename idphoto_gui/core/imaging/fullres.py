"""Full-resolution pixels at the original's own size (`idphoto matte`), without holding them twice.

Pillow keeps an RGB image at 4 bytes a pixel and a NumPy copy adds 3 more; OpenCV's decoder briefly
holds two copies. For a 100 MP photo that is the difference between 0.4 and 0.7 GB, so an upright RGB
file is served a band of rows at a time straight from Pillow's buffer.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from ..errors import UnreadableImageError
from .imageio import _DECODE_ERRORS, _check_bomb, _decode, _orient, _orientation, file_problem, png_intact


_END_MARKS = {"JPEG": b"\xff\xd9", "PNG": b"\x00\x00\x00\x00IEND\xaeB`\x82"}


def _ends_complete(path: str, fmt: str) -> bool:
    """True when the file ends with its format's end marker (OpenCV decodes a truncated file silently)."""
    mark = _END_MARKS[fmt]
    try:
        with open(path, "rb") as fh:
            fh.seek(-len(mark), os.SEEK_END)
            return fh.read() == mark
    except OSError:
        return False


@dataclass(frozen=True)
class FullResolution:
    """The original's full-resolution RGB served a band of rows at a time (huge photos, bounded memory)."""

    size: tuple[int, int]                        # (width, height) after orientation
    rows: Callable[[int, int], np.ndarray]       # (top, count) -> (count, width, 3) uint8


def open_full_resolution(path: str | Path) -> FullResolution:
    """Bands of the full-resolution pixels: an upright 8-bit RGB file stays in Pillow's own buffer and
    each band is copied out on request (100 MP: 400 MB, not 700 MB); anything else is decoded whole."""
    name = str(path)
    problem = file_problem(name)
    if problem:
        raise UnreadableImageError(problem, path=name)
    try:
        im = Image.open(name)
        _check_bomb(*im.size, name)
        if im.mode != "RGB" or _orientation(im) != 1:
            im.close()
            im = None
        else:
            im.load()
    except (UnidentifiedImageError, *_DECODE_ERRORS):
        im = None  # load_full_resolution says what is wrong
    if im is None:
        arr = load_full_resolution(name)
        return FullResolution((arr.shape[1], arr.shape[0]), lambda top, n: arr[top:top + n])
    w, h = im.size
    return FullResolution((w, h), lambda top, n: np.asarray(im.crop((0, top, w, min(h, top + n)))))


def load_full_resolution(path: str | Path) -> np.ndarray:
    """The original's full-resolution 8-bit RGB (for a cut-out at the input's own size)."""
    lean = decode_lean(str(path))
    return lean if lean is not None else _decode(str(path), None)[0]


def decode_lean(path: str) -> np.ndarray | None:
    """OpenCV decode for plain 8-bit RGB JPEG/PNG (same pixels and orientation as _decode), else None."""
    if file_problem(path):
        return None
    try:
        with Image.open(path) as im:
            width, height = im.size
            _check_bomb(width, height, path)
            raw = im.tile[0][3] if im.tile else None
            raw = raw[0] if isinstance(raw, tuple) else raw
            plain = (im.format == "JPEG" and im.mode == "RGB") or (im.format == "PNG" and raw == "RGB")
            orientation = _orientation(im)
    except (UnidentifiedImageError, Image.DecompressionBombError, *_DECODE_ERRORS):
        return None  # _decode reports it
    if not plain or not _ends_complete(path, im.format) or (im.format == "PNG" and not png_intact(path)):
        return None   # _decode reads it or says what is wrong
    bgr = cv2.imread(path, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    if bgr is None or bgr.shape[:2] != (height, width):
        return None
    rgb = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB, dst=bgr)
    return _orient(rgb, orientation)
