"""Head pose (yaw, pitch, roll) from the 3D Face Mesh by a weighted rigid fit to MediaPipe's canonical face.

The fit is MediaPipe's own face-geometry method (weighted orthogonal Procrustes with scale over 33 stable
landmarks); the canonical face and the weights are data files in resources/face/ (Apache-2.0).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...paths import resources_dir


@dataclass(frozen=True)
class HeadPose:
    """Degrees. yaw > 0: the subject turned to their left (nose to the image right); pitch > 0: chin up;
    roll > 0: head tilted clockwise on screen (as Face.roll_deg)."""

    yaw: float
    pitch: float
    roll: float


@lru_cache(maxsize=1)
def canonical_face() -> np.ndarray:
    """(468, 3) canonical vertices, y up, z towards the camera, centimetres."""
    path = resources_dir() / "face" / "canonical_face_model.obj"
    rows = [line.split()[1:4] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("v ")]
    return np.asarray(rows, np.float64)


@lru_cache(maxsize=1)
def _basis() -> tuple[np.ndarray, np.ndarray]:
    """Landmark ids and normalised weights of the Procrustes fit."""
    data = json.loads((resources_dir() / "face" / "pose_basis.json").read_text(encoding="utf-8"))
    ids = np.array([int(i) for i, _ in data["basis"]])
    w = np.array([float(v) for _, v in data["basis"]])
    return ids, w / w.sum()


def rotation_fit(points: np.ndarray) -> np.ndarray:
    """3x3 rotation taking the canonical face onto mesh points (468, 3: x right, y down, z away from camera)."""
    ids, w = _basis()
    src = canonical_face()[ids]
    dst = np.asarray(points, np.float64)[ids] * np.array([1.0, -1.0, -1.0])  # into the y-up, z-out frame
    sc = src - w @ src
    dc = dst - w @ dst
    u, _, vt = np.linalg.svd((dc * w[:, None]).T @ sc)
    d = np.sign(np.linalg.det(u @ vt))
    return u @ np.diag([1.0, 1.0, d]) @ vt


def head_pose(points: np.ndarray) -> HeadPose:
    """Yaw, pitch and roll of a (468, 3) mesh in image pixels (mesh z in the same pixel scale)."""
    r = rotation_fit(points)
    # In the y-up, z-towards-camera frame the face looks along R[:, 2] and its left-right axis is R[:, 0].
    yaw = math.degrees(math.atan2(r[0, 2], r[2, 2]))
    pitch = math.degrees(math.asin(float(np.clip(r[1, 2], -1.0, 1.0))))
    roll = -math.degrees(math.atan2(r[1, 0], r[0, 0]))  # image y runs down: clockwise is positive
    return HeadPose(yaw=yaw, pitch=pitch, roll=roll)
