"""Why a photo file could not be read, in one sentence that also says what to do (the command line and the
API show only this text; the window adds its own translated hint)."""
from __future__ import annotations

import re
from pathlib import Path

COPY_AGAIN = "copy it again from the camera or phone (or export it again) and use the copy"
FORMATS = "JPEG, PNG, WebP, BMP, TIFF or HEIC"
_SIGNATURES = (   # the first bytes of the formats we read: a file that starts like one is damaged, not foreign
    (b"\x89PNG\r\n\x1a\n", "PNG"), (b"\xff\xd8\xff", "JPEG"), (b"GIF87a", "GIF"), (b"GIF89a", "GIF"),
    (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"BM", "BMP"),
)
_BOMB_PIXELS = re.compile(r"\((\d+) pixels\)")


def unidentified(path: str) -> str:
    """Pillow knows no format for this file: say whether it is empty, a damaged photo or no photo at all."""
    head = _head(path)
    if head is None:
        return f"Cannot read image {path}: the file could not be read; {COPY_AGAIN}."
    if not head:
        return f"Cannot read image {path}: the file is empty (0 bytes); {COPY_AGAIN}."
    kind = _kind(head)
    if kind:
        return f"Cannot read image {path}: it is a damaged {kind} file; {COPY_AGAIN}."
    return f"Cannot read image {path}: not a picture format we know; use a {FORMATS} photo."


def damaged(path: str, exc: BaseException) -> str:
    """The decoder stopped inside the file (cut short, broken data); its reason on one short line."""
    reason = " ".join(str(exc).split())
    reason = reason if len(reason) <= 100 else reason[:99] + "…"
    return f"Cannot read image {path}: the file is damaged or truncated ({reason}); {COPY_AGAIN}."


def checksum(path: str, kind: str) -> str:
    """The file's own checks fail: bytes changed since it was written, or it ends early."""
    return f"Cannot read image {path}: it is a damaged or incomplete {kind} file; {COPY_AGAIN}."


def too_large(path: str | None, pixels: int, limit: int, size: tuple[int, int] | None = None) -> str:
    """More pixels than we open; the limit and how to get under it."""
    dims = f"{size[0]}x{size[1]} = " if size else ""
    return (f"Image {path} is {dims}{pixels / 1e6:.0f} MP, over the {limit / 1e6:.0f} MP limit: scale it down "
            f"(a 24 MP camera photo is plenty) and use the smaller copy.")


def bomb_pixels(exc: BaseException) -> int | None:
    """The pixel count in Pillow's DecompressionBombError text, None if it says none."""
    match = _BOMB_PIXELS.search(str(exc))
    return int(match.group(1)) if match else None


def _head(path: str) -> bytes | None:
    """The file's first 16 bytes, None if it cannot be read."""
    try:
        with Path(path).open("rb") as fh:
            return fh.read(16)
    except OSError:
        return None


def _kind(head: bytes) -> str | None:
    """The format a file's first bytes announce, None for none we read."""
    for magic, kind in _SIGNATURES:
        if head.startswith(magic):
            return kind
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    return None
