"""The old wall seen at the crown through fine strands opens (docs/adr/0021 round 6).

Flyaway strands over the crown frame a blob of the old wall that the network keeps nearly opaque (interfaces_042:
a white-blue blob of sky under a loop of hair, refused blind in round 5). Only a band above the head is looked at
(from UP face heights above the face box down to the mesh's top, OUT face widths either side), never the person's
core grown by GUARD (`keep`). A pixel there (alpha >= HIGH) is the wall when its colour lies within NEAR_WALL of a
sure-background colour of the region and RATIO times (plus MARGIN) farther from every colour of the person
(neck_gap's colours). It opens (alpha 0, a feathered rim) only in a blob that is large enough, near the outline,
partly doubted and partly solid, whose ring is almost never sure background (enclosed) and mostly not solid
(framed by fine strands: a blob ringed by solid pixels was grey or dark hair on a wall of its colour), whose median
colour lies within LOCAL_NEAR of the sure wall right behind it, and which does not reach the band's lower edge.
Every looser rule opened hair (ADR); on 286 real photos with a face only interfaces_042 changes.
"""
from __future__ import annotations

import logging
import math

import cv2
import numpy as np

from .person_core import core_parts
from .wall_colour import carry_back, person_colours, unique_colours, wallish, work_copy

log = logging.getLogger(__name__)

UP = 0.8                # the band starts this many face heights above the face box's top...
OUT = 0.5               # ...reaches this many face widths either side of the box, and ends at the mesh's top
                        # (lower, beside the temples, it opened grey and dark hair on walls of their colour)
AROUND = 0.4            # the wall is sampled this many face widths round the band
SURE = 0.02             # sure background: alpha at most this
HIGH = 0.5              # a patch is the network's near-opaque wall (a faint fringe is the edge passes')
NEAR_WALL = 10.0        # a pixel is wall when within this (0-255 RGB) of a sure-background colour...
RATIO = 2.5             # ...and farther than RATIO times that (plus MARGIN) from every colour of the person
MARGIN = 6.0
MIN_COLOURS = 20        # fewer distinct wall or person colours: the band is left as it is
MIN_AREA = 0.003        # a patch opens only when at least this many square face widths (no specks in hair)
RIM = 4                 # px (working copy): the ring round a patch looked at for enclosure
FRAMED = 0.3            # ...and at most this share of it is solid (alpha >= UNSURE): fine strands frame a gap;
                        # a blob ringed by solid pixels was grey or dark hair on a wall of its colour
OPEN = 0.05             # ...at most this share of that ring is sure background (the hair frames the patch)
UNSURE = 0.98           # the network doubted it: alpha below this...
DOUBTED = 0.3           # ...on at least this share of it
OUTLINE = 0.08          # a patch comes this many face widths near sure background (the crown's rim, not deep hair)
SOLID = 0.3             # ...and kept solid (alpha >= UNSURE) on at least this share: a blob, not the soft fringe
LOCAL = 0.15            # ...and its median colour within LOCAL_NEAR of the sure wall's within this many face widths
LOCAL_NEAR = 20.0       # (0-255 RGB: the wall right behind it, not a colour from elsewhere round the head)
FEATHER = 1.2           # px (Gaussian sigma, on the working copy): the opened patch's rim
WORK_WIDTH = 120        # judged on a copy where the face is at most this wide (px)


def open_crown_gaps(alpha: np.ndarray, rgb: np.ndarray, faces, keep: np.ndarray | None = None) -> np.ndarray:
    """`alpha` with the old wall enclosed by hair above and beside each face cleared (the same object when
    nothing opens); `keep` (bool) is never lowered."""
    out = alpha
    for face in faces:
        if face.has_mesh and face.box[2] >= 8:
            out = _open_face(out, rgb, face, keep)
    return out


