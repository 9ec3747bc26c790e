"""Export controls: photo format, dpi and KB cap; cut-out; print sheet paper and copies.

Save photo, Print and Sheet live in `footer`, which the window keeps visible below the scrolling panel.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from ..common import names
from ..common.i18n import plural
from ..common.icons import ON_ACCENT, icon

DPI_CHOICES = (254, 300, 350, 400, 600)  # ascending; a template's own dpi is inserted in order


class ExportPanel(QWidget):
    """Options + buttons; the window asks it for the chosen values when a button is pressed."""

    savePhotoRequested = Signal()
    saveCutoutRequested = Signal()
    saveSheetRequested = Signal()
    printRequested = Signal()
    printPreviewRequested = Signal()
    composeRequested = Signal()
    contactSheetRequested = Signal()
    sheetOptionsChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._blocked = ""  # why this photo cannot be saved or printed (its crop cuts the head), or ""
        self.format = QComboBox(self)
        self.format.addItem("JPEG", "JPEG")
        self.format.addItem("PNG", "PNG")
        self.dpi = QComboBox(self)
        for d in DPI_CHOICES:
            self.dpi.addItem(f"{d} dpi", d)
        self.max_kb = QSpinBox(self)
        self.max_kb.setRange(0, 20000)
        self.max_kb.setSingleStep(10)
        self.footer = QFrame()
        self.footer.setObjectName("panelFooter")
        self.save_photo = QPushButton(self.footer)
        self.save_photo.setObjectName("primary")
        self.save_photo.setIcon(icon("save", ON_ACCENT))
        self.save_cutout = QPushButton(self)
        self.save_cutout.setIcon(icon("cutout"))
        self.paper = QComboBox(self)
        self.copies = QSpinBox(self)
        self.copies.setRange(0, 200)
        self.fits = QLabel(self)
        self.fits.setObjectName("hint")
        self.save_sheet = QPushButton(self)
        self.save_sheet.setIcon(icon("sheet"))
        self.print_button = QPushButton(self.footer)
        self.print_button.setIcon(icon("print"))
        self.compose_button = QPushButton(self.footer)
        self.compose_button.setIcon(icon("sheet"))
        self.preview_button = QPushButton(self)
        self.preview_button.setIcon(icon("preview"))
        self.contact_button = QPushButton(self)
        self.contact_button.setIcon(icon("sheet"))
        self._build()
        self.save_photo.clicked.connect(self.savePhotoRequested)
        self.save_cutout.clicked.connect(self.saveCutoutRequested)
        self.save_sheet.clicked.connect(self.saveSheetRequested)
        self.print_button.clicked.connect(self.printRequested)
        self.preview_button.clicked.connect(self.printPreviewRequested)
        self.compose_button.clicked.connect(self.composeRequested)
        self.contact_button.clicked.connect(self.contactSheetRequested)
        self.paper.currentIndexChanged.connect(lambda _i: self.sheetOptionsChanged.emit())
        self.copies.valueChanged.connect(lambda _v: self.sheetOptionsChanged.emit())
        self.retranslate()

    def _build(self) -> None:
        self.form = QFormLayout()
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.form.setHorizontalSpacing(12)
        self.form.setVerticalSpacing(8)
        self.format_label, self.dpi_label, self.kb_label = QLabel(self), QLabel(self), QLabel(self)
        self.form.addRow(self.format_label, self.format)
        self.form.addRow(self.dpi_label, self.dpi)
        self.form.addRow(self.kb_label, self.max_kb)
        self.sheet_title = QLabel(self)
        self.sheet_title.setObjectName("subheading")
        self.sheet_form = QFormLayout()
        self.sheet_form.setHorizontalSpacing(12)
        self.sheet_form.setVerticalSpacing(8)
        self.paper_label, self.copies_label = QLabel(self), QLabel(self)
        self.sheet_form.addRow(self.paper_label, self.paper)
        self.sheet_form.addRow(self.copies_label, self.copies)
        buttons = QGridLayout()
        buttons.setSpacing(6)
        buttons.addWidget(self.save_sheet, 0, 0)
        buttons.addWidget(self.preview_button, 0, 1)
        buttons.addWidget(self.contact_button, 1, 0, 1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addLayout(self.form)
        layout.addWidget(self.save_cutout)
        layout.addSpacing(6)
        layout.addWidget(self.sheet_title)
        layout.addLayout(self.sheet_form)
        layout.addWidget(self.fits)
        layout.addLayout(buttons)
        foot = QVBoxLayout(self.footer)
        foot.setContentsMargins(12, 8, 14, 10)
        foot.setSpacing(6)
        foot.addWidget(self.save_photo)
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(self.print_button, 1)
        row.addWidget(self.compose_button, 1)
        foot.addLayout(row)

    def retranslate(self) -> None:
        self.format_label.setText(self.tr("Format"))
        self.dpi_label.setText(self.tr("Resolution"))
        self.kb_label.setText(self.tr("File size cap"))
        self.max_kb.setSuffix(" KB")
        self.max_kb.setSpecialValueText(self.tr("No limit"))
        self.max_kb.setToolTip(self.tr("Upload portals often limit the file size; 0 means no limit."))
        self.save_photo.setText(self.tr("Save photo…"))
        self.save_photo.setToolTip(self.tr("Save the ID photo (Ctrl+S)"))
        self.save_cutout.setText(self.tr("Save transparent cut-out…"))
        self.sheet_title.setText(self.tr("Print sheet"))
        self.paper_label.setText(self.tr("Paper"))
        self.copies_label.setText(self.tr("Copies"))
        self.copies.setSpecialValueText(self.tr("Fill the sheet"))
        self.save_sheet.setText(self.tr("Save sheet…"))
        self.print_button.setText(self.tr("Print…"))
        self.print_button.setToolTip(self.tr("Print the sheet at true size (Ctrl+P)"))
        self.save_sheet.setToolTip(self.tr("Save the print sheet as JPEG, PNG or PDF (Ctrl+Shift+S)"))
        self.compose_button.setText(self.tr("Sheet…"))
        self.compose_button.setToolTip(self.tr("Compose a sheet of several photos and sizes (Ctrl+M)"))
        self.preview_button.setText(self.tr("Preview"))
        self.preview_button.setToolTip(self.tr("Print preview at true size"))
        self.contact_button.setText(self.tr("Contact sheet of all photos…"))
        self.contact_button.setToolTip(self.tr("Thumbnails of every photo in the strip with its name and worst check"))
        self.set_fits(getattr(self, "_placed", 0))
        self.save_cutout.setToolTip(self.tr("A PNG with a transparent background, same crop"))
        for b in self._photo_buttons() if self._blocked else ():
            b.setToolTip(self._blocked)

    def set_papers(self, papers: list[Any], current: str) -> None:
        """Fill the paper list (names in the active language)."""
        self.paper.blockSignals(True)
        self.paper.clear()
        for p in papers:
            self.paper.addItem(f"{names.record_name(p)}", p.id)
            self.paper.setItemData(self.paper.count() - 1, names.size_mm(p.width_mm, p.height_mm),
                                   Qt.ItemDataRole.ToolTipRole)
        idx = self.paper.findData(current)
        self.paper.setCurrentIndex(idx if idx >= 0 else min(1, self.paper.count() - 1))
        self.paper.blockSignals(False)

    def set_template_defaults(self, template: Any) -> None:
        """DPI and KB cap follow the template when it changes."""
        dpi = int(template.dpi)
        idx = self.dpi.findData(dpi)
        if idx < 0:
            idx = next((i for i in range(self.dpi.count()) if self.dpi.itemData(i) > dpi), self.dpi.count())
            self.dpi.insertItem(idx, f"{dpi} dpi", dpi)
        self.dpi.setCurrentIndex(idx)
        self.max_kb.setValue(int(template.max_kb or 0))

    def set_fits(self, placed: int) -> None:
        """'8 photos on this sheet' under the paper choice (kept, so a language switch rewrites it)."""
        self._placed = placed
        self.fits.setText(plural(self.tr("%n photo(s) on this sheet", "", placed), placed) if placed else "")

    def set_enabled_for_photo(self, enabled: bool, *, blocked: str = "") -> None:
        """Buttons need a finished photo. A photo its crop cannot make
        (`blocked` says why, in the buttons' tooltips) keeps only the cut-out, the composer and the contact sheet."""
        for b in (self.save_cutout, self.compose_button, self.contact_button):
            b.setEnabled(enabled)
        for b in self._photo_buttons():
            b.setEnabled(enabled and not blocked)
        if blocked != self._blocked:
            self._blocked = blocked
            self.retranslate()

    def _photo_buttons(self) -> tuple[QPushButton, ...]:
        """The buttons that make this photo (refused while its crop cannot)."""
        return self.save_photo, self.save_sheet, self.print_button, self.preview_button

    def options(self) -> dict[str, Any]:
        """Current export choices."""
        return {"format": self.format.currentData(), "dpi": int(self.dpi.currentData()),
                "max_kb": self.max_kb.value() or None, "paper": self.paper.currentData(),
                "copies": self.copies.value() or None}
