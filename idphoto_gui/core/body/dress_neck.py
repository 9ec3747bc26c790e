"""The neck running down into the collar (issue 38): its skin, its shading, the collar's rim and inside."""
from __future__ import annotations

import cv2
import numpy as np

from ..imaging.nearest import nearest_colours
from .dress_body import (SEED, SKIN_AB, SKIN_L, Body, blur_reach, blurred, blurred_rows, fits, hue_gap2,
                         near_skin, per_channel, summed)
from .dress_fit import noise_level, normals

MIRROR_FADE = 0.08            # the skin's texture mirrored below the photo's last rows fades over this many face
                              # heights (farther down a mirror repeats the jaw)
FILL_GRAIN = 0.6              # the painted neck takes this share of the photo's grain (its mirrored texture the rest)
OWN_NECK = 0.2                # the photo's own skin is the neck down to this many face heights below the collar
JAW_SHADOW = (0.14, 0.12)     # the neck is this much darker just under the jaw, fading over this many face heights
COLLAR_SHADOW = (0.3, 0.035)  # ... and where the collar meets it, over this share of the face height
HEAD_SHADOW = (0.16, 0.45)    # the head's shadow on the garment: this much darker, this many face widths/heights
COLLAR_RIM = (0.22, 0.02)     # the collar's own edge round the neck this much darker, over this share of it
COLLAR_BACK = 0.55           # the inside of the collar behind the neck is this much of its cloth's light
UNDER_JAW = 0.16             # the photo's own pixels under the jaw: a rounded patch this many face heights deep
SIDE_SHADE = (0.3, 0.03)     # the neck filling the collar's opening beyond its own outline (where the photo shows
                             # the wall) turns away from the light: this much darker, softened over this share
                             # of the face height
NECK_LOOSE = 1.8             # within the neck's own width a shadowed skin this much farther counts
SHADE_AB = 1.2               # ... in lightness; in hue only this much farther
CLOTH_GROW = 0.02            # pixels coloured like clothing (`clothish`) and this many face heights round them
                             # (their blends with the skin) are never the neck's own skin ...
CLOTH_AREA = 0.001           # ... when they make a patch of at least this share of the face height squared
TURN_ROWS = 0.08             # a turned neck's middle is read from its skin this many face heights under the chin ...
TURN_WIDTH = (0.4, 1.3)      # ... where its run of skin is this many face widths wide ...
TURN_DEAD = 0.12             # ... and lies more than this many face widths to one side of the chin (less is a
                             # shadowed side of a neck facing the camera) ...
TURN_MAX = 0.2               # ... the collar and the neck moved that far less this, at most this many face widths
NECK_REACH = 1.05            # the neck layer is worked out this many of its own half widths either side of the
                             # neck (and the chin), where `dress` reads it (its scrap band), ...
NECK_SPARE = 8               # ... and this many px more (its soft outline), plus its blurs' reach: outside that it
                             # is 0, inside those columns the same numbers as the whole width's


def neck_run(alpha: np.ndarray, sd: np.ndarray, body: Body, y0: int, real_rows: int) -> tuple[float, float] | None:
    """The neck's own skin just under the chin, in the photo's own rows (TURN_ROWS): its left and right ends
    (px, the medians over those rows of the run of skin through the chin's column), or None when the photo shows
    no such run of a neck's width (TURN_WIDTH: a beard, a collar up to the chin)."""
    x = int(round(body.chin[0]))
    r1 = min(real_rows - 1, alpha.shape[0], y0 + int(np.ceil(TURN_ROWS * body.face_h)))
    if not 0 <= x < alpha.shape[1] or r1 <= y0:
        return None
    skin = (alpha[y0:r1] > 0.5) & near_skin(sd[y0:r1], NECK_LOOSE)
    ends = []
    for row in skin:
        if not row[x]:
            continue
        left, right = np.flatnonzero(~row[:x]), np.flatnonzero(~row[x:])
        ends.append((left[-1] + 1 if len(left) else 0, x + right[0] if len(right) else len(row)))
    if not ends:
        return None
    lx, rx = (float(v) for v in np.median(np.array(ends, np.float32), axis=0))
    return (lx, rx) if TURN_WIDTH[0] <= (rx - lx) / body.face_w <= TURN_WIDTH[1] else None


