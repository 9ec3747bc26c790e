"""Issue 39: the window's order desk on a broken book: a book missing a table is set aside with the banner's
words (it kept using it, with a traceback per search), and a bad row is left out of the Orders view silently
but for one log line (no worker traceback)."""
from __future__ import annotations

import logging
import sqlite3
from contextlib import closing

from idphoto_gui.core.orders import Order, OrderBook
from idphoto_gui.qt.window.order_desk import OrderDesk
from idphoto_gui.qt.common.workers import Workers
from tests.core.test_orders import _item


def _book(path, n=3):
    book = OrderBook(path)
    for i in range(1, n + 1):
        book.add(Order(items=(_item(copies=i),), name=f"customer {i}"))
    return path


def _desk(qtbot, path):
    workers = Workers()
    desk = OrderDesk(workers, path=str(path))
    notices = []
    desk.notice.connect(notices.append)
    qtbot.waitUntil(lambda: desk.book is not None, timeout=10000)
    return workers, desk, notices


def _searched(qtbot, desk):
    found = []
    desk.search("", found.append)
    qtbot.waitUntil(lambda: bool(found), timeout=10000)
    return found[0]


def test_a_book_missing_a_table_is_set_aside_with_the_banner(qtbot, tmp_path, caplog):
    db = _book(tmp_path / "orders.db")
    with closing(sqlite3.connect(db)) as c:
        c.execute("DROP TABLE items")
    workers, desk, notices = _desk(qtbot, db)
    qtbot.waitUntil(lambda: bool(notices), timeout=5000)
    assert "could not be read" in notices[0] and "orders.db.bad-" in notices[0]
    desk.record(Order(items=(_item(),), name="after"))
    assert workers.wait(10000)
    assert [o.name for o in _searched(qtbot, desk)] == ["after"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    workers.shutdown()


def test_a_bad_row_is_left_out_with_one_line_and_no_traceback(qtbot, tmp_path, caplog):
    db = _book(tmp_path / "orders.db")
    with closing(sqlite3.connect(db)) as c, c:
        c.execute("UPDATE orders SET dpi = 'three hundred' WHERE id = 2")
    caplog.set_level(logging.INFO)
    workers, desk, notices = _desk(qtbot, db)
    assert [o.id for o in _searched(qtbot, desk)] == [3, 1] and notices == []
    assert len([r for r in caplog.records if "order #2 skipped" in r.getMessage()]) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    workers.shutdown()
