"""The live print sheet at true proportions, with a one-line summary underneath."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from .canvas import ImageCanvas


class SheetView(ImageCanvas):
    """Paints the rendered sheet on the backdrop; the caption names paper, copies and size."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._caption = ""
        self._placeholder = ""

    def set_caption(self, text: str) -> None:
        """'6-inch (4R) · 8 photos · 102 × 152 mm'."""
        self._caption = text
        self.update()

    def set_placeholder(self, text: str) -> None:
        """Shown when there is no sheet yet."""
        self._placeholder = text
        self.update()

    def margin(self) -> int:
        return max(24, min(48, min(self.width(), self.height()) // 10))

    def bottom_reserve(self) -> int:
        """Room for the caption."""
        return 16 if self._caption else 0

    def paint_overlay(self, painter: QPainter, target: QRectF) -> None:
        """Caption under the paper."""
        if self._caption:
            painter.setPen(QColor("#59616C"))
            rect = QRectF(0, target.bottom() + 8, self.width(), self.height() - target.bottom() - 8)
            painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, self._caption)

    def paint_empty(self, painter: QPainter) -> None:
        """Placeholder text."""
        painter.setPen(QColor("#8A929E"))
        painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self._placeholder)
