"""The order book in SQLite (settings folder, orders.db): WAL so two windows share it, a busy timeout,
the schema versioned by PRAGMA user_version with ordered migrations. A database that cannot be read, is not
ours (another program's `orders` table) or lacks our tables and columns is moved aside
(orders.db.bad-<time>) and a new one started: the app never fails to start because of it. Each row is
checked when read; a bad one is skipped with one log line (or, asked for by number, is a DamagedOrder).

Every call opens its own short connection, so any thread (the window's workers) may use the book. A book
opened `readonly` (listing, reprinting) takes no write lock and needs no write access.
"""
from __future__ import annotations

import datetime
import functools
import json
import logging
import os
import sqlite3
import time
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..paths import settings_dir
from .order import DRAFT, BookUnavailable, DamagedOrder, Order, OrderError, now_iso
from .rows import BadRow, order_of, orders_of, shown, text

log = logging.getLogger(__name__)

FILE_NAME = "orders.db"
BUSY_TIMEOUT_S = 5.0

# Each entry moves the schema from version i to i + 1; never edit a released one, append.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL DEFAULT '',
        number TEXT NOT NULL DEFAULT '',
        created TEXT NOT NULL,
        paper TEXT NOT NULL,
        dpi INTEGER NOT NULL,
        caption TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL
    );
    CREATE TABLE items (
        order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        source_path TEXT,
        digest TEXT,
        template_id TEXT NOT NULL,
        background TEXT NOT NULL,
        edit TEXT NOT NULL,
        copies INTEGER NOT NULL,
        model_id TEXT NOT NULL,
        face_index INTEGER,
        PRIMARY KEY (order_id, position)
    );
    """,
    """
    CREATE INDEX orders_created ON orders(created);
    CREATE INDEX orders_status ON orders(status);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class _NotOurs(sqlite3.DatabaseError):
    """The file is a database, but not an order book of ours (or one missing tables or columns)."""


@dataclass(frozen=True)
class Retention:
    """How long orders are kept (None: for ever) and whether they keep the source photo's path and digest."""

    keep_days: int | None = None
    store_photos: bool = True


