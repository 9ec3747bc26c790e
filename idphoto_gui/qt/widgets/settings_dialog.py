"""Preferences: language, model, folders, orders, memory, privacy, clearing the strip."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from ..common.settings import AppSettings
from .section import hint_label

MODEL_NAMES = {"rvm": ("Robust Video Matting (best hair, GPL-3.0)", "RVM（发丝最佳，GPL-3.0）"),
               "u2netp": ("U2-Net-p (fast, Apache-2.0)", "U2-Net-p（快速，Apache-2.0）")}


class SettingsDialog(QDialog):
    """Edits AppSettings; emits what changed so the window can apply it without a restart."""

    languageChosen = Signal(str)
    modelChosen = Signal(str)
    ordersChanged = Signal()
    hotFolderChanged = Signal()   # the watched folder or its "apply" choice changed   # the order book's retention or privacy setting changed
    memoryChanged = Signal()     # cache budget or "never store photos" changed: apply now
    garmentsChanged = Signal(str)   # the studio's garment folder changed ("" = none)

    def __init__(self, settings: AppSettings, models: tuple[str, ...], parent: QWidget | None = None, *,
                 templates: list | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        from ..common.names import record_name, size_mm

        self.template = QComboBox(self)      # the template new photos start with (not the last one used)
        for t in templates or ():
            self.template.addItem(f"{record_name(t)}  {size_mm(t.width_mm, t.height_mm)}", t.id)
        self.template.setCurrentIndex(max(0, self.template.findData(settings.template_id)))
        self.language = QComboBox(self)
        self.language.addItem("", "system")
        self.language.addItem("English", "en")
        self.language.addItem("简体中文", "zh_CN")
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self.model = QComboBox(self)
        from ..common.i18n import is_chinese

        for m in models:
            en, zh = MODEL_NAMES.get(m, (m, m))
            self.model.addItem(zh if is_chinese() else en, m)
        self.model.setCurrentIndex(max(0, self.model.findData(settings.model_id)))
        self.folder = QLineEdit(settings.export_dir, self)
        self.browse = QPushButton(self)
        self.browse.clicked.connect(self._browse)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(self.browse)
        self.watch = QLineEdit(settings.hot_folder, self)
        self.watch.setClearButtonEnabled(True)
        self.watch_browse = QPushButton(self)
        self.watch_browse.clicked.connect(self._browse_watch)
        watch_row = QHBoxLayout()
        watch_row.addWidget(self.watch, 1)
        watch_row.addWidget(self.watch_browse)
        self.watch_apply = QCheckBox(self)
        self.watch_apply.setChecked(settings.hot_folder_apply)
        self.keep_days = QSpinBox(self)
        self.keep_days.setRange(0, 3650)
        self.keep_days.setValue(settings.order_keep_days)
        self.store_photos = QCheckBox(self)
        self.store_photos.setChecked(settings.order_store_photos)
        from ...core.analysis.cache import auto_budget

        self.auto_mb = auto_budget() >> 20
        self.cache_mb = QSpinBox(self)
        self.cache_mb.setRange(0, 16384)
        self.cache_mb.setSingleStep(100)
        self.cache_mb.setValue(settings.cache_mb)
        self.never_store = QCheckBox(self)
        self.never_store.setChecked(settings.never_store_photos)
        self.clear_hours = QSpinBox(self)
        self.clear_hours.setRange(0, 24 * 14)
        self.clear_hours.setValue(settings.clear_after_hours)
        from .garment_folder import GarmentFolderRow

        self.garments = GarmentFolderRow(settings.garments_dir, self)
        self.note = hint_label(self)
        form = QFormLayout()
        form.setVerticalSpacing(10)
        self.labels = [QLabel(self) for _ in range(9)]
        form.addRow(self.labels[0], self.language)
        form.addRow(self.labels[1], self.model)
        if self.template.count():
            form.addRow(self.labels[5], self.template)
        else:   # no templates given: the row stays out, not drawn over the language row at (0, 0)
            self.labels[5].hide()
            self.template.hide()
        form.addRow(self.labels[2], folder_row)
        form.addRow(self.labels[4], watch_row)
        form.addRow(self.watch_apply)
        form.addRow(self.labels[8], self.garments)
        form.addRow(self.labels[3], self.keep_days)
        form.addRow(self.store_photos)
        form.addRow(self.labels[6], self.cache_mb)
        form.addRow("", self.never_store)
        form.addRow(self.labels[7], self.clear_hours)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.retranslate()
        self.resize(520, 0)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.language.setItemText(0, self.tr("System language"))
        self.labels[0].setText(self.tr("Language"))
        self.labels[1].setText(self.tr("Matting model"))
        self.labels[2].setText(self.tr("Save to"))
        self.browse.setText(self.tr("Browse…"))
        self.labels[3].setText(self.tr("Keep orders"))
        self.labels[4].setText(self.tr("Watch a folder"))
        self.labels[5].setText(self.tr("Template for new photos"))
        self.labels[8].setText(self.tr("Garments"))
        self.watch.setPlaceholderText(self.tr("The camera software's folder: new photos open by themselves"))
        hint = self.watch.fontMetrics().horizontalAdvance(self.watch.placeholderText())
        self.watch.setMinimumWidth(hint + 40)   # the hint says what the field is for: shown whole, not elided
        self.watch_browse.setText(self.tr("Browse…"))
        self.watch_apply.setText(self.tr("Give new photos the current template and background"))
        self.keep_days.setSpecialValueText(self.tr("for ever"))
        self.keep_days.setSuffix(self.tr(" days"))
        self.store_photos.setText(self.tr("Orders remember where each photo is (off: only the settings are kept)"))
        self.labels[6].setText(self.tr("Memory for photos"))
        self.cache_mb.setSuffix(" MB")
        self.cache_mb.setSpecialValueText(self.tr("Automatic (%1 MB)").replace("%1", str(self.auto_mb)))
        self.never_store.setText(self.tr("Never store photos on disk (no cache of analyses)"))
        self.labels[7].setText(self.tr("Clear finished customers after"))
        self.clear_hours.setSuffix(self.tr(" h"))
        self.clear_hours.setSpecialValueText(self.tr("Never"))
        self.note.setText(self.tr("Changing the model analyses the photos again; results are cached per model."))

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Output folder"), self.folder.text())
        if folder:
            self.folder.setText(folder)

    def _browse_watch(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Watch a folder"), self.watch.text())
        if folder:
            self.watch.setText(folder)

    def accept(self) -> None:
        """Persist, then announce changes."""
        s = self.settings
        if self.folder.text().strip():
            s.export_dir = self.folder.text().strip()
        if self.template.count():
            s.template_id = self.template.currentData()
        language, model = self.language.currentData(), self.model.currentData()
        if language != s.language:
            s.language = language
            self.languageChosen.emit(language)
        if model != s.model_id:
            s.model_id = model
            self.modelChosen.emit(model)
        if (self.keep_days.value(), self.store_photos.isChecked()) != (s.order_keep_days, s.order_store_photos):
            s.order_keep_days, s.order_store_photos = self.keep_days.value(), self.store_photos.isChecked()
            self.ordersChanged.emit()
        watch = (self.watch.text().strip(), self.watch_apply.isChecked())
        if watch != (s.hot_folder, s.hot_folder_apply):
            s.hot_folder, s.hot_folder_apply = watch
            self.hotFolderChanged.emit()
        s.clear_after_hours = self.clear_hours.value()
        if self.garments.folder() != s.garments_dir:
            s.garments_dir = self.garments.folder()
            self.garmentsChanged.emit(self.garments.folder())
        if (self.cache_mb.value(), self.never_store.isChecked()) != (s.cache_mb, s.never_store_photos):
            s.cache_mb, s.never_store_photos = self.cache_mb.value(), self.never_store.isChecked()
            self.memoryChanged.emit()
        super().accept()
