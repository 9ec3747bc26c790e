"""Exposure and white balance from the photo itself, plus brightness, contrast and warmth by hand.

Auto white balance: the light's cast is the median of four cues read on the background and clothing,
never the skin or hair: the densest near-neutral cluster, the second-order grey edge (edges average to
grey) of background and clothing and of the clothing alone, and the grey pixels (equal local contrast in
every channel); it is divided out in linear light (a cast under 3 % is left, a large one removed almost
whole). The skin only bounds it: a cast whose removal would leave the face's skin outside human skin's range
is cut back. Pixels clipped in a channel are left out of every cue and counted (a widely clipped background
makes the balance unsure); after the correction a clipped channel is lifted to its pixel's level, so a blown
highlight stays white.
Auto exposure: only a face whose mean brightness is outside what the exposure check accepts is brought
to the nearest edge of that band, so a dark or a fair skin correctly lit is left as it is; no skin is
ever pushed towards a reference tone. Everything becomes one lookup table per channel.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np

from ...faces.face_quality.shadows import FACE_OVAL
from .look import Look

log = logging.getLogger(__name__)

WORK_SIDE = 320            # the estimate reads the photo shrunk to this long side
CAST_MAX = 0.45            # largest cast corrected, |log gain| along blue-amber (about 1.6x)
TINT_MAX = 0.15            # largest green-magenta part of a cast
DEAD_ZONE = 0.03           # casts smaller than this (log units, ~3 %) are not corrected; larger ones fade in
CLUSTER = 0.05             # log-chroma radius of the neutral cluster around its peak
SKIN_ALONG = (0.2, 1.0)    # blue-amber log-chroma (log R/B / 2, linear) of facial skin: the 28 expression photos
                           # read 0.26-0.92 (none of them is in the white-balance eval); a cast that would
                           # leave the skin outside is cut back to the edge
HAIR_GAP = 25              # px at WORK_SIDE: edges this near the head (a hair fringe the matte left out) do not vote
EDGE_CHROMA = 0.6          # a grey-edge pixel and its neighbours are at most this far from grey (log-chroma)
CUE_SPREAD = 0.1           # the cues agree when at least two primary ones lie within this of the chosen cast
MIN_EDGE_PX = 2000         # fewest pixels (at WORK_SIDE) a grey-edge cue reads
GREY_PIXEL_SHARE = 0.02    # the greyest share of the textured background/clothing pixels the grey-pixel cue reads
GREY_PIXEL_CONTRAST = 0.02 # least local log-contrast (mean of the channels) for a pixel to be judged at all
GREY_PIXEL_MIN = 200       # fewest such pixels (at WORK_SIDE) for the grey-pixel cue to vote
BACKDROP_SHARE = 0.25      # a plain backdrop covering at least this share of the frame ...
BACKDROP_SPREAD = 0.02     # ... whose log-chroma varies at most this much (median absolute deviation, both
                           # axes) is the cast on its own: a studio backdrop is the best grey card in the photo
CLIPPED_UNSURE = 0.25      # above this clipped share of the background/clothing the white balance is unsure
                           # (a quarter of the evidence lost; set before it was measured on any photo)
MIN_NEUTRAL = 0.015        # share of the background/clothing pixels that must be neutral for a white balance
SKIN_HUE = (20.0, 75.0)    # CIELAB hue angle of human skin in sRGB photos (all skin tones; the test portraits
                           # read 23-64 untinted): a balance that leaves the skin outside is refused
SKIN_CHROMA = (6.0, 38.0)  # CIELAB chroma of skin (the portraits read 12-26 untinted)
FACE_BAND = (85.0, 200.0)  # mean face luma (0-255) left alone; compliance's exposure warns < 60, > 215
EV_MAX = 1.0               # auto exposure moves at most this many stops
SHOULDER = 0.8             # linear level above which highlights roll off instead of clipping
CLIP_RAMP = 6              # 8-bit levels below 255 over which a clipped channel is treated as clipped (a render's
                           # resampling softens a clipped area's edge by a few levels)
HAND_EV = 1.0              # brightness +-50 = +-1 EV
HAND_CONTRAST = 0.5        # contrast +-50 = slope 1 +- 0.5 at mid-grey
HAND_WARMTH = 0.1          # warmth +-50 = log gain +-0.1 on red and -+0.1 on blue


@dataclass(frozen=True)
class LightFix:
    """The automatic correction estimated for one photo: per-channel gains and an exposure in stops."""

    gains: tuple[float, float, float] = (1.0, 1.0, 1.0)
    ev: float = 0.0
    neutral_share: float = 0.0     # share of non-face pixels the white balance was read from
    sure: bool = True              # the white balance's cues agreed (else the finding asks to check the colour)
    clipped_share: float = 0.0     # share of the background/clothing clipped in some channel, not all (lost evidence)

    @property
    def is_identity(self) -> bool:
        """True when the photo needs nothing."""
        return self.ev == 0.0 and self.gains == (1.0, 1.0, 1.0)


def to_linear(v: np.ndarray) -> np.ndarray:
    """sRGB [0, 1] -> linear light."""
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def to_srgb(v: np.ndarray) -> np.ndarray:
    """Linear light -> sRGB [0, 1]."""
    v = np.clip(v, 0.0, 1.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055)


def estimate(rgb: np.ndarray, landmarks: np.ndarray, alpha: np.ndarray | None = None) -> LightFix:
    """The automatic exposure and white balance of a photo (the analysis image, its face mesh and matte).

    The white balance reads the background (alpha < 0.5) and the clothing (the person below the chin by
    half a face), never the skin or the hair, which are never neutral.
    """
    h, w = rgb.shape[:2]
    k = min(1.0, WORK_SIDE / max(h, w))
    size = (max(1, round(w * k)), max(1, round(h * k)))
    small = cv2.resize(rgb, size, interpolation=cv2.INTER_AREA)
    face = np.zeros(small.shape[:2], np.uint8)
    clothing = np.zeros_like(face)
    if len(landmarks):
        pts = np.asarray(landmarks)[list(FACE_OVAL), :2] * k
        cv2.fillPoly(face, [np.round(pts).astype(np.int32)], 1)
        if alpha is not None:
            person = cv2.resize(alpha.astype(np.float32), size, interpolation=cv2.INTER_AREA) >= 0.5
            below = np.arange(size[1])[:, None] > pts[:, 1].max() + 0.5 * np.ptp(pts[:, 1])
            face |= (person & ~below).astype(np.uint8)       # hair, skin, neck: not read for the balance
            clothing = (cv2.resize(alpha.astype(np.float32), size, interpolation=cv2.INTER_AREA) > 0.9) & below
    oval = np.zeros_like(face)
    if len(landmarks):
        cv2.fillPoly(oval, [np.round(np.asarray(landmarks)[list(FACE_OVAL), :2] * k).astype(np.int32)], 1)
    inner = cv2.erode(oval, np.ones((5, 5), np.uint8))
    gains, share, agree = _white_balance(small, face, inner, clothing)
    clipped = _clipped_share(small, face)
    ev = _exposure(small, oval, gains)
    fix = LightFix(tuple(round(float(g), 4) for g in gains), round(ev, 3), round(share, 3),
                   agree and clipped <= CLIPPED_UNSURE, round(clipped, 3))
    log.debug("light estimate: %s", fix)
    return fix


def _clipped_share(small: np.ndarray, face: np.ndarray) -> float:
    """The share of the background and clothing (lit, away from the face) clipped in some channel but not
    all. Every cue leaves those pixels out, since their colour is lost; so a photo that clips widely has less
    evidence for its white balance, and above CLIPPED_UNSURE the correction is reported as unsure. A white
    backdrop blown out in every channel on purpose is white in any light and is not counted: under a cast
    it is the channels clipping one by one that hide the wall's colour."""
    grown = cv2.dilate(face, np.ones((9, 9), np.uint8)) == 0
    lin = to_linear(small.astype(np.float32) / 255.0)
    lit = grown & (lin @ np.array([0.2126, 0.7152, 0.0722], np.float32) > 0.02)
    partly = (lin.max(-1) >= 0.97) & (lin.min(-1) < 0.97)
    return float((lit & partly).sum() / max(int(lit.sum()), 1))


