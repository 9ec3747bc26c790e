"""The continued body's fine texture: patches of the clothing's own detail, laid with soft overlaps (issue 25).

The texture is the clothing's high-frequency residual (the band minus its local mean), so its colour comes
from the colour model (extend.py), never from where a patch was cut. Residual patches are zero-mean, so
they need no matching or cut: laid on a half-overlapping grid with square-root Hann weights (the squared
weights sum to one) they keep the texture's energy and leave no patch edge. Patches with outlying energy
(a hair strand, a button, a lapel's edge) are left out, so no motif repeats. Deterministic (fixed seed).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SEED = 25
OUTLIER_ENERGY = 2.5    # a patch with more than this times the median patch energy is a motif, not fabric
NEAREST = 48            # each cell takes one of the candidates this near its column (a shirt front stays one)
MAX_CANDIDATES = 400
REDRAWS = 4             # a cell repeating the patch above it is drawn again up to this many times
PEAK_SIGMAS = 3.0       # the fabric's detail is softly limited to this many robust deviations (no flecks)
STRAND_SHARE = 0.08     # a pixel this much of the way from the local mean towards a hair colour, in both
STRAND_OFF = 0.5        # lightness and hue, and within half its step off that line, is a strand ...
STRAND_HUE = 30.0       # ... where the hair's hue differs from the fabric's by this much (RGB, grey removed):
STRAND_PX = 1           # dark hair on a dark jacket is a shadow to this test ... and so is this margin


@dataclass(frozen=True)
class Residual:
    """The clothing's residual (h, w, 3) float32 and the candidate patches in it: corners and centre columns."""

    image: np.ndarray
    corners: np.ndarray   # (n, 2) top-left (y, x)
    size: int             # patch side in pixels

    @property
    def columns(self) -> np.ndarray:
        """Centre column of each candidate."""
        return self.corners[:, 1] + self.size / 2.0


def residual(image: np.ndarray, valid: np.ndarray, size: int) -> np.ndarray:
    """image minus its local mean over valid pixels (two box blurs of `size`, normalised): the fine detail."""
    wt = valid.astype(np.float32)
    k = (max(3, size | 1),) * 2
    num = cv2.blur(cv2.blur(image.astype(np.float32) * wt[..., None], k), k)
    den = cv2.blur(cv2.blur(wt, k), k)[..., None]
    return (image.astype(np.float32) - num / np.maximum(den, 1e-3)) * wt[..., None]


def without_strands(res: np.ndarray, image: np.ndarray, valid: np.ndarray, hair: list[np.ndarray]) -> np.ndarray:
    """The residual with the hair strands lying on the clothing (and STRAND_PX around them) taken out (set to
    the local mean). A strand over fabric is a mix of the fabric's colour and the hair's: its detail points
    from the local mean towards a hair colour (`hair`, RGB), by over STRAND_SHARE of the way and within
    STRAND_OFF of its step off that line, in hue as well as lightness (a fold's shadow is only darker), which
    a weave's even detail rarely does. Laid as patches, a strand would repeat as a lattice."""
    if not hair or not valid.any():
        return res
    mean = image.astype(np.float32) - res
    marks = np.zeros(valid.shape, bool)
    for colour in hair:
        u = colour.astype(np.float32)[None, None, :] - mean
        uu = np.maximum((u * u).sum(axis=2), 1.0)
        t = (res * u).sum(axis=2) / uu
        off = np.sqrt(np.maximum((res * res).sum(axis=2) - t * t * uu, 0.0))
        far = np.sqrt(uu)
        uc = u - u.mean(axis=2, keepdims=True)      # the hue part: a shadow in the fabric is darker, not hair-coloured
        ucc = np.maximum((uc * uc).sum(axis=2), 1.0)
        tc = ((res - res.mean(axis=2, keepdims=True)) * uc).sum(axis=2) / ucc
        marks |= ((t > STRAND_SHARE) & (tc > STRAND_SHARE) & (off < STRAND_OFF * t * far + 2.0)
                  & (np.sqrt(ucc) > STRAND_HUE))
    marks = cv2.dilate((marks & valid).astype(np.uint8), np.ones((2 * STRAND_PX + 1,) * 2, np.uint8)) > 0
    return res * (~marks).astype(np.float32)[..., None]


