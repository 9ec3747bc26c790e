"""Background candidates for the colour line: the nearest clear pixel in each of four directions.

One smoothed "pure background" per pixel (push-pull, fill.py) is the mean of what lies around it; on a
textured wall (a checkerboard, coloured noise, a window frame) that mean is a colour the wall nowhere
has, so the colour line through it misreads alpha. Sampling matting (shared / global sampling) instead
offers several real background samples and keeps, per pixel, the one that best explains the pixel as a
mix of the foreground and it. Measured on tools/eval_matting.py (docs/adr/0002, third round).
"""
from __future__ import annotations

import numpy as np

SWEEPS = 4   # left-to-right, top-to-bottom, right-to-left, bottom-to-top


def nearest_along(mask: np.ndarray) -> np.ndarray:
    """(SWEEPS, h, w) int32: the column / row index of the nearest mask pixel met sweeping from each side
    (up to and including the pixel itself), -1 where there is none."""
    h, w = mask.shape
    out = np.empty((SWEEPS, h, w), np.int32)
    for k, (axis, flip) in enumerate(((1, False), (0, False), (1, True), (0, True))):
        n = mask.shape[axis]
        ar = np.arange(n, dtype=np.int32)
        pos = (n - 1 - ar) if flip else ar
        shape = (1, n) if axis == 1 else (n, 1)
        idx = np.where(mask, pos.reshape(shape), np.int32(-1))
        if flip:
            idx = np.flip(idx, axis=axis)
        np.maximum.accumulate(idx, axis=axis, out=idx)
        if flip:
            idx = np.flip(idx, axis=axis)
            idx = np.where(idx >= 0, n - 1 - idx, -1)
        out[k] = idx
    return out


def candidates(img: np.ndarray, near: np.ndarray, ly: np.ndarray, lx: np.ndarray,
               fallback: np.ndarray) -> np.ndarray:
    """(SWEEPS, N, 3) colours of the nearest clear pixels from each side of the low-res pixels (ly, lx);
    `fallback` (N, 3) where a side has none."""
    out = np.empty((SWEEPS, ly.size, 3), np.float32)
    for k in range(SWEEPS):
        idx = near[k, ly, lx]
        ok = idx >= 0
        pos = np.maximum(idx, 0)
        out[k] = img[ly, pos] if k % 2 == 0 else img[pos, lx]
        out[k][~ok] = fallback[~ok]
    return out


def best_fit(img: np.ndarray, f: np.ndarray, bs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pixel, the candidate background (bs: (K, N, 3)) that best explains img (N, 3) as a mix with f:
    returns the alpha estimate on that segment, its distance from the pixel, and |F - B| (all (N,))."""
    d = f[None] - bs
    dd = np.einsum("kij,kij->ki", d, d)
    est = np.clip(np.einsum("kij,kij->ki", img[None] - bs, d) / (dd + np.float32(1e-6)), 0.0, 1.0)
    off = img[None] - bs - est[..., None] * d
    dist = np.einsum("kij,kij->ki", off, off)
    k = np.argmin(dist, axis=0)   # ties keep the first candidate (the push-pull colour)
    n = np.arange(img.shape[0])
    return est[k, n], np.sqrt(dist[k, n]), np.sqrt(dd[k, n])
