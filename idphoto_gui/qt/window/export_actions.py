"""Save/print commands of the window: ask for a path, hand the job to the Exporter, report in the banner."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtWidgets import QWidget

import logging

from ..common import file_dialogs, messages
from .controller import Controller
from .exporter import Exporter
from ..common.settings import AppSettings
from .ui import MainUi

translate = QCoreApplication.translate
log = logging.getLogger(__name__)


class ExportActions(QObject):
    """What the Save/Print buttons and shortcuts do; never blocks on the export itself."""

    printed = Signal()   # the live sheet was sent to the printer (the order book records it)

    def __init__(self, parent: QWidget, *, controller: Controller, exporter: Exporter, ui: MainUi,
                 settings: AppSettings, apply_sheet_options: Callable[[], None]) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.c = controller
        self.x = exporter
        self.ui = ui
        self.settings = settings
        self.apply_sheet_options = apply_sheet_options
        self.composer = None
        self.x.exported.connect(self._exported)
        self.x.exportFailed.connect(self._export_failed)

    def _ask(self, kind: str) -> str | None:
        doc, o = self.c.photos.current, self.ui.export.options()
        try:
            return file_dialogs.ask_save(self.parent_widget, self.settings, source=doc.path if doc else None,
                                         template_id=self.c.template().id, kind=kind, fmt=o["format"])
        except Exception as exc:  # noqa: BLE001 - the source photo was chosen as the target
            self._export_failed(kind, exc)
            return None

    def _gate(self, what: str) -> bool:
        """Ask first when the current photo has any "fail" finding or painted-in shoulders (qt/widgets/fail_gate.py)."""
        from ..widgets import fail_gate

        doc = self.c.photos.current
        return fail_gate.confirm(self.parent_widget, self.c.findings(), what=what, label=doc.name if doc else "")

    def save_photo(self) -> None:
        if self.c.result is None or not self._gate("save"):
            return
        path = self._ask("photo")
        if path:
            o = self.ui.export.options()
            self.settings.export_format = o["format"]
            fmt = "PNG" if Path(path).suffix.lower() == ".png" else "JPEG"
            self.x.save_photo(path, fmt=fmt, dpi=o["dpi"], max_kb=o["max_kb"])

    def save_cutout(self) -> None:
        path = self._ask("cutout") if self.c.result is not None else None
        if path:
            self.x.save_cutout(path, dpi=self.ui.export.options()["dpi"])

    def save_sheet(self) -> None:
        path = self._ask("sheet") if self.c.result is not None and self._gate("save") else None
        if path:
            self.apply_sheet_options()
            self.x.save_sheet(path)

    def open_composer(self):  # noqa: ANN201 - SheetComposer, imported on first use
        """The sheet composer, with the current photo already in it (non-modal: the strip stays usable)."""
        from ..widgets.sheet_composer import SheetComposer

        if self.composer is None:
            self.composer = SheetComposer(self.c, self.c.engine, self.parent_widget)
        if not self.composer.entries and self.c.photos.current is not None:
            self.composer.add_current_photo()
        self.composer.show()
        self.composer.raise_()
        self.composer.activateWindow()   # keys (Escape closes) go to it, with or without a window manager
        return self.composer

    def save_contact_sheet(self) -> None:
        """A review page of every photo in the strip: thumbnail, name, worst finding (in the active language)."""
        if not any(d.analysed for d in self.c.photos.items):
            return
        path = self._ask("contact")
        if path:
            def note_of(item: object) -> str:
                if isinstance(item, BaseException):
                    return messages.error_title(messages.code_of(item))
                return messages.person_text(item)

            self.x.save_contact_sheet(path, note_of=note_of, title=translate("ExportActions", "Contact sheet"))

    def print_sheet(self, preview: bool = False) -> None:
        """One click: the sheet is rendered for print in a worker (a note meanwhile), then the print dialog
        opens by itself at true size (printing.py)."""
        if self.c.result is None or not self._gate("print"):
            return
        if self.x.prepare_print(lambda sheet: self._print_ready(sheet, preview), self._print_failed):
            self.ui.banner.show_message("info", translate("ExportActions", "Preparing the sheet…"),
                                        translate("ExportActions", "The print dialog opens when it is ready."))

    def _print_ready(self, sheet, preview: bool) -> None:  # noqa: ANN001 - RenderedSheet
        from ..common import printing

        self.ui.banner.dismiss()
        sent = (printing.show_print_preview if preview else printing.show_print_dialog)(self.parent_widget, sheet)
        if sent:
            log.info("print job sent (%s x %s mm)", *sheet.paper_mm)
            self.printed.emit()
            self.ui.banner.show_message("success", translate("ExportActions", "Sent to the printer"),
                                        translate("ExportActions", "The sheet was sent at true size."),
                                        timeout_ms=6000)

    def _print_failed(self, exc: object) -> None:
        if getattr(exc, "code", "") != "cancelled":
            self._export_failed("sheet", exc)

    @Slot(str, str)
    def _exported(self, kind: str, path: str) -> None:
        self.ui.banner.show_message("success", translate("ExportActions", "Saved"), path,
                                      action=translate("ExportActions", "Open folder"), action_id="folder",
                                      timeout_ms=8000)

    @Slot(str, object)
    def _export_failed(self, kind: str, exc: object) -> None:
        log.info("%s export failed: %s", kind, exc)
        self.ui.banner.show_message("error", *messages.export_failure(exc))

