"""Continue the body past the photo's bottom and side edges as a retoucher would (issue 25).

Works on the source region the output is warped from (box-shrunk to about output resolution). The
silhouette (silhouette.py) carries the shoulder lines on down and outward; the head is never extended.
The new area is a colour model plus a texture. The colour: each column continues the colour of its last
real rows, and turns into the colour of the clothing over that column (clothing.py): slowly where the edge
is clothing, within a short fade where it is hair (strands crossing the cut end each at their own length,
along their slant, in locks), and where it is the neck only once the neck would naturally end; the deeper,
the more the columns even out along the row (no column's colour runs down as a streak). The texture:
the clothing's own fine detail in soft-edged patches (texture.py). A fading correction joins the first
painted row to the last real one, so no row shows a step. Nothing is mirrored or stretched. Too little
clothing to copy: a plain garment shade with a fine fabric noise (`plain`, said in the finding).
Deterministic (fixed seed).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import clothing, opening, strip, structure, texture
from .silhouette import Hint, pad_alpha

__all__ = ["Continued", "Hint", "continue_body"]

PATCH_FRAC = 0.05      # texture patch side: 5 % of the region's width (a crease, not a thread; larger repeats) ...
MIN_PATCH_PX = 6       # ... smaller, down to this, when the clothing band is thin
DETAIL_FRAC = 0.04     # the texture is the detail finer than 4 % of the region's width (a crease)
SIDE_BAND_FRAC = 0.025  # the shoulder slope at a side edge is read over this share of the long side
EDGE_ROWS = 2          # the region's last rows are painted over too (the matte darkens at a photo's edge):
EDGE_FRAC = 0.015      # at least 2 rows, 1.5 % of the region's height
LAST_ROWS_FRAC = 0.04  # a column's edge colour: its last rows over 4 % of the region's height
CLOTH_FADE = 0.15      # face heights over which a clothing column evens out into the clothing colour
HAIR_FADE = 0.05       # ... a hair column ends (a short fade, never continued; 0.08 read as a blur band: 04)
NECK_END = 0.22        # the neck, seen at the edge, goes on to this many face heights below the chin ...
NECK_FADE = 0.12       # ... and turns into clothing over this many
NECK_HALF_WIDTHS = 0.6  # only skin this near the chin's column is the neck (elsewhere: a short fade)
NECK_CURVE = 0.1       # the neck ends this many face heights higher at its sides (a collar's curve)
NECK_SOFT = 0.12       # the neck's sides are softened over this many face widths (no straight block)
SKIN_TEXTURE = 0.4     # the neck carries this share of the clothing's texture
SEAM_FADE = 0.25       # the last real row's detail fades into the painted rows over a quarter patch
FILL_PRIOR = 0.2       # a column with a fifth of the usual clothing near it takes half its colour from wider
INNER_RGB = 40.0       # band pixels this near (RGB) the garment under an opening are not the outer garment's colour
PLAIN_FADE_FACE = 0.1  # without clothing, the neck ends into the plain garment over this many face heights
STRAND_ENDS = (0.03, 0.3)  # hair strands over the cut each end at their own length: these many face heights ...
LOCK_ENDS = (0.04, 0.18)   # ... and their colour with their lock's, about STRAND_CLUMP face widths across
STRAND_CLUMP = 0.12
BROADEN = 0.5          # the column colours even out along the row by a blur growing this many px a row down


@dataclass(frozen=True)
class Ends:
    """Hair strands crossing the cut, per column: their share and length (rows), and their lock's."""

    share: np.ndarray
    length: np.ndarray
    lock_share: np.ndarray
    lock_length: np.ndarray
    slope: np.ndarray        # px sideways a row down: a strand goes on along its own direction


@dataclass(frozen=True)
class Continued:
    """The padded region: foreground, alpha and whether it had to be painted plain."""

    foreground: np.ndarray  # (h + bottom, left + w + right, 3) uint8
    alpha: np.ndarray       # float32
    plain: bool = False     # too little clothing to copy: a plain garment shade


