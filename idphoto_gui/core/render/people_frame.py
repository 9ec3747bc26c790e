"""Is one person's photo of a group shot really that person? Refusals for `--face all`.

In a crowd the face detector finds faces the matte does not hold as a person: a tiled or distant face comes
out as a pale ghost or an all-white frame, a neighbour parted through the face leaves a white stripe down
it, and a face at the edge of another's blob keeps half a face. Such a photo cannot be sold, so it is
refused with the reason instead of saved with `warn`. Measured in the output frame on the person's own
(isolated) matte: on 15 genuine faces of the test photos the whole face is solid (1.00) and the person covers
51-81 % of the frame; on a crowd of 30 tiled faces the failures read 0.00-0.54 (ghosts, half a face) and 0.92
(a stripe). Thresholds in resources/people.json.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..analysis.pipeline import Analysis
from .result import PhotoResult

FACE_AXES = (0.32, 0.42)   # the inner face, as an ellipse in face-box widths (brow to chin, cheek to cheek)


@dataclass(frozen=True)
class Refusal:
    """Why a person's photo is not made: a stable code and one English sentence."""

    code: str
    reason: str


@dataclass(frozen=True)
class FrameShares:
    """What the person's own matte holds of the output frame: the frame, the inner face, the neighbours."""

    person: float      # mean alpha over the frame
    face_whole: float  # share of the inner face the matte holds (alpha > 0.5)
    others: float      # share of the frame other people covered before they were cut out


def frame_shares(analysis: Analysis, result: PhotoResult) -> FrameShares:
    """The person's, the face's and the neighbours' shares of `result`'s frame."""
    h, w = result.rgb.shape[:2]
    matrix = np.asarray(result.matrix, np.float64)
    own = _warp(analysis.matte.alpha, matrix, (w, h))
    whole = analysis.whole_matte.alpha if analysis.whole_matte is not None else None
    others = float(np.clip(_warp(whole, matrix, (w, h)) - own, 0, 1).mean()) if whole is not None else 0.0
    x, y, fw, fh = analysis.face.box if analysis.face is not None else (0, 0, 0, 0)
    cx, cy = matrix @ np.array([x + fw / 2, y + fh / 2, 1.0])
    size = float(np.hypot(*matrix[:, 0])) * fw
    mask = np.zeros((h, w), np.uint8)
    axes = (max(1, round(size * FACE_AXES[0])), max(1, round(size * FACE_AXES[1])))
    cv2.ellipse(mask, (round(cx), round(cy)), axes, 0, 0, 360, 1, -1)
    inside = mask.astype(bool)
    face = float((own[inside] > 0.5).mean()) if inside.any() else 0.0
    return FrameShares(float(own.mean()), face, others)


def frame_refusal(analysis: Analysis, result: PhotoResult, *, min_person: float,
                  min_face_whole: float) -> Refusal | None:
    """A Refusal when the frame is nearly empty, more another person than this one, or the face is not whole."""
    s = frame_shares(analysis, result)
    if s.person < min_person:
        return Refusal("empty_frame", f"this person's photo would be almost empty: the cut-out holds only "
                       f"{100 * s.person:.0f}% of the frame (at least {100 * min_person:.0f}%); the face was "
                       "found but not the person: crop the photo to this person and make it alone")
    if s.others > s.person:
        return Refusal("other_person", f"another person fills {100 * s.others:.0f}% of this frame, more than this "
                       f"person's {100 * s.person:.0f}%: crop the photo to this person, or stand further apart")
    if s.face_whole < min_face_whole:
        return Refusal("face_cut", f"{100 * (1 - s.face_whole):.0f}% of the face would be replaced by the "
                       "background (another person's outline or the cut-out's edge runs through it): crop the "
                       "photo to this person and make it alone")
    return None


def _warp(alpha: np.ndarray, matrix: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A matte in output pixels (0 outside the photo)."""
    return cv2.warpAffine(np.asarray(alpha, np.float32), matrix, size, flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=0.0)
