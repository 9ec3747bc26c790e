"""Issue 38: what dressing a photo in a garment adds to its render, at 295x413 and to a 12 MP photo.

Run (from a checkout, the project venv):
    PYTHONPATH=. .venv/bin/python benchmarks/bench_dress.py [--rounds 9]

For each photo (tests/data, and the same photo scaled to 12 MP with INTER_CUBIC; and a tight, long-haired one:
interfaces_083 cut 0.25 face heights under the chin, where the neck is filled and the hair's ends reach down
behind the garment, ADR 0036) the cn-1inch render at
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
    for name, garment in (("man_suit.jpg", "men-suit-tie"), ("man_glasses.jpg", "men-suit-tie"),
                          ("expressions/interfaces_083.jpg", "women-blazer")):
        rgb = load_image(ROOT / "tests" / "data" / name).rgb
        if garment == "women-blazer":     # the tight cut
            f = analyse(from_array(rgb), require_face=True).face
            rgb = np.ascontiguousarray(rgb[:int(f.chin[1] + 0.25 * (f.chin[1] - f.forehead[1]))])
        k = (12e6 / (rgb.shape[0] * rgb.shape[1])) ** 0.5
        big = cv2.resize(rgb, (round(rgb.shape[1] * k), round(rgb.shape[0] * k)), interpolation=cv2.INTER_CUBIC)
        for label, image in ((f"{rgb.shape[1]}x{rgb.shape[0]}", from_array(rgb)),
                             (f"12 MP {big.shape[1]}x{big.shape[0]}", from_array(big))):
            a = analyse(image, require_face=True)
            PhotoSession.for_template(a, t, look=Look(garment=garment)).render(Target())   # warm the garment
            wall = {g: [] for g in ("none", garment)}
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
                  f"{w[garment]:.1f} ms dressed: {w[garment] - w['none']:+.1f} ms wall, "
                  f"{c[garment] - c['none']:+.1f} ms CPU; load {open('/proc/loadavg').read().split()[0]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=9)
    cost(ap.parse_args().rounds)


if __name__ == "__main__":
    main()
