"""The garment fitted to the person (issue 38): its scale from the shoulders and neck, its place, the photo's light."""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from .dress_body import CHEEKS, SEED, Body, blur_reach, blurred_rows, first_row, fits, per_channel
from .garments import Garment

SHOULDERS_PER_FACE = {"men": 2.85, "women": 2.65, "children": 2.5}   # shoulder tip to tip / cheek to cheek
SHOULDER_RANGE = (2.3, 3.5)   # a matte's shoulder width is believed inside this many face widths
NECK_FIT = 0.15               # the scale follows the neck's width within this share of the shoulders' scale
SHOULDER_ROW = 1.1            # the matte's shoulders are read this many face heights below the chin
NECK_ROW = 0.2                # the neck's width is read this far below the chin
LIGHT_SHARE = 0.8             # the garment takes this share of the photo's own exposure and colour cast
SIDE_LIGHT = 0.5              # ... and this share of the face's left-right light difference
BASE_BLUR = 0.45              # a camera's own softness at output size (px), before any up-scaling
COLOUR_FROM = 0.05            # the garment's own colour is read where it covers at least this much...
BLEED = 6                     # ...and carried this many px past its outline (farther than its softening and blur reach)


def garment_scale(alpha: np.ndarray, body: Body, garment: Garment) -> float:
    """Garment px -> output px: from the shoulders, leaning on the neck's width where the matte shows it."""
    by_shoulders = shoulder_width(alpha, body, garment.kind) / garment.shoulder_width
    neck = neck_half(alpha, body)
    if not neck:
        return by_shoulders
    by_neck = 1.05 * neck / garment.neck_half
    return float(np.clip(np.sqrt(by_neck * by_shoulders), by_shoulders * (1 - NECK_FIT), by_shoulders * (1 + NECK_FIT)))


def shoulder_width(alpha: np.ndarray, body: Body, kind: str) -> float:
    """The shoulder width in output px: the matte's at shoulder level when it shows them whole, else the face's."""
    h, w = alpha.shape
    ratio = SHOULDERS_PER_FACE.get(kind, SHOULDERS_PER_FACE["men"])
    y = int(round(body.chin[1] + SHOULDER_ROW * body.face_h))
    if 0 <= y < h:
        xs = np.flatnonzero(alpha[y] > 0.5)
        if len(xs) and xs[0] > 1 and xs[-1] < w - 2:
            width = float(xs[-1] - xs[0])
            lo, hi = SHOULDER_RANGE
            if lo * body.face_w <= width <= hi * body.face_w:
                return 0.5 * width + 0.5 * ratio * body.face_w
    return ratio * body.face_w


def neck_half(alpha: np.ndarray, body: Body) -> float:
    """Half the neck's width just under the chin (the matte's run around the chin's column), 0 when unsure."""
    h, w = alpha.shape
    y = int(round(body.chin[1] + NECK_ROW * body.face_h))
    if not 0 <= y < h:
        return 0.0
    row = alpha[y] > 0.5
    x = int(np.clip(round(body.chin[0]), 0, w - 1))
    if not row[x]:
        return 0.0
    left = np.flatnonzero(~row[:x])
    right = np.flatnonzero(~row[x:])
    lx = left[-1] + 1 if len(left) else 0
    rx = x + right[0] if len(right) else w
    half = (rx - lx) / 2
    return float(half) if 0.25 * body.face_w < half < 0.45 * body.face_w else 0.0


@lru_cache(maxsize=8)
def _scaled(path: str, size: tuple[int, int]) -> np.ndarray:
    """The garment picture at a size, premultiplied RGB and alpha, float32 (cached: a drag re-uses it)."""
    from .garment import _pixels, premultiplied

    return premultiplied(_pixels(path), size)


