"""Mouth measures: the inner-lip gap (OFIQ MouthClosed), a smile from the mouth corners, and teeth."""
from __future__ import annotations

import cv2
import numpy as np

from .patch import INNER_LIPS, INNER_LOWER, INNER_UPPER, MOUTH_LEFT, MOUTH_RIGHT, FacePatch, bounds, poly_mask


def mouth_gap(p: FacePatch) -> float:
    """OFIQ MouthClosed native value: inner-lip gap / eye-to-chin distance."""
    up, low = p.mesh[list(INNER_UPPER)], p.mesh[list(INNER_LOWER)]
    return float(np.linalg.norm(up - low, axis=1).mean()) / max(p.eye_chin, 1.0)


def corner_lift(p: FacePatch) -> float:
    """How far the mouth corners sit above the lips' centre, over the eye-to-chin distance (smile > 0)."""
    centre = (p.mesh[list(INNER_UPPER)].mean(0) + p.mesh[list(INNER_LOWER)].mean(0)) / 2
    corners = (p.mesh[MOUTH_RIGHT] + p.mesh[MOUTH_LEFT]) / 2
    return float((corners - centre) @ p.up) / max(p.eye_chin, 1.0)


def mouth_width(p: FacePatch) -> float:
    """Corner-to-corner mouth width over the eye distance (a smile stretches the lips)."""
    return float(np.linalg.norm(p.mesh[MOUTH_LEFT] - p.mesh[MOUTH_RIGHT])) / max(p.ied, 1.0)


def teeth(p: FacePatch) -> float:
    """Share of the inner-lip area (grown a little) that is bright and colourless, as teeth are."""
    pts = p.mesh[list(INNER_LIPS)]
    c = pts.mean(0)
    grown = c + 1.15 * (pts - c)
    rows, cols = bounds(p.luma.shape, grown, 1)
    m = poly_mask(p.luma.shape, grown)[rows, cols]
    if m.sum() < 6:
        return 0.0
    face = poly_mask(p.luma.shape, p.mesh[[234, 454, 152, 10]])
    skin = float(np.median(p.luma[face]))
    bright = p.luma[rows, cols][m] > max(skin * 1.08, skin + 12)
    pale = cv2.cvtColor(np.ascontiguousarray(p.rgb[rows, cols]), cv2.COLOR_RGB2HSV)[..., 1][m] < 90
    return float((bright & pale).mean())
