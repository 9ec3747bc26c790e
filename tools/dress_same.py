"""Did a change to the dressing move any pixel? 134 dressed renders kept as arrays, compared with another run's.

    PYTHONPATH=/path/to/old python tools/dress_same.py --photos ../shared/photos --out /tmp/old.npz
    PYTHONPATH=$PWD python tools/dress_same.py --photos ../shared/photos --out /tmp/new.npz --against /tmp/old.npz

The renders: dress_look's 14 tight cuts (0.25 face heights under the chin), each in its own garment and two
others, and three roomy photos in every garment, at cn-1inch and cn-2inch on blue, with their findings.
tools/render_digests.py proves a refactor changed nothing on 20 photos but dresses only one; this covers the
dressing's branches (turned necks, long hair, beards, white collars, every garment's opening) and says how many
pixels moved and how far, for a change that is meant to move none or a few.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import dress_look  # noqa: E402

log = logging.getLogger("dress_same")
ROOMY = ("portraits/03_u2net_man_glasses.jpg", "portraits/02_fdlite_portrait_woman.jpg",
         "expressions/interfaces_083.jpg")
TEMPLATES = ("cn-1inch", "cn-2inch")


def _cases(every: list[str]) -> list[tuple[str, float | None, list[str]]]:
    """(photo, cut or None, garments): each tight cut in its own garment and two others; roomy ones in all."""
    cases = [(rel, dress_look.CUT, [g, every[i % len(every)], every[(i + 4) % len(every)]])
             for i, (rel, g) in enumerate(dress_look.DRESSED.items())]
    return cases + [(rel, None, every) for rel in ROOMY]


def renders(photos: Path) -> dict[str, np.ndarray]:
    """Every case's pixels, and its findings (codes, severities, values) as JSON bytes under `<key>|f`."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.body import garments
    from idphoto_gui.core.imaging.imageio import from_array, load_image
    from idphoto_gui.core.render.result import Target
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.colours import Background
    from idphoto_gui.core.templates.specs import get_template

    out: dict[str, np.ndarray] = {}
    for rel, cut, worn in _cases(sorted(g.id for g in garments.catalogue())):
        a = analyse(load_image(photos / rel))
        if cut is not None:
            f = a.require_face()
            below = int(f.chin[1] + cut * (f.chin[1] - f.forehead[1]))
            a = analyse(from_array(np.ascontiguousarray(a.image.rgb[:below])))
        for tid in TEMPLATES:
            for g in worn:
                r = PhotoSession.for_template(a, get_template(tid), look=Look(garment=g),
                                              background=Background.parse(dress_look.BACKGROUND)).render(
                    Target(source_checks=True))
                key = f"{Path(rel).stem}|{cut}|{tid}|{g}"
                out[key] = r.rgb
                said = [f"{f.code}:{f.severity}:{f.value}:{f.reason}" for f in r.findings]
                out[key + "|f"] = np.frombuffer(json.dumps(said).encode(), np.uint8)
    return out


def compare(new: dict[str, np.ndarray], old) -> int:
    """Log each render whose pixels or findings differ; how many do."""
    bad = 0
    for key, px in new.items():
        if key.endswith("|f"):
            if bytes(old[key]) != bytes(px):
                log.warning("findings differ: %s", key)
                bad += 1
            continue
        d = np.abs(old[key].astype(np.int16) - px.astype(np.int16)).max(axis=2)
        if d.any():
            bad += 1
            log.warning("%s: %d px differ, by at most %d", key, int((d > 0).sum()), int(d.max()))
    log.warning("%d renders, %d differ", len(new) // 2, bad)
    return bad


def main() -> None:
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True, help="the renders, an .npz")
    ap.add_argument("--against", type=Path, help="another run's .npz to compare with")
    args = ap.parse_args()
    made = renders(args.photos)
    np.savez_compressed(args.out, **made)
    if args.against:
        sys.exit(1 if compare(made, np.load(args.against)) else 0)


if __name__ == "__main__":
    main()
