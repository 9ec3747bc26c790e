"""Colour-line alpha in the soft band: hair gaps the network left too opaque let the old wall through.

Each soft pixel I is taken as a mix of a local foreground colour F (nearest solid pixels) and a
local background colour B (nearest clear pixels, see fill.py), so alpha = (I - B).(F - B) / |F - B|^2.
On a textured wall B is also sampled (sampling.py): each pixel keeps whichever background it fits better.
That estimate replaces the network's where it can be trusted: F and B far apart (else any alpha explains the
pixel) and I close to the line between them (else the two-colour model does not hold there). Settings
were chosen with tools/eval_matting.py (docs/adr/0002).
"""
from __future__ import annotations

import cv2
import numpy as np

from .foreground import mask_pixels, sample_at
from .fill import CLEAR, SOLID, Fills, as_fills, pure_colours, push_pull, small_copies, wide
from .sampling import best_fit, choose

EDGE = 0.98             # the band is every pixel within one low-res pixel of alpha below this...
LOW = 0.005             # ...whose alpha is above this
SEPARATION = (0.04, 0.12)   # |F - B| (0-1 RGB) from which the estimate starts / fully counts
FIT = 0.04              # distance from the F-B line (0-1 RGB) at which the estimate stops counting
SMOOTH = 3              # box size (full-res px) the alpha change is smoothed with: no speckled patches
SOFT = (0.005, 0.995)   # alpha range whose colours decontaminate() replaces
LINE_FAR = 0.1          # the colour line's F: solid pixels this far (0-1 RGB) from the wall colour...
LINE_SHARE = 0.1        # ...wherever they are at least this share of the window around
GAP_RIM = 12            # clear_gaps looks this many low-res (fill.SIDE) pixels into the opaque side...
GAP_SEPARATION = (0.15, 0.30)   # ...only where F and B are this far apart (grey hair on grey wall: never)...
GAP_EST = (0.5, 0.2)    # ...and lowers alpha where the estimate is below 0.5, fully below 0.2...
GAP_FAR = 0.3           # ...with hair = solid pixels this far (0-1 RGB) from the local wall colour...
GAP_SHARE = (0.3, 0.5)  # ...making up this share of the window around (else no hair is near: untouched)
GAP_FIT = 0.06          # distance from the hair-wall line (0-1 RGB) at which a gap pixel stops counting,
GAP_REL = 0.35          # or this share of |F - B| when larger
GAP_TOP = 0.25          # share of the subject's height, from its top, that clear_gaps looks at
GAP_PRE = 0.85          # low-res estimate below which a pixel's full-res neighbours are examined
GAP_DEEP = (0.3, 24)    # deeper than GAP_RIM: low-res pixels under this estimate, joined to the rim
                        # through such pixels, up to this many low-res pixels from the band (streaks)...
GAP_ANCHOR = 0.6        # ...where at least this share of such a streak lies within the rim
_EPS = 1e-6


def _near_edge(al: np.ndarray) -> np.ndarray:
    """Low-res uint8 mask of the pixels within one pixel of alpha below EDGE."""
    return cv2.dilate((al < EDGE).astype(np.uint8), np.ones((3, 3), np.uint8))


