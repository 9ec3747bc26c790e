"""The order desk writes the book in the order it was asked: the newest draft is the one kept, and a sheet
recorded from the draft never leaves an older draft behind (the writes run in workers)."""
from __future__ import annotations

from idphoto_gui.core.orders import Order, OrderBook
from idphoto_gui.core.orders.order import DRAFT, PRINTED, OrderItem
from idphoto_gui.qt.window.order_desk import OrderDesk
from idphoto_gui.qt.common.workers import Workers

ROUNDS = 12
EDITS = 8


def _order(photo, copies: int, status: str = DRAFT) -> Order:
    """A composer's contents: the photo's digest is read in the worker (digest None), as the window does."""
    item = OrderItem(template_id="cn-1inch", background="#438EDB", copies=copies, source_path=str(photo))
    return Order(items=(item,), name="Li Si", status=status)


def _open_desk(qtbot, path) -> tuple[Workers, OrderDesk]:
    workers = Workers()
    desk = OrderDesk(workers, path=str(path))
    qtbot.waitUntil(lambda: desk.book is not None, timeout=10000)
    return workers, desk


def test_the_newest_draft_is_the_one_kept(qtbot, tmp_path, data_dir):
    workers, desk = _open_desk(qtbot, tmp_path / "orders.db")
    photo = data_dir / "man_suit.jpg"
    for r in range(ROUNDS):
        for copies in range(1, EDITS + 1):        # a user changing copies quickly: each change saves the draft
            desk.save_draft(_order(photo, r * EDITS + copies))
        assert workers.wait(30000)
        assert OrderBook(tmp_path / "orders.db").draft().items[0].copies == (r + 1) * EDITS
    workers.shutdown()


def test_a_printed_sheet_leaves_no_older_draft_behind(qtbot, tmp_path, data_dir):
    workers, desk = _open_desk(qtbot, tmp_path / "orders.db")
    photo = data_dir / "man_suit.jpg"
    recorded = []
    desk.recorded.connect(recorded.append)
    for r in range(ROUNDS):
        for copies in range(1, EDITS + 1):
            desk.save_draft(_order(photo, copies))
        desk.record(_order(photo, EDITS, status=PRINTED), from_draft=True)
        assert workers.wait(30000)
        qtbot.waitUntil(lambda: len(recorded) == r + 1, timeout=10000)
        assert OrderBook(tmp_path / "orders.db").draft() is None, f"round {r}: an older draft came back"
    book = OrderBook(tmp_path / "orders.db")
    assert [o.status for o in book.search()] == [PRINTED] * ROUNDS
    workers.shutdown()
