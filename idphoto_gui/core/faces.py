"""Face detection (BlazeFace) and landmarks (Face Mesh) through OpenCV dnn, no TensorFlow."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

Point = tuple[float, float]


@dataclass(frozen=True)
class Face:
    """One face in image pixel coordinates of the image it was detected on."""

    box: tuple[float, float, float, float]  # x, y, w, h from the detector
    score: float
    left_eye: Point    # the subject's left eye = image right side
    right_eye: Point   # the subject's right eye = image left side
    chin: Point        # mesh point 152
    forehead: Point    # mesh point 10 (top of forehead, not of the hair)
    roll_deg: float    # positive = head tilted clockwise in the image (eye line rising to the left)
    yaw_deg: float     # estimate; 0 = frontal, sign: subject turned to their left is positive
    landmarks: np.ndarray  # (468, 2) float32 mesh points, or shape (0, 2) if the mesh failed

    @property
    def eye_mid(self) -> Point:
        """Midpoint between the eye centres."""
        return ((self.left_eye[0] + self.right_eye[0]) / 2, (self.left_eye[1] + self.right_eye[1]) / 2)

    @property
    def eye_distance(self) -> float:
        """Inter-eye distance in pixels."""
        return float(np.hypot(self.left_eye[0] - self.right_eye[0], self.left_eye[1] - self.right_eye[1]))

    def scaled(self, factor: float) -> "Face":
        """The same face in an image scaled by `factor`."""
        raise NotImplementedError


def detect_faces(rgb: np.ndarray) -> tuple[Face, ...]:
    """All faces in an 8-bit RGB image, best first, with landmarks."""
    raise NotImplementedError


def find_face(rgb: np.ndarray) -> Face:
    """Exactly one usable face, or NoFaceError / MultipleFacesError (with the boxes)."""
    raise NotImplementedError
