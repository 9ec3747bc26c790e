"""Foreground colour estimation: take the old background's colour out of soft edges (hair).

Blur-fusion (Forte & Pitie 2021, "Approximate fast foreground colour estimation"): two passes
of box-filtered local means of foreground and background, then a per-pixel correction so that
alpha*F + (1-alpha)*B reproduces the image. The box filters run at a reduced resolution (their
outputs are smooth), only the per-pixel correction runs at full resolution.
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

log = logging.getLogger(__name__)

_EPS = 1e-5
LARGE_RADIUS = 90   # first pass, in pixels of a ~1000 px image (as in the paper)
SMALL_RADIUS = 6    # second pass
REF_SIDE = 1000     # long side at which the radii above apply
BLUR_SIDE = 1000    # long side at which the blurs are computed


def _blur(img: np.ndarray, k: int) -> np.ndarray:
    """Box mean with a k x k window, edges replicated."""
    return cv2.blur(img, (k, k), borderType=cv2.BORDER_REPLICATE)


def _local_means(f: np.ndarray, b: np.ndarray, a: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Alpha-weighted local means of foreground and background colours."""
    a3 = a[..., None]
    blur_a = _blur(a, k)[..., None]
    mean_f = _blur(f * a3, k) / (blur_a + _EPS)
    mean_b = _blur(b * (1.0 - a3), k) / ((1.0 - blur_a) + _EPS)
    return mean_f, mean_b


def _correct(img: np.ndarray, a: np.ndarray, mean_f: np.ndarray, mean_b: np.ndarray) -> np.ndarray:
    """Per-pixel correction: F = Fmean + alpha * (I - alpha*Fmean - (1-alpha)*Bmean), clipped."""
    a3 = a[..., None]
    f = mean_f + a3 * (img - a3 * mean_f - (1.0 - a3) * mean_b)
    return np.clip(f, 0.0, 1.0, out=f)


def _resize(img: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Resize to (w, h); area when shrinking, linear when growing."""
    if (img.shape[1], img.shape[0]) == size:
        return img
    shrink = size[0] < img.shape[1]
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)


def _kernel(radius: int, side: int) -> int:
    """Box size for a radius given at REF_SIDE, scaled to an image of long side `side`."""
    return max(3, int(round(radius * side / REF_SIDE)))


def estimate_foreground(rgb: np.ndarray, alpha: np.ndarray, *, blur_side: int = BLUR_SIDE) -> np.ndarray:
    """Foreground colours (H, W, 3) uint8 so that a new background shows no fringe of the old one."""
    if rgb.shape[:2] != alpha.shape[:2] or rgb.ndim != 3:
        raise ValueError(f"rgb {rgb.shape} and alpha {alpha.shape} do not match")
    h, w = alpha.shape
    img = rgb.astype(np.float32) * (1.0 / 255.0)
    a = np.clip(alpha.astype(np.float32, copy=False), 0.0, 1.0)
    s = min(1.0, blur_side / max(h, w))
    size = (max(1, round(w * s)), max(1, round(h * s)))
    img_s, a_s = _resize(img, size), _resize(a, size)
    side = max(size)
    # Pass 1: wide means of F and B, both seeded with the image itself.
    mf, mb = _local_means(img_s, img_s, a_s, _kernel(LARGE_RADIUS, side))
    f1 = _correct(img_s, a_s, mf, mb)
    # Pass 2: narrow means of the pass-1 foreground and the wide background mean.
    mf, mb = _local_means(f1, mb, a_s, _kernel(SMALL_RADIUS, side))
    fg = _correct(img, a, _resize(mf, (w, h)), _resize(mb, (w, h)))
    return (fg * 255.0 + 0.5).astype(np.uint8)
