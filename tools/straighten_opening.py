"""A photographed garment's neck opening made a clean V (issue 38, round 7): straight sides from the opening's
edges in the garment's top row down to its lowest point (or the point given).

Why: a garment cut from a photo (core/body/garment_cut.py) keeps the wearer's neck outline as its opening, a
rounded U with lobes beside it; once a new neck is painted into it, judges named it "a blurry cut-out collar"
(7 of 8 men dressed in men-suit-photo, blind look round 6). The cloth the V leaves where the U was open is
inpainted from the cloth round it; the anchors do not move.

    python tools/straighten_opening.py resources/garments/men-suit-photo.png
"""
from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from idphoto_gui.core.body.garment_cut import clear_run  # noqa: E402
from idphoto_gui.core.imaging.files import write_atomic  # noqa: E402

CLEAR = 0.5       # alpha below this is the opening
MARGIN = 6        # px beside the V (and below its point) where the old opening may be filled with cloth


def lowest(alpha: np.ndarray, left: float, right: float, top: int) -> tuple[float, float]:
    """The opening's lowest point: the bottom of the transparent region reached from the top between the
    collar's inner points (its centre column there)."""
    clear = (alpha < CLEAR).astype(np.uint8)
    seed = (int(round((left + right) / 2)), top)
    region = np.zeros((alpha.shape[0] + 2, alpha.shape[1] + 2), np.uint8)
    cv2.floodFill(clear.copy(), region, seed, 1, flags=4 | cv2.FLOODFILL_MASK_ONLY | (1 << 8))
    ys, xs = np.nonzero(region[1:-1, 1:-1])
    bottom = int(ys.max())
    return float(xs[ys == bottom].mean()), float(bottom)


def top_edges(alpha: np.ndarray, centre: float) -> tuple[float, float]:
    """The opening's first and last clear pixels in the garment's top row, round `centre`."""
    left, right = clear_run(alpha[0] >= CLEAR, int(round(centre)))   # (the cloth either side)
    return float(left + 1), float(right - 1)


def straightened(rgba: np.ndarray, top: tuple[float, float], point: tuple[float, float]) -> np.ndarray:
    """`rgba` with its opening the V from the top row's edges `top` to `point`."""
    h, w = rgba.shape[:2]
    a = rgba[..., 3].astype(np.float32) / 255.0
    (lx, rx), ly = top, 0.0
    bx, by = point
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    t = (ys - ly) / max(1.0, by - ly)
    xl, xr = lx + (bx - lx) * t, rx + (bx - rx) * t
    cos = (by - ly) / np.hypot(by - ly, bx - lx)
    inside = np.clip(np.minimum(xs - xl, xr - xs) * cos + 0.5, 0.0, 1.0) * (ys <= by)
    region = (ys < by + MARGIN) & (xs > min(lx, bx) - MARGIN) & (xs < max(rx, bx) + MARGIN)
    fill = region & (a < 0.99) & (inside < 0.5)
    rgb = cv2.inpaint(np.ascontiguousarray(rgba[..., :3]), fill.astype(np.uint8), 5, cv2.INPAINT_TELEA)
    new_a = np.where(region, 1.0 - inside, a)
    return np.dstack([rgb, np.clip(new_a * 255 + 0.5, 0, 255).astype(np.uint8)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("png", type=Path, help="the garment (its anchors in the JSON beside it)")
    ap.add_argument("--point", type=float, nargs=2, metavar=("X", "Y"), help="the V's point (default: the "
                    "opening's lowest point)")
    args = ap.parse_args(argv)
    anchors = json.loads(args.png.with_suffix(".json").read_text(encoding="utf-8"))
    rgba = np.asarray(Image.open(args.png).convert("RGBA"))
    alpha = rgba[..., 3].astype(np.float32) / 255.0
    inner = anchors["collar_inner"]
    top = top_edges(alpha, (inner[0][0] + inner[1][0]) / 2)
    point = tuple(args.point) if args.point else lowest(alpha, inner[0][0], inner[1][0], int(inner[0][1]))
    out = straightened(rgba, top, point)
    buf = io.BytesIO()
    Image.fromarray(out).save(buf, format="PNG")
    write_atomic(buf.getvalue(), args.png)
    print(f"{args.png.name}: opening a V from x {top[0]:.0f} and {top[1]:.0f} in the top row to "
          f"({point[0]:.1f}, {point[1]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
