"""What lies between the lapels at the cut, continued as the garment that is there (issue 25).

A jacket's or a cardigan's opening reaches the photo's bottom edge as a run of columns around the chin
that are not the outer garment: the neck's skin, a shirt's collar and front, a tie. Below the cut the
opening closes as a V with straight sides (the lapels, a V-neck's edges): what lies inside continues as
the garment that is there (a shirt front goes on down; the neck's skin closes into it, or into the garment
itself when nothing else shows), and outside the V the lapels go on in their own colour. The column model
(extend.py) alone turned the neck into a soft pink blur and the shirt into the jacket's colour.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import clothing
from .silhouette import Hint

OPEN_DE = 14.0          # a column this far (CIE76) from the outer garment's colour belongs to the opening
DARK_L = 35.0           # ... lightness counting half between colours both darker than this (a black lapel's shading)
SHADE_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)   # a shirt's evenness: lightness counts half (its shading)
OUTER_WIDTHS = (0.7, 1.2)  # the outer garment is read this many face widths either side of the chin
OPEN_WIDTHS = (0.12, 1.1)  # an opening narrower or wider than this many face widths is not one (a neck with
                           # collars: 0.6 to 0.9)
HAIR_SHARE = 0.3        # an opening with more hair-coloured columns than this is hair over the chest
INNER_WIDTHS = 0.08      # a garment under the opening shows over at least this many face widths
INNER_SPREAD = 10.0      # ... of an even colour (median dE from its median)
SKIN_NEAR = 2           # its colour leaves out columns this near the skin (the neck's shade, mixed in) ...
LIT_SHARE = 0.5         # ... and is the median of its lightest half (the lit shirt, not the collar's shade)
BETWEEN_SHARE = 0.5     # a garment seen mostly between the skin's columns is a top through hair strands (042)
GAP_COLUMNS = 3         # the opening ends where this many columns in a row are the outer garment
LAPEL_SLANT = 0.4       # the lapels run inward this many px a row (22 degrees off the vertical) till they meet
NECK_APEX = 0.3         # the neck's skin closes this many face heights below the chin (a collar's point) ...
MIN_CLOSE = 0.12        # ... but never nearer the cut than this many
INNER_TEXTURE = 0.35    # a shirt front carries this share of the clothing's texture (smooth cotton)
SKIN_TEXTURE = 0.15     # the neck's skin carries this share (a knit laid on it at 0.4 read as knit: 033)
SKIN_SMOOTH = 0.15      # the neck's painted colour is its edge colour smoothed over this many face widths
LAST_ROWS_FRAC = 0.02   # the opening is read on the region's last 2 % of rows, narrow columns


@dataclass(frozen=True)
class Opening:
    """The opening at the cut (region columns) and what it holds, None where absent."""

    left: float
    right: float
    skin_left: float | None
    skin_right: float | None
    inner: np.ndarray | None     # the garment under the opening (a shirt front), RGB


def _edge_lab(fg: np.ndarray, alpha: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each column's colour over the last rows (w, 3) RGB and Lab, and whether it is subject (w,)."""
    rows = max(2, int(round(LAST_ROWS_FRAC * alpha.shape[0])))
    wt = (alpha[-rows:] > 0.5).astype(np.float32)
    num = cv2.blur((fg[-rows:].astype(np.float32) * wt[..., None]).sum(axis=0)[None], (3, 1))
    den = cv2.blur(wt.sum(axis=0)[None], (3, 1))[..., None]
    rgb = (num / np.maximum(den, 1e-6))[0]
    return rgb, clothing.lab_of(np.clip(rgb, 0, 255)[None])[0], den[0, :, 0] > 0.5 * rows


def _outer(lab: np.ndarray, ok: np.ndarray, x0: float, fw: float, side: int) -> np.ndarray | None:
    """Median Lab of the outer garment on one side (None when that side shows none)."""
    xs = np.arange(len(lab))
    off = side * (xs - x0)
    cols = ok & (off >= OUTER_WIDTHS[0] * fw) & (off <= OUTER_WIDTHS[1] * fw)
    return np.median(lab[cols], axis=0) if cols.sum() >= 3 else None


