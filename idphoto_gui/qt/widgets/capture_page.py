"""Capture page: live view + template guide overlay, hints from a worker, capture by button/Space/timer.

The GUI thread only displays frames (live_view); face detection runs on small copies off the GUI thread
(qt/capture_guide). The captured full-resolution still leaves through `captured` as an RGB array, ready for
`imageio.from_array`.
"""
from __future__ import annotations

from functools import partial

import numpy as np
from PySide6.QtCore import QEvent, QSize, Qt, QThreadPool, QTimer, Signal, Slot
from PySide6.QtGui import QImage, QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QPushButton, QSizePolicy, QToolButton,
                               QVBoxLayout, QWidget)

from ...core.faces import capture_guide
from ...core.faces.faces import Face
from ...core.templates.template import Template
from ..common import camera as cam
from ..common.camera_qt import QtCameraSource
from ..common.images import rgb_to_qimage
from ..common.settings_file import PlainSettings
from ..common.capture_guide import Detector, CaptureGuide
from ..common.workers import Job
from .live_view import LiveView

CAMERA_FAILURES = (cam.NO_CAMERA, cam.PERMISSION_DENIED, cam.CAMERA_LOST, cam.CAMERA_ERROR)
KEY_MIRROR, KEY_TIMER, KEY_BURST = "capture/mirror", "capture/timer", "capture/burst"


def _pick_job(stills: list[np.ndarray]) -> np.ndarray:
    """Worker body: the sharpest still of a burst."""
    return stills[capture_guide.pick_sharpest(stills)]


