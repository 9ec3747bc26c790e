"""Blemish search: small dark or red spots on the skin, found across scales (`heal` takes them away).

A spot is a local maximum of the difference of Gaussians of darkness (L*) and redness (a*), together
clearly above the skin's own texture there, no larger than a fraction of the eye distance.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

FIRST_SIGMA = 1 / 60        # the smallest spot scale, x IED (at 1-inch, IED ~ 75 px: 1.25 px)
LEVELS = 4                  # scales FIRST_SIGMA * K**j: up to ~4.5 px at 1-inch
K = 1.6                     # DoG ratio between neighbouring scales
MIN_DARK = 2.0              # DoG of L*: a spot's centre at least this much darker than its ring (a
                            # Gaussian spot of sigma 1.8 px and 10 L* reads about 2.3 at the best scale)
MIN_RED = 1.5               # DoG of a*: redder than its ring
NOISE_K = 4.0              # ... and this many robust standard deviations of the skin's own DoG
MAX_SPOTS = 40
EDGE_RATIO = 6.0            # largest ratio of the Hessian's eigenvalues for a spot (SIFT uses 10)


@dataclass(frozen=True)
class Spot:
    """A found blemish: centre (x, y) and radius in px of the image searched."""

    x: float
    y: float
    r: float


def _dogs(chans: np.ndarray, sigma0: float) -> list[tuple[float, np.ndarray]]:
    """(sigma, surround minus centre) per scale: positive where a centre is lower than its ring.

    The Gaussians are built incrementally (each blurs the previous one), so the kernels stay small.
    """
    blurred = [cv2.GaussianBlur(chans, (0, 0), sigma0)]
    for j in range(LEVELS):
        step = sigma0 * np.sqrt(K ** (2 * j + 2) - K ** (2 * j))
        blurred.append(cv2.GaussianBlur(blurred[-1], (0, 0), step))
    return [(sigma0 * K ** j, blurred[j + 1] - blurred[j]) for j in range(LEVELS)]


@dataclass(frozen=True)
class Responses:
    """The strength-free part of the search, kept while a strength slider moves: per scale the DoG
    (h, w, 2: darkness, redness) and its robust standard deviation on the skin, and the skin inside."""

    levels: tuple[tuple[float, np.ndarray, tuple[float, float]], ...]
    inside: np.ndarray


def responses(lab: np.ndarray, skin: np.ndarray, ied: float) -> Responses | None:
    """The DoG responses of an 8-bit Lab image (as float32) on its skin mask; None without enough skin."""
    chans = np.dstack([lab[..., 0] * (100 / 255), 128.0 - lab[..., 1]])   # L*, and redness as "lower is redder"
    inside = skin > 0.5
    if inside.sum() < 100:
        return None
    sample = inside[::2, ::2]                                           # a quarter of the skin, for the medians
    levels = []
    for sigma, d in _dogs(chans, max(0.8, FIRST_SIGMA * ied)):
        mads = tuple(float(np.median(np.abs(d[::2, ::2, c][sample]))) * 1.4826 + 1e-3 for c in (0, 1))
        levels.append((sigma, d, mads))
    return Responses(tuple(levels), inside)


def find_spots(lab: np.ndarray, skin: np.ndarray, ied: float, strength: float,
               pre: Responses | None = None) -> list[Spot]:
    """Blemishes inside the skin mask (weight > 0.5) of an 8-bit Lab image (as float32); more sensitive at
    higher strength (0-1). `pre`: the same image's `responses`, when already made."""
    pre = pre or responses(lab, skin, ied)
    if pre is None:
        return []
    k_noise = NOISE_K * (1.3 - 0.6 * strength)
    found: list[tuple[float, int, int, float]] = []
    for sigma, d, mads in pre.levels:
        score = _evidence(d[..., 0] / max(MIN_DARK, k_noise * mads[0]), d[..., 1] / max(MIN_RED, k_noise * mads[1]))
        peak = (score >= 1.0) & pre.inside & (score == cv2.dilate(score, np.ones((3, 3), np.uint8)))
        ys, xs = np.nonzero(peak)
        keep = _round(score, ys, xs)
        found += [(float(score[y, x]), int(x), int(y), sigma) for y, x in zip(ys[keep], xs[keep])]
    return _separate(found)


def _evidence(dark: np.ndarray, red: np.ndarray) -> np.ndarray:
    """One score from the two: a spot both darker and redder than its ring (a pimple, a red mark) shows on
    both channels, so their evidence adds (root sum of squares); darker only (a freckle) or redder only (a
    flush) must pass on its own. Neither (a light patch) scores 0."""
    return cv2.magnitude(np.maximum(dark, 0.0, dtype=np.float32), np.maximum(red, 0.0, dtype=np.float32))


def _separate(found: list[tuple[float, int, int, float]]) -> list[Spot]:
    """The strongest spots first, none inside a stronger one, at most MAX_SPOTS."""
    found.sort(reverse=True)
    spots: list[Spot] = []
    for score, x, y, sigma in found:
        r = sigma * 2.0 + 1.0     # the spot's visible extent (about 2 sigma of the spot) plus a pixel
        if all(np.hypot(x - s.x, y - s.y) > max(r, s.r) for s in spots):
            spots.append(Spot(float(x), float(y), float(r)))
        if len(spots) >= MAX_SPOTS:
            break
    return spots


_SMOOTH, _SECOND, _FIRST = np.array([1., 2., 1.]), np.array([1., -2., 1.]), np.array([-1., 0., 1.])
_KXX, _KXY = np.outer(_SMOOTH, _SECOND), np.outer(_FIRST, _FIRST)   # cv2.Sobel's 3x3 kernels


def _round(score: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """For each peak (ys, xs): True when the response is a blob, not a ridge (a crease, a lid, a glasses
    rim): the Hessian's eigenvalues have one sign and a ratio under EDGE_RATIO (Lowe's edge test)."""
    if len(ys) == 0:
        return np.zeros(0, bool)
    padded = np.pad(score, 1, mode="reflect")                       # cv2's default border (reflect-101)
    win = np.stack([padded[ys + dy, xs + dx] for dy in range(3) for dx in range(3)], 1).reshape(-1, 3, 3)
    dxx = (win * _KXX).sum((1, 2))
    dyy = (win * _KXX.T).sum((1, 2))
    dxy = (win * _KXY).sum((1, 2))
    tr, det = dxx + dyy, dxx * dyy - dxy * dxy
    return (det > 0) & (tr * tr * EDGE_RATIO < (EDGE_RATIO + 1) ** 2 * det)

