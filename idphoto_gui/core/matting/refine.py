"""Cheap alpha refinements, kept only where measurement shows they pay (docs/adr/0002)."""
from __future__ import annotations

import cv2
import numpy as np


def resize_to(img: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Resize to (w, h): area when shrinking, linear when growing, untouched when equal."""
    if (img.shape[1], img.shape[0]) == size:
        return img
    shrink = size[0] < img.shape[1]
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)


def fit_side(shape: tuple[int, ...], max_side: int) -> tuple[int, int]:
    """(w, h) of an image of `shape` scaled down so its long side is at most `max_side`."""
    h, w = shape[:2]
    s = min(1.0, max_side / max(h, w)) if max_side > 0 else 1.0
    return max(1, round(w * s)), max(1, round(h * s))


def noise_floor(alpha: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """Stretch [lo, hi] to [0, 1]: clears the faint haze a network leaves over background and body."""
    if lo <= 0.0 and hi >= 1.0:
        return alpha
    out = (alpha - np.float32(lo)) * np.float32(1.0 / (hi - lo))
    return np.clip(out, 0.0, 1.0, out=out)


def _box(img: np.ndarray, r: int) -> np.ndarray:
    """Box mean of radius r."""
    return cv2.blur(img, (2 * r + 1, 2 * r + 1), borderType=cv2.BORDER_REPLICATE)


def guided_upsample(alpha_lo: np.ndarray, guide_lo: np.ndarray, guide: np.ndarray,
                    *, radius: int = 2, eps: float = 1e-3) -> np.ndarray:
    """Fast guided-filter upsampling: fit alpha = a*I + b locally at low res, apply at full res.

    `guide_lo` / `guide` are single-channel float32 luminance in [0, 1] at the two resolutions.
    """
    a, b = guided_coefficients(alpha_lo, guide_lo, radius=radius, eps=eps)
    size = (guide.shape[1], guide.shape[0])
    a_up = cv2.resize(a, size, interpolation=cv2.INTER_LINEAR)
    b_up = cv2.resize(b, size, interpolation=cv2.INTER_LINEAR)
    out = a_up * guide + b_up
    return np.clip(out, 0.0, 1.0, out=out)


def guided_coefficients(alpha_lo: np.ndarray, guide_lo: np.ndarray, *, radius: int = 2,
                        eps: float = 1e-3) -> tuple[np.ndarray, np.ndarray]:
    """The smoothed low-res fit (a, b) of alpha = a*I + b; upsampled, it applies to any band of rows."""
    mi, mp = _box(guide_lo, radius), _box(alpha_lo, radius)
    cov = _box(guide_lo * alpha_lo, radius) - mi * mp
    var = _box(guide_lo * guide_lo, radius) - mi * mi
    a = cov / (var + np.float32(eps))
    b = mp - a * mi
    return _box(a, radius), _box(b, radius)


def luminance(rgb: np.ndarray) -> np.ndarray:
    """Float32 luminance in [0, 1] (the guide for edge-aware upsampling)."""
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY).astype(np.float32) * np.float32(1.0 / 255.0)


def upsample(alpha_lo: np.ndarray, rgb: np.ndarray, *, method: str = "linear",
             radius: int = 2, eps: float = 1e-3) -> np.ndarray:
    """Alpha at rgb's resolution from a low-resolution alpha, plain or edge-aware."""
    size = (rgb.shape[1], rgb.shape[0])
    if (alpha_lo.shape[1], alpha_lo.shape[0]) == size:
        return alpha_lo
    if method == "linear":
        return cv2.resize(alpha_lo, size, interpolation=cv2.INTER_LINEAR)
    if method == "guided":
        guide = luminance(rgb)
        guide_lo = resize_to(guide, (alpha_lo.shape[1], alpha_lo.shape[0]))
        return guided_upsample(alpha_lo, guide_lo, guide, radius=radius, eps=eps)
    raise ValueError(f"unknown upsampling method {method!r}")


def refine_matte(rgb: np.ndarray, alpha: np.ndarray, *, floor: tuple[float, float],
           colours: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Production alpha + foreground: noise floor, then blur-fusion colours unless given."""
    from .foreground import estimate_foreground

    a = noise_floor(alpha, *floor)
    fg = colours if colours is not None else estimate_foreground(rgb, a)
    return np.ascontiguousarray(a, dtype=np.float32), fg
