"""Bad files the tests make on the spot (nothing big is committed): shared by the core and command-line tests."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path


def _chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: length, type, body, CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_claiming(path: Path, width: int, height: int) -> Path:
    """A PNG whose header claims width x height (a decompression bomb) with one tiny data chunk."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(b"\0" * 64))
                     + _chunk(b"IEND", b""))
    return path


def png_bomb(path: Path, width: int = 13_000, height: int = 13_000) -> Path:
    """A whole, valid black RGB PNG of width x height: every row is really there, deflated (13000 x 13000 =
    169 MP in ~0.5 MB); made row by row, so making it costs no memory."""
    pack = zlib.compressobj(9)
    row = b"\0" * (1 + 3 * width)          # filter byte + pixels
    parts = [pack.compress(row) for _ in range(height)]
    data = b"".join(parts) + pack.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", data) + _chunk(b"IEND", b""))
    return path
