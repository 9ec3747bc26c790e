"""The sheet composer: photos from the strip, each with its own size and copies, on one paper with a caption.

Each photo is rendered by its own core session at the sheet's dpi (`core.sheets.mixed`) in a worker;
this dialog only lists the parts, shows the sheet, and saves or prints it.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QDate, QEvent, QObject, QSize, QTimer, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog, QFormLayout, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QSpinBox, QStyle, QStyleOptionComboBox,
                               QTableWidget, QVBoxLayout, QWidget)

from ...core.sheets.sheet import get_paper, save_sheet
from ...core.sheets.mixed import SheetPart, caption_fits, caption_text, mixed_sheet, edit_for_template
from ..common import messages, names
from ..common.i18n import plural
from ..common.images import rgb_to_qimage
from ..common.workers import IO
from . import fail_gate
from ..common.proof import with_proof
from .sheet_view import SheetView
from .elided_label import ElidedLabel
from .wheel_guard import WheelGuard
from .section import hint_label

log = logging.getLogger(__name__)

DPI = 300
LANE = "composer"
DEBOUNCE_MS = 150
SIZE_COLUMN_MIN = 160    # px: the size column never narrower than a short size needs
PHOTO_COLUMN_MIN = 120   # px: a photo's name keeps at least this much when a size is long


def size_combo(templates: list[Any]) -> QComboBox:
    """Sizes grouped by country (the preferred ones first: China in Chinese), a bold header per country,
    and type-to-search anywhere in a name (the list itself for browsing)."""
    from collections import defaultdict

    from PySide6.QtWidgets import QCompleter

    combo = SizeCombo()
    groups: dict[str, list[Any]] = defaultdict(list)
    for t in templates:
        groups[t.country].append(t)
    model = combo.model()
    for country in sorted(groups, key=names.country_rank):
        combo.addItem(names.country_name(country))
        header = model.item(combo.count() - 1)
        header.setEnabled(False)
        font = header.font()
        font.setBold(True)
        header.setFont(font)
        for t in groups[country]:
            combo.addItem(f"{names.record_name(t)}  {names.size_mm(t.width_mm, t.height_mm)}", t.id)
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    completer = combo.completer()
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return combo


class SizeCombo(QComboBox):
    """A size cell: type to search; not being edited, the chosen size elided in the middle when the cell is
    narrow ("US passport … 50.8 × 50.8 mm"), whole on hover."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentIndexChanged.connect(lambda _i: self.elide())

    def chosen(self) -> str:
        """The chosen size's whole text (currentText() is what the cell shows)."""
        return self.itemText(self.currentIndex())

    def elide(self) -> None:
        """The chosen size as it fits the cell now (whole while hidden or being edited)."""
        edit = self.lineEdit()
        self.setToolTip(self.chosen())
        if edit is None or edit.hasFocus():
            return
        room = edit.width() - 2 * edit.textMargins().left() - 6
        fits = not self.isVisible() or edit.fontMetrics().horizontalAdvance(self.chosen()) <= room
        edit.setText(self.chosen() if fits else
                     edit.fontMetrics().elidedText(self.chosen(), Qt.TextElideMode.ElideMiddle, max(room, 20)))
        edit.setCursorPosition(0)

    def resizeEvent(self, event) -> None:  # noqa: N802, ANN001 - Qt override
        super().resizeEvent(event)
        self.elide()

    def showEvent(self, event) -> None:  # noqa: N802, ANN001 - Qt override
        super().showEvent(event)
        self.elide()

    def setEditable(self, editable: bool) -> None:  # noqa: N802 - Qt override
        super().setEditable(editable)
        if self.lineEdit() is not None:
            self.lineEdit().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Searching starts from the whole name; leaving the cell elides it again."""
        if watched is self.lineEdit():
            if event.type() == QEvent.Type.FocusIn:
                watched.setText(self.chosen())
                watched.selectAll()
            elif event.type() == QEvent.Type.FocusOut:
                self.elide()
        return super().eventFilter(watched, event)


def chosen_width(combo: QComboBox) -> int:
    """Width the combo needs to show its chosen size whole (its list may be wider)."""
    opt = QStyleOptionComboBox()
    combo.initStyleOption(opt)
    fm = combo.fontMetrics()
    whole = combo.chosen() if isinstance(combo, SizeCombo) else combo.currentText()
    text = QSize(fm.horizontalAdvance(whole) + fm.averageCharWidth(), fm.height())
    return combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt, text, combo).width()


@dataclass
class Entry:
    """One row: which photo (strip key), which template, how many copies."""

    key: int
    template_id: str
    copies: int


class SheetComposer(QDialog):
    """Rows of photos (size, copies, order), paper, caption, proof; a live sheet; Save and Print."""

    saved = Signal(str)
    printed = Signal(bool)
    rendered = Signal()
    changed = Signal()   # rows, paper or caption changed (the order book keeps a draft)

    def __init__(self, controller: Any, engine: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheetComposer")
        self.c, self.engine = controller, engine
        self.entries: list[Entry] = []
        self.composed: Any = None
        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS, timeout=self._render)
        self._build()
        self.retranslate()
        self.resize(1100, 720)

    # ---- widgets ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.table = QTableWidget(0, 3, self)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)   # the name gets what sizes leave
        self.table.setColumnWidth(1, SIZE_COLUMN_MIN)
        self.table.setColumnWidth(2, 76)
        self.table.installEventFilter(self)    # on resize the size column is fitted again
        self.guard = WheelGuard(self.table)
        self.add_current, self.add_all = QPushButton(self), QPushButton(self)
        self.up, self.down, self.remove = QPushButton(self), QPushButton(self), QPushButton(self)
        self.add_current.clicked.connect(self.add_current_photo)
        self.add_all.clicked.connect(self.add_all_photos)
        self.up.clicked.connect(lambda: self.move(-1))
        self.down.clicked.connect(lambda: self.move(1))
        self.remove.clicked.connect(self.remove_selected)
        self.paper = QComboBox(self)
        for p in self.engine.papers():
            self.paper.addItem(names.record_name(p), p.id)
        self.paper.setCurrentIndex(max(0, self.paper.findData("4r")))
        self.paper.currentIndexChanged.connect(self.request)
        self.name, self.order, self.date = QLineEdit(self), QLineEdit(self), QLineEdit(self)
        self.date.setText(QDate.currentDate().toString(Qt.DateFormat.ISODate))
        for field in (self.name, self.order, self.date):
            field.textChanged.connect(self.request)
        self.proof = QCheckBox(self)
        self.proof.toggled.connect(self._show)
        self.view = SheetView(self)
        self.view.setMinimumSize(420, 420)
        self.status = hint_label(self)
        self.save_button, self.print_button, self.close_button = QPushButton(self), QPushButton(self), QPushButton(self)
        self.save_button.setObjectName("primary")
        self.save_button.clicked.connect(self.save_dialog)
        self.print_button.clicked.connect(self.print_dialog)
        self.close_button.clicked.connect(self.close)
        self.guard.guard(self)
        self._layout()

    def _layout(self) -> None:
        rows = QHBoxLayout()
        for b in (self.add_current, self.add_all, self.up, self.down, self.remove):
            rows.addWidget(b)
        rows.addStretch(1)
        self.form = QFormLayout()
        self.paper_label, self.name_label, self.order_label, self.date_label = (QLabel(self) for _ in range(4))
        for label, field in ((self.paper_label, self.paper), (self.name_label, self.name),
                             (self.order_label, self.order), (self.date_label, self.date)):
            self.form.addRow(label, field)
        self.form.addRow(self.proof)
        left = QVBoxLayout()
        left.addWidget(self.table, 1)
        left.addLayout(rows)
        left.addLayout(self.form)
        left.addWidget(self.status)
        right = QVBoxLayout()
        right.addWidget(self.view, 1)
        foot = QHBoxLayout()
        foot.addStretch(1)
        for b in (self.close_button, self.print_button, self.save_button):
            foot.addWidget(b)
        right.addLayout(foot)
        top = QHBoxLayout(self)
        top.addLayout(left, 5)
        top.addLayout(right, 6)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Sheet composer"))
        self.table.setHorizontalHeaderLabels([self.tr("Photo"), self.tr("Size"), self.tr("Copies")])
        self.add_current.setText(self.tr("Add this photo"))
        self.add_all.setText(self.tr("Add all photos"))
        self.up.setText(self.tr("Up"))
        self.down.setText(self.tr("Down"))
        self.remove.setText(self.tr("Remove"))
        self.paper_label.setText(self.tr("Paper"))
        self.name_label.setText(self.tr("Customer"))
        self.order_label.setText(self.tr("Order number"))
        self.date_label.setText(self.tr("Date"))
        self.name.setPlaceholderText(self.tr("Printed in the margin, never over a photo"))
        self.proof.setText(self.tr("Proof: watermark on screen and on the proof print"))
        self.save_button.setText(self.tr("Save sheet…"))
        self.save_button.setToolTip(self.tr("Save as PDF, JPEG or PNG (never with the watermark)"))
        self.print_button.setText(self.tr("Print…"))
        self.close_button.setText(self.tr("Close"))
        self.view.set_placeholder(self.tr("Add photos from the strip to compose a sheet."))
        papers = {p.id: p for p in self.engine.papers()}
        for i in range(self.paper.count()):          # paper and size names in the new language
            paper = papers.get(self.paper.itemData(i))
            if paper is not None:
                self.paper.setItemText(i, names.record_name(paper))
        if self.entries:
            self._rebuild_rows()
        self._summary()

    # ---- rows ------------------------------------------------------------------------------------
    def add_photo(self, key: int, *, template_id: str | None = None, copies: int = 1) -> None:
        """Add one strip photo (default: its current template)."""
        doc = self.c.photos.by_key(key)
        if doc is None or not doc.analysed:
            return
        self.entries.append(Entry(key, template_id or doc.edit.template.id, copies))
        self._rebuild()

    def add_current_photo(self) -> None:
        if self.c.photos.current is not None:
            self.add_photo(self.c.photos.current.key)

    def add_all_photos(self) -> None:
        """Every analysed photo of the strip not in the list yet (a second click adds nothing)."""
        there = {e.key for e in self.entries}
        for doc in list(self.c.photos.items):
            if doc.key not in there:
                self.add_photo(doc.key)

    def move(self, step: int) -> None:
        """Move the selected row up or down (the order photos are laid out in)."""
        i = self.table.currentRow()
        j = i + step
        if 0 <= i < len(self.entries) and 0 <= j < len(self.entries):
            self.entries[i], self.entries[j] = self.entries[j], self.entries[i]
            self._rebuild()
            self.table.selectRow(j)

    def remove_selected(self) -> None:
        i = self.table.currentRow()
        if 0 <= i < len(self.entries):
            del self.entries[i]
            self._rebuild()

    def _rebuild(self) -> None:
        self._rebuild_rows()
        self.request()

    def _rebuild_rows(self) -> None:
        """The rows' widgets from the entries (no new render)."""
        self.table.setRowCount(len(self.entries))
        templates = list(self.engine.templates().values())
        for row, entry in enumerate(self.entries):
            doc = self.c.photos.by_key(entry.key)
            name = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle)     # full name on hover
            name.setText(doc.name if doc else "?")
            self.table.setCellWidget(row, 0, name)
            combo = size_combo(templates)
            combo.setCurrentIndex(max(0, combo.findData(entry.template_id)))
            combo.currentIndexChanged.connect(lambda _i, e=entry, cb=combo: cb.currentData() is not None
                                              and self._set(e, template_id=cb.currentData()))
            combo.currentIndexChanged.connect(self._fit_columns)
            spin = QSpinBox()
            spin.setRange(1, 60)
            spin.setValue(entry.copies)
            spin.valueChanged.connect(lambda v, e=entry: self._set(e, copies=v))
            self.table.setCellWidget(row, 1, combo)
            self.table.setCellWidget(row, 2, spin)
        self.guard.guard(self.table)
        self._fit_columns()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A resized table fits its size column to the new room."""
        if watched is self.table and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """The size column as wide as the chosen sizes need, so the photo's name gets the rest."""
        combos = [self.table.cellWidget(r, 1) for r in range(self.table.rowCount())]
        need = max([SIZE_COLUMN_MIN] + [chosen_width(c) for c in combos if isinstance(c, QComboBox)])
        room = self.table.viewport().width() - self.table.columnWidth(2) - PHOTO_COLUMN_MIN
        self.table.setColumnWidth(1, max(SIZE_COLUMN_MIN, min(need, room)))

    def _set(self, entry: Entry, **changes: Any) -> None:
        for k, v in changes.items():
            setattr(entry, k, v)
        self.request()

    # ---- render ----------------------------------------------------------------------------------
    def caption(self) -> str:
        return caption_text(name=self.name.text(), order=self.order.text(), date=self.date.text())

    def parts(self) -> list[SheetPart]:
        out = []
        for e in self.entries:
            doc = self.c.photos.by_key(e.key)
            if doc is not None and doc.analysed:
                template = self.engine.template(e.template_id)
                out.append(SheetPart(doc.session, edit_for_template(doc.edit, template), e.copies, doc.name))
        return out

    def request(self) -> None:
        """Re-render soon (debounced; the newest request wins)."""
        self._timer.start()
        self.changed.emit()

    def _render(self) -> None:
        parts, caption = self.parts(), self.caption()
        paper = get_paper(self.paper.currentData()).size_mm
        if not parts:
            self.composed = None
            self._show()
            return

        labels = self.part_labels()

        def job() -> tuple[Any, Any]:
            composed = mixed_sheet(parts=parts, paper_mm=paper, dpi=DPI, caption=caption)
            return composed, rgb_to_qimage(composed.sheet.rgb), labels

        self.c.workers.submit(job, pool=IO, kind="compose", lane=LANE, on_done=self._done, on_failed=self._failed)

    def part_labels(self) -> list[str]:
        """Per sheet part, whose photo it is: the photo's name and its size (the gate says which failed)."""
        out = []
        for e in self.entries:
            doc = self.c.photos.by_key(e.key)
            if doc is not None and doc.analysed:
                out.append(f"{doc.name} ({names.record_name(self.engine.template(e.template_id))})")
        return out

    def _done(self, result: tuple[Any, Any, list[str]]) -> None:
        self.composed, self._image, self._labels = result
        self._show()
        self.rendered.emit()

    def _failed(self, exc: object) -> None:
        if getattr(exc, "code", "") == "cancelled":
            return
        self.composed = None
        self._show()
        code = messages.code_of(exc)  # type: ignore[arg-type]
        self.status.setText(f"{messages.error_title(code)}: {messages.error_hint(code)}")
        self.rendered.emit()

    def _show(self) -> None:
        if self.composed is None:
            self.view.set_image(None)
        else:
            self.view.set_image(with_proof(self._image) if self.proof.isChecked() else self._image)
        self._summary()

    def _summary(self) -> None:
        sheet = self.composed.sheet if self.composed else None
        self.save_button.setEnabled(sheet is not None)
        self.print_button.setEnabled(sheet is not None)
        if sheet is None:
            self.view.set_caption("")
            self.status.setText("")
            return
        n = len(sheet.layout.slots)
        count = plural(self.tr("%n photo(s)", "", n), n)
        self.view.set_caption(f"{self.paper.currentText()}  ·  {count}  ·  {names.size_mm(*sheet.paper_mm)}")
        notes = []
        missing = sum(u.count for u in sheet.layout.unplaced)
        if missing:
            notes.append(self.tr("Copies that did not fit on this paper: %1").replace("%1", str(missing)))
        if self.caption() and not caption_fits(sheet):
            notes.append(self.tr("No room for the caption in the margin: it is left out."))
        self.status.setText("\n".join(notes))

    # ---- save / print ----------------------------------------------------------------------------
    def _gate(self, what: str) -> bool:
        return fail_gate.confirm_photos(self, [(name, [f]) for name, f in self.composed.asks], what=what)

    def save_dialog(self) -> None:
        from ..common import file_dialogs

        if self.composed is None or not self._gate("save"):
            return
        first = self.c.photos.by_key(self.entries[0].key) if self.entries else None
        path = file_dialogs.ask_save(self, self.c.settings, source=first.path if first else None,
                                     template_id="mixed", kind="sheet")
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> None:
        """Write the composed sheet (no watermark, ever) in a worker; `saved` reports the path."""
        sheet = self.composed.sheet
        sources = [d.path for d in (self.c.photos.by_key(e.key) for e in self.entries) if d and d.path]
        self.c.workers.submit(lambda: str(save_sheet(sheet, path, source_paths=sources)), pool=IO,
                              kind="export-composed", on_done=self._saved, on_failed=self._save_failed)

    def _saved(self, path: str) -> None:
        from pathlib import Path

        self.c.settings.export_dir = str(Path(path).parent)
        self.status.setText(self.tr("Saved: %1").replace("%1", path))
        self.saved.emit(path)

    def _save_failed(self, exc: object) -> None:
        log.info("composed sheet not saved: %s", exc)
        self.status.setText("\n".join(messages.export_failure(exc)))   # no English reason in the Chinese window
        self.saved.emit("")

    def print_dialog(self) -> bool:
        """The print dialog, then the sheet at true size (a proof carries the watermark); confirms when sent."""
        from ..common import printing

        if self.composed is None or not self._gate("print"):
            return False
        sent = printing.show_print_dialog(self, self.composed.sheet, proof=self.proof.isChecked())
        if sent:
            self.status.setText(self.tr("Sent to the printer."))
        self.printed.emit(sent)
        return sent
