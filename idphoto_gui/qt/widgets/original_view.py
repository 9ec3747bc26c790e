"""The original photo with the crop outline and, when several faces were found, clickable face boxes."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QPushButton, QWidget

from .canvas import ImageCanvas

CROP = QColor("#2F6FDE")
FACE = QColor("#F5A524")
FACE_HOVER = QColor("#FFFFFF")


class OriginalView(ImageCanvas):
    """Working image; faces and crop are given in working-image pixels."""

    faceClicked = Signal(int)
    everyPersonClicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._faces: list[tuple[float, float, float, float]] = []
        self._numbers: list[int] = []   # the badge of each box: its place from the left, 1-based
        self._crop: tuple[float, float, float, float, float] | None = None
        self._chosen: int | None = None
        self._hover = -1
        self._pick_mode = False
        self.setMouseTracking(True)
        self.every = QPushButton(self)
        self.every.setObjectName("everyPerson")
        self.every.clicked.connect(self.everyPersonClicked)
        self.every.hide()
        self._retranslate()

    def _retranslate(self) -> None:
        self.every.setText(self.tr("Every person"))
        self.every.setToolTip(self.tr("Make a photo of every person, each into the strip as its own photo"))
        self._place_every()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def set_faces(self, boxes: list[tuple[float, float, float, float]], *, chosen: int | None,
                  pick: bool, numbers: list[int] | None = None, every: bool = False) -> None:
        """Face boxes (x, y, w, h); `pick` makes them clickable and highlighted, numbered by `numbers`
        (left to right); `every` offers the "Every person" button."""
        self._faces = list(boxes)
        self._numbers = list(numbers) if numbers and len(numbers) == len(boxes) else \
            list(range(1, len(boxes) + 1))
        self._chosen = chosen
        self._pick_mode = pick
        self.every.setVisible(pick and every)
        self._place_every()
        self.setCursor(Qt.CursorShape.PointingHandCursor if pick else Qt.CursorShape.ArrowCursor)
        self.update()

    def set_crop(self, crop: tuple[float, float, float, float, float] | None) -> None:
        """Crop outline (cx, cy, w, h, angle_deg) in working-image pixels, or None."""
        self._crop = crop
        self.update()

    @property
    def pick_mode(self) -> bool:
        """True while the user is asked to click a face."""
        return self._pick_mode

    def _to_widget(self, target: QRectF) -> tuple[float, float, float]:
        img = self.image()
        k = target.width() / img.width() if img is not None and img.width() else 1.0
        return k, target.x(), target.y()

    def face_rects(self) -> list[QRectF]:
        """Face boxes in widget coordinates (tests click their centres)."""
        target = self.photo_rect()
        if target.isEmpty():
            return []
        k, ox, oy = self._to_widget(target)
        return [QRectF(ox + x * k, oy + y * k, w * k, h * k) for x, y, w, h in self._faces]

    def paint_overlay(self, painter: QPainter, target: QRectF) -> None:
        """Crop outline and face boxes."""
        k, ox, oy = self._to_widget(target)
        painter.save()
        painter.setClipRect(target)
        if self._crop is not None and not self._pick_mode:
            self._paint_crop(painter, k, ox, oy)
        for i, rect in enumerate(self.face_rects()):
            if not self._pick_mode and i != self._chosen:
                continue
            hover = i == self._hover and self._pick_mode
            painter.setPen(QPen(FACE_HOVER if hover else FACE, 3 if hover else 2))
            painter.setBrush(QColor(245, 165, 36, 60 if hover else 25))
            painter.drawRoundedRect(rect, 6, 6)
            if self._pick_mode:
                self._paint_badge(painter, rect, str(self._numbers[i]))
        painter.restore()

    def _paint_crop(self, painter: QPainter, k: float, ox: float, oy: float) -> None:
        cx, cy, w, h, angle = self._crop
        a = math.radians(angle)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
            x = cx + dx * ca - dy * sa
            y = cy + dx * sa + dy * ca
            pts.append(QPointF(ox + x * k, oy + y * k))
        poly = QPolygonF(pts)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 3))
        painter.drawPolygon(poly)
        painter.setPen(QPen(CROP, 1.6))
        painter.drawPolygon(poly)

    def _paint_badge(self, painter: QPainter, rect: QRectF, text: str) -> None:
        r = 13
        c = QPointF(rect.center().x(), rect.top() - r - 4 if rect.top() > 2 * r + 8 else rect.bottom() + r + 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(FACE)
        painter.drawEllipse(c, r, r)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#1F2328"))
        painter.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, text)

    def _place_every(self) -> None:
        """The "Every person" button at the bottom centre."""
        self.every.adjustSize()
        w, h = self.every.sizeHint().width() + 24, max(36, self.every.sizeHint().height())
        self.every.setGeometry((self.width() - w) // 2, self.height() - h - 12, w, h)
        self.every.raise_()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._place_every()

    def _face_at(self, pos: QPointF) -> int:
        for i, rect in enumerate(self.face_rects()):
            if rect.adjusted(-8, -8, 8, 8).contains(pos):
                return i
        return -1

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        hover = self._face_at(event.position()) if self._pick_mode else -1
        if hover != self._hover:
            self._hover = hover
            self.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._pick_mode and event.button() == Qt.MouseButton.LeftButton:
            index = self._face_at(event.position())
            if index >= 0:
                self.faceClicked.emit(index)
        super().mouseReleaseEvent(event)
