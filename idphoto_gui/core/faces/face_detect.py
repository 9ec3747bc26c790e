"""BlazeFace face detection: letterboxed input, SSD anchors, box decoding and MediaPipe's weighted NMS."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from .face_nets import run, thread_net

NMS_IOU = 0.3             # MediaPipe's min_suppression_threshold


@dataclass(frozen=True)
class Detector:
    """MediaPipe's SSD anchor options and thresholds for one BlazeFace variant."""

    model_id: str
    size: int
    strides: tuple[int, ...]
    anchors_per_layer: int   # aspect ratio 1.0 plus the interpolated one when it is enabled
    min_score: float
    outputs: tuple[str, str]  # (scores, regressors) layer names


FULL_RANGE = Detector("blazeface-full", 192, (4,), 1, 0.6,
                      ("reshaped_classifier_face_4", "reshaped_regressor_face_4"))
SHORT_RANGE = Detector("blazeface-short", 128, (8, 16, 16, 16), 2, 0.5,
                       ("classificators", "regressors"))


@dataclass(frozen=True)
class Detection:
    """A detector hit in source pixels: box, score and the 6 keypoints (eyes, nose, mouth, ears)."""

    box: np.ndarray        # x0, y0, x1, y1
    score: float
    keypoints: np.ndarray  # (6, 2): subject's right eye, left eye, nose tip, mouth, right ear, left ear


@lru_cache(maxsize=None)
def _anchors(det: Detector) -> np.ndarray:
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


def detect(rgb: np.ndarray, det: Detector) -> list[Detection]:
    """Run one BlazeFace variant on the whole (letterboxed) image."""
    square, lb = _letterbox(rgb, det.size)
    blob = (square.astype(np.float32) / 127.5 - 1.0).transpose(2, 0, 1)[None]
    raw_scores, raw_boxes = run(thread_net(det.model_id, det.outputs), np.ascontiguousarray(blob), det.outputs)
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


def _weighted_nms(boxes: np.ndarray, kps: np.ndarray, scores: np.ndarray) -> list[Detection]:
    """MediaPipe's weighted NMS: overlapping hits are averaged by score, keeping the top score."""
    order = np.argsort(-scores)
    boxes, kps, scores = boxes[order], kps[order], scores[order]
    alive = np.ones(len(scores), bool)
    out = []
    for i in range(len(scores)):
        if not alive[i]:
            continue
        group = np.flatnonzero(alive & (_iou(boxes[i], boxes) > NMS_IOU))
        if not (group == i).any():  # np.union1d(group, [i]) without np.unique, which imports numpy.ma
            group = np.sort(np.append(group, i))
        alive[group] = False
        w = scores[group] / scores[group].sum()
        out.append(Detection(box=(boxes[group] * w[:, None]).sum(0),
                             score=float(scores[i]),
                             keypoints=(kps[group] * w[:, None, None]).sum(0)))
    return out
