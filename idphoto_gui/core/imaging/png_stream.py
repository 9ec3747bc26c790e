"""A PNG written band by band straight to disk: memory stays at one band of rows whatever the size."""
from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path
from typing import BinaryIO, Iterable

import numpy as np

from ..errors import ExportError
from .files import atomic_file


def _png_chunk(fh: BinaryIO, kind: bytes, data: bytes) -> None:
    """One PNG chunk: length, type, data, CRC."""
    fh.write(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data)))


def write_png_rows(path: str | os.PathLike, bands: Iterable[np.ndarray], *, size: tuple[int, int],
                   dpi: tuple[float, float] | None = None, level: int = 4,
                   source_path: str | os.PathLike | None = None) -> Path:
    """An RGBA PNG streamed band by band (uint8 (rows, w, 4)), atomically: memory is one band, any size.

    Rows use PNG's Sub filter (each byte minus the one a pixel to the left), which photos compress well with.
    """
    w, h = size
    with atomic_file(path, source_path=source_path) as fh:
        fh.write(b"\x89PNG\r\n\x1a\n")
        _png_chunk(fh, b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
        if dpi:
            _png_chunk(fh, b"pHYs", struct.pack(">IIB", round(dpi[0] / 0.0254), round(dpi[1] / 0.0254), 1))
        z, written = zlib.compressobj(level), 0
        for band in bands:
            rows = np.empty((band.shape[0], 1 + w * 4), np.uint8)
            rows[:, 0] = 1  # filter type: Sub
            flat = band.reshape(band.shape[0], w * 4)
            rows[:, 1:5] = flat[:, :4]
            np.subtract(flat[:, 4:], flat[:, :-4], out=rows[:, 5:])  # wraps modulo 256, as PNG wants
            written += band.shape[0]
            data = z.compress(rows.data)
            if data:
                _png_chunk(fh, b"IDAT", data)
        if written != h:
            raise ExportError(f"PNG rows: got {written} of {h}", path=str(path))
        _png_chunk(fh, b"IDAT", z.flush())
        _png_chunk(fh, b"IEND", b"")
    return Path(path)
