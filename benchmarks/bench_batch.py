"""Batch throughput (photos/s) with --jobs 1 and 2, plus the output-size re-composite time.

Run: .venv/bin/python benchmarks/bench_batch.py [--photos 12] [--jobs 1 2] [--template cn-1inch]
Each batch runs as a fresh `idphoto batch` process, so the figures include start-up and model
loading the way a user sees them; the per-photo steady state is printed from the report too.

Soak: `bench_batch.py --soak 500 [--jobs 1 2] [--soak-dir DIR]` makes 500 distinct photos (the
portraits, each scaled, brightened and mirrored a little differently, so no two share pixels) and prints
the resident memory of the batch process and each worker every 50 photos, then each one's peak (VmHWM)
and the CPU seconds (user + system) of the whole process tree beside the wall time. With --soak-dir the
photos are made there once and reused, so runs of two checkouts read identical files.
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
    from idphoto_gui.core.render import compose
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


def make_variants(n: int, into: Path) -> list[Path]:
    """n distinct JPEGs from the portraits (edges extended for room): scale 60-100 %, brightness +-8 %,
    every other one mirrored."""
    import numpy as np
    from PIL import Image, ImageEnhance

    rng = np.random.default_rng(11)
    sources = gather(99, Path(tempfile.mkdtemp(dir=into.parent)))
    made = []
    for i in range(n):
        with Image.open(sources[i % len(sources)]) as im:
            im = im.convert("RGB")
            if i % 2:
                im = im.transpose(Image.FLIP_LEFT_RIGHT)
            a = np.asarray(im)  # edge pixels repeated around: room above and beside tight head shots
            py, px = int(a.shape[0] * 0.25), int(a.shape[1] * 0.2)
            im = Image.fromarray(np.pad(a, ((py, py // 3), (px, px), (0, 0)), mode="edge"))
            s = rng.uniform(0.6, 1.0)
            im = im.resize((max(64, int(im.width * s)), max(64, int(im.height * s))), Image.LANCZOS)
            im = ImageEnhance.Brightness(im).enhance(rng.uniform(0.92, 1.08))
            path = into / f"p{i:04d}.jpg"
            im.save(path, quality=90)
            made.append(path)
    return made


def _status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process in MB (empty once it has ended)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    vals = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            vals[key] = int(rest.split()[0]) // 1024
    return vals


def _descendants(pid: int) -> list[int]:
    """Every process below `pid` (workers and the resource tracker)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            kids = [int(c) for t in Path(f"/proc/{p}/task").iterdir()
                    for c in (t / "children").read_text().split()]
        except OSError:
            kids = []
        out += kids
        todo += kids
    return out


def _rows(report: Path) -> int:
    """Photos finished so far (the CSV grows a row per photo)."""
    try:
        return max(0, len(report.read_text(encoding="utf-8-sig").splitlines()) - 1)
    except OSError:
        return 0


