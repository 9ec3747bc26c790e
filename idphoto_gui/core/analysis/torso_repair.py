"""A hole the matting network cut through the torso, filled from a second network (docs/adr/0020, round 5).

RVM can take a dark, out-of-focus jacket on a dark wall for wall (portraits/04): the torso core then shows the
new background, and `protect` cannot close it (the hole opens onto the wall: raising the core there would paint
a straight-edged block). u2netp, a salient-object network, holds such a body. It runs only when the finished
matte leaves part of a neck or torso core below alpha 0.5 (a normal photo never pays for it), and its alpha is
taken only in its parts that reach into that hole, below the chin and within the shoulders' reach: never in the
hair, never beside the head.
"""
from __future__ import annotations

import logging
from typing import Callable, Iterable

import cv2
import numpy as np

from ..matting.base import Matte
from ..matting.foreground import estimate_foreground
from .person_core import core_parts

log = logging.getLogger(__name__)

HOLE = 0.005      # a hole: this share of the neck and torso cores (or more) below alpha 0.5 in the finished matte
SOLID = 0.5       # alpha at or above this is the person
REACH = 1.5       # the body zone: this many face widths either side of the neck's middle (shoulders 2.8 wide)...
FEATHER = 0.03    # ...from the chin down; the second alpha fades out over this many face widths at the zone's sides
TOP = 0.1         # and over this many face widths across the chin's row (the hair lying on a shoulder: no seam)


def holes(alpha: np.ndarray, faces: Iterable) -> tuple[np.ndarray, list] | None:
    """(H, W) bool of the neck and torso core pixels below SOLID, and the faces with such a hole, or None when
    no core has one of at least HOLE of its area."""
    hole, hit = np.zeros(alpha.shape, bool), []
    for face in faces:
        parts = core_parts(alpha.shape, face)
        if parts is None:
            continue
        body = parts.neck | parts.torso
        low = body & (alpha < SOLID)
        if np.count_nonzero(low) >= HOLE * max(1, np.count_nonzero(body)):
            hole |= low
            hit.append((face, parts))
    return (hole, hit) if hit else None


def zone(shape: tuple[int, ...], face, parts) -> np.ndarray:
    """(H, W) float32 weight of where the torso may lie: below the chin (rising from 0 to 1 over TOP face widths
    across its row) and within REACH face widths of the neck's middle (falling to 0 over FEATHER at the sides)."""
    h, w = shape[:2]
    fw = float(face.box[2])
    xs = np.flatnonzero(parts.neck.any(axis=0))
    mid = float(xs.mean()) if xs.size else float(face.chin[0])
    soft = max(1.0, FEATHER * fw)
    cols = np.clip((REACH * fw - np.abs(np.arange(w, dtype=np.float32) - mid)) / soft, 0.0, 1.0)
    top = max(1.0, TOP * fw)
    rows = np.clip((np.arange(h, dtype=np.float32) - float(face.chin[1])) / top + 0.5, 0.0, 1.0)
    return rows[:, None] * cols[None, :]


def repair(matte: Matte, rgb: np.ndarray, faces: Iterable,
           second: Callable[[np.ndarray], np.ndarray]) -> Matte:
    """The matte with its torso holes filled from `second(rgb)` (an alpha of rgb's size), or the same object
    when no core has a hole or the second alpha does not hold it either."""
    found = holes(matte.alpha, faces)
    if found is None:
        return matte
    hole, hit = found
    other = second(rgb)
    alpha = matte.alpha
    weight = np.zeros(alpha.shape, np.float32)
    for face, parts in hit:
        weight = np.maximum(weight, zone(alpha.shape, face, parts))
    # the second network's body parts the first left out that reach into the hole, and their soft rim
    cand = ((other >= SOLID) & (alpha < SOLID) & (weight > 0)).astype(np.uint8)
    n, labels = cv2.connectedComponents(cand, connectivity=8)
    keep = np.zeros(n, bool)
    keep[np.unique(labels[hole & (cand > 0)])] = True
    keep[0] = False
    if not keep[1:].any():
        log.info("torso hole of %d px: the second network does not hold it either", int(hole.sum()))
        return matte
    fw = min(float(face.box[2]) for face, _ in hit)
    soft = max(1.0, FEATHER * fw)
    near = cv2.distanceTransform((~keep[labels]).astype(np.uint8), cv2.DIST_L2, 3) <= soft
    body = keep[labels] | (near & (other >= SOLID))   # with the seam between them and the person's own edge
    dist = cv2.distanceTransform((~body).astype(np.uint8), cv2.DIST_L2, 3)
    weight *= np.clip(1.0 - dist / soft, 0.0, 1.0)
    new = np.maximum(alpha, weight * other)
    changed = new > alpha + 1e-3
    log.info("torso hole of %d px filled from the second network: %d px raised", int(hole.sum()),
             int(changed.sum()))
    fg = matte.foreground.copy()
    fresh = estimate_foreground(rgb, new)
    fg[changed] = fresh[changed]
    return Matte(alpha=new.astype(np.float32), foreground=fg, model_id=matte.model_id)


def u2netp_alpha(rgb: np.ndarray) -> np.ndarray:
    """u2netp's alpha of the whole frame at rgb's size, with its noise floor (matting/u2netp.py)."""
    from ..matting import get_matter
    from ..matting.refine import noise_floor, upsample

    matter = get_matter("u2netp")
    return noise_floor(upsample(matter.infer(rgb), rgb, method=matter.upsample), *matter.floor)

