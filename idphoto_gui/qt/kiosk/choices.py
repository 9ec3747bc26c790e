"""Steps that pick one of a few big options beside the photo: background colour, number of copies."""
from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QButtonGroup, QPushButton, QVBoxLayout, QWidget

from ..common.i18n import is_chinese, plural
from .base import PhotoStep, big_button, label
from ...core.templates.colours import Background


class ChoicePage(PhotoStep):
    """A photo preview beside a set of big exclusive choices, with Back and Next (background; product)."""

    picked = Signal(object)
    back = Signal()
    next = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note = label(self, "kioskBody")
        self.choices = QVBoxLayout()
        self.group = QButtonGroup(self)
        self.buttons: list[QPushButton] = []
        self.back_button, self.next_button = self.left_button, self.right_button
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.side.addWidget(self.note)
        self.side.addLayout(self.choices)
        self.side.addStretch(1)
        self._values: list[Any] = []

    def set_choices(self, values: Sequence[Any], current: Any) -> None:
        for b in self.buttons:
            self.group.removeButton(b)
            b.deleteLater()
        self.buttons, self._values = [], list(values)
        for v in self._values:
            b = big_button(self, "kioskChoice", checkable=True)
            b.setChecked(v == current)
            self.group.addButton(b)
            b.clicked.connect(lambda _=False, vv=v: self.picked.emit(vv))
            self.choices.addWidget(b)
            self.buttons.append(b)
        self.retranslate()

    def set_photo(self, rgb: Any) -> None:
        self.photo.set_rgb(rgb)

    def choice_text(self, value: Any) -> str:
        """The label of one choice (override)."""
        return str(value)

    def choice_style(self, value: Any) -> str:
        """Extra style of one choice (override)."""
        return ""

    def retranslate(self) -> None:
        for b, v in zip(self.buttons, self._values):
            b.setText(self.choice_text(v))
            b.setStyleSheet(self.choice_style(v))


class BackgroundPage(ChoicePage):
    """Only the colours the document (and the operator) allow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names: dict[Background, tuple[str, str]] = {}
        self.retranslate()

    def choice_text(self, value: Background) -> str:
        en, zh = self.names.get(value, (value.hex, value.hex))
        return zh if is_chinese() else en

    def choice_style(self, value: Background) -> str:
        dark = QColor(value.hex).lightness() < 140
        return (f"QPushButton {{ background: {value.hex}; color: {'white' if dark else '#202124'}; }}"
                f"QPushButton:checked {{ border: 6px solid #1a73e8; }}")

    def retranslate(self) -> None:
        super().retranslate()
        self.title.setText(self.tr("Choose the background colour"))
        self.back_button.setText(self.tr("Back"))
        self.note.setText(self.tr("Only the colours this document allows are shown."))
        self.next_button.setText(self.tr("Next"))


class ProductPage(ChoicePage):
    """How many photos on the sheet; the paper is the operator's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full_count = 0
        self.paper_name = ""
        self.retranslate()

    def choice_text(self, value: Any) -> str:
        if int(value) == 0:
            return plural(self.tr("Full sheet: %n photo(s)", "", self.full_count), self.full_count)
        return plural(self.tr("%n photo(s)", "", int(value)), int(value))

    def retranslate(self) -> None:
        super().retranslate()
        self.title.setText(self.tr("How many photos?"))
        self.back_button.setText(self.tr("Back"))
        self.note.setText(self.tr("Printed at the exact size on %1 photo paper.").replace("%1", self.paper_name))
        self.next_button.setText(self.tr("Print"))
