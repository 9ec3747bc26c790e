"""Run `idphoto check --json` on every photo under the given folders: exit codes, statuses, tracebacks.

Usage: python tools/check_all.py [-t TEMPLATE] [--doors | --no-doors] FOLDER... (default tests/data and
../shared/photos)
Issue 23: every photo with a face gets JSON and exit 0; only no face / unreadable are refused (exit 4);
no photo may raise. Prints one line per photo and a summary; exits 1 when any photo raised.
Issue 39: then the hard doors' inputs (`--doors`: only those), each with the exit code docs/cli.md's table
gives it, and the order-book, disk-cache and hot-folder cases of tools/check_stores.py: no traceback, no exit 1
"please report this".
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from idphoto_gui.cli import main as cli  # noqa: E402

SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff", ".heic"}


def photos(folders: list[Path]) -> list[Path]:
    """Every image file under the folders, sorted."""
    return sorted(p for f in folders for p in f.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file())


def check_one(path: Path, template: str) -> tuple[int | None, str, str]:
    """(exit code or None when it raised, status or the error line, traceback text)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli(["check", str(path), "-t", template, "--json"])
    except SystemExit as exc:
        return int(exc.code or 0), err.getvalue().strip()[:120], ""
    except BaseException:  # noqa: BLE001 - the point is to catch every traceback
        return None, "raised", traceback.format_exc()
    if "Traceback" in err.getvalue():
        return None, "traceback on stderr", err.getvalue()
    if code == 0:
        return code, json.loads(out.getvalue())["status"], ""
    return code, err.getvalue().strip()[:120], ""


def run_cli(argv: list[str]) -> tuple[int | None, str, str]:
    """(exit code or None when it raised or printed a traceback, stdout, stderr) of one command, in process."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli([str(a) for a in argv])
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    except BaseException:  # noqa: BLE001
        return None, out.getvalue(), err.getvalue() + traceback.format_exc()
    return (None if "Traceback" in err.getvalue() else code), out.getvalue(), err.getvalue()


# ---------------------------------------------------------------- issue 39, items 2, 3, 10, 11 (helper i39a)
def doors_39a(tmp: Path) -> list[tuple[str, int, int | None, str, str]]:
    """Plain bad input at the command line, stored text printed raw, a batch run twice, a crowd for --face all:
    (case, expected exit code, exit code or None when it raised, what is wrong beside the code, last stderr line)."""
    import os
    import shutil

    from PIL import Image

    from idphoto_gui.core.orders import Order, OrderBook
    from idphoto_gui.core.orders.order import PRINTED, OrderItem

    data, long = ROOT / "tests" / "data", tmp / ("a" * 300)
    photo = data / "man_suit.jpg"
    os.environ["IDPHOTO_SETTINGS_DIR"] = str(tmp / "settings")
    OrderBook(tmp / "settings" / "orders.db").add(Order(
        items=(OrderItem(template_id="cn-1inch", background="#ffffff", copies=2),), status=PRINTED,
        name="forged\n#99  2026-01-01", number="1\x1b[2J\x1b[31m\x9b\u202e"))
    not_utf8 = b"\xff\xfe".decode("utf-8", "surrogateescape")
    cases = [("orders --search not UTF-8", 2, ["orders", "--search", not_utf8]),
             ("orders --search 60 KB", 2, ["orders", "--search", "a" * 60_000]),
             ("orders --search 60 KB of %", 2, ["orders", "--search", "%" * 60_000]),
             ("orders --limit 20 digits", 2, ["orders", "--limit", "9" * 20]),
             ("orders --limit nan", 2, ["orders", "--limit", "nan"]),
             ("orders --search #20 digits", 0, ["orders", "--search", "#" + "9" * 20]),
             ("reprint 20-digit order", 2, ["reprint", "9" * 20, "-o", tmp / "s.pdf"]),
             ("reprint -o x.gif", 2, ["reprint", "1", "-o", tmp / "s.gif"]),
             ("reprint -o long name", 5, ["reprint", "1", "-o", f"{long}.pdf"]),
             ("templates --search not UTF-8", 0, ["templates", "--search", not_utf8]),
             ("make -o long name", 5, ["make", photo, "-t", "cn-1inch", "-o", f"{long}.jpg"]),
             ("make -o long folder", 5, ["make", photo, "-t", "cn-1inch", "-o", long / "x.jpg"]),
             ("make -o 246-byte name (no room for .part)", 5,
              ["make", photo, "-t", "cn-1inch", "-o", tmp / ("b" * 246 + ".jpg")]),
             ("make long input", 4, ["make", f"{long}.jpg", "-t", "cn-1inch"]),
             ("check long input", 4, ["check", f"{long}.jpg", "-t", "cn-1inch"]),
             ("sheet -o long name", 5, ["sheet", photo, "-t", "cn-1inch", "-o", f"{long}.pdf"]),
             ("matte -o long name", 5, ["matte", photo, "-o", f"{long}.png"]),
             ("batch long OUTDIR", 5, ["batch", data, long, "-t", "cn-1inch"]),
             ("batch --report long name", 5, ["batch", data, tmp / "o", "-t", "cn-1inch", "--report", f"{long}.csv"])]
    results = []
    for name, expected, argv in cases:
        code, _, err = run_cli(argv)
        results.append((name, expected, code, "", _last(err)))
    for argv in (["orders"], ["orders", "--json"]):
        code, out, err = run_cli(argv)
        raw = [repr(c) for c in "\x1b\x9b\u202e" if c in out]
        if argv == ["orders"] and len(out.splitlines()) != 3:   # header, rule, one order: no forged row
            raw.append("a newline")
        results.append((f"{' '.join(argv)}: stored text escaped", 0, code, f"printed raw: {raw}" if raw else "",
                        _last(err)))
    batch_in = tmp / "batch_in"
    batch_in.mkdir()
    shutil.copy2(data / "curly_dark_skin_woman.jpg", batch_in / "smile.jpg")   # expression: fail
    shutil.copy2(photo, batch_in / "suit.jpg")
    (batch_in / "broken.jpg").write_bytes(b"broken")
    report = tmp / "batch.csv"
    for run in (1, 2):
        code, out, err = run_cli(["batch", batch_in, tmp / "batch_out", "-t", "cn-1inch", "--report", report])
        kept = "smile.jpg,fail" in report.read_text(encoding="utf-8-sig").replace('"', "")
        results.append((f"batch run {run}: the fail is in the report", 3, code,
                        "" if kept else "the first run's fail is not in the report", _last(out)))
    crowd = tmp / "crowd.jpg"
    tiles = [Image.open(data / n).convert("RGB") for n in (
        "man_suit.jpg", "child.png", "woman_grey_bg.jpg", "man_glasses.jpg", "blonde_woman.jpg",
        "curly_young_man.jpg", "woman_white_wall.jpg", "curly_dark_skin_woman.jpg", "astronaut.png",
        "woman_fur_hat_lowres.jpg")] * 3
    sheet = Image.new("RGB", (1800, 1900), (200, 200, 200))
    for i, tile in enumerate(tiles):
        tile.thumbnail((300, 380))
        sheet.paste(tile, ((i % 6) * 300 + (300 - tile.width) // 2, (i // 6) * 380 + (380 - tile.height) // 2))
    sheet.save(crowd, quality=92)
    code, out, err = run_cli(["make", crowd, "-t", "cn-1inch", "--face", "all", "-o", tmp / "crowd_out.jpg"])
    said = "faces were found" in err and "may be missed" in err and "refused:" in err
    results.append(("make --face all on 30 tiled faces", 0, code, "" if said else "no count, or nothing refused",
                    next((line for line in err.splitlines() if "faces were found" in line), "")))
    return results


def _last(text: str) -> str:
    """The last line of a command's output, shortened."""
    return text.strip().splitlines()[-1][:90] if text.strip() else ""


