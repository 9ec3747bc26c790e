"""Issue 39: order books checked on open and on read. A book missing tables or another program's `orders.db`
is set aside with the message; a bad row (bad JSON, text that is not UTF-8, a text dpi, a NaN crop) is skipped
with one line, never raised; reading takes no write lock and works on a book that cannot be written."""
from __future__ import annotations

import logging
import sqlite3
import threading

import pytest

from idphoto_gui.core.orders import Order, OrderBook, open_book
from idphoto_gui.core.orders.order import BookUnavailable, DamagedOrder, OrderError

from tests.core.test_orders import _item


def _book(tmp_path, n=4):
    """A book of n orders, "customer 1" .. "customer n" (ids 1..n), its WAL folded into the file."""
    db = tmp_path / "orders.db"
    book = OrderBook(db)
    for i in range(1, n + 1):
        book.add(Order(items=(_item(copies=i),), name=f"customer {i}", number=f"A-{i}"))
    with sqlite3.connect(db) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db


def _sql(db, *statements):
    with sqlite3.connect(db) as c:
        for statement in statements:
            c.execute(statement)


BAD_ROWS = {
    "bad JSON": "UPDATE items SET edit = '{\"crop\": [1, 2' WHERE order_id = 2",
    "not UTF-8": "UPDATE orders SET name = CAST(x'ff41fe' AS TEXT) WHERE id = 2",
    "text dpi": "UPDATE orders SET dpi = 'three hundred' WHERE id = 2",
    "NaN crop": "UPDATE items SET edit = '{\"crop\": [NaN, 1, 300, 420, 0]}' WHERE order_id = 2",
    "text copies": "UPDATE items SET copies = 'x' WHERE order_id = 2",
    "unknown status": "UPDATE orders SET status = 'lost' WHERE id = 2",
    "not a date": "UPDATE orders SET created = 'yesterday' WHERE id = 2",
    "not a colour": "UPDATE items SET background = 'sparkly' WHERE order_id = 2",
    "crop of text": "UPDATE items SET edit = '{\"crop\": [\"a\", 1, 300, 420, 0]}' WHERE order_id = 2",
}


@pytest.mark.parametrize("case", list(BAD_ROWS))
def test_a_bad_row_is_skipped_with_one_line_and_the_rest_listed(tmp_path, case, caplog):
    db = _book(tmp_path)
    _sql(db, BAD_ROWS[case])
    book = open_book(db)
    assert book.notice == ""                                    # the file is ours and whole: kept
    caplog.set_level(logging.INFO)
    assert [o.id for o in book.search("")] == [4, 3, 1]
    lines = [r.getMessage() for r in caplog.records if "skipped" in r.getMessage()]
    assert len(lines) == 1 and lines[0].startswith("order book: order #2 skipped: its "), lines
    with pytest.raises(DamagedOrder, match="order #2 .* is damaged"):
        book.get(2)
    assert book.get(3).name == "customer 3"
    assert not [r for r in caplog.records if r.exc_info]


def test_a_bad_draft_is_no_draft(tmp_path):
    db = _book(tmp_path, 1)
    book = OrderBook(db)
    book.save_draft(Order(items=(_item(),), name="draft"))
    _sql(db, "UPDATE items SET edit = 'nope' WHERE order_id = 2")
    assert book.draft() is None


@pytest.mark.parametrize("readonly", [True, False], ids=["listing", "window"])
@pytest.mark.parametrize("case", ["items dropped", "orders column gone", "foreign orders table"])
def test_a_book_that_is_not_ours_or_lacks_tables_is_set_aside(tmp_path, case, readonly):
    db = tmp_path / "orders.db"
    if case == "foreign orders table":                            # another program's orders.db
        _sql(db, "CREATE TABLE orders (sku TEXT, quantity INTEGER, shipped INTEGER)",
             "INSERT INTO orders VALUES ('X-1', 3, 0)")
    else:
        db = _book(tmp_path)
        _sql(db, "DROP TABLE items" if case == "items dropped" else "ALTER TABLE orders DROP COLUMN caption")
    before = db.read_bytes()
    book = open_book(db, readonly=readonly)
    assert book.set_aside is not None and "moved to orders.db.bad-" in book.notice
    assert book.set_aside.read_bytes() == before                 # kept as it was, not even its journal mode
    assert book.search("") == [] and book.add(Order(items=(_item(),), name="new")).id == 1


def test_listing_takes_no_write_lock(tmp_path):
    """A writer holding the book for longer than the busy timeout made `idphoto orders` fail."""
    db = _book(tmp_path)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO orders (name, number, created, paper, dpi, caption, status) "
                   "VALUES ('not yet', '', '2026-12-01T10:00:00', '4r', 300, '', 'saved')")
    try:
        book = open_book(db, readonly=True)      # waiting for the lock would raise BookUnavailable after 5 s
        assert [o.id for o in book.search("")] == [4, 3, 2, 1]
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def test_a_reader_never_prunes_and_a_writer_does(tmp_path):
    from idphoto_gui.core.orders import Retention

    db = _book(tmp_path, 2)
    _sql(db, "UPDATE orders SET created = '2020-01-01T00:00:00' WHERE id = 1")
    assert [o.id for o in open_book(db, readonly=True, retention=Retention(keep_days=30)).search("")] == [2, 1]
    assert [o.id for o in open_book(db, retention=Retention(keep_days=30)).search("")] == [2]


def test_a_book_that_cannot_be_opened_is_book_unavailable(tmp_path):
    folder = tmp_path / "orders.db"
    folder.mkdir()                                               # the book's name taken by a folder
    for readonly in (True, False):
        with pytest.raises(BookUnavailable, match="cannot be opened") as caught:
            open_book(folder, readonly=readonly)
        assert isinstance(caught.value, OrderError)
    assert list(folder.iterdir()) == []


def test_writes_wait_for_each_other_while_readers_go_on(tmp_path):
    db = _book(tmp_path, 1)
    books, seen = [OrderBook(db) for _ in range(2)], []

    def read():
        reader = open_book(db, readonly=True)
        for _ in range(20):
            seen.append(len(reader.search("")))

    threads = [threading.Thread(target=read)] + [
        threading.Thread(target=lambda b=b: [b.add(Order(items=(_item(),), name="w")) for _ in range(5)])
        for b in books]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(OrderBook(db).search("")) == 11 and len(seen) == 20 and seen == sorted(seen)


def test_an_empty_file_lists_as_an_empty_book_and_is_not_changed(tmp_path):
    db = tmp_path / "orders.db"
    db.write_bytes(b"")
    book = open_book(db, readonly=True)
    assert book.search("") == [] and book.draft() is None and book.notice == ""
    with pytest.raises(OrderError, match="no order 1"):
        book.get(1)
    assert db.read_bytes() == b""