class CapturePage(QWidget):
    """Camera page for kiosks and studios; emits `captured(rgb)` with the full-resolution photo."""

    captured = Signal(object)          # (H, W, 3) uint8 RGB, not mirrored
    guide_changed = Signal(object)     # capture_guide.GuideState of the latest analysed frame

    def __init__(self, settings: PlainSettings, *, source: cam.FrameSource | None = None,
                 template: Template | None = None, detector: Detector | None = None,
                 detect_side: int = 400, burst_size: int = 3, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._template = template
        self._burst_size = burst_size
        self._guide = CaptureGuide(detector, detect_side, self)
        self._guide.analysed.connect(self._on_guide)
        self._guide.failed.connect(self._on_guide_failed)
        self._stills: list[np.ndarray] = []
        self._shooting = False
        self.frames_shown = 0
        self._countdown = QTimer(self, interval=1000, timeout=self._tick)
        self._burst_timer = QTimer(self, interval=120, timeout=self._burst_next)
        self._burst_left = 0
        self._build()
        self.set_source(source if source is not None else QtCameraSource(settings, self))

    @property
    def frames_processed(self) -> int:
        """Frames the live guide has analysed (successfully or not)."""
        return self._guide.frames_processed

    # -- construction ------------------------------------------------------------------------
    def _button(self, checkable: bool, key: str = "") -> QToolButton:
        """A large, touch-sized toggle."""
        b = QToolButton(self)
        b.setCheckable(checkable)
        b.setMinimumSize(QSize(120, 56))
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        if key:
            b.setChecked(str(self._settings.value(key, "true" if key == KEY_MIRROR else "false")) == "true")
            b.toggled.connect(lambda on, k=key: self._settings.setValue(k, "true" if on else "false"))
        return b

    def _build(self) -> None:
        """Live view above a bar of large controls."""
        self._view = LiveView(self)
        self._cameras = QComboBox(self)
        self._cameras.setMinimumHeight(56)
        self._cameras.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._cameras.activated.connect(self._on_camera_chosen)
        self._mirror = self._button(True, KEY_MIRROR)
        self._mirror.toggled.connect(self._view.set_mirrored)
        self._view.set_mirrored(self._mirror.isChecked())
        self._timer = self._button(True, KEY_TIMER)
        self._burst = self._button(True, KEY_BURST)
        self._shutter = QPushButton(self)
        self._shutter.setObjectName("shutter")
        self._shutter.setMinimumSize(QSize(220, 72))
        self._shutter.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._shutter.clicked.connect(self.capture)
        self.setStyleSheet(
            "QToolButton, QComboBox { font-size: 16px; padding: 6px 14px; border-radius: 10px;"
            " background: #2a2e35; color: #e8eaed; border: 1px solid #3a3f47; }"
            "QToolButton:checked { background: #1f6feb; border-color: #58a6ff; }"
            "QPushButton#shutter { font-size: 22px; font-weight: 600; border-radius: 36px;"
            " background: #e5484d; color: white; border: 4px solid #f3f4f6; }"
            "QPushButton#shutter:disabled { background: #5b5f66; border-color: #777; }"
            "QWidget#captureBar { background: #1b1e23; }")
        bar = QWidget(self)
        bar.setObjectName("captureBar")
        bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        row = QHBoxLayout(bar)
        row.setContentsMargins(16, 10, 16, 10)
        row.setSpacing(12)
        for w in (self._cameras, self._mirror, self._timer, self._burst):
            row.addWidget(w)
        row.addStretch(1)
        row.addWidget(self._shutter)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self._view, 1)
        lay.addWidget(bar)
        self._view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        ctx = Qt.ShortcutContext.WidgetWithChildrenShortcut
        QShortcut(QKeySequence(Qt.Key.Key_Space), self, self.capture, context=ctx)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.cancel_countdown, context=ctx)
        self._retranslate()

    def _retranslate(self) -> None:
        """All visible strings (called again on a language change)."""
        self._mirror.setText(self.tr("Mirror"))
        self._mirror.setToolTip(self.tr("Show the live picture like a mirror (the photo is never mirrored)"))
        self._timer.setText(self.tr("Timer 3 s"))
        self._timer.setToolTip(self.tr("Count down 3-2-1 before taking the photo"))
        self._burst.setText(self.tr("Best of %n", "", self._burst_size))
        self._burst.setToolTip(self.tr("Take a short burst and keep the sharpest photo"))
        self._cameras.setToolTip(self.tr("Choose the camera"))
        self._shutter.setText(self.tr("Cancel") if self._countdown.isActive() else self.tr("Capture"))
        self._shutter.setToolTip(self.tr("Take the photo (Space)"))
        self._view.update()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the application language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # -- public API --------------------------------------------------------------------------
    def set_source(self, source: cam.FrameSource) -> None:
        """Use another frame source (a camera, or files for a demo); stops the previous one."""
        old = getattr(self, "_source", None)
        if old is not None:
            old.stop()
            old.frame.disconnect(self._on_frame)
            old.still_captured.disconnect(self._on_still)
            old.failed.disconnect(self._on_failed)
            old.active_changed.disconnect(self._on_active)
        self._source = source
        source.frame.connect(self._on_frame)
        source.still_captured.connect(self._on_still)
        source.failed.connect(self._on_failed)
        source.active_changed.connect(self._on_active)
        if isinstance(source, QtCameraSource):
            source.devices_changed.connect(self._fill_cameras)
        self._fill_cameras()

    def source(self) -> cam.FrameSource:
        """The frame source in use."""
        return self._source

    def set_template(self, template: Template | None) -> None:
        """Guide for another photo standard; results computed for the old one are dropped."""
        self._template = template
        self._guide.reset()
        self._view.set_guide(template, None, None, None)

    def start(self) -> None:
        """Start the live view (also done when the page is shown)."""
        self._view.set_message(None)
        self._shutter.setEnabled(True)
        self._source.start()

    def stop(self) -> None:
        """Stop the live view and any countdown (also done when the page is hidden)."""
        self.cancel_countdown()
        self._source.stop()

    def shutdown(self, timeout_ms: int = 3000) -> None:
        """On application close: release the camera and wait for the guide worker."""
        self.stop()
        self._guide.shutdown(timeout_ms)

    def capture(self) -> None:
        """Shutter: start the countdown if the timer is on (a second press cancels it), else shoot."""
        if self._countdown.isActive():
            self.cancel_countdown()
        elif self._shooting or not self._shutter.isEnabled():
            return
        elif self._timer.isChecked():
            self._count = 3
            self._view.set_countdown(self._count)
            self._countdown.start()
            self._retranslate()
        else:
            self._shoot()

    def cancel_countdown(self) -> None:
        """Stop a running countdown without taking a photo."""
        if self._countdown.isActive():
            self._countdown.stop()
            self._view.set_countdown(0)
            self._retranslate()

    # -- showing / hiding --------------------------------------------------------------------
    def showEvent(self, event: QEvent) -> None:
        """The camera runs only while the page is visible."""
        super().showEvent(event)
        self.setFocus(Qt.FocusReason.OtherFocusReason)   # Space works at once (kiosk keyboard)
        self.start()

    def hideEvent(self, event: QEvent) -> None:
        """Release the camera when the user leaves the page."""
        self.stop()
        super().hideEvent(event)

    # -- cameras -----------------------------------------------------------------------------
    @Slot()
    def _fill_cameras(self) -> None:
        """List the cameras (hidden for non-camera sources)."""
        is_cam = isinstance(self._source, QtCameraSource)
        self._cameras.setVisible(is_cam)
        self._view.set_other_cameras(False)
        if not is_cam:
            return
        self._cameras.clear()
        current = self._source.device_id()
        for d in QtCameraSource.devices():
            did = bytes(d.id().data()).decode(errors="replace")
            self._cameras.addItem(d.description(), did)
            if did == current:
                self._cameras.setCurrentIndex(self._cameras.count() - 1)
        self._cameras.setVisible(self._cameras.count() > 0)
        self._cameras.setEnabled(self._cameras.count() > 1)
        self._view.set_other_cameras(self._cameras.count() > 1)

    @Slot(int)
    def _on_camera_chosen(self, index: int) -> None:
        """Switch camera (remembered by the source)."""
        self._source.set_device(str(self._cameras.itemData(index)))
        self.start()

    # -- frames and the guide ----------------------------------------------------------------
    @Slot(object)
    def _on_frame(self, frame: object) -> None:
        """Show every frame; hand one to the worker only when it is idle."""
        image = frame if isinstance(frame, QImage) else rgb_to_qimage(np.asarray(frame))
        self.frames_shown += 1
        self._view.set_frame(image)
        if not self._guide.busy and self._template is not None:
            self._guide.submit(frame, self._template)

    @Slot(object, object, object)
    def _on_guide(self, state: capture_guide.GuideState, face: Face | None, size: tuple[int, int]) -> None:
        """A frame was analysed: update hints and overlay."""
        self._view.set_guide(self._template, state, face, size)
        self.guide_changed.emit(state)

    @Slot(object)
    def _on_guide_failed(self, _exc: object) -> None:
        """Detection failed (e.g. a damaged model): the view keeps running without hints."""
        self._view.set_guide(self._template, None, None, None, unavailable=True)

    # -- capture -----------------------------------------------------------------------------
    @Slot()
    def _tick(self) -> None:
        """Countdown step; shoots at zero."""
        self._count -= 1
        self._view.set_countdown(self._count)
        if self._count <= 0:
            self._countdown.stop()
            self._retranslate()
            self._shoot()

    def _shoot(self) -> None:
        """Take one still, or a spaced burst when 'best of N' is on."""
        self._shooting = True
        self._shutter.setEnabled(False)
        self._stills = []
        self._burst_left = self._burst_size if self._burst.isChecked() else 1
        self._view.flash()
        self._burst_next()
        if self._burst_left:
            self._burst_timer.start()

    @Slot()
    def _burst_next(self) -> None:
        """Request the next still of the burst."""
        if self._burst_left <= 0:
            self._burst_timer.stop()
            return
        self._burst_left -= 1
        self._source.capture_still()

    @Slot(object)
    def _on_still(self, rgb: object) -> None:
        """Collect stills; emit the single one or the sharpest of the burst."""
        if not self._shooting:
            return
        self._stills.append(np.asarray(rgb))
        expected = self._burst_size if self._burst.isChecked() else 1
        if len(self._stills) < expected:
            return
        stills, self._stills = self._stills, []
        if len(stills) == 1:
            self._deliver(0, stills[0])
            return
        job = Job(0, partial(_pick_job, stills), kind="burst")
        job.signals.succeeded.connect(self._deliver)
        job.signals.failed.connect(lambda *_: self._deliver(0, stills[-1]))
        QThreadPool.globalInstance().start(job)

    @Slot(int, object)
    def _deliver(self, _rid: int, rgb: object) -> None:
        """Hand the photo to the application."""
        self._shooting = False
        self._shutter.setEnabled(True)
        self.captured.emit(rgb)

    @Slot(bool)
    def _on_active(self, active: bool) -> None:
        """A camera came up (perhaps just plugged in): clear any message and allow capture."""
        if active:
            self._view.set_message(None)
            self._shutter.setEnabled(not self._shooting)

    @Slot(str)
    def _on_failed(self, code: str) -> None:
        """Camera problems become a message on the page; the rest of the app is unaffected."""
        self._shooting = False
        self._burst_timer.stop()
        if code in CAMERA_FAILURES:
            self.cancel_countdown()
            self._shutter.setEnabled(False)
            self._view.set_message(code)
        else:
            self._shutter.setEnabled(True)
            self._view.show_notice(code)