def edge_rows(h: int) -> int:
    """The region's last rows painted over when its bottom is continued (EDGE_ROWS, EDGE_FRAC; none in a
    region too short to spare them): what reads them as the photo's own (the dressing) must know."""
    edge = max(EDGE_ROWS, int(round(EDGE_FRAC * h)))
    return edge if h > 8 * edge else 0


def continue_body(fg: np.ndarray, alpha: np.ndarray, *, bottom: int = 0, left: int = 0, right: int = 0,
                  hint: Hint | None = None, coarse: bool = False, texture: bool = True) -> Continued:
    """The region padded below and beside with the body continued; sizes grow by the pads (pixels).

    `coarse`: the region has at least 1.5 times the output's resolution, so the pads are painted at half
    of it (a quarter of the cost; the output still gets 0.75 painted pixels a pixel or more); the region
    itself and the outline stay sharp. Without `texture` the pads get the colour model only, no fabric
    detail: for a body a garment will cover (the dressing, ADR 0038), where only the neck's fade is seen.
    """
    alpha = np.asarray(alpha, np.float32)
    edge = edge_rows(alpha.shape[0]) if bottom else 0
    if edge:   # the photo's last rows: matting there is unreliable
        fg, alpha, bottom = fg[:-edge], alpha[:-edge], bottom + edge
    h, w = alpha.shape
    if min(h, w) < 2:
        bottom = left = right = 0
    band = max(2, int(round(SIDE_BAND_FRAC * max(h, w))))
    out_a = pad_alpha(alpha, bottom=bottom, left=left, right=right, band=min(band, w - 1), hint=hint)
    if coarse and min(h, w) >= 32:
        painted, plain = _paint_half(fg, alpha, bottom=bottom, left=left, right=right, hint=hint,
                                     textured=texture)
    else:
        painted, plain = _paint(fg, alpha, out_a, bottom=bottom, left=left, hint=hint, textured=texture)
    return Continued(painted, out_a, plain=plain)


