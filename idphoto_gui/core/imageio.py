"""Decode any common photo into 8-bit RGB, safely, with EXIF orientation applied."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAX_WORKING_SIDE = 2000       # long side of the working image (analysis + composite)
MAX_PIXELS = 120_000_000      # decompression-bomb limit for the source


@dataclass(frozen=True)
class LoadedImage:
    """A decoded photo: working-size RGB pixels plus what we know of the original."""

    rgb: np.ndarray               # (H, W, 3) uint8, C-contiguous, working size
    digest: str                   # blake2b hex of the working pixels (+ shape): the cache key
    source_size: tuple[int, int]  # (width, height) of the original after orientation
    scale: float                  # working / original (<= 1)
    path: str | None = None
    format: str | None = None     # "JPEG", "PNG", ...
    dpi: tuple[float, float] | None = None


def load_image(path: str | Path, *, max_side: int = MAX_WORKING_SIDE) -> LoadedImage:
    """Decode a file; raises UnreadableImageError / UnsupportedImageError / ImageTooLargeError."""
    raise NotImplementedError


def from_array(rgb: np.ndarray, *, max_side: int = MAX_WORKING_SIDE) -> LoadedImage:
    """Wrap pixels that are already decoded (camera frame, clipboard) the same way."""
    raise NotImplementedError


def load_full_resolution(path: str | Path) -> np.ndarray:
    """The original's full-resolution 8-bit RGB (for `idphoto matte` at the input's own size)."""
    raise NotImplementedError
