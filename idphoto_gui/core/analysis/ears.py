"""The ears: a soft patch the network left inside an ear is made opaque, so the new background never shows
through an ear (docs/adr/0029).

The network sometimes leaves a patch of an ear (its thin top, a lit fold) at alpha 0.6-0.9 while the ear around
it is opaque: on a contrasting background the patch takes that colour (a green patch on green). An ear is not in
the person's core (person_core.py): its outline is the person's own soft edge, and a core's hole filling would
also close the wall seen between curls behind it. Here only patches a little inside the person's outline, in an
ear's zone beside the mesh's outline and mostly of the face's skin colour rather than the wall's, are raised: the
ear's outline and the hair keep the network's alpha.
"""
from __future__ import annotations

from typing import Iterable

import cv2
import numpy as np

from ..imaging.nearest import nearest_colours
from ..matting.base import Matte
from .person_core import opaque

SIDES = ((127, 234, 93, 132), (356, 454, 323, 361))   # the mesh's outline beside each ear, top to bottom
ABOVE, BELOW = 0.12, 0.04   # the ear's zone runs this many face widths above the top point and below the bottom one
REACH = 0.28                # ...and out from the outline this many face widths (a frontal ear stands out ~0.15)
IN = 0.02                   # ...from this far inside the outline (the mesh's edge may lie on the ear's root)
HELD = 0.5                  # a pixel the matte holds at least this much is the person's
SOLID = 0.95                # a patch: pixels less opaque than this...
DEPTH = 0.015               # ...at least this many face widths inside the outline (the soft edge is the ear's own)...
SHARE = 0.5                 # ...this share of it in the zone and of the skin's colour...
WALLED = 0.7                # ...this share of the pixels touching it opaque (a band along hair's edge: ~0.45)...
PATCH = (0.002, 0.02)       # ...and between these many face widths squared (an ear is about 0.15 x 0.4; smaller
                            # patches are specks in curls)
SKIN_AB = 20.0              # skin: within this of the face's own skin in Lab a*b* (0-255 scale, an ear is redder)...
DARK = 0.85                 # ...at least this share of its lightness (hair the colour of skin is darker)...
CLEAR = 0.02                # ...and in a*b* nearer the skin than the wall (a light grey wall is only ~17 from pale
                            # skin): the photo's colour at the nearest pixel with alpha below this...
PAD = 0.1                   # ...looked for this many face widths around the patches


def solid_ears(matte: Matte, rgb: np.ndarray, faces: Iterable) -> Matte:
    """The matte with alpha 1 and the photo's own colours on each face's ears (`ear_mask`), the same object when
    nothing changes: what the network left below 1 there is the new background showing through an ear."""
    ears = np.zeros(matte.alpha.shape, bool)
    for face in faces:
        ears |= ear_mask(rgb, matte.alpha, face)
    low = ears & (matte.alpha < 1.0)
    return opaque(matte, rgb, low) if low.any() else matte


def ear_mask(rgb: np.ndarray, alpha: np.ndarray, face) -> np.ndarray:
    """(H, W) bool: one face's see-through ear patches: in an ear's zone, soft pixels (below SOLID) at least DEPTH
    inside the person's outline (alpha >= HELD), walled in, mostly of the face's skin colour. Empty without a
    mesh."""
    out = np.zeros(alpha.shape, bool)
    if not face.has_mesh:
        return out
    width = float(face.box[2])
    pts = np.asarray(face.landmarks, np.float32)[:, :2]
    skin = _skin(rgb, face)
    for zone in _zones(alpha.shape, pts, width):
        x, y, bw, bh = cv2.boundingRect(zone)
        if bw and bh and skin is not None:
            box = (slice(y, y + bh), slice(x, x + bw))
            out[box] |= _patches(rgb[box], alpha[box], zone[box] > 0, skin, width)
    return out


