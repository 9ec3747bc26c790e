"""The window's side of the order book: what was saved, printed or composed becomes an order, written in a
worker (never on the GUI thread) on one serial thread, so writes land in the order they were asked (two pool
threads once let an older draft commit after a newer one); the composer's contents are kept as a draft; orders
reopen in the strip."""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal

from ...core.errors import IdPhotoError
from ...core.orders import Order, OrderBook, Retention, edit_of, item_for, open_book
from ...core.orders.order import FILL, SAVED, OrderItem, file_digest
from ...core.orders.reprint import source_state
from ...core.sheets.mixed import edit_for_template
from ..widgets.sheet_composer import DPI
from ..common.settings import DEFAULT_MODEL
from ..common.workers import IO, SERIAL

log = logging.getLogger(__name__)

DRAFT_LANE = "order-draft"
translate = QCoreApplication.translate


def _with_digests(order: Order) -> Order:
    """Worker side: each kept source photo's sha256 (the GUI thread never reads the files)."""
    items = []
    for item in order.items:
        digest = item.digest
        if item.source_path and digest is None:
            try:
                digest = file_digest(item.source_path)
            except OSError as exc:
                log.info("order: cannot read %s for its digest: %s", item.source_path, exc)
        items.append(replace(item, digest=digest))
    return order.but(items=tuple(items))


def doc_item(doc: Any, edit: Any = None, *, copies: int = FILL) -> OrderItem:
    """The order item of a strip photo (its edit, the model its analysis was made with, held or parked, and
    its face); no file is read here."""
    return item_for(edit or doc.edit, source_path=doc.path, copies=copies, digest="",
                    model_id=doc.model_id or DEFAULT_MODEL, face_index=doc.face_index)


