"""Background jobs: QRunnable + signals on a GUI-thread QObject; one inference thread, the global pool for I/O,
one serial thread for writes that must land in the order they were asked (the order book)."""
from __future__ import annotations

import itertools
import logging
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any, Hashable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)

INFERENCE = "inference"
IO = "io"
SERIAL = "serial"   # one thread, first in first out: a newer write never lands before an older one
GIL_SWITCH_S = 0.001


def keep_gui_thread_snappy() -> None:
    """Hand the GIL back to the GUI thread within 1 ms (default 5 ms) while workers run Python code.

    Every Qt call from Python releases and re-takes the GIL, so a paint of a few dozen calls could
    otherwise wait 5 ms per call behind a worker thread.
    """
    if sys.getswitchinterval() > GIL_SWITCH_S:
        sys.setswitchinterval(GIL_SWITCH_S)


def _spent() -> None:
    """A job's callable after it ran or was taken back (the pool keeps the Job itself)."""
    raise JobCancelled()


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
        self.pool = ""
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
            self._fn = _spent    # the pool keeps this object: let go of what the callable holds (a photo)
            with Job._live_lock:
                Job._live.discard(self)


Callback = Callable[[Any], None]


class Workers(QObject):
    """Owns the pools: `submit(fn, on_done, on_failed)` runs fn off the GUI thread and calls back on it.

    A `lane` keeps only the latest job of a kind ("latest wins"): submitting to a lane drops the
    job before it there, whose result is then never delivered.
    """

    _ids = itertools.count(1)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._inference = QThreadPool(self)
        self._inference.setMaxThreadCount(1)
        self._io = QThreadPool.globalInstance()
        self._serial = QThreadPool(self)
        self._serial.setMaxThreadCount(1)
        self._jobs: dict[int, tuple[Job, Callback | None, Callback | None]] = {}
        self._lanes: dict[Hashable, int] = {}

    def submit(self, fn: Callable[[], Any], *, on_done: Callback | None = None,
               on_failed: Callback | None = None, pool: str = IO, kind: str = "", priority: int = 0,
               lane: Hashable | None = None) -> int:
        """Queue `fn`; its result goes to `on_done`, an exception to `on_failed`, both on the GUI thread."""
        if lane is not None and lane in self._lanes:
            self.drop(self._lanes[lane])
        job = Job(next(self._ids), fn, kind=kind)
        job.pool = pool
        job.signals.succeeded.connect(self._on_succeeded)
        job.signals.failed.connect(self._on_failed)
        self._jobs[job.job_id] = (job, on_done, on_failed)
        if lane is not None:
            self._lanes[lane] = job.job_id
        self._pool(pool).start(job, priority)
        return job.job_id

    def _pool(self, name: str) -> QThreadPool:
        return {INFERENCE: self._inference, SERIAL: self._serial}.get(name, self._io)

    def _pools(self) -> tuple[QThreadPool, ...]:
        return self._inference, self._serial, self._io

    def latest(self, lane: Hashable) -> int:
        """The id of the lane's current job (0 when none is pending)."""
        return self._lanes.get(lane, 0)

    def cancel(self, job_id: int) -> None:
        """Stop a job: a pending one never runs, a running one's result is dropped; on_failed gets JobCancelled."""
        entry = self._jobs.get(job_id)
        if entry is None:
            return
        job = entry[0]
        job.cancel()
        if self._take(job):
            self._finish(job_id, JobCancelled(), failed=True)

    def drop(self, job_id: int) -> None:
        """Forget a job silently (superseded): it stops if it can, and nothing is delivered."""
        entry = self._jobs.pop(job_id, None)
        self._forget_lane(job_id)
        if entry is not None:
            entry[0].cancel()
            self._take(entry[0])

    def _take(self, job: Job) -> bool:
        """Remove a job that has not started from its pool."""
        for pool in self._pools():
            if pool.tryTake(job):
                job._fn = _spent
                with Job._live_lock:
                    Job._live.discard(job)
                return True
        return False

    def reprioritise(self, job_id: int, *, pool: str, priority: int) -> bool:
        """Move a still-pending job to the front (the photo the user is looking at goes first)."""
        entry = self._jobs.get(job_id)
        if entry is None or not self._pool(pool).tryTake(entry[0]):
            return False
        self._pool(pool).start(entry[0], priority)
        return True

    def pending(self) -> int:
        """Jobs submitted and not yet reported."""
        return len(self._jobs)

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """On close: drop pending jobs, flag running ones, wait for them to end; serial writes (an order
        printed a moment ago, the composer's last draft) still land, in their order."""
        for job, _done, _failed in list(self._jobs.values()):
            if job.pool != SERIAL:
                job.cancel()
                self._io.tryTake(job)
        self._inference.clear()
        for pool in self._pools():
            pool.waitForDone(timeout_ms)
        self._jobs.clear()
        self._lanes.clear()

    def wait(self, timeout_ms: int = 30000) -> bool:
        """Block until every pool is idle (tests and shutdown only)."""
        return all(pool.waitForDone(timeout_ms) for pool in self._pools())

    def _forget_lane(self, job_id: int) -> None:
        for lane, jid in list(self._lanes.items()):
            if jid == job_id:
                del self._lanes[lane]

    def _finish(self, job_id: int, value: object, *, failed: bool) -> None:
        """Deliver a job's outcome to its callback (once)."""
        entry = self._jobs.pop(job_id, None)
        self._forget_lane(job_id)
        if entry is None:
            return
        callback = entry[2] if failed else entry[1]
        if callback is not None:
            callback(value)
        elif failed and not isinstance(value, JobCancelled):
            log.info("job %s (%s) failed: %s", job_id, entry[0].kind, value)

    @Slot(int, object)
    def _on_succeeded(self, job_id: int, result: object) -> None:
        entry = self._jobs.get(job_id)
        if entry is None:
            return
        if entry[0].cancelled:  # finished after a cancel: the result is dropped
            self._finish(job_id, JobCancelled(), failed=True)
        else:
            self._finish(job_id, result, failed=False)

    @Slot(int, object)
    def _on_failed(self, job_id: int, exc: object) -> None:
        self._finish(job_id, exc, failed=True)
