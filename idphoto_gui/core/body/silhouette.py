"""Where the continued body lies past the photo's edge: the shoulder lines carried on (issue 25).

The outline of the matte over its last rows is carried down and outward (never inward); a bottom edge that
crosses only the neck (narrower than 1.5 face widths) gets shoulders: the outline runs outward at a
shoulder's slope until the body is 2.8 face widths wide, so the neck and chin are never stretched. At a side
edge the subject's run that reaches the bottom (a shoulder) continues along its own slope; the head never.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SUBJECT = 0.5          # alpha above this is subject
MIN_RUN_FRAC = 0.02    # a side run shorter than this share of the height is noise, not a shoulder
OUTLINE_ROWS_FRAC = 0.03  # the outline is fitted over the last 3 % of the rows
MAX_OUTWARD = 3.0      # a body outline continued down drifts outward at most 3 px a row (about 18 degrees)
MAX_SIDE_SLOPE = 1.0   # a shoulder line continued outward drops at most 45 degrees
NECK_WIDTHS = 1.5      # a bottom edge narrower than this many face widths crosses the neck ...
SHOULDER_WIDTHS = 2.8  # ... shoulders widen it to this many face widths
SHOULDER_OUTWARD = 2.0  # px outward per row down a shoulder (about 27 degrees below the horizontal)
TORSO_OUTWARD = 0.15
CRISP_PX = 2.0         # a matte edge whose 10 %-90 % ramp spans this many px or fewer stays a crisp line
SOFT_REACH_FRAC = 0.1  # a soft edge's ramp is read at most this share of the width either side of the outline


@dataclass(frozen=True)
class Hint:
    """The face in the region's pixels: where the chin is and how big the face is."""

    chin_x: float
    chin_y: float
    face_w: float
    face_h: float


def run_start(alpha_edge: np.ndarray) -> int | None:
    """First row of the subject's run that reaches the bottom row of a side edge (None: no such run)."""
    solid = alpha_edge > SUBJECT
    if not solid[-1]:
        return None
    gaps = np.flatnonzero(~solid)
    start = int(gaps[-1]) + 1 if len(gaps) else 0
    return start if len(solid) - start >= MIN_RUN_FRAC * len(solid) else None


def _side_slope(alpha: np.ndarray, band: int) -> float:
    """Rows the shoulder line drops per column towards the right edge (0 when flat or unknown)."""
    w = alpha.shape[1]
    if w <= band:
        return 0.0
    edge, inner = run_start(alpha[:, -1]), run_start(alpha[:, w - 1 - band])
    if edge is None or inner is None:
        return 0.0
    return float(np.clip((edge - inner) / band, 0.0, MAX_SIDE_SLOPE))


def _outline(alpha: np.ndarray) -> tuple[float, float, float, float] | None:
    """Left and right outline at the last row and their outward drift per row (None: no body there)."""
    h = alpha.shape[0]
    rows = max(3, int(round(OUTLINE_ROWS_FRAC * h)))
    ys, ls, rs = [], [], []
    for y in range(h - rows, h):
        cols = np.flatnonzero(alpha[y] > SUBJECT)
        if len(cols):
            ys.append(y), ls.append(cols[0]), rs.append(cols[-1])
    if not ys or ys[-1] != h - 1:
        return None
    if len(ys) < 2:
        return float(ls[-1]), float(rs[-1]), 0.0, 0.0
    out_l = -np.polyfit(ys, ls, 1)[0]
    out_r = np.polyfit(ys, rs, 1)[0]
    return float(ls[-1]), float(rs[-1]), float(np.clip(out_l, 0, MAX_OUTWARD)), float(np.clip(out_r, 0, MAX_OUTWARD))


def _bottom_lines(alpha: np.ndarray, depth: int, hint: Hint | None) -> tuple[np.ndarray, np.ndarray] | None:
    """Left and right outline (region x) of each pad row below the region."""
    found = _outline(alpha)
    if found is None:
        return None
    xl, xr, out_l, out_r = found
    w = alpha.shape[1]
    if xl <= 0:          # the body runs on past the region's side: the side's shoulder line bounds it
        xl, out_l = -np.inf, 0.0
    if xr >= w - 1:
        xr, out_r = np.inf, 0.0
    lefts, rights = np.empty(depth), np.empty(depth)
    neck = hint is not None and xr - xl < NECK_WIDTHS * hint.face_w
    for d in range(depth):
        if neck and xr - xl < SHOULDER_WIDTHS * hint.face_w:
            step_l, step_r = max(out_l, SHOULDER_OUTWARD), max(out_r, SHOULDER_OUTWARD)
        elif neck:
            step_l, step_r = max(out_l, TORSO_OUTWARD), max(out_r, TORSO_OUTWARD)
        else:
            step_l, step_r = out_l, out_r
        xl, xr = xl - step_l, xr + step_r
        lefts[d], rights[d] = xl, xr
    return lefts, rights


