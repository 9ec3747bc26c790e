"""Run `idphoto check --json` on every photo under the given folders: exit codes, statuses, tracebacks.

Usage: python tools/check_all.py [-t TEMPLATE] FOLDER... (default tests/data and ../shared/photos)
Issue 23: every photo with a face gets JSON and exit 0; only no face / unreadable are refused (exit 4);
no photo may raise. Prints one line per photo and a summary; exits 1 when any photo raised.
Issue 39: then the order-book, disk-cache and hot-folder cases of tools/check_stores.py (no traceback, no exit 1).
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


def main() -> int:
    """Check every photo; 1 when any raised."""
    args = sys.argv[1:]
    template = "cn-1inch"
    if args[:1] == ["-t"]:
        template, args = args[1], args[2:]
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
    stores_failed = check_stores()
    return 1 if raised or stores_failed else 0


# ---- issue 39: order books, the disk cache and the hot folder (tools/check_stores.py) ------------------------
def check_stores() -> int:
    """The stores' cases: 1 when any had a traceback, exit 1 or a wrong result."""
    sys.path.insert(0, str(ROOT / "tools"))
    import check_stores as stores

    return stores.report(stores.run_store_cases())


if __name__ == "__main__":
    sys.exit(main())
