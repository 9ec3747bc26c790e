"""Watch a folder (the tethered camera's): new complete images go into the strip, are analysed at once and the
newest is selected; optionally with the current photo's template and background. The scan runs in a worker;
QFileSystemWatcher only makes it come sooner, the timer is the fallback for network shares."""
from __future__ import annotations

import logging
import os
from typing import Any

from PySide6.QtCore import QCoreApplication, QFileSystemWatcher, QObject, QTimer, Signal

from ...core.imaging.hot_folder import GIVE_UP_S, SETTLE_S, FolderScanner, Scan
from .workers import IO

log = logging.getLogger(__name__)
translate = QCoreApplication.translate

POLL_MS = 1000
SOON_MS = 150


class HotFolder(QObject):
    """One watched folder; `arrived(paths)` oldest first, `availability(ok, folder)` when it goes or comes back,
    `damaged(paths)` for files that settled but never decode."""

    arrived = Signal(list)
    availability = Signal(bool, str)
    damaged = Signal(list)

    def __init__(self, workers: Any, folder: str, *, poll_ms: int = POLL_MS, settle_s: float = SETTLE_S,
                 give_up_s: float = GIVE_UP_S, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers, self.folder = workers, os.path.abspath(folder)
        self.available = True
        self._busy = self._again = self._stopped = False
        self._scanner: FolderScanner | None = None
        self._settle_s, self._give_up_s = settle_s, give_up_s
        self.watcher = QFileSystemWatcher(self)
        self.watcher.directoryChanged.connect(lambda _p: self._soon.start())
        self._soon = QTimer(self, singleShot=True, interval=SOON_MS, timeout=self.poll)
        self._timer = QTimer(self, interval=poll_ms, timeout=self.poll)
        self._timer.start()
        self.poll()

    @property
    def started(self) -> bool:
        """True once the first scan noted what was already there (later files are new)."""
        return self._scanner is not None

    def stop(self) -> None:
        """Stop watching (a scan already running reports nothing)."""
        self._stopped = True
        self._timer.stop()
        self._soon.stop()
        if self.watcher.directories():
            self.watcher.removePaths(self.watcher.directories())
        self._scanner = None

    def poll(self) -> None:
        """Scan in a worker (one at a time; a request meanwhile scans again right after)."""
        if self._stopped:
            return
        if self._busy:
            self._again = True
            return
        self._busy = True
        scanner = self._scanner

        def job() -> tuple[FolderScanner, Scan]:
            s = scanner or FolderScanner(self.folder, settle_s=self._settle_s, give_up_s=self._give_up_s)
            return s, s.scan()

        self.workers.submit(job, pool=IO, kind="hot-folder", on_done=self._scanned, on_failed=self._failed)

    def _scanned(self, result: tuple[FolderScanner, Scan]) -> None:
        self._busy = False
        if self._stopped:
            return  # stopped meanwhile (the object may be on its way out)
        self._scanner, scan = result
        if scan.available != self.available:
            self.available = scan.available
            self.availability.emit(scan.available, self.folder)
        if scan.available and self.folder not in self.watcher.directories():
            self.watcher.addPath(self.folder)    # again after the folder came back
        if scan.ready:
            log.info("hot folder: %d new photo(s)", len(scan.ready))
            self.arrived.emit(list(scan.ready))
        if scan.damaged:
            self.damaged.emit(list(scan.damaged))
        if self._again or scan.ready:
            self._again = False
            self._soon.start()

    def _failed(self, exc: object) -> None:
        self._busy = False
        if self._stopped:
            return
        log.warning("hot folder scan failed: %s", exc)


class HotFolderHooks(QObject):
    """The window's side: photos into the strip (newest selected), the banner when the folder goes."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.w = window
        self.hot: HotFolder | None = None
        self.apply_current = False
        self.keys: list[int] = []    # strip keys of the photos the folder brought, in arrival order

    def watch(self, folder: str | None, *, apply_current: bool = False, poll_ms: int = POLL_MS,
              settle_s: float = SETTLE_S, give_up_s: float = GIVE_UP_S) -> HotFolder | None:
        """Watch `folder` (None or "": stop watching)."""
        if self.hot is not None:
            self.hot.stop()
            self.hot.deleteLater()
            self.hot = None
        self.apply_current = apply_current
        if not folder:
            return None
        self.hot = HotFolder(self.w.controller.workers, folder, poll_ms=poll_ms, settle_s=settle_s,
                             give_up_s=give_up_s, parent=self)
        self.hot.arrived.connect(self._arrived)
        self.hot.damaged.connect(self._damaged)
        self.hot.availability.connect(self._availability)
        log.info("watching %s for new photos", folder)
        return self.hot

    def _arrived(self, paths: list[str]) -> None:
        c = self.w.controller
        current = c.photos.current
        edit = current.edit.but(crop=None, crown=None, chin=None) if self.apply_current and current else None
        keys = c.open_paths(paths)
        if edit is not None:
            for key in keys:
                c.photos.by_key(key).history.replace_top(edit)
        if keys:
            c.select(keys[-1])    # the newest shot is the one the clerk looks at
        self.keys += keys

    def _damaged(self, paths: list[str]) -> None:
        """A shot that never decodes is not silently skipped: the clerk reads which, and what to do."""
        names = ", ".join(os.path.basename(p) for p in paths)
        self.w.ui.banner.show_message(
            "warning", translate("HotFolder", "A photo in the watched folder cannot be read"),
            translate("HotFolder", "%1 is damaged or incomplete and was skipped. Save it again from the camera "
                                   "software, or take the photo again.").replace("%1", names))

    def _availability(self, ok: bool, folder: str) -> None:
        banner = self.w.ui.banner
        if ok:
            banner.show_message("info", translate("HotFolder", "Watching the folder again"), folder, timeout_ms=5000)
        else:
            banner.show_message("warning", translate("HotFolder", "The watched folder is gone"),
                                translate("HotFolder", "%1 cannot be read. New photos are picked up again as soon "
                                                       "as it is back.").replace("%1", folder))
