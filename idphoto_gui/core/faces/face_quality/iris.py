"""Eye contours and iris points from MediaPipe's iris landmark model, run on the two eye crops at once.

The crop follows MediaPipe's iris_landmark_landmarks_to_roi graph (as ported by face-detection-tflite): a
square 2.3x the eye-corner span, rotated level by the corners; the subject's left eye is mirrored.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..face_nets import run, thread_net

IRIS_SIZE = 64
ROI_SCALE = 2.3
RIGHT_EYE = (33, 133)   # subject's right eye, image left: outer, inner corner
LEFT_EYE = (263, 362)   # subject's left eye, image right: outer, inner corner
IRIS_OUTPUTS = ("output_eyes_contours_and_brows", "output_iris")

# Contour indices in the model's 71 points (same order for both eyes once the mirror is undone).
OUTER, INNER = 0, 8
LOWER = (1, 2, 3, 4, 5, 6, 7)        # lower lid, outer to inner
UPPER = (9, 10, 11, 12, 13, 14, 15)  # upper lid, outer to inner (above LOWER point for point)


@dataclass(frozen=True)
class Eye:
    """One eye in image pixels: 71 contour/brow points and 5 iris points (centre first)."""

    contour: np.ndarray
    iris: np.ndarray

    @property
    def width(self) -> float:
        """Corner-to-corner span in pixels."""
        return float(np.linalg.norm(self.contour[OUTER] - self.contour[INNER]))

    @property
    def iris_radius(self) -> float:
        """Mean distance of the four iris edge points from its centre."""
        return float(np.linalg.norm(self.iris[1:] - self.iris[0], axis=1).mean())


def _matrix(outer: np.ndarray, inner: np.ndarray, mirror: bool) -> np.ndarray:
    """2x3 affine from crop pixel indices to source pixel indices (continuous centres at +0.5)."""
    left, right = (inner, outer) if mirror else (outer, inner)
    angle = math.atan2(float(right[1] - left[1]), float(right[0] - left[0]))
    k = ROI_SCALE * float(np.linalg.norm(right - left)) / IRIS_SIZE
    c, s = math.cos(angle) * k, math.sin(angle) * k
    lin = np.array([[c, -s], [s, c]]) @ np.diag([-1.0 if mirror else 1.0, 1.0])
    centre = (left + right) / 2
    t = centre - lin @ np.array([IRIS_SIZE / 2, IRIS_SIZE / 2])
    m = np.hstack([lin, t[:, None]])
    m[:, 2] += lin @ np.array([0.5, 0.5]) - 0.5
    return m


def _to_image(raw: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Model points (crop pixels) back to source pixels."""
    xy = raw.reshape(-1, 3)[:, :2].astype(np.float64) - 0.5
    return xy @ m[:, :2].T + m[:, 2] + 0.5  # continuous coordinates, as the mesh


def eyes(rgb: np.ndarray, landmarks: np.ndarray) -> tuple[Eye, Eye]:
    """(subject's right eye, left eye) from the 468 mesh points (image pixels)."""
    pts = np.asarray(landmarks, np.float64)
    mats = [_matrix(pts[RIGHT_EYE[0]], pts[RIGHT_EYE[1]], False),
            _matrix(pts[LEFT_EYE[0]], pts[LEFT_EYE[1]], True)]
    crops = [cv2.warpAffine(rgb, m, (IRIS_SIZE, IRIS_SIZE), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                            borderMode=cv2.BORDER_REPLICATE) for m in mats]
    blob = (np.stack(crops).astype(np.float32) / 255.0).transpose(0, 3, 1, 2)
    net = thread_net("iris", IRIS_OUTPUTS)
    contours, irises = run(net, np.ascontiguousarray(blob), IRIS_OUTPUTS)
    contours = contours.reshape(len(mats), -1)
    irises = irises.reshape(len(mats), -1)
    out = [Eye(contour=_to_image(c, m), iris=_to_image(i, m)) for c, i, m in zip(contours, irises, mats)]
    return out[0], out[1]
