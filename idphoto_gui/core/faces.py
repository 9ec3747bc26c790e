"""Face detection (BlazeFace) and landmarks (Face Mesh) through OpenCV dnn, no TensorFlow."""
from __future__ import annotations

import logging
import math
import threading
from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

from .errors import MultipleFacesError, NoFaceError, NotFrontalError
from .models import tflite_net

log = logging.getLogger(__name__)

Point = tuple[float, float]

WORK_SIDE = 1024          # the image is shrunk to at most this long side before any model sees it
MINOR_FACE_RATIO = 0.4    # a face narrower than this fraction of the main one is background
MAX_YAW_DEG = 40.0        # refused beyond this (profile 59, a 3/4 turn ~31, frontal < 15 on the test photos)
NMS_IOU = 0.3             # MediaPipe's min_suppression_threshold
MESH_SIZE = 192
MESH_SCALE = 1.5          # MediaPipe expands the detection box by 1.5 for the mesh crop
MESH_MIN_PRESENCE = 0.5
FOREHEAD_PER_CHIN = 0.5   # eye-to-forehead (point 10) / eye-to-chin: 0.45-0.57 on the test photos

# Mesh indices (subject's right eye is on the image left for an unmirrored photo).
RIGHT_EYE_CORNERS = (33, 133)
LEFT_EYE_CORNERS = (362, 263)
CHIN, FOREHEAD, NOSE_TIP = 152, 10, 1
RIGHT_CHEEK, LEFT_CHEEK = 234, 454


@dataclass(frozen=True)
class Face:
    """One face in image pixel coordinates of the image it was detected on.

    Coordinates are continuous (pixel (i, j) covers [i, i+1) x [j, j+1)), y down.
    roll_deg = atan2(left_eye.y - right_eye.y, left_eye.x - right_eye.x): an image turned clockwise
    on screen by 10 degrees reads +10; rotating the image counter-clockwise by roll_deg levels the eyes.
    yaw_deg comes from the nose tip between the cheek points 234/454 (asin of the offset, a round-head
    model): rough degrees, about 30 for a three-quarter view.
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


# ---------------------------------------------------------------- models, one net per thread

@dataclass(frozen=True)
class _Detector:
    """MediaPipe's SSD anchor options and thresholds for one BlazeFace variant."""

    model_id: str
    size: int
    strides: tuple[int, ...]
    anchors_per_layer: int   # aspect ratio 1.0 plus the interpolated one when it is enabled
    min_score: float
    outputs: tuple[str, str]  # (scores, regressors) layer names


FULL_RANGE = _Detector("blazeface-full", 192, (4,), 1, 0.6,
                       ("reshaped_classifier_face_4", "reshaped_regressor_face_4"))
SHORT_RANGE = _Detector("blazeface-short", 128, (8, 16, 16, 16), 2, 0.5,
                        ("classificators", "regressors"))
_MESH_OUTPUTS = ("conv2d_20", "conv2d_30")  # (1404 landmark coords, face presence logit)

_local = threading.local()


@dataclass(frozen=True)
class _Net:
    """A dnn net and whether one forward pass can return all the outputs we read."""

    net: cv2.dnn.Net
    multi: bool


def _net(model_id: str, outputs: tuple[str, ...]) -> _Net:
    """This thread's net for a model (OpenCV nets are not thread-safe), created on first use."""
    nets = getattr(_local, "nets", None)
    if nets is None:
        nets = _local.nets = {}
    entry = nets.get(model_id)
    if entry is None:
        net = tflite_net(model_id)
        multi = set(outputs) <= set(net.getUnconnectedOutLayersNames())
        if not multi:
            log.info("%s: net exposes %s only; reading each output with its own pass",
                     model_id, net.getUnconnectedOutLayersNames())
        entry = nets[model_id] = _Net(net, multi)
    return entry


