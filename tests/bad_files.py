"""Bad files the tests make on the spot (nothing big is committed): shared by the core and command-line tests."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path


def png_claiming(path: Path, width: int, height: int) -> Path:
    """A PNG whose header claims width x height (a decompression bomb) with one tiny data chunk."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
                     + chunk(b"IEND", b""))
    return path