def _edge_profile(alpha: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The matte's own edge over the outline's last rows on one side (-1 left, 1 right): its mean alpha by
    the distance inward from the outline (offsets, values), so the painted edge is as soft as the real one
    (04's out-of-focus shoulder went on as a hard straight line); None where the edge is crisp."""
    h, w = alpha.shape
    rows = alpha[h - max(3, int(round(OUTLINE_ROWS_FRAC * h))):]
    if side > 0:
        rows = rows[:, ::-1]
    reach = max(3, int(round(SOFT_REACH_FRAC * w)))
    offsets = np.arange(-reach, reach + 1)
    profiles, spans = [], []
    for row in rows:
        solid = np.flatnonzero(row > SUBJECT)
        if not len(solid) or solid[0] == 0:
            return None                      # the body runs on past the side: no outline here
        x = int(solid[0])
        cols = np.clip(x + offsets, 0, w - 1)
        prof = np.where(x + offsets < 0, 0.0, row[cols])
        inner = np.maximum.accumulate(prof[reach:])      # one ramp: rising inward (a hole further in is no
        if inner[-1] < 0.9:                              # edge), never more outward than inward (a stray
            continue                                     # strand outside); a see-through body (fur) none
        outer = np.minimum.accumulate(prof[:reach + 1][::-1])[::-1][:-1]
        prof = np.concatenate([np.minimum(outer, inner[0]), inner])
        profiles.append(prof)
        spans.append(np.searchsorted(prof, 0.9) - np.searchsorted(prof, 0.1))
    if len(profiles) < len(rows) / 2 or np.median(spans) <= CRISP_PX:
        return None
    mean = np.mean(profiles, axis=0)
    return offsets.astype(np.float64), mean / mean[-1]  # the body inside is solid


def _side_alpha(alpha: np.ndarray, depth: int, band: int) -> np.ndarray:
    """Coverage of `depth` columns right of the region over its rows: under the continued shoulder line."""
    h = alpha.shape[0]
    start = run_start(alpha[:, -1])
    if start is None or depth == 0:
        return np.zeros((h, depth), np.float32)
    slope = _side_slope(alpha, band)
    top = start + slope * (np.arange(depth) + 1)
    return np.clip(np.arange(h)[:, None] - top[None, :] + 0.5, 0.0, 1.0).astype(np.float32)


def _ramp(inward: np.ndarray, profile: tuple[np.ndarray, np.ndarray] | None) -> np.ndarray:
    """Coverage by the distance inward from an outline: a crisp line, or the matte's own edge profile."""
    if profile is None:
        return np.clip(inward + 0.5, 0, 1)
    return np.interp(inward - 0.5, profile[0], profile[1]).astype(np.float64)


def pad_alpha(alpha: np.ndarray, *, bottom: int, left: int, right: int, band: int,
              hint: Hint | None) -> np.ndarray:
    """The alpha of the padded canvas (h + bottom, left + w + right): the region's own, the body beyond."""
    h, w = alpha.shape
    out = np.zeros((h + bottom, left + w + right), np.float32)
    out[:h, left:left + w] = alpha
    if right:
        out[:h, left + w:] = _side_alpha(alpha, right, band)
    if left:
        out[:h, :left] = _side_alpha(alpha[:, ::-1], left, band)[:, ::-1]
    if bottom:
        lines = _bottom_lines(alpha, bottom, hint)
        if lines is not None:
            xs = np.arange(-left, w + right, dtype=np.float64)[None, :]
            lo, hi = lines[0][:, None], lines[1][:, None]
            out[h:] = _ramp(xs - lo, _edge_profile(alpha, -1)) * _ramp(hi - xs, _edge_profile(alpha, 1))
        tall = np.vstack([alpha, np.repeat(alpha[-1:], bottom, axis=0)])  # the shoulder line goes on below
        if right:
            out[h:, left + w:] = np.maximum(out[h:, left + w:], _side_alpha(tall, right, band)[h:])
        if left:
            out[h:, :left] = np.maximum(out[h:, :left], _side_alpha(tall[:, ::-1], left, band)[h:, ::-1])
    return out