def _white_balance(small: np.ndarray, face: np.ndarray, skin: np.ndarray, clothing: np.ndarray
                   ) -> tuple[np.ndarray, float, bool]:
    """Gains that undo the light's cast, the share of neutral pixels read, and whether the cues agreed.

    The cast is the median of the cues (`_cues`), so one cue fooled by a coloured surface is outvoted; a
    large plain backdrop (`_plain_backdrop`) is read alone. The skin only bounds it (SKIN_ALONG), never
    sets it.
    """
    lin_img = to_linear(small.astype(np.float32) / 255.0)
    lin = lin_img.reshape(-1, 3)
    grown = cv2.dilate(face, np.ones((9, 9), np.uint8))
    y = lin @ np.array([0.2126, 0.7152, 0.0722], np.float32)
    sel = (grown.reshape(-1) == 0) & (y > 0.02) & (lin.max(1) < 0.97) & (lin.min(1) > 0.002)
    if sel.sum() < 100:
        return np.ones(3), 0.0, False
    skin_lin = to_linear(small.reshape(-1, 3)[skin.reshape(-1) > 0].astype(np.float32) / 255.0)
    skin_rgb = np.median(skin_lin, axis=0) if len(skin_lin) >= 30 else None
    cluster, share = _cluster_cue(lin, sel, y, skin_rgb)
    backdrop = _plain_backdrop(lin_img, (grown == 0) & (clothing == 0), sel.reshape(face.shape))
    if backdrop is not None:
        cues, primary = [backdrop], 1
    else:
        cues, primary = _cues(lin_img, sel.reshape(face.shape), face, clothing, cluster)
    if not cues:
        return np.ones(3), share, False
    along = float(np.clip(np.median([c[0] for c in cues]), -CAST_MAX, CAST_MAX))
    tint = float(np.clip(np.median([c[1] for c in cues]), -TINT_MAX, TINT_MAX))
    sk = _chroma(skin_rgb)                 # the corrected skin stays inside human skin's blue-amber range
    lo, hi = (-np.inf, np.inf) if sk is None else (sk[0] - SKIN_ALONG[1], sk[0] - SKIN_ALONG[0])
    bounded = float(np.clip(along, lo, hi))
    agree = (backdrop is not None or primary >= 2) and max(abs(c[0] - bounded) for c in cues[:primary]) <= CUE_SPREAD
    along, tint = _dead_zone(along, tint)
    along = float(np.clip(along, lo, hi))  # last: the skin bound holds for the cast actually removed
    log.debug("white balance cues %s -> %.3f %.3f agree %s", cues, along, tint, agree)
    return _gains(along, tint), share, agree


