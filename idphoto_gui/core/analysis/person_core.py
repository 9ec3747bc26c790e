"""The person's core: face (the mesh's outline), neck and the middle of the torso, where a matte is always opaque.

No refinement pass may open the background there (docs/adr/0020): gaps between curls are in the hair and the
edge bands, never inside a face, an eye or a shirt front. Hair and colour passes restrict themselves to the
outside of `core_mask`; the pipeline raises alpha to 1 inside it for every model (`protect`), and the
self-inspection (render/inspection.py) compares the finished photo there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import cv2
import numpy as np

from ..faces.face_quality.shadows import FACE_OVAL
from ..matting.base import Matte

INSET = 0.02          # the face outline drawn this share of the face width inside the mesh's (its edge may lie on wall)
JAW = (379, 378, 400, 377, 152, 148, 176, 149, 150)   # the mesh's lower jaw, one side to the other
NECK = 0.35           # the neck runs this share of the face height (forehead to chin) below the jaw's ends...
NECK_WIDTH = 0.5      # ...this share of the width between them (a neck is narrower than the jaw)...
BEHIND = 0.5          # ...its middle moved this share from below the chin towards below the jaw's angles (a turned
                      # head's neck is behind its chin, a raised one's under its jaw)
CHIN, ANGLES = 152, (172, 397)   # the mesh's chin and the jaw's angles
SHOULDERS = 0.5       # the torso core's top falls this much per unit out from the neck's base (the shoulders' slope)
EDGE = 0.03           # the neck and torso cores stay this many face widths inside the person's outline (no hard step)
GUARD = 0.04          # refinement passes keep this many face widths off the core (no hole right at its rim)
TORSO = (0.8, 0.6)    # the torso core: width (share of the face width) and depth (of the face height) below the neck
HELD = 0.5            # a face is a person's when the network's matte holds at least half its core face (mean alpha)
PARTED = 0.9          # after parting people, a core is restored only where the parting left this much of the face


@dataclass(frozen=True)
class Parts:
    """The core's parts as bool masks of one image (separate so an evaluation can count each)."""

    face: np.ndarray
    neck: np.ndarray
    torso: np.ndarray

    @property
    def whole(self) -> np.ndarray:
        """Face, neck and torso together."""
        return self.face | self.neck | self.torso


def core_mask(shape: tuple[int, ...], faces: Iterable, *, torso: bool = True, neck: bool = True,
              grow: float = 0.0) -> np.ndarray:
    """(H, W) bool: the cores of every face in `faces` (core.faces.faces.Face with a mesh; others add nothing),
    grown by `grow` face widths (GUARD: where refinement passes keep their hands off)."""
    out = np.zeros(shape[:2], bool)
    for face in faces:
        parts = core_parts(shape, face, grow=grow)
        if parts is not None:
            out |= parts.whole if torso else parts.face | parts.neck if neck else parts.face
    return out


def held(alpha: np.ndarray, faces: Iterable, at_least: float = HELD) -> tuple:
    """The faces whose core face the matte holds as a person (mean alpha >= HELD): cores close the holes a pass
    opened in a person the network saw, never make one of a face it left as background (a poster, a tiled
    photo, a crowd's ghost), nor whole again one that parting people cut through (`at_least=PARTED`): `--face
    all` refuses those frames (people_frame.py) instead of saving a face mask with its hair cut away."""
    out = []
    for face in faces:
        parts = core_parts(alpha.shape, face)
        if parts is None or not parts.face.any() or float(alpha[parts.face].mean()) >= at_least:
            out.append(face)
    return tuple(out)


def core_parts(shape: tuple[int, ...], face, *, grow: float = 0.0) -> Parts | None:
    """The core of one face in an image of `shape` (grown by `grow` face widths), or None without a mesh."""
    if not face.has_mesh:
        return None
    h, w = shape[:2]
    pts = np.asarray(face.landmarks, np.float32)[:, :2]
    scale = 16.0   # polygons drawn with 4 fractional bits
    face_m = _poly((h, w), pts[list(FACE_OVAL)], scale)
    face_m = _grown(face_m, round((grow - INSET) * face.box[2]))
    length = float(np.hypot(*(np.asarray(face.chin, np.float32) - np.asarray(face.forehead, np.float32))))
    if length < 1.0:
        return Parts(face_m > 0, np.zeros((h, w), bool), np.zeros((h, w), bool))
    # the neck and the body hang straight down from the jaw, whatever the head's tilt; the neck is narrower than
    # the jaw and, on a turned head, behind the chin (towards the jaw's angles); the shoulders fall from its base
    jaw = pts[list(JAW)]
    mid = (jaw[0] + jaw[-1]) / 2 + np.float32([(pts[ANGLES[0]][0] + pts[ANGLES[1]][0]) / 2 - pts[CHIN][0], 0]) * BEHIND
    ends = mid + (jaw[[0, -1]] - (jaw[0] + jaw[-1]) / 2) * NECK_WIDTH
    top = jaw.copy()
    top[:, 0] = np.clip(top[:, 0], *sorted(ends[:, 0]))
    low = ends + np.float32([0.0, NECK * length])
    neck = _poly((h, w), np.vstack([top, low[::-1]]), scale)
    half, inner = TORSO[0] * face.box[2] / 2, abs(float(low[1, 0] - low[0, 0])) / 2
    x, top_y = float(np.mean(low[:, 0])), float(np.max(low[:, 1]))
    bottom, fall = top_y + TORSO[1] * length, top_y + SHOULDERS * max(half - inner, 0.0)
    body = _poly((h, w), np.float32([[x - inner, top_y], [x + inner, top_y], [x + half, fall], [x + half, bottom],
                                     [x - half, bottom], [x - half, fall]]), scale)
    r = round(grow * face.box[2])
    return Parts(face_m > 0, _grown(neck, r) > 0, _grown(body, r) > 0)


