"""Face regions at output resolution from the 468-point face mesh: skin, and what smoothing must leave alone.

Index lists are MediaPipe Face Mesh contours (face_mesh_connections). The skin mask is the face oval
pulled in from the outline, minus eyes, brows, lips and nostrils (grown a little), minus anything whose
colour is far from the face's own skin (hair over the forehead, a beard, glasses frames).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ...faces.face_quality.patch import OUTER_LIPS
from ...faces.face_quality.shadows import FACE_OVAL

RIGHT_EYE = (33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246)
LEFT_EYE = (263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466)
RIGHT_BROW = (46, 53, 52, 65, 55, 107, 66, 105, 63, 70)
LEFT_BROW = (276, 283, 282, 295, 285, 336, 296, 334, 293, 300)
NOSTRILS = (129, 64, 98, 97, 2, 326, 327, 294, 358, 1)
RIGHT_UNDER = ((130, 25, 110, 24, 23, 22, 26, 112, 243), (143, 111, 117, 118, 119, 120, 121, 128, 245))
LEFT_UNDER = ((359, 255, 339, 254, 253, 252, 256, 341, 463), (372, 340, 346, 347, 348, 349, 350, 357, 465))

OUTLINE_INSET = 0.07      # the oval is pulled in by this x IED: the face's outline and hairline stay sharp
FEATURE_GROW = 0.06       # eyes, brows, lips, nostrils grown by this x IED before they are cut out
SKIN_DE = 16.0            # further than this from the median skin (Lab, L* at half weight: shading) is not skin
FEATHER = 0.03            # mask edges softened by a Gaussian of this x IED


@dataclass(frozen=True)
class Regions:
    """Masks (h, w) float32 in [0, 1] on the output grid, and the face's scale there."""

    skin: np.ndarray
    features: np.ndarray      # eyes, brows, lips (what retouch must not change)
    under_eyes: np.ndarray
    ied: float                # inter-eye distance in output px
    box: tuple[int, int, int, int]  # x0, y0, x1, y1: the face oval's bounds (clipped), where work happens


def to_output(landmarks: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Mesh points (source px) mapped by a 2x3 matrix onto the output grid."""
    m = np.asarray(matrix, dtype=np.float64)
    return np.asarray(landmarks, dtype=np.float64)[:, :2] @ m[:, :2].T + m[:, 2]


def _poly(mask: np.ndarray, pts: np.ndarray, idx: tuple[int, ...]) -> None:
    """Fill one closed contour (sub-pixel, anti-aliased edges come from the later feather)."""
    cv2.fillPoly(mask, [np.round(pts[list(idx)] * 4).astype(np.int32)], 1.0, lineType=cv2.LINE_8, shift=2)


def _grown(mask: np.ndarray, px: float) -> np.ndarray:
    """The mask dilated by about `px` pixels."""
    r = max(1, int(round(px)))
    return cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))


def _shrunk(mask: np.ndarray, px: float) -> np.ndarray:
    """The mask eroded by about `px` pixels."""
    r = max(1, int(round(px)))
    return cv2.erode(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))


def face_regions(lab: np.ndarray, points: np.ndarray) -> Regions | None:
    """The masks for one face (its image as 8-bit Lab in float32, mesh points on that grid); None when too
    small to retouch."""
    h, w = lab.shape[:2]
    ied = float(np.hypot(*(points[list(LEFT_EYE)].mean(0) - points[list(RIGHT_EYE)].mean(0))))
    if ied < 12:
        return None
    oval = np.zeros((h, w), np.float32)
    _poly(oval, points, FACE_OVAL)
    feats = np.zeros_like(oval)
    for idx in (RIGHT_EYE, LEFT_EYE, RIGHT_BROW, LEFT_BROW, OUTER_LIPS):
        _poly(feats, points, idx)
    nose = np.zeros_like(oval)
    cv2.fillConvexPoly(nose, np.round(cv2.convexHull(points[list(NOSTRILS)].astype(np.float32)) * 4)
                       .astype(np.int32), 1.0, shift=2)
    grown = np.maximum(_grown(feats, FEATURE_GROW * ied), _grown(nose, FEATURE_GROW * ied / 2))
    core = _shrunk(oval, OUTLINE_INSET * ied) * (1.0 - grown)
    skin = core * _skin_like(lab, core)
    under = np.zeros_like(oval)
    for lid, low in (RIGHT_UNDER, LEFT_UNDER):
        _poly(under, points, lid + low[::-1])
    eyes = np.zeros_like(oval)
    for idx in (RIGHT_EYE, LEFT_EYE):
        _poly(eyes, points, idx)
    under *= (1.0 - _grown(eyes, FEATURE_GROW * ied)) * skin
    sigma = max(0.6, FEATHER * ied)
    bx, by, bw, bh = cv2.boundingRect((oval > 0).astype(np.uint8))
    if bw == 0 or bh == 0:
        return None
    box = (bx, by, bx + bw, by + bh)
    blur = lambda m: cv2.GaussianBlur(m, (0, 0), sigma)  # noqa: E731
    return Regions(blur(skin), feats, blur(under) * (1.0 - _grown(eyes, 1)), ied, box)


def _skin_like(lab: np.ndarray, core: np.ndarray) -> np.ndarray:
    """1 where a pixel's colour is near the face's own median skin colour (Lab), else 0 (inside core's box)."""
    out = np.zeros(core.shape, np.float32)
    sel = core > 0.5
    if sel.sum() < 50:
        return out
    x, y, w, h = cv2.boundingRect(sel.astype(np.uint8))
    box = lab[y:y + h, x:x + w]
    ref = np.median(box[sel[y:y + h, x:x + w]][::4], axis=0)
    scale = np.array([0.5 * 100 / 255, 1.0, 1.0], np.float32)   # 8-bit L is 0-255; shading counts half
    diff = (box - ref) * scale
    out[y:y + h, x:x + w] = cv2.magnitude(cv2.magnitude(diff[..., 0], diff[..., 1]), diff[..., 2]) < SKIN_DE
    return out
