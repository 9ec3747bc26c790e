"""The face resampled to a fixed eye distance once, with its landmarks and eyes: every pixel measure reads it."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .iris import Eye

CANON_IED = 96.0          # eye-centre distance in the patch (px): eyelids ~8 px, a pupil ~6 px across
ABOVE = 0.9               # the patch reaches this many eye-to-chin spans above the eye line (hats)
SIDE = 0.5                # and this many eye distances beyond each eye
MIN_INSIDE = 0.5          # at least this share of the patch's box must lie inside the photo, else not judged
MIN_IED = 8.0             # source pixels between the irises below which nothing on the face can be read

# Mesh indices used by the measures.
CHIN, FOREHEAD = 152, 10
MOUTH_RIGHT, MOUTH_LEFT = 61, 291
INNER_UPPER, INNER_LOWER = (82, 13, 312), (87, 14, 317)
INNER_LIPS = (78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95)
INNER_UPPER_LINE = 11      # INNER_LIPS[:11] run along the upper lip's inner edge, the rest back along the lower
OUTER_LIPS = (61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146)
RIGHT_CHEEK_PT, LEFT_CHEEK_PT = 205, 425


@dataclass(frozen=True)
class FacePatch:
    """RGB and luminance of the face region at CANON_IED, the mesh and both eyes in patch pixels."""

    rgb: np.ndarray          # (h, w, 3) uint8
    luma: np.ndarray         # (h, w) float32, Rec. 601
    mesh: np.ndarray         # (468, 2)
    right: Eye               # subject's right eye (image left)
    left: Eye
    scale: float             # patch pixels per source pixel

    @property
    def eye_mid(self) -> np.ndarray:
        """Midpoint of the two iris centres."""
        return (self.right.iris[0] + self.left.iris[0]) / 2

    @property
    def ied(self) -> float:
        """Iris-centre distance in patch pixels."""
        return float(np.linalg.norm(self.left.iris[0] - self.right.iris[0]))

    @property
    def eye_chin(self) -> float:
        """Eye midpoint to chin (mesh 152), OFIQ's normaliser for eyelid and lip gaps."""
        return float(np.linalg.norm(self.mesh[CHIN] - self.eye_mid))

    @property
    def up(self) -> np.ndarray:
        """Unit vector from the chin towards the eyes (the face's up in the image)."""
        v = self.eye_mid - self.mesh[CHIN]
        return v / max(float(np.linalg.norm(v)), 1e-6)

    @property
    def across(self) -> np.ndarray:
        """Unit vector from the subject's right eye to the left eye."""
        v = self.left.iris[0] - self.right.iris[0]
        return v / max(float(np.linalg.norm(v)), 1e-6)


def _shift(eye: Eye, origin: np.ndarray, f: float) -> Eye:
    """An eye moved into patch coordinates."""
    return Eye(contour=(eye.contour - origin) * f, iris=(eye.iris - origin) * f)


def face_patch(rgb: np.ndarray, *, mesh: np.ndarray, right: Eye, left: Eye) -> FacePatch | None:
    """Cut and resample the face (plus room above for hats and beside for hair) to CANON_IED.

    Clipped to the image; None when the face is tiny or mostly outside the photo (not judged)."""
    mesh = np.asarray(mesh, np.float64)
    if not np.isfinite(mesh).all():
        return None
    ied = float(np.linalg.norm(left.iris[0] - right.iris[0]))
    if not np.isfinite(ied) or ied < MIN_IED:
        return None
    f = CANON_IED / ied
    eye_mid = (left.iris[0] + right.iris[0]) / 2
    span = float(np.linalg.norm(mesh[CHIN] - eye_mid))
    lo = np.minimum(mesh.min(0), eye_mid - [SIDE * ied + ied / 2, ABOVE * span])
    hi = np.maximum(mesh.max(0), eye_mid + [SIDE * ied + ied / 2, 0])
    h, w = rgb.shape[:2]
    x0, y0 = max(int(lo[0]), 0), max(int(lo[1]), 0)
    x1, y1 = min(int(np.ceil(hi[0])) + 1, w), min(int(np.ceil(hi[1])) + 1, h)
    whole = max(float((hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1)), 1.0)
    if x1 - x0 < 8 or y1 - y0 < 8 or (x1 - x0) * (y1 - y0) < MIN_INSIDE * whole:
        return None
    read = np.vstack([right.contour[:16], left.contour[:16], right.iris, left.iris, mesh[[CHIN, *OUTER_LIPS]]])
    if (read < 0).any() or (read[:, 0] >= w).any() or (read[:, 1] >= h).any():
        return None   # the eyes, lips or chin the measures read lie outside the photo: not judged
    size = (max(2, round((x1 - x0) * f)), max(2, round((y1 - y0) * f)))
    interp = cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR
    patch = cv2.resize(rgb[y0:y1, x0:x1], size, interpolation=interp)
    origin = np.array([x0, y0], np.float64)
    luma = patch.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    return FacePatch(rgb=patch, luma=luma, mesh=(mesh - origin) * f, right=_shift(right, origin, f),
                     left=_shift(left, origin, f), scale=f)