def tamed(res: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """The residual with its peaks eased down to about PEAK_SIGMAS robust deviations of the fabric's detail
    (a soft limit, tanh), its lightness and its colour each: a fold's highlight line or a seam's edge, cut
    into patches, reads as a scatter of bright flecks, and the edge between two garments (a yellow strap on
    a pink scarf) as streaks of their colours; the weave, well inside the limits, keeps its detail."""
    if not valid.any():
        return res
    lum = res.mean(axis=2, keepdims=True)
    hue = res - lum
    return _soft_limit(lum, np.abs(lum[..., 0]), valid) + _soft_limit(hue, np.sqrt((hue ** 2).sum(axis=2)), valid)


def _soft_limit(part: np.ndarray, mag: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """`part` scaled down where its magnitude `mag` passes PEAK_SIGMAS robust deviations (tanh)."""
    spread = max(1.4826 * float(np.median(mag[valid])), 0.5)
    limit = PEAK_SIGMAS * spread
    mag = np.maximum(mag, 1e-3)
    return part * (limit * np.tanh(mag / limit) / mag)[..., None]


def _box_sums(integral: np.ndarray, size: int) -> np.ndarray:
    """Sum over every size x size box, from an integral image."""
    i = integral
    return i[size:, size:] - i[:-size, size:] - i[size:, :-size] + i[:-size, :-size]


def candidates(res: np.ndarray, valid: np.ndarray, size: int, rng: np.random.Generator) -> Residual | None:
    """Patches lying wholly on valid pixels, without energy outliers (None when fewer than 4 fit)."""
    h, w = valid.shape
    if size < 4 or h < size or w < size:
        return None
    inside = _box_sums(cv2.integral(valid.astype(np.uint8)), size)
    ys, xs = np.nonzero(inside >= size * size)
    if len(ys) < 4:
        return None
    pick = np.sort(rng.choice(len(ys), size=min(MAX_CANDIDATES, len(ys)), replace=False))
    ys, xs = ys[pick], xs[pick]
    energy = _box_sums(cv2.integral((res ** 2).sum(axis=2).astype(np.float64)), size)[ys, xs]
    keep = energy <= OUTLIER_ENERGY * max(float(np.median(energy)), 1e-6)
    if keep.sum() < 4:
        return None
    return Residual(res, np.stack([ys[keep], xs[keep]], axis=1), size)


def _apart(pick: np.ndarray, near: np.ndarray, corners: np.ndarray, apart: int, rng: np.random.Generator) -> None:
    """Redraw (a few times) a cell whose patch lies within `apart` px of the one above it: where the clothing
    band is small, the candidates near a column are one patch shifted by a pixel or two, and laid down the
    column they read as vertical streaks."""
    cols = np.broadcast_to(np.arange(pick.shape[1]), (pick.shape[0] - 1, pick.shape[1]))
    for _ in range(REDRAWS):         # whole rows at once: each pass compares with the row above as it now is
        same = np.abs(corners[pick[1:]] - corners[pick[:-1]]).max(axis=2) < apart
        if not same.any():
            break
        pick[1:][same] = near[cols[same], rng.integers(near.shape[1], size=int(same.sum()))]


def synthesise(shape: tuple[int, int], found: Residual, rng: np.random.Generator,
               columns: tuple[float, float] = (1.0, 0.0)) -> np.ndarray:
    """A residual texture of `shape` (h, w, 3) float32: candidates on a half-overlapping grid, each from near
    the sample column a*x + b of its canvas column x (`columns` = (a, b)), weighted by square-root Hann (the
    squared weights of overlapping cells sum to one)."""
    h, w = shape
    p = found.size - found.size % 2
    s = p // 2
    win = np.sin(np.pi * (np.arange(p) + 0.5) / p).astype(np.float32)
    weight = (win[:, None] * win[None, :])[..., None]
    gy, gx = np.arange(-s, h, s), np.arange(-s, w, s)
    want = columns[0] * (gx + s) + columns[1]
    near = np.argsort(np.abs(found.columns[None, :] - want[:, None]), axis=1)[:, :min(NEAREST, len(found.corners))]
    pick = near[np.arange(len(gx))[None, :], rng.integers(near.shape[1], size=(len(gy), len(gx)))]
    _apart(pick, near, found.corners, s, rng)
    out = np.zeros((len(gy) * s + 2 * p, len(gx) * s + 2 * p, 3), np.float32)
    img = found.image
    for i, row in enumerate(pick):
        for j, k in enumerate(row):      # slices, not a gather: a few microseconds a cell
            cy, cx = found.corners[k]
            out[i * s:i * s + p, j * s:j * s + p] += img[cy:cy + p, cx:cx + p] * weight
    return out[s:s + h, s:s + w]
