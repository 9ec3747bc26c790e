"""The customer's steps: Start, document, and a message page (busy, thank you, fault)."""
from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QSizePolicy, QToolButton, QWidget

from ..common.i18n import is_chinese
from .base import BUTTON_PX, TOUCH_PX, Page, big_button, label


CARD_TEXT_PX, CARD_PADDING_PX = 28, 18     # kiosk.qss: QToolButton#kioskCard font-size and padding


def template_name(t: Any) -> str:
    """The document's name in the interface language."""
    return t.name_zh if is_chinese() else t.name_en


def size_text(t: Any) -> str:
    """'33 × 48 mm'."""
    return f"{t.width_mm:g} × {t.height_mm:g} mm"


def document_picture(t: Any, height: int = 150) -> QPixmap:
    """A picture of the document: its proportions, default background and a head-and-shoulders figure
    for each person on it (the marriage photo shows two)."""
    w = max(1, round(height * t.width_mm / t.height_mm))
    pix = QPixmap(w + 4, height + 4)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QColor("#9aa0a6"))
    p.setBrush(QColor(t.default_background))
    p.drawRect(QRectF(2, 2, w, height))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#5f6368"))
    people = 2 if getattr(t, "kind", "") == "pair" else 1
    slot = w / people
    head = height * 0.42
    for i in range(people):
        cx = 2 + slot * (i + 0.5)
        p.drawEllipse(QRectF(cx - head * 0.38, 2 + height * 0.14, head * 0.76, head))
        body = min(slot * 0.8, w * 0.8)
        p.drawRoundedRect(QRectF(cx - body / 2, 2 + height * 0.62, body, height * 0.5), body * 0.3, body * 0.3)
    p.end()
    return pix


