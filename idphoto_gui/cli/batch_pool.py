"""Worker processes for `idphoto batch --jobs N` that live and die with the batch.

A worker ignores Ctrl-C (the batch stops it), asks Linux to kill it when its parent dies
(prctl PR_SET_PDEATHSIG) and, everywhere, watches its parent and exits when the parent is gone,
so a killed batch leaves no process behind. SIGTERM to the batch stops it like Ctrl-C.

Workers start with glibc's allocator tuned for a long run of large, differently sized arrays
(`WORKER_MALLOC`): without it the heap fragments and the peak creeps up photo after photo.
"""
from __future__ import annotations

import concurrent.futures as cf
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from concurrent.futures.process import EXTRA_QUEUED_CALLS, BrokenProcessPool
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

PR_SET_PDEATHSIG = 1   # linux/prctl.h

# glibc tunables for the workers (read at process start; other C libraries ignore them):
# arrays of 4 MB and more get their own mapping, returned whole when freed, so a batch's peak stays
# one photo's working set instead of growing with fragmentation (bench_batch --soak 500: peak 445 ->
# 362 MB with one job, 437 -> 354 MB per worker with two); such mappings use transparent huge pages,
# which keeps their page faults cheap (the same CPU per photo instead of +26 %); and the heap is
# trimmed only between photos (release_memory), not on every free.
WORKER_MALLOC = ("glibc.malloc.mmap_threshold=4194304", "glibc.malloc.trim_threshold=134217728",
                 "glibc.malloc.hugetlb=1")

WORKER_PEAK_BYTES = 450 * 1024 * 1024   # one worker's peak on bench_batch --soak (<= 400 MiB) with room
MAX_DEFAULT_JOBS = 8


def available_memory() -> int | None:
    """Bytes the system can give without swapping (Linux MemAvailable), None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def usable_cores() -> int:
    """Cores this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs(cores: int | None = None, memory: int | None = None) -> int:
    """Worker processes for a batch when --jobs is not given: one per core (each then runs one inference
    thread, which costs less CPU per photo than two threads sharing a photo), as many as memory holds."""
    cores = cores if cores is not None else usable_cores()
    memory = memory if memory is not None else available_memory()
    jobs = min(cores, MAX_DEFAULT_JOBS)
    if memory is not None:
        jobs = min(jobs, memory // WORKER_PEAK_BYTES)
    return max(1, jobs)


class Stopped(Exception):
    """The batch was asked to stop (SIGTERM or Ctrl-C); `signum` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block SIGINT and SIGTERM raise Stopped in the main thread (handlers restored after)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, _frame):
        raise Stopped(signum)

    wanted = [signal.SIGINT, signal.SIGTERM]
    old = {s: signal.signal(s, handler) for s in wanted}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def _die_with_parent() -> None:
    """Linux: the kernel sends SIGKILL when the parent dies; then a thread that waits on the parent."""
    parent = multiprocessing.parent_process()
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
        if parent is not None and os.getppid() != parent.pid:
            os._exit(1)  # the parent died before prctl took effect
    if parent is None:
        return

    def watch() -> None:
        parent.join()    # returns when the parent process ends, however it ended
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def release_memory() -> None:
    """Hand freed heap back to the system after a photo (glibc keeps it otherwise: 350 MB vs 180 MB)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None).malloc_trim(0)
        except (OSError, AttributeError):
            pass


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX = -1, -3, -8   # malloc.h
ONE_PHOTO_MMAP = 32 * 1024 * 1024            # glibc's largest mmap threshold
ONE_PHOTO_TRIM = 256 * 1024 * 1024