def _cues(lin_img: np.ndarray, sel: np.ndarray, face: np.ndarray, clothing: np.ndarray,
          cluster: tuple[float, float] | None) -> tuple[list[tuple[float, float]], int]:
    """The cast as read by each cue, and how many of them are primary (they come first).

    Primary: the neutral cluster; the second-order grey edge of the background and clothing (away from
    the hair's fringe, and only between colours a cast could explain); the same on the clothing alone;
    the grey pixels (`_grey_pixels`) of the background and clothing.
    Uniform coloured areas, a wall or water, have no edges and do not vote. When a primary cue is
    missing, the grey world (the mean colour) is a weaker extra vote.
    """
    unclipped = cv2.erode((lin_img.max(2) < 0.97).astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    dull = cv2.erode(_dull(lin_img).astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    far = cv2.dilate(face, np.ones((HAIR_GAP, HAIR_GAP), np.uint8)) == 0
    cues = [c for c in (cluster, _chroma(_grey_edge(lin_img, sel & unclipped & dull & far)),
                        _chroma(_grey_edge(lin_img, (clothing > 0) & unclipped)),
                        _chroma(_grey_pixels(lin_img, sel & unclipped & dull))) if c is not None]
    primary = len(cues)
    if primary < 4:                                    # a primary cue is missing
        world = _chroma(lin_img[sel].mean(0)) if sel.any() else None
        cues += [world] if world is not None else []
    return cues, primary


def _plain_backdrop(lin_img: np.ndarray, background: np.ndarray, readable: np.ndarray) -> tuple[float, float] | None:
    """The cast read from the background alone (the median log-chroma of its `readable`, unclipped pixels)
    when it is large, plain and of a colour a light cast could explain, else None. Size and plainness
    count its clipped pixels too: a backdrop whose bright part clipped under a strong cast is no longer
    one plain colour, and what is left of it is not read as if it were."""
    if background.mean() < BACKDROP_SHARE or (background & readable).sum() < MIN_EDGE_PX:
        return None
    if max(_spread(lin_img[background])) > BACKDROP_SPREAD:
        return None
    along, tint = _log_chroma(lin_img[background & readable])
    ma, mt = float(np.median(along)), float(np.median(tint))
    if abs(ma) > CAST_MAX or abs(mt) > TINT_MAX:     # a blue or red ID backdrop: its colour, not the light
        return None
    return ma, mt


def _log_chroma(lin: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(blue-amber, green-magenta) log-chroma of linear RGB pixels (..., 3)."""
    lc = np.log(np.maximum(lin, 1e-4))
    return (lc[..., 0] - lc[..., 2]) / 2, (lc[..., 0] + lc[..., 2]) / 2 - lc[..., 1]


def _spread(lin: np.ndarray) -> tuple[float, float]:
    """The median absolute deviation of each log-chroma axis of linear RGB pixels (n, 3)."""
    return tuple(float(np.median(np.abs(v - np.median(v)))) for v in _log_chroma(lin))


def _dull(lin_img: np.ndarray) -> np.ndarray:
    """Pixels whose colour a light cast could explain (|log-chroma| <= EDGE_CHROMA): an edge between a
    saturated garment and a white wall is the garment's complement, not the light, and is left out."""
    return np.hypot(*_log_chroma(lin_img)) <= EDGE_CHROMA


def _gains(along: float, tint: float) -> np.ndarray:
    """Per-channel gains that remove a cast (log-chroma along blue-amber and green-magenta), mean level kept."""
    r_g, b_g = along + tint, tint - along                              # the cast, log R/G and log B/G
    return np.exp(np.array([-r_g, 0.0, -b_g]) + (r_g + b_g) / 3)


def _chroma(rgb: np.ndarray) -> tuple[float, float] | None:
    """(blue-amber, green-magenta) log-chroma of one linear colour."""
    if rgb is None or not np.all(np.isfinite(rgb)) or rgb.min() <= 0:
        return None
    lc = np.log(rgb)
    return float((lc[0] - lc[2]) / 2), float((lc[0] + lc[2]) / 2 - lc[1])


def _grey_edge(lin_img: np.ndarray, sel: np.ndarray, p: float = 6.0) -> np.ndarray | None:
    """The Minkowski (p) mean colour of the image's second derivatives over `sel` (van de Weijer's
    second-order grey edge: uniform coloured areas, a wall or water, have none and do not vote)."""
    b = cv2.GaussianBlur(lin_img, (0, 0), 1.0)
    dxx, dyy, dxy = (cv2.Sobel(b, cv2.CV_32F, dx, dy) for dx, dy in ((2, 0), (0, 2), (1, 1)))
    g = np.sqrt(dxx * dxx + dyy * dyy + 2 * dxy * dxy)[sel]
    if len(g) < MIN_EDGE_PX:
        return None
    return ((g.astype(np.float64) ** p).mean(0)) ** (1 / p)


def _grey_pixels(lin_img: np.ndarray, sel: np.ndarray) -> np.ndarray | None:
    """The mean colour of the greyest pixels over `sel` (Yang, Gao and Li 2015, "grey pixels"): a grey
    surface's local contrast is the same in every channel, whatever the light, so which pixels are picked
    does not depend on the cast (a near-neutral cluster's window does). Flat pixels have no contrast to
    compare and are not judged."""
    lg = np.log(np.maximum(lin_img, 1e-3))
    d = np.abs(np.stack([cv2.Laplacian(cv2.GaussianBlur(np.ascontiguousarray(lg[..., c]), (0, 0), 1.0), cv2.CV_32F)
                         for c in range(3)], -1))
    mean = d.mean(-1)
    index = cv2.GaussianBlur(d.std(-1) / np.maximum(mean, 1e-6), (0, 0), 1.0)   # 0 = the same in every channel
    ok = sel & (mean > GREY_PIXEL_CONTRAST)
    if ok.sum() < GREY_PIXEL_MIN:
        return None
    pick = ok & (index <= np.quantile(index[ok], GREY_PIXEL_SHARE))
    return lin_img[pick].astype(np.float64).mean(0)


def _cluster_cue(lin: np.ndarray, sel: np.ndarray, y: np.ndarray, skin_rgb: np.ndarray | None
                 ) -> tuple[tuple[float, float] | None, float]:
    """The cast of the densest near-neutral cluster that leaves the face's skin plausible, and its share."""
    lc = np.log(lin[sel] + 1e-4)
    chroma = np.stack([lc[:, 0] - lc[:, 1], lc[:, 2] - lc[:, 1]], 1)      # log R/G, log B/G
    along = (chroma[:, 0] - chroma[:, 1]) / 2                              # amber (+) .. blue (-)
    tint = (chroma[:, 0] + chroma[:, 1]) / 2                               # magenta (+) .. green (-)
    ok = (np.abs(along) <= CAST_MAX) & (np.abs(tint) <= TINT_MAX)
    best: tuple[tuple[float, float] | None, float, float] = (None, 0.0, _skin_miss(skin_rgb))
    for peak in _peaks(along[ok], tint[ok], y[sel][ok]):
        near = ok & (np.hypot(along - peak[0], tint - peak[1]) <= CLUSTER)
        share = float(near.sum() / sel.sum())
        if share < MIN_NEUTRAL:
            break
        cast = (float(np.mean(along[near])), float(np.mean(tint[near])))
        miss = _skin_miss(None if skin_rgb is None else skin_rgb * _gains(*cast))
        if miss == 0.0:
            return cast, share
        if miss < best[2]:
            best = (cast, share, miss)
    return best[0], best[1]


def _dead_zone(along: float, tint: float) -> tuple[float, float]:
    """The cast to remove: none under DEAD_ZONE (an off-white wall or shirt is left as it is), then fading in
    as 1 - (DEAD_ZONE / size)^2, so a large cast is removed almost whole and the correction follows it
    (subtracting DEAD_ZONE from every cast left part of each large one in the photo)."""
    size = float(np.hypot(along, tint))
    keep = 1.0 - (DEAD_ZONE / size) ** 2 if size > DEAD_ZONE else 0.0
    return along * keep, tint * keep


def _skin_miss(linear_rgb: np.ndarray | None) -> float:
    """How far a (linear) skin colour lies outside human skin's hue and chroma range (0 inside, or unknown)."""
    if linear_rgb is None:
        return 0.0
    srgb = to_srgb(np.clip(linear_rgb / max(float(linear_rgb.max()), 1e-6), 0, 1)).astype(np.float32)
    _, a, b = cv2.cvtColor(srgb.reshape(1, 1, 3), cv2.COLOR_RGB2LAB).reshape(3)
    hue, chroma = float(np.degrees(np.arctan2(b, a))), float(np.hypot(a, b))
    return (max(0.0, SKIN_HUE[0] - hue, hue - SKIN_HUE[1]) / 10.0
            + max(0.0, SKIN_CHROMA[0] - chroma, chroma - SKIN_CHROMA[1]) / 5.0)


def _peaks(along: np.ndarray, tint: np.ndarray, weight: np.ndarray, count: int = 4) -> list[tuple[float, float]]:
    """The densest points of a 2-D log-chroma histogram (smoothed; weighted by brightness, since white and
    light grey surfaces are the likeliest neutrals), densest first."""
    bins = 48
    hist, ea, et = np.histogram2d(along, tint, bins=bins, range=[[-CAST_MAX, CAST_MAX], [-TINT_MAX, TINT_MAX]],
                                  weights=weight)
    hist = cv2.GaussianBlur(hist.astype(np.float32), (0, 0), 1.5)
    local = (hist == cv2.dilate(hist, np.ones((5, 5), np.uint8))) & (hist > 0)
    order = np.argsort(hist[local])[::-1][:count]
    ii, jj = np.nonzero(local)
    return [(float((ea[i] + ea[i + 1]) / 2), float((et[j] + et[j + 1]) / 2)) for i, j in zip(ii[order], jj[order])]


def _exposure(small: np.ndarray, face: np.ndarray, gains: np.ndarray) -> float:
    """Stops that bring a too dark or too bright face to the nearest edge of FACE_BAND (0 inside it)."""
    sel = face.astype(bool)
    if sel.sum() < 30:
        return 0.0
    lin = to_linear(small[sel].astype(np.float32) / 255.0) * gains
    luma = float(np.mean(to_srgb(lin) @ np.array([0.299, 0.587, 0.114])) * 255.0)
    lo, hi = FACE_BAND
    target = lo if luma < lo else hi if luma > hi else luma
    if target == luma or luma <= 1.0:
        return 0.0
    # sRGB luma scales roughly as linear ** (1 / 2.2): stops = 2.2 * log2(target / luma)
    return float(np.clip(2.2 * np.log2(target / luma), -EV_MAX, EV_MAX))


def _shoulder(u: np.ndarray, top: float) -> np.ndarray:
    """Values scaled so that 1 became `top`: identity up to SHOULDER, then a smooth roll-off that brings
    `top` back to exactly 1 (slope continuous), so a gain lifts the face without clipping the whites.
    With top <= 1 nothing is compressed."""
    t = SHOULDER
    if top <= 1.0:
        return u
    slope = (top - t) / (1 - t)                       # g'(0) that keeps the curve's slope 1 at t
    lo, hi = 1e-6, 60.0
    for _ in range(60):                               # a / (1 - exp(-a)) = slope, solved by bisection
        a = (lo + hi) / 2
        lo, hi = (a, hi) if a / (1 - np.exp(-a)) < slope else (lo, a)
    d = np.clip((u - t) / (top - t), 0.0, 1.0)
    return np.where(u <= t, u, t + (1 - t) * (1 - np.exp(-a * d)) / (1 - np.exp(-a)))


def lut(fix: LightFix | None, look: Look) -> np.ndarray | None:
    """The (256, 1, 3) uint8 lookup table of an automatic fix (used with light 'auto') and the hand settings."""
    auto = fix if (fix is not None and look.light == "auto") else LightFix()
    if auto.is_identity and not any((look.brightness, look.contrast, look.warmth)):
        return None
    x = to_linear(np.arange(256, dtype=np.float64) / 255.0)
    warm = HAND_WARMTH * look.warmth / 50.0
    gains = np.asarray(auto.gains) * np.exp([warm, 0.0, -warm])
    stops = auto.ev + HAND_EV * look.brightness / 50.0
    scale = gains * 2.0 ** stops
    lin = np.stack([_shoulder(x * k, float(k)) for k in scale], axis=1)
    out = to_srgb(lin)
    if look.contrast:
        slope = 1.0 + HAND_CONTRAST * look.contrast / 50.0
        out = _contrast(out, slope)
    return np.clip(np.round(out * 255.0), 0, 255).astype(np.uint8).reshape(256, 1, 3)


def _contrast(v: np.ndarray, slope: float) -> np.ndarray:
    """A contrast curve through mid-grey with `slope` there: an S-curve keeping 0 and 1, or a flattening."""
    if slope <= 1.0:
        return 0.5 + (v - 0.5) * slope
    s0, s1 = 1.0 / (1.0 + np.exp(4.0)), 1.0 / (1.0 + np.exp(-4.0))
    s = (1.0 / (1.0 + np.exp(-8.0 * (v - 0.5))) - s0) / (s1 - s0)
    mid_slope = 2.0 / (s1 - s0)                   # the normalised sigmoid's slope at 0.5
    return v + (slope - 1.0) / (mid_slope - 1.0) * (s - v)


def apply(rgb: np.ndarray, table: np.ndarray | None) -> np.ndarray:
    """The image through a light table (a new array; the input is never changed), clipped highlights kept
    neutral (`_unclip`)."""
    if table is None:
        return rgb.copy()
    out = cv2.LUT(np.ascontiguousarray(rgb), table.reshape(1, 256, 3))
    return _unclip(rgb, out, table.reshape(256, 3))


_CLIP_WEIGHT = np.clip((np.arange(256) - (255 - CLIP_RAMP)) / CLIP_RAMP * 255, 0, 255).round().astype(np.uint8)


def _unclip(rgb: np.ndarray, out: np.ndarray, table: np.ndarray) -> np.ndarray:
    """`out` with each clipped channel of `rgb` lifted to its pixel's other corrected channels.

    A channel at 255 has lost its value: the light there was at least that bright. A gain under 1 would
    turn it darker than the other channels, and a clipped white wall yellow or magenta after a cold or green
    cast is removed (a raw converter keeps clipped highlights white). So where a channel clipped, its
    corrected value is taken as at least the mean of the pixel's two other corrected channels (neutral at
    their level), fading in over CLIP_RAMP levels below 255; a fully clipped pixel stays white. Only
    channels whose table darkens 255 are touched, so a table with every gain >= 1 changes nothing.
    """
    dark = np.nonzero(table[255] < 255)[0]
    if not len(dark) or out.ndim != 3 or out.shape[2] != 3:
        return out
    src, chans = cv2.split(np.ascontiguousarray(rgb)), cv2.split(out)   # uint8 saturating arithmetic: cheap
    lifted = list(chans)
    for c in dark:
        a, b = (chans[i] for i in range(3) if i != c)
        gap = cv2.subtract(cv2.addWeighted(a, 0.5, b, 0.5, 0.0), chans[c])      # max(others - c, 0)
        lifted[c] = cv2.add(chans[c], cv2.multiply(gap, cv2.LUT(src[c], _CLIP_WEIGHT), scale=1 / 255))
    return cv2.merge(lifted)
