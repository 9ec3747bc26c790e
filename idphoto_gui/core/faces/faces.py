"""Faces in a photo: BlazeFace hits + Face Mesh landmarks become `Face`s; the one-face rules pick the sitter.

The models run through OpenCV dnn (no TensorFlow): detection in face_detect, landmarks in face_mesh.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from ..errors import MultipleFacesError, NoFaceError, NotFrontalError
from .face_detect import FULL_RANGE, SHORT_RANGE, Detection, detect
from .face_mesh import CHIN, FOREHEAD, LEFT_EYE_CORNERS, MESH_MIN_PRESENCE, RIGHT_EYE_CORNERS, eye_angle, \
    mesh_for, refined
from .face_quality.head_pose import head_pose

log = logging.getLogger(__name__)

Point = tuple[float, float]

WORK_SIDE = 1024          # the image is shrunk to at most this long side before any model sees it
MINOR_FACE_RATIO = 0.4    # a face narrower than this fraction of the main one is background
MAX_YAW_DEG = 25.0        # refused beyond this; mesh-fit yaw: the sea 3/4 view 30, blonde_woman 20, frontal < 10
FOREHEAD_PER_CHIN = 0.5   # eye-to-forehead (point 10) / eye-to-chin: 0.45-0.57 on the test photos


@dataclass(frozen=True)
class Face:
    """One face in image pixel coordinates of the image it was detected on.

    Coordinates are continuous (pixel (i, j) covers [i, i+1) x [j, j+1)), y down.
    roll_deg = atan2(left_eye.y - right_eye.y, left_eye.x - right_eye.x): an image turned clockwise
    on screen by 10 degrees reads +10; rotating the image counter-clockwise by roll_deg levels the eyes.
    yaw_deg and pitch_deg come from a rigid fit of the 3D mesh to MediaPipe's canonical face
    (face_quality.head_pose); without a mesh, yaw is the nose tip between the detector's ear points.
    """

    box: tuple[float, float, float, float]  # x, y, w, h from the detector
    score: float
    left_eye: Point    # the subject's left eye = image right side
    right_eye: Point   # the subject's right eye = image left side
    chin: Point        # mesh point 152
    forehead: Point    # mesh point 10 (top of forehead, not of the hair)
    roll_deg: float    # positive = head tilted clockwise in the image (eye line rising to the left)
    yaw_deg: float     # estimate; 0 = frontal, sign: subject turned to their left is positive
    landmarks: np.ndarray = field(compare=False)  # (468, 2) float32 mesh points, or (0, 2) if the mesh failed
    mesh_score: float = 0.0  # Face Mesh face-presence probability; below 0.5 the mesh was not used
    pitch_deg: float = 0.0   # chin up positive (mesh fit; 0 without a mesh)

    @property
    def eye_mid(self) -> Point:
        """Midpoint between the eye centres."""
        return ((self.left_eye[0] + self.right_eye[0]) / 2, (self.left_eye[1] + self.right_eye[1]) / 2)

    @property
    def eye_distance(self) -> float:
        """Inter-eye distance in pixels."""
        return float(np.hypot(self.left_eye[0] - self.right_eye[0], self.left_eye[1] - self.right_eye[1]))

    @property
    def has_mesh(self) -> bool:
        """True when eyes/chin/forehead come from the 468-point mesh, not detector fallbacks."""
        return len(self.landmarks) > 0

    def scaled(self, factor: float) -> "Face":
        """The same face in an image scaled by `factor`."""
        f = float(factor)
        return replace(self, box=_mul(self.box, f), left_eye=_mul(self.left_eye, f),
                       right_eye=_mul(self.right_eye, f), chin=_mul(self.chin, f),
                       forehead=_mul(self.forehead, f),
                       landmarks=(self.landmarks * np.float32(f)).astype(np.float32))


def _mul(values: tuple[float, ...], f: float) -> tuple:
    """Every coordinate of a point or box times f (tuples stay hashable and frozen)."""
    return tuple(float(v) * f for v in values)


# ---------------------------------------------------------------- pose

def _upright_x(points: np.ndarray, angle: float) -> np.ndarray:
    """x coordinates along the eye line (roll removed)."""
    return points[..., 0] * math.cos(angle) + points[..., 1] * math.sin(angle)


def _yaw_from_ratio(nose: float, right: float, left: float) -> float:
    """Yaw from where the nose sits between two side points along the eye line (a round-head model)."""
    span = left - right
    if abs(span) < 1e-6:
        return 90.0
    r = (2 * nose - right - left) / span          # -1 .. 1, 0 = centred
    return math.degrees(math.asin(float(np.clip(r, -1.0, 1.0))))


# ---------------------------------------------------------------- faces

def _face(rgb: np.ndarray, d: Detection) -> Face:
    """Detector hit + mesh -> Face; falls back to detector keypoints if the mesh finds no face."""
    x0, y0, x1, y1 = (float(v) for v in d.box)
    box = (x0, y0, x1 - x0, y1 - y0)
    mesh = mesh_for(rgb, d)
    if mesh.presence >= MESH_MIN_PRESENCE:
        mesh = refined(rgb, mesh)
        p = mesh.points
        right = p[list(RIGHT_EYE_CORNERS), :2].mean(0)
        left = p[list(LEFT_EYE_CORNERS), :2].mean(0)
        angle = eye_angle(right, left)
        pose = head_pose(p)
        return Face(box=box, score=d.score, left_eye=_pt(left), right_eye=_pt(right),
                    chin=_pt(p[CHIN]), forehead=_pt(p[FOREHEAD]), roll_deg=math.degrees(angle),
                    yaw_deg=pose.yaw, landmarks=p[:, :2].astype(np.float32),
                    mesh_score=mesh.presence, pitch_deg=pose.pitch)
    log.debug("mesh presence %.2f < %.2f: detector keypoints only", mesh.presence, MESH_MIN_PRESENCE)
    k = d.keypoints
    angle = eye_angle(k[0], k[1])
    down = np.array([-math.sin(angle), math.cos(angle)])
    eye_mid = (k[0] + k[1]) / 2
    chin = eye_mid + down * float(np.dot(np.array([(x0 + x1) / 2, y1]) - eye_mid, down))
    forehead = eye_mid - (chin - eye_mid) * FOREHEAD_PER_CHIN
    xs = _upright_x(k[[2, 4, 5]], angle)
    return Face(box=box, score=d.score, left_eye=_pt(k[1]), right_eye=_pt(k[0]), chin=_pt(chin),
                forehead=_pt(forehead), roll_deg=math.degrees(angle), yaw_deg=_yaw_from_ratio(*xs),
                landmarks=np.zeros((0, 2), np.float32), mesh_score=mesh.presence)


def _pt(p: np.ndarray) -> Point:
    """A numpy pair as a plain float tuple."""
    return (float(p[0]), float(p[1]))


def _as_rgb(rgb: np.ndarray) -> np.ndarray:
    """Check the input is 8-bit grey/RGB/RGBA and return contiguous (H, W, 3) RGB."""
    a = np.asarray(rgb)
    if a.dtype != np.uint8 or a.ndim not in (2, 3) or min(a.shape[:2]) < 1:
        raise ValueError(f"expected an 8-bit (H, W[, 3|4]) image, got {a.dtype} {a.shape}")
    if a.ndim == 2:
        a = np.repeat(a[:, :, None], 3, axis=2)
    elif a.shape[2] == 4:
        a = a[:, :, :3]
    elif a.shape[2] != 3:
        raise ValueError(f"expected 3 or 4 channels, got {a.shape[2]}")
    return np.ascontiguousarray(a)


def _working(rgb: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """The image shrunk by a whole factor to at most `side` long (INTER_AREA's fast path), and that scale."""
    h, w = rgb.shape[:2]
    k = math.ceil(max(h, w) / side)
    if k <= 1:
        return rgb, 1.0
    sw, sh = max(1, w // k), max(1, h // k)
    # drop the < k edge pixels that do not fill a whole k x k block, so the scale is exactly 1/k
    small = cv2.resize(rgb[:sh * k, :sw * k], (sw, sh), interpolation=cv2.INTER_AREA)
    return small, 1.0 / k


def load_nets_ahead(*, finding: bool = True, checking: bool = True) -> None:
    """Load the nets one frontal face needs for the next thread that uses them: `finding` the detector and
    the mesh (the face is found right after the decode), `checking` the iris net (the face checks, after
    the matte). A one-photo process does it on its second core while the photo decodes (ADR 0016 round 3)."""
    from .face_mesh import MESH_OUTPUTS, MESH_SIZE
    from .face_nets import make_spare
    from .face_quality.iris import IRIS_OUTPUTS, IRIS_SIZE

    if finding:
        make_spare(FULL_RANGE.model_id, FULL_RANGE.outputs, (1, 3, FULL_RANGE.size, FULL_RANGE.size))
        make_spare("face-mesh", MESH_OUTPUTS, (1, 3, MESH_SIZE, MESH_SIZE))
    if checking:
        make_spare("iris", IRIS_OUTPUTS, (2, 3, IRIS_SIZE, IRIS_SIZE))   # both eyes in one pass


def detect_faces(rgb: np.ndarray) -> tuple[Face, ...]:
    """All faces in an 8-bit RGB image, best (widest, then most confident) first, with landmarks."""
    work, s = _working(_as_rgb(rgb), WORK_SIDE)
    dets = detect(work, FULL_RANGE)
    if not dets:  # the short-range model is trained on faces filling the frame
        dets = detect(work, SHORT_RANGE)
    faces = sorted((_face(work, d) for d in dets), key=lambda f: (-f.box[2], -f.score))
    return tuple(f.scaled(1 / s) if s != 1.0 else f for f in faces)


def left_to_right(faces: "tuple[Face, ...]") -> tuple[int, ...]:
    """Indices of `faces` ordered by where the eyes are, left to right (ties: higher first): how people are
    numbered everywhere (`--face N`, `--face all`, the API's face, the window's badges)."""
    return tuple(sorted(range(len(faces)), key=lambda i: (faces[i].eye_mid[0], faces[i].eye_mid[1])))


def find_face(rgb: np.ndarray, *, max_yaw_deg: float = MAX_YAW_DEG,
              minor_face_ratio: float = MINOR_FACE_RATIO) -> Face:
    """Exactly one usable face, or NoFaceError / MultipleFacesError (with the boxes) / NotFrontalError."""
    return choose_face(detect_faces(rgb), max_yaw_deg=max_yaw_deg, minor_face_ratio=minor_face_ratio)


def choose_face(faces: tuple[Face, ...], *, max_yaw_deg: float = MAX_YAW_DEG,
                minor_face_ratio: float = MINOR_FACE_RATIO) -> Face:
    """The find_face rules on faces already detected (best first), without detecting again.

    Faces narrower than `minor_face_ratio` x the main face (a poster, a passer-by far behind) are
    ignored; the rivals that count come back in `MultipleFacesError.faces`, main face first.
    """
    if not faces:
        raise NoFaceError()
    main = faces[0]
    rivals = tuple(f for f in faces[1:] if f.box[2] >= minor_face_ratio * main.box[2])
    if rivals:
        raise MultipleFacesError(f"{1 + len(rivals)} faces were found; choose one.",
                                 faces=(main, *rivals))
    if abs(main.yaw_deg) > max_yaw_deg:
        raise NotFrontalError(f"The face is turned {main.yaw_deg:+.0f} degrees; face the camera.",
                              face=main)
    return main