def neck_column(run: tuple[float, float] | None, body: Body) -> float:
    """The column the collar closes round: the chin's, unless the neck's own skin (`neck_run`) lies to one side
    of it (a turned head: its far side's skin beside the jaw, its near side the wall), then moved towards the
    neck's middle (TURN_*). A collar centred on the chin of a turned head left a skin chunk outside it and filled
    the opening's other side with a flat patch (blind round 31 on 033 and 047)."""
    cx = body.chin[0]
    if run is None:
        return cx
    off = ((run[0] + run[1]) / 2.0 - cx) / body.face_w
    return cx + float(np.sign(off) * np.clip(abs(off) - TURN_DEAD, 0.0, TURN_MAX)) * body.face_w


def head_shadow(body: Body, shape: tuple[int, int], top: float) -> np.ndarray:
    """(h, w) the light left on the garment under the head's soft shadow (HEAD_SHADOW): darkest just under the
    collar's front, fading out and down; a painted top in even light reads as pasted."""
    h, w = shape
    x = (np.arange(w, dtype=np.float32) - body.chin[0]) / (HEAD_SHADOW[1] * body.face_w)
    y = (np.arange(h, dtype=np.float32) - top) / (HEAD_SHADOW[1] * body.face_h)
    y = np.maximum(y, 0.0)
    return 1.0 - HEAD_SHADOW[0] * np.exp(-(y[:, None] ** 2 + x[None, :] ** 2))


def rim(rgb: np.ndarray, ga: np.ndarray, body: Body, span: float, top: int) -> np.ndarray:
    """The garment's colour with its edge round the neck in shade (COLLAR_RIM): a collar's fold turns away from
    the light, so it has depth, not a flat cut-out's edge. `rgb` (the caller's own) may be shaded in place."""
    h, w = ga.shape
    gap = (ga < 0.5).astype(np.float32)
    gap[:, np.abs(np.arange(w) - body.chin[0]) > span] = 0.0
    gap[:max(0, top - 2)] = 0.0
    sigma = max(1.0, COLLAR_RIM[1] * body.face_h)
    first = max(0, top - 2 - blur_reach(sigma))       # (above it the blur of the gap is 0: no shade, x 1)
    near = np.zeros_like(gap)
    near[first:] = blurred_rows(gap, sigma, first)
    dark = 1.0 - COLLAR_RIM[0] * np.clip(2.0 * near, 0.0, 1.0)   # (its soft edge too: no light seam)
    if fits(rgb, dark) is None:
        return per_channel(np.multiply, rgb, dark)
    per_channel(np.multiply, rgb[first:], dark[first:], out=rgb[first:])
    return rgb


def collar_back(rgb: np.ndarray, ga: np.ndarray, opening: np.ndarray, neck_a: np.ndarray, yt: int):
    """The garment with its opening's part the neck does not fill (a narrow or turned neck) shown as the inside
    of the collar behind the neck: its nearest cloth in shade (COLLAR_BACK), never invented skin or the wall."""
    back = (opening > 0.5) & (ga < 0.5)
    back[yt:] &= neck_a < 0.5
    if not back.any() or not (ga > 0.5).any():
        return rgb, ga
    near = nearest_colours(ga > 0.5, rgb)
    rgb, ga = rgb.copy(), ga.copy()
    rgb[back] = near[back] * COLLAR_BACK
    ga[back] = 1.0
    return rgb, ga


