"""The old wall seen between the neck and the hair opens (docs/adr/0021 round 5).

Long hair hanging beside a neck frames a patch of the old wall below the jaw; the network keeps it half or fully
opaque (curly_dark_skin_woman: a lit yellow-grey strip between her neck and her curls, refused blind in rounds 3
and 4). The gap pass does not reach it (it stops above the chin, ADR 0021 round 2: reaching lower opened holes
in necks). Here only the band beside the neck is looked at: below the jaw's angles, beside the neck core, above
the shoulders, never inside the person's core (`keep`). A pixel there is the wall when its colour lies near a
sure-background colour round the band and clearly farther from every colour of the person (the neck and torso
cores' skin and clothing, the hair beside the face). It opens (alpha 0) only in a patch that is a gap: large
enough, near the neck, under hair (solid and unlike the neck's skin), doubted by the network, and not going on past
the band's lower or outer edge (a garment, a held object). Every looser rule opened something it must not (ADR).
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

from .person_core import core_parts
from .wall_colour import JAW_ANGLES, carry_back, far_from, person_colours, unique_colours, wallish, work_copy

log = logging.getLogger(__name__)

CHIN = 152
TOP = 0.0               # the band starts this many face heights below the jaw's angles (below the jaw)
DOWN = 0.3              # ...and ends this many face heights below the chin (above the shoulders)
OUT = 0.45              # ...and reaches this many face widths out from the jaw's angle (the hair beside the neck)
IN = 0.05               # ...and this many face widths in from it (the neck core and GUARD keep the neck itself)
AROUND = 0.5            # the wall is sampled this many face widths round the band
SURE = 0.02             # sure background: alpha at most this
SOLID_ABOVE = 0.9       # the person's pixels hanging over a gap: alpha at least this
NEAR_WALL = 16.0        # a pixel is wall when within this (0-255 RGB distance) of a sure-background colour...
RATIO = 1.3             # ...and farther than RATIO times that (plus MARGIN) from every colour of the person
MARGIN = 2.0
MIN_COLOURS = 20        # fewer distinct wall or person colours: the band is left as it is
MIN_AREA = 0.01         # a patch opens only when at least this many square face widths (no specks in hair)
NECK = 0.2              # a patch opens only when it comes this many face widths near the neck's core...
ABOVE = 0.6             # ...and this share of it lies under the person's solid pixels (hair hanging over it)...
SKIN_FAR = 20.0         # ...unlike the neck's skin by this much (0-255 RGB: hair, not an ear or a jaw)
UNSURE = 0.98           # ...and the network doubted it: alpha below this...
DOUBTED = 0.5           # ...on at least this share of it (clothing the colour of the wall is solid)
GROW = 0.05             # face widths round an opened patch where its own colours count as the wall's too
FEATHER = 1.2           # px (Gaussian sigma, on the working copy): the opened patch's rim
WORK_WIDTH = 120        # the bands are judged on a copy where the face is at most this wide (px)
REGION = (1.0, 2.6)     # the copy: this many face widths either side of the face box, face heights down from its top


def open_neck_gaps(alpha: np.ndarray, rgb: np.ndarray, faces, keep: np.ndarray | None = None) -> np.ndarray:
    """`alpha` with the old wall beside each face's neck cleared (the same object when nothing opens); `faces`
    (core.faces.faces.Face with a mesh; others are skipped) give the band; `keep` (bool) is never lowered."""
    out = alpha
    for face in faces:
        if face.has_mesh and face.box[2] >= 8:
            out = _open_face(out, rgb, face, keep)
    return out


def _open_face(alpha: np.ndarray, rgb: np.ndarray, face, keep: np.ndarray | None) -> np.ndarray:
    """`alpha` with both bands of one face opened, decided on a copy of the region round the face whose face is
    at most WORK_WIDTH px wide (colours and patches do not need more) and carried back smoothly."""
    h, w = alpha.shape
    bx, by, bw, bh = (float(v) for v in face.box)
    X0, X1 = int(max(bx - REGION[0] * bw, 0)), int(min(bx + (1 + REGION[0]) * bw, w))
    Y0, Y1 = int(max(by, 0)), int(min(by + REGION[1] * bh, h))
    if X1 - X0 < 8 or Y1 - Y0 < 8:
        return alpha
    c = work_copy(alpha, rgb, keep, face, (X0, Y0, X1, Y1), min(1.0, WORK_WIDTH / bw))
    a_s, rgb_s, keep_s, small = c.alpha, c.rgb, c.keep, c.face
    parts = core_parts(a_s.shape, small)
    if parts is None or not parts.neck.any():
        return alpha
    person = unique_colours(person_colours(a_s, rgb_s, small, parts))   # both sides share the person's colours
    skin = unique_colours(rgb_s[parts.neck])
    if len(person) < MIN_COLOURS:
        return alpha
    opened = np.zeros(a_s.shape, np.float32)
    for side in (0, 1):
        box = _band(a_s.shape, small, side)
        if box is not None:
            _open(opened, a_s, rgb_s, small, side, box, keep_s, person, skin)
    if not opened.any():
        return alpha
    out, n = carry_back(alpha, c, opened)
    log.debug("neck gap: %d px opened round %s", n, face.box)
    return out


def _outward(face, side: int) -> float:
    """+1 when the band on `side` lies right of the chin in the image, -1 left of it."""
    pts = np.asarray(face.landmarks, np.float32)
    return 1.0 if pts[JAW_ANGLES[side]][0] > pts[CHIN][0] else -1.0


def _band(shape: tuple[int, ...], face, side: int) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) of the band beside the neck on one side, clipped to the photo, or None when empty."""
    h, w = shape[:2]
    pts = np.asarray(face.landmarks, np.float32)
    angle, chin = pts[JAW_ANGLES[side]], pts[CHIN]
    width = float(face.box[2])
    length = float(np.hypot(*(np.asarray(face.chin, np.float32) - np.asarray(face.forehead, np.float32))))
    outward = _outward(face, side)
    xa, xb = angle[0] - outward * IN * width, angle[0] + outward * OUT * width
    x0, x1 = int(max(min(xa, xb), 0)), int(min(max(xa, xb), w))
    y0, y1 = int(max(angle[1] + TOP * length, 0)), int(min(chin[1] + DOWN * length, h))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    return x0, y0, x1, y1