def _patches(rgb: np.ndarray, a: np.ndarray, zone: np.ndarray, skin: np.ndarray, width: float) -> np.ndarray:
    """(h, w) bool: the see-through patches of one ear's box (`ear_mask`); `skin` the face's colour in Lab."""
    depth = cv2.distanceTransform((a >= HELD).view(np.uint8), cv2.DIST_L2, 3)
    soft = ((a < SOLID) & (depth >= DEPTH * width)).view(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(soft, connectivity=8)
    area = stats[:, cv2.CC_STAT_AREA]
    patch = ((np.bincount(labels.ravel(), zone.ravel(), n) >= SHARE * area)
             & (area >= PATCH[0] * width * width) & (area <= PATCH[1] * width * width))
    patch[0] = False
    if not patch.any():   # most photos: no soft patch inside an ear (the skin test is the costly part)
        return np.zeros(a.shape, bool)
    like = _skin_like(rgb, a, skin, patch[labels], round(PAD * width))
    patch &= np.bincount(labels.ravel(), like.ravel(), n) >= SHARE * area
    for i in np.flatnonzero(patch):
        patch[i] = _walled(labels == i, a)
    return patch[labels]


def _walled(patch: np.ndarray, alpha: np.ndarray) -> bool:
    """Whether at least WALLED of the pixels touching `patch` are opaque (SOLID): a patch inside an ear, not a
    band along a lock's outline."""
    ring = (cv2.dilate(patch.view(np.uint8), np.ones((3, 3), np.uint8)) > 0) & ~patch
    return bool(ring.any()) and float((alpha[ring] >= SOLID).mean()) >= WALLED


def _zones(shape: tuple[int, ...], pts: np.ndarray, width: float) -> tuple[np.ndarray, ...]:
    """uint8 masks of each ear's zone: beside the outline's points, out away from the face's middle."""
    middle = float(pts[list(SIDES[0] + SIDES[1])][:, 0].mean())
    masks = []
    for side in SIDES:
        line = pts[list(side)]
        out = 1.0 if float(line[:, 0].mean()) > middle else -1.0
        top, bottom = line[0] - [0, ABOVE * width], line[-1] + [0, BELOW * width]
        inner = np.vstack([top, line, bottom]) - [out * IN * width, 0]
        outer = inner[::-1] + [out * (REACH + IN) * width, 0]
        mask = np.zeros(shape[:2], np.uint8)
        cv2.fillPoly(mask, [np.round(np.vstack([inner, outer]) * 16).astype(np.int32)], 1, shift=4)
        masks.append(mask)
    return tuple(masks)


def _skin(rgb: np.ndarray, face) -> np.ndarray | None:
    """The face's own skin colour in Lab: the median of the face box's cheeks and nose."""
    x, y, w, h = face.box
    patch = rgb[int(y + 0.45 * h):int(y + 0.7 * h):2, int(x + 0.3 * w):int(x + 0.7 * w):2]
    if not patch.size:
        return None
    lab = cv2.cvtColor(np.ascontiguousarray(patch), cv2.COLOR_RGB2LAB).reshape(-1, 3)
    return np.median(lab, axis=0).astype(np.float32)


def _skin_like(rgb: np.ndarray, alpha: np.ndarray, skin: np.ndarray, where: np.ndarray, pad: int) -> np.ndarray:
    """(h, w) bool: pixels of `where` whose colour in `rgb` is the skin colour `skin` (Lab), nearer it than the
    nearest clear pixel's colour (CLEAR) within `pad` px around them: hair, a wall or a collar are not."""
    out = np.zeros(rgb.shape[:2], bool)
    x, y, bw, bh = cv2.boundingRect(where.view(np.uint8))
    if not bw:
        return out
    box = (slice(max(0, y - pad), y + bh + pad), slice(max(0, x - pad), x + bw + pad))
    lab = cv2.cvtColor(np.ascontiguousarray(rgb[box]), cv2.COLOR_RGB2LAB).astype(np.float32)
    to_skin = np.hypot(lab[..., 1] - skin[1], lab[..., 2] - skin[2])
    like = where[box] & (to_skin <= SKIN_AB) & (lab[..., 0] >= DARK * skin[0])
    clear = alpha[box] < CLEAR
    if clear.any() and like.any():
        wall = nearest_colours(clear, lab)
        like &= to_skin < np.hypot(lab[..., 1] - wall[..., 1], lab[..., 2] - wall[..., 2])
    out[box] = like
    return out
