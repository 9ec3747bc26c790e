"""Capture page: live view + template guide overlay, hints from a worker, capture by button/Space/timer.

The GUI thread only displays frames; face detection runs on small copies in a one-thread pool with one
request in flight (frames arriving meanwhile are shown, not analysed). The captured full-resolution
still leaves through `captured` as an RGB array, ready for `imageio.from_array`.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import Callable, Sequence

import numpy as np
from PySide6.QtCore import (QEvent, QLocale, QPointF, QRectF, QSettings, QSize, Qt, QThreadPool, QTimer,
                            Signal, Slot)
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QImage, QKeySequence, QPainter, QPainterPath,
                           QPen, QShortcut, QTransform)
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QPushButton, QSizePolicy, QToolButton,
                               QVBoxLayout, QWidget)

from ...core import guide
from ...core.faces import Face
from ...core.specs import Template
from .. import camera as cam
from ..images import qimage_to_rgb, rgb_to_qimage
from ..workers import Job

log = logging.getLogger(__name__)

Detector = Callable[[np.ndarray], Sequence[Face]]
CAMERA_FAILURES = (cam.NO_CAMERA, cam.PERMISSION_DENIED, cam.CAMERA_LOST, cam.CAMERA_ERROR)
KEY_MIRROR, KEY_TIMER, KEY_BURST = "capture/mirror", "capture/timer", "capture/burst"


def _default_detector(rgb: np.ndarray) -> Sequence[Face]:
    """faces.detect_faces, looked up at call time (so tests and benchmarks can swap it)."""
    from ...core import faces

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
               side: int) -> tuple[guide.GuideState, Face | None, tuple[int, int]]:
    """Worker body: shrink, detect, assess."""
    rgb = _small_rgb(frame, side)
    state, face = guide.evaluate_frame(rgb, template, detector=detector, previous=previous)
    return state, face, (rgb.shape[1], rgb.shape[0])


def _pick_job(stills: list[np.ndarray]) -> np.ndarray:
    """Worker body: the sharpest still of a burst."""
    return stills[guide.pick_sharpest(stills)]


_OK, _WARN, _ERR = QColor("#22c55e"), QColor("#f59e0b"), QColor("#ef4444")
_ACCENT = QColor(88, 166, 255)


class LiveView(QWidget):
    """Paints the latest frame (mirrored if asked) and the guide overlay; does no image analysis."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(480, 360)
        self._image: QImage | None = None
        self._mirrored = True
        self._template: Template | None = None
        self._state: guide.GuideState | None = None
        self._face: Face | None = None
        self._face_size: tuple[int, int] | None = None
        self._unavailable = False
        self._message: str | None = None
        self._notice: str | None = None
        self._count = 0
        self._flash = 0.0
        self._flash_timer = QTimer(self, interval=30, timeout=self._fade)
        self._notice_timer = QTimer(self, singleShot=True, interval=3000, timeout=self.show_notice)
        self.paints = 0

    # -- state setters (GUI thread) -----------------------------------------------------------
    def set_frame(self, image: QImage) -> None:
        """The newest preview frame (un-mirrored)."""
        self._image = image
        self.update()

    def set_mirrored(self, on: bool) -> None:
        """Mirror the preview (only the preview)."""
        self._mirrored = bool(on)
        self.update()

    def set_guide(self, template: Template | None, state: guide.GuideState | None, face: Face | None,
                  size: tuple[int, int] | None, *, unavailable: bool = False) -> None:
        """Template to draw and the latest verdict with the face it was based on."""
        self._template, self._state, self._face, self._face_size = template, state, face, size
        self._unavailable = unavailable
        self.update()

    def set_message(self, code: str | None) -> None:
        """A full-page message (no camera, permission denied) instead of the live view."""
        self._message = code
        if code:
            self._image = None
        self.update()

    def show_notice(self, code: str | None = None) -> None:
        """A short-lived banner (a failed capture)."""
        self._notice = code
        if code:
            self._notice_timer.start()
        self.update()

    def set_countdown(self, n: int) -> None:
        """The big 3-2-1 number (0 hides it)."""
        self._count = n
        self.update()

    def flash(self) -> None:
        """A white shutter flash that fades out."""
        self._flash = 1.0
        self._flash_timer.start()

    @Slot()
    def _fade(self) -> None:
        self._flash = max(0.0, self._flash - 0.12)
        if self._flash == 0.0:
            self._flash_timer.stop()
        self.update()

    # -- texts --------------------------------------------------------------------------------
    def hint_text(self, code: str, value: float = 0.0) -> str:
        """The sitter-facing sentence for a hint code, with an arrow in screen terms."""
        left, right = ("\u2190", "\u2192") if self._mirrored else ("\u2192", "\u2190")
        # roll < 0: eye line rises to the image's right, so the fix is clockwise in the image.
        turn = "\u21bb" if (value < 0) != self._mirrored else "\u21ba"
        texts = {
            guide.NO_FACE: self.tr("Look into the camera"),
            guide.ONE_PERSON: self.tr("Only one person in the picture, please"),
            guide.FACE_CAMERA: self.tr("Face the camera straight on"),
            guide.MOVE_CLOSER: self.tr("Move closer"),
            guide.MOVE_BACK: self.tr("Move back a little"),
            guide.MOVE_LEFT: left + "  " + self.tr("Move to your left"),
            guide.MOVE_RIGHT: self.tr("Move to your right") + "  " + right,
            guide.MOVE_UP: "\u2191  " + self.tr("Move up a little"),
            guide.MOVE_DOWN: "\u2193  " + self.tr("Move down a little"),
            guide.LEVEL_HEAD: turn + "  " + self.tr("Keep your head level"),
            guide.TOO_DARK: self.tr("Too dark: add light in front of you"),
            guide.TOO_BRIGHT: self.tr("Too bright: soften the light"),
            guide.HOLD_STILL: self.tr("Hold still"),
            guide.READY: self.tr("Ready! Press Space or tap Capture"),
        }
        return texts.get(code, code)

    def message_texts(self, code: str) -> tuple[str, str]:
        """Title and advice for a camera failure or notice code."""
        texts = {
            cam.NO_CAMERA: (self.tr("No camera found"),
                            self.tr("Connect a camera and it will appear here. "
                                    "You can still import photos from files.")),
            cam.PERMISSION_DENIED: (self.tr("Camera access is turned off"),
                                    self.tr("Allow idphoto to use the camera in the system "
                                            "privacy settings, then come back to this page.")),
            cam.CAMERA_LOST: (self.tr("The camera was disconnected"),
                              self.tr("Plug it in again, or choose another camera below.")),
            cam.CAMERA_ERROR: (self.tr("The camera is not responding"),
                               self.tr("Another program may be using it. Close it and try again.")),
            cam.CAPTURE_FAILED: (self.tr("The photo could not be taken"), self.tr("Please try again.")),
        }
        return texts.get(code, (self.tr("Camera problem"), ""))

    # -- painting -----------------------------------------------------------------------------
    def _fit(self, size: QSize) -> QRectF:
        """Where the frame goes: as large as fits, centred."""
        s = min(self.width() / size.width(), self.height() / size.height())
        w, h = size.width() * s, size.height() * s
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def paintEvent(self, _event: QEvent) -> None:
        """Frame, guide overlay, hint banner, countdown, flash."""
        self.paints += 1
        p = QPainter(self)
        p.setRenderHints(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#0f1115"))
        if self._message:
            self._paint_card(p, *self.message_texts(self._message))
            return
        if self._image is None:
            self._paint_card(p, self.tr("Starting the camera\u2026"), "")
            return
        iw, ih = self._image.width(), self._image.height()
        target = self._fit(self._image.size())
        p.save()
        p.translate(target.topLeft())
        p.scale(target.width() / iw, target.height() / ih)
        if self._mirrored:
            p.translate(iw, 0)
            p.scale(-1, 1)
        p.drawImage(0, 0, self._image)
        if self._template is not None:
            self._paint_guide(p, (iw, ih))
            self._paint_eye_label(p, p.transform(), (iw, ih))
        p.restore()
        self._paint_badge(p, target)
        self._paint_banner(p, target)
        if self._count > 0:
            self._paint_countdown(p, target)
        if self._flash > 0:
            p.fillRect(target, QColor(255, 255, 255, int(220 * self._flash)))

    def _colour(self) -> QColor:
        """Green when ready, amber while adjusting, red when no usable face."""
        if self._state is None:
            return QColor(255, 255, 255)
        return {"ok": _OK, "warning": _WARN}.get(self._state.headline.severity, _ERR)

    @staticmethod
    def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
        pen = QPen(colour, width, style)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen

    def _paint_guide(self, p: QPainter, size: tuple[int, int]) -> None:
        """Veil outside the crop, crop corners, eye band, centre line, head oval, detected eyes."""
        geo = guide.geometry(size, self._template)
        crop = QRectF(*geo.crop_rect)
        veil = QPainterPath()
        veil.addRect(QRectF(0, 0, *size))
        veil.addRect(crop)
        veil.setFillRule(Qt.FillRule.OddEvenFill)
        p.fillPath(veil, QColor(8, 10, 14, 150))
        colour = self._colour()
        top, bottom = geo.eye_band
        band = QRectF(crop.left(), top, crop.width(), bottom - top)
        p.fillRect(band, QColor(_ACCENT.red(), _ACCENT.green(), _ACCENT.blue(), 40))
        p.setPen(self._pen(QColor(_ACCENT.red(), _ACCENT.green(), _ACCENT.blue(), 170), 1.2,
                           Qt.PenStyle.DashLine))
        p.drawLine(band.topLeft(), band.topRight())
        p.drawLine(band.bottomLeft(), band.bottomRight())
        p.setPen(self._pen(QColor(255, 255, 255, 90), 1.0, Qt.PenStyle.DotLine))
        p.drawLine(QPointF(geo.centre_x, crop.top()), QPointF(geo.centre_x, crop.bottom()))
        p.setPen(self._pen(QColor(255, 255, 255, 120), 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(crop)
        self._paint_corners(p, crop, colour)
        ok = self._state is not None and self._state.ok
        p.setPen(self._pen(QColor(0, 0, 0, 70), 6.0))
        p.drawEllipse(QRectF(*geo.head_oval))
        p.setPen(self._pen(colour, 3.0, Qt.PenStyle.SolidLine if ok else Qt.PenStyle.DashLine))
        p.drawEllipse(QRectF(*geo.head_oval))
        self._paint_face(p, size, colour)

    def _paint_eye_label(self, p: QPainter, xf: QTransform, size: tuple[int, int]) -> None:
        """'Eyes' beside the eye band, outside the crop on the screen's right (text never mirrored)."""
        geo = guide.geometry(size, self._template)
        x, _, w, _ = geo.crop_rect
        y = sum(geo.eye_band) / 2
        right = max(xf.map(QPointF(x, y)).x(), xf.map(QPointF(x + w, y)).x())
        sy = xf.map(QPointF(x, y)).y()
        p.save()
        p.resetTransform()
        font = self._font(15, True)
        p.setFont(font)
        p.setPen(QColor(_ACCENT.red(), _ACCENT.green(), _ACCENT.blue(), 230))
        h = QFontMetricsF(font).height()
        p.drawText(QRectF(right + 10, sy - h / 2, 200, h),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.tr("Eyes"))
        p.restore()

    def _paint_corners(self, p: QPainter, r: QRectF, colour: QColor) -> None:
        """Camera-style corner brackets on the crop rectangle."""
        n = min(r.width(), r.height()) * 0.09
        p.setPen(self._pen(colour, 5.0))
        for cx, cy, dx, dy in ((r.left(), r.top(), 1, 1), (r.right(), r.top(), -1, 1),
                               (r.left(), r.bottom(), 1, -1), (r.right(), r.bottom(), -1, -1)):
            p.drawLine(QPointF(cx, cy), QPointF(cx + dx * n, cy))
            p.drawLine(QPointF(cx, cy), QPointF(cx, cy + dy * n))

    def _paint_face(self, p: QPainter, size: tuple[int, int], colour: QColor) -> None:
        """The detected eye line and chin, so the sitter sees what the guide measures."""
        if self._face is None or not self._face_size:
            return
        s = size[0] / self._face_size[0]
        pts = [QPointF(x * s, y * s) for x, y in (self._face.right_eye, self._face.left_eye,
                                                  self._face.chin)]
        p.setPen(self._pen(colour, 2.0))
        p.drawLine(pts[0], pts[1])
        p.setBrush(colour)
        r = max(3.0, size[0] / 220)
        for pt in pts:
            p.drawEllipse(pt, r, r)

    def _font(self, px: float, bold: bool = False) -> QFont:
        f = QFont(self.font())
        f.setPixelSize(max(12, int(px)))
        f.setBold(bold)
        return f

    def _pill(self, p: QPainter, centre_x: float, y: float, text: str, font: QFont,
              fill: QColor, pad: float) -> QRectF:
        """Rounded label centred on `centre_x` with its top at `y`."""
        fm = QFontMetricsF(font)
        w, h = fm.horizontalAdvance(text) + 2.4 * pad, fm.height() + pad
        r = QRectF(centre_x - w / 2, y, w, h)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawRoundedRect(r, h / 2, h / 2)
        p.setPen(QColor("white"))
        p.setFont(font)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
        return r

    def _paint_badge(self, p: QPainter, target: QRectF) -> None:
        """Template name and size, top left."""
        if self._template is None:
            return
        t = self._template
        zh = QLocale().language() == QLocale.Language.Chinese
        text = t.name_zh if zh else t.name_en
        if f"{t.width_mm:g}" not in text:
            text += f"  \u00b7  {t.width_mm:g} \u00d7 {t.height_mm:g} mm"
        font = self._font(target.height() * 0.028, True)
        w = QFontMetricsF(font).horizontalAdvance(text) + 2.4 * 10
        self._pill(p, target.left() + 14 + w / 2, target.top() + 14, text, font,
                   QColor(15, 17, 21, 190), 10)

    def _banner_lines(self) -> tuple[str, str, QColor]:
        """Headline, secondary line and colour for the banner."""
        if self._notice:
            return self.message_texts(self._notice)[0], "", _ERR
        if self._template is None:
            return self.tr("Choose a photo size to see the guide"), "", QColor(40, 44, 52)
        if self._unavailable:
            return self.tr("Live guide unavailable; you can still take photos"), "", QColor(40, 44, 52)
        if self._state is None:
            return self.tr("Looking for a face\u2026"), "", QColor(40, 44, 52)
        texts = [self.hint_text(h.code, h.value) for h in self._state.hints]
        return texts[0], "   \u00b7   ".join(texts[1:3]), self._colour()

    def _paint_banner(self, p: QPainter, target: QRectF) -> None:
        """The headline hint as a large pill near the bottom, further hints above it."""
        head, more, colour = self._banner_lines()
        big = self._font(max(22, target.height() * 0.05), True)
        fill = QColor(colour)
        fill.setAlpha(235)
        h = QFontMetricsF(big).height() + 22
        y = target.bottom() - h - target.height() * 0.04
        self._pill(p, target.center().x(), y, head, big, fill, 22)
        if more:
            small = self._font(max(15, target.height() * 0.03))
            sh = QFontMetricsF(small).height() + 12
            self._pill(p, target.center().x(), y - sh - 8, more, small, QColor(15, 17, 21, 200), 12)

    def _paint_countdown(self, p: QPainter, target: QRectF) -> None:
        """A big outlined 3-2-1 that lets the face show through."""
        font = self._font(target.height() * 0.42, True)
        path = QPainterPath()
        path.addText(0, 0, font, str(self._count))
        box = path.boundingRect()
        path.translate(target.center() - box.center())
        p.setPen(QPen(QColor(0, 0, 0, 150), 8))
        p.setBrush(QColor(255, 255, 255, 215))
        p.drawPath(path)

    def _paint_card(self, p: QPainter, title: str, body: str) -> None:
        """A centred message with a drawn camera icon (no camera, permission, starting)."""
        w = min(self.width() * 0.8, 620.0)
        c = QPointF(self.width() / 2, self.height() / 2)
        icon = QRectF(c.x() - 44, c.y() - 120, 88, 60)
        p.setPen(self._pen(QColor("#8b949e"), 4))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(icon, 12, 12)
        p.drawEllipse(icon.center(), 17, 17)
        p.drawRect(QRectF(icon.left() + 14, icon.top() - 8, 22, 8))
        p.setPen(QColor("#e8eaed"))
        p.setFont(self._font(26, True))
        p.drawText(QRectF(c.x() - w / 2, c.y() - 40, w, 44), Qt.AlignmentFlag.AlignCenter, title)
        p.setPen(QColor("#a8b0ba"))
        p.setFont(self._font(17))
        p.drawText(QRectF(c.x() - w / 2, c.y() + 10, w, 90),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                   body)


class CapturePage(QWidget):
    """Camera page for kiosks and studios; emits `captured(rgb)` with the full-resolution photo."""

    captured = Signal(object)          # (H, W, 3) uint8 RGB, not mirrored
    guide_changed = Signal(object)     # guide.GuideState of the latest analysed frame

    def __init__(self, settings: QSettings, *, source: cam.FrameSource | None = None,
                 template: Template | None = None, detector: Detector | None = None,
                 detect_side: int = 400, burst_size: int = 3, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._template = template
        self._detector = detector or _default_detector
        self._side = detect_side
        self._burst_size = burst_size
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._job: Job | None = None
        self._rid = 0
        self._min_rid = 0           # results from requests before this id are stale (template changed)
        self._previous: Face | None = None
        self._stills: list[np.ndarray] = []
        self._shooting = False
        self.frames_shown = 0
        self.frames_processed = 0
        self._countdown = QTimer(self, interval=1000, timeout=self._tick)
        self._burst_timer = QTimer(self, interval=120, timeout=self._burst_next)
        self._burst_left = 0
        self._build()
        self.set_source(source if source is not None else cam.QtCameraSource(settings, self))

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
        if isinstance(source, cam.QtCameraSource):
            source.devices_changed.connect(self._fill_cameras)
        self._fill_cameras()

    def source(self) -> cam.FrameSource:
        """The frame source in use."""
        return self._source

    def set_template(self, template: Template | None) -> None:
        """Guide for another photo standard; results computed for the old one are dropped."""
        self._template = template
        self._min_rid = self._rid + 1
        self._previous = None
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
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)

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
        is_cam = isinstance(self._source, cam.QtCameraSource)
        self._cameras.setVisible(is_cam)
        if not is_cam:
            return
        self._cameras.clear()
        current = self._source.device_id()
        for d in cam.QtCameraSource.devices():
            did = bytes(d.id().data()).decode(errors="replace")
            self._cameras.addItem(d.description(), did)
            if did == current:
                self._cameras.setCurrentIndex(self._cameras.count() - 1)
        self._cameras.setVisible(self._cameras.count() > 0)
        self._cameras.setEnabled(self._cameras.count() > 1)

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
        if self._job is None and self._template is not None:
            self._submit(frame)

    def _submit(self, frame: object) -> None:
        """Queue detection on a small copy of `frame`."""
        self._rid += 1
        fn = partial(_guide_job, frame, self._template, self._detector, self._previous, self._side)
        job = Job(self._rid, fn, kind="guide")
        job.signals.succeeded.connect(self._on_guide)
        job.signals.failed.connect(self._on_guide_failed)
        self._job = job
        self._pool.start(job)

    @Slot(int, object)
    def _on_guide(self, rid: int, result: object) -> None:
        """A frame was analysed: update hints and overlay."""
        self._job = None
        self.frames_processed += 1
        if rid < self._min_rid:
            return
        state, face, size = result
        self._previous = face
        self._view.set_guide(self._template, state, face, size)
        self.guide_changed.emit(state)

    @Slot(int, object)
    def _on_guide_failed(self, rid: int, exc: object) -> None:
        """Detection failed (e.g. a damaged model): the view keeps running without hints."""
        self._job = None
        self.frames_processed += 1
        log.warning("live guide failed: %s", exc)
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