class OrderDesk(QObject):
    """Opens the book in a worker, records orders, keeps the composer's draft; `notice` explains trouble."""

    opened = Signal()
    recorded = Signal(object)     # the stored Order
    notice = Signal(str)          # a damaged book set aside, or the book unavailable

    def __init__(self, workers: Any, *, path: str | None = None, retention: Retention = Retention(),
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers = workers
        self.book: OrderBook | None = None
        self._pending: list[Callable[[OrderBook], None]] = []
        self.workers.submit(lambda: open_book(path, retention=retention), pool=SERIAL, kind="orders-open",
                            on_done=self._opened, on_failed=self._open_failed)

    def _opened(self, book: OrderBook) -> None:
        self.book = book
        if book.set_aside is not None:
            self.notice.emit(translate("OrderDesk", "The order book could not be read. It was kept as %1 and a new "
                                       "one started; earlier orders are in the kept file.")
                             .replace("%1", str(book.set_aside)))
        elif book.notice:
            self.notice.emit(book.notice)
        for fn in self._pending:
            fn(book)
        self._pending.clear()
        self.opened.emit()

    def _open_failed(self, exc: object) -> None:
        log.warning("order book unavailable: %s", exc)   # the core's reason is English: the log has it
        self.notice.emit(translate("OrderDesk", "The order book %1 cannot be opened, so saves and prints are not "
                                   "recorded. Check that the settings folder is writable, then restart idphoto.")
                         .replace("%1", str(getattr(exc, "path", None) or "")))

    def when_open(self, fn: Callable[[OrderBook], None]) -> None:
        """Run `fn(book)` on the GUI thread once the book is open (now if it is)."""
        if self.book is not None:
            fn(self.book)
        else:
            self._pending.append(fn)

    def set_retention(self, retention: Retention) -> None:
        """New keep-days / privacy rules: applied to the next writes; older orders pruned in a worker."""
        def job(book: OrderBook) -> int:
            book.retention = retention
            return book.prune()

        self.when_open(lambda book: self.workers.submit(lambda: job(book), pool=SERIAL, kind="orders-prune"))

    # ---- writing (every call returns at once; the worker writes) ------------------------------------
    def record(self, order: Order, *, from_draft: bool = False) -> None:
        """Store an order: digests and the write happen in a worker; `recorded` reports the stored order.
        `from_draft`: the composer's sheet, which takes the kept draft's place and number."""
        order = order.but(items=tuple(replace(i, digest=None) if i.digest == "" else i for i in order.items))
        self.when_open(lambda book: self.workers.submit(
            lambda: book.add(_with_digests(order), from_draft=from_draft), pool=SERIAL, kind="orders-write",
            on_done=self.recorded.emit, on_failed=lambda exc: log.warning("order not stored: %s", exc)))

    def record_photo(self, doc: Any, *, status: str, paper: str, copies: int | None, dpi: int) -> None:
        """A one-photo save or print of the current photo."""
        if doc is None or not doc.analysed:
            return
        self.record(Order(items=(doc_item(doc, copies=copies or FILL),), paper=paper, dpi=dpi, status=status))

    def composer_order(self, composer: Any, *, status: str = SAVED) -> Order | None:
        """The composer's rows as an order (name, number, caption as printed, each photo's edit)."""
        items = []
        for e in composer.entries:
            doc = composer.c.photos.by_key(e.key)
            if doc is None or not doc.analysed:
                continue
            edit = edit_for_template(doc.edit, composer.engine.template(e.template_id))
            items.append(doc_item(doc, edit, copies=e.copies))
        if not items:
            return None
        return Order(items=tuple(items), name=composer.name.text().strip(), number=composer.order.text().strip(),
                     paper=composer.paper.currentData(), dpi=DPI, caption=composer.caption(),
                     status=status)

    def save_draft(self, order: Order | None) -> None:
        """Keep (or, for None, drop) the composer's draft; only the newest request is written."""
        def job(book: OrderBook) -> None:
            if order is None:
                book.drop_draft()
            else:
                book.save_draft(_with_digests(order.but(items=tuple(
                    replace(i, digest=None) if i.digest == "" else i for i in order.items))))

        self.when_open(lambda book: self.workers.submit(lambda: job(book), pool=SERIAL, kind="orders-draft",
                                                        lane=DRAFT_LANE))

    # ---- reading -----------------------------------------------------------------------------------
    def search(self, text: str, on_done: Callable[[list[Order]], None]) -> None:
        """Orders matching `text`, delivered on the GUI thread."""
        self.when_open(lambda book: self.workers.submit(
            lambda: book.search(text), pool=SERIAL, kind="orders-search", lane="orders-search", on_done=on_done,
            on_failed=lambda exc: log.warning("order search failed: %s", exc)))

    def load_draft(self, on_done: Callable[[Order | None], None]) -> None:
        """The kept draft (or None), delivered on the GUI thread."""
        self.when_open(lambda book: self.workers.submit(lambda: book.draft(), pool=SERIAL, kind="orders-draft-read",
                                                        on_done=on_done))


Problem = tuple[str, str]   # (kind: not_kept / gone / changed / template, path or message)


def _problems(order: Order) -> list[Problem | None]:
    """Worker side: why each item's photo cannot be reopened (not kept, gone, changed, unknown template)."""
    out: list[Problem | None] = []
    for item in order.items:
        state = source_state(item)
        problem = (state, item.source_path or "") if state else None
        if problem is None:
            try:
                edit_of(item)
            except IdPhotoError as exc:
                problem = ("template", str(exc))
        out.append(problem)
    return out


def reopen(controller: Any, order: Order,
           on_done: Callable[[list[tuple[OrderItem, int]], list[Problem]], None]) -> None:
    """Open an order's photos in the strip with their recorded edits (files checked in a worker);
    `on_done([(item, new strip key)], why the others could not be opened)` on the GUI thread."""
    def opened(problems: list[Problem | None]) -> None:
        pairs = []
        for item, problem in zip(order.items, problems):
            if problem is None:
                pairs += [(item, key) for key in _open_item(controller, item)]
        on_done(pairs, [p for p in problems if p])

    controller.workers.submit(lambda: _problems(order), pool=IO, kind="orders-reopen", on_done=opened,
                              on_failed=lambda exc: on_done([], [("error", str(exc))]))


def _open_item(controller: Any, item: OrderItem) -> list[int]:
    """One photo into the strip, its recorded edit and face set before the analysis starts."""
    keys = controller.open_paths([item.source_path])
    for key in keys:
        doc = controller.photos.by_key(key)
        doc.face_index = item.face_index
        doc.history.replace_top(edit_of(item))
    return keys
