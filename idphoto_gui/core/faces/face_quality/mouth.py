"""Mouth measures: the inner-lip gap (OFIQ MouthClosed), teeth between the lips, a smile from the mouth corners."""
from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from .head_pose import canonical_face
from .patch import (CHIN, INNER_LIPS, INNER_LOWER, INNER_UPPER, INNER_UPPER_LINE, MOUTH_LEFT, MOUTH_RIGHT,
                    OUTER_LIPS, FacePatch, bounds, lab, poly_mask)

# teeth_between_lips: the band reaches this share of the mouth width beyond the mesh's inner lip lines, over
# the central share of the width (the corners' shadow and skin stay out); a tooth is this much less red
# (CIELAB a*) than the lips and not darker than this share of their lightness.
BAND_GROW, BAND_CENTRAL, TOOTH_LESS_RED, TOOTH_LIGHT = 0.03, 0.5, 15.0, 0.7


def mouth_gap(p: FacePatch) -> float:
    """OFIQ MouthClosed native value: inner-lip gap / eye-to-chin distance."""
    up, low = p.mesh[list(INNER_UPPER)], p.mesh[list(INNER_LOWER)]
    return float(np.linalg.norm(up - low, axis=1).mean()) / max(p.eye_chin, 1.0)


@lru_cache(maxsize=1)
def corner_depth() -> float:
    """How far the mouth corners sit behind the lips' centre in the canonical face, over its eye-to-chin span."""
    c = canonical_face()
    centre = (c[list(INNER_UPPER)].mean(0) + c[list(INNER_LOWER)].mean(0)) / 2
    corners = (c[MOUTH_RIGHT] + c[MOUTH_LEFT]) / 2
    eyes = c[[33, 133, 263, 362]].mean(0)  # the four eye corners: the mesh has no iris centres
    return float(centre[2] - corners[2]) / float(np.linalg.norm(eyes - c[CHIN]))


def corner_lift(p: FacePatch, *, pitch: float) -> float:
    """How far the mouth corners sit above the lips' centre, over the eye-to-chin distance (smile > 0).

    Seen in the image the corners, about 1 cm behind the lips' centre (canonical face: corner_depth() =
    0.081 eye-to-chin spans), rise when the chin drops and sink when it rises; the mesh fit's pitch
    (chin up > 0, degrees) takes that out, so a lowered neutral face does not read as a smile.
    """
    centre = (p.mesh[list(INNER_UPPER)].mean(0) + p.mesh[list(INNER_LOWER)].mean(0)) / 2
    corners = (p.mesh[MOUTH_RIGHT] + p.mesh[MOUTH_LEFT]) / 2
    seen = float((corners - centre) @ p.up) / max(p.eye_chin, 1.0)
    return seen + corner_depth() * math.sin(math.radians(pitch))


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


def teeth_between_lips(p: FacePatch) -> float:
    """Share of tooth-coloured pixels along the lip line: closed lips hide the teeth, barely parted ones show them.

    The mesh often closes lips that are a few pixels apart (its inner-lip gap reads like a closed mouth);
    the colour does not: teeth are much less red than the lips around them and not in shadow. The band
    hugs the mesh's inner lip lines (grown by BAND_GROW of the mouth width), central half only. Needs
    colour: greyscale photos and lips with little red read 0 (the gap measure still sees wide mouths).
    """
    m = p.mesh
    left, right = m[MOUTH_RIGHT], m[MOUTH_LEFT]
    width = max(float(np.linalg.norm(right - left)), 1.0)
    along = (right - left) / width
    down = np.array([-along[1], along[0]])  # the face's down, across the lips
    inner = m[list(INNER_LIPS)]
    grow = BAND_GROW * width * np.where(np.arange(len(inner)) < INNER_UPPER_LINE, -1.0, 1.0)[:, None]
    band_pts = inner + grow * down
    outer = m[list(OUTER_LIPS)]
    rows, cols = bounds(p.luma.shape, outer, 1)
    origin = np.array([cols.start, rows.start], np.float64)
    shape = (rows.stop - rows.start, cols.stop - cols.start)
    lips, band = np.zeros(shape, np.uint8), np.zeros(shape, np.uint8)
    cv2.fillPoly(lips, [np.round(outer - origin).astype(np.int32)], 1)
    cv2.fillPoly(band, [np.round(band_pts - origin).astype(np.int32)], 1)
    yy, xx = np.mgrid[0:shape[0], 0:shape[1]]
    centre = (left + right) / 2 - origin
    central = np.abs((xx - centre[0]) * along[0] + (yy - centre[1]) * along[1]) < BAND_CENTRAL * width / 2
    lips = lips > 0
    in_band = ((band > 0) & central)[lips]  # the band's pixels among the lips' (teeth show between the lips)
    if in_band.sum() < 4 or (~in_band).sum() < 8:
        return 0.0
    colours = lab(p.rgb[rows, cols][lips])   # the lips' pixels only
    lip_l, lip_a = np.median(colours[~in_band, :2], axis=0)
    tooth = (colours[in_band, 1] < lip_a - TOOTH_LESS_RED) & (colours[in_band, 0] > TOOTH_LIGHT * lip_l)
    return float(tooth.mean())
