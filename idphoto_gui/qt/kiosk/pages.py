"""The customer's steps: Start, document, review, background, product, and a message page (busy/thanks/fault)."""
from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (QButtonGroup, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy,
                               QToolButton, QVBoxLayout, QWidget)

from ..i18n import is_chinese, plural
from ..images import rgb_to_qimage
from .base import TOUCH_PX, Page, big_button, label, orient
from .text import check_sentence


def template_name(t: Any) -> str:
    """The document's name in the interface language."""
    return t.name_zh if is_chinese() else t.name_en


def size_text(t: Any) -> str:
    """'33 × 48 mm'."""
    return f"{t.width_mm:g} × {t.height_mm:g} mm"


def document_picture(t: Any, height: int = 150) -> QPixmap:
    """A picture of the document: its proportions, default background and a head-and-shoulders figure."""
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
    head = height * 0.42
    p.drawEllipse(QRectF(2 + w / 2 - head * 0.38, 2 + height * 0.14, head * 0.76, head))
    p.drawRoundedRect(QRectF(2 + w * 0.1, 2 + height * 0.62, w * 0.8, height * 0.5), w * 0.3, w * 0.3)
    p.end()
    return pix


def photo_pixmap(rgb: Any, box: QSize) -> QPixmap:
    """A photo scaled into a box (display only)."""
    image: QImage = rgb_to_qimage(rgb)
    return QPixmap.fromImage(image).scaled(box, Qt.AspectRatioMode.KeepAspectRatio,
                                           Qt.TransformationMode.SmoothTransformation)


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


class DocumentsPage(Page):
    """The operator's short list of documents, each with its picture and size."""

    chosen = Signal(object)     # Template
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout()
        self.grid.setSpacing(24)
        self.cards: list[QToolButton] = []
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
            card = QToolButton(self)
            card.setObjectName("kioskCard")
            card.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            card.setIcon(QIcon(document_picture(t, 200)))
            card.setIconSize(QSize(200, 204))
            card.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            card.setMinimumSize(QSize(4 * TOUCH_PX, 340))
            card.clicked.connect(lambda _=False, tt=t: self.chosen.emit(tt))
            self.cards.append(card)
        self._place()
        self.retranslate()

    def _place(self) -> None:
        cols = 2 if self.portrait() else 3 if len(self.cards) > 4 else max(1, min(4, len(self.cards)))
        for i, card in enumerate(self.cards):
            self.grid.addWidget(card, i // cols, i % cols)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()

    def retranslate(self) -> None:
        self.title.setText(self.tr("Which photo do you need?"))
        self.back_button.setText(self.tr("Back"))
        for card, t in zip(self.cards, self._templates):
            card.setText(f"{template_name(t)}\n{size_text(t)}")


class ReviewPage(Page):
    """The photo and each check in one plain sentence; Retake always, Accept only when it may be printed."""

    retake = Signal()
    accept = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.photo = QLabel(self)
        self.photo.setObjectName("kioskPhoto")
        self.photo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict = label(self, "kioskVerdict")
        self.checks = label(self, "kioskChecks", align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.checks.setTextFormat(Qt.TextFormat.RichText)
        self.retake_button = big_button(self)
        self.accept_button = big_button(self, "kioskPrimary")
        self.retake_button.clicked.connect(self.retake)
        self.accept_button.clicked.connect(self.accept)
        side = QVBoxLayout()
        side.addWidget(self.verdict)
        side.addWidget(self.checks, 1)
        self.body = QHBoxLayout()
        self.body.addWidget(self.photo, 1)
        self.body.addLayout(side, 1)
        row = QHBoxLayout()
        row.addWidget(self.retake_button)
        row.addStretch(1)
        row.addWidget(self.accept_button)
        self.layout_.addLayout(self.body, 1)
        self.layout_.addLayout(row)
        self._review = None
        self.retranslate()

    def show_review(self, review: Any, problem: str | None = None) -> None:
        """Show a Review (core.kiosk_customer); `problem` replaces the verdict (no face, print refused)."""
        self._review, self._problem = review, problem
        self.retranslate()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        orient(self.body, self.portrait())
        self._show_photo()

    def _show_photo(self) -> None:
        r = self._review.result if self._review is not None else None
        if r is None:
            self.photo.clear()
            return
        box = QSize(max(100, self.width() // (1 if self.portrait() else 2) - 80), max(100, self.height() // 2))
        self.photo.setPixmap(photo_pixmap(r.rgb, box))

    def retranslate(self) -> None:
        self.title.setText(self.tr("Your photo"))
        self.retake_button.setText(self.tr("Retake"))
        self.accept_button.setText(self.tr("Accept"))
        review = self._review
        if review is None:
            return
        ok = review.printable and not self._problem
        self.accept_button.setVisible(ok)
        self.verdict.setProperty("ok", ok)
        self.verdict.style().polish(self.verdict)
        if self._problem:
            self.verdict.setText(self._problem)
        elif ok:
            self.verdict.setText(self.tr("Your photo meets the rules. Accept it, or take it again."))
        else:
            from .text import blocked_sentence
            self.verdict.setText(blocked_sentence(review.blockers) + " " + self.tr("Please take it again."))
        marks = {"ok": ("✓", "#1e8e3e"), "warn": ("!", "#b06000"), "fail": ("✗", "#d93025")}
        rows = []
        for f in (review.result.findings if review.result is not None else ()):
            mark, colour = marks.get(f.severity, ("•", "#5f6368"))
            rows.append(f"<p><span style='color:{colour}; font-weight:700'>{mark}</span>&nbsp; "
                        f"{check_sentence(f)}</p>")
        self.checks.setText("".join(rows))
        self._show_photo()


class ChoicePage(Page):
    """A photo preview beside a set of big exclusive choices, with Back and Next (background; product)."""

    picked = Signal(object)
    back = Signal()
    next = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.photo = QLabel(self)
        self.photo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note = label(self, "kioskBody")
        self.choices = QVBoxLayout()
        self.group = QButtonGroup(self)
        self.buttons: list[QPushButton] = []
        self.back_button = big_button(self)
        self.next_button = big_button(self, "kioskPrimary")
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        side = QVBoxLayout()
        side.addWidget(self.note)
        side.addLayout(self.choices)
        side.addStretch(1)
        self.body = QHBoxLayout()
        self.body.addWidget(self.photo, 1)
        self.body.addLayout(side, 1)
        row = QHBoxLayout()
        row.addWidget(self.back_button)
        row.addStretch(1)
        row.addWidget(self.next_button)
        self.layout_.addLayout(self.body, 1)
        self.layout_.addLayout(row)
        self._values: list[Any] = []
        self._rgb = None

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
        self._rgb = rgb
        self._show_photo()

    def _show_photo(self) -> None:
        if self._rgb is None:
            self.photo.clear()
            return
        box = QSize(max(100, self.width() // (1 if self.portrait() else 2) - 80), max(100, self.height() // 2))
        self.photo.setPixmap(photo_pixmap(self._rgb, box))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        orient(self.body, self.portrait())
        self._show_photo()

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
        self.names: dict[str, tuple[str, str]] = {}
        self.retranslate()

    def choice_text(self, value: Any) -> str:
        en, zh = self.names.get(str(value).upper(), (str(value), str(value)))
        return zh if is_chinese() else en

    def choice_style(self, value: Any) -> str:
        dark = QColor(str(value)).lightness() < 140
        return (f"QPushButton {{ background: {value}; color: {'white' if dark else '#202124'}; }}"
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
