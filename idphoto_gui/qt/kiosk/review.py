"""The review step: the photo and each check in one plain sentence; Accept only for a printable photo."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from .base import PhotoStep, label
from .text import blocked_sentence, check_sentence, sentences


class ReviewPage(PhotoStep):
    """The photo and each check in one plain sentence; Retake always, Accept only when it may be printed."""

    retake = Signal()
    accept = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = label(self, "kioskVerdict", align=Qt.AlignmentFlag.AlignLeft)
        self.checks = label(self, "kioskChecks", align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.checks.setTextFormat(Qt.TextFormat.RichText)
        self.retake_button, self.accept_button = self.left_button, self.right_button
        self.retake_button.clicked.connect(self.retake)
        self.accept_button.clicked.connect(self.accept)
        self.side.addWidget(self.verdict)
        self.side.addWidget(scrolled(self.checks), 1)
        self._review = None
        self.retranslate()

    def show_review(self, review: Any, problem: str | None = None) -> None:
        """Show a Review (core.kiosk_customer); `problem` replaces the verdict (no face, print refused)."""
        self._review, self._problem = review, problem
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(self.tr("Your photo"))
        self.retake_button.setText(self.tr("Retake"))
        self.accept_button.setText(self.tr("Accept"))
        review = self._review
        if review is None:
            self.photo.set_rgb(None)
            return
        ok = review.printable and not self._problem
        self.accept_button.setVisible(ok)
        self.verdict.setProperty("ok", ok)
        self.verdict.style().polish(self.verdict)
        if self._problem:
            self.verdict.setText(self._problem)
        elif ok and getattr(review, "step_back", False):   # painting in is the last resort: a retake first
            self.verdict.setText(self.tr("Please step back a little and take the photo again: your shoulders "
                                         "do not fit in it. Or accept it with the shoulders completed."))
        elif ok:
            self.verdict.setText(self.tr("Your photo meets the rules. Accept it, or take it again."))
        else:
            self.verdict.setText(sentences(blocked_sentence(review.blockers), self.tr("Please take it again.")))
        self.checks.setText(checks_html(review.result.findings if review.result is not None else ()))
        self.photo.set_rgb(review.result.rgb if review.result is not None else None)


def scrolled(content: QWidget) -> QScrollArea:
    """Long findings scroll in their own area: the page never grows past the screen (Accept, Retake stay on it)."""
    area = QScrollArea(content.parentWidget())
    area.setObjectName("kioskChecksArea")
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(content)
    area.viewport().setAutoFillBackground(False)
    content.setAutoFillBackground(False)
    return area


MARKS = {"info": ("i", "#1a73e8"), "ok": ("✓", "#1e8e3e"), "warn": ("!", "#b06000"), "fail": ("✗", "#d93025")}


def _cell(f: Any, *, half: bool = False) -> str:
    """A mark and its sentence; `half`: one of two pairs spread over the full width (the mark stays narrow)."""
    mark, colour = MARKS.get(f.severity, ("•", "#5f6368"))
    widths = ("width='3%' ", "width='47%' ") if half else ("", "")
    return (f"<td {widths[0]}style='color:{colour}; font-weight:700; padding:2px 10px 2px 0'>{mark}</td>"
            f"<td {widths[1]}style='padding:2px 24px 2px 0'>{check_sentence(f)}</td>")


def checks_html(findings: Any) -> str:
    """Every check in one sentence: the problems one per row first, then the passed ones two per row."""
    unique, seen = [], set()
    for f in findings:                       # two checks that read alike are said once
        if check_sentence(f) not in seen:
            seen.add(check_sentence(f))
            unique.append(f)
    problems = [f for f in unique if f.severity in ("warn", "fail")]
    passed = [f for f in unique if f.severity == "info"] + [f for f in unique if f.severity == "ok"]
    # not_judged: the pose line already says why
    first = "".join(f"<tr>{_cell(f)}</tr>" for f in problems)
    then = "".join(f"<tr>{''.join(_cell(f, half=True) for f in passed[i:i + 2])}</tr>"
                   for i in range(0, len(passed), 2))
    return f"<table>{first}</table><table width='100%'>{then}</table>"  # the passed ones use the width
