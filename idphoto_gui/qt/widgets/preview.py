"""The finished ID photo, large, with optional guides; drag to move, wheel to zoom; busy veil while analysing."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPen, QPixmap, QWheelEvent
from PySide6.QtWidgets import QPushButton, QWidget

from .canvas import ImageCanvas, centre_of

BAND = QColor(47, 111, 222, 22)
BAND_EDGE = QColor(47, 111, 222, 190)
EYE_BAND = QColor(240, 160, 20, 26)
EYE_EDGE = QColor(225, 140, 0, 210)
TICK = 0.045  # band ends drawn solid in the outer 7 % of each side, like a passport guide
MEASURED = QColor(255, 255, 255, 220)
CENTRE = QColor(255, 255, 255, 170)


@dataclass(frozen=True)
class Guides:
    """Guide positions in output-photo pixels (y from the top); None where unknown."""

    size: tuple[int, int]
    centre_x: float
    crown_band: tuple[float, float] | None = None  # where the top of the head may be
    chin_band: tuple[float, float] | None = None   # where the chin may be, given the template's head range
    eye_band: tuple[float, float] | None = None    # where the eye line may be
    crown_y: float | None = None                   # measured
    chin_y: float | None = None
    eye_y: float | None = None


SPIN_STEP = 12  # degrees per frame


def spinner_frame(angle: int, radius: float, colour: QColor, dpr: float) -> QPixmap:
    """One cached frame of the busy arc: a tick costs one drawPixmap, not a dozen painter calls."""
    key = (angle % 360 // SPIN_STEP, round(radius), colour.rgba(), dpr)
    pm = _frames.get(key)
    if pm is None:
        width = max(3.0, radius / 6)
        side = 2 * radius + 2 * width
        pm = QPixmap(round(side * dpr), round(side * dpr))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(width, width, 2 * radius, 2 * radius)
        pen = QPen(QColor(colour.red(), colour.green(), colour.blue(), 50), width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawEllipse(rect)
        pen.setColor(colour)
        p.setPen(pen)
        p.drawArc(rect, -(key[0] * SPIN_STEP) * 16, 100 * 16)
        p.end()
        _frames[key] = pm
    return pm


_frames: dict[tuple, QPixmap] = {}


def prepare_spinner_frames(dpr: float = 1.0) -> None:
    """Draw every frame of both spinner sizes once, at start, so the first busy photo stays smooth."""
    for radius, colour in ((22, QColor("#2F6FDE")), (14, QColor("#2F6FDE"))):
        for angle in range(0, 360, SPIN_STEP):
            spinner_frame(angle, radius, colour, dpr)


class Spinner:
    """An indeterminate arc driven by a timer on the owning widget; repaints only its own square."""

    def __init__(self, owner: QWidget) -> None:
        self.angle = 0
        self.rect = QRectF()
        self.timer = QTimer(owner)
        self.timer.setInterval(33)
        self.timer.timeout.connect(self._tick)
        self._owner = owner

    def _tick(self) -> None:
        self.angle = (self.angle + SPIN_STEP) % 360
        self._owner.update(self.rect.toAlignedRect().adjusted(-2, -2, 2, 2))

    def paint(self, painter: QPainter, centre: QPointF, radius: float, colour: QColor) -> None:
        """Draw the current frame centred on `centre`."""
        pm = spinner_frame(self.angle, radius, colour, painter.device().devicePixelRatioF())
        size = pm.deviceIndependentSize()
        self.rect = QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2,
                           size.width(), size.height())
        painter.drawPixmap(self.rect.topLeft(), pm)


class PhotoPreview(ImageCanvas):
    """Shows the rendered photo; emits crop gestures in output-photo pixels."""

    dragStarted = Signal()
    dragged = Signal(float, float)      # dx, dy in output pixels since the last event
    dragFinished = Signal()
    zoomRequested = Signal(float)       # factor > 1 = head larger
    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._guides: Guides | None = None
        self._show_guides = True
        self._busy_text = ""
        self._last: QPointF | None = None
        self._spinner = Spinner(self)
        self.interactive = True
        self._cancel = QPushButton(self)
        self._cancel.setObjectName("overlayButton")
        self._cancel.hide()
        self._cancel.clicked.connect(self.cancelRequested)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setMouseTracking(False)

    def set_guides(self, guides: Guides | None) -> None:
        """Guides for the current render (None hides them)."""
        self._guides = guides
        self.update()

    def set_show_guides(self, show: bool) -> None:
        """Toggle guide drawing."""
        self._show_guides = show
        self.update()

    def set_busy(self, text: str, cancel_text: str = "") -> None:
        """Show (non-empty text) or hide the busy veil with a spinner and a cancel button."""
        self._busy_text = text
        if text:
            self._spinner.timer.start()
            self._cancel.setText(cancel_text)
            self._cancel.setVisible(bool(cancel_text))
            self._place_cancel()
        else:
            self._spinner.timer.stop()
            self._cancel.hide()
        self.update()

    @property
    def busy(self) -> bool:
        """True while the veil is shown."""
        return bool(self._busy_text)

    def resizeEvent(self, event) -> None:  # noqa: N802,ANN001 - Qt override
        super().resizeEvent(event)
        self._place_cancel()

    def _place_cancel(self) -> None:
        self._cancel.adjustSize()
        c = centre_of(QRectF(self.rect()))
        self._cancel.move(int(c.x() - self._cancel.width() / 2), int(c.y() + 70))

    def _scale(self) -> float:
        img = self.image()
        rect = self.photo_rect()
        return rect.width() / img.width() if img is not None and img.width() else 1.0

    def paint_overlay(self, painter: QPainter, target: QRectF) -> None:
        """Guides while idle; a veil with a spinner while busy."""
        if self._show_guides and self._guides is not None and not self._busy_text:
            self._paint_guides(painter, target, self._guides)
        if self._busy_text:
            self._paint_busy(painter)

    def paint_empty(self, painter: QPainter) -> None:
        """Nothing to show yet: only the busy state can appear here."""
        if self._busy_text:
            self._paint_busy(painter)

    def _paint_busy(self, painter: QPainter) -> None:
        painter.save()
        target = self.photo_rect()
        if not target.isEmpty():
            painter.fillRect(target, QColor(255, 255, 255, 150))
        c = centre_of(QRectF(self.rect()))
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.setPen(Qt.PenStyle.NoPen)
        card = QRectF(c.x() - 130, c.y() - 70, 260, 180 if self._cancel.isVisible() else 140)
        painter.drawRoundedRect(card, 14, 14)
        self._spinner.paint(painter, QPointF(c.x(), c.y() - 18), 22, QColor("#2F6FDE"))
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.1)
        painter.setFont(font)
        painter.setPen(QColor("#2B3038"))
        painter.drawText(QRectF(card.x(), c.y() + 18, card.width(), 40),
                         Qt.AlignmentFlag.AlignCenter, self._busy_text)
        painter.restore()

    def _paint_guides(self, painter: QPainter, target: QRectF, g: Guides) -> None:
        painter.save()
        painter.setClipRect(target)
        k = target.height() / g.size[1] if g.size[1] else 1.0
        top, left, right = target.y(), target.x(), target.right()

        def band(span: tuple[float, float], fill: QColor, edge: QColor) -> None:
            y0, y1 = top + span[0] * k, top + span[1] * k
            painter.fillRect(QRectF(left, y0, target.width(), y1 - y0), fill)
            tick = target.width() * TICK
            solid = QColor(edge)
            solid.setAlpha(200)
            painter.fillRect(QRectF(left, y0, tick, y1 - y0), solid)
            painter.fillRect(QRectF(right - tick, y0, tick, y1 - y0), solid)
            pen = QPen(edge, 1.0, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QPointF(left, y0), QPointF(right, y0))
            painter.drawLine(QPointF(left, y1), QPointF(right, y1))

        for span in (g.crown_band, g.chin_band):
            if span:
                band(span, BAND, BAND_EDGE)
        if g.eye_band:
            band(g.eye_band, EYE_BAND, EYE_EDGE)
        pen = QPen(CENTRE, 1.0, Qt.PenStyle.DashDotLine)
        painter.setPen(pen)
        x = left + g.centre_x * k
        painter.drawLine(QPointF(x, top), QPointF(x, target.bottom()))
        painter.setPen(QPen(MEASURED, 1.4))
        for y in (g.crown_y, g.chin_y, g.eye_y):
            if y is not None:
                yy = top + y * k
                painter.drawLine(QPointF(x - target.width() * 0.18, yy), QPointF(x + target.width() * 0.18, yy))
        painter.restore()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if (self.interactive and event.button() == Qt.MouseButton.LeftButton
                and self.photo_rect().contains(event.position()) and not self._busy_text):
            self._last = event.position()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            self.dragStarted.emit()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._last is not None:
            delta = event.position() - self._last
            self._last = event.position()
            s = self._scale()
            # Dragging the photo right moves the crop window left over the source.
            self.dragged.emit(-delta.x() / s, -delta.y() / s)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._last is not None:
            self._last = None
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.dragFinished.emit()
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        steps = event.angleDelta().y() / 120.0
        if self.interactive and steps and self.image() is not None and not self._busy_text:
            self.zoomRequested.emit(1.03 ** steps)
            event.accept()
            return
        super().wheelEvent(event)
