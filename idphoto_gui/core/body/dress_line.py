"""The garment's top edge (issue 38): bent onto the shoulders' line, a rounded collar, the old clothing covered."""
from __future__ import annotations

import cv2
import numpy as np

from ..imaging.nearest import nearest_colours
from .dress_body import Body, first_row, per_channel

COLLAR_TOP = 0.06             # the collar's inner top points (beside the neck) sit this many face heights (forehead to
                              # chin) below the chin; its front lower, the neck showing down into it
RISE_MAX = 0.6                # the garment's shoulders rise at most this many face heights to the real ones
DROP_MAX = 0.1                # ... and drop at most this many to them
COLLAR_SPAN = 1.3           # the collar (this many neck-opening half widths either side) moves whole
COLLAR_HIGH = 0.0           # ... rising to an old collar that sits high, never above this many face heights below the chin
SHOULDER_FALL = 0.45        # a body's shoulder line falls this many face heights per face width from the neck
SLOPE = 0.4                 # the shoulders bend from the collar's height to their own over this many face widths
CROWN_ROUND = 0.2           # the collar's top rounds into the shoulders' fall over this many face widths
LINE_SOFT = 0.08            # the shoulder line is smoothed over this many face widths (sigma: a cloth's curve)
HIDE_CUT = 0.04             # the garment's top reaches this many face heights above the photo's last row where the
                            # person's own pixels (not the old clothing) reach it, falling away beside them


def first_rows(m: np.ndarray) -> np.ndarray:
    """(w,) float: each column's first True row, nan where it has none."""
    has = m.any(axis=0)
    out = m.argmax(axis=0).astype(np.float32)
    out[~has] = np.nan
    return out


def _fill_nan(v: np.ndarray) -> np.ndarray:
    """Missing values from their neighbours (linear between, the nearest beyond the ends)."""
    ok = np.isfinite(v)
    if not ok.any():
        return np.zeros_like(v)
    x = np.arange(len(v))
    return np.interp(x, x[ok], v[ok]).astype(np.float32)


def shoulder_line(shift: np.ndarray, g_line: np.ndarray, body: Body, span: float,
                  cap: np.ndarray | None) -> np.ndarray:
    """(w,) the shift giving a garment's edge, not the matte's: beside the collar its top falls steadily out to
    the frame's sides (no wave where the old clothing rose, no bumps at the hair's ragged ends), reaching `cap`."""
    top = _falling(g_line + shift, body.chin[0], span)
    d = np.abs(np.arange(len(top)) - body.chin[0])
    if cap is not None:     # (not the collar's own opening)
        top = np.where(d >= span, np.minimum(top, cap), top)
    soft = cv2.GaussianBlur(top[None, :].astype(np.float32), (0, 0), max(1.0, LINE_SOFT * body.face_w))[0]
    mix = np.clip((d - span) / max(1.0, LINE_SOFT * body.face_w), 0.0, 1.0)   # the collar itself stays as drawn
    return (top + (soft - top) * mix - g_line).astype(np.float32)


def _falling(top: np.ndarray, cx: float, span: float) -> np.ndarray:
    """(w,) the top line made to fall (or run level) from the collar's span outwards on each side: a shoulder
    never rises towards the frame's side, so the old clothing's bumps and the hair's ragged ends leave no wave."""
    out = top.astype(np.float32).copy()
    w = len(out)
    lo = int(np.clip(np.floor(cx - span), 0, w - 1))
    hi = int(np.clip(np.ceil(cx + span), 0, w - 1))
    out[hi:] = np.maximum.accumulate(out[hi:])
    out[:lo + 1] = np.maximum.accumulate(out[:lo + 1][::-1])[::-1]
    return out


