"""The Orders view: search the order book by name, number or date and reopen an order with its edits."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QHBoxLayout, QLineEdit,
                               QPushButton, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from ...core.orders import Order
from ..common.i18n import plural
from ..common.names import record_name
from ..widgets.section import hint_label

log = logging.getLogger(__name__)

SEARCH_DEBOUNCE_MS = 200


class OrdersDialog(QDialog):
    """A search field, the matching orders newest first, and Reopen; says why a photo cannot come back."""

    reopened = Signal(list, list)   # new strip keys, problems (kind, detail)

    def __init__(self, desk: Any, controller: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ordersDialog")
        self.desk, self.c = desk, controller
        self.orders: list[Order] = []
        self._timer = QTimer(self, singleShot=True, interval=SEARCH_DEBOUNCE_MS, timeout=self.refresh)
        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda _t: self._timer.start())
        self.table = QTableWidget(0, 6, self)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        for col in range(5):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.table.doubleClicked.connect(lambda _i: self.reopen_selected())
        self.table.itemSelectionChanged.connect(self._selection)
        self.status = hint_label(self)
        self.reopen_button, self.close_button = QPushButton(self), QPushButton(self)
        self.reopen_button.setObjectName("primary")
        self.reopen_button.clicked.connect(self.reopen_selected)
        self.close_button.clicked.connect(self.close)
        foot = QHBoxLayout()
        foot.addWidget(self.status, 1)
        foot.addWidget(self.close_button)
        foot.addWidget(self.reopen_button)
        box = QVBoxLayout(self)
        box.addWidget(self.search)
        box.addWidget(self.table, 1)
        box.addLayout(foot)
        self.retranslate()
        self.resize(900, 520)
        self._selection()
        self.refresh()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Orders"))
        self.search.setPlaceholderText(self.tr("Search by name, phone or order number, or date (2026-12-01)"))
        self.table.setHorizontalHeaderLabels([self.tr("No."), self.tr("Date"), self.tr("Customer"),
                                              self.tr("Phone / order no."), self.tr("Status"), self.tr("Photos")])
        self.reopen_button.setText(self.tr("Reopen"))
        self.reopen_button.setToolTip(self.tr("Open the order's photos with the edits they were printed with"))
        self.close_button.setText(self.tr("Close"))
        self._fill()

    def status_text(self, status: str) -> str:
        """An order's status in the active language."""
        return {"printed": self.tr("Printed"), "saved": self.tr("Saved"), "draft": self.tr("Draft")}.get(status, status)

    def refresh(self) -> None:
        """Search again (in a worker); the table fills when the answer comes."""
        self.desk.search(self.search.text(), self._found)

    def _found(self, orders: list[Order]) -> None:
        self.orders = list(orders)
        self._fill()

    def _fill(self) -> None:
        self.table.setRowCount(len(self.orders))
        for row, o in enumerate(self.orders):
            photos = ", ".join(f"{Path(i.source_path).name + ': ' if i.source_path else ''}"
                               f"{self._template_name(i.template_id)} × {i.copies or self.tr('full sheet')}"
                               for i in o.items)
            cells = (f"#{o.id}", o.created.replace("T", " ")[:16], o.name, o.number, self.status_text(o.status),
                     photos)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text if col != 5 else "\n".join(i.source_path or self.tr("(photo not stored)")
                                                               for i in o.items))
                self.table.setItem(row, col, item)
        if not self.orders:
            self.status.setText(self.tr("No orders match.") if self.search.text().strip()
                                else self.tr("No orders yet: saving, printing or composing a sheet records one."))
        elif not self.status.property("sticky"):
            self.status.setText("")
        self._selection()

    def _template_name(self, template_id: str) -> str:
        try:
            return record_name(self.c.engine.template(template_id))
        except Exception:  # noqa: BLE001 - a template removed since the order: its id
            return template_id

    def _selection(self) -> None:
        self.reopen_button.setEnabled(self.selected() is not None)

    def selected(self) -> Order | None:
        """The highlighted order."""
        row = self.table.currentRow()
        return self.orders[row] if 0 <= row < len(self.orders) and self.table.selectedItems() else None

    def reopen_selected(self) -> None:
        """Open the selected order's photos in the strip with their edits (sources checked in a worker)."""
        from .order_desk import reopen

        order = self.selected()
        if order is not None:
            reopen(self.c, order, lambda pairs, problems: self._reopened(order, [k for _i, k in pairs], problems))

    def _reopened(self, order: Order, keys: list[int], problems: list[str]) -> None:
        if problems:
            head = self.tr("Order %1: some photos could not be reopened:").replace("%1", f"#{order.id}")
            self.status.setText(head + "\n" + "\n".join(self._problem_text(p) for p in problems))
        else:
            self.status.setText(plural(self.tr("Order %1 reopened: %n photo(s).", "", len(keys)), len(keys))
                                .replace("%1", f"#{order.id}"))
        self.reopened.emit(keys, problems)

    def _problem_text(self, problem: tuple[str, str]) -> str:
        """Why a photo could not be reopened, in the active language (the path as it is)."""
        kind, detail = problem
        if kind == "gone":
            return self.tr("The source photo is gone: %1. Open it again from where it is now.").replace("%1", detail)
        if kind == "changed":
            return self.tr("The source photo has changed since the order: %1. Check it before printing.").replace(
                "%1", detail)
        if kind == "not_kept":
            return self.tr("This order keeps only its settings (photos are not stored): open the photo again.")
        return detail
