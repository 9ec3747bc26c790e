"""A thread-safe LRU cache bounded in bytes, keyed by content, model and processing version."""
from __future__ import annotations

import logging
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)

DEFAULT_MAX_BYTES = 512 * 1024 * 1024
ENV_MAX_MB = "IDPHOTO_CACHE_MB"   # overrides the default analysis cache bound, in MiB


@dataclass(frozen=True)
class CacheKey:
    """What a cached model result depends on: pixels, model (id + file hash), processing version."""

    digest: str
    model_id: str
    model_sha256: str
    version: int


def model_key(digest: str, model_id: str, *, version: int) -> CacheKey:
    """The key for one model's result on one image; the model hash comes from the manifest."""
    from ..models import model_hash

    return CacheKey(digest, model_id, model_hash(model_id), version)


def nbytes_of(value: Any) -> int:
    """Default sizer: `.nbytes` when the value has it, else the sum over a tuple/list."""
    size = getattr(value, "nbytes", None)
    if size is not None:
        return int(size)
    if isinstance(value, (tuple, list)):
        return sum(nbytes_of(v) for v in value)
    raise TypeError(f"Cannot size a {type(value).__name__} for the cache; give it .nbytes or a sizer.")


class Backing(Protocol):
    """A slower second level (the disk cache): asked on a miss, told of every new value."""

    def load(self, key: Hashable) -> Any | None:
        """The stored value, or None (not stored, unreadable, or a key it does not keep)."""
        ...

    def store(self, key: Hashable, value: Any) -> None:
        """Keep a value (may return before it is written)."""
        ...

    def has(self, key: Hashable) -> bool:
        """True when the value is kept (or queued), or is one it never keeps: answered from memory, no disk."""
        ...

    def drop(self, key: Hashable) -> None:
        """Forget a kept value that proved wrong for its photo (the next use computes it again)."""
        ...


class LruCache:
    """Least-recently-used mapping bounded by the total bytes of its values; safe across threads.

    With a `backing` (the window's disk cache) a miss is looked up there, and new values are handed
    to it: an analysis dropped from memory comes back without running a model. A memory hit the backing
    lacks (its entry evicted, cleared, or never written) is handed to it again: write-through.
    """

    def __init__(self, max_bytes: int, *, sizer: Callable[[Any], int] = nbytes_of) -> None:
        if max_bytes < 0:
            raise ValueError("max_bytes must be >= 0")
        self._max = int(max_bytes)
        self._sizer = sizer
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.RLock()
        self.hits = 0
        self.misses = 0
        self.backing: Backing | None = None

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value for key (now the most recently used), else the backing's, or default."""
        value = self.held(key)
        if value is not None:
            return value
        with self._lock:
            self.misses += 1
            backing = self.backing
        value = backing.load(key) if backing is not None else None  # outside the lock: disk I/O
        if value is None:
            return default
        self._put(key, value)
        return value

    def held(self, key: Hashable) -> Any | None:
        """The value held in memory (now the most recently used), handed to the backing when it lacks it;
        None when memory lacks it (the backing is never read: safe on the GUI thread)."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
            self.hits += 1
            backing = self.backing
        if backing is not None and not backing.has(key):   # outside the lock: the backing has its own
            backing.store(key, item[0])
        return item[0]

    def peek(self, key: Hashable, default: Any = None) -> Any:
        """The value held in memory (the backing is not asked; recency and counters unchanged)."""
        with self._lock:
            item = self._items.get(key)
            return default if item is None else item[0]

    def put(self, key: Hashable, value: Any) -> bool:
        """Store value (and hand it to the backing); False when it alone exceeds the memory bound."""
        backing = self.backing
        if backing is not None:
            backing.store(key, value)
        return self._put(key, value)

    def _put(self, key: Hashable, value: Any) -> bool:
        size = int(self._sizer(value))
        with self._lock:
            self._discard(key)
            if size > self._max:
                log.debug("cache: value of %d bytes exceeds the %d byte bound; not stored", size, self._max)
                return False
            self._items[key] = (value, size)
            self._bytes += size
            self._evict()
            return True

    def pop(self, key: Hashable, default: Any = None) -> Any:
        """Remove key and return its value (or default)."""
        with self._lock:
            item = self._items.get(key)
            self._discard(key)
            return default if item is None else item[0]

    def discard(self, key: Hashable) -> None:
        """Forget a value that proved wrong for its photo, in memory and in the backing."""
        self.pop(key)
        backing = self.backing
        if backing is not None:
            backing.drop(key)

    def clear(self) -> None:
        """Drop every entry (the hit/miss counters stay)."""
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def resize(self, max_bytes: int) -> None:
        """Change the bound, evicting at once if needed."""
        with self._lock:
            self._max = int(max_bytes)
            self._evict()

    @property
    def max_bytes(self) -> int:
        """The bound on the sum of value sizes."""
        return self._max

    @property
    def bytes(self) -> int:
        """Sum of the sizes of the values held."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._items

    def keys(self) -> list[Hashable]:
        """Keys from least to most recently used (a snapshot)."""
        with self._lock:
            return list(self._items)

    def _discard(self, key: Hashable) -> None:
        item = self._items.pop(key, None)
        if item is not None:
            self._bytes -= item[1]

    def _evict(self) -> None:
        while self._bytes > self._max and self._items:
            _, (_, size) = self._items.popitem(last=False)
            self._bytes -= size


