"""Issue 38: what dressing a photo in a garment adds to its render, at 295x413 and to a 12 MP photo.

Run (from a checkout, the project venv):
    PYTHONPATH=. .venv/bin/python benchmarks/bench_dress.py [--rounds 15] [--alone]

For each photo (tests/data, and the same photo scaled to 12 MP with INTER_CUBIC; and a tight, long-haired one:
interfaces_083 cut 0.25 face heights under the chin, where the neck is filled and the hair's ends reach down
behind the garment, ADR 0036) the cn-1inch render at 300 dpi (295x413) is timed with and without the garment,
back to back, each time on a fresh session (the dressing is cached per grid, so a warm session would time
nothing). The cost is the median of the rounds' own differences: a shared machine's speed drifts by a third
within a minute, and a pair timed together shares its moment. Wall and CPU (user+sys, all threads) are printed
with the load average. `--alone` times `dress()` by itself on the inputs a render gives it (ADR 0038).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def _photos():
    """(name, garment, RGB) of each photo timed: two roomy ones, and 083 cut 0.25 face heights under the chin."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import from_array, load_image

    for name, garment in (("man_suit.jpg", "men-suit-tie"), ("man_glasses.jpg", "men-suit-tie"),
                          ("expressions/interfaces_083.jpg", "women-blazer")):
        rgb = load_image(ROOT / "tests" / "data" / name).rgb
        if garment == "women-blazer":     # the tight cut
            f = analyse(from_array(rgb), require_face=True).face
            rgb = np.ascontiguousarray(rgb[:int(f.chin[1] + 0.25 * (f.chin[1] - f.forehead[1]))])
        yield name, garment, rgb


def cost(rounds: int) -> None:
    """What dressing adds to each photo's render, at its own size and at 12 MP (see the module's docstring)."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import from_array
    from idphoto_gui.core.render.result import Target
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.specs import get_template

    t = get_template("cn-1inch")
    for name, garment, rgb in _photos():
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
            # the cost: the median of each round's own difference (a round's pair shares the machine's moment)
            dw = 1e3 * float(np.median(np.subtract(wall[garment], wall["none"])))
            dc = 1e3 * float(np.median(np.subtract(cpu[garment], cpu["none"])))
            print(f"{name} {label} -> cn-1inch 295x413: render {w['none']:.1f} ms own clothing, "
                  f"{w[garment]:.1f} ms dressed: {dw:+.1f} ms wall, {dc:+.1f} ms CPU; "
                  f"load {open('/proc/loadavg').read().split()[0]}")


def alone(rounds: int) -> None:
    """`dress()` by itself on each photo's inputs as a render gives them (captured once): its median and fastest
    time, for work on the dressing's own steps (in a render it runs slower: its inputs arrive cold)."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.body import dress
    from idphoto_gui.core.imaging.imageio import from_array
    from idphoto_gui.core.render.result import Target
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.specs import get_template

    real, seen = dress.dress, []
    dress.dress = lambda *a, **k: seen.append((a, k)) or real(*a, **k)
    try:
        for name, garment, rgb in _photos():
            PhotoSession.for_template(analyse(from_array(rgb), require_face=True), get_template("cn-1inch"),
                                      look=Look(garment=garment)).render(Target())
            times = []
            for _ in range(rounds):
                t0 = time.perf_counter()
                real(*seen[-1][0], **seen[-1][1])
                times.append(time.perf_counter() - t0)
            print(f"{name} -> cn-1inch 295x413: dress() {1e3 * float(np.median(times)):.1f} ms median, "
                  f"{1e3 * min(times):.1f} ms fastest of {rounds}")
    finally:
        dress.dress = real


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--alone", action="store_true", help="time dress() by itself (its own steps' cost)")
    args = ap.parse_args()
    (alone if args.alone else cost)(args.rounds)


if __name__ == "__main__":
    main()
