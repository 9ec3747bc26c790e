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
    """(SWEEPS, 3, N) colours of the nearest clear pixels from each side of the low-res pixels (ly, lx);
    `fallback` (3, N) where a side has none. Channel-planar: the sums over RGB below stay vectorised."""
    sw = img.shape[1]
    planes = img.reshape(-1, 3).T           # (3, h*w) view
    at = ly * sw + lx
    out = np.empty((SWEEPS, 3, ly.size), np.float32)
    for k in range(SWEEPS):
        idx = near[k].ravel().take(at)
        flat = np.where(idx < 0, -1, ly * sw + idx if k % 2 == 0 else idx * sw + lx)
        np.take(planes, flat, axis=1, out=out[k])
        miss = flat < 0
        if miss.any():
            out[k][:, miss] = fallback[:, miss]
    return out


def _dot(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Sum over the RGB axis (-2) of channel-planar arrays."""
    return u[..., 0, :] * v[..., 0, :] + u[..., 1, :] * v[..., 1, :] + u[..., 2, :] * v[..., 2, :]


def choose(img: np.ndarray, fg: np.ndarray, bg: np.ndarray, band: np.ndarray,
           clear: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Low-res background that best explains each `band` pixel of img (all (h, w, 3) float32, same size)
    with the foreground fg: bg itself or the nearest `clear` pixel from one side. Returns that colour
    image and where it is not bg."""
    ly, lx = np.nonzero(band)
    pick, out = np.zeros(band.shape, bool), bg
    if not ly.size:
        return out, pick
    planar = [np.ascontiguousarray(v[ly, lx].T) for v in (img, fg, bg)]
    bs = np.concatenate([planar[2][None], candidates(img, nearest_along(clear), ly, lx, planar[2])])
    k = best_fit(planar[0], planar[1], bs)[3]
    moved = k > 0
    out = bg.copy()
    out[ly[moved], lx[moved]] = bs[k[moved], :, np.flatnonzero(moved)]
    pick[ly[moved], lx[moved]] = True
    return out, pick


def best_fit(img: np.ndarray, f: np.ndarray,
             bs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per pixel, the candidate background (bs: (K, 3, N)) that best explains img (3, N) as a mix with f
    (3, N): the alpha estimate on that segment, its distance from the pixel, |F - B| and the candidate."""
    d = f[None] - bs
    e = img[None] - bs
    dd, de, ee = _dot(d, d), _dot(d, e), _dot(e, e)
    est = np.clip(de / (dd + np.float32(1e-6)), 0.0, 1.0)
    dist = np.maximum(ee - est * (2.0 * de - est * dd), 0.0)   # |e - est d|^2
    k = np.argmin(dist, axis=0)   # ties keep the first candidate (the push-pull colour)
    n = np.arange(img.shape[1])
    return est[k, n], np.sqrt(dist[k, n]), np.sqrt(dd[k, n]), k