def _band(near_lo: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Full-resolution (ys, xs) of the soft band and its one-pixel (low-res) rim of near-opaque pixels,
    from the low-res `_near_edge` mask."""
    h, w = a.shape
    near = cv2.resize(near_lo, (w, h), interpolation=cv2.INTER_NEAREST)
    return mask_pixels((near > 0) & (a > LOW))


def _line(rgb: np.ndarray, pure: tuple[np.ndarray, np.ndarray], ys: np.ndarray, xs: np.ndarray,
          separation: tuple[float, float], *, fit: float = FIT, segment: bool = True,
          sampled: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Colour-line alpha estimate of the pixels (ys, xs) and how far to trust it (0-1).

    The fit is the distance to the segment F-B, or with `segment` False to the whole line, allowed to grow
    with |F - B| (a gap can be brighter or warmer than the wall's local mean and still be wall).
    `sampled` (a low-res background image and where it is not pure[1], from sampling.choose) is a second
    background candidate; each pixel keeps the one it fits better (segment only)."""
    full = rgb.shape[:2]
    f, b = sample_at(pure[0], ys, xs, full), sample_at(pure[1], ys, xs, full)
    img = rgb[ys, xs].astype(np.float32) * np.float32(1.0 / 255.0)
    lo, hi = separation
    if segment:
        b = np.ascontiguousarray(b.T)
        bs = b[None] if sampled is None else np.stack([b, _sampled(sampled, ys, xs, full, b)])
        est, dist, sep, _ = best_fit(np.ascontiguousarray(img.T), np.ascontiguousarray(f.T), bs)
        close = np.clip(1.0 - dist / fit, 0.0, 1.0)
        return est, np.clip((sep - lo) / (hi - lo), 0.0, 1.0) * close
    d = f - b
    dd = np.einsum("ij,ij->i", d, d)
    raw = np.einsum("ij,ij->i", img - b, d) / (dd + _EPS)
    off = img - b - raw[:, None] * d
    reach = np.maximum(fit, GAP_REL * np.sqrt(dd))
    close = np.clip(1.0 - np.sqrt(np.einsum("ij,ij->i", off, off)) / reach, 0.0, 1.0)
    return np.clip(raw, 0.0, 1.0), np.clip((np.sqrt(dd) - lo) / (hi - lo), 0.0, 1.0) * close


def _sampled(sampled: tuple[np.ndarray, np.ndarray], ys: np.ndarray, xs: np.ndarray,
             full: tuple[int, int], smooth: np.ndarray) -> np.ndarray:
    """(3, N) sampled background of the full-res pixels (ys, xs): the low-res pixel's pick where it made
    one, else `smooth` (3, N)."""
    colours, pick = sampled
    sh, sw = pick.shape
    ly = np.minimum((2 * ys + 1) * sh // (2 * full[0]), sh - 1)
    lx = np.minimum((2 * xs + 1) * sw // (2 * full[1]), sw - 1)
    out = smooth.copy()
    moved = np.flatnonzero(pick[ly, lx])
    out[:, moved] = colours[ly[moved], lx[moved]].T
    return out


def _apply(a: np.ndarray, ys: np.ndarray, xs: np.ndarray, change: np.ndarray) -> np.ndarray:
    """a plus the per-pixel change, smoothed over SMOOTH px so patches where the wall shows do not speckle
    (on the changed pixels' bounding box only)."""
    r = SMOOTH
    y0, y1 = max(0, int(ys.min()) - r), min(a.shape[0], int(ys.max()) + r + 1)
    x0, x1 = max(0, int(xs.min()) - r), min(a.shape[1], int(xs.max()) + r + 1)
    box = np.zeros((y1 - y0, x1 - x0), np.float32)
    box[ys - y0, xs - x0] = change
    out = a.copy()
    roi = out[y0:y1, x0:x1]
    roi += cv2.blur(box, (SMOOTH, SMOOTH), borderType=cv2.BORDER_CONSTANT)
    np.clip(roi, 0.0, 1.0, out=roi)
    return out


def _line_colours(rgb: np.ndarray, a: np.ndarray,
                  small: Fills | np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Pure foreground and background at SIDE px for the colour line, the alpha and the image there.

    Where solid pixels unlike the wall (LINE_FAR) are around, the foreground comes from those only: wall
    seen through gaps the matte calls solid would otherwise pull F towards B (measured: leakage -12%)."""
    fills = as_fills(rgb, small)
    img, al = small_copies(rgb, a, small=fills)
    hair, bg, share = _hair_colours(fills, al, LINE_FAR)
    t = wide(np.clip(share * np.float32(1.0 / LINE_SHARE), 0.0, 1.0))
    return hair * t + fills.fill(al > SOLID) * (1.0 - t), bg, al, img


def refine_alpha(rgb: np.ndarray, alpha: np.ndarray, *, strength: float = 1.0,
                 small: Fills | np.ndarray | None = None, sample: bool = True) -> np.ndarray:
    """Alpha with the colour-line estimate blended in where it is trustworthy (strength 0 = unchanged).

    `small` is fill.small_image(rgb) (or its Fills) when the caller already has it (matte() makes it once);
    `sample` offers the nearest clear pixels from four sides as well as the smooth background (textured walls)."""
    a = np.clip(alpha.astype(np.float32, copy=False), 0.0, 1.0)
    if strength <= 0.0:
        return a
    fg, bg, al, img = _line_colours(rgb, a, small)
    near_lo = _near_edge(al)
    ys, xs = _band(near_lo, a)
    if not ys.size:
        return a
    sampled = None
    if sample:
        sampled = choose(img, fg, bg, (near_lo > 0) & (al > LOW), al < CLEAR)
    est, trust = _line(rgb, (fg, bg), ys, xs, SEPARATION, sampled=sampled)
    return _apply(a, ys, xs, trust * np.float32(min(strength, 1.0)) * (est - a[ys, xs]))


def _hair_colours(fills: Fills, al: np.ndarray, far: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Local hair colour (nearest solid pixels unlike the wall), wall colour and share of such pixels.

    The plain pure foreground is no good in curls: wall seen through gaps the matte calls solid counts
    as foreground there. Solid pixels at least `far` from the local wall colour are hair (or skin)."""
    img = fills.img
    bg = fills.fill(al < CLEAR)
    unlike = ((al > SOLID) & (_norm3(img - bg) > far)).astype(np.float32)
    k = 2 * GAP_RIM + 1
    share = cv2.blur(unlike, (k, k), borderType=cv2.BORDER_REPLICATE)
    return push_pull(img, unlike), bg, share


def _gap_candidates(img: np.ndarray, al: np.ndarray, fg: np.ndarray, bg: np.ndarray,
                    share: np.ndarray) -> np.ndarray:
    """Low-res mask of where gaps may be: hair around, top of the subject, and the low-res pixel itself on
    the hair-wall line short of GAP_PRE (a gap narrower than a low-res pixel mixes with the hair around
    it), within GAP_RIM of the soft band or joined to it by wall-like pixels (GAP_DEEP); dilated by one
    pixel. Full-res work is limited to it (speed)."""
    hair = (share > GAP_SHARE[0]).astype(np.uint8)
    rows = np.flatnonzero((al > 0.5).any(axis=1))
    if rows.size:   # hair is at the top of the subject; below, textured clothes can look like gaps
        hair[round(rows[0] + GAP_TOP * (rows[-1] + 1 - rows[0])):] = 0
    d = fg - bg
    dd = np.einsum("ijk,ijk->ij", d, d)
    est = np.einsum("ijk,ijk->ij", img - bg, d) / (dd + _EPS)
    maybe = ((est < GAP_PRE) & (dd > GAP_SEPARATION[0] ** 2) & (al >= 0.5)).astype(np.uint8)
    edge = (al < EDGE).astype(np.uint8)
    rim = _reach(edge, GAP_RIM, hair) & hair
    out = rim & cv2.dilate(maybe, np.ones((3, 3), np.uint8))
    return out | (cv2.dilate(_streaks(maybe & (est < GAP_DEEP[0]) & hair & _reach(edge, GAP_DEEP[1], hair), rim),
                             np.ones((3, 3), np.uint8)) & hair)


def _reach(mask: np.ndarray, r: int, within: np.ndarray | None = None) -> np.ndarray:
    """uint8 mask of the pixels within r pixels (a disc) of `mask`; with `within`, worked out only inside
    the bounding box of its nonzero pixels (0 outside: the callers AND the result with it), which spares
    dilating the rest of the frame with a large disc (the same pixels where it matters; ADR 0016 round 5)."""
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    if within is None:
        return cv2.dilate(mask, disc)
    x, y, w, h = cv2.boundingRect(within)
    out = np.zeros_like(mask)
    if not (w and h):
        return out
    y0, x0 = max(0, y - r), max(0, x - r)
    grown = cv2.dilate(mask[y0:min(mask.shape[0], y + h + r), x0:min(mask.shape[1], x + w + r)], disc)
    out[y:y + h, x:x + w] = grown[y - y0:y - y0 + h, x - x0:x - x0 + w]
    return out


def _norm3(v: np.ndarray) -> np.ndarray:
    """Length over the last axis of (H, W, 3) float32, the same bits as np.linalg.norm(v, axis=2), whose
    reduction runs three elements at a time (~7x slower on a 500 px image)."""
    sq = [c * c for c in cv2.split(v)]
    return np.sqrt((sq[0] + sq[1]) + sq[2])


def _streaks(wall: np.ndarray, rim: np.ndarray) -> np.ndarray:
    """uint8 mask of the 8-connected parts of `wall` that lie mostly (GAP_ANCHOR) within `rim`.

    A streak of wall between curls can run deeper than GAP_RIM (portraits/06: 12-19 low-res pixels from
    the band, left half-cleared at the rim's border), so such parts are followed past the rim; a part
    lying mostly deeper is skin or blonde hair like the wall (a forehead under a cream wall), not a gap."""
    n, labels = cv2.connectedComponents(wall, connectivity=8)
    inside = np.bincount(labels[rim > 0], minlength=n)
    keep = (inside >= GAP_ANCHOR * np.bincount(labels.ravel(), minlength=n)).astype(np.uint8)
    keep[0] = 0
    return keep[labels]


def clear_gaps(rgb: np.ndarray, alpha: np.ndarray, *, small: Fills | np.ndarray | None = None) -> np.ndarray:
    """Alpha lowered in opaque-called pixels near the edge that look like the old wall (gaps between curls).

    Only pixels within GAP_RIM low-res pixels of the soft band in the top GAP_TOP of the subject, only
    downwards, only where hair unlike the wall is nearby (GAP_SHARE of the window), and only where the
    pixel sits on the line between clearly different local hair and wall colours, nearer the wall: a
    shirt matching the wall has no hair around it, grey hair on a grey wall fails the separation test.
    """
    a = alpha.astype(np.float32, copy=False)
    fills = as_fills(rgb, small)
    img, al = small_copies(rgb, a, small=fills)
    fg, bg, share = _hair_colours(fills, al, GAP_FAR)
    near = _gap_candidates(img, al, fg, bg, share)
    rows = np.flatnonzero(near.any(axis=1))
    if not rows.size:
        return a
    h, w = a.shape
    end = min(h, -(-(rows[-1] + 1) * h // near.shape[0]))   # full-res work stops below the last candidate
    near = cv2.resize(near, (w, h), interpolation=cv2.INTER_NEAREST)[:end]
    ys, xs = mask_pixels((near > 0) & (a[:end] >= 0.5))
    if not ys.size:
        return a
    est, trust = _line(rgb, (fg, bg), ys, xs, GAP_SEPARATION, fit=GAP_FIT, segment=False)
    hi, lo = GAP_EST
    s0, s1 = GAP_SHARE
    trust *= np.clip((hi - est) / (hi - lo), 0.0, 1.0)
    sh, sw = share.shape
    trust *= np.clip((share[ys * sh // h, xs * sw // w] - s0) / (s1 - s0), 0.0, 1.0)
    return _apply(a, ys, xs, trust * np.minimum(est - a[ys, xs], 0.0))


def decontaminate(rgb: np.ndarray, alpha: np.ndarray, fg: np.ndarray, *,
                  small: Fills | np.ndarray | None = None) -> np.ndarray:
    """Foreground colours with the local pure background taken out of the soft band.

    F = I + (1 - alpha) (Fpure - Bpure) reproduces the photo as alpha F + (1 - alpha) Bpure, so no
    share of the old wall stays in F; Fpure/Bpure are the nearest solid / clear colours, closer to
    the real colours than blur-fusion's wide means (measured: less old colour left, ADR 0002).
    """
    a = alpha.astype(np.float32, copy=False)
    ys, xs = mask_pixels((a > SOFT[0]) & (a < SOFT[1]))
    if not ys.size:
        return fg
    pure_f, pure_b, _ = pure_colours(rgb, a, small=small)
    full = a.shape
    f, b = sample_at(pure_f, ys, xs, full), sample_at(pure_b, ys, xs, full)
    img = rgb[ys, xs].astype(np.float32) * np.float32(1.0 / 255.0)
    new = img + wide(1.0 - a[ys, xs]) * (f - b)
    out = fg.copy()
    out[ys, xs] = cv2.convertScaleAbs(np.clip(new, 0.0, 1.0), alpha=255.0, beta=0.5).reshape(-1, 3)
    return out
