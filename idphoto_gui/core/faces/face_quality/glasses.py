"""Glasses: a frame across the nose bridge, dark (tinted) lenses, and specular glare on the lenses."""
from __future__ import annotations

import cv2
import numpy as np

from .iris import INNER, Eye
from .patch import FOREHEAD, LEFT_CHEEK_PT, RIGHT_CHEEK_PT, FacePatch, box, disk_mask, lab, upright_window


def bridge_edge(p: FacePatch) -> float:
    """Strongest straight edge across the nose bridge (row-mean |d/dy| in the face's frame) / cheek texture.

    The window sits between the inner eye corners, 0.2 x 0.3 eye distances: a frame's bridge crosses it,
    eyebrows and lid creases stay outside.
    """
    c = (p.right.contour[INNER] + p.left.contour[INNER]) / 2
    win = upright_window(p, c, 0.1 * p.ied, 0.15 * p.ied)
    if win.shape[0] < 4 or win.shape[1] < 4:
        return 0.0
    dy = np.abs(cv2.Sobel(win, cv2.CV_32F, 0, 1, ksize=3)) / 4
    return float(dy.mean(axis=1).max()) / _texture(p)


def _texture(p: FacePatch) -> float:
    """Mean gradient on the cheeks: the face's own contrast, so edges compare across photos."""
    vals = []
    for pt in (p.mesh[RIGHT_CHEEK_PT], p.mesh[LEFT_CHEEK_PT]):
        rows, cols = box(p.luma.shape, pt, 0.12 * p.ied, 0.12 * p.ied)
        win = p.luma[rows, cols]
        if win.shape[0] >= 3 and win.shape[1] >= 3:
            gx, gy = cv2.Sobel(win, cv2.CV_32F, 1, 0) / 4, cv2.Sobel(win, cv2.CV_32F, 0, 1) / 4
            vals.append(float(np.hypot(gx, gy).mean()))
    return max(np.mean(vals) if vals else 1.0, 1.0)


def _lens(p: FacePatch, eye: Eye) -> tuple[slice, slice]:
    """The box a lens covers around one eye."""
    return box(p.luma.shape, eye.iris[0], 0.42 * p.ied, 0.26 * p.ied)


def _cheeks(p: FacePatch) -> float:
    """Median cheek luminance."""
    vals = []
    for pt in (p.mesh[RIGHT_CHEEK_PT], p.mesh[LEFT_CHEEK_PT]):
        rows, cols = box(p.luma.shape, pt, 0.1 * p.ied, 0.1 * p.ied)
        vals.append(p.luma[rows, cols].ravel())
    return max(float(np.median(np.concatenate(vals))), 1.0)


def lens_darkness(p: FacePatch) -> float:
    """Median luminance over the lens area / the cheeks' (sunglasses ~0.3, bare eyes ~0.8)."""
    vals = [p.luma[_lens(p, e)].ravel() for e in (p.right, p.left)]
    return float(np.median(np.concatenate(vals))) / _cheeks(p)


def lens_colour(p: FacePatch) -> float:
    """CIELAB chroma distance (a*, b*) between the lens area and the cheeks: coloured or mirrored lenses."""
    lens = np.concatenate([lab(p.rgb[_lens(p, e)]) for e in (p.right, p.left)])
    cheeks = np.concatenate([lab(p.rgb[box(p.luma.shape, pt, 0.1 * p.ied, 0.1 * p.ied)])
                             for pt in (p.mesh[RIGHT_CHEEK_PT], p.mesh[LEFT_CHEEK_PT])])
    diff = np.median(lens[:, 1:], axis=0) - np.median(cheeks[:, 1:], axis=0)
    return float(np.linalg.norm(diff.astype(np.float64)))


def _lens_region(p: FacePatch, eye: Eye) -> tuple[slice, slice, np.ndarray]:
    """The lens box and, inside it, the pixels outside the iris (its catch-light is no glare)."""
    rows, cols = _lens(p, eye)
    return rows, cols, ~disk_mask(p.luma.shape, eye.iris[0], 1.3 * eye.iris_radius)[rows, cols]


def glare(p: FacePatch) -> float:
    """Share of the lens area that is near-white and colourless, catch-lights in the irises left out."""
    shares = []
    for eye in (p.right, p.left):
        rows, cols, region = _lens_region(p, eye)
        hsv = cv2.cvtColor(np.ascontiguousarray(p.rgb[rows, cols]), cv2.COLOR_RGB2HSV)
        white = (hsv[..., 2] >= 235) & (hsv[..., 1] <= 50)
        shares.append(float(white[region].mean()) if region.any() else 0.0)
    return max(shares)


def glare_peak(p: FacePatch) -> float:
    """Brightest lens pixels (99.5th percentile, irises left out) over the skin's own 99th percentile.

    A reflection of the lamp outshines any diffusely lit skin, however dim or grey the photo: small highlights
    that never reach near-white (glare()) still stand out against the face's own light."""
    skin = np.concatenate([p.luma[box(p.luma.shape, pt, 0.12 * p.ied, 0.12 * p.ied)].ravel()
                           for pt in (p.mesh[RIGHT_CHEEK_PT], p.mesh[LEFT_CHEEK_PT], p.mesh[FOREHEAD])])
    peaks = []
    for eye in (p.right, p.left):
        rows, cols, region = _lens_region(p, eye)
        if region.any():
            peaks.append(_quantile(p.luma[rows, cols][region], 0.995))
    return max(peaks, default=0.0) / max(_quantile(skin, 0.99), 1.0)


def _quantile(values: np.ndarray, q: float) -> float:
    """The value at rank q (nearest rank) by partial sort: a tenth of np.percentile's cost on these few pixels."""
    k = int(round(q * (values.size - 1)))
    return float(np.partition(values, k)[k])
