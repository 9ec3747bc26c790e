"""A titled card for the right-hand panel."""
from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget


class Section(QFrame):
    """Card with a small uppercase heading and one content widget."""

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("section")
        self.heading = QLabel(self)
        self.heading.setObjectName("sectionHeading")
        self.trailing = QHBoxLayout()
        self.trailing.setSpacing(4)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.heading, 1)
        top.addLayout(self.trailing)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 14)
        layout.setSpacing(10)
        layout.addLayout(top)
        layout.addWidget(content)
        self.content = content

    def set_title(self, text: str) -> None:
        self.heading.setText(text)


def hint_label(parent: QWidget, *, wrap: bool = True) -> QLabel:
    """A small grey explanatory line (the style sheet's #hint), wrapped unless told otherwise."""
    label = QLabel(parent)
    label.setObjectName("hint")
    label.setWordWrap(wrap)
    return label
