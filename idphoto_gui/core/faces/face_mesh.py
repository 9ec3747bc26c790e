"""Face Mesh landmarks: an upright square crop around a detection, 468 points mapped back to the image."""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .face_detect import Detection
from .face_nets import run, thread_net

MESH_SIZE = 192
MESH_SCALE = 1.5          # MediaPipe expands the detection box by 1.5 for the mesh crop
MESH_MIN_PRESENCE = 0.5
MESH_OUTPUTS = ("conv2d_20", "conv2d_30")  # (1404 landmark coords, face presence logit)

# Mesh indices (subject's right eye is on the image left for an unmirrored photo).
RIGHT_EYE_CORNERS = (33, 133)
LEFT_EYE_CORNERS = (362, 263)
CHIN, FOREHEAD, NOSE_TIP = 152, 10, 1
RIGHT_CHEEK, LEFT_CHEEK = 234, 454


@dataclass(frozen=True)
class Mesh:
    """Mesh output mapped to source pixels, with the crop's rotation for pose maths."""

    points: np.ndarray   # (468, 3) x, y in source pixels, z in source-pixel scale
    presence: float
    angle: float         # radians the crop was rotated by (the eye-line angle)


def eye_angle(right_eye: np.ndarray, left_eye: np.ndarray) -> float:
    """Eye-line angle in radians, image y down: positive = clockwise on screen (image-left eye higher)."""
    return math.atan2(float(left_eye[1] - right_eye[1]), float(left_eye[0] - right_eye[0]))


def _crop_matrix(centre: np.ndarray, side: float, angle: float) -> np.ndarray:
    """2x3 affine from mesh-input pixels to source pixels: a square of `side` rotated by `angle`."""
    k = side / MESH_SIZE
    c, s = math.cos(angle) * k, math.sin(angle) * k
    lin = np.array([[c, -s], [s, c]])
    t = centre - lin @ np.array([MESH_SIZE / 2, MESH_SIZE / 2])
    return np.hstack([lin, t[:, None]])


def _mesh(rgb: np.ndarray, centre: np.ndarray, side: float, angle: float) -> Mesh:
    """Face Mesh on an upright square crop (as MediaPipe builds it), mapped back to the image."""
    m = _crop_matrix(centre, side, angle)
    m_idx = m.copy()                     # same map between pixel indices (centres at +0.5)
    m_idx[:, 2] += m[:, :2] @ np.array([0.5, 0.5]) - 0.5
    crop = cv2.warpAffine(rgb, m_idx, (MESH_SIZE, MESH_SIZE),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_CONSTANT)
    blob = np.ascontiguousarray((crop.astype(np.float32) / 255.0).transpose(2, 0, 1)[None])
    raw, flag = run(thread_net("face-mesh", MESH_OUTPUTS), blob, MESH_OUTPUTS)
    pts = raw.reshape(468, 3).astype(np.float64)
    xy = pts[:, :2] @ m[:, :2].T + m[:, 2]
    z = pts[:, 2:] * side / MESH_SIZE
    presence = float(1.0 / (1.0 + math.exp(-float(np.clip(flag.reshape(-1)[0], -100, 100)))))
    return Mesh(points=np.hstack([xy, z]), presence=presence, angle=angle)


def mesh_for(rgb: np.ndarray, d: Detection) -> Mesh:
    """Mesh on the detection's box grown 1.5x and rotated upright by its eye line."""
    x0, y0, x1, y1 = d.box
    eye_r, eye_l = d.keypoints[0], d.keypoints[1]
    angle = eye_angle(eye_r, eye_l)
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    return _mesh(rgb, centre, MESH_SCALE * max(x1 - x0, y1 - y0), angle)


def refined(rgb: np.ndarray, first: Mesh) -> Mesh:
    """A second mesh pass on the ROI MediaPipe's tracker derives from landmarks (steadier than the box)."""
    p = first.points[:, :2]
    angle = eye_angle(p[RIGHT_EYE_CORNERS[0]], p[LEFT_EYE_CORNERS[1]])
    c, s = math.cos(angle), math.sin(angle)
    to_upright = np.array([[c, s], [-s, c]])
    q = p @ to_upright.T
    lo, hi = q.min(0), q.max(0)
    second = _mesh(rgb, ((lo + hi) / 2) @ to_upright, MESH_SCALE * float(max(hi - lo)), angle)
    return second if second.presence >= MESH_MIN_PRESENCE else first
