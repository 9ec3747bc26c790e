"""A studio's own garment PNGs without anchors: the anchors found from the picture's transparency.

The picture is a garment front-on, the neck's opening transparent (Photoshop's usual suit overlays): the
shoulder width is the opaque width a third of the way down, the neck's opening is the transparent run
around the middle column at the top of the garment, and the collar's front is where the middle column
turns opaque.
"""
from __future__ import annotations

import logging
from pathlib import Path

import numpy as np

from . import garment as g_mod

log = logging.getLogger(__name__)

SOLID = 128          # alpha counted as garment
SHOULDER_ROW = 0.33  # the shoulder width is read this far down the garment's opaque height


def find_anchors(rgba: np.ndarray) -> dict:
    """neck_centre, collar_inner and shoulder_width of a garment picture (GarmentError when it has none)."""
    solid = rgba[..., 3] >= SOLID
    rows = np.flatnonzero(solid.any(axis=1))
    if len(rows) < 8:
        raise g_mod.GarmentError("the picture is (nearly) transparent: no garment in it", "empty")
    top, bottom = int(rows[0]), int(rows[-1])
    cols = np.flatnonzero(solid.any(axis=0))
    cx = int(round((cols[0] + cols[-1]) / 2))
    row = solid[top + int(SHOULDER_ROW * (bottom - top))]
    xs = np.flatnonzero(row)
    width = float(xs[-1] - xs[0] + 1)
    down = np.flatnonzero(solid[top:, cx])
    neck_y = top + int(down[0]) if len(down) else top
    # the collar's inner points: the edge of the opening around the middle column, at the garment's top
    probe = min(neck_y, top + max(2, (neck_y - top) // 3))
    line = solid[probe]
    left = np.flatnonzero(line[:cx])
    right = np.flatnonzero(line[cx:])
    lx = float(left[-1]) if len(left) else cx - 0.1 * width
    rx = float(cx + right[0]) if len(right) else cx + 0.1 * width
    if rx - lx < 0.04 * width or neck_y <= top:
        raise g_mod.GarmentError("no neck opening found: the garment needs a transparent opening at the neck",
                                 "no_opening")
    return {"neck_centre": [float(cx), float(neck_y)], "collar_inner": [[lx, float(probe)], [rx, float(probe)]],
            "shoulder_width": width}


def without_anchors(folder: Path, known: set[str]) -> tuple[list[g_mod.Garment], list[g_mod.Problem]]:
    """The folder's PNGs that have no JSON beside them, with anchors found, and the ones that fail (said why)."""
    out, problems = [], []
    for png in sorted(folder.glob("*.png")):
        if png.with_suffix(".json").exists() or png.stem in known:
            continue
        try:
            g_mod.check_png(png)
            a = find_anchors(g_mod._pixels(str(png)))
        except g_mod.GarmentError as exc:
            log.warning("garment %s skipped: %s", png.name, exc)
            problems.append(g_mod.Problem.of(png.name, exc))
            continue
        (lx, ly), (rx, ry) = a["collar_inner"]
        out.append(g_mod.Garment(png.stem, png.stem, png.stem, "men", "the studio's own", png,
                                 tuple(a["neck_centre"]), ((lx, ly), (rx, ry)), a["shoulder_width"],
                                 "anchors found automatically"))
    return out, problems
