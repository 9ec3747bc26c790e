"""What the continued body is painted with: the person's own clothing, or a plain garment shade (issue 25).

The clothing band is the subject above the region's bottom edge and below the chin, away from the matte's
edge, from skin (coloured like the cheeks) and from hair (coloured like the hair above the forehead).
When too little of it is left to copy patches from (a bare neck down to the edge), the fill is the band's
darkest clothing colour, or a dark garment grey without any, with a fine fabric noise.
"""
from __future__ import annotations

import cv2
import numpy as np

from .silhouette import Hint

SOLID = 0.97            # alpha of the clothing copied from (inside the matte, not its soft edge)
EDGE_MARGIN_PX = 2
BAND_FRAC = 0.3         # without a face, the band is the last 30 % of the rows
ABOVE_CHIN = 0.3        # with one, it starts this many face heights above the chin (shoulders beside the neck) ...
FACE_HALF_WIDTHS = 0.55  # ... leaving out the face (this many face widths either side of the chin) down to ...
BELOW_CHIN = 0.1        # ... this far below the chin, and the neck (a beard, a bare throat) to NECK_BELOW_CHIN
NECK_HALF_WIDTHS, NECK_BELOW_CHIN = 0.4, 0.45
SKIN_AB, SKIN_L = 8.0, 22.0    # Lab distance (chroma, lightness) within which a pixel counts as skin
GREY_CHROMA, GREY_SKIN_L = 2.0, 8.0   # skin this grey is a greyscale photo's: lighter than L - 8 is skin
HAIR_DE = 14.0          # Lab distance within which a pixel counts as hair ...
HAIR_AB, HAIR_L = 8.0, 30.0  # ... or its hue, lighter or darker (a blonde strand in shadow) ...
HAIR_CHROMA = 12.0      # ... when the hair has a hue at all (grey or black hair: lightness says nothing)
HAIR_MIN_B = -4.0       # hair is never bluish (Lab b* below this): beside the cheeks that is a garment ...
COVERING_B = 0.0        # ... and hair with a hue (chroma over HAIR_CHROMA) is never mauve, violet or blue (b* below
                        # this), above the forehead either: that is a head covering (a hijab, a cap), and clothing
STRAND_PX = 1           # clothing is taken this far (half-res px) from hair-coloured pixels (a strand's edge)
KEEP_AFTER_HAIR = 0.4  # the clothing's colour leaves out hair-coloured pixels when this much is left ...
KEEP_TEXTURE = 0.15     # ... its texture already when this much is left (no strand becomes a motif) ...
KEEP_OTHER_HUE = 0.15   # ... and so does its colour when this much is left of a hue unlike the hair's (a navy top
                        # between blond strands; not the strands' own shade)
PATCH_PX, PATCHES = 6, 12   # the texture is taken from there only when this many patches this small fit in
DARK_GARMENT = (46, 46, 52)    # when there is no clothing at all
MEDIAN_SIDE = 24        # a box's median colour is read on about this many pixels a side
NOISE_LEVEL = 2.0       # fabric noise, grey levels
NOISE_SIGMA = 0.7


def lab_of(rgb: np.ndarray) -> np.ndarray:
    """RGB 0-255 in CIE Lab (float32): every colour test here is in Lab."""
    return cv2.cvtColor(rgb.astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)


def rgb(lab: np.ndarray) -> np.ndarray:
    """A Lab colour (3,) in RGB 0-255."""
    return cv2.cvtColor(np.asarray(lab, np.float32)[None, None, :], cv2.COLOR_LAB2RGB)[0, 0] * 255.0


