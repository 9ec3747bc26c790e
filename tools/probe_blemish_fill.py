"""Is the blemish miss in the detector or in the fill? The eval's synthetic spots, removed three ways.

Usage: python tools/probe_blemish_fill.py
Pastes exactly the spots `eval_retouch.py` pastes (same seed, same photos, cn-1inch) and counts those
within dE76 3 of the clean skin after (1) the product's blemish removal at strength 50 (`light` level),
and (2) an oracle: Telea inpainting at the spots' true centres over a disc of a x sigma + b px, for
several (a, b). When (2) at the product's own radius (2 sigma + 1) reads no better than (1), the
detector is not what limits the figure: the fill is (it erases the skin's own structure under the spot).
"""
from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import eval_retouch as ev  # noqa: E402
from idphoto_gui.core.analysis.pipeline import analyse  # noqa: E402
from idphoto_gui.core.errors import IdPhotoError  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.render.retouch import regions  # noqa: E402
from idphoto_gui.core.render.retouch.apply import retouch  # noqa: E402
from idphoto_gui.core.render.session import PhotoSession  # noqa: E402
from idphoto_gui.core.templates.specs import get_template  # noqa: E402

RADII = ((2.0, 1.0), (2.0, 0.5), (2.5, 1.0), (3.0, 1.0))


def plains() -> list[tuple[str, np.ndarray, np.ndarray]]:
    """(name, plain cn-1inch render, mesh on it) for the eval's photos, in the eval's order."""
    out = []
    template = get_template("cn-1inch")
    for folder in (ev.SHARED / "portraits", ev.SHARED / "expressions"):
        for path in sorted(f for f in folder.iterdir() if f.suffix.lower() in (".jpg", ".jpeg", ".png")):
            try:
                a = analyse(load_image(path))
                a.require_face()
            except IdPhotoError:
                continue
            if a.face.has_mesh:
                r = PhotoSession.for_template(a, template).render(ev.PLAIN)
                out.append((path.name, r.rgb, regions.to_output(a.face.landmarks, r.matrix)))
    return out


def oracle(rgb: np.ndarray, params: list[tuple[int, int, float]], a: float, b: float) -> np.ndarray:
    """Telea fill over each true spot's disc of a x sigma + b px."""
    mask = np.zeros(rgb.shape[:2], np.uint8)
    for x, y, sigma in params:
        cv2.circle(mask, (x * 4, y * 4), int(round((a * sigma + b) * 4)), 255, -1, shift=2)
    return cv2.inpaint(rgb, mask, 3, cv2.INPAINT_TELEA)


def main() -> int:
    rng = np.random.default_rng(29)
    counts = {"product": 0, **{f"oracle {a} sigma + {b}": 0 for a, b in RADII}}
    total = 0
    for _name, plain, pts in plains():
        pasted = ev.paste_spots(plain, pts, rng)
        if pasted is None:
            continue
        rgb, discs, params = pasted
        total += len(discs)
        out = retouch(rgb, pts, 50, free=False)[0]
        counts["product"] += sum(ev.spot_de(out, plain, d) <= ev.LIMITS["spot_de"] for d in discs)
        for a, b in RADII:
            filled = oracle(rgb, params, a, b)
            counts[f"oracle {a} sigma + {b}"] += sum(ev.spot_de(filled, plain, d) <= ev.LIMITS["spot_de"]
                                                      for d in discs)
    for k, v in counts.items():
        print(f"{k:24s} {v} of {total} ({v / total:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
