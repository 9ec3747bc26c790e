"""Batch throughput (photos/s) with --jobs 1 and 2, plus the output-size re-composite time.

Run: .venv/bin/python benchmarks/bench_batch.py [--photos 12] [--jobs 1 2] [--template cn-1inch]
Each batch runs as a fresh `idphoto batch` process, so the figures include start-up and model
loading the way a user sees them; the per-photo steady state is printed from the report too.
"""
from __future__ import annotations

import argparse
import csv
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared" / "photos" / "portraits"
LOCAL = ("woman_white_wall.jpg", "man_suit.jpg", "woman_grey_bg.jpg", "man_glasses.jpg",
         "curly_young_man.jpg", "astronaut.png", "child.png")


def gather(n: int, into: Path) -> list[Path]:
    """Copy up to n photos (tests/data portraits first, then shared portraits) into `into`."""
    pool = [DATA / name for name in LOCAL] + sorted(SHARED.glob("*.*"))
    picked = [p for p in pool if p.suffix.lower() in (".jpg", ".jpeg", ".png")][:n]
    for p in picked:
        shutil.copy2(p, into / p.name)
    return picked


def run_batch(indir: Path, outdir: Path, template: str, jobs: int) -> tuple[float, int, list[dict]]:
    """Wall time, exit code and report rows of one `idphoto batch` run."""
    report = outdir / "report.csv"
    code = ("import sys; from idphoto_gui.cli import main; sys.exit(main())")
    cmd = [sys.executable, "-c", code, "batch", str(indir), str(outdir), "-t", template,
           "--jobs", str(jobs), "--report", str(report)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(report, encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    return wall, cpu, proc.returncode, rows


def recomposite_ms() -> float:
    """Median time of one 295x413 render from a 2000 px matte."""
    import cv2
    import numpy as np

    sys.path.insert(0, str(ROOT))
    from idphoto_gui.core import compose
    from idphoto_gui.core.matting import Matte

    rng = np.random.default_rng(0)
    fg = rng.integers(0, 256, (1333, 2000, 3), dtype=np.uint8)
    matte = Matte(rng.random((1333, 2000), dtype=np.float32), fg, "bench")
    m = cv2.getRotationMatrix2D((1000, 666), 2.0, 295 / 900)
    m[0, 2] += 147.5 - 1000
    m[1, 2] += 206.5 - 666
    times = []
    for _ in range(30):
        t = time.perf_counter()
        compose.render(matte, matrix=m, size=(295, 413), background=(67, 142, 219))
        times.append(time.perf_counter() - t)
    return sorted(times)[len(times) // 2] * 1000


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--photos", type=int, default=12)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--template", default="cn-1inch")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; re-composite 295x413 from 2000 px: {recomposite_ms():.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        indir = Path(tmp) / "in"
        indir.mkdir()
        photos = gather(args.photos, indir)
        print(f"{len(photos)} photos, template {args.template}")
        for jobs in args.jobs:
            outdir = Path(tmp) / f"out{jobs}"
            wall, cpu, code, rows = run_batch(indir, outdir, args.template, jobs)
            done = sum(r["status"] != "failed" for r in rows)
            per = [float(r["seconds"]) for r in rows if r["seconds"]]
            print(f"--jobs {jobs}: {wall:.1f} s wall, {len(rows) / wall:.2f} photos/s "
                  f"(start-up included), CPU {cpu / len(rows):.2f} s/photo, {done}/{len(rows)} done, "
                  f"exit {code}; "
                  f"per photo in a worker: median {sorted(per)[len(per) // 2]:.2f} s")
            for r in rows:
                if r["status"] == "failed":
                    print(f"    failed {Path(r['input']).name}: {r['reason'][:100]}")


if __name__ == "__main__":
    main()