MIN_BUDGET = 128 * 1024 * 1024
MAX_BUDGET = 350 * 1024 * 1024   # with the models and an analysis running the window peaks under 1 GB
BUDGET_SHARE = 0.1      # of the machine's memory, for the window's caches (a 4 GB counter PC: 350 MB)


def machine_memory() -> int | None:
    """Physical memory in bytes (None when the system does not say)."""
    try:
        if sys.platform == "win32":
            return _windows_memory()
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None


def auto_budget(total: int | None = None) -> int:
    """The window's default cache budget: a tenth of the machine's memory, 128-350 MiB (350 when unknown)."""
    total = machine_memory() if total is None else total
    if not total:
        return MAX_BUDGET
    return int(min(MAX_BUDGET, max(MIN_BUDGET, total * BUDGET_SHARE)))


def _windows_memory() -> int | None:
    import ctypes

    class _Status(ctypes.Structure):
        _fields_ = [("dwLength", ctypes.c_ulong), ("dwMemoryLoad", ctypes.c_ulong),
                    ("ullTotalPhys", ctypes.c_ulonglong), ("ullAvailPhys", ctypes.c_ulonglong),
                    ("ullTotalPageFile", ctypes.c_ulonglong), ("ullAvailPageFile", ctypes.c_ulonglong),
                    ("ullTotalVirtual", ctypes.c_ulonglong), ("ullAvailVirtual", ctypes.c_ulonglong),
                    ("ullAvailExtendedVirtual", ctypes.c_ulonglong)]

    status = _Status()
    status.dwLength = ctypes.sizeof(_Status)
    if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
        return None
    return int(status.ullTotalPhys)


def _default_bound() -> int:
    """512 MiB unless IDPHOTO_CACHE_MB says otherwise."""
    raw = os.environ.get(ENV_MAX_MB)
    if raw:
        try:
            return max(0, int(float(raw) * 1024 * 1024))
        except ValueError:
            log.warning("ignoring %s=%r (not a number)", ENV_MAX_MB, raw)
    return DEFAULT_MAX_BYTES


_default: LruCache | None = None
_default_lock = threading.Lock()


def default_cache() -> LruCache:
    """The process-wide analysis cache (faces and mattes), created on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = LruCache(_default_bound())
        return _default


def configure_default_cache(max_bytes: int) -> LruCache:
    """Set the bound of the process-wide cache (e.g. from user settings)."""
    cache = default_cache()
    cache.resize(max_bytes)
    return cache