def wrap_to(text: str, fm: QFontMetrics, width: int) -> list[str]:
    """Greedy lines no wider than `width` px: between words, or between characters in Chinese (no spaces)."""
    spaced = " " in text
    lines: list[str] = []
    for token in (text.split() if spaced else list(text)):
        joined = f"{lines[-1]} {token}" if spaced and lines else (lines[-1] + token if lines else token)
        if lines and fm.horizontalAdvance(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(token)
    return lines


class StartPage(Page):
    """The attract screen: a welcome, the two languages, one big Start button; staff access in a corner."""

    start = Signal()
    language = Signal(str)
    staff = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.subtitle = label(self, "kioskBody")
        self.notice = label(self, "kioskFault")
        self.notice.hide()
        self.start_button = big_button(self, "kioskPrimary", height=120)
        self.start_button.setMinimumWidth(560)
        self.start_button.clicked.connect(self.start)
        langs = QHBoxLayout()
        self.lang_buttons = {}
        for code, text in (("zh_CN", "中文"), ("en", "English")):   # each in its own language
            b = big_button(self, "kioskLanguage", checkable=True)
            b.setText(text)
            b.clicked.connect(lambda _=False, c=code: self.language.emit(c))
            self.lang_buttons[code] = b
            langs.addWidget(b)
        self.staff_button = big_button(self, "kioskStaff", height=TOUCH_PX)
        self.staff_button.clicked.connect(self.staff)
        lay = self.layout_
        lay.insertStretch(0, 2)
        lay.addWidget(self.subtitle)
        lay.addStretch(1)
        lay.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addWidget(self.notice)
        lay.addLayout(langs)
        lay.addStretch(2)
        lay.addWidget(self.staff_button, 0, Qt.AlignmentFlag.AlignRight)
        self.retranslate()

    def set_language(self, code: str) -> None:
        for c, b in self.lang_buttons.items():
            b.setChecked(c == code)

    def set_fault(self, text: str | None) -> None:
        """Out of service (no printer): the customer reads why and cannot start."""
        self.notice.setVisible(bool(text))
        self.notice.setText(text or "")
        self.start_button.setEnabled(not text)

    def retranslate(self) -> None:
        self.title.setText(self.tr("ID photos in three minutes"))
        self.subtitle.setText(self.tr("Passport, visa and ID card photos, printed here at the right size."))
        self.start_button.setText(self.tr("Start"))
        self.staff_button.setText(self.tr("Staff"))
        # never narrower than its words, from the first frame on (the corner button is not stretched by the layout)
        self.staff_button.setMinimumWidth(self.staff_button.sizeHint().width())


class DocumentsPage(Page):
    """The operator's short list of documents, each with its picture and size."""

    chosen = Signal(object)     # Template
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout()
        self.grid.setSpacing(24)
        self.cards: list[DocumentCard] = []
        self._templates: list[Any] = []
        self.back_button = big_button(self)
        self.back_button.clicked.connect(self.back)
        self.layout_.addLayout(self.grid)
        self.layout_.addStretch(1)
        self.layout_.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.retranslate()

    def set_documents(self, templates: Sequence[Any]) -> None:
        for card in self.cards:
            card.deleteLater()
        self.cards, self._templates = [], list(templates)
        for t in self._templates:
            card = DocumentCard(self)
            card.setObjectName("kioskCard")
            card.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            card.setIcon(QIcon(document_picture(t, 200)))
            card.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)  # a row's cards: one height
            card.setMinimumSize(QSize(4 * TOUCH_PX, 3 * TOUCH_PX))
            card.clicked.connect(lambda _=False, tt=t: self.chosen.emit(tt))
            self.cards.append(card)
        self._place()
        self.retranslate()

    def _place(self) -> None:
        cols = 2 if self.portrait() else 3 if len(self.cards) > 4 else max(1, min(4, len(self.cards)))
        for i, card in enumerate(self.cards):
            self.grid.addWidget(card, i // cols, i % cols)
        for c in range(4):
            self.grid.setColumnStretch(c, 1 if c < cols else 0)
        rows = max(1, -(-len(self.cards) // cols))
        # the pictures shrink so that every row of cards and Back fit the screen (two rows on a 768 px screen)
        room = self.height() - 2 * 40 - self.title.sizeHint().height() - BUTTON_PX - 3 * 28 - 24 * (rows - 1)
        font = QFont(self.font())
        font.setPixelSize(CARD_TEXT_PX)
        text = 4 * QFontMetrics(font).height() + 2 * CARD_PADDING_PX + 24
        side = max(64, min(200, room // rows - text))
        for card in self.cards:
            card.setIconSize(QSize(side, side + 4))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()

    def retranslate(self) -> None:
        self.title.setText(self.tr("Which photo do you need?"))
        self.back_button.setText(self.tr("Back"))
        for card, t in zip(self.cards, self._templates):
            card.set_texts(template_name(t), size_text(t))


class DocumentCard(QToolButton):
    """A document's picture, name and size; the name is laid out again at each width, never cut with '…'."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._texts = ("", "")

    def set_texts(self, name: str, size: str) -> None:
        self._texts = (name, size)
        self._lay_out()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def _lay_out(self) -> None:
        """Whole lines that fit the card; a word too long for it, or more than three lines: smaller type."""
        name, size = self._texts
        room, px = max(60, self.width() - 2 * CARD_PADDING_PX - 24), CARD_TEXT_PX
        font = QFont(self.font())
        while True:
            font.setPixelSize(px)
            fm = QFontMetrics(font)
            lines = wrap_to(name, fm, room)
            if px <= 16 or (len(lines) <= 3 and all(fm.horizontalAdvance(x) <= room for x in [*lines, size])):
                break
            px -= 2
        self.setStyleSheet(f"font-size: {px}px;" if px != CARD_TEXT_PX else "")
        self.setText("\n".join([*lines, size]))


class MessagePage(Page):
    """A big message with up to two buttons: busy, thank you, or a fault."""

    primary = Signal()
    secondary = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.body = label(self, "kioskBody")
        self.primary_button = big_button(self, "kioskPrimary")
        self.secondary_button = big_button(self)
        self.primary_button.clicked.connect(self.primary)
        self.secondary_button.clicked.connect(self.secondary)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.secondary_button)
        row.addWidget(self.primary_button)
        row.addStretch(1)
        self.layout_.insertStretch(0, 1)
        self.layout_.addWidget(self.body)
        self.layout_.addStretch(1)
        self.layout_.addLayout(row)
        self.layout_.addStretch(1)
        self._texts: Any = None

    def show_texts(self, texts: Any) -> None:
        """`texts()` -> (title, body, primary or '', secondary or ''), called again on a language change."""
        self._texts = texts
        self.retranslate()

    def retranslate(self) -> None:
        if self._texts is None:
            return
        title, body, first, second = self._texts()
        self.title.setText(title)
        self.body.setText(body)
        self.primary_button.setText(first)
        self.primary_button.setVisible(bool(first))
        self.secondary_button.setText(second)
        self.secondary_button.setVisible(bool(second))
