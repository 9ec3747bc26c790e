"""Analyses kept on disk in the user's cache folder, so a photo opened again needs no model run.

Content-keyed (pixel digest + model + model file hash + processing version), one compressed .npz per
entry (no pickle), written atomically by one background thread, capped in bytes with the least recently
used entries removed first. An unreadable entry, or one that does not fit its photo, is deleted and treated
as a miss (the next analysis writes it again). A full or read-only disk is one log line, not one per write;
temporary files a killed process left are swept and count against the cap until then; the cap is applied
when the cache opens. Only the window uses it, and not when the user asked never to store photos; the
kiosk, the command line and the server never do.
"""
from __future__ import annotations

import errno
import hashlib
import logging
import os
import queue
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

from . import analysis_codec as codec
from .cache import CacheKey

log = logging.getLogger(__name__)

SUFFIX = ".npz"
SUBFOLDER = "analyses"
DEFAULT_MAX_BYTES = 2 * 1024 ** 3
EVICT_TO = 0.9          # evicting goes down to this share of the cap, so it does not run on every write
MAX_PENDING = 64 * 1024 * 1024   # values waiting to be written; beyond it a value is not written (memory)
MAX_ENTRY_BYTES = 3 * codec.MAX_ARRAY_BYTES + codec.MAX_META_BYTES   # a larger file is not ours: not read
STALE_S = 3600.0        # a temporary file this old is a killed write even when its process cannot be asked
_TMP = re.compile(r"^\.[0-9a-f]{64}\.npz\.(\d+)\.\d+\.tmp$")   # ours: .<entry>.<pid>.<thread>.tmp
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_UPKEEP = "upkeep"      # queued at opening and on a new cap: sweep stale temporary files, apply the cap