def _shaded(sd: np.ndarray) -> np.ndarray:
    """Pixels that may be the neck's skin in shade: NECK_LOOSE farther in lightness, but its hue (a shadow darkens,
    it does not turn a navy shirt or a dark wall into skin) within SHADE_AB of the plain test's."""
    return (sd[..., 0] < SKIN_AB * SHADE_AB) & (sd[..., 1] < SKIN_L * 2.55 * NECK_LOOSE)


def clothish(lab: np.ndarray, skin: np.ndarray, body: Body) -> np.ndarray:
    """(h, w) bool of `lab` (the photo in Lab, float32, as the dressing reads it once): pixels no neck's skin has,
    grown by CLOTH_GROW: paler than the skin by more than the skin test allows and greyer (a white collar), or
    redder or bluer than it by twice the skin test's hue (a red tie, a blue shirt; a shadow on skin may be
    yellower and more colourful, not redder)."""
    chroma2 = hue_gap2(lab, 128.0, 128.0)
    pale = (lab[..., 0] - skin[0] > SKIN_L * 2.55) & (chroma2 < (skin[1] - 128.0) ** 2 + (skin[2] - 128.0) ** 2)
    vivid = (lab[..., 1] - skin[1] > SKIN_AB * 2.0) | (lab[..., 2] - skin[2] < -SKIN_AB * 2.0)
    n, labels, stats, _ = cv2.connectedComponentsWithStats((pale | vivid).astype(np.uint8), connectivity=8)
    big = stats[:, cv2.CC_STAT_AREA] >= CLOTH_AREA * body.face_h ** 2      # (a grey beard's hairs are specks)
    big[0] = False
    r = max(1, int(round(CLOTH_GROW * body.face_h)))
    grown = cv2.dilate(big[labels].astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))
    return grown > 0


def neck_opening(ga: np.ndarray, top: int, cx: float = 0.0, half: float | None = None) -> np.ndarray:
    """(h, w) 1 inside the garment's opening from row `top` down: uncovered pixels with the garment on both
    sides in their row (a round neckline, an open collar's V): the skin shows there."""
    inside = np.zeros(ga.shape, bool)
    g = ga[max(0, top):] > 0.5     # (above `top`: none)
    inside[max(0, top):] = ~g & np.maximum.accumulate(g, axis=1) & np.maximum.accumulate(g[:, ::-1], axis=1)[:, ::-1]
    if half is not None:     # the neck's opening, not the gap a lowered shoulder leaves beside the neck
        inside[:, np.abs(np.arange(g.shape[1]) - cx) > half] = False
    first = max(0, top - blur_reach(0.7))       # (above it the blur is 0)
    soft = np.zeros(ga.shape, np.float32)
    soft[first:] = blurred_rows(inside.astype(np.float32), 0.7, first)
    return soft


def neck_layer(fg, sd, alpha, body: Body, skin: np.ndarray, halves: tuple[float, float], ga: np.ndarray, yt: int,
               y0: int, collar: float, opening: np.ndarray, real_rows: int, told: bool = True,
               headish: np.ndarray | None = None, cloth: np.ndarray | None = None, noise: float | None = None,
               nx: float | None = None):
    """The neck from row yt on: the person's skin where it is, else (from the chin's row y0) the skin colour
    carried down, widening from its own width under the jaw to the collar's opening at the collar's top (no
    gap beside it);
    shaded where the collar meets it. `sd`: each pixel's `skin_distance` to the neck's colour `skin`; `noise`: the
    photo's `noise_level` (measured here when not given); `nx`: the neck's column (`neck_column`; the chin's).
    (colour (n, w, 3) float, coverage (n, w)): 0 beyond NECK_REACH of its widest (`neck_columns`)."""
    nx = body.chin[0] if nx is None else nx
    noise = noise_level(fg, body) if noise is None else noise
    c0, c1 = neck_columns(body, halves, opening, nx, alpha.shape[1])
    cut = (slice(None), slice(c0, c1))
    rgb = np.zeros(opening.shape + (3,), np.float32)
    cover = np.zeros(opening.shape, np.float32)
    rgb[cut], cover[cut] = _neck_layer(
        fg[cut], sd[cut], alpha[cut], body, skin, halves, ga[cut], yt, y0, collar, opening[cut], real_rows, told,
        None if headish is None else headish[cut], None if cloth is None else cloth[cut], noise, nx,
        (c0, alpha.shape[1]))
    return rgb, cover


