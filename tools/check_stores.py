"""Issue 39's probe of what the app keeps and watches, run by tools/check_all.py (or alone): broken order books
through `idphoto orders` / `idphoto reprint` (in this process, as check_all.py runs `check`), crafted disk-cache
entries and cache upkeep through the analysis, and a hot folder full of traps through the scanner.

Every case must end without a traceback (in the output or the log) and without exit 1 "please report".
Usage: python tools/check_stores.py   (prints one line per case and a summary; exits 1 on any traceback or exit 1)
"""
from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import sqlite3
import sys
import tempfile
import traceback
import zipfile
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Outcome:
    """One case: its name, the exit code (None for an in-process case), what it said, and the problem found."""

    name: str
    code: int | None
    said: str
    problem: str = ""    # "" = clean; else "traceback", "exit 1", "raised ..."


WRONG = ("DIFFERENT", "TRUSTED", "GONE", "OVER THE CAP")   # what an in-process case says when it went wrong


class _Records(logging.Handler):
    """Every log record of a case (tracebacks are records with exc_info, or ERROR lines from a worker)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _in_process(name: str, run: Callable[[], str]) -> Outcome:
    """Run a case in this process: a raise, or a log record with a traceback, is a problem."""
    handler = _Records()
    root = logging.getLogger()
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        said = run()
    except BaseException as exc:  # noqa: BLE001 - the point is to see every escape
        return Outcome(name, None, f"{type(exc).__name__}: {exc}"[:100], f"raised {type(exc).__name__}")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    traced = [r for r in handler.records if r.exc_info or r.levelno >= logging.ERROR]
    lines = [r.getMessage() for r in handler.records if r.levelno >= logging.WARNING]
    wrong = any(word in said for word in WRONG)
    return Outcome(name, None, "; ".join([said, *lines])[:100],
                   f"traceback in the log ({len(traced)})" if traced else "wrong result" if wrong else "")


# ---- order books, through the command line ------------------------------------------------------------------
def _cli(settings: Path, *args: str) -> tuple[int | None, str, bool]:
    """`idphoto ARGS` in this process with `settings` as the settings folder: (exit code or None when it raised,
    its output and log lines, whether a traceback was logged)."""
    from idphoto_gui.cli import main as cli

    out, handler = io.StringIO(), _Records()
    logging.getLogger().addHandler(handler)
    os.environ["IDPHOTO_SETTINGS_DIR"] = str(settings)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code: int | None = cli(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    except BaseException:  # noqa: BLE001 - the point is to see every escape
        code, _ = None, out.write(traceback.format_exc())
    finally:
        logging.getLogger().removeHandler(handler)
    lines = [out.getvalue().strip()] + [r.getMessage() for r in handler.records if r.levelno >= logging.WARNING]
    return code, "\n".join(lines), any(r.exc_info for r in handler.records)


def _good_book(db: Path, n: int = 3) -> None:
    from idphoto_gui.core.orders import Order, OrderBook, OrderItem

    db.parent.mkdir(parents=True, exist_ok=True)
    book = OrderBook(db)
    for i in range(1, n + 1):
        item = OrderItem(template_id="cn-1inch", background="#438EDB", copies=i,
                         crop=(500.5, 610.25, 300.0, 420.0, 1.5), crown=(501.0, 400.0), chin=(502.0, 760.5))
        book.add(Order(items=(item,), name=f"customer {i}", number=f"A-{i}"))
    with closing(sqlite3.connect(db)) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _sql(*statements: str) -> Callable[[Path], None]:
    def make(db: Path) -> None:
        _good_book(db)
        with closing(sqlite3.connect(db)) as c, c:
            for statement in statements:
                c.execute(statement)
    return make


def _raw(data: bytes) -> Callable[[Path], None]:
    def make(db: Path) -> None:
        db.parent.mkdir(parents=True, exist_ok=True)
        db.write_bytes(data)
    return make


def _foreign(db: Path) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(db)) as c, c:
        c.execute("CREATE TABLE orders (sku TEXT, qty INTEGER, shipped INTEGER)")
        c.execute("INSERT INTO orders VALUES ('X-1', 3, 0)")


def _newer(db: Path) -> None:
    _good_book(db)
    with closing(sqlite3.connect(db)) as c:
        c.execute("PRAGMA user_version = 99")


def _truncated(db: Path) -> None:
    _good_book(db, 40)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])


def _folder(db: Path) -> None:
    db.mkdir(parents=True)


def _loop(db: Path) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(db.parent / "other.db", db)
    os.symlink(db, db.parent / "other.db")


def _read_only(db: Path) -> None:
    _good_book(db)
    db.chmod(0o444)
    db.parent.chmod(0o555)


BOOKS: dict[str, Callable[[Path], None]] = {
    "bad JSON edit": _sql("UPDATE items SET edit = '{\"crop\": [1, 2' WHERE order_id = 2"),
    "edit not an object": _sql("UPDATE items SET edit = '[1, 2, 3]' WHERE order_id = 2"),
    "deeply nested edit": _sql("UPDATE items SET edit = '" + "[" * 100_000 + "' WHERE order_id = 2"),
    "name not UTF-8": _sql("UPDATE orders SET name = CAST(x'ff41fe' AS TEXT) WHERE id = 2"),
    "edit not UTF-8": _sql("UPDATE items SET edit = CAST(x'7b22ff' AS TEXT) WHERE order_id = 2"),
    "name a blob": _sql("UPDATE orders SET name = x'00ff' WHERE id = 2"),
    "text dpi": _sql("UPDATE orders SET dpi = 'three hundred' WHERE id = 2"),
    "dpi 10^18": _sql("UPDATE orders SET dpi = 1000000000000000000 WHERE id = 2"),
    "dpi 2.5": _sql("UPDATE orders SET dpi = 2.5 WHERE id = 2"),
    "NaN crop": _sql("UPDATE items SET edit = '{\"crop\": [NaN, 1, 300, 420, 0]}' WHERE order_id = 2"),
    "Infinity chin": _sql("UPDATE items SET edit = '{\"chin\": [Infinity, 1]}' WHERE order_id = 2"),
    "crop of text": _sql("UPDATE items SET edit = '{\"crop\": [\"a\", 1, 300, 420, 0]}' WHERE order_id = 2"),
    "crop of 3": _sql("UPDATE items SET edit = '{\"crop\": [1, 300, 420]}' WHERE order_id = 2"),
    "zero-size crop": _sql("UPDATE items SET edit = '{\"crop\": [1, 1, 0, 0, 0]}' WHERE order_id = 2"),
    "negative copies": _sql("UPDATE items SET copies = -5 WHERE order_id = 2"),
    "text copies": _sql("UPDATE items SET copies = 'many' WHERE order_id = 2"),
    "face index -1": _sql("UPDATE items SET face_index = -1 WHERE order_id = 2"),
    "unknown status": _sql("UPDATE orders SET status = 'lost' WHERE id = 2"),
    "not a date": _sql("UPDATE orders SET created = 'yesterday' WHERE id = 2"),
    "not a colour": _sql("UPDATE items SET background = 'sparkly' WHERE order_id = 2"),
    "unknown template": _sql("UPDATE items SET template_id = 'no-such-size' WHERE order_id = 2"),
    "unknown paper": _sql("UPDATE orders SET paper = 'papyrus' WHERE id = 2"),
    "empty template": _sql("UPDATE items SET template_id = '' WHERE order_id = 2"),
    "look of junk": _sql("UPDATE items SET edit = '{\"look\": [\"x\", \"y\"]}' WHERE order_id = 2"),
    "escape codes in name": _sql("UPDATE orders SET name = 'a' || char(10) || '#9 forged' || char(27) || '[31m' "
                                 "WHERE id = 2"),
    "items table dropped": _sql("DROP TABLE items"),
    "orders table dropped": _sql("DROP TABLE items", "DROP TABLE orders"),
    "caption column dropped": _sql("ALTER TABLE orders DROP COLUMN caption"),
    "extra column": _sql("ALTER TABLE orders ADD COLUMN note TEXT"),
    "foreign orders.db": _foreign,
    "newer schema": _newer,
    "random bytes": _raw(os.urandom(8192)),
    "empty file": _raw(b""),
    "half a book": _truncated,
    "a folder": _folder,
    "a link loop": _loop,
    "read-only book": _read_only,
}


def book_cases(work: Path) -> list[Outcome]:
    """Each broken book listed (table and JSON) and reprinted (orders 1 and 2) by the command line."""
    found = []
    for name, make in BOOKS.items():
        settings = work / "books" / name.replace(" ", "_")
        make(settings / "orders.db")
        for args in (("orders",), ("orders", "--json"), ("reprint", "2", "-o", str(work / "x.png"))):
            code, text, traced = _cli(settings, *args)
            problem = ("traceback" if traced or code is None or "Traceback" in text else
                       "exit 1" if code == 1 or "please report" in text else "")
            said = ([line for line in text.splitlines() if line.strip()] or [""])[-1]
            found.append(Outcome(f"book: {name}: {' '.join(args[:2])}", code, said[:100], problem))
        if name == "read-only book":
            settings.chmod(0o755)
    return found


# ---- the disk cache, through the analysis ---------------------------------------------------------------------
def cache_cases(work: Path) -> list[Outcome]:
    """Crafted entries in the place of a real photo's faces and matte; then a cache that cannot be written."""
    from idphoto_gui.core.analysis import analysis_codec as codec
    from idphoto_gui.core.analysis import pipeline
    from idphoto_gui.core.analysis.cache import CacheKey, LruCache
    from idphoto_gui.core.analysis.disk_cache import DiskCache
    from idphoto_gui.core.imaging.imageio import load_image

    photo = load_image(ROOT / "tests" / "data" / "man_suit.jpg")
    good = pipeline.analyse(photo, cache=LruCache(1 << 30))
    faces_key, matte_key = pipeline.analysis_keys(photo.digest, "rvm")
    image_key = codec.image_key(photo.digest)
    h, w = photo.rgb.shape[:2]
    matte, face = good.whole_matte or good.matte, good.face

    def alpha(a: np.ndarray) -> bytes:
        return codec.encode(matte_key, replace(matte, alpha=a.astype(np.float32),
                                               foreground=np.zeros((*a.shape, 3), np.uint8)))

    def faces(*found) -> bytes:
        return codec.encode(faces_key, pipeline.FaceOutcome(tuple(found), found[0] if found else None, None))

    def zipped(**members: bytes) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for n, data in members.items():
                z.writestr(n, data)
        return out.getvalue()

    meta = json.dumps({"format": codec.FORMAT, "key": codec._key_list(matte_key), "kind": "matte",
                       "model_id": "rvm"}).encode()
    npy = io.BytesIO()
    np.lib.format.write_array(npy, np.frombuffer(meta.replace(b'"rvm"}', b'NaN}'), np.uint8))
    entries: dict[str, tuple[CacheKey, bytes | None]] = {
        "NaN matte": (matte_key, alpha(np.full((h, w), np.nan))),
        "10x10 matte": (matte_key, alpha(np.ones((10, 10)))),
        "matte of 7.0": (matte_key, alpha(np.full((h, w), 7.0))),
        "1x1 matte": (matte_key, alpha(np.ones((1, 1)))),
        "NaN landmarks": (faces_key, faces(replace(face, landmarks=np.full_like(face.landmarks, np.nan)))),
        "10 landmarks": (faces_key, faces(replace(face, landmarks=face.landmarks[:10]))),
        "landmarks float64": (faces_key, faces(replace(face, landmarks=face.landmarks.astype(np.float64)))),
        "face box far away": (faces_key, faces(replace(face, box=(1e9, 1e9, 5.0, 5.0)))),
        "face box of NaN": (faces_key, faces(replace(face, box=(np.nan, 0.0, 5.0, 5.0)))),
        "negative face box": (faces_key, faces(replace(face, box=(10.0, 10.0, -5.0, 5.0)))),
        "NaN in the meta JSON": (matte_key, zipped(**{"meta.npy": npy.getvalue()})),
        "image of other pixels": (image_key, codec.encode(image_key, replace(photo, rgb=photo.rgb[::-1].copy()))),
        "not a zip": (matte_key, os.urandom(5000)),
        "empty entry": (matte_key, b""),
        "half an entry": (matte_key, codec.encode(matte_key, matte)[:20000]),
        "a folder in its place": (matte_key, None),
    }
    found = []
    for name, (key, data) in entries.items():
        folder = work / "cache" / name.replace(" ", "_")
        folder.mkdir(parents=True)
        disk = DiskCache(folder)
        disk._path(faces_key).write_bytes(codec.encode(faces_key, pipeline.FaceOutcome(good.faces, face, None)))
        if data is None:
            disk._path(key).mkdir()
        else:
            disk._path(key).write_bytes(data)

        def run(folder=folder, key=key) -> str:
            memory, disk = LruCache(1 << 30), DiskCache(folder)
            memory.backing = disk
            if key == image_key:
                back = memory.get(key)
                return f"image {'refused' if back is None else 'TRUSTED'}"
            again = pipeline.analyse(photo, cache=memory)
            disk.flush()
            same = (np.array_equal(again.matte.alpha, good.matte.alpha) and again.face == good.face
                    and np.array_equal(again.face.landmarks, good.face.landmarks))
            return f"{'same analysis' if same else 'DIFFERENT analysis'}, {disk.corrupt} entry removed"

        found.append(_in_process(f"cache: {name}", run))
    found += _upkeep_cases(work, matte, DiskCache, CacheKey)
    return found


