"""Eye measures: eyelid opening (OFIQ EyesOpen), gaze, red pupils and hair across the eyes."""
from __future__ import annotations

import cv2
import numpy as np

from .iris import INNER, LOWER, OUTER, UPPER, Eye
from .patch import FacePatch, bounds, poly_mask, upright_window


def lid_gap(eye: Eye) -> float:
    """Mean upper-to-lower eyelid distance over the three middle point pairs (pixels)."""
    mid = slice(2, 5)
    up, low = eye.contour[list(UPPER)][mid], eye.contour[list(LOWER)][mid]
    return float(np.linalg.norm(up - low, axis=1).mean())


def eyes_open(p: FacePatch) -> float:
    """OFIQ EyesOpen native value: the smaller eyelid gap / eye-to-chin distance."""
    return min(lid_gap(p.right), lid_gap(p.left)) / max(p.eye_chin, 1.0)


def _iris_offset(eye: Eye, across: np.ndarray) -> float:
    """Iris centre off the corners' midpoint along the eye line, in eye widths (> 0: towards image right)."""
    mid = (eye.contour[OUTER] + eye.contour[INNER]) / 2
    return float((eye.iris[0] - mid) @ across) / max(eye.width, 1.0)


def gaze(p: FacePatch, yaw: float, *, gain: float) -> float:
    """Horizontal gaze off the camera (deg): head yaw plus the eyes' turn in the head.

    The turn is the irises' mean offset times `gain` degrees per eye width (geometry: a 30 mm eye over a
    12 mm eyeball radius gives 143; calibrated on the tune half of tests/data/faces_open: 180). `across`
    points to the image right, the subject's left: the positive yaw direction.
    """
    return yaw + gain * (_iris_offset(p.right, p.across) + _iris_offset(p.left, p.across)) / 2


def pupil_mask(shape: tuple[int, ...], eye: Eye, radius: float, rows: slice, cols: slice) -> np.ndarray:
    """The pupil inside the lids: pixel centres within `radius` iris radii of the iris centre, in a window."""
    yy, xx = np.mgrid[rows, cols]
    cx, cy = eye.iris[0]
    disc = (xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2 <= (radius * eye.iris_radius) ** 2
    return disc & poly_mask(shape, eye.contour[:16])[rows, cols]


def red_eye(p: FacePatch, *, radius: float, dominance: float, excess: float) -> float:
    """Largest share of flash-red pixels in a pupil: a flash reflected off the retina, nothing else.

    Only the pupil is read (a disc of `radius` iris radii about the iris centre, inside the lids), and a pixel
    counts only when its red is at least `dominance` times its green and blue and above them by `excess` levels:
    a saturated, lit red. Brown and amber irises, pink lids and caruncles, red-tinted lenses are red too, but dark
    or pale (thresholds.py).
    """
    shares = []
    for eye in (p.right, p.left):
        rows, cols = bounds(p.luma.shape, eye.contour[:16], 1)
        m = pupil_mask(p.rgb.shape, eye, radius, rows, cols)
        if m.sum() < 4:
            shares.append(0.0)
            continue
        rgb = p.rgb[rows, cols][m].astype(np.int32)
        r, gb = rgb[:, 0], np.maximum(rgb[:, 1], rgb[:, 2])
        shares.append(float(((r >= dominance * gb) & (r - gb >= excess)).mean()))
    return max(shares)


def hair_over_eyes(p: FacePatch) -> float:
    """Thin dark strands (black-hat response) between brow and lid, beyond the eye itself, vs the face."""
    k = max(3, int(round(p.ied * 0.08)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    scores = []
    for eye in (p.right, p.left):
        c = eye.contour[:16]
        ring = np.vstack([c, c + p.up * 0.25 * p.ied, c - p.up * 0.12 * p.ied])
        rows, cols = bounds(p.luma.shape, ring, 2 * k)  # the filter only reads k pixels around the ring
        region = poly_mask(p.luma.shape, ring)
        region &= ~poly_mask(p.luma.shape, np.vstack([c + p.up * 0.08 * p.ied, c - p.up * 0.04 * p.ied]))
        region = region[rows, cols]
        luma = p.luma[rows, cols]
        vals = cv2.morphologyEx(luma, cv2.MORPH_BLACKHAT, kernel)[region]
        ref = max(float(np.percentile(luma[region], 75)), 20.0) if vals.size else 1.0
        scores.append(float((vals > 0.25 * ref).mean()) if vals.size else 0.0)
    return max(scores)


def strands_across_eyes(p: FacePatch) -> float:
    """Across-eye over along-eye edge strength around each iris (larger of the eyes).

    An open eye's edges run along the eye line (lids, brow): mean |d/dx| / mean |d/dy| stays below 1.
    Strands of hair hanging across the eye add edges that run down the face, so the ratio climbs.
    """
    ratios = []
    for eye in (p.right, p.left):
        # between the corners only: on a turned head the far eye's box would reach the face's edge
        win = upright_window(p, (eye.contour[OUTER] + eye.contour[INNER]) / 2, 0.4 * eye.width, 0.12 * p.ied)
        if win.shape[0] < 4 or win.shape[1] < 4:
            continue
        gx = float(np.abs(cv2.Sobel(win, cv2.CV_32F, 1, 0, ksize=3)).mean())
        gy = float(np.abs(cv2.Sobel(win, cv2.CV_32F, 0, 1, ksize=3)).mean())
        ratios.append(gx / max(gy, 1e-3))
    return max(ratios, default=0.0)
