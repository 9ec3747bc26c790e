"""Issue 39: `idphoto orders` and `idphoto reprint` on broken, foreign, locked and read-only order books, in new
processes: bad rows skipped with one line each (never exit 1), a book not ours set aside with a note, listing
without the write lock and on a read-only book, one exit code (4) for a book that cannot be opened."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.core.test_orders import _item

ROOT = Path(__file__).resolve().parents[2]


def _cli(settings: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "IDPHOTO_SETTINGS_DIR": str(settings), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "idphoto_gui.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def _book(settings: Path, n: int) -> Path:
    """orders.db with orders 1..n ("customer i"), written by the app, its WAL folded into the file."""
    from idphoto_gui.core.orders import Order, OrderBook

    settings.mkdir(parents=True, exist_ok=True)
    db = settings / "orders.db"
    book = OrderBook(db)
    for i in range(1, n + 1):
        book.add(Order(items=(_item(copies=i),), name=f"customer {i}"))
    with closing(sqlite3.connect(db)) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db


def _sql(db: Path, *statements: str) -> None:
    with closing(sqlite3.connect(db)) as c, c:
        for statement in statements:
            c.execute(statement)


def _listed(run: subprocess.CompletedProcess) -> list[str]:
    """The order numbers of `idphoto orders`' table, top to bottom."""
    return [line.split()[0] for line in run.stdout.splitlines() if line.startswith("#")]


def _clean(run: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in run.stderr and "please report" not in run.stderr, run.stderr
    assert run.returncode != 1, run.stderr


def test_bad_rows_are_skipped_one_line_each_and_reprint_says_damaged(tmp_path):
    """Bad JSON, text that is not UTF-8, a text dpi and a NaN crop: exit 1 "please report this" before."""
    db = _book(tmp_path, 6)
    _sql(db, "UPDATE items SET edit = '{\"crop\": [1, 2' WHERE order_id = 2",
         "UPDATE orders SET name = CAST(x'ff41fe' AS TEXT) WHERE id = 3",
         "UPDATE orders SET dpi = 'three hundred' WHERE id = 4",
         "UPDATE items SET edit = '{\"crop\": [NaN, 1, 300, 420, 0]}' WHERE order_id = 5")
    run = _cli(tmp_path, "orders")
    _clean(run)
    assert run.returncode == 0 and _listed(run) == ["#6", "#1"]
    skipped = [line for line in run.stderr.splitlines() if "skipped" in line]
    assert len(skipped) == 4 and len(run.stderr.splitlines()) == 4, run.stderr
    as_json = _cli(tmp_path, "orders", "--json")
    _clean(as_json)
    assert as_json.returncode == 0 and '"customer 6"' in as_json.stdout
    for order in (2, 3, 4, 5):
        again = _cli(tmp_path, "reprint", str(order), "-o", str(tmp_path / "x.png"))
        _clean(again)
        assert again.returncode == 4 and f"order #{order} in orders.db is damaged" in again.stderr
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("case", ["items table missing", "foreign orders.db"])
def test_a_book_that_is_not_ours_is_set_aside_with_a_note(tmp_path, case):
    """A book without its items table gave exit 1; another program's orders.db was "cannot be opened" for ever."""
    if case == "foreign orders.db":
        _sql(tmp_path / "orders.db", "CREATE TABLE orders (sku TEXT, qty INTEGER)",
             "INSERT INTO orders VALUES ('a', 1)")
    else:
        _sql(_book(tmp_path, 2), "DROP TABLE items")
    before = (tmp_path / "orders.db").read_bytes()
    run = _cli(tmp_path, "orders")
    _clean(run)
    lines = run.stderr.splitlines()
    assert run.returncode == 0 and lines[0].startswith("note: The order book") and lines[1:] == ["no orders yet"]
    assert [p.read_bytes() for p in tmp_path.glob("orders.db.bad-*") if not p.name.endswith(("-wal", "-shm"))] \
        == [before]
    assert _cli(tmp_path, "orders").stderr.splitlines() == ["no orders yet"]   # said once: the new book is fine


def test_listing_while_a_writer_holds_the_book_longer_than_the_busy_timeout(tmp_path):
    """The listing took the write lock: a writer holding the book over 5 s made `idphoto orders` exit 5."""
    db = _book(tmp_path, 3)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM orders WHERE id = 1")
    try:
        run = _cli(tmp_path, "orders", "--json")     # waiting for the lock would end in exit 5 after 5 s
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    _clean(run)
    assert run.returncode == 0 and run.stdout.count('"customer ') == 3, run.stderr


@pytest.fixture
def read_only_settings(tmp_path):
    """A settings folder that cannot be written, with a book of 2 orders: a read-only mount of the folder as
    root (who writes through file modes), the folder's and book's modes otherwise."""
    folder = tmp_path / "settings"
    _book(folder, 2)
    if os.geteuid() != 0:
        (folder / "orders.db").chmod(0o444)
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    mounted = tmp_path / "read-only"
    mounted.mkdir()
    if subprocess.run(["mount", "--bind", str(folder), str(mounted)], capture_output=True).returncode:
        pytest.skip("root without mount: no read-only folder to test with")
    try:
        if subprocess.run(["mount", "-o", "remount,ro,bind", str(mounted)], capture_output=True).returncode:
            pytest.skip("no read-only remount here")
        yield mounted
    finally:
        subprocess.run(["umount", str(mounted)], capture_output=True)


def test_a_read_only_book_can_be_listed(read_only_settings):
    """A read-only book gave exit 5: the listing opened it for writing."""
    files = {p.name: p.read_bytes() for p in read_only_settings.iterdir()}
    run = _cli(read_only_settings, "orders")
    _clean(run)
    assert run.returncode == 0 and _listed(run) == ["#2", "#1"]
    assert {p.name: p.read_bytes() for p in read_only_settings.iterdir()} == files


def test_orders_and_reprint_agree_on_exit_4_for_a_book_that_cannot_be_opened(tmp_path):
    """`reprint` said exit 2 where `orders` said 5."""
    (tmp_path / "orders.db").mkdir()                          # the book's name taken by a folder
    listed = _cli(tmp_path, "orders")
    reprinted = _cli(tmp_path, "reprint", "1", "-o", str(tmp_path / "x.png"))
    for run in (listed, reprinted):
        _clean(run)
        assert run.returncode == 4 and "order book" in run.stderr and "cannot be opened" in run.stderr, run.stderr
