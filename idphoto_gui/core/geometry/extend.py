"""Continue the body past the photo's bottom and side edges as a retoucher would (issues 17 and 25).

Works on the source region the output is warped from (box-shrunk to about output resolution). The
silhouette (silhouette.py) carries the shoulder lines on down and outward; the head is never extended.
The new area is quilted (quilt.py) from patches of the person's own clothing band (garment.py), each cut
into what is already there along a minimum-error boundary, first beside the region (shoulders), then below
it. Below the bottom edge a smooth colour correction, fading over half a patch, takes the colour of the
last real row (neck, hair, collar) into the texture, so no row shows a step and hair or skin end in a
short fade; nothing is mirrored or stretched. Too little clothing to copy: a plain garment shade with a
fine fabric noise (`plain`, said in the finding). Deterministic (fixed seed).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import garment, quilt
from .silhouette import Hint, pad_alpha

__all__ = ["Continued", "Hint", "continue_body"]

MAX_CELLS = 150        # more patches than this: the texture is made at half the resolution (cost bound)
PATCH_FRAC = 0.09      # patch side: 9 % of the region's width (a fold or a lapel, not a thread)
MIN_PATCH_PX = 6
MIN_CANDIDATES_PATCHES = 12
SIDE_BAND_FRAC = 0.025  # the shoulder slope at a side edge is read over this share of the long side
FADE_PATCHES = 0.5     # the last real row's colour fades into the texture over half a patch
EDGE_ROWS = 2          # the region's last rows are painted over too (the matte darkens at a photo's edge):
EDGE_FRAC = 0.015      # at least 2 rows, 1.5 % of the region's height
DIFFUSE_STEPS = 3      # smoothing steps along the row per row down (the seam's correction spreads sideways)
PLAIN_FADE_FRAC = 0.02  # ... into a plain garment over 2 % of the width (a neck ends at the collar)


@dataclass(frozen=True)
class Continued:
    """The padded region: foreground, alpha and whether it had to be painted plain."""

    foreground: np.ndarray  # (h + bottom, left + w + right, 3) uint8
    alpha: np.ndarray       # float32
    plain: bool = False     # too little clothing to copy: a plain garment shade


def _sample(fg: np.ndarray, alpha: np.ndarray, hint: Hint | None, rng):
    """Patches of the clothing band (largest size that fits, down to MIN_PATCH_PX) and the plain shade."""
    y0, valid = garment.clothing(fg, alpha, hint)
    shade = garment.plain_shade(fg, alpha, y0, valid)
    size = max(MIN_PATCH_PX, int(round(PATCH_FRAC * alpha.shape[1])))
    while size >= MIN_PATCH_PX:
        found = quilt.sample_patches(fg[y0:], valid, size, rng)
        if found is not None and len(found.corners) >= MIN_CANDIDATES_PATCHES:
            return found, shade, y0, valid
        size = int(size * 0.7)
    return None, shade, y0, valid


def _fade_seam(canvas: np.ndarray, before: np.ndarray, alpha: np.ndarray, h: int, left: int, fade: float) -> None:
    """Below the bottom edge: add the difference between the last real row and the first painted one,
    spread along the row as it goes down and fading out with depth (the membrane Poisson blending would
    give), so the first painted row continues the real one and no row shows a step."""
    depth = canvas.shape[0] - h
    if depth <= 0:
        return
    cols = slice(left, left + alpha.shape[1])
    weight = np.clip(alpha[h - 1], 0.0, 1.0).astype(np.float32)[None] + 1e-3
    real = before[h - 1]
    painted = canvas[h, cols]
    offset = ((real - painted) * weight[0][:, None])[None]          # (1, w, 3)
    rows = int(min(depth, np.ceil(4 * max(fade, 1.0))))           # below, exp(-4) < 2 %: nothing to add
    spread = offset[0] / weight[0][:, None]
    wsum = weight[0].copy()
    for d in range(rows):   # each row down, the offset diffuses one step along the row (as heat would)
        canvas[h + d, cols] += np.exp(-d / max(fade, 1.0)) * spread
        num, den = spread * wsum[:, None], wsum[:, None]
        for _ in range(DIFFUSE_STEPS):
            num, den = _diffuse(num), _diffuse(den)
        wsum = den[:, 0]
        spread = num / np.maximum(wsum, 1e-6)[:, None]


def _diffuse(x: np.ndarray) -> np.ndarray:
    """One [1 2 1] / 4 smoothing step along axis 0 (edges reflected)."""
    out = 0.5 * x
    out[1:] += 0.25 * x[:-1]
    out[:-1] += 0.25 * x[1:]
    out[0] += 0.25 * x[0]
    out[-1] += 0.25 * x[-1]
    return out


def _column_colour(canvas: np.ndarray, band: np.ndarray, valid: np.ndarray, h: int, left: int, size: int) -> None:
    """Below the bottom edge: set the texture's local colour to the colour of the clothing over the same
    column (a shirt front stays a shirt front, a lapel a lapel; a neck column takes the clothing beside it),
    so only the texture is copied from elsewhere. The seam's own fade (_fade_seam) then joins the last row."""
    depth = canvas.shape[0] - h
    if depth <= 0 or not valid.any():
        return
    w = valid.shape[1]
    cols = slice(left, left + w)
    weight = valid.astype(np.float32)
    num = (band * weight[..., None]).sum(axis=0)[None]
    den = weight.sum(axis=0)[None]
    narrow, wide = (_clothing_field(num, den, width) for width in (2 * size, w // 3))
    depth_mix = 1.0 - np.exp(-np.arange(depth, dtype=np.float32) / (2.0 * size))[:, None, None]
    field = narrow + depth_mix * (wide - narrow)      # column by column at the seam, evening out below
    pad = canvas[h:, cols]
    k = 2 * (max(1, size // 2)) + 1
    local = cv2.blur(cv2.blur(pad, (k, k), borderType=cv2.BORDER_REFLECT), (k, k), borderType=cv2.BORDER_REFLECT)
    pad += field - local


def _clothing_field(num: np.ndarray, den: np.ndarray, width: int) -> np.ndarray:
    """Mean clothing colour per column over `width` columns, wider where a column has no clothing near it."""
    w = num.shape[1]
    field = np.zeros(num.shape, np.float32)
    have = np.zeros(den.shape + (1,), bool)
    for wd in (max(3, width), max(3, w // 4), 2 * w + 1):
        k = (2 * (wd // 2) + 1, 1)
        n = cv2.blur(num, k, borderType=cv2.BORDER_REPLICATE)
        d = cv2.blur(den, k, borderType=cv2.BORDER_REPLICATE)[..., None]
        field = np.where(~have & (d > 1e-3), n / np.maximum(d, 1e-6), field)
        have |= d > 1e-3
    return field


def _quilt_sides(canvas, known, todo, sample, h: int, left: int, w: int, rng) -> None:
    """The shoulders beside the region (rows above its bottom edge), right then left (mirrored view)."""
    p = sample.size
    o = max(1, int(round(quilt.OVERLAP_FRAC * p)))
    side = todo.copy()
    side[h:] = False
    right = side.copy()
    right[:, :left + w] = False
    if right.any():
        quilt.fill(canvas, known, right, sample, (int(np.flatnonzero(right.any(axis=1))[0]), left + w - o), rng,
                   (1.0, -left))
    lft = side.copy()
    lft[:, left:] = False
    if lft.any():
        c, k, t = canvas[:, ::-1], known[:, ::-1], lft[:, ::-1]   # views: quilt.fill writes through them
        quilt.fill(c, k, np.ascontiguousarray(t), sample,
                   (int(np.flatnonzero(t.any(axis=1))[0]), canvas.shape[1] - left - o), rng,
                   (-1.0, canvas.shape[1] - 1 - left))


def continue_body(fg: np.ndarray, alpha: np.ndarray, *, bottom: int = 0, left: int = 0, right: int = 0,
                  hint: Hint | None = None, coarse: bool = False) -> Continued:
    """The region padded below and beside with the body continued; sizes grow by the pads (pixels).

    `coarse`: the region has at least twice the output's resolution, so the texture is made at half of it
    (a quarter of the cost, no detail lost in the output); the region itself and the outline stay sharp.
    """
    alpha = np.asarray(alpha, np.float32)
    edge = max(EDGE_ROWS, int(round(EDGE_FRAC * alpha.shape[0])))
    if bottom and alpha.shape[0] > 8 * edge:   # the photo's last rows: matting there is unreliable
        fg, alpha, bottom = fg[:-edge], alpha[:-edge], bottom + edge
    h, w = alpha.shape
    if min(h, w) < 2:
        bottom = left = right = 0
    band = max(2, int(round(SIDE_BAND_FRAC * max(h, w))))
    out_a = pad_alpha(alpha, bottom=bottom, left=left, right=right, band=min(band, w - 1), hint=hint)
    order = (2, 1) if coarse else (1, 2)
    first = _at_scale(fg, alpha, out_a, bottom=bottom, left=left, right=right, hint=hint, factor=order[0],
                      max_cells=MAX_CELLS)
    if first is not None and not first.plain:
        return first
    second = _at_scale(fg, alpha, out_a, bottom=bottom, left=left, right=right, hint=hint, factor=order[1],
                       max_cells=None if first is None else MAX_CELLS)
    return second if second is not None and (first is None or not second.plain) else first


def _at_scale(fg, alpha, out_a, *, bottom: int, left: int, right: int, hint: Hint | None, factor: int,
              max_cells: int | None) -> Continued | None:
    """continue_body's texture made at 1/factor of the region's resolution and scaled back under the sharp
    region (None: it would take more than max_cells patches)."""
    if factor == 1 or min(alpha.shape) < 8 * factor:
        painted = _paint(fg, alpha, out_a, bottom=bottom, left=left, hint=hint, max_cells=max_cells)
        return None if painted is None else Continued(painted[0], out_a, plain=painted[1])
    h, w = alpha.shape
    up = lambda n: -(-n // factor)  # noqa: E731
    small_fg = cv2.resize(fg, (up(w), up(h)), interpolation=cv2.INTER_AREA)
    small_a = cv2.resize(alpha, (up(w), up(h)), interpolation=cv2.INTER_AREA)
    b, l, r = up(bottom), up(left), up(right)
    hint_s = None if hint is None else Hint((hint.chin_x + 0.5) / factor - 0.5, (hint.chin_y + 0.5) / factor - 0.5,
                                            hint.face_w / factor, hint.face_h / factor)
    small_out = pad_alpha(small_a, bottom=b, left=l, right=r, band=max(2, min(small_a.shape) // 40), hint=hint_s)
    painted = _paint(small_fg, small_a, small_out, bottom=b, left=l, hint=hint_s, max_cells=max_cells)
    if painted is None:
        return None
    small, plain = painted
    big = cv2.resize(small, (factor * small.shape[1], factor * small.shape[0]), interpolation=cv2.INTER_LINEAR)
    x0 = factor * l - left   # the big canvas has factor*l columns left of the region, we want `left`
    out = np.ascontiguousarray(big[:h + bottom, x0:x0 + left + w + right])
    out[:h, left:left + w] = fg
    return Continued(out, out_a, plain=plain)


def _paint(fg: np.ndarray, alpha: np.ndarray, out_a: np.ndarray, *, bottom: int, left: int,
           hint: Hint | None, max_cells: int | None = None) -> tuple[np.ndarray, bool] | None:
    """The padded canvas's colours: the region, the quilted (or plain) body, the faded seam (None: the
    quilt would take more than max_cells patches).

    Only the rows from the top of the side pads' body (or a patch above the bottom edge) are worked on."""
    h, w = alpha.shape
    rng = np.random.default_rng(quilt.SEED)
    sample, shade, band_y, valid = _sample(fg, alpha, hint, rng)
    todo = cv2.dilate((out_a > 0.01).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    todo[:h, left:left + w] = False
    if sample is not None and max_cells is not None:
        stride = sample.size - max(1, int(round(quilt.OVERLAP_FRAC * sample.size)))
        if todo.sum() > max_cells * stride * stride:
            return None
    out = np.empty(out_a.shape + (3,), np.uint8)
    p = sample.size if sample is not None else MIN_PATCH_PX
    rows = np.flatnonzero(todo.any(axis=1))
    y0 = max(0, min(int(rows[0]) if len(rows) else h, h - 2 * p))
    base = shade if sample is None else sample.mean()
    canvas = np.empty((out_a.shape[0] - y0, out_a.shape[1], 3), np.float32)
    canvas[:] = base
    canvas[:h - y0, left:left + w] = fg[y0:]
    pad = np.ones(canvas.shape[:2], bool)
    pad[:h - y0, left:left + w] = False
    if sample is None:
        canvas[pad] = garment.fabric(canvas.shape[:2], shade, rng)[pad]
        fade = max(2.0, PLAIN_FADE_FRAC * w)
    else:
        known = np.zeros(canvas.shape[:2], bool)
        known[:h - y0, left:left + w] = alpha[y0:] > garment.SOLID
        todo = todo[y0:]
        _quilt_sides(canvas, known, todo, sample, h - y0, left, w, rng)
        below = todo.copy()
        below[:h - y0] = False
        if below.any():
            o = max(1, int(round(quilt.OVERLAP_FRAC * sample.size)))
            quilt.fill(canvas, known, below, sample, (h - y0 - o, 0), rng, (1.0, -left))
        _column_colour(canvas, fg[band_y:].astype(np.float32), valid, h - y0, left, sample.size)
        fade = FADE_PATCHES * sample.size
    _fade_seam(canvas, fg[y0:].astype(np.float32), alpha[y0:], h - y0, left, fade)
    out[:y0] = np.clip(base + 0.5, 0, 255).astype(np.uint8)   # beside the head (alpha 0 there: never shown)
    out[:y0, left:left + w] = fg[:y0]
    np.clip(canvas + 0.5, 0, 255, out=canvas)
    out[y0:] = canvas.astype(np.uint8)                          # the region's own pixels come back unchanged
    return out, sample is None
