"""The blind look of issue 38: tight cuts dressed in a garment at cn-1inch, mixed with real uncut photos.

    python tools/dress_look.py --photos ../shared/photos --out /tmp/look38
    # -> /tmp/look38/made/*.png, /tmp/look38/look.json (the manifest), then
    python tools/blind_look.py lay --manifest /tmp/look38/look.json --out /tmp/look38/pictures --key /tmp/look38/key.json

Each tight cut is a roomy portrait cut CUT face heights (forehead to chin) below the chin, so the crop must
continue the body far past the natural bound; it is made at cn-1inch dressed in the garment named beside it.
The real ones are roomy portraits made at cn-1inch as they are (their own clothing, nothing painted).
"""
from __future__ import annotations

import argparse
import json
import logging
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

CUT = 0.15
TEMPLATE = "cn-1inch"
DRESSED = {   # photo (under --photos) -> garment
    "expressions/interfaces_028.jpg": "men-suit-tie", "expressions/interfaces_033.jpg": "men-white-shirt",
    "expressions/interfaces_047.jpg": "men-suit-open", "expressions/interfaces_050.jpg": "men-suit-tie",
    "expressions/interfaces_061.jpg": "men-suit-open", "expressions/interfaces_071.jpg": "men-white-shirt",
    "expressions/interfaces_082.jpg": "men-suit-tie", "portraits/03_u2net_man_glasses.jpg": "men-suit-tie",
    "expressions/interfaces_001.jpg": "women-blazer", "expressions/interfaces_035.jpg": "women-blouse",
    "expressions/interfaces_057.jpg": "women-round-neck", "expressions/interfaces_083.jpg": "women-blazer",
    "portraits/02_fdlite_portrait_woman.jpg": "women-blouse", "portraits/12_hivision_child.png": "child-school-shirt",
}
REAL = ("expressions/interfaces_062.jpg", "expressions/interfaces_016.jpg", "expressions/interfaces_058.jpg",
        "expressions/interfaces_021.jpg", "portraits/09_hivision_man_suit.jpg",
        "portraits/11_hivision_woman_blazer_grey_bg.jpg", "expressions/interfaces_005.jpg")
log = logging.getLogger("dress_look")


def _render(path: Path, garment: str, out: Path) -> list[str]:
    """Make the photo at TEMPLATE (dressed when `garment` is not none), save it; its findings' codes."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.render.result import Target
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.specs import get_template

    s = PhotoSession.for_template(analyse(load_image(path)), get_template(TEMPLATE), look=Look(garment=garment))
    r = s.render(Target(source_checks=True))
    Image.fromarray(r.rgb).save(out)
    return [f"{f.code}:{f.severity}" for f in r.findings if f.severity not in ("ok",)]


def _cut(path: Path, tmp: Path) -> Path:
    """The photo cut CUT face heights below the chin (a tight photo)."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import load_image

    a = analyse(load_image(path))
    f = a.require_face()
    y = int(f.chin[1] + CUT * (f.chin[1] - f.forehead[1]))
    dest = tmp / f"{path.stem}_tight.png"
    Image.fromarray(np.ascontiguousarray(a.image.rgb[:y])).save(dest)
    return dest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    made = args.out / "made"
    made.mkdir(parents=True, exist_ok=True)
    singles = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel, garment in DRESSED.items():
            dest = made / f"{Path(rel).stem}_dressed.png"
            codes = _render(_cut(args.photos / rel, Path(tmp)), garment, dest)
            singles.append({"path": str(dest), "kind": "made", "name": f"{Path(rel).stem} {garment}"})
            log.warning("%s: %s", dest.name, ", ".join(codes))
        for rel in REAL:
            dest = made / f"{Path(rel).stem}_real.png"
            codes = _render(args.photos / rel, "none", dest)
            singles.append({"path": str(dest), "kind": "real", "name": Path(rel).stem})
            log.warning("%s: %s", dest.name, ", ".join(codes))
    (args.out / "look.json").write_text(json.dumps({"scale": 2, "singles": singles, "pairs": []}, indent=1))


if __name__ == "__main__":
    main()
