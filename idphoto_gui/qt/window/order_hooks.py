"""Wires the order book into the main window: saves, prints and composed sheets become orders, the composer's
contents are kept as a draft (restored at start), the Orders view opens, quitting asks about an unprinted sheet."""
from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QSettings
from PySide6.QtWidgets import QMessageBox

from ...core.orders import Order, Retention
from ...core.orders.order import DRAFT, PRINTED, SAVED
from ...core.orders.store import FILE_NAME, default_path
from .exporter import SHEET_DPI
from .order_desk import OrderDesk, reopen

log = logging.getLogger(__name__)
translate = QCoreApplication.translate


def orders_path(settings: Any) -> Path:
    """orders.db beside the window's settings file (the settings folder), so each settings file has its book."""
    store = settings.store
    if sys.platform == "win32" and store.format() == QSettings.Format.NativeFormat:
        return default_path()   # the registry has no folder
    return Path(store.fileName()).parent / FILE_NAME


class OrderHooks(QObject):
    """The window's order book: one desk, the composer's draft and whether its sheet was printed."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.w = window
        s = window.settings
        retention = Retention(keep_days=s.order_keep_days or None, store_photos=s.order_store_photos)
        self.desk = OrderDesk(window.controller.workers, path=str(orders_path(s)), retention=retention, parent=self)
        self.dialog = None
        self.unprinted = False          # the composer holds a sheet not printed (nor saved) since its last change
        self._restoring: dict[int, tuple[str, int]] = {}   # strip key -> (template id, copies) of the draft
        self._hooked = None
        self.desk.notice.connect(self._notice)
        window.exporter.exported.connect(self._exported)
        window.exports.printed.connect(self._printed)
        window.actions.orders.triggered.connect(self.open_orders)
        window.controller.analysed.connect(self._analysed)

    def apply_retention(self) -> None:
        """The Settings' keep-days and privacy choice, for the next orders (old ones pruned in a worker)."""
        s = self.w.settings
        self.desk.set_retention(Retention(keep_days=s.order_keep_days or None, store_photos=s.order_store_photos))

    # ---- recording ---------------------------------------------------------------------------------
    def _sheet_options(self) -> tuple[str, int | None]:
        return self.w.exporter.sheet_options

    def _exported(self, kind: str, _path: str) -> None:
        if kind in ("photo", "sheet"):
            paper, copies = self._sheet_options()
            if kind == "photo":          # one photo file: recorded, and reprinted, as one photo
                copies = 1
            self.desk.record_photo(self.w.controller.photos.current, status=SAVED, paper=paper, copies=copies,
                                   dpi=SHEET_DPI)

    def _printed(self) -> None:
        paper, copies = self._sheet_options()
        self.desk.record_photo(self.w.controller.photos.current, status=PRINTED, paper=paper, copies=copies,
                               dpi=SHEET_DPI)

    def hook_composer(self, composer: Any) -> None:
        """Follow a composer: keep its draft, record what it saves or prints."""
        if self._hooked is composer:
            return
        self._hooked = composer
        composer.changed.connect(self._composer_changed)
        composer.saved.connect(lambda path: path and self._composed(SAVED))
        composer.printed.connect(lambda sent: sent and self._composed(PRINTED))

    def _composer_changed(self) -> None:
        if self._restoring:
            return   # the draft is coming back: keep it as it is
        composer = self._hooked
        order = self.desk.composer_order(composer, status=DRAFT)
        self.unprinted = order is not None
        self.desk.save_draft(order)

    def _composed(self, status: str) -> None:
        order = self.desk.composer_order(self._hooked, status=status)
        if order is not None:
            self.desk.record(order, from_draft=True)   # the draft becomes this order (same number)
        else:
            self.desk.save_draft(None)
        self.unprinted = False

    # ---- the draft across restarts -----------------------------------------------------------------
    def restore_draft(self) -> None:
        """Bring the last session's composer contents back (photos reopened with their edits)."""
        self.desk.load_draft(self._draft_loaded)

    def _draft_loaded(self, draft: Order | None) -> None:
        if draft is None or not draft.items:
            return
        composer = self.w.exports.composer or self._new_composer()
        composer.name.setText(draft.name)
        composer.order.setText(draft.number)
        i = composer.paper.findData(draft.paper)
        if i >= 0:
            composer.paper.setCurrentIndex(i)

        def opened(pairs: list, problems: list) -> None:
            for item, key in pairs:
                self._restoring[key] = (item.template_id, item.copies)
            if problems:
                self._notice(translate("OrderHooks", "Some photos of the kept sheet could not be reopened."))
            log.info("draft order: %d photos reopened, %d not", len(pairs), len(problems))

        reopen(self.w.controller, draft, opened)

    def _new_composer(self) -> Any:
        from ..widgets.sheet_composer import SheetComposer

        composer = SheetComposer(self.w.controller, self.w.engine, self.w)
        self.w.exports.composer = composer
        self.hook_composer(composer)
        return composer

    def _analysed(self, key: int) -> None:
        entry = self._restoring.pop(key, None)
        if entry is None:
            return
        composer = self.w.exports.composer
        composer.add_photo(key, template_id=entry[0], copies=max(1, entry[1]))
        if not self._restoring:
            self.unprinted = bool(composer.entries)

    # ---- views and questions -----------------------------------------------------------------------
    def open_orders(self) -> Any:
        """The Orders view (non-modal, one at a time)."""
        from .orders_dialog import OrdersDialog

        if self.dialog is None:
            self.dialog = OrdersDialog(self.desk, self.w.controller, self.w)
        else:
            self.dialog.refresh()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()   # keys (Escape closes) go to it, with or without a window manager
        return self.dialog

    def retranslate(self) -> None:
        if self.dialog is not None:
            self.dialog.retranslate()

    def may_quit(self) -> bool:
        """True unless the composer holds an unprinted sheet and the user chose to stay."""
        composer = self.w.exports.composer
        if not self.unprinted or composer is None or not composer.entries:
            return True
        return self.ask_quit()

    def ask_quit(self) -> bool:
        """The question itself (tests replace it)."""
        box = QMessageBox(QMessageBox.Icon.Question, translate("OrderHooks", "Quit without printing?"),
                          translate("OrderHooks", "The composed sheet has not been printed. It is kept as a draft "
                                                  "and comes back next time."), parent=self.w)
        quit_button = box.addButton(translate("OrderHooks", "Quit"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("OrderHooks", "Stay"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return box.clickedButton() is quit_button

    def _notice(self, text: str) -> None:
        self.w.ui.banner.show_message("warning", translate("OrderHooks", "Order book"), text, timeout_ms=10000)