def placed(garment: Garment, scale: float, x0: float, y0: float, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """The garment on the output grid: (h, w, 3) colour (not premultiplied) and (h, w) coverage; its last rows
    carry on down when the photo reaches below the picture."""
    gh, gw = garment.pixels().shape[:2]
    size = (max(2, int(round(gw * scale))), max(2, int(round(gh * scale))))
    stack = _scaled(str(garment.path), size)
    sx, sy = size[0] / gw, size[1] / gh
    m = np.array([[scale / sx, 0, x0], [0, scale / sy, y0]], np.float32)
    bottom = max(0, int(np.ceil(h - (y0 + size[1] * scale / sy))) + 2)
    if bottom:
        stack = cv2.copyMakeBorder(stack, 0, bottom, 0, 0, cv2.BORDER_REPLICATE)
    out = cv2.warpAffine(stack, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    # above the garment's top (its row 0 less 2 of its rows, to spare) a pixel reads only the border: 0, and so
    # is the colour worked out from it
    top = int(np.clip(np.floor(y0 - 2.0 * max(1.0, scale / sy)) - 1, 0, h))
    ga = np.zeros(out.shape[:2], out.dtype)
    ga[top:] = np.clip(out[top:, :, 3], 0.0, 1.0)
    rgb = np.zeros(out.shape[:2] + (3,), out.dtype)
    rgb[top:] = per_channel(np.divide, out[top:, :, :3], np.maximum(ga[top:], 1e-4))
    return rgb, ga


def bent_to(rgb: np.ndarray, ga: np.ndarray, cx: float, dx: float, reach: float) -> tuple[np.ndarray, np.ndarray]:
    """The fitted garment with its middle moved `dx` px across from column `cx`, the move fading out over `reach`
    px either side (a Gaussian): its collar goes round a turned neck while its shoulders stay where they were (the
    whole garment moved read as "sitting off centre, a lower shoulder"; blind round 32). Its colour past its
    outline (`bled`) moves with it."""
    if abs(dx) < 0.5:
        return rgb, ga
    h, w = ga.shape
    top = min(first_row(ga), first_row(rgb))     # (each row moves along itself: above the garment's all is 0)
    xs = np.arange(w, dtype=np.float32)
    src = xs - dx * np.exp(-((xs - cx - dx) / max(1.0, reach)) ** 2)
    map_x = np.ascontiguousarray(np.broadcast_to(src[None, :], (h - top, w)))
    map_y = np.ascontiguousarray(np.broadcast_to(np.arange(h - top, dtype=np.float32)[:, None], (h - top, w)))
    out_rgb, out_a = np.zeros_like(rgb), np.zeros_like(ga)
    if top < h:
        bend = lambda img: cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR,  # noqa: E731
                                     borderMode=cv2.BORDER_REPLICATE)
        out_rgb[top:] = bend(np.ascontiguousarray(rgb[top:]))
        out_a[top:] = np.clip(bend(np.ascontiguousarray(ga[top:])), 0.0, 1.0)
    return out_rgb, out_a


def bled(rgb: np.ndarray, ga: np.ndarray) -> np.ndarray:
    """The garment's colour carried on BLEED px past its outline (the mean of its covered pixels that near): its
    softened outline and its blur then mix cloth with cloth, never with the black where it has no colour (a dark
    rim, black dashes where its soft edge lies over the old clothing and is made opaque). Two box filters: the
    project's whole-canvas fills (`matting.fill.push_pull`, `imaging.nearest_colours`) take 5-8 ms here, for
    colour that is needed BLEED px out only."""
    rows = np.flatnonzero((ga > COLOUR_FROM).any(axis=1))
    if not rows.size:
        return rgb
    top = max(0, rows[0] - BLEED)                        # (above: no garment within reach)
    known = (ga[top:] > COLOUR_FROM).astype(np.float32)
    if known.all():
        return rgb
    size = (2 * BLEED + 1, 2 * BLEED + 1)
    count = cv2.boxFilter(known, -1, size, normalize=False)
    near = per_channel(np.divide, cv2.boxFilter(per_channel(np.multiply, rgb[top:], known), -1, size, normalize=False),
                       np.maximum(count, 1e-6))
    out = rgb.copy()
    bleed = (known == 0) & (count >= 0.5)
    np.copyto(out[top:], near, where=bleed[..., None])
    return out


def matched(rgb: np.ndarray, ga: np.ndarray, fg: np.ndarray, lab: np.ndarray, body: Body, gains, ev: float,
            upscale: float, noise: float | None = None, first: int = 0) -> np.ndarray:
    """The garment in the photo's light: its cast and exposure, the side light, its softness and noise (the
    photo's `noise_level`, measured here when not given). Its rows from `first` on (those the garment reaches;
    the blur reads the rows above them it needs), the same numbers as the whole's."""
    sigma = BASE_BLUR + 0.5 * np.sqrt(max(upscale ** 2 - 1.0, 0.0))
    first = min(max(first, 0), rgb.shape[0])
    start = max(0, first - blur_reach(sigma))
    # (OpenCV's pow: a fifth of numpy's time on a 295x413 garment, the same to a millionth)
    lin = cv2.pow(np.clip(rgb[start:], 0, 255) / 255.0, 2.2)
    cast = np.array([1.0 / max(g, 1e-3) for g in gains], np.float32) ** LIGHT_SHARE
    exposure = np.float32(2.0 ** (-ev * LIGHT_SHARE))
    side = _side_light(lab, body)
    across = None
    if side:
        x = (np.arange(rgb.shape[1], dtype=np.float32) - body.chin[0]) / max(1.0, 2.0 * body.face_w)
        across = np.clip(1.0 + side * np.clip(x, -1, 1), 0.6, 1.4)
    for c in range(lin.shape[-1]):     # (channel by channel, in place: numpy's broadcast over 3 is slow)
        channel = lin[..., c]
        channel *= cast[c]
        channel *= exposure
    if across is not None:
        lin = per_channel(np.multiply, lin, across[None, :], out=fits(lin, across[None, :]))
    out = cv2.pow(np.clip(lin, 0, 1, out=lin), 1 / 2.2)
    out *= 255.0
    out = blurred_rows(out, sigma, first - start)
    noise = noise_level(fg, body) if noise is None else noise
    if noise > 0.3:
        grain, colour = normals(SEED, (rgb.shape[:2], rgb.shape))     # (the whole's: each pixel its own)
        speck = grain[first:] * noise
        out = per_channel(np.add, out, speck, out=fits(out, speck))
        out += colour[first:] * (0.35 * noise)
    return out


@lru_cache(maxsize=8)
def normals(seed: int, shapes: tuple[tuple[int, ...], ...]) -> tuple[np.ndarray, ...]:
    """Seeded normal noise, one float32 array per shape drawn in turn, read-only (cached: the same grain each
    render, not drawn again): the garment's and the neck's."""
    rng = np.random.default_rng(seed)
    out = tuple(rng.standard_normal(shape).astype(np.float32) for shape in shapes)
    for a in out:
        a.setflags(write=False)
    return out


def _side_light(lab: np.ndarray, body: Body) -> float:
    """How much lighter the face's image-right cheek is than its left (relative, halved): the light's side."""
    if body.points is None or len(body.points) <= max(CHEEKS):
        return 0.0
    h, w = lab.shape[:2]
    vals = []
    for i in CHEEKS:
        x, y = body.points[i]
        cx = (x + body.chin[0]) / 2      # half-way in from the cheek's edge: skin, not hair
        x0, x1 = int(max(0, cx - 0.06 * body.face_w)), int(min(w, cx + 0.06 * body.face_w) + 1)
        y1, y2 = int(max(0, y - 0.06 * body.face_h)), int(min(h, y + 0.06 * body.face_h) + 1)
        if x1 - x0 < 2 or y2 - y1 < 2:
            return 0.0
        vals.append(float(np.median(lab[y1:y2, x0:x1, 0])))
    left, right = vals
    if min(left, right) < 20:
        return 0.0
    return float(np.clip(SIDE_LIGHT * (right - left) / ((right + left) / 2), -0.3, 0.3))


def noise_level(fg: np.ndarray, body: Body) -> float:
    """The photo's grain on the output grid (grey levels): the fine residual on the forehead, robustly."""
    h, w = fg.shape[:2]
    cx, cy = body.chin
    top = cy - 0.85 * body.face_h
    x0, x1 = int(max(0, cx - 0.2 * body.face_w)), int(min(w, cx + 0.2 * body.face_w))
    y1, y2 = int(max(0, top)), int(min(h, top + 0.15 * body.face_h))
    if x1 - x0 < 6 or y2 - y1 < 6:
        return 0.0
    g = cv2.cvtColor(fg[y1:y2, x0:x1], cv2.COLOR_RGB2GRAY).astype(np.float32)
    res = g - cv2.GaussianBlur(g, (0, 0), 1.0)
    return float(min(6.0, 1.4826 * np.median(np.abs(res - np.median(res))) * 1.6))
