"""Blemish healing: subtract each found spot as a blob, so the skin under it (pores, creases) stays.

A spot is modelled, in CIELAB, as a Gaussian blob on top of smoothly shaded skin: around its centre the
pixels are fitted with a quadratic surface (the shading) plus a Gaussian of the spot's own size (found
from the scale-normalised Laplacian of Gaussian at its centre), and only the Gaussian is taken away.
An inpainting would replace the skin under the spot with an interpolation of its ring, erasing the
skin's own structure there; the blob fit keeps it.
"""
from __future__ import annotations

import cv2
import numpy as np

from .blemish import FIRST_SIGMA, K, Spot

SCALES = np.geomspace(0.55, 3.2, 16)   # spot sizes tried, x the smallest blemish scale (IED/60)
SPAN = (1 / K, K ** 1.5)                # ... and within this of the scale the search found it at (the lower
                                        # scale of its DoG pair): a blob grown past it is a feature's shadow
WINDOW = 3.0                            # the fit reads and the blob is taken away within this x its sigma
ON_SKIN = 0.9                           # a spot is healed only when its disc (2 sigma) is this much skin: a
                                        # dark blob against an eye, brow or nostril is that feature's shadow


def remove_spots(rgb: np.ndarray, spots: list[Spot], ied: float, skin: np.ndarray) -> tuple[np.ndarray, int]:
    """The 8-bit RGB image with each spot's blob (darker and/or redder than its shading) taken away, on
    the skin only (`skin`: the mask's weight, 0-1, from `heal_mask`), and how many spots were healed."""
    if not spots:
        return rgb, 0
    lab = cv2.cvtColor(rgb.astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)
    sigmas = SCALES * max(0.8, FIRST_SIGMA * ied)
    kernels, reach = _log_kernels(sigmas)
    padded = cv2.copyMakeBorder(lab, reach, reach, reach, reach, cv2.BORDER_REFLECT_101)
    out = lab.copy()
    healed = 0
    for s in spots:
        x, y = int(round(s.x)), int(round(s.y))
        patch = padded[y:y + 2 * reach + 1, x:x + 2 * reach + 1].reshape(-1, 3)
        found = (s.r - 1.0) / 2.0
        near = (sigmas >= found * SPAN[0]) & (sigmas <= found * SPAN[1])
        sigma = _scale(kernels @ patch, sigmas, near)
        healed += _take_away(out, x, y, sigma, skin)
    if not healed:
        return rgb, 0
    return np.clip(cv2.cvtColor(out, cv2.COLOR_LAB2RGB) * 255.0 + 0.5, 0, 255).astype(np.uint8), healed


def heal_mask(skin: np.ndarray, ied: float) -> np.ndarray:
    """The skin mask with spot-sized holes closed (its colour test leaves a strong spot out of the skin);
    strength-free, so a caller keeps it between slider steps. 8-bit: several times faster than floats."""
    r = max(1, int(round(2 * SCALES[-1] * max(0.8, FIRST_SIGMA * ied))))
    mask = np.clip(skin * 255.0 + 0.5, 0, 255).astype(np.uint8)
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))
    return closed.astype(np.float32) / 255.0


def _log_kernels(sigmas: np.ndarray) -> tuple[np.ndarray, int]:
    """Scale-normalised LoG kernels (one row per sigma, zero-sum on the window) and the window's reach."""
    reach = int(np.ceil(3 * sigmas[-1]))
    yy, xx = np.mgrid[-reach:reach + 1, -reach:reach + 1].astype(np.float32)
    d2 = (xx * xx + yy * yy).ravel()
    rows = []
    for s in sigmas:
        g = np.exp(-d2 / (2 * s * s)) / (2 * np.pi * s * s)
        k = g * (d2 - 2 * s * s) / s ** 2                # sigma^2 x LoG: a blob's response peaks at its sigma
        rows.append(k - k.mean())
    return np.asarray(rows, np.float32), reach


def _scale(resp: np.ndarray, sigmas: np.ndarray, near: np.ndarray) -> float:
    """The blob's sigma among the `near` ones: where darker (L* LoG > 0) plus redder (a* LoG < 0) peaks,
    interpolated in log scale."""
    r = np.where(near, resp[:, 0] - resp[:, 1], -np.inf)
    i = int(r.argmax())
    if 0 < i < len(r) - 1 and np.isfinite(r[i - 1] + r[i + 1]):
        curve = r[i - 1] - 2 * r[i] + r[i + 1]
        off = 0.5 * (r[i - 1] - r[i + 1]) / curve if curve < 0 else 0.0
        return float(sigmas[i] * (sigmas[1] / sigmas[0]) ** off)
    return float(sigmas[i])


def _take_away(lab: np.ndarray, x: int, y: int, sigma: float, skin: np.ndarray) -> bool:
    """Fit shading (quadratic) + a Gaussian of `sigma` at (x, y) and subtract the Gaussian, in place; never
    beyond what the centre differs from the shading, only when it is darker or redder and on skin.
    True when it did."""
    h, w = lab.shape[:2]
    rad = int(np.ceil(WINDOW * sigma)) + 1
    x0, x1, y0, y1 = max(0, x - rad), min(w, x + rad + 1), max(0, y - rad), min(h, y + rad + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    dx, dy = (xx - x) / rad, (yy - y) / rad
    d2 = (xx - x) ** 2 + (yy - y) ** 2
    weight = skin[y0:y1, x0:x1]
    if weight[d2 <= 4 * sigma * sigma].mean() < ON_SKIN:
        return False
    inside = (d2 <= rad * rad) & (weight > 0.5)                  # the fit reads skin only
    if inside.sum() < 12:
        return False
    blob = np.exp(-d2 / (2 * sigma * sigma))
    terms = [np.ones_like(dx), dx, dy, dx * dx, dx * dy, dy * dy, blob]
    design = np.stack([t[inside] for t in terms], 1)
    patch = lab[y0:y1, x0:x1]
    coef = np.linalg.lstsq(design, patch[inside], rcond=None)[0]
    amp = coef[-1]
    if amp[0] >= 0 and amp[1] <= 0:                   # neither darker nor redder: not a blemish
        return False
    centre = patch[y - y0, x - x0] - coef[0]          # what the centre differs from the shading
    amp = np.array([max(min(amp[0], 0.0), min(centre[0], 0.0)),
                    min(max(amp[1], 0.0), max(centre[1], 0.0)),
                    np.clip(amp[2], -abs(centre[2]), abs(centre[2]))], np.float32)
    patch -= (blob * weight)[..., None] * amp
    return True
