"""Clearing the day's finished customers from the strip: on request, and by itself after N hours."""
from __future__ import annotations

import logging
import time

from PySide6.QtCore import QTimer

log = logging.getLogger(__name__)

AUTO_CLEAR_CHECK_MS = 10 * 60 * 1000   # how often finished photos older than the setting are looked for


class ClearCommands:
    """Mixed into the Controller (photos, settings, signals); `photosCleared` is the hook for orders."""

    def start_auto_clear(self) -> None:
        """Look for old finished photos every few minutes (the setting decides whether any go)."""
        self._auto_clear = QTimer(self)
        self._auto_clear.setInterval(AUTO_CLEAR_CHECK_MS)
        self._auto_clear.timeout.connect(self.clear_old_finished)
        self._auto_clear.start()

    def clear_finished(self, *, older_than_s: float | None = None) -> list[int]:
        """Remove finished photos (all, or those opened longer ago than `older_than_s`) from the strip.

        The photo on screen and photos still loading or analysing stay. `photosCleared` hands the removed
        photos (name, path, edit) to whoever keeps orders before they are forgotten. Returns their keys.
        """
        now, current = time.time(), self.photos.current
        gone = [d for d in self.photos.items if d.finished and d is not current
                and (older_than_s is None or now - d.opened >= older_than_s)]
        if not gone:
            return []
        self.photosCleared.emit(gone)
        for doc in gone:
            self.photos.remove(doc.key)
            self.photoRemoved.emit(doc.key)
        if self.photos.current is not current:
            self.currentChanged.emit(self.photos.current.key if self.photos.current else 0)
            self._render()
        log.info("cleared %d finished photo(s) from the strip", len(gone))
        return [d.key for d in gone]

    def clear_old_finished(self) -> list[int]:
        """The automatic clear: finished photos older than the setting's hours (none when it is 0)."""
        hours = self.settings.clear_after_hours
        return self.clear_finished(older_than_s=hours * 3600.0) if hours > 0 else []
