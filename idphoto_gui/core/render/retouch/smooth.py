"""Skin smoothing that keeps pores: a three-band frequency separation around an edge-preserving base.

base  = guided filter of the image by itself (radius ~ IED/12): the face's shape, shading and strong edges
detail = image - base, split at ~IED/90 into
  fine = detail - Gaussian(detail): pore-scale texture, kept (slightly softened at high strength)
  mid  = Gaussian(detail): blotches, uneven tone, fine lines: reduced with the strength
"""
from __future__ import annotations

import cv2
import numpy as np

BASE_RADIUS = 1 / 12       # guided-filter radius, x IED
BASE_EPS = 0.1 ** 2        # guided-filter regulariser (RGB in [0, 1]): within the skin mask, structure under ~10 % is detail
FINE_SIGMA = 1 / 90        # pore band: Gaussian sigma, x IED (at least 0.6 px)
MID_CUT = 1.5              # the mid band falls 1.5x as fast as the strength (gone from 67)
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
    detail = image - base
    mid = cv2.GaussianBlur(detail, (0, 0), max(0.6, ied * FINE_SIGMA))
    fine = detail - mid
    return base + mid * max(0.0, 1.0 - MID_CUT * strength) + fine * (1.0 - FINE_CUT * strength)
