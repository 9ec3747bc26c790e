"""Frame sources for the capture page: the FrameSource interface and a file/array player for tests and demos.

A source emits un-mirrored preview frames (`frame`: QImage or RGB numpy array) and, on request, one
full-resolution still (`still_captured`: RGB numpy array). Failures are reported as stable codes
(`failed`); the page turns them into translated text. The real camera is camera_qt.QtCameraSource,
kept apart so that this module does not load Qt Multimedia.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np
from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

# Codes carried by FrameSource.failed.
NO_CAMERA = "no_camera"
PERMISSION_DENIED = "permission_denied"
CAMERA_LOST = "camera_lost"
CAMERA_ERROR = "camera_error"
CAPTURE_FAILED = "capture_failed"


class FrameSource(QObject):
    """Interface: start/stop a stream of preview frames; capture one full-resolution still."""

    frame = Signal(object)           # QImage or (H, W, 3) uint8 RGB, not mirrored
    still_captured = Signal(object)  # (H, W, 3) uint8 RGB at full resolution, not mirrored
    failed = Signal(str)             # one of the codes above
    active_changed = Signal(bool)

    def start(self) -> None:
        """Begin emitting frames."""
        raise NotImplementedError

    def stop(self) -> None:
        """Stop emitting frames (idempotent)."""
        raise NotImplementedError

    def capture_still(self) -> None:
        """Ask for one full-resolution still; it arrives via `still_captured`."""
        raise NotImplementedError

    def is_active(self) -> bool:
        """True while frames are being emitted."""
        raise NotImplementedError


def _decode(path: str | Path) -> np.ndarray:
    """8-bit RGB of an image file with its EXIF orientation applied."""
    from PIL import Image, ImageOps

    with Image.open(path) as im:
        return np.asarray(ImageOps.exif_transpose(im).convert("RGB")).copy()


def _shrink(rgb: np.ndarray, max_side: int) -> np.ndarray:
    """`rgb` scaled down so its long side is at most `max_side` (unchanged if already small)."""
    import cv2

    long_side = max(rgb.shape[:2])
    if long_side <= max_side:
        return rgb
    s = max_side / long_side
    return cv2.resize(rgb, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)


class FileFrameSource(FrameSource):
    """Plays image files or arrays at `fps` like a camera; the still is the full-resolution original."""

    def __init__(self, frames: Sequence[str | Path | np.ndarray], *, fps: float = 15.0,
                 loop: bool = True, preview_max_side: int = 1280,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        if not frames:
            raise ValueError("FileFrameSource needs at least one frame")
        self._frames = list(frames)
        self._loop = loop
        self._max_side = preview_max_side
        self._previews: dict[int, np.ndarray] = {}
        self._index = -1
        self.frames_emitted = 0
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(max(1, round(1000 / fps)))
        self._timer.timeout.connect(self._tick)

    def _full(self, i: int) -> np.ndarray:
        """Frame `i` at full resolution."""
        item = self._frames[i]
        return np.ascontiguousarray(item) if isinstance(item, np.ndarray) else _decode(item)

    def _preview(self, i: int) -> np.ndarray:
        """Frame `i` at preview size, decoded once."""
        if i not in self._previews:
            self._previews[i] = _shrink(self._full(i), self._max_side)
        return self._previews[i]

    def start(self) -> None:
        """Begin playing from the current position."""
        if not self._timer.isActive():
            self._timer.start()
            self.active_changed.emit(True)

    def stop(self) -> None:
        """Pause playback."""
        if self._timer.isActive():
            self._timer.stop()
            self.active_changed.emit(False)

    def is_active(self) -> bool:
        """True while playing."""
        return self._timer.isActive()

    @Slot()
    def _tick(self) -> None:
        """Emit the next frame (wrapping or stopping at the end)."""
        nxt = self._index + 1
        if nxt >= len(self._frames):
            if not self._loop:
                self.stop()
                return
            nxt = 0
        self._index = nxt
        self.frames_emitted += 1
        self.frame.emit(self._preview(nxt))

    def capture_still(self) -> None:
        """Deliver the current frame at full resolution, asynchronously like a camera."""
        i = max(self._index, 0)
        QTimer.singleShot(0, self, lambda: self.still_captured.emit(self._full(i)))
