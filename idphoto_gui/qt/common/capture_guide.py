"""The capture page's live guide: face detection + guide verdicts on small frame copies, off the GUI thread.

One request is in flight at a time (frames arriving meanwhile are only shown, never queued), on a
one-thread pool; results computed for an earlier template are dropped.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import Callable, Sequence

import numpy as np
from PySide6.QtCore import QObject, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage

from ...core.faces import capture_guide
from ...core.faces.faces import Face
from ...core.templates.template import Template
from . import camera as cam
from .images import qimage_to_rgb
from .workers import Job

log = logging.getLogger(__name__)

Detector = Callable[[np.ndarray], Sequence[Face]]


def _default_detector(rgb: np.ndarray) -> Sequence[Face]:
    """faces.detect_faces, looked up at call time (so tests and benchmarks can swap it)."""
    from ...core.faces import faces

    return faces.detect_faces(rgb)


def _small_rgb(frame: object, side: int) -> np.ndarray:
    """A preview frame (QImage or array) as RGB with its long side at most `side` (worker thread)."""
    if isinstance(frame, QImage):
        if max(frame.width(), frame.height()) > side:
            frame = frame.scaled(side, side, Qt.AspectRatioMode.KeepAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        return qimage_to_rgb(frame)
    return cam._shrink(np.asarray(frame), side)


def _guide_job(frame: object, template: Template, detector: Detector, previous: Face | None,
               side: int) -> tuple[capture_guide.GuideState, Face | None, tuple[int, int]]:
    """Worker body: shrink, detect, assess."""
    rgb = _small_rgb(frame, side)
    state, face = capture_guide.evaluate_frame(rgb, template, detector=detector, previous=previous)
    return state, face, (rgb.shape[1], rgb.shape[0])


class CaptureGuide(QObject):
    """Analyses at most one frame at a time and reports the verdict on the GUI thread."""

    analysed = Signal(object, object, object)   # capture_guide.GuideState, Face | None, analysed (w, h)
    failed = Signal(object)                     # the exception; the live view goes on without hints

    def __init__(self, detector: Detector | None = None, side: int = 400,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._detector = detector or _default_detector
        self._side = side
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._job: Job | None = None
        self._rid = 0
        self._min_rid = 0           # results from requests before this id are stale (template changed)
        self._previous: Face | None = None
        self.frames_processed = 0

    @property
    def busy(self) -> bool:
        """True while a frame is being analysed."""
        return self._job is not None

    def submit(self, frame: object, template: Template) -> None:
        """Queue detection on a small copy of `frame`."""
        self._rid += 1
        fn = partial(_guide_job, frame, template, self._detector, self._previous, self._side)
        job = Job(self._rid, fn, kind="guide")
        job.signals.succeeded.connect(self._on_done)
        job.signals.failed.connect(self._on_failed)
        self._job = job
        self._pool.start(job)

    def reset(self) -> None:
        """Forget the tracked face and drop results of requests already made (the template changed)."""
        self._min_rid = self._rid + 1
        self._previous = None

    def shutdown(self, timeout_ms: int) -> None:
        """Drop queued work and wait for the running analysis."""
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)

    @Slot(int, object)
    def _on_done(self, rid: int, result: object) -> None:
        """A frame was analysed: remember its face for tracking and pass the verdict on."""
        self._job = None
        self.frames_processed += 1
        if rid < self._min_rid:
            return
        state, face, size = result
        self._previous = face
        self.analysed.emit(state, face, size)

    @Slot(int, object)
    def _on_failed(self, _rid: int, exc: object) -> None:
        """Detection failed (e.g. a damaged model)."""
        self._job = None
        self.frames_processed += 1
        log.warning("live guide failed: %s", exc)
        self.failed.emit(exc)
