"""The busy arc: frames drawn once and cached, so an animation tick is a single drawPixmap."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QWidget

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
