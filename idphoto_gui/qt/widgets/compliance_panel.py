"""Compliance findings as plain sentences with numbers, green/amber/red, updated live."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ...core.findings import gated
from ..common import messages
from ..common.i18n import plural
from ..common.icons import icon

COLOURS = {"ok": "#1E9E5A", "warning": "#C27C00", "error": "#D64545", "info": "#5F6B7A"}
ICONS = {"ok": "ok", "warning": "warning", "error": "error", "info": "info"}
RANK = {"error": 0, "warning": 1, "info": 2, "ok": 3}   # info: a fact or a check not judged, nothing to do
PREBUILT_ROWS = 16
MEMO_LIMIT = 512     # sentences kept per language; a long drag makes new ones, so the memo is bounded


def severity_of(finding: Any) -> str:
    """'ok', 'info', 'warning' or 'error' (anything unknown counts as a warning)."""
    s = str(getattr(finding, "severity", "warning")).lower()
    return {"pass": "ok", "info": "info", "not_judged": "info", "fail": "error",
            "warn": "warning"}.get(s, s if s in RANK else "warning")


class FindingRow(QWidget):
    """Icon + sentence; rows are reused so live updates while dragging do not flicker."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.severity = ""
        self.icon = QLabel(self)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.icon.setFixedWidth(20)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 2, 0, 2)
        row.setSpacing(8)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.text, 1)

    def _align_icon(self) -> None:
        """Centre the icon on the first line of text, whatever the font size (kiosk, Chinese)."""
        self.icon.setFixedHeight(max(18, self.text.fontMetrics().height()))

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._align_icon()
        super().showEvent(event)

    def changeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._align_icon()
        super().changeEvent(event)

    def set(self, severity: str, text: str) -> None:
        """Show one finding."""
        if severity != self.severity:
            self.severity = severity
            self.icon.setPixmap(icon(ICONS[severity], COLOURS[severity]).pixmap(18, 18))
        if text != self.text.text():
            self.text.setText(text)


class CompliancePanel(QWidget):
    """A verdict line and one row per finding, worst first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = QLabel(self)
        self.verdict.setObjectName("verdict")
        self.verdict.setWordWrap(True)
        self.rows = QVBoxLayout()
        self.rows.setSpacing(2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.verdict)
        line = QFrame(self)
        line.setObjectName("divider")
        line.setFixedHeight(1)
        layout.addWidget(line)
        layout.addLayout(self.rows)
        self._findings: tuple = ()
        self._shown: list[tuple[str, str]] | None = None   # (severity, sentence) of the rows on screen
        self._memo: dict[Any, tuple[int, str, str]] = {}   # finding -> (rank, severity, sentence)
        self._rows: list[FindingRow] = []
        self._empty = True
        for _ in range(PREBUILT_ROWS):  # built now so the first result does not pay for widget creation
            row = FindingRow(self)
            row.hide()
            self._rows.append(row)
            self.rows.addWidget(row)
        self.set_findings(None)

    def set_findings(self, findings: tuple | None) -> None:
        """Show findings (None = no photo yet); the same findings again change nothing, and a changed one
        re-words only its own row (a colour click changes one finding of twenty)."""
        if (findings is None) == self._empty and tuple(findings or ()) == self._findings:
            return
        self._empty = findings is None
        self._findings = tuple(findings or ())
        self._refresh()

    def _worded(self, finding: Any) -> tuple[int, str, str]:
        """(rank, severity, sentence) of a finding, worded once per language."""
        try:
            hit = self._memo.get(finding)
        except TypeError:   # not hashable (a stand-in finding): word it every time
            severity = severity_of(finding)
            return RANK[severity], severity, messages.person_text(finding)
        if hit is None:
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            severity = severity_of(finding)
            hit = self._memo[finding] = (RANK[severity], severity, messages.person_text(finding))
        return hit

    def texts(self) -> list[tuple[str, str]]:
        """(severity, text) of the rows shown (tests)."""
        return [(r.severity, r.text.text()) for r in self._rows if not r.isHidden()]

    def _show_rows(self, items: list[tuple[str, str]]) -> None:
        """Rows for (severity, sentence) items in order. A row already showing an item is moved, not
        re-worded: a finding changing severity moves one row instead of re-setting every row below it."""
        if items == self._shown:
            return
        self._shown = items
        shown: dict[tuple[str, str], list[FindingRow]] = {}
        for row in self._rows:
            if not row.isHidden():
                shown.setdefault((row.severity, row.text.text()), []).append(row)
        placed = [shown[item].pop(0) if shown.get(item) else None for item in items]
        used = {id(r) for r in placed if r is not None}
        spare = [r for r in self._rows if id(r) not in used]
        for i, item in enumerate(items):
            if placed[i] is None:
                placed[i] = spare.pop(0) if spare else self._new_row()
                placed[i].set(*item)
        for i, row in enumerate(placed):
            if self.rows.indexOf(row) != i:
                self.rows.removeWidget(row)
                self.rows.insertWidget(i, row)
            if row.isHidden():
                row.show()
        for row in spare:
            if not row.isHidden():
                row.hide()
        self._rows = placed + spare

    def _new_row(self) -> FindingRow:
        row = FindingRow(self)
        self.rows.addWidget(row)
        return row

    def retranslate(self) -> None:
        """Word every row again in the current language."""
        self._memo.clear()
        self._refresh()

    def _refresh(self) -> None:
        if self._empty:
            self._show_rows([])
            self._set_verdict("", self.tr("Checks appear here once a photo is analysed."))
            return
        worded = [self._worded(f) for f in self._findings]
        order = sorted(range(len(worded)), key=lambda i: worded[i][0])
        ordered = [self._findings[i] for i in order]
        self._show_rows([worded[i][1:] for i in order])
        worst = worded[order[0]][1] if order else "ok"
        problems = sum(1 for w in worded if w[1] in ("error", "warning"))
        if worst == "error":   # the report's status "fail": count what the print gate will ask about
            fails = len(gated(ordered))
            text = self.tr("Does not meet the rules: %n problem(s)", "", fails)
            self._set_verdict("error", plural(text, fails))
        elif worst == "warning":
            text = self.tr("Check %n item(s) before printing", "", problems)
            self._set_verdict("warning", plural(text, problems))
        else:
            self._set_verdict("ok", self.tr("Meets the template's rules"))

    def _set_verdict(self, severity: str, text: str) -> None:
        if text != self.verdict.text():
            self.verdict.setText(text)
        if severity != self.verdict.property("severity"):  # re-styling is the costly part
            self.verdict.setProperty("severity", severity)
            self.verdict.style().unpolish(self.verdict)
            self.verdict.style().polish(self.verdict)
