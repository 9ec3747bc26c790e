"""The order book: store, search, reopen, drafts, retention, privacy, migrations, a damaged file set aside,
two writers at once."""
from __future__ import annotations

import datetime
import sqlite3
import threading

import pytest

from idphoto_gui.core.orders import Order, OrderBook, OrderItem, Retention, edit_of, item_for, open_book
from idphoto_gui.core.orders.order import DRAFT, PRINTED, OrderError, fill_caption
from idphoto_gui.core.orders.store import MIGRATIONS, SCHEMA_VERSION
from idphoto_gui.core.geometry.placement import Crop
from idphoto_gui.core.render.history import Edit
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template


def _item(path=None, **kw):
    edit = Edit(get_template("cn-1inch"), Background.parse("#438edb"), Crop(500.5, 610.25, 300.0, 420.0, 1.5),
                crown=(501.0, 400.0), chin=(502.0, 760.5))
    return item_for(edit, source_path=path, copies=kw.pop("copies", 4), **kw)


def test_make_search_reopen(tmp_path):
    photo = tmp_path / "zhang.jpg"
    photo.write_bytes(b"not really a photo, but bytes to digest")
    book = open_book(tmp_path / "orders.db")
    first = book.add(Order(items=(_item(photo),), name="张三", number="13800138000", status=PRINTED))
    book.add(Order(items=(_item(copies=8),), name="Li Si", number="A-17"))
    assert first.id == 1 and first.created
    again = OrderBook(tmp_path / "orders.db")           # reopened: same values back
    got = again.get(first.id)
    assert got == first
    item = got.items[0]
    assert item.source_path == str(photo) and len(item.digest) == 64
    edit = edit_of(item)
    assert edit.crop == Crop(500.5, 610.25, 300.0, 420.0, 1.5) and edit.chin == (502.0, 760.5)
    assert edit.background.hex == "#438EDB" and edit.template.id == "cn-1inch"
    assert [o.name for o in again.search("张")] == ["张三"]
    assert [o.name for o in again.search("a-17")] == ["Li Si"]       # case-insensitive
    assert [o.name for o in again.search("138001")] == ["张三"]
    assert {o.name for o in again.search(first.created[:10])} == {"张三", "Li Si"}
    assert [o.id for o in again.search("#2")] == [2]
    assert again.search("100%") == [] and again.search("_") == []     # LIKE wildcards are literal
    with pytest.raises(OrderError):
        again.get(99)


def test_draft_is_one_and_survives(tmp_path):
    book = open_book(tmp_path / "orders.db")
    book.save_draft(Order(items=(_item(),), name="draft 1"))
    book.save_draft(Order(items=(_item(), _item(copies=2)), name="draft 2"))
    reopened = OrderBook(tmp_path / "orders.db")
    draft = reopened.draft()
    assert draft.status == DRAFT and draft.name == "draft 2" and len(draft.items) == 2
    assert reopened.search("draft") == []                             # drafts are not orders yet
    kept = reopened.draft().id
    done = reopened.add(draft.but(status=PRINTED, id=0, created=""), from_draft=True)
    assert done.id == kept and reopened.draft() is None      # the draft became the order, same number
    assert [o.id for o in reopened.search("draft 2")] == [kept]
    reopened.save_draft(Order(items=(_item(),), name="draft 3"))
    reopened.save_draft(Order(items=()))
    assert reopened.draft() is None


def test_retention_and_never_store_photos(tmp_path):
    photo = tmp_path / "p.jpg"
    photo.write_bytes(b"x")
    book = open_book(tmp_path / "orders.db", retention=Retention(keep_days=30, store_photos=False))
    old = book.add(Order(items=(_item(photo),), name="old", created="2026-01-02T10:00:00"))
    new = book.add(Order(items=(_item(photo),), name="new"))
    assert new.items[0].source_path is None and new.items[0].digest is None
    assert new.items[0].crop is not None                               # the settings are kept
    assert book.prune(today=datetime.date(2026, 3, 1)) == 1
    assert [o.name for o in book.search("")] == ["new"]
    with pytest.raises(OrderError):
        book.get(old.id)


def test_corrupted_book_is_set_aside(tmp_path):
    db = tmp_path / "orders.db"
    book = open_book(db)
    book.add(Order(items=(_item(),), name="kept aside"))
    with sqlite3.connect(db) as c:                                     # checkpoint the WAL into the file
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db.read_bytes())
    data[0:16] = b"definitely broke"                                   # the header: not a database
    db.write_bytes(bytes(data))
    fresh = open_book(db)
    assert "moved to orders.db.bad-" in fresh.notice and "new one started" in fresh.notice
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("orders.db.bad-")]
    main = [n for n in aside if not n.endswith(("-wal", "-shm"))]
    assert len(main) == 1 and (tmp_path / main[0]).read_bytes()[:16] == b"definitely broke"
    assert fresh.search("") == []
    assert fresh.add(Order(items=(_item(),), name="after")).id == 1


def test_garbage_and_newer_files_never_stop_start_up(tmp_path):
    (tmp_path / "a.db").write_bytes(b"\0" * 5000 + b"junk")
    assert open_book(tmp_path / "a.db").notice
    with sqlite3.connect(tmp_path / "b.db") as c:
        c.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    book = open_book(tmp_path / "b.db")
    assert "newer" in book.notice and book.search("") == []


def test_migrates_an_old_schema(tmp_path):
    db = tmp_path / "orders.db"
    with sqlite3.connect(db) as c:                                     # a version-1 file
        c.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        c.execute("INSERT INTO orders (name, number, created, paper, dpi, caption, status) "
                  "VALUES ('v1', '', '2026-11-30T09:00:00', '4r', 300, '', 'saved')")
    book = open_book(db)
    assert book.notice == "" and [o.name for o in book.search("v1")] == ["v1"]
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='index'")} >= {"orders_created"}


def test_two_windows_write_at_once(tmp_path):
    books = [OrderBook(tmp_path / "orders.db"), OrderBook(tmp_path / "orders.db")]
    errors = []

    def write(book, who):
        try:
            for i in range(25):
                book.add(Order(items=(_item(),), name=f"{who}-{i}"))
        except Exception as exc:  # pragma: no cover - the failure is reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(b, w)) for b, w in zip(books, "AB")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(books[0].search("", limit=1000)) == 50
    assert len({o.id for o in books[1].search("", limit=1000)}) == 50


def test_caption_fields():
    order = Order(items=(), name="王五", number="", created="2026-12-01T10:00:00", id=7)
    assert fill_caption("{name} · {order} · {date} {size}", order) == "王五 · #7 · 2026-12-01 {size}"
    assert fill_caption("{name", order) == "{name"
    assert fill_caption("{order}", order.but(number="A-9")) == "A-9"


def test_the_look_is_kept_with_the_order(tmp_path):
    from idphoto_gui.core.render.retouch.look import Look
    look = Look(light="auto", brightness=5, contrast=-3, warmth=10, retouch=35)
    edit = Edit(get_template("cn-resume"), Background.parse("#FFFFFF"), look=look)
    book = OrderBook(tmp_path / "orders.db")
    stored = book.add(Order((item_for(edit, source_path=None),), name="Li"))
    again = OrderBook(tmp_path / "orders.db").get(stored.id)
    assert edit_of(again.items[0]).look == look
    assert edit_of(OrderItem("cn-resume", "#FFFFFF", look=("bright", 1, 2, 3, 4))).look == Look()
