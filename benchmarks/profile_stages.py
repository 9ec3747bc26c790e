"""Where a photo's time goes: wall ms and minor page faults per stage of `idphoto make`, by photo size.

Run: PYTHONPATH=. .venv/bin/python benchmarks/profile_stages.py [--photos 60] [--threads 2] [--dir DIR]
     [--repeat N] [--cpu]   (--cpu: CPU ms of the whole process per stage instead of wall ms)
Without --dir it makes the bench_batch soak set (distinct variants of the portraits, 0.3-4 MP) in a
temporary folder. Stages are timed by wrapping the functions `produce` calls (RVM's own steps too), in
one process, uncached, after one warm-up photo, the way a batch worker runs them.
"""
from __future__ import annotations

import argparse
import importlib
import os
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_wall: dict[str, float] = defaultdict(float)
_cpu: dict[str, float] = defaultdict(float)   # process CPU (user + system, every thread) in the stage
_faults: dict[str, int] = defaultdict(int)
_depth = [0]

# (module, attribute, stage name): the wrapped call's time is its stage's, less nested stages
STAGES = (
    ("idphoto_gui.core.imaging.imageio", "load_image", "decode"),
    ("idphoto_gui.core.faces.faces", "detect_faces", "faces"),
    ("idphoto_gui.core.matting.rvm", "resize_to", "rvm resize"),
    ("idphoto_gui.core.matting.rvm.RvmMatter", "infer_padded", "rvm network"),
    ("idphoto_gui.core.matting.rvm", "small_image", "small copy"),
    ("idphoto_gui.core.matting.rvm", "upsample", "upsample"),
    ("idphoto_gui.core.matting.rvm", "refine_alpha", "colour line"),
    ("idphoto_gui.core.matting.rvm", "clear_gaps", "gap pass"),
    ("idphoto_gui.core.matting.rvm", "refine_matte", "foreground"),
    ("idphoto_gui.core.matting.rvm", "decontaminate", "decontaminate"),
    ("idphoto_gui.core.analysis.pipeline", "isolate_subject", "subject"),
    ("idphoto_gui.core.render.photo.PhotoSession", "for_template", "crop policy"),
    ("idphoto_gui.core.render.photo.PhotoSession", "render", "render+checks"),
    ("idphoto_gui.core.render.photo", "save_result", "encode+write"),
)


def _wrap(owner, attr: str, name: str) -> None:
    """Replace owner.attr by a timer that charges its own time (without nested stages) to `name`."""
    fn = owner.__dict__[attr]
    is_cm = isinstance(fn, classmethod)
    inner = fn.__func__ if is_cm else fn

    def timed(*a, **k):
        t0, f0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        c0 = time.process_time()
        nested_before = sum(_wall.values()), sum(_faults.values()), sum(_cpu.values())
        try:
            return inner(*a, **k)
        finally:
            dt = time.perf_counter() - t0
            _cpu[name] += time.process_time() - c0 - (sum(_cpu.values()) - nested_before[2])
            df = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0
            _wall[name] += dt - (sum(_wall.values()) - nested_before[0])
            _faults[name] += df - (sum(_faults.values()) - nested_before[1])

    setattr(owner, attr, classmethod(timed) if is_cm else timed)


def _install() -> None:
    """Wrap every stage."""
    for mod, attr, name in STAGES:
        try:
            owner = importlib.import_module(mod)
        except ModuleNotFoundError:
            parent, _, cls = mod.rpartition(".")
            owner = getattr(importlib.import_module(parent), cls)
        _wrap(owner, attr, name)


def main() -> None:
    """Print per-stage medians by size bucket."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--photos", type=int, default=60)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--dir", default=None, help="folder of photos (default: a new soak set)")
    ap.add_argument("--template", default="cn-1inch")
    ap.add_argument("--repeat", type=int, default=1, help="run the photos this many times (one photo: --repeat 4)")
    ap.add_argument("--cpu", action="store_true", help="print CPU ms (user + system, all threads), not wall ms")
    args = ap.parse_args()
    os.environ["IDPHOTO_THREADS"] = str(args.threads)
    import cv2

    cv2.setNumThreads(args.threads)
    tmp = tempfile.TemporaryDirectory()
    if args.dir:
        photos = sorted(Path(args.dir).glob("*.jpg"))[:args.photos]
    else:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bench_batch import make_variants

        indir = Path(tmp.name) / "in"
        indir.mkdir()
        photos = make_variants(args.photos, indir)
    from idphoto_gui.cli.make import JobOptions, produce
    from idphoto_gui.core.analysis.cache import LruCache
    from idphoto_gui.core.templates.specs import get_template

    _install()
    settings = JobOptions(get_template(args.template), None, None, None, "rvm")
    out = Path(tmp.name) / "out"
    out.mkdir()
    rows = []
    for i, p in enumerate(photos * max(1, args.repeat)):
        _wall.clear()
        _cpu.clear()
        _faults.clear()
        f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            produce(p, out / f"{i}.jpg", settings, cache=LruCache(256 << 20))
        except Exception as exc:  # a photo without a usable face still costs its stages
            print(f"  {p.name}: {type(exc).__name__}", file=sys.stderr)
        total, total_cpu = time.perf_counter() - t0, time.process_time() - c0
        from PIL import Image

        with Image.open(p) as im:
            mp = im.width * im.height / 1e6
        if i:  # the first photo pays for the sessions
            rows.append((mp, total_cpu if args.cpu else total, dict(_cpu if args.cpu else _wall), dict(_faults),
                         resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0))
    _print(rows, args.threads, "CPU" if args.cpu else "wall")
    tmp.cleanup()


def _print(rows, threads: int, what: str = "wall") -> None:
    """Median ms (and faults) per stage in three size buckets and overall."""
    buckets = {"< 1 MP": lambda m: m < 1, "1-2 MP": lambda m: 1 <= m < 2, ">= 2 MP": lambda m: m >= 2,
               "all": lambda m: True}
    names = [s[2] for s in STAGES]
    print(f"load average {os.getloadavg()[0]:.2f}, {threads} threads, {len(rows)} photos; median {what} ms (mean "
          f"minor faults x1000)")
    head = f"{'stage':<15}" + "".join(f"{b:>20}" for b in buckets)
    print(head)
    sel = {b: [r for r in rows if f(r[0])] for b, f in buckets.items()}
    for name in names + ["other", "total"]:
        cells = []
        for b, rs in sel.items():
            if not rs:
                cells.append(f"{'-':>20}")
                continue
            if name == "total":
                ms = [r[1] * 1000 for r in rs]
                fl = [r[4] for r in rs]
            elif name == "other":
                ms = [(r[1] - sum(r[2].values())) * 1000 for r in rs]
                fl = [r[4] - sum(r[3].values()) for r in rs]
            else:
                ms = [r[2].get(name, 0) * 1000 for r in rs]
                fl = [r[3].get(name, 0) for r in rs]
            cells.append(f"{sorted(ms)[len(ms) // 2]:>11.1f} ({sum(fl) / len(fl) / 1000:5.1f}k)")
        print(f"{name:<15}" + "".join(cells))
    print("photos per bucket: " + ", ".join(f"{b} {len(rs)}" for b, rs in sel.items()))


if __name__ == "__main__":
    main()
