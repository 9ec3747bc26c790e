"""The network on the people's box against the whole frame (ADR 0016, round 4), in one process, alternately.

Per photo of a folder (e.g. the soak set `bench_batch.py --soak-dir` builds): the faces, then RVM's network
on the whole frame and on the box (order alternating photo to photo), CPU ms of each run (the process's,
onnxruntime's threads included), the share of the network's pixels the box leaves out, whether a side was
widened, and the largest alpha difference; with `--analyse`, uncached `pipeline.analyse` both ways too.

    IDPHOTO_THREADS=1 .venv/bin/python benchmarks/bench_person_box.py DIR [--limit N] [--analyse]
"""
from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from idphoto_gui.core.analysis import pipeline  # noqa: E402
from idphoto_gui.core.analysis.cache import LruCache  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.matting import get_matter, registry  # noqa: E402
from idphoto_gui.core.matting.refine import fit_side, resize_to  # noqa: E402
from idphoto_gui.core.matting.region import person_region, scaled_faces  # noqa: E402


def cpu_ms(fn) -> tuple[float, object]:
    """CPU ms of one call (user + system of the whole process) and its result."""
    t = time.process_time()
    out = fn()
    return (time.process_time() - t) * 1e3, out


def network(paths: list[Path]) -> None:
    """The network alone both ways on every photo."""
    box = get_matter("rvm")
    whole = dataclasses.replace(box, person_box=False)
    rows = []
    for i, path in enumerate(paths):
        image = load_image(path)
        faces = tuple(f.box for f in pipeline.face_outcome(image, cache=LruCache(1 << 28)).faces)
        small = resize_to(image.rgb, fit_side(image.rgb.shape, box.net_side))
        sf = scaled_faces(faces, small.shape[1] / image.rgb.shape[1])
        runs = {}
        for m in ((whole, box) if i % 2 else (box, whole)):
            runs[m.person_box] = cpu_ms(lambda m=m: m.person_run(small, sf, colours=False))
        first = person_region(small.shape, sf, box.region)
        (t_whole, (a_whole, _, _)), (t_box, (a_box, _, region)) = runs[False], runs[True]
        area = 1.0 if region is None else (region[2] - region[0]) * (region[3] - region[1]) / (small.shape[0] * small.shape[1])
        widened = first is not None and (region is None or region[2] != first[2]   # (the grid moves only
                                         or 0 == region[0] < first[0] or 0 == region[1] < first[1])  # left/top)
        rows.append((path.name, t_whole, t_box, 1.0 - area, float(np.abs(a_whole - a_box).max()), widened))
        print(f"{path.name} {small.shape[1]}x{small.shape[0]} faces {len(faces)} whole {t_whole:.0f} ms box "
              f"{t_box:.0f} ms saved {1.0 - area:.2f}{' (widened)' if widened else ''} "
              f"max|da| {rows[-1][4]:.3f}", flush=True)
    tw, tb = sum(r[1] for r in rows), sum(r[2] for r in rows)
    saved = [r[3] for r in rows]
    print(f"\n{len(rows)} photos: network CPU whole {tw / len(rows):.0f} ms a photo, box {tb / len(rows):.0f} "
          f"({tb / tw - 1:+.1%}); pixels left out median {statistics.median(saved):.2f} "
          f"(range {min(saved):.2f}-{max(saved):.2f}); box used on {sum(s > 0 for s in saved)}; "
          f"widened on {sum(r[5] for r in rows)}; alpha unchanged on {sum(r[4] == 0 for r in rows)}")


def analyse(paths: list[Path]) -> None:
    """Uncached pipeline.analyse both ways, alternately."""
    box = get_matter("rvm")
    whole = dataclasses.replace(box, person_box=False)
    total = {True: 0.0, False: 0.0}
    for i, path in enumerate(paths):
        image = load_image(path)
        for m in ((whole, box) if i % 2 else (box, whole)):
            registry._matters["rvm"] = m
            total[m.person_box] += cpu_ms(lambda: pipeline.analyse(image, cache=LruCache(1 << 30)))[0]
    registry._matters["rvm"] = box
    n = len(paths)
    print(f"analyse CPU: whole {total[False] / n:.0f} ms a photo, box {total[True] / n:.0f} "
          f"({total[True] / total[False] - 1:+.1%})")


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--every", type=int, default=1, help="every n-th photo")
    ap.add_argument("--analyse", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    paths = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    paths = paths[::args.every][:args.limit or None]
    print(f"load average {os.getloadavg()[0]:.1f}, threads {os.environ.get('IDPHOTO_THREADS', 'default')}")
    network(paths)
    if args.analyse:
        analyse(paths)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