def _watch(proc: subprocess.Popen, report: Path, jobs: int, peaks: dict[int, int], start: float) -> None:
    """Poll the batch and its workers until it ends: RSS every 50 photos, peaks (VmHWM) kept."""
    next_mark = 0
    while proc.poll() is None:
        done = _rows(report)
        stats = {p: _status(p) for p in [proc.pid, *_descendants(proc.pid)]}
        for p, st in stats.items():
            if st:
                peaks[p] = max(peaks.get(p, 0), st["VmHWM"])
        if done >= next_mark:
            rss = "  ".join(f"{'batch' if p == proc.pid else p}={st['VmRSS']}" for p, st in stats.items() if st)
            print(f"--jobs {jobs} photo {done:4d}: RSS MB {rss}  "
                  f"({time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f})", flush=True)
            next_mark = (done // 50 + 1) * 50
        time.sleep(0.5)


def soak_photos(n: int, tmp: Path, keep: Path | None) -> Path:
    """The folder of n soak photos: made in `keep` once (and reused), else in `tmp`."""
    indir = keep if keep is not None else tmp / "in"
    if keep is None or len(list(keep.glob("p*.jpg"))) < n:
        indir.mkdir(parents=True, exist_ok=True)
        make_variants(n, indir)
    return indir


def soak(n: int, jobs_list: list[int], template: str, keep: Path | None = None) -> None:
    """Run n distinct photos per job count, printing RSS every 50 photos, each process's peak and the CPU."""
    with tempfile.TemporaryDirectory() as tmp:
        indir = soak_photos(n, Path(tmp), keep)
        if keep is not None:  # only the first n of a larger kept set
            sub = Path(tmp) / "in"
            sub.mkdir()
            for i in range(n):
                os.symlink(indir / f"p{i:04d}.jpg", sub / f"p{i:04d}.jpg")
            indir = sub
        for jobs in jobs_list:
            outdir, report = Path(tmp) / f"out{jobs}", Path(tmp) / f"report{jobs}.csv"
            cmd = [sys.executable, "-c", "import sys; from idphoto_gui.cli import main; sys.exit(main())",
                   "batch", str(indir), str(outdir), "-t", template, "--jobs", str(jobs),
                   "--report", str(report)]
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            load0 = os.getloadavg()[0]
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            peaks: dict[int, int] = {}
            try:
                _watch(proc, report, jobs, peaks, start)
            finally:
                if proc.poll() is None:  # the benchmark was stopped: stop the batch too
                    proc.terminate()
                    proc.wait()
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the batch and its workers (reaped)
            user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
            with open(report, encoding="utf-8-sig") as fh:
                status = [r["status"] for r in csv.DictReader(fh)]
            counts = {k: status.count(k) for k in sorted(set(status))}
            per = max(1, len(status))
            print(f"--jobs {jobs}: exit {proc.returncode}, {counts} in {wall:.0f} s "
                  f"({len(status) / wall:.2f} photos/s); CPU {user + system:.0f} s = "
                  f"{(user + system) / per:.3f} s/photo (system {system / per:.3f}); "
                  f"load {load0:.1f}-{os.getloadavg()[0]:.1f}; peak RSS MB (VmHWM) "
                  + "  ".join(f"{'batch' if p == proc.pid else p}={mb}" for p, mb in peaks.items()), flush=True)


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--soak", type=int, default=0, metavar="N",
                    help="memory soak over N distinct photos instead of the throughput figures")
    ap.add_argument("--photos", type=int, default=12)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--template", default="cn-1inch")
    ap.add_argument("--soak-dir", type=Path, help="make the soak photos here once and reuse them")
    args = ap.parse_args()
    if args.soak:
        load = os.getloadavg()[0]
        print(f"machine: {os.cpu_count()} cores, load average {load:.1f}; soak {args.soak} photos")
        soak(args.soak, args.jobs, args.template, args.soak_dir)
        return
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; re-composite 295x413 from 2000 px: {recomposite_ms():.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        indir = Path(tmp) / "in"
        indir.mkdir()
        photos = gather(args.photos, indir)
        print(f"{len(photos)} photos, template {args.template}")
        for jobs in args.jobs:
            outdir = Path(tmp) / f"out{jobs}"
            wall, cpu, code, rows = run_batch(indir, outdir, args.template, jobs)
            done = sum(r["status"] != "refused" for r in rows)
            per = [float(r["seconds"]) for r in rows if r["seconds"]]
            print(f"--jobs {jobs}: {wall:.1f} s wall, {len(rows) / wall:.2f} photos/s "
                  f"(start-up included), CPU {cpu / len(rows):.2f} s/photo, {done}/{len(rows)} done, "
                  f"exit {code}; "
                  f"per photo in a worker: median {sorted(per)[len(per) // 2]:.2f} s")
            for r in rows:
                if r["status"] == "refused":
                    print(f"    refused {Path(r['input']).name}: {r['reason'][:100]}")


if __name__ == "__main__":
    main()
