"""The blind look of issue 38: tight cuts dressed in a garment at cn-1inch, mixed with real uncut photos.

    python tools/dress_look.py --photos ../shared/photos --out /tmp/look38
    # -> /tmp/look38/made/*.png, /tmp/look38/look.json (the manifest), then
    python tools/blind_look.py lay --manifest /tmp/look38/look.json --out /tmp/look38/pictures --key /tmp/look38/key.json

For an A/B pack (tools/blind_ab.py) `--cuts DIR` makes only the dressed tight cuts, named `<parent>_<stem>.png`,
with DIR/made.json saying which code made them (the commit, and whether the tree had changes):

    python tools/dress_look.py --photos ../shared/photos --cuts /tmp/ab/branch

Each tight cut is a roomy portrait cut CUT face heights (forehead to chin) below the chin, so the crop must
continue the body far past the natural bound; it is made at cn-1inch dressed in the garment named beside it.
The real ones are roomy portraits made at cn-1inch as they are (their own clothing, nothing painted).
"""
from __future__ import annotations

import argparse
import json
import logging
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

CUT = 0.25    # round 3 (s38b): the neck's top quarter is the photo's own, the collar and shoulders are the garment's
TEMPLATE = "cn-1inch"
BACKGROUND = "#438EDB"   # cn-1inch's blue (round 3 was on the template's default white; its judge was told blue)
DRESSED = {   # photo (under --photos) -> garment
    "expressions/interfaces_028.jpg": "men-suit-photo", "expressions/interfaces_033.jpg": "men-suit-photo",
    "expressions/interfaces_047.jpg": "men-suit-photo", "expressions/interfaces_050.jpg": "men-suit-photo",
    "expressions/interfaces_061.jpg": "men-suit-photo", "expressions/interfaces_071.jpg": "men-suit-tie",
    "expressions/interfaces_082.jpg": "men-suit-photo", "portraits/03_u2net_man_glasses.jpg": "men-suit-photo",
    "expressions/interfaces_001.jpg": "women-blazer", "expressions/interfaces_035.jpg": "women-blazer",
    "expressions/interfaces_057.jpg": "women-round-neck", "expressions/interfaces_083.jpg": "women-blazer",
    "portraits/02_fdlite_portrait_woman.jpg": "women-blazer", "portraits/12_hivision_child.png": "child-school-shirt",
}
REAL = ("portraits/06_u2net_curly_young_man.jpg", "portraits/08_u2net_south_asian_woman_halfbody.jpg",
        "portraits/04_u2net_blonde_woman.jpg", "portraits/11_hivision_woman_blazer_grey_bg.jpg",   # not 09: its
        # suit is men-suit-photo's, the same cloth on a real photo and on dressed ones would give them away
        "portraits/05_u2net_curly_dark_skin_woman.jpg", "p3m/images/p_07141906.jpg", "p3m/images/p_22fc0130.jpg",
        "p3m/images/p_514ca06a.jpg", "p3m/images/p_bac3c1ff.jpg")
log = logging.getLogger("dress_look")


def _render(path: Path, garment: str, out: Path) -> list[str]:
    """Make the photo at TEMPLATE (dressed when `garment` is not none), save it; its findings' codes."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.render.result import Target
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.colours import Background
    from idphoto_gui.core.templates.specs import get_template

    s = PhotoSession.for_template(analyse(load_image(path)), get_template(TEMPLATE), look=Look(garment=garment),
                                  background=Background.parse(BACKGROUND))
    r = s.render(Target(source_checks=True))
    Image.fromarray(r.rgb).save(out)
    return [f"{f.code}:{f.severity}" for f in r.findings if f.severity not in ("ok",)]


def _cut(path: Path, tmp: Path, cut: float) -> Path:
    """The photo cut CUT face heights below the chin (a tight photo)."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import load_image

    a = analyse(load_image(path))
    f = a.require_face()
    y = int(f.chin[1] + cut * (f.chin[1] - f.forehead[1]))
    dest = tmp / f"{path.stem}_tight.png"
    Image.fromarray(np.ascontiguousarray(a.image.rgb[:y])).save(dest)
    return dest


def _stamp() -> dict:
    """Which code makes the pictures: the checkout's commit and whether its tree has changes."""
    root = Path(__file__).resolve().parents[1]
    git = lambda *a: subprocess.run(["git", *a], cwd=root, capture_output=True, text=True).stdout.strip()  # noqa: E731
    return {"commit": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain", "--untracked-files=no"))}


def cuts(photos: Path, out: Path, cut: float = CUT) -> None:
    """The dressed tight cuts alone, named for tools/blind_ab.py, and out/made.json (`_stamp`)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for rel, garment in DRESSED.items():
            p = Path(rel)
            _render(_cut(photos / rel, Path(tmp), cut), garment, out / f"{p.parent.name}_{p.stem}.png")
    (out / "made.json").write_text(json.dumps(_stamp(), indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=Path, required=True)
    out = parser.add_mutually_exclusive_group(required=True)
    out.add_argument("--out", type=Path, help="the singles look: made/ pictures and look.json")
    out.add_argument("--cuts", type=Path, help="only the dressed cuts, for tools/blind_ab.py")
    parser.add_argument("--keep", action="store_true", help="keep pictures already made")
    parser.add_argument("--cut", type=float, default=CUT, help="face heights below the chin the tight cut ends")
    args = parser.parse_args()
    if args.cuts:
        cuts(args.photos, args.cuts, args.cut)
        return
    from idphoto_gui.core.errors import IdPhotoError

    made = args.out / "made"
    made.mkdir(parents=True, exist_ok=True)
    singles = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel, garment in DRESSED.items():
            dest = made / f"{Path(rel).stem}_dressed.png"
            codes = ["(kept)"] if args.keep and dest.exists() else \
                _render(_cut(args.photos / rel, Path(tmp), args.cut), garment, dest)
            singles.append({"path": str(dest), "kind": "made", "name": f"{Path(rel).stem} {garment}"})
            log.warning("%s: %s", dest.name, ", ".join(codes))
        for rel in REAL:
            dest = made / f"{Path(rel).stem}_real.png"
            try:
                codes = ["(kept)"] if args.keep and dest.exists() else _render(args.photos / rel, "none", dest)
            except IdPhotoError as exc:    # a turned face, several people: not a real photo for this look
                log.warning("%s skipped: %s", rel, exc)
                continue
            if any(c.startswith("body_extended") for c in codes):
                log.warning("%s skipped: its body would be painted (not an uncut photo)", rel)
                continue
            singles.append({"path": str(dest), "kind": "real", "name": Path(rel).stem})
            log.warning("%s: %s", dest.name, ", ".join(codes))
    (args.out / "look.json").write_text(json.dumps({"scale": 2, "singles": singles, "pairs": []}, indent=1))


if __name__ == "__main__":
    main()
