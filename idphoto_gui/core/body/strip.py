"""A narrow strip of another lightness reaching the cut (a tie, a top's edge), continued as itself (issue 25).

A light tie knot between a dark shirt's sides, or a white top's edge between a dark jacket and the neck,
reaches the photo's bottom edge as a run of columns much lighter than the columns either side.
The column colour model (extend.py) turns each column into the clothing's colour: the run then blooms into
a glowing blob fading into the dark. Here it goes on down as a strip of its own colour (its shading across,
read on the last rows) with edges as crisp as its real ones, along its own direction and at its width;
the columns under it take the colour of the columns beside it, so nothing of it bleeds into the garment.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import clothing
from .silhouette import Hint

LAST_ROWS_FRAC = 0.02   # the run is found on the region's last 2 % of rows
SIDE_ROWS_FRAC = 0.04   # ... its sides are followed over the last 4 %
REF_WIDTHS = 0.8        # a column's surroundings: the median lightness over this many face widths
STEP_L = 20.0           # a strip differs from both its sides by this much lightness (CIE L) or more
SIDE_STEP = 0.75        # ... and from each of its sides by this share of that (a neck's shade beside it: 04)
WIDTHS = (0.05, 0.45)   # a strip is this many face widths wide (a tie's knot, a top's edge)
NEAR_CHIN = 0.9         # ... and lies within this many face widths of the chin's column
SIDE_WIDTHS = 0.06      # its sides are read over this many face widths either side of it
MOST_SKIN_OR_HAIR = 0.3  # a run more skin- or hair-coloured than this is the neck or a lock, not a garment
MAX_SLANT = 1.2         # px sideways a row down at most
SOFT = (0.7, 8.0)       # the strip's edge ramp, px (read from its real edges; a softer one is no strip)
TEXTURE = 0.35          # a tie or a top carries this share of the clothing's texture (smooth)
MOST = 2                # at most this many strips
PRINT_RUNS = 4          # more runs lighter or darker than their surroundings than this within PRINT_WIDTHS face
PRINT_WIDTHS = 1.0      # widths of the chin are a print or strands (p3m's shirt, 044, 045): no strip
BELOW_CHIN = 0.2        # a cut nearer the chin than this many face heights crosses the neck, above any tie
                        # (05's light background between her sleeve and neck went on as a stick)
PROFILE = 16            # its colour across, sampled at this many places


@dataclass(frozen=True)
class Strip:
    """One strip at the cut (region columns at the last row), its slant and its colour across."""

    left: float
    right: float
    slant: float            # px sideways a row down (both sides)
    soft: float             # edge ramp, px
    profile: np.ndarray     # (PROFILE, 3) RGB from its left side to its right


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of each run of True."""
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return list(zip(np.flatnonzero(d == 1), np.flatnonzero(d == -1)))


def find(fg: np.ndarray, alpha: np.ndarray, hint: Hint, looks, avoid: tuple[float, float] | None = None
         ) -> list[Strip]:
    """The strips crossing the region's bottom edge near the chin (none where `looks` is unknown); `avoid`:
    columns (an opening's) whose content is drawn by opening.py."""
    h, w = alpha.shape
    if looks is None or h < hint.chin_y + BELOW_CHIN * hint.face_h:
        return []
    rows = max(2, int(round(LAST_ROWS_FRAC * h)))
    wt = (alpha[-rows:] > 0.5).astype(np.float32)
    den = wt.sum(axis=0)
    rgb = (fg[-rows:].astype(np.float32) * wt[..., None]).sum(axis=0) / np.maximum(den, 1e-6)[:, None]
    solid = den > 0.5 * rows
    lab = clothing.lab_of(np.clip(rgb, 0, 255)[None])[0]
    if solid.sum() < 2:
        return []
    xs = np.arange(w)
    light = np.interp(xs, xs[solid], lab[solid, 0])          # off the subject: its nearest column's
    k = max(5, int(REF_WIDTHS * hint.face_w) | 1)
    row = np.clip(np.round(light * 2.55), 0, 255).astype(np.uint8)[None]   # 8 bits: a median of any width
    ref = cv2.medianBlur(np.repeat(row, 3, axis=0), k)[1].astype(np.float32) / 2.55
    skin, hair = clothing.skin_and_hair(lab, looks)
    found = []
    differs = solid & (light - ref > STEP_L)   # lighter only: a darker run is a fold's shadow as often (009)
    near = np.abs(xs - hint.chin_x) < PRINT_WIDTHS * hint.face_w
    if len(_runs(near & differs)) + len(_runs(near & solid & (ref - light > STEP_L))) > PRINT_RUNS:
        return []         # a print (a Hawaiian shirt's flowers) or strands: none of its runs is a garment's strip
    for a, b in _runs(differs):
        s = _strip(fg, alpha, lab, solid, skin, hair, a, b, 1.0, hint, avoid)
        if s is not None:
            found.append(s)
    return found if len(found) <= MOST else []


