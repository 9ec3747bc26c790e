"""The capture page's live view: the latest frame (mirrored if asked), guide overlay, hints, countdown, flash.

It only paints: frames and verdicts are pushed in by the page; the analysis runs in qt/capture_guide.py.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QLocale, QPointF, QRectF, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QWidget

from ...core.faces import capture_guide
from ...core.faces.faces import Face
from ...core.templates.template import Template
from ..common import camera as cam
from .capture_overlay import ERR, OK, WARN, accent, cosmetic_pen, paint_guide


class LiveView(QWidget):
    """Paints the latest frame (mirrored if asked) and the guide overlay; does no image analysis."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(480, 360)
        self._image: QImage | None = None
        self._mirrored = True
        self._template: Template | None = None
        self._state: capture_guide.GuideState | None = None
        self._face: Face | None = None
        self._face_size: tuple[int, int] | None = None
        self._unavailable = False
        self._message: str | None = None
        self._other_cameras = False    # a camera list with a choice is shown below the view
        self._notice: str | None = None
        self._count = 0
        self._flash = 0.0
        self._flash_timer = QTimer(self, interval=30, timeout=self._fade)
        self._notice_timer = QTimer(self, singleShot=True, interval=3000, timeout=self.show_notice)
        self.paints = 0
        self.eye_label_box = QRectF()   # where "Eyes" was last drawn (tests: inside the view, never cut)

    # -- state setters (GUI thread) -----------------------------------------------------------
    def set_frame(self, image: QImage) -> None:
        """The newest preview frame (un-mirrored)."""
        self._image = image
        self.update()

    def set_mirrored(self, on: bool) -> None:
        """Mirror the preview (only the preview)."""
        self._mirrored = bool(on)
        self.update()

    def set_guide(self, template: Template | None, state: capture_guide.GuideState | None, face: Face | None,
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

    def set_other_cameras(self, shown: bool) -> None:
        """Whether the page offers another camera, so a lost camera's advice names only what is there."""
        self._other_cameras = bool(shown)
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
            capture_guide.NO_FACE: self.tr("Look into the camera"),
            capture_guide.ONE_PERSON: self.tr("Only one person in the picture, please"),
            capture_guide.BOTH_OF_YOU: self.tr("Both of you, please: sit side by side in front of the camera"),
            capture_guide.LEVEL_PAIR: self.tr("Heads level: the taller one lean in, the shorter one sit up"),
            capture_guide.FACE_CAMERA: self.tr("Face the camera straight on"),
            capture_guide.MOVE_CLOSER: self.tr("Move closer"),
            capture_guide.MOVE_BACK: self.tr("Move back a little"),
            capture_guide.MOVE_LEFT: left + "  " + self.tr("Move to your left"),
            capture_guide.MOVE_RIGHT: self.tr("Move to your right") + "  " + right,
            capture_guide.MOVE_UP: "\u2191  " + self.tr("Move up a little"),
            capture_guide.MOVE_DOWN: "\u2193  " + self.tr("Move down a little"),
            capture_guide.LEVEL_HEAD: turn + "  " + self.tr("Keep your head level"),
            capture_guide.TOO_DARK: self.tr("Too dark: add light in front of you"),
            capture_guide.TOO_BRIGHT: self.tr("Too bright: soften the light"),
            capture_guide.HOLD_STILL: self.tr("Hold still"),
            capture_guide.READY: self.tr("Ready! Press Space or tap Capture"),
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
                              self.tr("Plug it in again, or choose another camera below.") if self._other_cameras
                              else self.tr("Plug it in again: the picture comes back by itself.")),
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
            paint_guide(p, (iw, ih), self._template, self._state, self._colour(), self._face, self._face_size)
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
        return {"ok": OK, "warning": WARN}.get(self._state.headline.severity, ERR)

    def _paint_eye_label(self, p: QPainter, xf: QTransform, size: tuple[int, int]) -> None:
        """'Eyes' beside the eye band, outside the crop on the screen's right (text never mirrored)."""
        geo = capture_guide.geometry(size, self._template)
        x, _, w, _ = geo.crop_rect
        y = sum(geo.eye_band) / 2
        right = max(xf.map(QPointF(x, y)).x(), xf.map(QPointF(x + w, y)).x())
        sy = xf.map(QPointF(x, y)).y()
        p.save()
        p.resetTransform()
        font = self._font(15, True)
        fm, text = QFontMetricsF(font), self.tr("Eyes")
        w, h = fm.horizontalAdvance(text) + 14, fm.height() + 4
        x = right + 8 if right + 8 + w <= self.width() - 4 else right - 8 - w   # no room outside: inside the edge
        box = QRectF(x, sy - h / 2, w, h)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(15, 17, 21, 190))     # the badge's dark pill: blue text on a grey wall was hard to read
        p.drawRoundedRect(box, h / 2, h / 2)
        p.setPen(accent(255).lighter(135))
        p.setFont(font)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()
        self.eye_label_box = box

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
            return self.message_texts(self._notice)[0], "", ERR
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
        p.setPen(cosmetic_pen(QColor("#8b949e"), 4))
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