def _open(opened: np.ndarray, alpha: np.ndarray, rgb: np.ndarray, face, side: int,
          box: tuple[int, int, int, int], keep: np.ndarray, person: np.ndarray, skin: np.ndarray) -> None:
    """Mark in `opened` (float 0-1, the region's shape) the wall-coloured patches of one band (`person`: the
    person's colours, `skin`: the neck's, both as grid colours)."""
    h, w = alpha.shape
    x0, y0, x1, y1 = box
    width = float(face.box[2])
    band_a = alpha[y0:y1, x0:x1]
    if not (band_a > SURE).any():
        return
    r = round(AROUND * width)
    X0, Y0, X1, Y1 = max(x0 - r, 0), max(y0 - r, 0), min(x1 + r, w), min(y1 + r, h)
    around_a, around_rgb = alpha[Y0:Y1, X0:X1], rgb[Y0:Y1, X0:X1]
    wall = unique_colours(around_rgb[around_a <= SURE])
    if len(wall) < MIN_COLOURS:
        return
    live = band_a > SURE
    live &= ~keep[y0:y1, x0:x1]
    if not live.any():
        return
    band_rgb = rgb[y0:y1, x0:x1]
    seeds = wallish(band_rgb, live, wall, person, near=NEAR_WALL, ratio=RATIO, margin=MARGIN)
    solid = (band_a >= SOLID_ABOVE) & ~seeds & ~keep[y0:y1, x0:x1]
    if solid.any():   # hair hangs over a gap; an ear or a jaw (the neck's skin colours) does not
        solid[solid] = far_from(band_rgb[solid], skin, SKIN_FAR)
    under = np.zeros_like(solid)
    under[1:] = np.maximum.accumulate(solid, axis=0)[:-1]
    reach = max(1, round(NECK * width))
    ky0, kx0 = max(y0 - reach, 0), max(x0 - reach, 0)
    k = keep[ky0:y1 + reach, kx0:x1 + reach].view(np.uint8)
    grown = cv2.dilate(k, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1)))
    near = grown[y0 - ky0:y0 - ky0 + (y1 - y0), x0 - kx0:x0 - kx0 + (x1 - x0)] > 0
    edge = np.zeros_like(solid)   # a patch reaching the band's lower or outer edge goes on past it: not a gap
    edge[-1] = True
    edge[:, -1 if _outward(face, side) > 0 else 0] = True
    is_wall = _patches(seeds, MIN_AREA * width * width, near, under, band_a < UNSURE, edge)
    if not is_wall.any():
        return
    # the patch's own colours are the lit wall there: its rim (the wall's last pixels along the neck) joins it
    grow = max(1, round(GROW * width))
    rim = live & ~is_wall & (cv2.dilate(is_wall.view(np.uint8), cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1))) > 0)
    if rim.any():
        grown = is_wall | wallish(band_rgb, rim, np.concatenate([wall, unique_colours(band_rgb[is_wall])]), person,
                                    near=NEAR_WALL, ratio=RATIO, margin=MARGIN)
        n, labels = cv2.connectedComponents(grown.view(np.uint8), connectivity=8)
        joined = np.zeros(n, bool)   # rim pixels joined to the patch, no specks of their own
        joined[labels[is_wall]] = True
        joined[0] = False
        is_wall = joined[labels]
    soft = cv2.GaussianBlur(is_wall.astype(np.float32), (0, 0), FEATHER)
    region = opened[y0:y1, x0:x1]
    np.maximum(region, np.maximum(soft, is_wall), out=region)


def _patches(mask: np.ndarray, min_area: float, near: np.ndarray, under: np.ndarray,
             unsure: np.ndarray, edge: np.ndarray) -> np.ndarray:
    """The parts of `mask` (opened by a 3 px cross) at least `min_area` px large, touching `near` (beside the neck)
    and not `edge`, lying under `under` (the person's solid pixels above) for ABOVE of their pixels and `unsure`
    (alpha the network doubted) for DOUBTED of them: a gap between neck and hair."""
    m = cv2.morphologyEx(mask.view(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    area = stats[:, cv2.CC_STAT_AREA]
    touches = np.bincount(labels[near], minlength=n) > 0
    covered = np.bincount(labels[under], minlength=n) >= ABOVE * area
    doubted = np.bincount(labels[unsure], minlength=n) >= DOUBTED * area
    ends = np.bincount(labels[edge], minlength=n) > 0
    ok = (area >= max(min_area, 4)) & touches & covered & doubted & ~ends
    ok[0] = False
    return ok[labels]
