"""What a crop reaches past the photo's edge: plain background, the body, or the head (issue 17).

Each photo edge is labelled once per photo and face: where the matte shows the subject touching it,
and whether that is head (above the chin in the head frame: hair, crown, ears, face) or body (neck,
shoulders, clothing, hair lying on them). Any number of crop boxes are then classified together,
so the crop search can compare thousands of candidates in a few milliseconds.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..faces.faces import Face

SIDES = ("top", "bottom", "left", "right")
EDGE_ALPHA = 0.1      # an edge pixel with more alpha than this shows the subject (as extension_is_clean did)
HEAD_EDGE_ALPHA = 0.35  # above the chin, a faint wisp (a stray hair, a soft matte edge) is not the head cut off:
                        # portraits/06's curls leave alpha 0.13 on the wall at the photo's edge
EDGE_STRIP_PX = 3     # depth of the edge strip inspected
FIT_TOLERANCE_PX = 0.5
MIN_MM = 0.05         # less than about half an output pixel at 300 dpi past the edge does not count
# How much body is synthesised naturally (share of the output; issue 17's figures): the crop search
# stays inside when it can, and compliance says so in the body_extended warning when it cannot.
BODY_BOTTOM_FRAC = 0.15
BODY_SIDE_FRAC = 0.08


@dataclass(frozen=True)
class EdgeLabels:
    """Prefix counts along each photo edge of head and body pixels touching it, plus the photo size."""

    head: dict[str, np.ndarray]   # side -> cumulative count (len n + 1)
    body: dict[str, np.ndarray]
    shape: tuple[int, int]        # (h, w)


def edge_labels(alpha: np.ndarray, face: Face) -> EdgeLabels:
    """Label every photo edge pixel: subject or not, and head (above the chin) or body (below it)."""
    h, w = alpha.shape[:2]
    k = EDGE_STRIP_PX
    strips = {"top": alpha[:k].max(axis=0), "bottom": alpha[h - k:].max(axis=0),
              "left": alpha[:, :k].max(axis=1), "right": alpha[:, w - k:].max(axis=1)}
    xs, ys = np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64)
    points = {"top": (xs, np.zeros(w)), "bottom": (xs, np.full(w, h - 1.0)),
              "left": (np.zeros(h), ys), "right": (np.full(h, w - 1.0), ys)}
    a = math.radians(face.roll_deg)
    uy = np.array([-math.sin(a), math.cos(a)])
    ex, ey = face.eye_mid
    chin_v = (face.chin[0] - ex) * uy[0] + (face.chin[1] - ey) * uy[1]
    head, body = {}, {}
    for side in SIDES:
        px, py = points[side]
        above_chin = (px - ex) * uy[0] + (py - ey) * uy[1] < chin_v
        head[side] = np.concatenate([[0], np.cumsum((strips[side] > HEAD_EDGE_ALPHA) & above_chin)])
        body[side] = np.concatenate([[0], np.cumsum((strips[side] > EDGE_ALPHA) & ~above_chin)])
    return EdgeLabels(head, body, (h, w))


@dataclass(frozen=True)
class SideOverhangs:
    """Per candidate and side (N, 4 in SIDES order), output mm past the photo edge by what is there."""

    background: np.ndarray
    body: np.ndarray
    head: np.ndarray

    @property
    def total(self) -> np.ndarray:
        """All overhang per side (N, 4)."""
        return self.background + self.body + self.head


def _beyond(out: np.ndarray, along: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Depth past one edge and the span along it of each quad's part beyond it (rows: corners; out > 0 beyond)."""
    lo, hi = np.full(out.shape[1], np.inf), np.full(out.shape[1], -np.inf)
    for i in range(4):
        o1, o2, a1, a2 = out[i], out[(i + 1) % 4], along[i], along[(i + 1) % 4]
        lo = np.minimum(lo, np.where(o1 > 0, a1, np.inf))
        hi = np.maximum(hi, np.where(o1 > 0, a1, -np.inf))
        crosses = (o1 > 0) != (o2 > 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            cut = np.where(crosses, a1 + (a2 - a1) * o1 / (o1 - o2), 0.0)
        lo = np.minimum(lo, np.where(crosses, cut, np.inf))
        hi = np.maximum(hi, np.where(crosses, cut, -np.inf))
    seen = np.isfinite(lo)
    return np.maximum.reduce(list(out)), np.where(seen, lo, 0.0), np.where(seen, hi, -1.0)


def classify(corners: np.ndarray, px_per_mm: np.ndarray, labels: EdgeLabels) -> SideOverhangs:
    """Split each crop's overhang (corners (N, 4, 2) in source px) by what touches that photo edge.

    A side counts as head (or body) when the head (or body) touches the photo edge inside the part of
    the crop that lies beyond that edge: a rotated crop's corner past the edge beside the head is
    plain background.
    """
    corners = np.asarray(corners, dtype=np.float64).reshape(-1, 4, 2)
    h, w = labels.shape
    xs, ys = np.ascontiguousarray(corners[..., 0].T), np.ascontiguousarray(corners[..., 1].T)  # (4, N)
    frames = {"top": (-0.5 - ys, xs, w), "bottom": (ys - (h - 0.5), xs, w),
              "left": (-0.5 - xs, ys, h), "right": (xs - (w - 0.5), ys, h)}
    per_mm = np.asarray(px_per_mm, np.float64).reshape(-1)
    mm = np.zeros((len(corners), 4))
    kinds = np.zeros(mm.shape, dtype=np.int8)  # 0 background, 1 body, 2 head
    for i, side in enumerate(SIDES):
        out, along, n = frames[side]
        depth, lo, hi = _beyond(out, along)
        mm[:, i] = np.where(depth > FIT_TOLERANCE_PX, depth / per_mm, 0.0)
        mm[:, i] = np.where(mm[:, i] >= MIN_MM, mm[:, i], 0.0)
        a = np.clip(np.floor(lo + 0.5), 0, n).astype(np.intp)
        b = np.maximum(a, np.clip(np.ceil(hi + 0.5), 0, n).astype(np.intp))
        has_head = labels.head[side][b] > labels.head[side][a]
        has_body = labels.body[side][b] > labels.body[side][a]
        kinds[:, i] = np.where(has_head, 2, np.where(has_body, 1, 0))
    return SideOverhangs(np.where(kinds == 0, mm, 0.0), np.where(kinds == 1, mm, 0.0), np.where(kinds == 2, mm, 0.0))


def body_excess(body: np.ndarray, width_mm: float, height_mm: float) -> np.ndarray:
    """Body synthesis beyond the bound (mm, per candidate): 15 % of the height below, 8 % of the width aside."""
    bound = np.array([0.0, BODY_BOTTOM_FRAC * height_mm, BODY_SIDE_FRAC * width_mm, BODY_SIDE_FRAC * width_mm])
    return np.maximum(np.asarray(body, np.float64).reshape(-1, 4) - bound, 0.0).sum(axis=1)
