"""Edges that cross the cut, continued along their direction (issue 25).

A placket, a lapel, a zip, a shirt's edge or a V-neck's side reaches the photo's bottom edge as a colour
step between neighbouring columns. The column colour model (extend.py) smooths such a step away; here it is
carried on down along the edge's own direction (a structure tensor over the last real rows) and fades over
a natural length, so a lapel goes on as a line, not a streak. Only coherent edges go on: the weave's
detail, with no one direction, is the texture's (texture.py), never drawn down as streaks.
"""
from __future__ import annotations

import cv2
import numpy as np

ROWS_FRAC = 0.05       # the edges' direction is read over the region's last 5 % of rows
FADE_FACE = 0.3        # a continued edge fades out over this many face heights
MAX_SLOPE = 1.5        # ... drifting at most this many pixels sideways a row (a lapel's slant)
COHERENCE = 0.5        # only edges this coherent (structure tensor, 0 to 1) are continued, fully from 0.8
STEP_MIN = 10.0        # a step of this many grey levels starts to count as an edge (fully at twice that)
SLOPE_SPAN = 0.04      # an edge's columns share the direction read over this share of the width
EDGE_SIGMA = 2.0       # an edge's direction is read above the weave's scale (px)
EDGES_PER_FACE = 1.5    # more edges than this a face width crossing the cut are strands or a print, not a garment's
STEP_COLUMNS = 3       # the step is read on columns this narrow, against the colour model's wider columns


def continued(fg: np.ndarray, alpha: np.ndarray, smooth: np.ndarray, depth: int, fade: float,
              keep: np.ndarray | None = None, most: float | None = None) -> np.ndarray:
    """(depth, w, 3): the colour steps of the last real rows (their narrow column colour minus the colour
    model's `smooth` (1, w, 3)), each carried down along its edge's direction, fading over `fade` rows;
    only from columns where `keep` (w,) holds (not hair), and none when more than `most` edges cross the
    cut (a garment has a few: lapels, a placket, a collar; many are hair strands or a print, drawn down
    they would be streaks)."""
    h, w = alpha.shape
    rows = max(4, int(round(ROWS_FRAC * h)))
    part = fg[-rows:].astype(np.float32)
    wt = (alpha[-rows:] > 0.5).astype(np.float32)
    last = max(2, rows // 3)       # the step itself: the very last rows, narrow columns
    num = cv2.blur((part[-last:] * wt[-last:, :, None]).sum(axis=0)[None], (STEP_COLUMNS, 1))
    den = cv2.blur(wt[-last:].sum(axis=0)[None], (STEP_COLUMNS, 1))[..., None]
    narrow = np.where(den > 0.5, num / np.maximum(den, 1e-6), smooth)
    step = (narrow - smooth)[0]                     # (w, 3)
    slope, weight = direction(part, wt)
    size = np.abs(step).max(axis=1)
    weight = weight * np.clip((size - STEP_MIN) / STEP_MIN, 0.0, 1.0)      # a real edge, not the weave
    if keep is not None:
        weight = weight * keep
    k = (max(3, int(SLOPE_SPAN * w) | 1), 1)      # one edge, one direction: its columns move together
    slope = (cv2.blur((slope * weight)[None], k)[0] / np.maximum(cv2.blur(weight[None], k)[0], 1e-6)).astype(np.float32)
    cols = np.flatnonzero(weight > 0)
    if not len(cols) or most is not None and _edges(step, weight) > most:
        return np.zeros((depth, w, 3), np.float32)
    acc = np.zeros((3, depth * w), np.float64)
    d = np.arange(1, depth + 1, dtype=np.float32)
    x = cols[None, :] + slope[cols][None, :] * d[:, None]       # each edge column's line, drawn down (depth, n)
    x0 = np.floor(x)
    frac = x - x0
    fade = np.exp(-d / max(1.0, fade))[:, None]
    value = step[cols] * weight[cols, None]                    # (n, 3)
    rows = np.broadcast_to(np.arange(depth)[:, None], x.shape)
    for shift, share in ((0, 1.0 - frac), (1, frac)):           # linear splat: a line, not a stair
        xi = x0.astype(int) + shift
        ok = (xi >= 0) & (xi < w)
        flat = (rows * w + xi)[ok]
        for c in range(3):
            acc[c] += np.bincount(flat, (share * fade * value[None, :, c])[ok], minlength=depth * w)
    return acc.reshape(3, depth, w).transpose(1, 2, 0).astype(np.float32)


def _edges(step: np.ndarray, weight: np.ndarray) -> float:
    """How many edges cross the cut: each has a darker and a lighter side against the colour model, so
    half the runs of continued columns of one sign."""
    sign = np.sign(step.mean(axis=1)) * (weight > 0)
    starts = (sign != 0) & (sign != np.concatenate([[0.0], sign[:-1]]))
    return float(starts.sum()) / 2.0


def direction(part: np.ndarray, wt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per column: the edges' sideways drift a row down (px) and how much they go on (0 to 1, coherence)."""
    grey = cv2.GaussianBlur(part.mean(axis=2), (0, 0), EDGE_SIGMA)    # the weave's own lines say nothing
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3) / 8.0 * wt
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3) / 8.0 * wt
    k = (5, 1)
    jxx = cv2.blur((gx * gx).sum(axis=0)[None], k)[0]
    jyy = cv2.blur((gy * gy).sum(axis=0)[None], k)[0]
    jxy = cv2.blur((gx * gy).sum(axis=0)[None], k)[0]
    total = np.maximum(jxx + jyy, 1e-6)
    coherence = np.sqrt((jxx - jyy) ** 2 + 4 * jxy ** 2) / total
    slope = np.clip(-jxy / np.maximum(jxx, 1e-6), -MAX_SLOPE, MAX_SLOPE)
    weight = np.clip((coherence - COHERENCE) / (0.8 - COHERENCE), 0.0, 1.0) * (jxx > jyy)
    return slope.astype(np.float32), weight.astype(np.float32)
