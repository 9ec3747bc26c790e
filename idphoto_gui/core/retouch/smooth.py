"""Skin smoothing that keeps pores: a three-band frequency separation around an edge-preserving base.

base  = guided filter of the image by itself (radius ~ IED/12): keeps the face's shape and edges
fine  = image - Gaussian(~IED/90): pore-scale texture, kept (slightly softened at high strength)
mid   = the rest (blotches, uneven tone, fine lines): reduced with the strength
"""
from __future__ import annotations

import cv2
import numpy as np

BASE_RADIUS = 1 / 12       # guided-filter radius, x IED
BASE_EPS = 0.03 ** 2       # guided-filter regulariser (RGB in [0, 1]): edges stronger than ~3 % are kept
FINE_SIGMA = 1 / 90        # pore band: Gaussian sigma, x IED (at least 0.6 px)
MID_CUT = 1.0              # at strength 1 the mid band is removed entirely
FINE_CUT = 0.3             # at strength 1 the pore band keeps 70 %


def guided_filter(image: np.ndarray, radius: int, eps: float) -> np.ndarray:
    """He et al.'s guided filter of an image by itself, per channel (box filters only, O(pixels))."""
    ksize = (2 * radius + 1, 2 * radius + 1)
    box = lambda x: cv2.boxFilter(x, -1, ksize, borderType=cv2.BORDER_REFLECT)  # noqa: E731
    mean = box(image)
    var = box(image * image) - mean * mean
    a = var / (var + eps)
    b = mean - a * mean
    return box(a) * image + box(b)


def smooth(image: np.ndarray, ied: float, strength: float) -> np.ndarray:
    """The skin-smoothed image (float32 RGB in [0, 1]); `strength` 0-1. Apply it through a skin mask."""
    base = guided_filter(image, max(2, int(round(ied * BASE_RADIUS))), BASE_EPS)
    blurred = cv2.GaussianBlur(image, (0, 0), max(0.6, ied * FINE_SIGMA))
    fine, mid = image - blurred, blurred - base
    return base + mid * (1.0 - MID_CUT * strength) + fine * (1.0 - FINE_CUT * strength)