_LAB_ZERO = np.float32([0, 128, 128])      # OpenCV's 8-bit CIELAB: L* * 255/100, a* + 128, b* + 128
_LAB_SCALE = np.float32([100 / 255, 1, 1])


def lab(pixels: np.ndarray) -> np.ndarray:
    """RGB uint8 pixels (any shape ending in 3) -> (n, 3) CIELAB float32 (L* 0-100, a*, b*).

    Only the pixels given are converted: CIELAB from 8 bits is the costly step of the colour measures."""
    if pixels.size == 0:
        return np.zeros((0, 3), np.float32)
    out = cv2.cvtColor(np.ascontiguousarray(pixels).reshape(-1, 1, 3), cv2.COLOR_RGB2LAB).reshape(-1, 3)
    return (out.astype(np.float32) - _LAB_ZERO) * _LAB_SCALE


def poly_mask(shape: tuple[int, ...], points: np.ndarray) -> np.ndarray:
    """Boolean mask of the convex hull of points."""
    m = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(m, cv2.convexHull(np.round(points).astype(np.int32)), 1)
    return m > 0


def disk_mask(shape: tuple[int, ...], centre: np.ndarray, radius: float) -> np.ndarray:
    """Boolean mask of a disk."""
    m = np.zeros(shape[:2], np.uint8)
    cv2.circle(m, (int(round(centre[0])), int(round(centre[1]))), max(1, int(round(radius))), 1, -1)
    return m > 0


def box(shape: tuple[int, ...], centre: np.ndarray, half_w: float, half_h: float) -> tuple[slice, slice]:
    """Row and column slices of an axis-aligned box, clipped to the image."""
    h, w = shape[:2]
    # never empty: a box off the image shrinks to its nearest edge pixel (the callers index, cv2 needs pixels)
    y0 = int(min(max(centre[1] - half_h, 0), h - 1))
    x0 = int(min(max(centre[0] - half_w, 0), w - 1))
    y1, x1 = int(min(centre[1] + half_h, h)), int(min(centre[0] + half_w, w))
    return slice(y0, max(y1, y0 + 1)), slice(x0, max(x1, x0 + 1))


def bounds(shape: tuple[int, ...], points: np.ndarray, margin: float = 0.0) -> tuple[slice, slice]:
    """Row and column slices of the points' bounding box grown by `margin` pixels, clipped to the image."""
    lo, hi = np.min(points, axis=0) - margin, np.max(points, axis=0) + margin
    return box(shape, (lo + hi) / 2, (hi[0] - lo[0]) / 2 + 1, (hi[1] - lo[1]) / 2 + 1)


def upright_window(p: FacePatch, centre: np.ndarray, half_w: float, half_h: float) -> np.ndarray:
    """Luminance in a box about `centre`, turned so the eye line is level (only a small area is warped)."""
    angle = float(np.degrees(np.arctan2(p.across[1], p.across[0])))
    reach = 1.5 * max(half_w, half_h)
    rows, cols = box(p.luma.shape, centre, reach, reach)
    sub = p.luma[rows, cols]
    local = np.asarray(centre, np.float64) - [cols.start, rows.start]
    rot = cv2.getRotationMatrix2D((float(local[0]), float(local[1])), angle, 1.0)
    upright = cv2.warpAffine(sub, rot, (sub.shape[1], sub.shape[0]), flags=cv2.INTER_LINEAR)
    r, c = box(upright.shape, local, half_w, half_h)
    return upright[r, c]