def main() -> int:
    """Check every photo, then the hard doors' inputs; 1 when any raised or got another code."""
    import tempfile

    args = sys.argv[1:]
    template = "cn-1inch"
    if args[:1] == ["-t"]:
        template, args = args[1], args[2:]
    doors = "--no-doors" not in args
    only_doors = "--doors" in args
    args = [a for a in args if a not in ("--doors", "--no-doors")]
    bad = 0
    if doors:
        with tempfile.TemporaryDirectory() as tmp:
            results = doors_39a(Path(tmp))
        for name, expected, code, problem, line in results:
            wrong = code != expected or bool(problem)
            bad += wrong
            print(f"{code!s:>4}  {'BAD' if wrong else 'ok '} (expected {expected})  {name:42s}  {problem or line}")
        print(f"doors (i39a): {len(results)} cases, {bad} wrong, tracebacks: "
              f"{sum(r[2] is None for r in results)}, exit 1: {sum(r[2] == 1 for r in results)}")
        bad += check_stores()
        if only_doors:
            return 1 if bad else 0
    folders = [Path(a) for a in args] or [ROOT / "tests" / "data", ROOT.parent / "shared" / "photos",
                                          ROOT.parents[1] / "shared" / "photos"]
    todo = photos([f for f in folders if f.is_dir()])
    seen, raised = Counter(), []
    for p in todo:
        code, what, tb = check_one(p, template)
        seen[code] += 1
        if code is None:
            raised.append((p, tb))
        print(f"{code!s:>4}  {what[:60]:60s}  {p}")
    print(f"{len(todo)} photos: " + ", ".join(f"exit {k}: {v}" for k, v in sorted(seen.items(), key=str))
          + f"; tracebacks: {len(raised)}")
    for p, tb in raised:
        print(f"--- {p}\n{tb}")
    return 1 if raised or bad else 0


# ---- issue 39: order books, the disk cache and the hot folder (tools/check_stores.py) ------------------------
def check_stores() -> int:
    """The stores' cases: 1 when any had a traceback, exit 1 or a wrong result."""
    sys.path.insert(0, str(ROOT / "tools"))
    import check_stores as stores

    return stores.report(stores.run_store_cases())


if __name__ == "__main__":
    sys.exit(main())