class OrderBook:
    """Orders in one SQLite file; `notice` says why a damaged file was set aside at opening (else "").
    `readonly`: no write lock and no write access needed (listing); a damaged file is still set aside."""

    def __init__(self, path: str | os.PathLike, *, retention: Retention = Retention(), readonly: bool = False) -> None:
        self.path = Path(path)
        self.retention = retention
        self.readonly = readonly
        self.notice = ""
        self.set_aside: Path | None = None   # where a damaged file was kept (the window words it itself)
        self._immutable = False              # a read-only file in a read-only folder: nobody can write it
        self._empty = False                  # read-only and no tables yet (an empty file): nothing to read
        self._open()

    # ---- opening -----------------------------------------------------------------------------------
    def _open(self) -> None:
        """Create or migrate the file (read-only: check it); a damaged or foreign one is set aside and a new one
        started. A locked file or unwritable folder raises BookUnavailable (the file itself may be fine)."""
        try:
            try:
                if self.readonly:
                    self._inspect()
                else:
                    self._migrate()
            except sqlite3.OperationalError as exc:
                if not _damage(exc):
                    raise
                raise _NotOurs(str(exc)) from exc
        except sqlite3.DatabaseError as exc:
            if type(exc) is sqlite3.OperationalError:   # locked, unwritable folder: the file itself may be fine
                raise self._unavailable(exc) from exc
            self._replace(exc)
        except OSError as exc:
            raise self._unavailable(exc) from exc

    def _unavailable(self, exc: BaseException) -> BookUnavailable:
        return BookUnavailable(f"the order book {self.path} cannot be opened: {exc}", path=str(self.path))

    def _replace(self, exc: BaseException) -> None:
        """Set a damaged or foreign file aside and start a new book (needs write access, even when listing)."""
        try:
            aside = self.set_aside = self._set_aside()
        except OSError as err:
            raise BookUnavailable(f"the order book {self.path} is damaged or not ours ({exc}) and cannot be moved "
                                  f"aside: {err}", path=str(self.path)) from err
        self.notice = (f"The order book {self.path} could not be read ({exc}); it was moved to "
                       f"{aside.name} and a new one started.")
        log.info("%s", self.notice)   # each front end says it once (the CLI's note, the window's banner)
        self.readonly = False
        try:
            self._migrate()
        except (sqlite3.Error, OSError) as err:
            raise self._unavailable(err) from err

    def _inspect(self) -> None:
        """Read-only opening: the file must be ours, whole and not newer; nothing is written."""
        if not self.path.exists():
            raise OSError(f"{self.path} does not exist")
        self._immutable = not os.access(self.path, os.W_OK) and not os.access(self.path.parent, os.W_OK)
        with closing(self._connect()) as db:
            self._empty = _check_file(db) == 0

    def _migrate(self) -> None:
        """Bring the schema to SCHEMA_VERSION, one migration per transaction (the write lock only then)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect(journal=False)) as db:
            version = _check_file(db)            # before WAL is turned on: a file set aside stays as it was
            db.execute("PRAGMA journal_mode = WAL")
            while version < SCHEMA_VERSION:
                db.execute("BEGIN IMMEDIATE")   # re-read under the lock: another window may have migrated
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version >= SCHEMA_VERSION:
                    db.execute("COMMIT")
                    break
                try:
                    for statement in filter(str.strip, MIGRATIONS[version].split(";")):
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version = {version + 1}")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                log.info("order book %s: schema %d -> %d", self.path, version, version + 1)
                version += 1
            _check_schema(db, version)

    def _set_aside(self) -> Path:
        """Rename the file (and its -wal/-shm) to orders.db.bad-<time>; returns the new name."""
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.bad-{stamp}-{n}")
            n += 1
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(self.path) + suffix)
            if src.exists():
                os.replace(src, Path(str(aside) + suffix))
        return aside

    def _connect(self, *, journal: bool = True) -> sqlite3.Connection:
        """A short-lived connection: WAL (unless not `journal`), busy timeout, foreign keys on; read-only ones
        open the file so (immutable when neither it nor its folder can be written: then no -shm is needed)."""
        if self.readonly:
            mode = "immutable=1" if self._immutable else "mode=ro"
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?{mode}", uri=True, timeout=BUSY_TIMEOUT_S,
                                 isolation_level=None)
        else:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            db.text_factory = text
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            if not self.readonly:
                if journal:
                    db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            db.close()
            raise
        return db

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A connection for reading; a file that cannot be read now is BookUnavailable, never a raw error."""
        try:
            with closing(self._connect()) as db:
                yield db
        except sqlite3.Error as exc:
            raise BookUnavailable(f"the order book {self.path} cannot be read: {exc}", path=str(self.path)) from exc

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE: a second window waits instead of failing)."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # ---- writing -----------------------------------------------------------------------------------
    def add(self, order: Order, *, from_draft: bool = False) -> Order:
        """Store a new order; returns it with its id and date. A draft, or an order made `from_draft` (the
        composer's sheet saved or printed), takes the place of the kept draft and its number."""
        order = self._kept(order.but(created=order.created or now_iso()))
        with self._tx() as db:
            row = (db.execute("SELECT id FROM orders WHERE status = ? ORDER BY id DESC LIMIT 1", (DRAFT,)).fetchone()
                   if order.status == DRAFT or from_draft else None)
            if row is not None:
                order = order.but(id=int(row["id"]))
                db.execute("UPDATE orders SET name=?, number=?, created=?, paper=?, dpi=?, caption=?, status=? "
                           "WHERE id=?", (*_order_row(order), order.id))
                db.execute("DELETE FROM items WHERE order_id = ?", (order.id,))
            else:
                cur = db.execute("INSERT INTO orders (name, number, created, paper, dpi, caption, status) "
                                 "VALUES (?, ?, ?, ?, ?, ?, ?)", _order_row(order))
                order = order.but(id=int(cur.lastrowid))
            _insert_items(db, order)
        log.info("order %d stored (%s, %d photos)", order.id, order.status, len(order.items))
        return order

    def update(self, order: Order) -> Order:
        """Replace a stored order's fields and items (OrderError if it is gone)."""
        order = self._kept(order)
        with self._tx() as db:
            cur = db.execute("UPDATE orders SET name=?, number=?, created=?, paper=?, dpi=?, caption=?, status=? "
                             "WHERE id=?", (*_order_row(order), order.id))
            if cur.rowcount == 0:
                raise OrderError(f"there is no order {order.id}")
            db.execute("DELETE FROM items WHERE order_id = ?", (order.id,))
            _insert_items(db, order)
        return order

    def save_draft(self, order: Order) -> Order:
        """Keep the composer's contents as the one draft (an empty composer drops it)."""
        if not order.items:
            self.drop_draft()
            return order
        return self.add(order.but(status=DRAFT, id=0, created=""))

    def drop_draft(self) -> None:
        """Forget the draft."""
        with self._tx() as db:
            db.execute("DELETE FROM orders WHERE status = ?", (DRAFT,))

    def prune(self, *, today: datetime.date | None = None) -> int:
        """Delete orders older than the retention's days (drafts too); returns how many went (none when
        the book is open read-only: listing never writes)."""
        days = self.retention.keep_days
        if days is None or self.readonly:
            return 0
        cutoff = ((today or datetime.date.today()) - datetime.timedelta(days=int(days))).isoformat()
        with self._tx() as db:
            n = db.execute("DELETE FROM orders WHERE created < ?", (cutoff,)).rowcount
        if n:
            log.info("order book: %d orders older than %d days removed", n, days)
        return n

    def _kept(self, order: Order) -> Order:
        """The order as the retention allows it to be stored (no photo paths when photos are not kept)."""
        if self.retention.store_photos:
            return order
        return order.but(items=tuple(i.without_photo() for i in order.items))

    # ---- reading -----------------------------------------------------------------------------------
    def get(self, order_id: int) -> Order:
        """One order by its number (OrderError if there is none, DamagedOrder if its row is not ours)."""
        with self._reading() as db:
            row = None if self._empty else db.execute("SELECT * FROM orders WHERE id = ?", (int(order_id),)).fetchone()
            if row is None:
                raise OrderError(f"there is no order {order_id}")
            try:
                return order_of(db, row)
            except BadRow as exc:
                raise DamagedOrder(f"order #{order_id} in {self.path.name} is damaged ({exc}): it cannot be "
                                   "reprinted; open its photos again", path=str(self.path)) from None

    def draft(self) -> Order | None:
        """The composer's kept contents, if any (a damaged draft is skipped with one line)."""
        if self._empty:
            return None
        with self._reading() as db:
            row = db.execute("SELECT * FROM orders WHERE status = ? ORDER BY id DESC LIMIT 1", (DRAFT,)).fetchone()
            found = orders_of(db, [row]) if row is not None else []
            return found[0] if found else None

    def search(self, text: str = "", *, limit: int = 500, drafts: bool = False) -> list[Order]:
        """Orders whose name, number, date or book number contain `text`, newest first (damaged ones skipped,
        one log line each)."""
        like = "%" + text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        sql = ("SELECT * FROM orders WHERE (name LIKE :q ESCAPE '\\' OR number LIKE :q ESCAPE '\\' "
               "OR created LIKE :q ESCAPE '\\' OR CAST(id AS TEXT) = :t OR '#' || id = :t)"
               + ("" if drafts else " AND status != 'draft'") + " ORDER BY created DESC, id DESC LIMIT :n")
        if self._empty:
            return []
        with self._reading() as db:
            rows = db.execute(sql, {"q": like, "t": text.strip(), "n": int(limit)}).fetchall()
            return orders_of(db, rows)