def neck_columns(body: Body, halves: tuple[float, float], opening: np.ndarray, nx: float,
                 w: int) -> tuple[int, int]:
    """The columns `neck_layer` works on: where the neck, its opening and the patch under the jaw can be, and
    the reach of the blurs it makes there (the collar's shadow the widest); at 295x413 about half the width."""
    top, hole = halves
    half = NECK_REACH * max(top, hole)
    cols = np.flatnonzero(opening.any(axis=0))
    lo = min(nx - half, body.chin[0] - 0.9 * top, cols[0] if cols.size else w)
    hi = max(nx + half, body.chin[0] + 0.9 * top, cols[-1] if cols.size else 0)
    reach = max(blur_reach(max(1.0, s * body.face_h)) for s in (COLLAR_SHADOW[1], SIDE_SHADE[1]))
    reach = max(reach, blur_reach(1.6), max(3, int(0.15 * body.face_w)) // 2 + 1) + NECK_SPARE
    return int(np.clip(np.floor(lo) - reach, 0, w)), int(np.clip(np.ceil(hi) + reach + 1, 0, w))


def _neck_layer(fg, sd, alpha, body: Body, skin: np.ndarray, halves: tuple[float, float], ga: np.ndarray, yt: int,
                y0: int, collar: float, opening: np.ndarray, real_rows: int, told: bool,
                headish: np.ndarray | None, cloth: np.ndarray | None, noise: float, nx: float,
                columns: tuple[int, int]):
    """`neck_layer` on the columns from columns[0] on (of columns[1]): its arrays are theirs."""
    h, w = alpha.shape
    ys = np.arange(yt, h, dtype=np.float32)[:, None]
    xs = np.arange(columns[0], columns[0] + w, dtype=np.float32)[None, :]
    top, collar = halves
    t = np.clip((ys - body.chin[1]) / max(1.0, collar * body.face_h), 0.0, 1.0)   # the collar's width at its top
    half = top + (collar - top) * t
    u = (xs - nx) / np.maximum(half, 1.0)
    au = np.abs(u)
    inner = np.clip((1.0 - au) * half / 2.0, 0.0, 1.0)    # (inside the neck's outline, 2 px soft)
    # from the chin's row down (beside the jaw the photo's own stays: hair, skin; no neck with straight sides)
    fade_in = np.clip((ys - (y0 - 1)) / 2.0, 0.0, 1.0)
    taper = np.where(ys < body.chin[1], 0.8, 1.0)    # (its first row, above the chin's: narrower)
    tapered = taper - au
    tube = np.clip(tapered * half / 3.0, 0.0, 1.0) * fade_in   # 3 px soft sides
    # in the photo's own rows its outline is the neck's: no neck drawn over the wall beside it
    mine_rows = np.clip((real_rows - 1 - ys) / 3.0, 0.0, 1.0)     # (0 on the painted smear)
    seen = 1.0 - mine_rows * (1.0 - alpha[yt:])     # (the wall beside the neck there: no neck but in the opening)
    inside = np.maximum(tube * seen, opening)    # (within the collar's opening the neck fills it, in shade)
    side = blurred(opening * (1.0 - seen), max(1.0, SIDE_SHADE[1] * body.face_h))
    shaded = _shaded(sd[yt:])
    own = np.maximum(near_skin(sd[yt:]), shaded & (au < 1.0))
    own = own.astype(np.float32) * alpha[yt:] * inner   # its outline
    own *= ys < body.chin[1] + (collar + OWN_NECK) * body.face_h    # lower down: a top's lace, not skin
    own *= np.clip(tapered * half / 2.0, 0.0, 1.0)     # behind the jaw no wider than the neck's top
    own *= mine_rows            # not the painted smear
    # within its own width just under the chin the photo's pixels are the neck, in light or shade
    # (a rounded patch under the jaw: its shadow, a beard), not a box; and beside the jaw, up behind it, the
    # neck's sides in their shade (the neck does not start at the chin's row)
    under = ((xs - body.chin[0]) / max(1.0, 0.9 * top)) ** 2 + ((ys - body.chin[1]) / (UNDER_JAW * body.face_h)) ** 2
    just = under < 1.0     # (a rounded patch: above the chin's row it runs up behind the jaw, no box's corners)
    if headish is not None:     # ... of skin, shade or beard, never an old white collar's scrap (`headish`)
        just &= headish[yt:] | shaded
    own = np.maximum(own, just * alpha[yt:] * mine_rows)
    if cloth is not None:     # an old white collar's or a red tie's scraps (`clothish`): the fill goes there
        own *= ~cloth
    if not told:   # this photo's colours cannot tell hair from clothing: in its own rows, within the neck's
        # width, its own pixels (the neck, hair over it) stay; no neck drawn over hair with straight sides
        own = np.maximum(own, alpha[yt:] * (ys >= y0) * inner * mine_rows)
    own = np.clip((cv2.GaussianBlur(own, (0, 0), 1.6) - 0.3) * 2.5, 0.0, 1.0)   # an organic outline
    cover = np.maximum(inside, own)
    d = np.maximum(ys - body.chin[1], 0.0) / body.face_h
    jaw = 1.0 - JAW_SHADOW[0] * np.exp(-d / JAW_SHADOW[1])
    cyl = 1.0 - 0.12 * np.clip(au, 0, 1.6) ** 2   # the neck's sides turn away from the light (smoothly)
    base = cv2.cvtColor(np.uint8(np.clip(skin, 0, 255))[None, None, :], cv2.COLOR_LAB2RGB)[0, 0].astype(np.float32)
    mine = fg[yt:].astype(np.float32)
    y_chin = int(np.floor(body.chin[1])) + 1 - yt
    # each column's colour from the photo's last real rows of neck (the fill continues them, no seam); its
    # light and shade across the neck come with it, so only the columns without any are shaded
    y_hi = max(y_chin + 2, real_rows - 1 - yt)
    y_lo = max(y_chin, y_hi - max(4, int(0.06 * body.face_h)))
    last = (own[y_lo:y_hi] > 0.5) & near_skin(sd[yt:][y_lo:y_hi], NECK_LOOSE)   # skin, not a beard's end
    cols = _column_skin(mine[y_lo:y_hi], last, base, body)
    seen = cv2.blur(last.any(axis=0).astype(np.float32)[None, :], (max(3, int(0.1 * body.face_w)) | 1, 1))[0]
    shade = 1.0 - (1.0 - jaw * cyl) * (1.0 - seen)[None, :]
    fill = per_channel(np.multiply, cols[None, :, :], shade)     # (seen)
    filled = _inpainted(mine, own, cover * (ga[yt:] < 0.99), fill, MIRROR_FADE * body.face_h)
    if noise > 0.3:     # (`filled` is this call's own array: changed in place, no copies of the layer)
        grain = normals(SEED + 1, ((filled.shape[0], columns[1]),))[0]     # (the whole width's: each pixel its own)
        speck = grain[:, columns[0]:columns[0] + w] * (FILL_GRAIN * noise)
        filled = per_channel(np.add, filled, speck, out=fits(filled, speck))
    filled = per_channel(np.multiply, filled, 1.0 - own, out=fits(filled, own))
    rgb = summed(per_channel(np.multiply, mine, own), filled)    # the photo's own neck where it is, the fill elsewhere
    per_channel(np.multiply, rgb, 1.0 - SIDE_SHADE[0] * np.clip(2.0 * side, 0.0, 1.0) * (1.0 - own), out=rgb)
    # ambient occlusion where the collar meets the neck
    near = blurred(ga[yt:], max(1.0, COLLAR_SHADOW[1] * body.face_h))
    per_channel(np.multiply, rgb, 1.0 - COLLAR_SHADOW[0] * np.clip(near - ga[yt:], 0, 1) * 2.0, out=rgb)
    return rgb, cover


def _inpainted(mine: np.ndarray, own: np.ndarray, cover: np.ndarray, filled: np.ndarray,
               depth: float = 12.0) -> np.ndarray:
    """The neck's fill continued from the photo's own neck pixels around it (an inpainting: its light, shade
    and colour run on across the join, no patch of flat colour beside the real skin); `filled` where the
    photo shows none. `filled` (the caller's own array) is changed in place and returned."""
    ys, xs = np.nonzero(cover > 0.02)
    if len(ys) == 0:
        return filled
    m = 4
    y0, y1 = max(0, ys.min() - m), min(cover.shape[0], ys.max() + m + 1)
    x0, x1 = max(0, xs.min() - m), min(cover.shape[1], xs.max() + m + 1)
    known = own[y0:y1, x0:x1] > 0.5
    if known.sum() < 20:
        return filled
    src = np.clip(mine[y0:y1, x0:x1], 0, 255).astype(np.uint8)
    size = (x1 - x0, y1 - y0)
    half = (max(1, size[0] // 2), max(1, size[1] // 2))     # at half size (its colours are smooth; a quarter the cost)
    small = cv2.resize(src, half, interpolation=cv2.INTER_AREA)
    gone = cv2.resize((~known).astype(np.uint8), half, interpolation=cv2.INTER_NEAREST)
    done = cv2.resize(cv2.inpaint(small, gone, 2, cv2.INPAINT_TELEA), size, interpolation=cv2.INTER_LINEAR)
    done = np.where(known[..., None], src, done).astype(np.float32)
    # the skin's own fine texture carried on below each column's last real row, mirrored (as sharp as the
    # photo's rows above the join: no smooth band)
    part = mine[y0:y1, x0:x1]
    detail = part - cv2.GaussianBlur(part, (0, 0), 1.2)
    n = y1 - y0
    last = n - 1 - np.argmax(known[::-1], axis=0)          # each column's last known row
    # (only the rows it fades out over: above and below them it adds nothing)
    r0, r1 = int(last.min()) + 1, int(min(n, last.max() + np.ceil(max(1.0, depth)) + 1))
    rows = np.arange(r0, r1)[:, None]
    src_y = np.clip(2 * last[None, :] - rows, 0, n - 1)
    cols = np.broadcast_to(np.arange(x1 - x0)[None, :], src_y.shape)
    use = (rows > last[None, :]) & known[src_y, cols] & known.any(axis=0)[None, :]
    fade = np.clip(1.0 - (rows - last[None, :]) / max(1.0, depth), 0.0, 1.0)
    done[r0:r1] += detail[src_y, cols] * (use * fade)[..., None]
    filled[y0:y1, x0:x1] = done
    return filled


def _column_skin(rgb: np.ndarray, skin: np.ndarray, base: np.ndarray, body: Body) -> np.ndarray:
    """(w, 3): each column's own neck colour (its skin just under the chin), smoothed, the neck's colour where
    a column has none (the neck's own light and shade carry down)."""
    n = len(rgb)
    wt = skin[:n].astype(np.float32)
    num = (rgb[:n] * wt[..., None]).sum(axis=0)
    den = wt.sum(axis=0)
    k = (max(3, int(0.15 * body.face_w)) | 1, 1)
    num = cv2.blur(num[None], k)[0]
    den = cv2.blur(den[None, :], k)[0][:, None]
    prior = 3.0
    return ((num + prior * base[None, :]) / (den + prior)).astype(np.float32)
