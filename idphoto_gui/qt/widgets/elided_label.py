"""A one-line label that shortens its text with an ellipsis instead of pushing its neighbours away."""
from __future__ import annotations

import re

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget


class ElidedLabel(QWidget):
    """Shows as much of the text as fits; the full text is in the tooltip."""

    def __init__(self, parent: QWidget | None = None, *, mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
                 separator: str = "") -> None:
        super().__init__(parent)
        self._text = ""
        self._mode = mode       # ElideMiddle keeps a file name's start and its number/extension
        self._separator = separator   # text of parts: whole parts drop from the end before one is cut
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 - QLabel-compatible name
        self._text = text
        self.setToolTip(text)
        self.updateGeometry()
        self.update()

    def text(self) -> str:
        return self._text

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        fm = self.fontMetrics()
        return QSize(fm.horizontalAdvance(self._text), fm.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(0, self.fontMetrics().height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setPen(self.palette().color(self.foregroundRole()))
        text = self.fontMetrics().elidedText(self.fitted(), self._mode, self.width())
        p.drawText(self.rect(), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        p.end()

    def fitted(self) -> str:
        """The text, or with a separator the longest run of whole leading parts that fits (no "295 × 41…")."""
        fm, width, text = self.fontMetrics(), self.width(), self._text
        if not self._separator or fm.horizontalAdvance(text) <= width:
            return text
        tight = re.sub(rf"\s+{re.escape(self._separator)}\s+", f" {self._separator} ", text)
        if fm.horizontalAdvance(tight) <= width:    # one space each side before a whole part drops
            return tight
        cuts = [i for i in range(len(text)) if text.startswith(self._separator, i)]
        for i in reversed(cuts):
            if fm.horizontalAdvance(text[:i].rstrip()) <= width:
                return text[:i].rstrip()
        return text[:cuts[0]].rstrip() if cuts else text
