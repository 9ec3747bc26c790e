"""A long day at the counter: the window's resident memory as distinct photos pile up in the strip.

Run: .venv/bin/python benchmarks/bench_window_memory.py [--counts 40 100 300] [--selects 10]

An offscreen MainWindow is given distinct portraits in batches (the portraits of tests/data and
shared/photos, each scaled, brightened and mirrored a little differently, as `bench_batch.py --soak`
makes them), all passed at once per batch as on the command line; after each batch is analysed it prints
the resident memory (VmRSS) and the peak so far (VmHWM). Then it selects photos opened early (their
arrays dropped by now, if the window drops them) and times select -> preview repainted with the photo,
counting model runs. The disk cache goes to a temporary folder (XDG_CACHE_HOME), never the user's.
Prints figures; not a pass/fail test. Aims: peak <= 1 GB at 300, growth 100 -> 300 <= 150 MB,
select of a dropped photo <= 150 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
_CACHE_HOME = tempfile.mkdtemp(prefix="idphoto-bench-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE_HOME   # the disk cache (if any) never touches the user's

import idphoto_gui.qt  # noqa: E402,F401 - Python 3.11 guard before any Qt call
from PySide6.QtCore import QEventLoop, QSettings, QTemporaryDir  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench_batch import make_variants  # noqa: E402
from idphoto_gui.qt.app import apply_style, create_app  # noqa: E402
from paint_clock import paint_clock  # noqa: E402 - beside this script
from idphoto_gui.qt.common.settings import AppSettings  # noqa: E402


def mem_mb() -> tuple[int, int]:
    """(VmRSS, VmHWM) of this process in MB."""
    vals = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            vals[key] = int(rest.split()[0]) // 1024
    return vals["VmRSS"], vals["VmHWM"]


def wait(app: QApplication, done, timeout_s: float = 3600.0) -> None:
    """Process events until `done()`."""
    end = time.monotonic() + timeout_s
    while not done() and time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.002)


def all_done(window) -> bool:
    """Every photo in the strip loaded and analysed (or failed)."""
    return all(not d.busy for d in window.controller.photos.items)


def time_selects(window, app: QApplication, keys: list[int]) -> list[float]:
    """ms from select(key) to the end of the preview's paint showing that photo's render."""
    c = window.controller
    out = []
    with paint_clock(window.ui.preview) as painted:
        for key in keys:
            app.processEvents()
            painted["t"] = 0.0
            t0 = time.perf_counter()
            c.select(key)
            wait(app, lambda: c.result is not None and painted["t"] > 0.0 and c.photos.current.key == key, 30.0)
            out.append((painted["t"] - t0) * 1000)
    return out


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--counts", type=int, nargs="+", default=[40, 100, 300])
    p.add_argument("--selects", type=int, default=10)
    p.add_argument("--template", default="cn-1inch")
    p.add_argument("--cache-mb", type=int, default=0, help="the window's memory budget (0: its default)")
    args = p.parse_args()
    counts = sorted(args.counts)
    app = create_app(sys.argv[:1])
    apply_style(app, kiosk=False)
    tmp = QTemporaryDir()
    with tempfile.TemporaryDirectory() as photos_dir:
        into = Path(photos_dir) / "in"
        into.mkdir()
        paths = [str(p) for p in make_variants(counts[-1], into)]
        from idphoto_gui.qt.window.main_window import MainWindow

        settings = AppSettings(QSettings(tmp.filePath("bench.ini"), QSettings.Format.IniFormat))
        settings.template_id = args.template
        settings.cache_mb = args.cache_mb
        window = MainWindow(settings)
        window.resize(1360, 860)
        window.show()
        app.processEvents()
        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
              f"RSS with the window open {mem_mb()[0]} MB", flush=True)
        opened, start, rows = 0, time.perf_counter(), {}
        for n in counts:
            window.open_paths(paths[opened:n])
            opened = n
            wait(app, lambda: all_done(window))
            for _ in range(10):   # let queued signals and deferred deletes settle
                app.processEvents()
            rss, hwm = mem_mb()
            rows[n] = (rss, hwm)
            from idphoto_gui.core.analysis.cache import default_cache

            held = default_cache().bytes >> 20
            print(f"{n:4d} photos analysed: RSS {rss:5d} MB   peak (VmHWM) {hwm:5d} MB   cache {held} of "
                  f"{default_cache().max_bytes >> 20} MB ({time.perf_counter() - start:.0f} s, "
                  f"load {os.getloadavg()[0]:.1f})", flush=True)
        if len(counts) > 1 and 100 in rows and counts[-1] > 100:
            print(f"growth 100 -> {counts[-1]}: {rows[counts[-1]][0] - rows[100][0]} MB (RSS)")
        docs = window.controller.photos.items
        dropped = sum(1 for d in docs if d.analysis is None)
        print(f"photos holding no analysis before the selects: {dropped} of {len(docs)}")
        from idphoto_gui.core.analysis.cache import default_cache

        cache = default_cache()
        disk = cache.backing
        if disk is not None:
            disk.flush()
        for label, keys, forget in (("select an early photo (caches as they are)", docs[0: args.selects * 3: 3], False),
                                    ("select after emptying the memory cache (disk only)", docs[1: args.selects * 3: 3], True)):
            if forget:
                cache.clear()
            runs, reads = window.engine.model_runs(), disk.reads if disk is not None else 0
            ms = time_selects(window, app, [d.key for d in keys])
            print(f"{label} -> repainted: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms "
                  f"(n={len(ms)}), model runs {window.engine.model_runs() - runs}, disk reads "
                  f"{(disk.reads if disk is not None else 0) - reads}, load {os.getloadavg()[0]:.1f}; "
                  f"RSS {mem_mb()[0]} MB, peak {mem_mb()[1]} MB", flush=True)
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