def keep_freed_memory() -> None:
    """For a process that makes one photo and exits (`make`): freed arrays stay in the heap for the next
    ones instead of going back to the system and being zero-filled again page by page (12 MP: minor
    faults 110k -> 64k, system time 0.29 -> 0.20 s, peak +25-45 MB; ADR 0016). Not for batch workers."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None)
            libc.mallopt(M_MMAP_THRESHOLD, ONE_PHOTO_MMAP)
            libc.mallopt(M_TRIM_THRESHOLD, ONE_PHOTO_TRIM)
            # One heap for every thread: `make` decodes and loads models on threads beside the main one
            # (ADR 0016 round 3), and memory a thread's own arena keeps is memory the others cannot reuse.
            libc.mallopt(M_ARENA_MAX, 1)
        except (OSError, AttributeError):
            pass


def _stop_worker(signum: int, _frame) -> None:
    """SIGTERM from the batch: end now, without the half-written file of the photo in progress."""
    from ..core.imaging.files import discard_partial_files

    discard_partial_files()
    os._exit(128 + signum)


def init_worker(threads: int) -> None:
    """Per-process set-up: leave Ctrl-C to the batch, stop cleanly on SIGTERM, die with the batch,
    cores // jobs threads each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)
    _die_with_parent()
    os.environ["OMP_NUM_THREADS"] = str(threads)
    os.environ["IDPHOTO_THREADS"] = str(threads)  # read by models.intra_threads() for every session
    import cv2

    cv2.setNumThreads(threads)


@contextmanager
def worker_environment() -> Iterator[None]:
    """Within the block, processes started inherit WORKER_MALLOC (the parent's own allocator is unchanged)."""
    old = os.environ.get("GLIBC_TUNABLES")
    os.environ["GLIBC_TUNABLES"] = ":".join(([old] if old else []) + list(WORKER_MALLOC))
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("GLIBC_TUNABLES", None)
        else:
            os.environ["GLIBC_TUNABLES"] = old


def run_pool(fn: Callable, items: Iterable, workers: int, crashed: Callable) -> Iterator[tuple]:
    """Yield (item, fn(item)) as they finish in `workers` processes; `crashed(item, exc)` for a dead worker.

    A worker that dies (a native crash, out of memory) breaks the whole pool and fails every photo it
    still held. The photos that were in the workers' hands then run once more, each alone in a fresh
    worker, so only a photo that kills its own worker is reported through `crashed`; the rest go on in
    a fresh pool. Leaving the generator early (Stopped, an error, close()) terminates the workers at once.
    """
    threads = max(1, (os.cpu_count() or 1) // workers)
    todo = list(items)
    with worker_environment():
        while todo:
            failed = yield from _results(_pool(workers, threads), fn, todo, crashed, retry=True)
            # the pool hands photos out in order: the first workers + EXTRA_QUEUED_CALLS were in hand
            held = workers + EXTRA_QUEUED_CALLS
            for item in failed[:held]:
                yield from _results(_pool(1, threads), fn, [item], crashed, retry=False)
            todo = failed[held:]


def _pool(workers: int, threads: int) -> cf.ProcessPoolExecutor:
    """Worker processes started by spawn: no fork after onnxruntime/OpenCV threads exist."""
    return cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                  initializer=init_worker, initargs=(threads,))


def _results(pool: cf.ProcessPoolExecutor, fn: Callable, items: list, crashed: Callable, *, retry: bool):
    """Yield the pool's results as they finish, then shut it down; return (with `retry`) the photos a
    broken pool failed, in the order given. The workers are stopped if the caller leaves early."""
    finished, broken = False, set()
    try:
        futures = {pool.submit(fn, item): i for i, item in enumerate(items)}
        for fut in cf.as_completed(futures):
            i = futures[fut]
            try:
                result = fut.result()
            except BrokenProcessPool as exc:  # a worker died: every photo the pool held fails with it
                if retry:
                    broken.add(i)
                    continue
                result = crashed(items[i], exc)
            except Exception as exc:  # the call itself failed (e.g. it could not be sent to the worker)
                result = crashed(items[i], exc)
            yield items[i], result
        finished = True
    finally:
        if not finished:
            _terminate(pool)
        pool.shutdown(wait=True, cancel_futures=True)
    return [items[i] for i in sorted(broken)]


def _terminate(pool: cf.ProcessPoolExecutor) -> None:
    """Stop every worker now (a photo in progress is abandoned; its output was never half-written)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())  # no public API for this
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)
