"""A render cache: a dict any thread may read and fill, bounded, that never computes under its lock."""
from __future__ import annotations

import threading
from typing import Callable, Hashable, TypeVar

T = TypeVar("T")


class Bounded:
    """Keyed values, the oldest dropped past `limit` (None: unbounded); a miss is computed outside the lock,
    so two threads may compute the same value once each, and neither waits on the other's work."""

    def __init__(self, limit: int | None = None) -> None:
        self._limit = limit
        self._items: dict = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> object | None:
        """The value kept for `key`, else None."""
        with self._lock:
            return self._items.get(key)

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._items

    def put(self, key: Hashable, value: object) -> None:
        """Keep a value, dropping the oldest entry past the limit."""
        with self._lock:
            if self._limit is not None and key not in self._items and len(self._items) >= self._limit:
                self._items.pop(next(iter(self._items)))
            self._items[key] = value

    def get_or_make(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept for `key`, else `make()` kept."""
        hit = self.get(key)
        if hit is None:
            hit = make()
            self.put(key, hit)
        return hit

    def take_from(self, other: "Bounded") -> None:
        """Copy another cache's entries (a worker's, for the same analysis) into this one."""
        with other._lock:
            items = dict(other._items)
        for key, value in items.items():
            self.put(key, value)
