"""The part of a photo the matting network needs: the people's box, not the far background (ADR 0016).

The network's cost grows with its input's pixels and most portraits have wall beside and above the person.
With the faces known before the network runs, a generous box around them (room for big hair above the
crown, shoulders and arms beside, always down to the bottom edge) is all it has to see; alpha is 0 outside.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FaceBox = tuple[float, float, float, float]   # x, y, w, h of a detected face (the detector's box)
Region = tuple[int, int, int, int]            # x0, y0, x1, y1 in pixels, end-exclusive


@dataclass(frozen=True)
class RegionRule:
    """How far the box reaches from the faces, in face box sizes; when it is worth using at all."""

    above: float = 1.5        # face heights above the face box's top (crown 0.3-0.8 above it, big hair 1.2)
    beside: float = 2.5       # face widths beside each face's centre (shoulders reach 0.5-1.7, a held helmet 2.6)
    min_saving: float = 0.15  # share of the pixels the box must leave out, else the whole frame is run
    touch: float = 0.1        # alpha on an inner box side above this means the person reaches it: widen
    touch_px: int = 2         # ... on more than this many pixels of that side (a stray speck is no person)


def person_region(shape: tuple[int, ...], faces: tuple[FaceBox, ...], rule: RegionRule) -> Region | None:
    """The union of every face's box grown by `rule`, clipped to the image; None = the whole frame (no face,
    or the box would save too little to be worth its edge)."""
    if not faces:
        return None
    h, w = shape[:2]
    x0 = min(x + bw / 2 - rule.beside * bw for x, _, bw, _ in faces)
    x1 = max(x + bw / 2 + rule.beside * bw for x, _, bw, _ in faces)
    y0 = min(y - rule.above * bh for _, y, _, bh in faces)
    region = (max(0, int(np.floor(x0))), max(0, int(np.floor(y0))), min(w, int(np.ceil(x1))), h)
    if region[2] - region[0] < 16 or region[3] - region[1] < 16:
        return None
    area = (region[2] - region[0]) * (region[3] - region[1])
    return None if area > (1.0 - rule.min_saving) * h * w else region


def scaled_faces(faces: tuple[FaceBox, ...], k: float) -> tuple[FaceBox, ...]:
    """Face boxes of an image scaled by k (the network's copy of the working image)."""
    return tuple((x * k, y * k, bw * k, bh * k) for x, y, bw, bh in faces)


def touched_sides(alpha: np.ndarray, region: Region, shape: tuple[int, ...], rule: RegionRule) -> tuple[str, ...]:
    """The box sides inside the image (not on its edge) along which `alpha` (the box's own) holds the person."""
    h, w = shape[:2]
    x0, y0, x1, _ = region
    edges = {"left": (x0 > 0, alpha[:, 0]), "right": (x1 < w, alpha[:, -1]), "top": (y0 > 0, alpha[0, :])}
    return tuple(side for side, (inner, line) in edges.items()
                 if inner and int(np.count_nonzero(line > rule.touch)) > rule.touch_px)


def widened(region: Region, sides: tuple[str, ...], shape: tuple[int, ...]) -> Region:
    """The region with each touched side moved to the image's edge."""
    h, w = shape[:2]
    x0, y0, x1, y1 = region
    return (0 if "left" in sides else x0, 0 if "top" in sides else y0, w if "right" in sides else x1, y1)
