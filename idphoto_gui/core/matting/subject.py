"""Keep only the chosen person in the matte: drop other people and objects the network also kept."""
from __future__ import annotations

import cv2
import numpy as np

SOLID = 0.5          # alpha above this is a solid part of some subject
REACH_FRAC = 0.02    # soft edges (hair) kept within this share of the long side of the person
WORK_SIDE = 500      # the component analysis runs at this long side: it only decides what to keep
SPLIT_FEATHER_PX = 2.0  # half-width of the soft edge where two touching people are parted (working px)

Box = tuple[float, float, float, float]


def isolate_subject(alpha: np.ndarray, box: Box, others: tuple[Box, ...] = ()) -> np.ndarray:
    """Alpha with every solid region not connected to the face in `box` faded out.

    A busy background (another person, a bright poster) can be matted as foreground; an ID photo
    holds one person, the one whose face was chosen. `others` are the boxes of the other people in
    the photo: where they touch the chosen one (shoulder to shoulder) the matte is parted between
    them, each column going to the face nearest in face widths. Returns `alpha` itself when nothing
    is dropped.
    """
    h, w = alpha.shape
    k = min(1.0, WORK_SIDE / max(h, w))
    small = cv2.resize(alpha, (max(1, round(w * k)), max(1, round(h * k))), interpolation=cv2.INTER_AREA)
    count, labels = cv2.connectedComponents((small > SOLID).astype(np.uint8), connectivity=8)
    if count <= 2 and not others:
        return alpha
    main = _face_component(labels, box, k)
    if main == 0:
        return alpha
    keep = (labels == main).astype(np.uint8)
    territory = _territory(box, others, w) if others else None
    if territory is not None:
        keep &= (cv2.resize(territory[None, :], (small.shape[1], 1), interpolation=cv2.INTER_AREA)[0] > 0.5
                 ).astype(np.uint8)[None, :]
    if territory is None and keep.sum() == (labels > 0).sum():
        return alpha
    reach = max(2, round(REACH_FRAC * max(small.shape)))
    near = cv2.dilate(keep, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1)))
    near = cv2.GaussianBlur(near.astype(np.float32), (0, 0), reach / 2)
    mask = np.clip(cv2.resize(near, (w, h), interpolation=cv2.INTER_LINEAR) * 2.0, 0.0, 1.0)
    if territory is not None:
        mask *= territory[None, :]
    return (alpha * mask).astype(np.float32, copy=False)


def _territory(box: Box, others: tuple[Box, ...], width: int) -> np.ndarray:
    """(width,) weights, 1 on the columns nearer (in face widths) to `box`'s face than to any other."""
    xs = np.arange(width, dtype=np.float32)

    def reach(b: Box) -> np.ndarray:
        return np.abs(xs - (b[0] + b[2] / 2)) / max(b[2], 1.0)

    mine = reach(box)
    rival = np.min(np.stack([reach(b) for b in others]), axis=0)
    # signed distance (px) to the parting line, feathered over a few pixels
    margin = (rival - mine) * max(box[2], 1.0) / 2
    return np.clip(0.5 + margin / (2 * SPLIT_FEATHER_PX), 0.0, 1.0).astype(np.float32)


def _face_component(labels: np.ndarray, box: Box, k: float) -> int:
    """The label covering most of the face box's centre (0 when the face is not solid in the matte)."""
    x, y, bw, bh = (v * k for v in box)
    x0, x1 = int(max(0, x + bw * 0.25)), int(min(labels.shape[1], x + bw * 0.75 + 1))
    y0, y1 = int(max(0, y + bh * 0.25)), int(min(labels.shape[0], y + bh * 0.75 + 1))
    patch = labels[y0:y1, x0:x1]
    ids, counts = np.unique(patch[patch > 0], return_counts=True)
    return int(ids[np.argmax(counts)]) if ids.size else 0
