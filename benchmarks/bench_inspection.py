"""Cost of issue 36: the self-inspection at 295x413, and a whole photo's time beside another checkout.

    .venv/bin/python benchmarks/bench_inspection.py [--before /tmp/old-checkout] [--rounds 3] [--photos A B]
        [--whole-only]

1. The self-inspection of the cut-out (render/inspection.py: warp the core and the photo onto the grid,
   then the three looks), median of 30 runs per photo, wall and CPU ms (every thread's).
2. With --before: `analyse` (uncached) + `make_photo` at cn-1inch for PHOTOS, in a fresh process per round,
   this tree and the other alternately (CPU seconds and wall; the machine is shared: compare medians).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
DATA = REPO / "tests" / "data"
PHOTOS = ("man_suit.jpg", "curly_dark_skin_woman.jpg", "woman_fur_hat_lowres.jpg", "blonde_woman.jpg",
          "astronaut.png", "woman_grey_bg.jpg")

WHOLE = """
import json, os, sys, time
from idphoto_gui.core.analysis.pipeline import analyse, warm_up
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.photo import make_photo
from idphoto_gui.core.templates.specs import get_template
warm_up()
t = get_template("cn-1inch")
images = [load_image(p) for p in sys.argv[1:]]
w0, c0 = time.perf_counter(), time.process_time()
for im in images:
    make_photo(analyse(im), t)
print(json.dumps({"wall": time.perf_counter() - w0, "cpu": time.process_time() - c0}))
"""


def inspection_ms() -> None:
    """The self-inspection's cost per photo at 295x413."""
    import numpy as np

    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.analysis.person_core import core_mask
    from idphoto_gui.core.render import compose
    from idphoto_gui.core.render.inspection import face_in_output, inspect, on_grid, warp_source
    from idphoto_gui.core.render.photo import make_photo
    from idphoto_gui.core.templates.specs import get_template

    for name in PHOTOS:
        a = analyse(load_image(DATA / name))
        r = make_photo(a, get_template("cn-1inch"))
        size = r.pixel_size
        warped = compose.warp(a.matte, matrix=r.matrix, size=size, face=a.face)
        core = core_mask(a.image.rgb.shape, (a.face,))   # made once per analysis in the session
        wall, cpu = [], []
        for _ in range(30):
            w0, c0 = time.perf_counter(), time.process_time()
            inspect(warped.alpha, on_grid(core, r.matrix, size), (face_in_output(a.face, r.matrix),),
                    warp_source(a.image.rgb, r.matrix, size))
            wall.append(1000 * (time.perf_counter() - w0))
            cpu.append(1000 * (time.process_time() - c0))
        print(f"inspection {name:28s} {size[0]}x{size[1]}: {np.median(wall):5.2f} ms wall, "
              f"{np.median(cpu):5.2f} ms CPU")


def whole(tree: Path, photos: tuple[str, ...] = PHOTOS) -> dict:
    """One fresh process making `photos` (tests/data names) with the code of `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", WHOLE, *[str(DATA / p) for p in photos]], env=env, cwd=tree,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--photos", nargs="+", default=list(PHOTOS), help="tests/data names for the whole photos")
    ap.add_argument("--whole-only", action="store_true", help="skip the inspection's own timing")
    args = ap.parse_args()
    photos = tuple(args.photos)
    print(f"load average {os.getloadavg()[0]:.1f}")
    if not args.whole_only:
        inspection_ms()
    if args.before is None:
        return
    runs: dict[str, list[dict]] = {"this": [], "before": []}
    for _ in range(args.rounds):
        runs["this"].append(whole(REPO, photos))
        runs["before"].append(whole(args.before, photos))
    for key in ("cpu", "wall"):
        now = statistics.median(r[key] for r in runs["this"])
        then = statistics.median(r[key] for r in runs["before"])
        print(f"whole photos ({', '.join(photos)}; uncached) {key}: {now:.2f} s vs {then:.2f} s before "
              f"({100 * (now / then - 1):+.1f} %)")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