def _grown(mask: np.ndarray, r: int, near: np.ndarray | None = None) -> np.ndarray:
    """uint8 mask grown by r pixels (a disc), shrunk when r is negative; worked only around the mask's own pixels
    (or those of `near`, when only the result there matters): a face's masks are small in a 12 MP photo."""
    if r == 0:
        return mask
    x, y, bw, bh = cv2.boundingRect((mask if near is None else near).view(np.uint8))
    if not bw:
        return mask
    a = abs(r)
    box = (slice(max(y - a, 0), y + bh + a), slice(max(x - a, 0), x + bw + a))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(r) + 1, 2 * abs(r) + 1))
    out = mask.copy() if near is not None else np.zeros_like(mask)
    out[box] = cv2.dilate(mask[box], disc) if r > 0 else cv2.erode(mask[box], disc)
    return out


def _poly(shape: tuple[int, int], points: np.ndarray, scale: float) -> np.ndarray:
    """uint8 mask (1 inside) of the filled polygon `points` (x, y pixel centres)."""
    mask = np.zeros(shape, np.uint8)
    cv2.fillPoly(mask, [np.round(points * scale).astype(np.int32)], 1, lineType=cv2.LINE_8, shift=4)
    return mask


def within(alpha: np.ndarray, core: np.ndarray, hard: np.ndarray | None = None, margin: int = 0) -> np.ndarray:
    """`core` where the matte holds the person (alpha >= 0.5) or a hole enclosed by it, at least `margin` px inside
    its outline; `hard` (the face, drawn inside the mesh's outline) always. A neck or torso core drawn past a turned
    body's outline must not paint a straight-edged block of the old wall onto the new one, nor cut a soft
    (out-of-focus) outline into a hard step where it crosses it; a hole a pass or the network opened inside closes."""
    if (alpha[core] >= 1.0).all():
        return core
    solid = alpha >= 0.5
    n, labels = cv2.connectedComponents((~solid).astype(np.uint8), connectivity=4)
    touches = np.zeros(n, bool)     # the parts of the non-person that reach the photo's edge (a lookup, not isin)
    touches[np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])] = True
    outside = touches[labels] & ~solid
    if margin > 0:
        outside = _grown(outside.astype(np.uint8), margin, near=core) > 0
    out = core & ~outside
    return out | (core & hard) if hard is not None else out


def raised(alpha: np.ndarray, faces: Iterable) -> np.ndarray:
    """(H, W) bool: where the cores of `faces` set `alpha` to 1 (`within`: the face always, the neck and torso
    inside the person's outline by EDGE of the smallest face's width)."""
    core, hard, widths = np.zeros(alpha.shape, bool), np.zeros(alpha.shape, bool), []
    for face in faces:
        parts = core_parts(alpha.shape, face)
        if parts is not None:
            core |= parts.whole
            hard |= parts.face
            widths.append(face.box[2])
    return within(alpha, core, hard, round(EDGE * min(widths))) if widths else core


def protect(matte: Matte, rgb: np.ndarray, faces: Iterable) -> Matte:
    """The matte with alpha 1 and the photo's own colours where the cores of `faces` are `raised` (the same object
    when nothing changes): what any model or refinement pass left below 1 there is the background showing through."""
    core = raised(matte.alpha, faces)
    low = core & (matte.alpha < 1.0)
    return opaque(matte, rgb, low, core) if low.any() else matte


def opaque(matte: Matte, rgb: np.ndarray, low: np.ndarray, recolour: np.ndarray | None = None) -> Matte:
    """The matte with alpha 1 on `low` and the photo's own colours on `recolour` (`low` when None): a part of
    the person the matte let the background through."""
    recolour = low if recolour is None else recolour
    alpha = matte.alpha.copy()
    alpha[low] = 1.0
    fg = matte.foreground.copy()
    fg[recolour] = rgb[recolour]
    return Matte(alpha=alpha, foreground=fg, model_id=matte.model_id)