def _region(shape: tuple[int, ...], face) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) of the band above and beside the head, clipped, or None when empty."""
    h, w = shape[:2]
    bx, by, bw, bh = (float(v) for v in face.box)
    top = float(np.asarray(face.landmarks, np.float32)[:, 1].min())   # the mesh's top: the hairline
    x0, x1 = int(max(bx - OUT * bw, 0)), int(min(bx + (1 + OUT) * bw, w))
    y0, y1 = int(max(by - UP * bh, 0)), int(min(top, h))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    return x0, y0, x1, y1


def _open_face(alpha: np.ndarray, rgb: np.ndarray, face, keep: np.ndarray | None) -> np.ndarray:
    """`alpha` with the band of one face opened, decided on a copy at most WORK_WIDTH face px wide."""
    h, w = alpha.shape
    bw = float(face.box[2])
    r = round(AROUND * bw)
    band = _region(alpha.shape, face)
    if band is None:
        return alpha
    # the copy: the band and the wall round it, and down to the jaw (the person's colours)
    jaw = float(np.asarray(face.landmarks, np.float32)[:, 1].max())
    X0, Y0 = max(band[0] - r, 0), max(band[1] - r, 0)
    X1, Y1 = min(band[2] + r, w), int(min(max(band[3] + r, jaw), h))
    k = 1.0 / max(1, math.ceil(bw / WORK_WIDTH))   # a whole divisor: INTER_AREA takes its fast box path
    c = work_copy(alpha, rgb, keep, face, (X0, Y0, X1, Y1), k)
    a_s, rgb_s, keep_s, small = c.alpha, c.rgb, c.keep, c.face
    box = _region(a_s.shape, small)
    parts = core_parts(a_s.shape, small)
    if box is None or parts is None:
        return alpha
    person = unique_colours(person_colours(a_s, rgb_s, small, parts))
    wall = unique_colours(rgb_s[a_s <= SURE])
    if len(person) < MIN_COLOURS or len(wall) < MIN_COLOURS:
        return alpha
    opened = _open(a_s, rgb_s, small, box, keep_s, person, wall)
    if opened is None:
        return alpha
    out, n = carry_back(alpha, c, opened)
    log.debug("crown gap: %d px opened round %s", n, face.box)
    return out


def _open(alpha: np.ndarray, rgb: np.ndarray, face, box: tuple[int, int, int, int], keep: np.ndarray,
          person: np.ndarray, wall: np.ndarray) -> np.ndarray | None:
    """float 0-1 (the copy's shape): the band's enclosed wall-coloured patches, feathered; None when none."""
    x0, y0, x1, y1 = box
    width = float(face.box[2])
    band_a = alpha[y0:y1, x0:x1]
    live = (band_a >= HIGH) & ~keep[y0:y1, x0:x1]
    if not live.any():
        return None
    seeds = wallish(rgb[y0:y1, x0:x1], live, wall, person, near=NEAR_WALL, ratio=RATIO, margin=MARGIN)
    if not seeds.any():
        return None
    m = cv2.morphologyEx(seeds.view(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    area = stats[:, cv2.CC_STAT_AREA]
    unsure = np.bincount(labels[band_a < UNSURE], minlength=n)
    doubted = (unsure >= DOUBTED * area) & (area - unsure >= SOLID * area)
    ends = np.bincount(labels[-1], minlength=n) > 0
    reach = max(1, round(OUTLINE * width))
    bg = (band_a <= SURE).view(np.uint8)
    rim = cv2.dilate(bg, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1))) > 0
    near = np.bincount(labels[rim], minlength=n) > 0
    ok = (area >= max(MIN_AREA * width * width, 4)) & doubted & near & ~ends
    ok[0] = False
    is_wall = np.zeros(band_a.shape, bool)
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * RIM + 1, 2 * RIM + 1))
    loc = max(RIM + 1, round(LOCAL * width))
    ker_loc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * loc + 1, 2 * loc + 1))
    H, W = alpha.shape
    for i in np.nonzero(ok)[0]:
        x, y, bw_, bh_ = stats[i, :4]
        ys0, xs0 = max(y - RIM - 1, 0), max(x - RIM - 1, 0)
        ys1, xs1 = min(y + bh_ + RIM + 1, band_a.shape[0]), min(x + bw_ + RIM + 1, band_a.shape[1])
        comp = (labels[ys0:ys1, xs0:xs1] == i).view(np.uint8)
        ring = (cv2.dilate(comp, ker) > 0) & (comp == 0)
        ring_a = band_a[ys0:ys1, xs0:xs1][ring]
        if not ring.any() or (ring_a <= SURE).mean() > OPEN or (ring_a >= UNSURE).mean() > FRAMED:
            continue
        # the wall right behind the patch (on the whole copy: the band's edge cuts no sample)
        gy0, gx0 = max(y0 + y - loc, 0), max(x0 + x - loc, 0)
        gy1, gx1 = min(y0 + y + bh_ + loc, H), min(x0 + x + bw_ + loc, W)
        whole = np.zeros((gy1 - gy0, gx1 - gx0), np.uint8)
        py, px = y0 + y - gy0, x0 + x - gx0
        whole[py:py + bh_, px:px + bw_] = labels[y:y + bh_, x:x + bw_] == i
        behind = (cv2.dilate(whole, ker_loc) > 0) & (alpha[gy0:gy1, gx0:gx1] <= SURE)
        if behind.sum() < 4:
            continue
        local = np.median(rgb[gy0:gy1, gx0:gx1][behind].astype(np.float32), axis=0)
        own = np.median(rgb[gy0:gy1, gx0:gx1][whole > 0].astype(np.float32), axis=0)
        if float(np.linalg.norm(own - local)) > LOCAL_NEAR:
            continue
        is_wall[ys0:ys1, xs0:xs1] |= comp > 0
    if not is_wall.any():
        return None
    opened = np.zeros(alpha.shape, np.float32)
    soft = cv2.GaussianBlur(is_wall.astype(np.float32), (0, 0), FEATHER)
    opened[y0:y1, x0:x1] = np.maximum(soft, is_wall)
    return opened