def _strip(fg, alpha, lab, solid, skin, hair, a: int, b: int, sign: float, hint: Hint, avoid) -> Strip | None:
    """The run a..b as a strip, or None (too narrow or wide, far from the chin, the neck or a lock, at the
    background, or not lighter (darker) than both its sides)."""
    w = len(lab)
    fw = hint.face_w
    if not WIDTHS[0] * fw <= b - a <= WIDTHS[1] * fw or abs((a + b) / 2 - hint.chin_x) > NEAR_CHIN * fw:
        return None
    if avoid is not None and a < avoid[1] and b > avoid[0]:
        return None
    if (skin[a:b] | hair[a:b]).mean() > MOST_SKIN_OR_HAIR:
        return None
    m = max(2, int(SIDE_WIDTHS * fw))
    sides = [np.arange(max(0, a - m), a), np.arange(b, min(w, b + m))]
    inside = float(np.median(lab[a:b, 0]))
    levels = []
    for cols in sides:
        if len(cols) < 2 or not solid[cols].all():
            return None
        levels.append(float(np.median(lab[cols, 0])))
        if sign * (inside - levels[-1]) < SIDE_STEP * STEP_L:
            return None
    return _follow(fg, alpha, a, b, inside, levels, sign, m)


def _follow(fg, alpha, a: int, b: int, inside: float, levels: list[float], sign: float, m: int) -> Strip | None:
    """The strip's sides over the last rows (each row's crossing of the lightness halfway to its side),
    fitted as lines: its slant and width at the last row, its edge ramp and its colour across."""
    h, w = alpha.shape
    rows = max(4, int(round(SIDE_ROWS_FRAC * h)))
    x0, x1 = max(0, a - m), min(w, b + m)
    part = fg[-rows:, x0:x1].astype(np.float32)
    grey = cv2.blur(clothing.lab_of(part)[..., 0], (3, 1))
    ys, ls, rs, ramps = [], [], [], []
    for i, row in enumerate(grey):
        lo, hi = (row - levels[0]) / (inside - levels[0]), (row - levels[1]) / (inside - levels[1])
        inner = np.flatnonzero((lo > 0.5) & (hi > 0.5))
        if len(inner) < 2:
            continue
        ys.append(i - rows + h), ls.append(x0 + inner[0] - 0.5), rs.append(x0 + inner[-1] + 0.5)
        ramps.append(((lo[:inner[0]] > 0.1) & (lo[:inner[0]] < 0.9)).sum())
        ramps.append(((hi[inner[-1]:] > 0.1) & (hi[inner[-1]:] < 0.9)).sum())
    if len(ys) < rows // 2:
        return None
    ys = np.asarray(ys, np.float64)
    fl, fr = np.polyfit(ys, ls, 1), np.polyfit(ys, rs, 1)
    # parallel sides (a top's edge) go on along their slant; converging ones (a knot) straight down
    slant = float(np.clip((fl[0] + fr[0]) / 2.0, -MAX_SLANT, MAX_SLANT)) if fl[0] * fr[0] > 0 else 0.0
    last = ys >= ys[-1] - max(2, rows // 3)        # where the last rows put its sides, moved along the slant
    left = float(np.median(np.asarray(ls)[last] + slant * (h - ys[last])))
    right = float(np.median(np.asarray(rs)[last] + slant * (h - ys[last])))
    if right - left < 2.0:
        return None
    soft = float(np.median(ramps))
    if soft > SOFT[1]:
        return None                          # a soft light band (a fold's highlight) is no strip
    soft = max(soft, SOFT[0])
    return Strip(left, right, slant, soft, _profile(fg, ys.astype(int), np.polyval(fl, ys), np.polyval(fr, ys)))


def _profile(fg: np.ndarray, ys: np.ndarray, ls: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """The strip's colour across (PROFILE, 3): each row sampled between its sides (a pixel in from each),
    the median over the rows."""
    u = (np.arange(PROFILE) + 0.5) / PROFILE
    samples = []
    for y, lft, rgt in zip(ys, ls, rs):
        xs = lft + 1.0 + u * max(rgt - lft - 2.0, 1.0)
        xi = np.clip(np.round(xs).astype(int), 0, fg.shape[1] - 1)
        samples.append(fg[y, xi].astype(np.float32))
    prof = np.median(np.stack(samples), axis=0)
    return cv2.blur(prof[:, None], (1, 3), borderType=cv2.BORDER_REPLICATE)[:, 0]


def columns(strips: list[Strip], w: int, margin: float) -> np.ndarray:
    """(w,) bool: the columns at the cut a strip covers, `margin` wider each side."""
    x = np.arange(w) + 0.5
    out = np.zeros(w, bool)
    for s in strips:
        out |= (x > s.left - margin) & (x < s.right + margin)
    return out


def bridged(edge: np.ndarray, strips: list[Strip], margin: float) -> np.ndarray:
    """The column colours (1, w, 3) with each strip's columns (and `margin` either side) replaced by the
    line between the colours beside it: the garment under the strip, so the strip does not bloom."""
    out = edge.copy()
    w = edge.shape[1]
    for s in strips:
        a = int(np.clip(np.floor(s.left - margin), 0, w - 1))
        b = int(np.clip(np.ceil(s.right + margin), 0, w - 1))
        if b - a < 2:
            continue
        t = np.linspace(0.0, 1.0, b - a + 1, dtype=np.float32)[:, None]
        out[0, a:b + 1] = (1.0 - t) * edge[0, a] + t * edge[0, b]
    return out


def paint(strips: list[Strip], h: int, depth: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """(depth, w, 1) each painted pixel's share of a strip and (depth, w, 3) the strip's colour there: each
    strip goes on along its slant at its width, its edges ramped over its own softness."""
    y = np.arange(depth, dtype=np.float32)[:, None] + 0.5
    x = np.arange(w, dtype=np.float32)[None, :] + 0.5
    weight = np.zeros((depth, w), np.float32)
    colour = np.zeros((depth, w, 3), np.float32)
    for s in strips:
        shift = s.slant * y
        lo, hi = s.left + shift, s.right + shift
        cover = np.clip((x - lo) / s.soft + 0.5, 0, 1) * np.clip((hi - x) / s.soft + 0.5, 0, 1)
        u = np.clip((x - lo) / max(s.right - s.left, 1.0) * PROFILE - 0.5, 0, PROFILE - 1)
        i0 = np.minimum(u.astype(int), PROFILE - 2)
        f = (u - i0)[..., None]
        col = (1.0 - f) * s.profile[i0] + f * s.profile[i0 + 1]
        colour += cover[..., None] * col
        weight += cover
    weight = np.clip(weight, 0.0, 1.0)
    colour = colour / np.maximum(weight, 1e-6)[..., None]
    return weight[..., None], colour