def _median_lab(fg: np.ndarray, alpha: np.ndarray, y0: float, y1: float, x0: float, x1: float) -> np.ndarray | None:
    """Median Lab of the solid subject in a box (None when nearly empty)."""
    h, w = alpha.shape
    ya, yb, xa, xb = (int(np.clip(v, 0, n)) for v, n in ((y0, h), (y1, h), (x0, w), (x1, w)))
    if yb - ya < 2 or xb - xa < 2:
        return None
    step = max(1, min(yb - ya, xb - xa) // MEDIAN_SIDE)   # a median needs a few hundred pixels, not all
    mask = alpha[ya:yb:step, xa:xb:step] > 0.9
    if mask.sum() < 20:
        return None
    return np.median(lab_of(fg[ya:yb:step, xa:xb:step])[mask], axis=0)


def band_top(h: int, hint: Hint | None) -> int:
    """First row of the clothing band."""
    top = h - BAND_FRAC * h if hint is None else hint.chin_y - ABOVE_CHIN * hint.face_h
    return int(np.clip(round(top), 0, h - 1))


def clothing(fg: np.ndarray, alpha: np.ndarray, hint: Hint | None, seen=None) -> tuple[int, np.ndarray, np.ndarray]:
    """(first row, colour mask, texture mask of the band rows): the solid clothing to take the colour and
    the texture from (`seen`: looks(), if known). Each leaves out hair-coloured pixels when at least
    KEEP_AFTER_HAIR (colour) or KEEP_TEXTURE (texture) of the clothing is then left; with less, both come
    from the pixels of a hue unlike the hair's, when KEEP_OTHER_HUE of the band is (04's navy between strands)."""
    h = alpha.shape[0]
    y0 = band_top(h, hint)
    solid = cv2.erode((alpha[y0:] > SOLID).astype(np.uint8), np.ones((2 * EDGE_MARGIN_PX + 1,) * 2, np.uint8)) > 0
    if hint is None or not solid.any():
        return y0, solid, solid
    for below, half in ((BELOW_CHIN, FACE_HALF_WIDTHS), (NECK_BELOW_CHIN, NECK_HALF_WIDTHS)):
        rows = int(np.clip(round(hint.chin_y + below * hint.face_h) - y0, 0, len(solid)))
        xa, xb = (int(np.clip(round(hint.chin_x + s * half * hint.face_w), 0, solid.shape[1])) for s in (-1, 1))
        solid[:rows, xa:xb] = False
    lab = lab_of(fg[y0::2, ::2])          # skin and hair are told apart at half resolution (cost)
    skin, hair = seen if seen is not None else looks(fg, alpha, hint)
    skin_px, hair_px = skin_and_hair(lab, (skin, hair))
    not_skin = ~skin_px
    strands = cv2.dilate(hair_px.astype(np.uint8), np.ones((2 * STRAND_PX + 1,) * 2, np.uint8))
    full = (solid.shape[1], solid.shape[0])
    solid &= cv2.resize(not_skin.astype(np.uint8), full, interpolation=cv2.INTER_NEAREST) > 0
    clothes = solid & (cv2.resize(strands, full, interpolation=cv2.INTER_NEAREST) == 0)
    left = clothes.sum() / max(int(solid.sum()), 1)
    colour, texture = clothes if left >= KEEP_AFTER_HAIR else solid, clothes if left >= KEEP_TEXTURE else solid
    if left < KEEP_AFTER_HAIR and hair:
        other = np.ones(lab.shape[:2], bool)
        for m in hair:
            other &= np.hypot(lab[..., 1] - m[1], lab[..., 2] - m[2]) >= HAIR_AB
        # with too few strand-free pixels (04 at cn-1inch: strands all over the band), look between the strands
        other = texture & (cv2.resize(other.astype(np.uint8), full, interpolation=cv2.INTER_NEAREST) > 0)
        if other.sum() >= KEEP_OTHER_HUE * solid.sum():
            colour = other
            texture = other if left < KEEP_TEXTURE and _holds_patches(other) else texture
    return y0, colour, texture


def _holds_patches(mask: np.ndarray) -> bool:
    """Whether enough of the smallest texture patches (extend.py's) fit wholly inside the mask to copy from."""
    return int((cv2.erode(mask.astype(np.uint8), np.ones((PATCH_PX, PATCH_PX), np.uint8)) > 0).sum()) >= PATCHES


def looks(fg: np.ndarray, alpha: np.ndarray, f: Hint) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Median Lab of the skin (both cheeks) and of the hair (above the forehead, beside the cheeks)."""
    skin, hair, _ = looks_and_covering(fg, alpha, f)
    return skin, hair


def looks_and_covering(fg: np.ndarray, alpha: np.ndarray, f: Hint
                       ) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
    """looks(), and apart the samples there that are a head covering's (is_covering), not hair."""
    skin = [_median_lab(fg, alpha, f.chin_y - 0.5 * f.face_h, f.chin_y - 0.3 * f.face_h,
                        f.chin_x + s * 0.32 * f.face_w - 0.08 * f.face_w, f.chin_x + s * 0.32 * f.face_w + 0.08 * f.face_w)
            for s in (-1, 1)]
    skin = [m for m in skin if m is not None]
    hair = [_median_lab(fg, alpha, 0, f.chin_y - 1.1 * f.face_h, f.chin_x - 0.6 * f.face_w, f.chin_x + 0.6 * f.face_w)]
    for s in (-1, 1):   # long hair beside the cheeks: often darker than on top of the head
        xa, xb = sorted((f.chin_x + s * 0.6 * f.face_w, f.chin_x + s * 0.95 * f.face_w))
        side = _median_lab(fg, alpha, f.chin_y - 0.6 * f.face_h, f.chin_y - 0.1 * f.face_h, xa, xb)
        if side is None or any(is_skin(side, m) for m in skin):
            continue             # skin-coloured there: a pink scarf or an ear, not hair (the scarf is clothing)
        if side[2] >= HAIR_MIN_B or hair[0] is not None and np.linalg.norm(side - hair[0]) < HAIR_DE:
            hair.append(side)    # a bluish colour there is a jacket's shoulder beside a tight face, not hair
    hair = [m for m in hair if m is not None]
    return skin, [m for m in hair if not is_covering(m)], [m for m in hair if is_covering(m)]


def is_covering(m: np.ndarray) -> bool:
    """Whether a "hair" sample (Lab) is a head covering's: hair's own hues run from red to yellow, so a
    clear mauve, violet or blue there is a hijab or a cap, which reaching the cut is the garment and goes on
    as clothing, not as hair ending in a short fade (046's mauve hijab over her shoulders)."""
    return bool(np.hypot(m[1], m[2]) > HAIR_CHROMA and m[2] < COVERING_B)


def skin_and_hair(lab: np.ndarray, seen) -> tuple[np.ndarray, np.ndarray]:
    """Masks of the pixels coloured like any of the skin samples and like any of the hair samples
    (`seen`: looks()); a pixel may be in both (the caller says which wins)."""
    skin_s, hair_s = seen
    skin = np.zeros(lab.shape[:-1], bool)
    for s in skin_s:
        skin |= is_skin(lab, s)
    hair = np.zeros(lab.shape[:-1], bool)
    for m in hair_s:
        hair |= is_hair(lab, m)
    return skin, hair


def is_skin(lab: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Pixels coloured like the skin `s` (Lab). In a greyscale photo (grey skin) hue says nothing and a lit
    shoulder is far lighter than the cheeks: there skin is anything grey and no darker than them (a dark
    garment stays clothing; 030's lit shoulders were painted on as a light block)."""
    hue = np.hypot(lab[..., 1] - s[1], lab[..., 2] - s[2]) < SKIN_AB
    if np.hypot(s[1], s[2]) < GREY_CHROMA:
        return hue & (lab[..., 0] > s[0] - GREY_SKIN_L)
    return hue & (np.abs(lab[..., 0] - s[0]) < SKIN_L)


def is_hair(lab: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Pixels coloured like the hair `m` (Lab)."""
    near = ((lab - m) ** 2).sum(axis=-1) < HAIR_DE ** 2
    hue = (np.hypot(lab[..., 1] - m[1], lab[..., 2] - m[2]) < HAIR_AB) & (np.abs(lab[..., 0] - m[0]) < HAIR_L)
    return near | (hue & (np.hypot(m[1], m[2]) > HAIR_CHROMA))


def plain_shade(fg: np.ndarray, alpha: np.ndarray, y0: int, valid: np.ndarray) -> np.ndarray:
    """The band's darkest clothing colour (10th percentile of its lightness), or a dark garment grey."""
    band = fg[y0:].reshape(-1, 3)[valid.reshape(-1)]
    if len(band) < 50:
        return np.array(DARK_GARMENT, np.float32)
    luma = band.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    dark = band[luma <= np.percentile(luma, 10)]
    return dark.astype(np.float32).mean(axis=0)


def fabric(shape: tuple[int, int], shade: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A plain garment of `shade` with a fine, even fabric noise (h, w, 3) float32."""
    noise = cv2.GaussianBlur(rng.normal(0.0, 1.0, shape).astype(np.float32), (0, 0), NOISE_SIGMA)
    noise *= NOISE_LEVEL / max(float(noise.std()), 1e-6)
    return shade[None, None, :] + noise[..., None]