def _distance(lab: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """CIE76 distance to `ref`, lightness counting half between two dark colours (a black lapel's shading)."""
    d = lab - ref
    dark = np.maximum(lab[:, 0], ref[0]) < DARK_L
    d[:, 0] *= np.where(dark, 0.5, 1.0)
    return np.linalg.norm(d, axis=1)


def _walk(far: np.ndarray, ok: np.ndarray, start: int, step: int) -> int | None:
    """First column (from `start` going `step`) of GAP_COLUMNS outer-garment columns in a row; None when the
    run reaches hair, the background or the region's side first."""
    x, same = start, 0
    while 0 <= x < len(far):
        if not ok[x]:
            return None
        same = same + 1 if not far[x] else 0
        if same >= GAP_COLUMNS:
            return x - step * (GAP_COLUMNS - 1)
        x += step
    return None


def find(fg: np.ndarray, alpha: np.ndarray, hint: Hint, looks, covering=()) -> Opening | None:
    """The opening around the chin's column at the region's bottom edge, or None (no outer garment either
    side, hair or a head covering at the chin, a run too narrow or too wide). `covering`: Lab samples of a
    head covering (clothing.looks_and_covering): draped over the chest (046's hijab) it is no opening."""
    if looks is None:
        return None
    rgb, lab, solid = _edge_lab(fg, alpha)
    skin, hair = clothing.skin_and_hair(lab, (looks[0], list(looks[1]) + list(covering)))
    hair &= ~skin
    garmentlike = solid & ~skin & ~hair
    c0 = int(np.clip(round(hint.chin_x), 0, len(lab) - 1))
    outers = [_outer(lab, garmentlike, hint.chin_x, hint.face_w, s) for s in (-1, 1)]
    if outers[0] is None and outers[1] is None or not solid[c0] or hair[c0]:
        return None
    outers = [o if o is not None else outers[1 - i] for i, o in enumerate(outers)]
    bounds = []
    for side, outer in zip((-1, 1), outers):
        far = skin | (_distance(lab, outer) > OPEN_DE)
        if not far[c0]:
            return None                      # the chin's column is the garment itself: nothing opens
        end = _walk(far, solid, c0, side)    # a shaded neck is hair-coloured: hair is judged below
        if end is None:
            return None
        bounds.append(float(end) + (0.5 if side < 0 else -0.5) + 0.5)
    left, right = bounds
    if not OPEN_WIDTHS[0] * hint.face_w <= right - left <= OPEN_WIDTHS[1] * hint.face_w:
        return None
    inside = np.arange(int(np.ceil(left)), int(np.floor(right)))
    if hair[inside].mean() > HAIR_SHARE:
        return None                          # hair over the chest: it ends at the cut, never continued
    sk = inside[skin[inside]]
    skin_l, skin_r = (float(sk.min()), float(sk.max() + 1)) if len(sk) else (None, None)
    rest = inside[~skin[inside] & ~hair[inside]]
    inner = _inner(rgb, lab, rest, skin_l, skin_r, max(3.0, INNER_WIDTHS * hint.face_w), skin)
    if inner is None and skin_l is None:
        return None
    if inner is not None and skin_l is not None and ((rest >= skin_l) & (rest < skin_r)).mean() > BETWEEN_SHARE:
        return None     # not a shirt beside the neck but a top between strands of hair over the chest: it ends
    return Opening(left, right, skin_l, skin_r, inner)


def _inner(rgb: np.ndarray, lab: np.ndarray, cols: np.ndarray, skin_l: float | None, skin_r: float | None,
           least: float, skin: np.ndarray) -> np.ndarray | None:
    """The garment under the opening (RGB), or None: too few columns (a sliver is an edge's shade), an
    uneven colour (hair over skin, not a shirt), or only on one side of the neck (a collar shows on both)."""
    if len(cols) < least:
        return None
    mid = np.median(lab[cols], axis=0)
    if np.median(np.linalg.norm((lab[cols] - mid) * SHADE_WEIGHTS, axis=1)) > INNER_SPREAD:
        return None
    if skin_l is not None and min((cols < skin_l).sum(), (cols >= skin_r).sum()) < least / 4:
        return None
    return _lit(rgb, lab, cols, skin)


def _lit(rgb: np.ndarray, lab: np.ndarray, cols: np.ndarray, skin: np.ndarray) -> np.ndarray:
    """The garment's lit colour (RGB): its columns away from the skin (a neck's highlight or shade mixed
    into a collar reads cream), the lightest half of them (a collar's shaded half reads grey-blue)."""
    near = np.convolve(skin.astype(np.float32), np.ones(2 * SKIN_NEAR + 1), mode="same")[cols] > 0
    clean = cols[~near] if (~near).sum() >= 3 else cols
    light = lab[clean, 0]
    lit = clean[light >= np.quantile(light, 1.0 - LIT_SHARE)]
    return np.median(rgb[lit], axis=0).astype(np.float32)


def _v(left: float, right: float, apex_x: float, apex_y: float, h: int, depth: int, w: int,
       soft: float) -> np.ndarray:
    """(depth, w) weight of a V from (left, right) at the region's bottom edge to its apex; each straight
    side covers a pixel by its distance across the line (not along the row), so a shallow side reads as
    a line at 200 %, not as a stair of row-long steps, and the apex closes within `soft` px."""
    y = h + np.arange(depth, dtype=np.float32)[:, None] + 0.5
    x = np.arange(w, dtype=np.float32)[None, :] + 0.5
    fall = max(apex_y - h, 1.0)
    sides = []
    for x0, sign in ((left, 1.0), (right, -1.0)):
        k = (apex_x - x0) / fall                       # px sideways a row along this side
        across = sign * (x - (x0 + k * (y - h))) / np.sqrt(1.0 + k * k)
        sides.append(np.clip(across / soft + 0.5, 0.0, 1.0))
    return sides[0] * sides[1]


def _u(left: float, right: float, apex_x: float, apex_y: float, h: int, depth: int, w: int,
       soft: float) -> np.ndarray:
    """(depth, w) weight of a rounded neckline from (left, right) at the region's bottom edge down to its
    lowest point: each side a parabola, steep at the cut and level at the bottom (a straight-sided V read
    as a cut-out polygon: 02, 009); each pixel covered by its distance across the curve."""
    y = h + np.arange(depth, dtype=np.float32)[:, None] + 0.5
    x = np.arange(w, dtype=np.float32)[None, :] + 0.5
    fall = max(apex_y - h, 1.0)
    out = np.zeros((depth, w), np.float32)
    for x0, sign in ((left, 1.0), (right, -1.0)):
        span = max(sign * (apex_x - x0), 1.0)
        u = np.clip(sign * (x - x0) / span, 0.0, 1.0)
        bottom = h + fall * u * (2.0 - u)                  # the curve's depth over each column
        slope = fall * (2.0 - 2.0 * u) / span              # its steepness there
        cover = np.clip((bottom - y) / np.sqrt(1.0 + slope * slope) / soft + 0.5, 0.0, 1.0)
        cover = cover * np.clip(sign * (x - x0) / soft + 0.5, 0.0, 1.0)
        half = (x <= apex_x) if sign > 0 else (x > apex_x)
        out = np.where(half, cover, out)
    return out


@dataclass(frozen=True)
class Painted:
    """The opening's share of each painted pixel (depth, w, 1), its colour there, the texture share, and
    how far each column's colour model is the lapels' (w,) 0 to 1."""

    weight: np.ndarray
    colour: np.ndarray
    amp: np.ndarray
    span: np.ndarray
    outer: np.ndarray            # (1, w, 3): the lapels' colour across the span (the column model's edge)


def paint(op: Opening, edge: np.ndarray, h: int, depth: int, hint: Hint, reach: int, soft: float = 1.5) -> Painted:
    """The opening continued below the region's bottom edge (`edge`: the column model's edge colours (1, w, 3));
    beside the opening the lapels' colour blends into the column model's over `reach` columns."""
    w = edge.shape[1]
    apex_x = float(np.clip(hint.chin_x, op.left + 1, op.right - 1))
    lapel_y = h + max(apex_x - op.left, op.right - apex_x) / LAPEL_SLANT
    skin_y = max(hint.chin_y + NECK_APEX * hint.face_h, h + MIN_CLOSE * hint.face_h)
    if op.inner is None:                 # the skin alone: it closes into the garment
        lapel_y = skin_y
    weight = _v(op.left, op.right, apex_x, lapel_y, h, depth, w, soft)
    if op.inner is None:                 # nothing but skin inside: a rounded neckline, the skin's
        weight = skin_w = _u(op.left, op.right, apex_x, lapel_y, h, depth, w, soft)
    elif op.skin_left is not None:
        sx = float(np.clip(hint.chin_x, op.skin_left + 1, op.skin_right - 1))
        skin_w = _v(op.skin_left, op.skin_right, sx, skin_y, h, depth, w, 2 * soft) * weight   # a collar's points
    else:
        skin_w = np.zeros_like(weight)
    inner = op.inner if op.inner is not None else np.zeros(3, np.float32)
    k = max(3, int(SKIN_SMOOTH * hint.face_w) | 1)    # the neck's colour, not its columns' streaks
    skin = cv2.blur(edge, (k, 1), borderType=cv2.BORDER_REPLICATE)
    colour = skin_w[..., None] * skin + (1.0 - skin_w[..., None]) * inner[None, None, :]
    amp = skin_w * SKIN_TEXTURE + (1.0 - skin_w) * (INNER_TEXTURE if op.inner is not None else 1.0)
    xs = np.arange(w, dtype=np.float32) + 0.5
    span = np.clip(1.0 - np.maximum(op.left - xs, xs - op.right) / max(reach, 1), 0.0, 1.0)
    t = np.clip((xs - op.left) / max(op.right - op.left, 1.0), 0.0, 1.0)[:, None]
    ends = [edge[0, int(np.clip(x, 0, w - 1))] for x in (op.left - reach, op.right + reach)]   # the lapels:
    outer = ((1.0 - t) * ends[0][None, :] + t * ends[1][None, :])[None]                  # no step at the span's side
    return Painted(weight[..., None], colour.astype(np.float32), amp[..., None].astype(np.float32), span, outer)
