"""All native face measures of one photo in one pass (~10 ms), cached per face so crop changes reuse them."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import covering, eyes, glasses, mouth, shadows
from .iris import eyes as eye_landmarks
from .patch import face_patch
from .thresholds import GAZE_GAIN


@dataclass(frozen=True)
class FaceMeasures:
    """Native values (see thresholds.py for their meaning and limits)."""

    yaw: float
    pitch: float
    eyes_open: float
    gaze: float
    red_eye: float
    hair: float
    strands: float
    mouth_gap: float
    corner_lift: float
    mouth_width: float
    teeth: float
    lip_teeth: float
    bridge_edge: float
    lens_darkness: float
    lens_colour: float
    glare: float
    brim_edge: float
    uniformity: float


def measure_face(*, rgb: np.ndarray, landmarks: np.ndarray, yaw: float, pitch: float) -> FaceMeasures:
    """Run the iris model on both eyes and every pixel measure on the face resampled to a fixed size."""
    right, left = eye_landmarks(rgb, landmarks)
    p = face_patch(rgb, mesh=landmarks, right=right, left=left)
    return FaceMeasures(
        yaw=yaw, pitch=pitch, eyes_open=eyes.eyes_open(p), gaze=eyes.gaze(p, yaw, gain=GAZE_GAIN), red_eye=eyes.red_eye(p),
        hair=eyes.hair_over_eyes(p), strands=eyes.strands_across_eyes(p),
        mouth_gap=mouth.mouth_gap(p), corner_lift=mouth.corner_lift(p, pitch=pitch),
        mouth_width=mouth.mouth_width(p), teeth=mouth.teeth(p), lip_teeth=mouth.teeth_between_lips(p),
        bridge_edge=glasses.bridge_edge(p),
        lens_darkness=glasses.lens_darkness(p), lens_colour=glasses.lens_colour(p),
        glare=glasses.glare(p), brim_edge=covering.brim_edge(p),
        uniformity=shadows.uniformity(p))


_lock = threading.Lock()
_cache: dict[tuple[int, int], tuple[object, object, FaceMeasures]] = {}
_CACHE_SIZE = 8


def cached_measures(*, rgb: np.ndarray, face: Any) -> FaceMeasures:
    """measure_face for a Face, remembered for the same pixels and face objects (a crop change re-asks)."""
    key = (id(rgb), id(face.landmarks))
    with _lock:
        hit = _cache.get(key)
    if hit is not None and hit[0] is rgb and hit[1] is face.landmarks:
        return hit[2]
    m = measure_face(rgb=rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)
    with _lock:
        if len(_cache) >= _CACHE_SIZE:
            _cache.pop(next(iter(_cache)))
        _cache[key] = (rgb, face.landmarks, m)
    return m
