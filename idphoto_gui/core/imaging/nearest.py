"""Each pixel's nearest pixel of a mask, and its colour: how a gap takes the colour of what surrounds it (a strand
gap its hair's, a closed sliver its cloth's, a soft patch its wall's)."""
from __future__ import annotations

import cv2
import numpy as np


def nearest_colours(have: np.ndarray, image: np.ndarray) -> np.ndarray:
    """(h, w, C) float32: for every pixel, the colour in `image` (h, w, C) of the nearest pixel of `have` (bool,
    not empty; Euclidean distance transform, 3x3 mask)."""
    return nearest(have, image)[0]


def nearest(have: np.ndarray, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`nearest_colours` and each pixel's distance (px, float32) to that nearest pixel: one transform gives both."""
    dist, labels = cv2.distanceTransformWithLabels((~have).astype(np.uint8), cv2.DIST_L2, 3,
                                                   labelType=cv2.DIST_LABEL_PIXEL)
    # DIST_LABEL_PIXEL numbers the `have` pixels 1, 2, ... in raster order: the table is their colours in that
    # order (a boolean take, no index arrays), and the lookup a take along its rows
    lut = np.empty((int(np.count_nonzero(have)) + 1, image.shape[-1]), np.float32)
    lut[0] = 0.0
    lut[1:] = image[have]
    return np.take(lut, labels, axis=0), dist
