"""Background jobs: QRunnable + signals on a GUI-thread QObject; one inference thread, the global pool for I/O."""
from __future__ import annotations

import itertools
import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)

INFERENCE = "inference"
IO = "io"


class JobCancelled(Exception):
    """Raised inside a job body that checked `job.cancelled`; reported as code 'cancelled'."""

    code = "cancelled"


class JobSignals(QObject):
    """Signals of one job; created on the GUI thread so queued delivery lands there."""

    succeeded = Signal(int, object)
    failed = Signal(int, object)


class Job(QRunnable):
    """Runs a Qt-free callable off the GUI thread; every exception becomes `failed`, never a crash."""

    _live: set["Job"] = set()
    _live_lock = threading.Lock()

    def __init__(self, job_id: int, fn: Callable[[], Any], *, kind: str = "") -> None:
        super().__init__()
        self.job_id = job_id
        self.kind = kind
        self._fn = fn
        self._cancel = threading.Event()
        self.signals = JobSignals()
        self.setAutoDelete(False)
        with Job._live_lock:
            Job._live.add(self)

    @property
    def cancelled(self) -> bool:
        """True once cancel() was called; long bodies may poll it between stages."""
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the job to stop; its result will be dropped even if it finishes."""
        self._cancel.set()

    def run(self) -> None:
        """Pool-thread entry: run the callable and report through the signals."""
        try:
            if self.cancelled:
                raise JobCancelled()
            result = self._fn()
            if self.cancelled:
                raise JobCancelled()
            self.signals.succeeded.emit(self.job_id, result)
        except BaseException as exc:  # noqa: BLE001 - a pool thread must never raise
            if not isinstance(exc, JobCancelled) and not hasattr(exc, "code"):
                log.error("job %s (%s) failed:\n%s", self.job_id, self.kind, traceback.format_exc())
            self.signals.failed.emit(self.job_id, exc)
        finally:
            with Job._live_lock:
                Job._live.discard(self)


class Workers(QObject):
    """Owns the pools, hands out request ids, cancels pending work and re-emits results on the GUI thread."""

    succeeded = Signal(int, object)
    failed = Signal(int, object)

    _ids = itertools.count(1)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._inference = QThreadPool(self)
        self._inference.setMaxThreadCount(1)
        self._io = QThreadPool.globalInstance()
        self._jobs: dict[int, Job] = {}

    def submit(self, fn: Callable[[], Any], *, pool: str = IO, kind: str = "",
               priority: int = 0) -> int:
        """Queue `fn`; returns the request id carried by its result."""
        job = Job(next(self._ids), fn, kind=kind)
        job.signals.succeeded.connect(self._on_succeeded)
        job.signals.failed.connect(self._on_failed)
        self._jobs[job.job_id] = job
        self._pool(pool).start(job, priority)
        return job.job_id

    def _pool(self, name: str) -> QThreadPool:
        return self._inference if name == INFERENCE else self._io

    def cancel(self, job_id: int) -> None:
        """Remove a pending job, or flag a running one so its result is dropped."""
        job = self._jobs.get(job_id)
        if job is None:
            return
        job.cancel()
        for pool in (self._inference, self._io):
            if pool.tryTake(job):
                self._jobs.pop(job_id, None)
                with Job._live_lock:
                    Job._live.discard(job)
                self.failed.emit(job_id, JobCancelled())
                return

    def reprioritise(self, job_id: int, *, pool: str, priority: int) -> bool:
        """Move a still-pending job to the front (the photo the user is looking at goes first)."""
        job = self._jobs.get(job_id)
        if job is None or not self._pool(pool).tryTake(job):
            return False
        self._pool(pool).start(job, priority)
        return True

    def pending(self) -> int:
        """Jobs submitted and not yet reported."""
        return len(self._jobs)

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """On close: drop pending jobs, flag running ones, wait for them to end."""
        for job in list(self._jobs.values()):
            job.cancel()
            self._io.tryTake(job)
        self._inference.clear()
        self._inference.waitForDone(timeout_ms)
        self._io.waitForDone(timeout_ms)
        self._jobs.clear()

    def wait(self, timeout_ms: int = 30000) -> bool:
        """Block until both pools are idle (tests and shutdown only)."""
        return self._inference.waitForDone(timeout_ms) and self._io.waitForDone(timeout_ms)

    @Slot(int, object)
    def _on_succeeded(self, job_id: int, result: object) -> None:
        job = self._jobs.pop(job_id, None)
        if job is None:
            return
        if job.cancelled:  # finished after a cancel: the result is dropped, the request reported cancelled
            self.failed.emit(job_id, JobCancelled())
            return
        self.succeeded.emit(job_id, result)

    @Slot(int, object)
    def _on_failed(self, job_id: int, exc: object) -> None:
        if self._jobs.pop(job_id, None) is None:
            return
        self.failed.emit(job_id, exc)
