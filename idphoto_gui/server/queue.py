"""A bounded job queue: one worker thread runs every render, so inference is one at a time per process.

onnxruntime already spreads one inference over every core, and OpenCV's face nets are kept per
thread, so a single worker is both the fastest and the safest. A request that finds the queue full
is refused at once (503 + Retry-After) instead of piling up memory; a request that waits too long
gets a time-out, and its job is dropped if it has not started (a started job finishes and fills the
analysis cache, so the retry is quick).
"""
from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable

from .errors import ApiError

log = logging.getLogger(__name__)

EWMA = 0.3   # weight of the newest job in the mean job time (Retry-After estimate)


@dataclass(frozen=True)
class QueueStats:
    """Numbers for /health."""

    running: int
    waiting: int
    capacity: int
    done: int
    refused: int
    timed_out: int
    mean_job_s: float


class JobQueue:
    """Admit at most 1 + `size` jobs; run them in order on one thread; bound each request's wait."""

    def __init__(self, *, size: int, timeout_s: float) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="idphoto-render")
        self._capacity = 1 + size
        self._timeout = timeout_s
        self._lock = threading.Lock()
        self._admitted = 0
        self._running = 0
        self._done = self._refused = self._timed_out = 0
        self._mean = 1.0

    async def run(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """fn(*args, **kwargs) on the worker; ApiError 503 when full or when it takes too long."""
        with self._lock:
            if self._admitted >= self._capacity:
                self._refused += 1
                raise ApiError(503, "busy", "The server is busy; try again shortly.",
                               retry_after=self._retry_after(self._admitted))
            self._admitted += 1
        job = self._executor.submit(self._timed, fn, args, kwargs)
        job.add_done_callback(self._release)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(job), self._timeout)
        except asyncio.TimeoutError:
            with self._lock:
                self._timed_out += 1
                pending = self._admitted
            raise ApiError(503, "timeout", f"The request did not finish within {self._timeout:g} s; "
                           "try again shortly.", retry_after=self._retry_after(pending)) from None

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future:
        """Run fn on the worker outside the admission count (start-up warm-up)."""
        return self._executor.submit(fn, *args)

    def stats(self) -> QueueStats:
        """A snapshot for /health."""
        with self._lock:
            return QueueStats(self._running, self._admitted - self._running, self._capacity, self._done,
                              self._refused, self._timed_out, round(self._mean, 3))

    def close(self) -> None:
        """Drop jobs not started, wait for the running one."""
        self._executor.shutdown(wait=True, cancel_futures=True)

    def _timed(self, fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
        """Run one job and fold its duration into the mean."""
        with self._lock:
            self._running += 1
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            took = time.perf_counter() - start
            with self._lock:
                self._running -= 1
                self._done += 1
                self._mean = (1 - EWMA) * self._mean + EWMA * took

    def _release(self, job: Future) -> None:
        """A job finished or was cancelled before it started: free its place."""
        with self._lock:
            self._admitted -= 1
        if job.cancelled():
            log.info("a job was dropped before it started (its request timed out)")

    def _retry_after(self, pending: int) -> int:
        """Seconds until a place is likely free: the jobs ahead times the mean job time."""
        return max(1, min(60, math.ceil(pending * self._mean)))
