"""Colour-line alpha in the soft band: hair gaps the network left too opaque let the old wall through.

Each soft pixel I is taken as a mix of a local foreground colour F (mean of nearby solid pixels) and a
local background colour B (mean of nearby clear pixels), so alpha = (I - B).(F - B) / |F - B|^2. That
estimate replaces the network's where it can be trusted: F and B far apart (else any alpha explains the
pixel) and I close to the line between them (else the two-colour model does not hold there). Settings
were chosen with tools/eval_matting.py (docs/adr/0002).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..foreground import sample_at, smooth_means

SIDE = 500              # long side of the copies the local means run on
KERNEL_FRAC = 0.03      # box size of the local means, as a share of that long side
SOLID, CLEAR = 0.95, 0.05   # alpha above / below which a pixel counts as pure foreground / background
EDGE = 0.98             # the band is every pixel within one low-res pixel of alpha below this...
LOW = 0.005             # ...whose alpha is above this
SEPARATION = (0.04, 0.12)   # |F - B| (0-1 RGB) from which the estimate starts / fully counts
FIT = 0.04              # distance from the F-B line (0-1 RGB) at which the estimate stops counting
SMOOTH = 3              # box size (full-res px) the alpha change is smoothed with: no speckled patches
SOFT = (0.005, 0.995)   # alpha range whose colours decontaminate() replaces
_EPS = 1e-6


def _normalised_mean(img: np.ndarray, weight: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Box mean of img over the pixels where weight is 1, and the share of such pixels."""
    num = cv2.blur(img * weight[..., None], (k, k), borderType=cv2.BORDER_REPLICATE)
    den = cv2.blur(weight, (k, k), borderType=cv2.BORDER_REPLICATE)
    return num / (den[..., None] + _EPS), den


def _pure_colours(rgb: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Local pure foreground and background colours at SIDE px (blur-fusion means where none is near)."""
    mf, mb = smooth_means(rgb, a, side=SIDE)
    size = (mf.shape[1], mf.shape[0])
    img = cv2.resize(rgb, size, interpolation=cv2.INTER_AREA).astype(np.float32) * np.float32(1.0 / 255.0)
    al = cv2.resize(a, size, interpolation=cv2.INTER_AREA)
    k = max(3, round(KERNEL_FRAC * max(size)))
    out = []
    for pure, fallback in (((al > SOLID), mf), ((al < CLEAR), mb)):
        mean, share = _normalised_mean(img, pure.astype(np.float32), k)
        t = np.clip(share * 20.0, 0.0, 1.0)[..., None]   # 5% pure pixels in the box: trust it fully
        out.append(mean * t + fallback * (1.0 - t))
    return out[0], out[1], al


def _band(al: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Full-resolution (ys, xs) of the soft band and its one-pixel (low-res) rim of near-opaque pixels."""
    h, w = a.shape
    near = cv2.dilate((al < EDGE).astype(np.uint8), np.ones((3, 3), np.uint8))
    near = cv2.resize(near, (w, h), interpolation=cv2.INTER_NEAREST)
    return np.nonzero((near > 0) & (a > LOW))


def refine_alpha(rgb: np.ndarray, alpha: np.ndarray, *, strength: float = 1.0) -> np.ndarray:
    """Alpha with the colour-line estimate blended in where it is trustworthy (strength 0 = unchanged)."""
    a = np.clip(alpha.astype(np.float32, copy=False), 0.0, 1.0)
    if strength <= 0.0:
        return a
    fg, bg, al = _pure_colours(rgb, a)
    ys, xs = _band(al, a)
    if not ys.size:
        return a
    full = a.shape
    f, b = sample_at(fg, ys, xs, full), sample_at(bg, ys, xs, full)
    img = rgb[ys, xs].astype(np.float32) * np.float32(1.0 / 255.0)
    d = f - b
    dd = np.einsum("ij,ij->i", d, d)
    est = np.clip(np.einsum("ij,ij->i", img - b, d) / (dd + _EPS), 0.0, 1.0)
    off = img - b - est[:, None] * d
    fit = np.clip(1.0 - np.sqrt(np.einsum("ij,ij->i", off, off)) / FIT, 0.0, 1.0)
    lo, hi = SEPARATION
    weight = np.clip((np.sqrt(dd) - lo) / (hi - lo), 0.0, 1.0) * fit * np.float32(min(strength, 1.0))
    change = np.zeros_like(a)
    change[ys, xs] = weight * (est - a[ys, xs])
    a += cv2.blur(change, (SMOOTH, SMOOTH))   # a is a fresh array (np.clip); the blur stops speckle
    return np.clip(a, 0.0, 1.0, out=a)


def decontaminate(rgb: np.ndarray, alpha: np.ndarray, fg: np.ndarray) -> np.ndarray:
    """Foreground colours with the local pure background taken out of the soft band.

    F = I + (1 - alpha) (Fpure - Bpure) reproduces the photo as alpha F + (1 - alpha) Bpure, so no
    share of the old wall stays in F; Fpure/Bpure are means of nearby solid / clear pixels, closer to
    the real colours than blur-fusion's wide means (measured: less old colour left, ADR 0002).
    """
    a = alpha.astype(np.float32, copy=False)
    ys, xs = np.nonzero((a > SOFT[0]) & (a < SOFT[1]))
    if not ys.size:
        return fg
    pure_f, pure_b, _ = _pure_colours(rgb, a)
    full = a.shape
    f, b = sample_at(pure_f, ys, xs, full), sample_at(pure_b, ys, xs, full)
    img = rgb[ys, xs].astype(np.float32) * np.float32(1.0 / 255.0)
    new = img + (1.0 - a[ys, xs])[:, None] * (f - b)
    out = fg.copy()
    out[ys, xs] = cv2.convertScaleAbs(np.clip(new, 0.0, 1.0), alpha=255.0, beta=0.5).reshape(-1, 3)
    return out
