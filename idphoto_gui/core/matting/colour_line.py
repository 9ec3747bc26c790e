"""Colour-line alpha in the soft band: hair gaps the network left too opaque let the old wall through.

Each soft pixel I is taken as a mix of a local foreground colour F (nearest solid pixels) and a
local background colour B (nearest clear pixels, see fill.py), so alpha = (I - B).(F - B) / |F - B|^2.
That estimate replaces the network's where it can be trusted: F and B far apart (else any alpha explains the
pixel) and I close to the line between them (else the two-colour model does not hold there). Settings
were chosen with tools/eval_matting.py (docs/adr/0002).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..foreground import sample_at
from .fill import pure_colours, push_pull

EDGE = 0.98             # the band is every pixel within one low-res pixel of alpha below this...
LOW = 0.005             # ...whose alpha is above this
SEPARATION = (0.04, 0.12)   # |F - B| (0-1 RGB) from which the estimate starts / fully counts
FIT = 0.04              # distance from the F-B line (0-1 RGB) at which the estimate stops counting
SMOOTH = 3              # box size (full-res px) the alpha change is smoothed with: no speckled patches
SOFT = (0.005, 0.995)   # alpha range whose colours decontaminate() replaces
GAP_RIM = 12            # clear_gaps looks this many low-res (fill.SIDE) pixels into the opaque side...
GAP_SEPARATION = (0.15, 0.30)   # ...only where F and B are this far apart (grey hair on grey wall: never)...
GAP_EST = (0.5, 0.2)    # ...and lowers alpha where the estimate is below 0.5, fully below 0.2...
GAP_FAR = 0.2           # ...with hair = solid pixels this far (0-1 RGB) from the local wall colour...
GAP_SHARE = (0.2, 0.4)  # ...making up this share of the window around (else no hair is near: untouched)
GAP_FIT = 0.06          # distance from the hair-wall line (0-1 RGB) at which a gap pixel stops counting,
GAP_REL = 0.35          # or this share of |F - B| when larger
_EPS = 1e-6


def _band(al: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Full-resolution (ys, xs) of the soft band and its one-pixel (low-res) rim of near-opaque pixels."""
    h, w = a.shape
    near = cv2.dilate((al < EDGE).astype(np.uint8), np.ones((3, 3), np.uint8))
    near = cv2.resize(near, (w, h), interpolation=cv2.INTER_NEAREST)
    return np.nonzero((near > 0) & (a > LOW))


