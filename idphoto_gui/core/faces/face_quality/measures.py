"""All native face measures of one photo in one pass (~10 ms), cached per face so crop changes reuse them."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import eyes, glasses, mouth, shadows
from .covering import Covering, covering
from .expression import emotions
from .iris import eyes as eye_landmarks
from .patch import face_patch
from .thresholds import GAZE_GAIN, RED_DOMINANCE, RED_EXCESS, RED_PUPIL_RADIUS


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
    happy: float       # the expression classifier's probabilities (expression.py)
    neutral: float
    bridge_edge: float
    lens_darkness: float
    lens_colour: float
    glare: float
    uniformity: float
    covering: Covering | None = None   # None without the person's matte: not judged
    glare_peak: float = 0.0   # brightest lens pixels over the skin's (glasses.glare_peak)


def measure_face(*, rgb: np.ndarray, landmarks: np.ndarray, yaw: float, pitch: float,
                 alpha: np.ndarray | None = None) -> FaceMeasures | None:
    """Run the iris model on both eyes and every pixel measure on the face resampled to a fixed size.

    `alpha`, the person's matte (same size as rgb), lets the head covering be judged. None when the face
    patch is empty or tiny (a face at or beyond the photo's edge): the checks are then not judged.
    """
    if rgb.ndim != 3 or min(rgb.shape[:2]) < 8:
        return None
    right, left = eye_landmarks(rgb, landmarks)
    p = face_patch(rgb, mesh=landmarks, right=right, left=left)
    if p is None:
        return None
    feel = emotions(p)
    return FaceMeasures(
        yaw=yaw, pitch=pitch, eyes_open=eyes.eyes_open(p), gaze=eyes.gaze(p, yaw, gain=GAZE_GAIN),
        red_eye=eyes.red_eye(p, radius=RED_PUPIL_RADIUS, dominance=RED_DOMINANCE, excess=RED_EXCESS),
        hair=eyes.hair_over_eyes(p), strands=eyes.strands_across_eyes(p),
        mouth_gap=mouth.mouth_gap(p), corner_lift=mouth.corner_lift(p, pitch=pitch),
        mouth_width=mouth.mouth_width(p), teeth=mouth.teeth(p), lip_teeth=mouth.teeth_between_lips(p),
        happy=feel.happy, neutral=feel.neutral,
        bridge_edge=glasses.bridge_edge(p),
        lens_darkness=glasses.lens_darkness(p), lens_colour=glasses.lens_colour(p),
        glare=glasses.glare(p), glare_peak=glasses.glare_peak(p), uniformity=shadows.uniformity(p),
        covering=None if alpha is None else covering(rgb, alpha=alpha, mesh=landmarks, right=right.iris[0],
                                                     left=left.iris[0]))


_lock = threading.Lock()
_cache: dict[tuple[int, int, int], tuple[object, object, object, FaceMeasures | None]] = {}
_CACHE_SIZE = 8


def cached_measures(*, rgb: np.ndarray, face: Any, alpha: np.ndarray | None = None) -> FaceMeasures | None:
    """measure_face for a Face, remembered for the same pixels, matte and face objects (a crop change re-asks)."""
    key = (id(rgb), id(face.landmarks), id(alpha))
    with _lock:
        hit = _cache.get(key)
    if hit is not None and hit[0] is rgb and hit[1] is face.landmarks and hit[2] is alpha:
        return hit[3]
    m = measure_face(rgb=rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg, alpha=alpha)
    with _lock:
        if len(_cache) >= _CACHE_SIZE:
            _cache.pop(next(iter(_cache)))
        _cache[key] = (rgb, face.landmarks, alpha, m)
    return m
