"""Give freed memory back to the system, so a long session's resident size follows what it holds.

glibc keeps memory freed by worker threads in their malloc arenas; after a few hundred photos, arrays
long freed (images, mattes evicted from the cache) still count as resident. `trim()` returns the free
pages of every arena (malloc_trim). Elsewhere (Windows, macOS, musl) it does nothing.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys
import threading

log = logging.getLogger(__name__)

_lock = threading.Lock()
_libc: object | None = None
_tried = False


def _glibc():
    """libc with malloc_trim, or None."""
    global _libc, _tried
    with _lock:
        if not _tried:
            _tried = True
            if sys.platform.startswith("linux"):
                try:
                    lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                    _libc = lib if hasattr(lib, "malloc_trim") else None
                except OSError:
                    _libc = None
        return _libc


def trim() -> bool:
    """Return free heap pages of every arena to the system; True when anything was returned."""
    lib = _glibc()
    if lib is None:
        return False
    return bool(lib.malloc_trim(0))