def _order_row(order: Order) -> tuple:
    """The orders table's columns (without id)."""
    return (order.name, order.number, order.created, order.paper, int(order.dpi), order.caption, order.status)


def _insert_items(db: sqlite3.Connection, order: Order) -> None:
    """Write an order's items in their order."""
    db.executemany(
        "INSERT INTO items (order_id, position, source_path, digest, template_id, background, edit, copies, "
        "model_id, face_index) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(order.id, i, it.source_path, it.digest, it.template_id, it.background,
          json.dumps({"crop": it.crop, "crown": it.crown, "chin": it.chin, "look": list(it.look)}), int(it.copies), it.model_id,
          it.face_index) for i, it in enumerate(order.items)])


_DAMAGE = ("no such table", "no such column", "has no column", "already exists", "malformed")


def _damage(exc: sqlite3.OperationalError) -> bool:
    """True for an error that says the file's schema is wrong (not a lock or an unwritable folder)."""
    return any(word in str(exc) for word in _DAMAGE)


def _check_file(db: sqlite3.Connection) -> int:
    """The file is whole, not newer than the app, and holds our tables as its version has them; its version."""
    check = db.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise sqlite3.DatabaseError(f"integrity check: {check}")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"schema version {version} is newer than this app's {SCHEMA_VERSION}")
    _check_schema(db, version)
    return version


def _check_schema(db: sqlite3.Connection, version: int) -> None:
    """Our tables with our columns (a foreign `orders` table, a missing table or column is not ours)."""
    found, expected = _schema(db), _expected_schema(version)
    if version == 0 and found:
        raise _NotOurs(f"it holds another program's tables ({shown(sorted(found))}), not an idphoto order book")
    for table, columns in expected.items():
        if found.get(table) != columns:
            raise _NotOurs(f"its {table} table is missing or not an idphoto order book's")


def _schema(db: sqlite3.Connection) -> dict[str, tuple]:
    """Tables (SQLite's own left out) and their columns: name, type, not null, primary key."""
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                       "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")]
    return {t: tuple(tuple(c) for c in db.execute(
        'SELECT name, upper(type), "notnull", pk FROM pragma_table_info(?)', (t,))) for t in tables}


@functools.lru_cache(maxsize=None)
def _expected_schema(version: int) -> dict[str, tuple]:
    """The tables a book of `version` has: the migrations up to it run on an empty database in memory."""
    with closing(sqlite3.connect(":memory:")) as db:
        for migration in MIGRATIONS[:version]:
            db.executescript(migration)
        return _schema(db)


def default_path() -> Path:
    """orders.db in the user's settings folder."""
    return settings_dir() / FILE_NAME


def open_book(path: str | os.PathLike | None = None, *, retention: Retention = Retention(),
              readonly: bool = False) -> OrderBook:
    """The order book (default: the settings folder's), old orders pruned per `retention` (not when opened
    `readonly` for listing: then no write lock is taken)."""
    started = time.perf_counter()
    book = OrderBook(path or default_path(), retention=retention, readonly=readonly)
    try:
        book.prune()
    except sqlite3.Error as exc:  # a locked or read-only file: keep what is there, say so
        log.warning("order book: could not remove old orders: %s", exc)
    log.debug("order book %s opened in %.1f ms", book.path, (time.perf_counter() - started) * 1000)
    return book