def _line(rgb: np.ndarray, pure: tuple[np.ndarray, np.ndarray], ys: np.ndarray, xs: np.ndarray,
          separation: tuple[float, float], *, fit: float = FIT,
          segment: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Colour-line alpha estimate of the pixels (ys, xs) and how far to trust it (0-1).

    The fit is the distance to the segment F-B, or with `segment` False to the whole line, allowed to grow
    with |F - B| (a gap can be brighter or warmer than the wall's local mean and still be wall)."""
    full = rgb.shape[:2]
    f, b = sample_at(pure[0], ys, xs, full), sample_at(pure[1], ys, xs, full)
    img = rgb[ys, xs].astype(np.float32) * np.float32(1.0 / 255.0)
    d = f - b
    dd = np.einsum("ij,ij->i", d, d)
    raw = np.einsum("ij,ij->i", img - b, d) / (dd + _EPS)
    est = np.clip(raw, 0.0, 1.0)
    off = img - b - (est if segment else raw)[:, None] * d
    reach = fit if segment else np.maximum(fit, GAP_REL * np.sqrt(dd))
    close = np.clip(1.0 - np.sqrt(np.einsum("ij,ij->i", off, off)) / reach, 0.0, 1.0)
    lo, hi = separation
    return est, np.clip((np.sqrt(dd) - lo) / (hi - lo), 0.0, 1.0) * close


def _apply(a: np.ndarray, ys: np.ndarray, xs: np.ndarray, change: np.ndarray) -> np.ndarray:
    """a plus the per-pixel change, smoothed over SMOOTH px so patches where the wall shows do not speckle."""
    full = np.zeros_like(a)
    full[ys, xs] = change
    out = a + cv2.blur(full, (SMOOTH, SMOOTH))
    return np.clip(out, 0.0, 1.0, out=out)


def refine_alpha(rgb: np.ndarray, alpha: np.ndarray, *, strength: float = 1.0) -> np.ndarray:
    """Alpha with the colour-line estimate blended in where it is trustworthy (strength 0 = unchanged)."""
    a = np.clip(alpha.astype(np.float32, copy=False), 0.0, 1.0)
    if strength <= 0.0:
        return a
    fg, bg, al = pure_colours(rgb, a)
    ys, xs = _band(al, a)
    if not ys.size:
        return a
    est, trust = _line(rgb, (fg, bg), ys, xs, SEPARATION)
    return _apply(a, ys, xs, trust * np.float32(min(strength, 1.0)) * (est - a[ys, xs]))


def _hair_colours(rgb: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Local hair colour (nearest solid pixels unlike the wall), wall colour, share of such pixels, alpha.

    The plain pure foreground is no good in curls: wall seen through gaps the matte calls solid counts
    as foreground there. Solid pixels at least GAP_FAR from the local wall colour are hair (or skin)."""
    _, bg, al = pure_colours(rgb, a)
    img = cv2.resize(rgb, (al.shape[1], al.shape[0]), interpolation=cv2.INTER_AREA).astype(np.float32)
    img *= np.float32(1.0 / 255.0)
    unlike = ((al > 0.95) & (np.linalg.norm(img - bg, axis=2) > GAP_FAR)).astype(np.float32)
    k = 2 * GAP_RIM + 1
    share = cv2.blur(unlike, (k, k), borderType=cv2.BORDER_REPLICATE)
    return push_pull(img, unlike), bg, share, al


def clear_gaps(rgb: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """Alpha lowered in opaque-called pixels near the edge that look like the old wall (gaps between curls).

    Only pixels within GAP_RIM low-res pixels of the soft band, only downwards, only where hair unlike the
    wall is nearby (GAP_SHARE of the window), and only where the pixel sits on the line between clearly
    different local hair and wall colours, nearer the wall: a shirt matching the wall has no hair around
    it, grey hair on a grey wall fails the separation test.
    """
    a = alpha.astype(np.float32, copy=False)
    fg, bg, share, al = _hair_colours(rgb, a)
    k = 2 * GAP_RIM + 1
    near = cv2.dilate((al < EDGE).astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    near &= (share > GAP_SHARE[0]).astype(np.uint8)
    near = cv2.resize(near, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_NEAREST)
    ys, xs = np.nonzero((near > 0) & (a >= 0.5))
    if not ys.size:
        return a
    est, trust = _line(rgb, (fg, bg), ys, xs, GAP_SEPARATION, fit=GAP_FIT, segment=False)
    hi, lo = GAP_EST
    s0, s1 = GAP_SHARE
    trust *= np.clip((hi - est) / (hi - lo), 0.0, 1.0)
    trust *= np.clip((sample_at(share[..., None].repeat(3, 2), ys, xs, a.shape)[:, 0] - s0) / (s1 - s0), 0.0, 1.0)
    return _apply(a, ys, xs, trust * np.minimum(est - a[ys, xs], 0.0))


def decontaminate(rgb: np.ndarray, alpha: np.ndarray, fg: np.ndarray) -> np.ndarray:
    """Foreground colours with the local pure background taken out of the soft band.

    F = I + (1 - alpha) (Fpure - Bpure) reproduces the photo as alpha F + (1 - alpha) Bpure, so no
    share of the old wall stays in F; Fpure/Bpure are the nearest solid / clear colours, closer to
    the real colours than blur-fusion's wide means (measured: less old colour left, ADR 0002).
    """
    a = alpha.astype(np.float32, copy=False)
    ys, xs = np.nonzero((a > SOFT[0]) & (a < SOFT[1]))
    if not ys.size:
        return fg
    pure_f, pure_b, _ = pure_colours(rgb, a)
    full = a.shape
    f, b = sample_at(pure_f, ys, xs, full), sample_at(pure_b, ys, xs, full)
    img = rgb[ys, xs].astype(np.float32) * np.float32(1.0 / 255.0)
    new = img + (1.0 - a[ys, xs])[:, None] * (f - b)
    out = fg.copy()
    out[ys, xs] = cv2.convertScaleAbs(np.clip(new, 0.0, 1.0), alpha=255.0, beta=0.5).reshape(-1, 3)
    return out