def _run(entry: _Net, blob: np.ndarray, outputs: tuple[str, ...]) -> list[np.ndarray]:
    """The named outputs for one input, in order."""
    entry.net.setInput(blob)
    if entry.multi:
        return list(entry.net.forward(list(outputs)))
    # OpenCV 5.0 builds the new engine from a buffer whatever `engine` says; that engine keeps a
    # single graph output but still answers forward(name) for each one (one full pass per name).
    return [entry.net.forward(name) for name in outputs]


# ---------------------------------------------------------------- BlazeFace

@lru_cache(maxsize=None)
def _anchors(det: _Detector) -> np.ndarray:
    """(N, 2) anchor centres in [0, 1], MediaPipe SsdAnchorsCalculator order, fixed anchor size 1."""
    parts, i = [], 0
    while i < len(det.strides):
        stride, per_cell = det.strides[i], 0
        while i < len(det.strides) and det.strides[i] == stride:  # same-stride layers share a grid
            per_cell += det.anchors_per_layer
            i += 1
        g = math.ceil(det.size / stride)
        ys, xs = np.mgrid[0:g, 0:g]
        centres = np.stack([(xs + 0.5) / g, (ys + 0.5) / g], axis=-1).reshape(-1, 2)
        parts.append(np.repeat(centres, per_cell, axis=0))
    anchors = np.concatenate(parts).astype(np.float32)
    anchors.flags.writeable = False
    return anchors


@dataclass(frozen=True)
class _Letterbox:
    """How a square model input maps back to the source image."""

    scale_x: float   # input px per source px (x and y differ by the rounding of the short side)
    scale_y: float
    pad_x: float
    pad_y: float

    def to_source(self, pts: np.ndarray) -> np.ndarray:
        """Input-pixel (x, y) pairs to source-image pixels."""
        return (pts - np.array([self.pad_x, self.pad_y])) / np.array([self.scale_x, self.scale_y])


