"""Head covering: a straight edge across the top of the head (a brim, a beanie's cuff)."""
from __future__ import annotations

import cv2
import numpy as np

from .patch import FOREHEAD, FacePatch, upright_window


def brim_edge(p: FacePatch) -> float:
    """Strongest straight edge across the top of the head (a brim, a beanie's edge) over the face's contrast."""
    win = upright_window(p, p.mesh[FOREHEAD] + p.up * 0.45 * p.ied, 0.6 * p.ied, 0.55 * p.ied)
    if win.shape[0] < 4 or win.shape[1] < 4:
        return 0.0
    dy = np.abs(cv2.Sobel(win, cv2.CV_32F, 0, 1, ksize=3)) / 4
    return float(dy.mean(axis=1).max()) / max(float(np.abs(cv2.Sobel(win, cv2.CV_32F, 1, 0, ksize=3)).mean() / 4), 1.0)

