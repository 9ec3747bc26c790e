"""Faint veils floating off the person: low alpha far from the solid cut-out fades to nothing (docs/adr/0021 round 4).

The network leaves smudges of low alpha beside a head (curly_dark_skin_woman: a blob of a purple poster beside
the curls). Judged blind at 200 %, they read as dirt floating on the new background, never as hair. Hair a
customer sees is joined to the head: it lies within a few hundredths of a face width of the solid cut-out
(alpha >= SOLID) or is solid itself. So a pixel fades by how faint it is (fully at alpha <= FAINT, not at all
from SOLID) times how far it lies from the solid cut-out (not within NEAR face widths, fully from FAR). Solid alpha and the person's core are never lowered.
"""
from __future__ import annotations

import cv2
import numpy as np

SOLID = 0.5          # the solid cut-out: alpha at least this (hair clumps joined to the head, the body)
FAINT = 0.35         # at or below this alpha a far pixel fades fully; between FAINT and SOLID partly
NEAR = 0.04          # face widths from the solid cut-out: nothing fades this close (flyaways at the hair's edge)
FAR = 0.08           # face widths: from here on a faint pixel fades fully
MIN_PX = 3.0         # NEAR and FAR at least this many px apart and from the cut-out (small photos)
WORK_SIDE = 640      # the distance is measured on a copy of this long side (a few hundredths of a face width matter)


def fade_strays(alpha: np.ndarray, faces, keep: np.ndarray | None = None) -> np.ndarray:
    """`alpha` with faint pixels far from its solid cut-out faded (the same object when none is); `faces` give the
    scale (their box widths, median); `keep` (bool) is never lowered (the person's core)."""
    widths = [float(f.box[2]) for f in faces]
    if not widths:
        return alpha
    width = float(np.median(widths))
    soft = (alpha > 0.0) & (alpha < SOLID)
    if not soft.any():
        return alpha
    near, far = max(NEAR * width, MIN_PX), max(FAR * width, 2 * MIN_PX)
    dist = _distance(alpha >= SOLID)
    ys, xs = np.nonzero(soft & (dist > near))
    if not ys.size:
        return alpha
    a = alpha[ys, xs]
    how_far = np.clip((dist[ys, xs] - near) / (far - near), 0.0, 1.0)
    how_faint = np.clip((SOLID - a) / (SOLID - FAINT), 0.0, 1.0)
    new = a * (1.0 - how_far * how_faint)
    if keep is not None:
        new = np.where(keep[ys, xs], a, new)
    out = alpha.copy()
    out[ys, xs] = new.astype(alpha.dtype, copy=False)
    return out


def _distance(solid: np.ndarray) -> np.ndarray:
    """(H, W) float32: px from each pixel to the nearest solid one, measured on a copy of long side WORK_SIDE."""
    h, w = solid.shape
    k = min(1.0, WORK_SIDE / max(h, w))
    small = solid.view(np.uint8) if k == 1.0 else (cv2.resize(
        solid.astype(np.float32), (max(1, round(w * k)), max(1, round(h * k))), interpolation=cv2.INTER_AREA) >= 0.5
    ).view(np.uint8)
    dist = cv2.distanceTransform(1 - small, cv2.DIST_L2, 5)
    if k == 1.0:
        return dist
    # the copy's solid edge lies up to half a copy pixel off: that much is taken off, never added
    return np.maximum(cv2.resize(dist, (w, h), interpolation=cv2.INTER_LINEAR) - 0.5, 0.0) / k
