"""The slower compliance checks (background, face) run in the pool, cached per crop; latest request wins."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from .workers import IO, Workers

MAX_CACHED = 64


def merged(quick: tuple, slow: tuple | None) -> tuple:
    """All findings, worst first (stable within a severity)."""
    from ..core.compliance import worst_first

    return worst_first((*quick, *(slow or ())))


class SlowChecks(QObject):
    """Keeps the GUI thread free of the ~10 ms source-image checks while the user drags the crop."""

    ready = Signal()

    def __init__(self, engine: Any, workers: Workers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self.workers = workers
        self._cache: dict[tuple, tuple] = {}
        self._job = 0
        self._job_key: tuple = ()
        workers.succeeded.connect(self._done)
        workers.failed.connect(self._failed)

    @staticmethod
    def key(doc_key: int, template_id: str, crop: Any) -> tuple:
        """Cache key: the photo, the template and the exact crop."""
        return (doc_key, template_id, crop)

    def get(self, key: tuple) -> tuple | None:
        """Cached findings, or None while they are computed."""
        return self._cache.get(key)

    def request(self, key: tuple, analysis: Any, template: Any, crop: Any) -> None:
        """Compute unless cached; a newer request replaces a pending one."""
        if key in self._cache or key == self._job_key:
            return
        if self._job:
            self.workers.cancel(self._job)
        self._job_key = key
        self._job = self.workers.submit(lambda: self.engine.slow_findings(analysis, template, crop),
                                        pool=IO, kind="checks")

    @Slot(int, object)
    def _done(self, job_id: int, result: object) -> None:
        if job_id != self._job:
            return
        if len(self._cache) >= MAX_CACHED:
            self._cache.pop(next(iter(self._cache)))
        self._cache[self._job_key] = tuple(result)  # type: ignore[arg-type]
        self._job, self._job_key = 0, ()
        self.ready.emit()

    @Slot(int, object)
    def _failed(self, job_id: int, _exc: object) -> None:
        if job_id == self._job:
            self._job, self._job_key = 0, ()