class DiskCache:
    """A size-capped, content-keyed store of analyses; `load` on any thread, writes on its own thread."""

    def __init__(self, folder: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.folder = Path(folder)
        self.max_bytes = int(max_bytes)
        self._lock = threading.Lock()
        self._sizes: dict[str, int] | None = None   # file name -> bytes, read on first need
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._pending = 0       # bytes of the values queued for writing
        self._queued: set[str] = set()   # file names queued and not yet written
        self._trouble = ""      # why writing fails ("" while it works): said once, not per write
        self.reads = self.writes = self.corrupt = self.skipped = self.swept = self.failed = 0
        self._queue.put(_UPKEEP)
        self._start()

    # ---- the Backing protocol (core.cache) --------------------------------------------------------
    def load(self, key: Any) -> Any | None:
        """The stored analysis for key, or None; a corrupt entry is removed."""
        if not codec.keeps(key):
            return None
        path = self._path(key)
        try:
            if path.stat().st_size > MAX_ENTRY_BYTES:
                raise codec.CorruptEntry(f"{path.stat().st_size} bytes, more than any entry we write")
            value = codec.decode(key, path.read_bytes())
        except OSError:
            return None
        except codec.CorruptEntry as exc:
            log.warning("disk cache: %s is unreadable (%s); removed, it will be written again", path.name, exc)
            self.corrupt += 1
            self._forget(path)
            return None
        _touch(path)
        self.reads += 1
        return value

    def store(self, key: Any, value: Any) -> None:
        """Queue a value for writing (returns at once; never blocks a caller on disk).

        The queue holds the arrays alive, so it is bounded: while the writer is behind by more than
        MAX_PENDING bytes a value is not written (it is only a cache; the next use writes it)."""
        if not codec.keeps(key) or self.max_bytes <= 0:
            return
        size = int(getattr(value, "nbytes", 0))
        name = self._path(key).name
        with self._lock:
            if self._pending + size > MAX_PENDING and self._pending > 0:
                self.skipped += 1
                return
            self._pending += size
            self._queued.add(name)
        self._queue.put((key, value, size))
        self._start()

    def drop(self, key: Any) -> None:
        """Delete an entry that did not fit its photo (counted with the corrupt ones)."""
        self.corrupt += 1
        self._forget(self._path(key))

    def has(self, key: Any) -> bool:
        """True when key is on disk or queued, or is a key this cache never keeps (from the index kept in
        memory: no disk access after the first listing), so a memory hit can write through cheaply."""
        if not codec.keeps(key) or self.max_bytes <= 0:
            return True
        name = self._path(key).name
        with self._lock:
            return name in self._queued or name in self._index()

    # ---- management -----------------------------------------------------------------------------
    def flush(self, timeout_s: float = 30.0) -> bool:
        """Wait until every queued write is done (tests, shutdown); False on timeout."""
        done = threading.Event()
        self._queue.put(done)
        self._start()
        return done.wait(timeout_s)

    def clear(self) -> None:
        """Delete every entry and temporary file (the user turned on "never store photos")."""
        for path in self._files() + self._temporaries():
            self._forget(path)

    def resize(self, max_bytes: int) -> None:
        """A new cap; entries beyond it are removed at once (on the writer thread)."""
        self.max_bytes = int(max_bytes)
        self._queue.put(_UPKEEP)
        self._start()

    @property
    def bytes(self) -> int:
        """Bytes held on disk by the entries this cache knows of."""
        with self._lock:
            return sum(self._index().values())

    # ---- internals -------------------------------------------------------------------------------
    def _path(self, key: CacheKey) -> Path:
        name = hashlib.sha256(repr(codec._key_list(key)).encode()).hexdigest()
        return self.folder / f"{name}{SUFFIX}"

    def _files(self) -> list[Path]:
        try:
            return [p for p in self.folder.iterdir() if p.suffix == SUFFIX]
        except OSError:
            return []

    def _index(self) -> dict[str, int]:
        """File sizes by name, the temporary files other processes left included (caller holds the lock)."""
        if self._sizes is None:
            self._sizes = {}
            for p in self._files() + self._temporaries():
                try:
                    self._sizes[p.name] = p.stat().st_size
                except OSError:
                    pass
        return self._sizes

    def _temporaries(self) -> list[Path]:
        """Our temporary files written by other processes (a killed one's, or another window's in progress)."""
        try:
            return [p for p in self.folder.iterdir()
                    if (m := _TMP.match(p.name)) and int(m.group(1)) != os.getpid()]
        except OSError:
            return []

    def _upkeep(self) -> None:
        """At opening and on a new cap: delete the stale temporary files, then apply the cap."""
        with self._lock:
            names = [n for n in self._index() if _TMP.match(n)]
        stale = [n for n in names if _stale(self.folder / n)]
        for name in stale:
            self._forget(self.folder / name)
        if stale:
            self.swept += len(stale)
            log.info("disk cache: %d temporary file(s) of interrupted writes removed", len(stale))
        self._evict(self.max_bytes)

    def _forget(self, path: Path) -> None:
        try:
            path.unlink()
        except OSError:
            pass
        with self._lock:
            self._index().pop(path.name, None)

    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="idphoto-disk-cache", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        """The writer thread: encode, write atomically, evict; ends when idle for a while."""
        while True:
            try:
                item = self._queue.get(timeout=5.0)
            except queue.Empty:
                return
            if isinstance(item, threading.Event):
                item.set()
                continue
            if item == _UPKEEP:
                self._upkeep()
                continue
            key, value, size = item
            try:
                self._write(key, value)
            except OSError as exc:  # a full or read-only disk must never break an analysis
                self._cannot_write(exc)
            except Exception:  # noqa: BLE001 - a value the codec cannot write is a bug: its traceback helps
                log.warning("disk cache: could not write an entry", exc_info=True)
            finally:
                with self._lock:
                    self._pending -= size
                    self._queued.discard(self._path(key).name)
                del item, value

    def _write(self, key: CacheKey, value: Any) -> None:
        path = self._path(key)
        if path.exists():
            _touch(path)
            return
        data = codec.encode(key, value)
        if data is None or len(data) > self.max_bytes:
            return
        try:
            self._put(path, data)
        except OSError as exc:
            if exc.errno not in _FULL or not self._evict(max(0, self.bytes - 2 * len(data)), below=1.0):
                raise
            self._put(path, data)     # the disk was full: older entries made room, once more
        self.writes += 1
        if self._trouble:
            log.info("disk cache: writing to %s again", self.folder)
            self._trouble = ""
        with self._lock:
            self._index()[path.name] = len(data)
        self._evict(self.max_bytes)

    def _put(self, path: Path, data: bytes) -> None:
        """Write one entry atomically: a temporary file of this process and thread, then renamed."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        finally:
            try:
                tmp.unlink()
            except OSError:
                pass

    def _cannot_write(self, exc: OSError) -> None:
        """One log line while writing fails for one reason (not a traceback per write); analyses go on."""
        self.failed += 1
        why = "the disk is full" if exc.errno in _FULL else (exc.strerror or str(exc))
        if why != self._trouble:
            self._trouble = why
            log.warning("disk cache: cannot write to %s (%s); analyses are kept in memory only until it can be "
                        "written again", self.folder, why)

    def _evict(self, limit: int, *, below: float = EVICT_TO) -> int:
        """Remove the least recently used entries (oldest modification time) while over `limit`, down to
        `below` of it; a temporary file only when stale. Returns how many went."""
        with self._lock:
            sizes = dict(self._index())
        if sum(sizes.values()) <= limit:
            return 0
        aged = []
        for name in sizes:
            try:
                aged.append((os.stat(self.folder / name).st_mtime, name))
            except OSError:
                aged.append((0.0, name))
        total, gone = sum(sizes.values()), 0
        for _, name in sorted(aged):
            if total <= limit * below:
                break
            if _TMP.match(name) and not _stale(self.folder / name):
                continue        # another process's write in progress
            total -= sizes[name]
            gone += 1
            self._forget(self.folder / name)
        return gone


def _stale(path: Path) -> bool:
    """A temporary file whose writer is gone: its process no longer runs (POSIX), or it is over STALE_S old."""
    match = _TMP.match(path.name)
    if match and sys.platform != "win32":
        try:
            os.kill(int(match.group(1)), 0)
        except ProcessLookupError:
            return True
        except (PermissionError, OverflowError, ValueError):
            pass
    try:
        return time.time() - path.stat().st_mtime > STALE_S
    except OSError:
        return True


def _touch(path: Path) -> None:
    """Mark an entry as just used (eviction goes by modification time)."""
    try:
        now = time.time()
        os.utime(path, (now, now))
    except OSError:
        pass


def default_folder() -> Path:
    """Where the window keeps analyses: <user cache folder>/analyses."""
    from ..paths import cache_dir

    return cache_dir() / SUBFOLDER