def _upkeep_cases(work: Path, matte, DiskCache, CacheKey) -> list[Outcome]:
    """A cache folder that cannot be made, a killed write's temporary file, a lowered cap."""
    (work / "in_the_way").write_bytes(b"x")
    keys = [CacheKey(f"{i:064x}", "rvm", "sha", 1) for i in range(4)]

    def unwritable() -> str:
        disk = DiskCache(work / "in_the_way" / "analyses")
        for key in keys:
            disk.store(key, matte)
        disk.flush()
        return f"{getattr(disk, 'failed', '?')} writes failed"

    def killed_and_lowered() -> str:
        folder = work / "cache_upkeep"
        disk = DiskCache(folder)
        for key in keys:
            disk.store(key, matte)
        disk.flush()
        stale = folder / f".{'b' * 64}.npz.999999999.1.tmp"
        stale.write_bytes(b"\0" * 1000)
        smaller = DiskCache(folder, max_bytes=disk.bytes // 2)
        smaller.flush()
        left = sorted(folder.iterdir())
        over = stale in left or sum(p.stat().st_size for p in left) > smaller.max_bytes
        return f"{'OVER THE CAP: ' if over else ''}{len(left)} file(s) left under a cap of half"

    return [_in_process("cache: folder cannot be made", unwritable),
            _in_process("cache: killed write, lowered cap", killed_and_lowered)]


# ---- the hot folder ------------------------------------------------------------------------------------------
def hot_folder_cases(work: Path) -> list[Outcome]:
    """A folder of traps scanned as photos arrive: loops, dangling links, devices, a FIFO, a bomb, cut files."""
    from PIL import Image

    from idphoto_gui.core.imaging.hot_folder import FolderScanner
    from tests.bad_files import png_bomb

    folder = work / "hot"
    folder.mkdir()
    clock = [0.0]
    scanner = FolderScanner(folder, settle_s=0.5, give_up_s=2.0, clock=lambda: clock[0])
    source = ROOT / "tests" / "data" / "man_suit.jpg"
    os.symlink(folder / "b.jpg", folder / "a.jpg")
    os.symlink(folder / "a.jpg", folder / "b.jpg")
    os.symlink(folder / "nowhere.jpg", folder / "dangling.jpg")
    os.symlink(work, folder / "a_folder.jpg")
    os.symlink("/dev/zero", folder / "zero.jpg")
    os.mkfifo(folder / "pipe.jpg")
    (folder / "dir.jpg").mkdir()
    png_bomb(folder / "bomb.png")
    (folder / "empty.jpg").write_bytes(b"")
    (folder / "text.jpg").write_text("not a photo")
    (folder / "line\nbreak.jpg").write_bytes(source.read_bytes())
    for fmt, suffix in (("PNG", ".png"), ("TIFF", ".tif"), ("WEBP", ".webp"), ("JPEG", ".jpg")):
        whole = folder / f"whole{suffix}"
        Image.open(source).save(whole, fmt)
        data = whole.read_bytes()
        (folder / f"cut{suffix}").write_bytes(data[: len(data) // 2])
    (folder / "IMG_1.CR3").write_bytes(b"raw")

    def scans() -> str:
        ready, damaged = [], []
        for t in (0.0, 1.0, 3.5, 5.0):
            clock[0] = t
            scan = scanner.scan()
            if not scan.available:
                return "FOLDER GONE"
            ready += scan.ready
            damaged += scan.damaged
        return f"{len(ready)} ready, {len(damaged)} damaged"

    return [_in_process("hot folder: traps", scans)]


def run_store_cases() -> list[Outcome]:
    """Every case of the three groups, in a throwaway folder."""
    with tempfile.TemporaryDirectory(prefix="idphoto-stores-") as tmp:
        work = Path(tmp)
        return book_cases(work) + cache_cases(work) + hot_folder_cases(work)


def report(outcomes: list[Outcome]) -> int:
    """One line per case and a summary; 1 when any case had a traceback or exit 1."""
    for o in outcomes:
        print(f"{o.code!s:>4}  {o.problem or 'ok':10s}  {o.name[:60]:60s}  {o.said}")
    bad = [o for o in outcomes if o.problem]
    traced = sum("trace" in o.problem or "raised" in o.problem for o in bad)
    print(f"{len(outcomes)} store cases: tracebacks {traced}, exit 1: {sum(o.problem == 'exit 1' for o in bad)}, "
          f"wrong results: {sum(o.problem == 'wrong result' for o in bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(report(run_store_cases()))