def _letterbox(rgb: np.ndarray, size: int) -> tuple[np.ndarray, _Letterbox]:
    """Shrink keeping the aspect ratio, centre on a black square; returns the input and its mapping."""
    h, w = rgb.shape[:2]
    s = size / max(h, w)
    rw, rh = max(1, round(w * s)), max(1, round(h * s))
    small = cv2.resize(rgb, (rw, rh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    px, py = (size - rw) // 2, (size - rh) // 2
    square = np.zeros((size, size, 3), np.uint8)
    square[py:py + rh, px:px + rw] = small
    return square, _Letterbox(scale_x=rw / w, scale_y=rh / h, pad_x=px, pad_y=py)


@dataclass(frozen=True)
class _Detection:
    """A detector hit in source pixels: box, score and the 6 keypoints (eyes, nose, mouth, ears)."""

    box: np.ndarray        # x0, y0, x1, y1
    score: float
    keypoints: np.ndarray  # (6, 2): subject's right eye, left eye, nose tip, mouth, right ear, left ear


def _detect(rgb: np.ndarray, det: _Detector) -> list[_Detection]:
    """Run one BlazeFace variant on the whole (letterboxed) image."""
    square, lb = _letterbox(rgb, det.size)
    blob = (square.astype(np.float32) / 127.5 - 1.0).transpose(2, 0, 1)[None]
    raw_scores, raw_boxes = _run(_net(det.model_id, det.outputs), np.ascontiguousarray(blob), det.outputs)
    scores = 1.0 / (1.0 + np.exp(-np.clip(raw_scores.reshape(-1).astype(np.float64), -100, 100)))
    keep = np.flatnonzero(scores >= det.min_score)
    if keep.size == 0:
        return []
    raw = raw_boxes.reshape(-1, 16)[keep]
    anchors = _anchors(det)[keep] * det.size            # anchor centres in input pixels
    cx, cy = raw[:, 0] + anchors[:, 0], raw[:, 1] + anchors[:, 1]
    half = raw[:, 2:4] / 2
    boxes = np.stack([cx - half[:, 0], cy - half[:, 1], cx + half[:, 0], cy + half[:, 1]], axis=1)
    kps = raw[:, 4:16].reshape(-1, 6, 2) + anchors[:, None, :]
    boxes = lb.to_source(boxes.reshape(-1, 2, 2)).reshape(-1, 4)
    kps = lb.to_source(kps)
    return _weighted_nms(boxes, kps, scores[keep])


def _iou(box: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Intersection over union of one x0,y0,x1,y1 box with many."""
    ix = np.clip(np.minimum(box[2], boxes[:, 2]) - np.maximum(box[0], boxes[:, 0]), 0, None)
    iy = np.clip(np.minimum(box[3], boxes[:, 3]) - np.maximum(box[1], boxes[:, 1]), 0, None)
    inter = ix * iy
    area = (box[2] - box[0]) * (box[3] - box[1])
    areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    return inter / np.maximum(area + areas - inter, 1e-9)


def _weighted_nms(boxes: np.ndarray, kps: np.ndarray, scores: np.ndarray) -> list[_Detection]:
    """MediaPipe's weighted NMS: overlapping hits are averaged by score, keeping the top score."""
    order = np.argsort(-scores)
    boxes, kps, scores = boxes[order], kps[order], scores[order]
    alive = np.ones(len(scores), bool)
    out = []
    for i in range(len(scores)):
        if not alive[i]:
            continue
        group = np.flatnonzero(alive & (_iou(boxes[i], boxes) > NMS_IOU))
        group = np.union1d(group, [i])
        alive[group] = False
        w = scores[group] / scores[group].sum()
        out.append(_Detection(box=(boxes[group] * w[:, None]).sum(0),
                              score=float(scores[i]),
                              keypoints=(kps[group] * w[:, None, None]).sum(0)))
    return out


# ---------------------------------------------------------------- Face Mesh

@dataclass(frozen=True)
class _Mesh:
    """Mesh output mapped to source pixels, with the crop's rotation for pose maths."""

    points: np.ndarray   # (468, 3) x, y in source pixels, z in source-pixel scale
    presence: float
    angle: float         # radians the crop was rotated by (the eye-line angle)


def _crop_matrix(centre: np.ndarray, side: float, angle: float) -> np.ndarray:
    """2x3 affine from mesh-input pixels to source pixels: a square of `side` rotated by `angle`."""
    k = side / MESH_SIZE
    c, s = math.cos(angle) * k, math.sin(angle) * k
    lin = np.array([[c, -s], [s, c]])
    t = centre - lin @ np.array([MESH_SIZE / 2, MESH_SIZE / 2])
    return np.hstack([lin, t[:, None]])


def _mesh(rgb: np.ndarray, centre: np.ndarray, side: float, angle: float) -> _Mesh:
    """Face Mesh on an upright square crop (as MediaPipe builds it), mapped back to the image."""
    m = _crop_matrix(centre, side, angle)
    m_idx = m.copy()                     # same map between pixel indices (centres at +0.5)
    m_idx[:, 2] += m[:, :2] @ np.array([0.5, 0.5]) - 0.5
    crop = cv2.warpAffine(rgb, m_idx, (MESH_SIZE, MESH_SIZE),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_CONSTANT)
    blob = np.ascontiguousarray((crop.astype(np.float32) / 255.0).transpose(2, 0, 1)[None])
    raw, flag = _run(_net("face-mesh", _MESH_OUTPUTS), blob, _MESH_OUTPUTS)
    pts = raw.reshape(468, 3).astype(np.float64)
    xy = pts[:, :2] @ m[:, :2].T + m[:, 2]
    z = pts[:, 2:] * side / MESH_SIZE
    presence = float(1.0 / (1.0 + math.exp(-float(np.clip(flag.reshape(-1)[0], -100, 100)))))
    return _Mesh(points=np.hstack([xy, z]), presence=presence, angle=angle)


def _mesh_for(rgb: np.ndarray, d: _Detection) -> _Mesh:
    """Mesh on the detection's box grown 1.5x and rotated upright by its eye line."""
    x0, y0, x1, y1 = d.box
    eye_r, eye_l = d.keypoints[0], d.keypoints[1]
    angle = _eye_angle(eye_r, eye_l)
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    return _mesh(rgb, centre, MESH_SCALE * max(x1 - x0, y1 - y0), angle)


def _refined(rgb: np.ndarray, first: _Mesh) -> _Mesh:
    """A second mesh pass on the ROI MediaPipe's tracker derives from landmarks (steadier than the box)."""
    p = first.points[:, :2]
    angle = _eye_angle(p[RIGHT_EYE_CORNERS[0]], p[LEFT_EYE_CORNERS[1]])
    c, s = math.cos(angle), math.sin(angle)
    to_upright = np.array([[c, s], [-s, c]])
    q = p @ to_upright.T
    lo, hi = q.min(0), q.max(0)
    second = _mesh(rgb, ((lo + hi) / 2) @ to_upright, MESH_SCALE * float(max(hi - lo)), angle)
    return second if second.presence >= MESH_MIN_PRESENCE else first


# ---------------------------------------------------------------- pose

def _eye_angle(right_eye: np.ndarray, left_eye: np.ndarray) -> float:
    """Eye-line angle in radians, image y down: positive = clockwise on screen (image-left eye higher)."""
    return math.atan2(float(left_eye[1] - right_eye[1]), float(left_eye[0] - right_eye[0]))


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

def _face(rgb: np.ndarray, d: _Detection) -> Face:
    """Detector hit + mesh -> Face; falls back to detector keypoints if the mesh finds no face."""
    x0, y0, x1, y1 = (float(v) for v in d.box)
    box = (x0, y0, x1 - x0, y1 - y0)
    mesh = _mesh_for(rgb, d)
    if mesh.presence >= MESH_MIN_PRESENCE:
        mesh = _refined(rgb, mesh)
        p = mesh.points
        right = p[list(RIGHT_EYE_CORNERS), :2].mean(0)
        left = p[list(LEFT_EYE_CORNERS), :2].mean(0)
        angle = _eye_angle(right, left)
        xs = _upright_x(p[[NOSE_TIP, RIGHT_CHEEK, LEFT_CHEEK], :2], angle)
        return Face(box=box, score=d.score, left_eye=_pt(left), right_eye=_pt(right),
                    chin=_pt(p[CHIN]), forehead=_pt(p[FOREHEAD]), roll_deg=math.degrees(angle),
                    yaw_deg=_yaw_from_ratio(*xs), landmarks=p[:, :2].astype(np.float32),
                    mesh_score=mesh.presence)
    log.debug("mesh presence %.2f < %.2f: detector keypoints only", mesh.presence, MESH_MIN_PRESENCE)
    k = d.keypoints
    angle = _eye_angle(k[0], k[1])
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


def detect_faces(rgb: np.ndarray) -> tuple[Face, ...]:
    """All faces in an 8-bit RGB image, best (widest, then most confident) first, with landmarks."""
    work, s = _working(_as_rgb(rgb), WORK_SIDE)
    dets = _detect(work, FULL_RANGE)
    if not dets:  # the short-range model is trained on faces filling the frame
        dets = _detect(work, SHORT_RANGE)
    faces = sorted((_face(work, d) for d in dets), key=lambda f: (-f.box[2], -f.score))
    return tuple(f.scaled(1 / s) if s != 1.0 else f for f in faces)


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
        raise NoFaceError("No face was found in the photo.")
    main = faces[0]
    rivals = tuple(f for f in faces[1:] if f.box[2] >= minor_face_ratio * main.box[2])
    if rivals:
        raise MultipleFacesError(f"{1 + len(rivals)} faces were found; choose one.",
                                 faces=(main, *rivals))
    if abs(main.yaw_deg) > max_yaw_deg:
        raise NotFrontalError(f"The face is turned {main.yaw_deg:+.0f} degrees; face the camera.",
                              face=main)
    return main