def _paint_half(fg: np.ndarray, alpha: np.ndarray, *, bottom: int, left: int, right: int,
                hint: Hint | None, textured: bool = True) -> tuple[np.ndarray, bool]:
    """_paint at half the region's resolution, scaled back under the sharp region."""
    h, w = alpha.shape
    up = lambda n: -(-n // 2)  # noqa: E731
    small_fg = cv2.resize(fg, (up(w), up(h)), interpolation=cv2.INTER_AREA)
    small_a = cv2.resize(alpha, (up(w), up(h)), interpolation=cv2.INTER_AREA)
    b, lf, r = up(bottom), up(left), up(right)
    hint_s = None if hint is None else Hint((hint.chin_x + 0.5) / 2 - 0.5, (hint.chin_y + 0.5) / 2 - 0.5,
                                            hint.face_w / 2, hint.face_h / 2)
    band = max(2, int(round(SIDE_BAND_FRAC * max(small_a.shape))))
    small_out = pad_alpha(small_a, bottom=b, left=lf, right=r, band=min(band, small_a.shape[1] - 1), hint=hint_s)
    small, plain = _paint(small_fg, small_a, small_out, bottom=b, left=lf, hint=hint_s, textured=textured)
    big = cv2.resize(small, (2 * small.shape[1], 2 * small.shape[0]), interpolation=cv2.INTER_CUBIC)
    x0 = 2 * lf - left
    out = np.ascontiguousarray(big[:h + bottom, x0:x0 + left + w + right])
    out[:h, left:left + w] = fg
    return out, plain


def _texture(fg: np.ndarray, valid: np.ndarray, w: int, rng, hair: list[np.ndarray]) -> texture.Residual | None:
    """Residual patches of the clothing band without hair strands (`hair`: RGB colours), the largest size
    that fits (down to MIN_PATCH_PX)."""
    size = max(MIN_PATCH_PX, int(round(PATCH_FRAC * w)))
    res = texture.residual(fg, valid, max(3, int(round(DETAIL_FRAC * w))))
    res = texture.tamed(texture.without_strands(res, fg, valid, hair), valid)
    while size >= MIN_PATCH_PX:
        found = texture.candidates(res, valid, size, rng)
        if found is not None and len(found.columns) >= 12:
            return found
        size = int(size * 0.7)
    return None


def _fill_columns(num: np.ndarray, den: np.ndarray, width: int) -> np.ndarray:
    """Mean colour per column (num (1, w, 3) / den (1, w)) over about `width` columns, leaning smoothly on a
    four times wider mean, and on the overall mean, where a column has little near it (no step between)."""
    total = num.sum(axis=1, keepdims=True) / max(float(den.sum()), 1e-6)
    field = np.broadcast_to(total, num.shape).astype(np.float32)
    for wd in (max(3, 4 * width), max(3, width)):
        k = (2 * (wd // 2) + 1, 1)
        n = cv2.blur(num, k, borderType=cv2.BORDER_REPLICATE)
        d = cv2.blur(den, k, borderType=cv2.BORDER_REPLICATE)[..., None]
        prior = max(float(np.median(d[d > 0])) if (d > 0).any() else 1.0, 1e-6) * FILL_PRIOR
        field = (n + prior * field) / (d + prior)
    return field


def _edge_columns(fg: np.ndarray, alpha: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Colour of each column's last real rows (1, w, 3), smoothed over half a patch, and its Lab."""
    rows = max(2, int(round(LAST_ROWS_FRAC * alpha.shape[0])))
    wt = (alpha[-rows:] > 0.5).astype(np.float32)
    num = (fg[-rows:].astype(np.float32) * wt[..., None]).sum(axis=0)[None]
    colour = _fill_columns(num, wt.sum(axis=0)[None], max(3, size // 2))
    return colour, clothing.lab_of(np.clip(colour, 0, 255))


def _ramp(lab_edge: np.ndarray, depth: int, h: int, w: int, hint: Hint | None, looks, plain: bool):
    """(depth, w, 1): how far each painted pixel has turned from its column's edge colour into the clothing
    colour, and (depth, w, 1) the share of the texture it carries."""
    d = np.arange(depth, dtype=np.float32)[:, None, None] + 1.0
    face = hint.face_h if hint is not None else 0.25 * h
    cloth = 1.0 - np.exp(-d / max(1.0, (PLAIN_FADE_FACE if plain else CLOTH_FADE) * face))
    if hint is None or looks is None:
        return np.broadcast_to(cloth, (depth, w, 1)), np.ones((depth, w, 1), np.float32)
    near = np.abs(np.arange(w) - hint.chin_x) < NECK_HALF_WIDTHS * hint.face_w
    is_skin, is_hair = clothing.skin_and_hair(lab_edge[0], looks)
    neck = (is_skin & near).astype(np.float32)
    short = ((is_skin & ~near) | (is_hair & ~is_skin)).astype(np.float32)
    smooth = lambda v, k: cv2.blur(v[None], (max(3, int(k)) | 1, 1), borderType=cv2.BORDER_REPLICATE)[0]  # noqa: E731
    neck = smooth(smooth(neck, NECK_SOFT * hint.face_w), NECK_SOFT * hint.face_w)[None, :, None]
    short = np.minimum(smooth(short, w // 40)[None, :, None], 1.0 - neck)
    y = h + d
    side = ((np.arange(w) - hint.chin_x) / (NECK_HALF_WIDTHS * hint.face_w))[None, :, None]
    end = hint.chin_y + hint.face_h * (NECK_END - NECK_CURVE * np.minimum(side ** 2, 1.0))   # a collar's curve
    # skin at a cut below the neck's natural end closes as a rounded neckline under the cut, not along it
    below = NECK_FADE * hint.face_h * (0.5 - np.minimum(side ** 2, 1.0))
    end = np.maximum(end, h + below)
    neck_t = np.clip((y - end) / max(1.0, NECK_FADE * hint.face_h), 0.0, 1.0)
    short_t = 1.0 - np.exp(-d / max(1.0, HAIR_FADE * hint.face_h))
    t = neck * neck_t + short * short_t + (1.0 - neck - short) * cloth
    amp = 1.0 - neck * (1.0 - neck_t) * (1.0 - SKIN_TEXTURE)
    return t, amp


def _side_colours(fg: np.ndarray, alpha: np.ndarray, size: int, edge: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Colour of the subject along the region's left and right columns (h, 1, 3), smoothed over a patch."""
    out = []
    for cols in (slice(0, size), slice(-size, None)):
        wt = (alpha[:, cols] > 0.5).astype(np.float32)
        num = (fg[:, cols].astype(np.float32) * wt[..., None]).sum(axis=1)[:, None]
        den = wt.sum(axis=1)[:, None]
        k = (1, max(3, size | 1))      # (width, height): along the column
        num, den = cv2.blur(num, k), cv2.blur(den, k)[..., None]
        fallback = edge[0, 0] if cols.start == 0 else edge[0, -1]
        out.append(np.where(den > 1e-3, num / np.maximum(den, 1e-6), fallback).astype(np.float32))
    return out[0], out[1]


def _colour_field(fg, alpha, depth, band_y, valid, shade, *, size, hint, seen, plain, ends=None, covering=()):
    """Below the region: each column turns from its edge colour into the clothing's ((depth, w, 3)), and
    the share of the texture each pixel carries ((depth, w, 1)); `covering`: a head covering's colours."""
    h, w = alpha.shape
    edge, lab_edge = _edge_columns(fg, alpha, size)
    op = None if hint is None else opening.find(fg, alpha, hint, seen, covering)
    strips = [] if hint is None or plain else strip.find(fg, alpha, hint, seen)
    if op is not None and strips:
        if op.skin_left is None and any(s.left < op.right and s.right > op.left for s in strips):
            op = None        # no neck in it: not a shirt between lapels but a tie (it goes on, not closed as a V)
        else:
            strips = [s for s in strips if s.right <= op.left or s.left >= op.right]   # the opening draws it
    if strips:        # a tie or a top's edge: the columns under it are the garment's beside it
        margin = size / 2.0 + 2.0
        edge = strip.bridged(edge, strips, margin)
        lab_edge = clothing.lab_of(np.clip(edge, 0, 255))
    if plain:
        cloth = np.broadcast_to(shade[None, None, :], (1, w, 3)).astype(np.float32)
    else:
        band = fg[band_y:].astype(np.float32)
        wt = valid.astype(np.float32)
        if op is not None and op.inner is not None:    # the shirt under the opening is not the jacket's colour
            far = ((band - op.inner) ** 2).sum(axis=2) > INNER_RGB ** 2
            wt = np.where(far.sum() > 0.2 * valid.sum(), wt * far, wt)
        for s in strips:                               # nor is the tie's (its knot above the cut)
            far = ((band - s.profile.mean(axis=0)) ** 2).sum(axis=2) > INNER_RGB ** 2
            wt = np.where((wt * far).sum() > 0.2 * valid.sum(), wt * far, wt)
        cloth = _fill_columns((band * wt[..., None]).sum(axis=0)[None], wt.sum(axis=0)[None], 2 * size)
    t, amp = _ramp(lab_edge, depth, h, w, hint, seen, plain)
    if ends is not None:      # where strands cross the cut, the hair's colour ends with them, each at its own length
        x = np.clip((np.arange(depth, dtype=np.float32)[:, None] + 1.0) / ends.lock_length[None, :], 0.0, 1.0)
        t = t + ends.lock_share[None, :, None] * ((x * x * (3.0 - 2.0 * x))[..., None] - t)
    face = hint.face_h if hint is not None else 0.25 * h
    keep = ~_hair_columns(lab_edge, seen, size)
    if strips:                 # a strip's sides are drawn by `strip`, not continued as edges
        keep &= ~strip.columns(strips, w, size / 2.0 + 2.0)
    if op is not None:
        inside = opening.paint(op, edge, h, depth, hint, reach=size)
        edge, t, amp, keep = _lapels(inside, edge, t, amp, keep, depth, face, size)
    most = None if hint is None else structure.EDGES_PER_FACE * w / max(1.0, hint.face_w)
    lines = structure.continued(fg, alpha, edge, depth, structure.FADE_FACE * face, keep=keep, most=most)
    colour = _broadening(edge + t * (cloth - edge)) + lines
    if op is not None:       # inside the V: the shirt front, the neck's skin closing into it
        colour = inside.weight * inside.colour + (1.0 - inside.weight) * colour
        amp = inside.weight * inside.amp + (1.0 - inside.weight) * amp
    if strips:               # the tie or the top's edge goes on as itself
        sw, scol = strip.paint(strips, h, depth, w)
        colour = sw * scol + (1.0 - sw) * colour
        amp = sw * strip.TEXTURE + (1.0 - sw) * amp
    return colour, amp


def _broadening(field: np.ndarray) -> np.ndarray:
    """The colour field (depth, w, 3) evened out along the row the more the deeper it goes (a blur growing
    BROADEN px a row down; the first row unchanged): a column's colour carried straight down reads as a streak."""
    depth = field.shape[0]
    sigmas = [0.0] + [s for s in (1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0) if s <= BROADEN * depth]
    if len(sigmas) == 1:
        return field
    pos = np.interp(np.minimum(BROADEN * np.arange(depth, dtype=np.float32), sigmas[-1]), sigmas,
                    np.arange(len(sigmas)))
    lo = np.minimum(np.floor(pos).astype(int), len(sigmas) - 2)
    frac = (pos - lo)[:, None, None].astype(np.float32)
    out = np.empty_like(field)
    for k in np.unique(lo):          # each band of rows between two blurs: only those rows are blurred
        rows = lo == k
        part = field[rows]
        a, b = (_row_blur(part, sigmas[k + i]) for i in (0, 1))
        out[rows] = a + frac[rows] * (b - a)
    return out


def _row_blur(part: np.ndarray, sigma: float) -> np.ndarray:
    """Rows blurred along the row by about `sigma` (two box passes: linear time at any width)."""
    if sigma <= 0:
        return part
    k = (max(3, int(2.45 * sigma) | 1), 1)
    return cv2.blur(cv2.blur(part, k, borderType=cv2.BORDER_REPLICATE), k, borderType=cv2.BORDER_REPLICATE)


def _lapels(inside, edge, t, amp, keep, depth: int, face: float, size: int):
    """The lapels beside an opening go on in their own colour, turning into the clothing's like any column;
    no edge is drawn down next to them (the opening's sides are drawn by `opening`)."""
    span = inside.span[None, :, None]
    edge = edge + span * (inside.outer - edge)
    cloth_t = 1.0 - np.exp(-(np.arange(depth, dtype=np.float32)[:, None, None] + 1.0) / max(1.0, CLOTH_FADE * face))
    t = t + span * (cloth_t - t)
    amp = amp + span * (1.0 - amp)
    near = cv2.dilate((inside.span > 0).astype(np.uint8)[None], np.ones((1, 2 * size + 1), np.uint8))[0]
    return edge, t, amp, keep & ~near.astype(bool)


def _hair_columns(lab_edge: np.ndarray, looks, near: int) -> np.ndarray:
    """(w,) columns whose edge colour is hair's, or within `near` columns of one: a hair's edge is never
    drawn on down."""
    w = lab_edge.shape[1]
    if looks is None:
        return np.zeros(w, bool)
    _, hair = clothing.skin_and_hair(lab_edge[0], looks)
    return cv2.dilate(hair.astype(np.uint8)[None], np.ones((1, 2 * near + 1), np.uint8))[0] > 0


def _paint(fg: np.ndarray, alpha: np.ndarray, out_a: np.ndarray, *, bottom: int, left: int,
           hint: Hint | None, textured: bool = True) -> tuple[np.ndarray, bool]:
    """The padded canvas's colours: the region, and beside and below it the colour model plus the texture
    (without `textured`: none, and plain only when no clothing shows), the seam faded in. Only the rows from
    the top of the side pads' body down are worked on."""
    h, w = alpha.shape
    big_h, big_w = out_a.shape
    out = np.empty((big_h, big_w, 3), np.uint8)
    out[:h, left:left + w] = fg
    if big_h == h and big_w == w:
        return out, False
    rng = np.random.default_rng(texture.SEED)
    seen, covering = None, []
    if hint is not None:     # a head covering (a hijab) is no hair: it is clothing, but never an opening
        skin, hair_seen, covering = clothing.looks_and_covering(fg, alpha, hint)
        seen = (skin, hair_seen)
    band_y, valid, strand_free = clothing.clothing(fg, alpha, hint, seen)
    hair = [] if seen is None else [clothing.rgb(m) for m in seen[1]]
    found = _texture(fg[band_y:], strand_free, w, rng, hair) if textured else None
    plain = found is None and (textured or not valid.any())
    shade = clothing.plain_shade(fg, alpha, band_y, valid)
    size = found.size if found is not None else max(MIN_PATCH_PX, int(round(PATCH_FRAC * w)))
    sides = out_a[:h].copy()
    sides[:, left:left + w] = 0.0
    rows = np.flatnonzero(sides.max(axis=1) > 0.01)
    y0 = max(0, min(int(rows[0]) if len(rows) else h, h) - 2)

    def detail(hh: int, ww: int, cols: tuple[float, int]) -> np.ndarray:
        """The fine detail laid over the colour model: the clothing's texture, a plain fabric's noise, or none."""
        if plain:
            return clothing.fabric((hh, ww), np.zeros(3, np.float32), rng)
        if found is None:       # (untextured: under a garment)
            return np.zeros((hh, ww, 3), np.float32)
        return texture.synthesise((hh, ww), found, rng, cols)

    lft, rgt = _side_colours(fg, alpha, min(size, w), _edge_columns(fg, alpha, size)[0])
    out[:h, :left], out[:h, left + w:] = _u8(lft), _u8(rgt)      # above the shoulders: alpha 0, never shown
    if left and h > y0:
        out[y0:h, :left] = _u8(lft[y0:] + detail(h - y0, left, (1.0, -left)))
    if big_w > left + w and h > y0:
        out[y0:h, left + w:] = _u8(rgt[y0:] + detail(h - y0, big_w - left - w, (1.0, w)))
    if big_h > h:
        ends = _strand_ends(fg, alpha, hint, seen)
        below, amp = _colour_field(fg, alpha, big_h - h, band_y, valid, shade, size=size, hint=hint, seen=seen,
                                   plain=plain, ends=ends, covering=covering)
        canvas = detail(big_h - h, big_w, (1.0, -left))
        canvas[:, left:left + w] = below + amp * canvas[:, left:left + w]
        k = min(size, w)       # beside the region: the mean of its outer patch of columns goes on
        canvas[:, :left] = below[:, :k].mean(axis=1, keepdims=True) + canvas[:, :left]
        canvas[:, left + w:] = below[:, -k:].mean(axis=1, keepdims=True) + canvas[:, left + w:]
        _fade_seam(canvas, fg, alpha, left, max(1.0, SEAM_FADE * size), ends)
        out[h:] = _u8(canvas)
    return out, plain


def _u8(x: np.ndarray) -> np.ndarray:
    """Rounded and clipped to uint8."""
    return np.clip(x + 0.5, 0, 255).astype(np.uint8)


def _fade_seam(canvas: np.ndarray, fg: np.ndarray, alpha: np.ndarray, left: int, fade: float,
               ends: Ends | None = None) -> None:
    """The rows below the bottom edge (`canvas`): add the difference between the last real row and the
    first painted one, smoothed along the row more the deeper it goes and fading out with depth (as Poisson
    blending's membrane would), so the first painted row continues the real one and no row shows a step.
    Where hair strands cross the cut (`ends`: share and length per column), they go on sharp instead,
    each tapering out at its own length, so their ends do not line up along a row."""
    w = alpha.shape[1]
    offset = (fg[-1].astype(np.float32) - canvas[0, left:left + w]) * (alpha[-1] > 0.05)[:, None]
    rows = int(min(canvas.shape[0], np.ceil(4 * fade)))
    if ends is not None:
        rows = int(min(canvas.shape[0], max(rows, np.ceil(ends.length.max()), np.ceil(ends.lock_length.max()))))
    levels = np.stack([offset] + [cv2.GaussianBlur(offset[None], (0, 0), sg, borderType=cv2.BORDER_REFLECT)[0]
                                  for sg in (1.0, 2.0, 4.0, 8.0)])
    d = np.arange(rows, dtype=np.float32)
    level = np.minimum(len(levels) - 1, np.log2(1.0 + d).astype(int))
    decay = np.exp(-d / fade)[:, None, None]
    add = decay * levels[level]                                      # (rows, w, 3)
    if ends is not None:
        dd = d[:, None]
        x = np.clip(dd / ends.lock_length[None, :], 0.0, 1.0)
        lock = np.maximum(decay[..., 0], 1.0 - x * x * (3.0 - 2.0 * x))[..., None] * levels[np.maximum(level, 2)]
        add += ends.lock_share[None, :, None] * (lock - add)          # the lock's own colour, to its end
        taper = np.clip(1.0 - dd / ends.length[None, :], 0.0, 1.0) * ends.share[None, :]
        xs = np.clip(np.arange(w, dtype=np.float32)[None, :] - ends.slope[None, :] * dd, 0.0, w - 1.0)
        i0 = np.minimum(xs.astype(int), w - 2) if w > 1 else np.zeros(xs.shape, int)
        f = (xs - i0)[..., None]
        fine = levels[0] - levels[2]
        i1 = np.minimum(i0 + 1, w - 1)
        add += taper[..., None] * ((1.0 - f) * fine[i0] + f * fine[i1])  # its strands, each to theirs, slanted
    canvas[:rows, left:left + w] += add


def _strand_ends(fg: np.ndarray, alpha: np.ndarray, hint: Hint | None, looks) -> Ends | None:
    """Where hair strands cross the cut and how far each goes on: its own length (fine, per column) inside
    its lock's (coarse); drawn with their own seed, so the texture's draws stay as they were."""
    if hint is None or looks is None or not looks[1]:
        return None
    h, w = alpha.shape
    rows = max(2, int(round(LAST_ROWS_FRAC * h)))
    lab = clothing.lab_of(fg[-rows:])
    skin, hair = clothing.skin_and_hair(lab, looks)
    hair &= ~skin
    share = (hair & (alpha[-rows:] > 0.5)).mean(axis=0).astype(np.float32)
    share = np.clip(2.0 * cv2.blur(share[None], (5, 1), borderType=cv2.BORDER_REPLICATE)[0], 0.0, 1.0)
    if share.max() < 0.1:
        return None
    rng = np.random.default_rng(texture.SEED + 1)
    fine = _even(cv2.blur(rng.random(w).astype(np.float32)[None], (3, 1), borderType=cv2.BORDER_REPLICATE)[0])
    knots = max(2, int(np.ceil(w / max(2.0, STRAND_CLUMP * hint.face_w))) + 1)   # locks of hair: longer, shorter
    coarse = _even(np.interp(np.arange(w), np.linspace(0, w - 1, knots), rng.random(knots)).astype(np.float32))
    wide = max(3, int(STRAND_CLUMP * hint.face_w) | 1)
    lock_share = cv2.blur(share[None], (wide, 1), borderType=cv2.BORDER_REPLICATE)[0]
    span = lambda lo, hi, u: ((lo + (hi - lo) * u) * hint.face_h).astype(np.float32)  # noqa: E731
    part = max(4, int(round(structure.ROWS_FRAC * h)))
    slope, along = structure.direction(fg[-part:].astype(np.float32), (alpha[-part:] > 0.5).astype(np.float32))
    # only strands lying one way go on: crossing ones (04's windblown hair), drawn down, read as wavy streaks
    share = share * cv2.blur(along[None], (wide, 1), borderType=cv2.BORDER_REPLICATE)[0]
    return Ends(share, span(*STRAND_ENDS, fine), lock_share, span(*LOCK_ENDS, coarse), slope)


def _even(u: np.ndarray) -> np.ndarray:
    """Values replaced by their rank, 0 to 1 (evenly spread again after a smoothing)."""
    return np.argsort(np.argsort(u)).astype(np.float32) / max(1, len(u) - 1)
