"""Issue 38: what dressing a photo in a garment adds to its render, at 295x413 and to a 12 MP photo.

Run (from a checkout, the project venv):
    PYTHONPATH=. .venv/bin/python benchmarks/bench_dress.py [--rounds 9]

For each photo (tests/data, and the same photo scaled to 12 MP with INTER_CUBIC) the cn-1inch render at
300 dpi (295x413) is timed with and without the garment, alternately, each time on a fresh session (the
dressing is cached per grid, so a warm session would time nothing); the median difference is the cost.
Wall and CPU (user+sys, all threads) are printed with the load average.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def cost(rounds: int) -> None:
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import from_array, load_image
    from idphoto_gui.core.render.result import Target
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.specs import get_template

    t = get_template("cn-1inch")
    for name in ("man_suit.jpg", "man_glasses.jpg"):
        rgb = load_image(ROOT / "tests" / "data" / name).rgb
        k = (12e6 / (rgb.shape[0] * rgb.shape[1])) ** 0.5
        big = cv2.resize(rgb, (round(rgb.shape[1] * k), round(rgb.shape[0] * k)), interpolation=cv2.INTER_CUBIC)
        for label, image in ((f"{rgb.shape[1]}x{rgb.shape[0]}", from_array(rgb)),
                             (f"12 MP {big.shape[1]}x{big.shape[0]}", from_array(big))):
            a = analyse(image, require_face=True)
            PhotoSession.for_template(a, t, look=Look(garment="men-suit-tie")).render(Target())   # warm the garment
            wall = {g: [] for g in ("none", "men-suit-tie")}
            cpu = {g: [] for g in wall}
            for _ in range(rounds):
                for g in wall:
                    s = PhotoSession.for_template(a, t, look=Look(garment=g))
                    s.light_fix()      # estimated once per photo whether dressed or not
                    t0, c0 = time.perf_counter(), time.process_time()
                    s.render(Target())
                    wall[g].append(time.perf_counter() - t0)
                    cpu[g].append(time.process_time() - c0)
            w = {g: 1e3 * float(np.median(v)) for g, v in wall.items()}
            c = {g: 1e3 * float(np.median(v)) for g, v in cpu.items()}
            print(f"{name} {label} -> cn-1inch 295x413: render {w['none']:.1f} ms own clothing, "
                  f"{w['men-suit-tie']:.1f} ms dressed: +{w['men-suit-tie'] - w['none']:.1f} ms wall, "
                  f"+{c['men-suit-tie'] - c['none']:.1f} ms CPU; load {open('/proc/loadavg').read().split()[0]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=9)
    cost(ap.parse_args().rounds)


if __name__ == "__main__":
    main()
