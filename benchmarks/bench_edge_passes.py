"""Issue 37's edge passes, each on its own: thread CPU ms per photo (median of N), small photos and 12 MP ones.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_edge_passes.py [--repeat 7] [--no-big] [PHOTO ...]
Without photos it takes tests/data's and ../shared/photos/portraits' photos, and (unless --no-big) 12 MP
copies of four of them (cv2.resize INTER_CUBIC, JPEG 90, in a temporary folder; the working image is then
2000 px on its long side). Each photo is decoded, its faces found and the network run once; then each pass
(`fade_strays`, `open_neck_gaps`, `open_crown_gaps`, `deglow_edge`) is timed on the inputs `_run_matte` gives
it, alternately, --repeat times. The issue's budget is 30 ms for all of them on the whole photo.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from idphoto_gui.core.analysis.crown_gap import open_crown_gaps  # noqa: E402
from idphoto_gui.core.analysis.neck_gap import open_neck_gaps  # noqa: E402
from idphoto_gui.core.analysis.person_core import GUARD, core_mask  # noqa: E402
from idphoto_gui.core.faces.faces import detect_faces  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.matting import get_matter  # noqa: E402
from idphoto_gui.core.matting.frames import clear_frames  # noqa: E402
from idphoto_gui.core.matting.pale_edge import deglow_edge  # noqa: E402
from idphoto_gui.core.matting.strays import fade_strays  # noqa: E402

SHARED = ROOT.parent / "shared" / "photos" / "portraits"
BIG = ("tests/data/man_suit.jpg", "tests/data/woman_white_wall.jpg",
       "tests/data/curly_dark_skin_woman.jpg", "tests/data/curly_young_man.jpg")
PASSES = ("strays", "neck", "crown", "deglow")


def _photos(args) -> list[Path]:
    """The photos asked for, or the default set (with 12 MP copies written to a temporary folder)."""
    if args.photos:
        return [Path(p) for p in args.photos]
    found = sorted((ROOT / "tests" / "data").glob("*.jpg")) + sorted(SHARED.glob("*.*"))
    if not args.no_big:
        tmp = Path(tempfile.mkdtemp(prefix="edge_passes_"))
        for name in BIG:
            im = cv2.imread(str(ROOT / name))
            h, w = im.shape[:2]
            s = (12e6 / (w * h)) ** 0.5
            out = tmp / f"{Path(name).stem}_12mp.jpg"
            cv2.imwrite(str(out), cv2.resize(im, (int(w * s), int(h * s)), interpolation=cv2.INTER_CUBIC),
                        [cv2.IMWRITE_JPEG_QUALITY, 90])
            found.append(out)
    return found


def _inputs(path: Path):
    """The working image, its faces, kept core, and the network's matte as `_run_matte` hands it on."""
    rgb = load_image(path).rgb
    faces = tuple(detect_faces(rgb))
    if not faces:
        return None
    keep = core_mask(rgb.shape, faces, grow=GUARD)
    matte = get_matter("rvm").matte(rgb, tuple(f.box for f in faces), keep=keep)
    return rgb, faces, keep, clear_frames(matte.alpha, rgb, faces, keep), matte.foreground


def _timed(fn, *args) -> tuple[float, object]:
    """Thread CPU ms of one call, and its result."""
    t0 = time.thread_time()
    out = fn(*args)
    return (time.thread_time() - t0) * 1000.0, out


def _one(path: Path, repeat: int) -> dict[str, float] | None:
    """Median ms of each pass on one photo."""
    got = _inputs(path)
    if got is None:
        return None
    rgb, faces, keep, alpha, fg = got
    ms: dict[str, list[float]] = {name: [] for name in PASSES}
    for _ in range(repeat):
        t, a1 = _timed(fade_strays, alpha, faces, keep)
        ms["strays"].append(t)
        t, a2 = _timed(open_neck_gaps, a1, rgb, faces, keep)
        ms["neck"].append(t)
        t, a3 = _timed(open_crown_gaps, a2, rgb, faces, keep)
        ms["crown"].append(t)
        t, _ = _timed(deglow_edge, a3, fg, rgb, faces, keep)
        ms["deglow"].append(t)
    return {name: statistics.median(v) for name, v in ms.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("photos", nargs="*")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--no-big", action="store_true", help="leave out the 12 MP copies")
    args = ap.parse_args()
    sums = []
    print(f"{'photo':40s} {'size':>10s} " + " ".join(f"{n:>7s}" for n in PASSES) + "     sum")
    for path in _photos(args):
        got = _one(path, args.repeat)
        if got is None:
            print(f"{path.name:40s} no face")
            continue
        size = "x".join(map(str, load_image(path).size))
        total = sum(got.values())
        sums.append(total)
        print(f"{path.name:40s} {size:>10s} " + " ".join(f"{got[n]:7.1f}" for n in PASSES) + f" {total:7.1f}",
              flush=True)
    if sums:
        print(f"median {statistics.median(sums):.1f} ms, max {max(sums):.1f} ms, over 30 ms: "
              f"{sum(s > 30 for s in sums)} of {len(sums)}")


if __name__ == "__main__":
    main()