def follow(rgb: np.ndarray, ga: np.ndarray, old: np.ndarray, body: Body, hole: float,
           cap: np.ndarray | None = None):
    """The garment bent column by column so its top follows the old clothing's top (the real shoulders'
    line, and the old collar beside the neck): it reaches at least that line, rising at most RISE_MAX face
    heights, never dropping more than DROP_MAX, falling steadily outwards (a garment's clean shoulder line) and
    reaching `cap` (w,) where given (above the painted rows: the hair's cut ends go behind it). The neck's
    opening moves with the collar either side of it. Returns colour, coverage and the rise at the collar (px)."""
    h, w = ga.shape
    cx = body.chin[0]
    g_top = first_rows(ga > 0.5)
    opened = cv2.morphologyEx(old.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0
    o_top = first_rows(opened)
    shift = o_top - g_top                               # < 0: the garment goes up
    d = np.abs(np.arange(w) - cx)
    shift = np.clip(shift, -RISE_MAX * body.face_h, DROP_MAX * body.face_h)
    # the collar moves whole (no sheared drawing): as the old clothing just beside it, rising
    # to COLLAR_HIGH below the chin at most (the neck stays a neck); the shoulders bend smoothly away from it
    span = COLLAR_SPAN * hole
    beside = (d >= 0.5 * span) & (d < span) & np.isfinite(shift)     # the old collar beside the neck
    collar = float(np.percentile(shift[beside], 30)) if beside.sum() >= 4 else 0.0
    collar = float(np.clip(collar, -max(0.0, COLLAR_TOP - COLLAR_HIGH) * body.face_h, DROP_MAX * body.face_h))
    # a shoulder lies on a body's own line: from the collar's top, falling SHOULDER_FALL face heights per face
    # width outwards; it rises to it (no long bare neck where the old one was cut away) and no higher where the
    # old clothing rose higher (a tight photo's shoulders sit high: followed, the line ran flat across the frame;
    # the old clothing above the garment goes, `covered`)
    natural = body.chin[1] + body.face_h * (COLLAR_TOP + SHOULDER_FALL * np.maximum(d - span, 0.0) / body.face_w)
    need = np.maximum(natural - g_top, -RISE_MAX * body.face_h)
    shift = np.where(np.isfinite(need), need, shift)
    shift[d < span] = np.nan
    shift = _fill_nan(shift)
    # rise to the highest nearby need (a shoulder's top is covered), then smooth (no kinks in the cloth)
    k = max(3, int(0.3 * body.face_w) | 1)      # wider than the smoothing: the peaks stay covered
    shift = -cv2.dilate((-shift)[None, :].astype(np.float32), np.ones((1, k), np.uint8))[0]
    shift = cv2.GaussianBlur(shift[None, :], (0, 0), max(1.0, 0.06 * body.face_w))[0]
    blend = np.clip((d - span) / max(1.0, SLOPE * body.face_w), 0.0, 1.0) ** 1.5   # the shoulder's slope, no step
    shift = (collar + (shift - collar) * blend).astype(np.float32)
    shift = shoulder_line(shift, _fill_nan(g_top), body, span, cap)
    n = old.shape[0]          # the picture's rows (the garment was placed on a taller canvas, read from below)
    col, a = _bent(rgb, ga, shift, n)
    at = int(np.clip(round(cx), 0, w - 1))
    return col, a, float(max(0.0, -shift[at]))


def _bent(rgb: np.ndarray, ga: np.ndarray, shift: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The garment's colour and coverage moved up each column by `shift` (new(y + shift) = old(y)), its first n rows;
    worked out only from the rows the garment reaches (above them the canvas is 0, and so is all it gives)."""
    w = ga.shape[1]
    top = first_row(ga)
    first = n if top >= ga.shape[0] else 0
    if 0 < top < ga.shape[0] and np.isfinite(shift).all():   # (its border repeats row 0, then 0 too; 3 rows to
        first = int(np.clip(np.floor(top + shift.min()) - 3, 0, n))     # spare: a remap reads its place to 1/32 px)
    col = np.zeros((n, w, 3), np.float32)
    a = np.zeros((n, w), np.float32)
    if first >= n:
        return col, a
    pre = np.zeros(rgb.shape, np.float32)
    pre[top:] = per_channel(np.multiply, rgb[top:], ga[top:])
    ys = np.arange(first, n, dtype=np.float32)[:, None]
    map_y = (ys - shift[None, :]).astype(np.float32, copy=False)
    map_x = np.broadcast_to(np.arange(w, dtype=np.float32)[None, :], (n - first, w)).astype(np.float32)
    pre = cv2.remap(pre, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    a[first:] = np.clip(cv2.remap(ga.astype(np.float32, copy=False), map_x, map_y, cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE), 0.0, 1.0)
    col[first:] = per_channel(np.divide, pre, np.maximum(a[first:], 1e-4))
    return col, a


def crown(shape: tuple[int, int], body: Body, hole: float, top: float, cap: np.ndarray | None,
          first: int = 0) -> np.ndarray:
    """(h, w) 0-1: the garment's outline beside the neck rounded as a collar lying round a neck and falling onto
    the shoulders (a curve from the collar's top at the neck's side, no flat-topped block), antialiased; its rows
    from `first` on."""
    h, w = shape
    t = np.maximum(np.abs(np.arange(w) - body.chin[0]) - hole, 0.0) / body.face_w
    r = CROWN_ROUND
    line = top + body.face_h * SHOULDER_FALL * np.where(t < r, t * t / (2 * r), t - r / 2)
    if cap is not None:
        line = np.minimum(line, cap)
    ys = np.arange(min(max(first, 0), h), h, dtype=np.float32)[:, None]
    return np.clip(ys - line[None, :].astype(np.float32) + 0.5, 0.0, 1.0)


def top_cap(alpha: np.ndarray, body: Body, real_rows: int | None, old: np.ndarray | None = None) -> np.ndarray | None:
    """(w,) the lowest row the garment's top may have in each column: HIDE_CUT above the photo's last row where
    the person's own pixels reach it (the neck, the hair: below, the body is painted; the old clothing (`old`)
    goes anyway, so the shoulders beside it fall freely), no limit elsewhere; None when nothing was painted."""
    h = alpha.shape[0]
    if real_rows is None or real_rows >= h:
        return None
    row = int(np.clip(real_rows - 1, 0, h - 1))
    cap = np.full(alpha.shape[1], np.inf, np.float32)
    xs = np.flatnonzero((alpha[row] > 0.5) & (True if old is None else ~old[row]))
    if len(xs):    # from the person's one side to the other there (a gap in the matte is no notch in the cloth),
        # then falling away as a shoulder does (rounded, no step where the cut's cover ends)
        x = np.arange(alpha.shape[1], dtype=np.float32)
        t = np.maximum(np.maximum(xs[0] - x, x - xs[-1]), 0.0) / body.face_w
        r = CROWN_ROUND
        fall = body.face_h * SHOULDER_FALL * np.where(t < r, t * t / (2 * r), t - r / 2)
        cap = (real_rows - 1 - HIDE_CUT * body.face_h + fall).astype(np.float32)
    return cap


def covered(rgb: np.ndarray, ga: np.ndarray, old: np.ndarray, neck_a: np.ndarray, yt: int):
    """The garment carried over every old-clothing pixel it does not cover yet and the neck does not take
    (the matte wider than the garment, a scrap beside the collar): its nearest cloth, at full coverage."""
    miss = old.copy()
    miss[yt:] &= (ga[yt:] < 0.5) & (neck_a < 0.5)
    # above the garment's own top the old clothing goes (the new outline: a neck, sloping shoulders); only the
    # holes inside it and the columns it does not reach are carried over
    top = first_rows(ga > 0.5)
    if np.isfinite(top).any():     # the columns it does not reach: its edge carried on level (no ragged scrap)
        top = _fill_nan(top)
    rows = np.arange(ga.shape[0], dtype=np.float32)[:, None]
    miss &= ~(rows < np.nan_to_num(top, nan=-1.0)[None, :])
    miss[:yt] = False
    if not miss.any():
        return rgb, ga
    miss = cv2.dilate(miss.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    have = ga[yt:] > 0.5
    if not have.any():
        return rgb, ga
    # the nearest garment pixel's colour (a distance transform's labels), softened (no streaks from the edge)
    near = nearest_colours(have, rgb[yt:])
    small = cv2.resize(near, (max(1, near.shape[1] // 4), max(1, near.shape[0] // 4)), interpolation=cv2.INTER_AREA)
    sigma = max(0.5, 0.03 * max(rgb.shape[:2]) / 4)
    soft = cv2.resize(cv2.GaussianBlur(small, (0, 0), sigma), (near.shape[1], near.shape[0]),
                      interpolation=cv2.INTER_LINEAR)
    fill = miss[yt:] & ~have
    out = rgb.copy()
    out[yt:][fill] = soft[fill]
    a = ga.copy()
    a[miss] = 1.0
    return out, a
