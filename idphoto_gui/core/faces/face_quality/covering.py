"""Head covering, read in the person's matte above the forehead: fabric in a colour no hair has, a light brim
under such fabric (a Santa hat's white fur band), or a dark cover over lighter hair hanging beside the cheeks.

The head is resampled upright (eye line level) at HEAD_IED px per eye distance, from HEAD_SIDE eye distances
either side of the eyes and from HEAD_ABOVE above to HEAD_BELOW below them; the 468-point mesh's face oval
splits skin from what frames it. Colours are CIELAB (L* 0-100, a*, b*).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .patch import CHIN, lab, poly_mask
from .shadows import FACE_OVAL

HEAD_IED = 32.0               # px per eye distance: hair and fabric areas, not strands (40 reads the same)
HEAD_SIDE, HEAD_ABOVE, HEAD_BELOW = 2.2, 2.2, 1.9   # reach the crown band, a turned face's far side, the chin
SKIN_DE = 18.0                # CIELAB distance from the cheeks' median beyond which a pixel is not skin
CROWN = (0.08, 0.6, 0.6)      # crown band: 0.08-0.6 eye distances outside the oval, above 0.6 over the eyes
TOP = (0.6, 1.6)              # the band beyond it (same height): a cover's top above a brim that fills the crown band
BRIM_L, BRIM_CHROMA = 70.0, 15.0   # a light neutral brim (white fur, a white cuff), not skin: L* above, chroma below
BRIM_MIN = 0.25               # below this light share of the crown band there is no brim: the band beyond is not read
HANG = (0.08, 0.35, -0.3, 0.35)  # hair beside the cheeks: 0.08-0.35 outside the oval, below -0.3, 0.35 over the chin
HANG_MIN_AREA = 0.2           # eye distances squared of non-skin pixels there, else no hanging hair to compare
HANG_PERCENTILE = 75          # the hanging hair's lighter quarter: hair under a brim lies partly in its shadow
# Natural hair (black, brown, blonde, red, grey) has a CIELAB hue between red and yellow and limited chroma.
HAIR_HUE = (10.0, 100.0)      # degrees of atan2(b*, a*)
HAIR_CHROMA_NEUTRAL = 15.0    # below this chroma any hue is a neutral (grey, black, white) hair colour
HAIR_CHROMA_MAX = 45.0        # dyed reds reach ~40 (labelled ginger hair: crown median 36)


@dataclass(frozen=True)
class Covering:
    """What frames the face from above: see thresholds.py for the limits."""

    fabric: float     # share of the crown band whose colour no natural hair has (0..1)
    crown_l: float    # median L* of the crown band's non-skin pixels (nan when there are none)
    hang_l: float     # 75th-percentile L* of the hair-coloured non-skin pixels beside the cheeks (nan: no hanging hair)
    top_fabric: float = math.nan   # share of the band beyond the crown band in a colour no natural hair has
    #                                (0..1; nan: not read, no light brim, which keeps the check's cost on most heads)
    light_brim: float = 0.0   # share of the crown band light, neutral and not skin: white fur or white hair (0..1)

    @property
    def dark_over_light(self) -> float:
        """How much lighter the hair beside the cheeks is than the crown (L*); nan without hanging hair."""
        return self.hang_l - self.crown_l


def _view(rgb: np.ndarray, alpha: np.ndarray, mesh: np.ndarray, right: np.ndarray,
          left: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """RGB pixels, matte and mesh of the head resampled upright at HEAD_IED (only this small area is warped)."""
    ied = max(float(np.linalg.norm(left - right)), 1.0)
    mid, across = (left + right) / 2, (left - right) / ied
    up = mid - mesh[CHIN]
    up = up / max(float(np.linalg.norm(up)), 1e-6)
    size = (round(2 * HEAD_SIDE * HEAD_IED), round((HEAD_ABOVE + HEAD_BELOW) * HEAD_IED))
    k = ied / HEAD_IED   # source pixels per view pixel; view (col, row) centres at +0.5
    origin = mid + ied * (-HEAD_SIDE * across + HEAD_ABOVE * up) + k * 0.5 * (across - up)
    m = np.column_stack([across * k, -up * k, origin])
    flags = cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR
    view = cv2.warpAffine(rgb, m, size, flags=flags, borderMode=cv2.BORDER_CONSTANT)
    matte = cv2.warpAffine(np.asarray(alpha, np.float32), m, size, flags=flags, borderMode=cv2.BORDER_CONSTANT)
    inv = cv2.invertAffineTransform(m)
    return view, matte, mesh @ inv[:, :2].T + inv[:, 2]


def covering(rgb: np.ndarray, *, alpha: np.ndarray, mesh: np.ndarray, right: np.ndarray,
             left: np.ndarray) -> Covering:
    """Crown-band colour against natural hair colours and against the hair hanging beside the cheeks."""
    if alpha.shape[:2] != rgb.shape[:2]:  # a matte made at another size (callers pass the working image's)
        alpha = cv2.resize(np.asarray(alpha, np.float32), (rgb.shape[1], rgb.shape[0]), interpolation=cv2.INTER_LINEAR)
    view, matte, pts = _view(rgb, alpha, np.asarray(mesh, np.float64), np.asarray(right, np.float64),
                            np.asarray(left, np.float64))
    h, w = matte.shape
    oval = poly_mask(matte.shape, pts[list(FACE_OVAL)]).astype(np.uint8)
    out = cv2.distanceTransform(1 - oval, cv2.DIST_L2, 3) / HEAD_IED   # eye distances outside the oval
    u = (np.arange(w) + 0.5) / HEAD_IED - HEAD_SIDE                      # across, eye distances from the eyes
    t = (HEAD_ABOVE - (np.arange(h) + 0.5) / HEAD_IED)[:, None]          # up, eye distances above the eyes
    chin_t = HEAD_ABOVE - pts[CHIN, 1] / HEAD_IED
    cheeks = (oval > 0) & (t < -0.25) & (t > -0.75) & (np.abs(u) < 0.55)
    ring = (matte > 0.5) & (out > CROWN[0])
    crown = ring & (out < CROWN[1]) & (t > CROWN[2])
    hang = ring & (out < HANG[1]) & (t < HANG[2]) & (t > chin_t + HANG[3])
    if not cheeks.any() or not crown.any():
        return Covering(0.0, math.nan, math.nan)
    skin = np.median(lab(view[cheeks]), axis=0)
    band, beside = lab(view[crown]), lab(view[hang])
    beside = beside[(np.linalg.norm(beside - skin, axis=1) > SKIN_DE) & _hanging_hair(beside)]
    chroma, not_skin = np.hypot(band[:, 1], band[:, 2]), np.linalg.norm(band - skin, axis=1) > SKIN_DE
    off = _no_hair_colour(band, chroma)
    light = float(((band[:, 0] > BRIM_L) & (chroma < BRIM_CHROMA) & not_skin).mean())  # a lit forehead is no brim
    top_fabric = math.nan
    if light > BRIM_MIN:  # a light band may be a brim: what lies beyond it?
        top_fabric = _top_fabric(view, (matte > 0.5) & (out >= CROWN[1]) & (out < TOP[1]) & (t > CROWN[2]))
    cover = band[not_skin]
    crown_l = float(np.median(cover[:, 0])) if len(cover) else math.nan
    enough = len(beside) >= HANG_MIN_AREA * HEAD_IED ** 2
    hang_l = float(np.percentile(beside[:, 0], HANG_PERCENTILE)) if enough else math.nan
    return Covering(float(off.mean()), crown_l, hang_l, top_fabric, light)


def _top_fabric(view: np.ndarray, top: np.ndarray) -> float:
    """Share of the band beyond the crown band in a colour no hair has (nan: the matte ends before it)."""
    if not top.any():
        return math.nan
    pixels = lab(view[top])
    return float(_no_hair_colour(pixels, np.hypot(pixels[:, 1], pixels[:, 2])).mean())


def _hanging_hair(pixels: np.ndarray) -> np.ndarray:
    """Per CIELAB pixel beside the cheeks: a hair colour, and not a light neutral (a white collar or spacesuit)."""
    chroma = np.hypot(pixels[:, 1], pixels[:, 2])
    return ~_no_hair_colour(pixels, chroma) & ~((pixels[:, 0] > BRIM_L) & (chroma < BRIM_CHROMA))


def _no_hair_colour(pixels: np.ndarray, chroma: np.ndarray) -> np.ndarray:
    """Per CIELAB pixel (and its chroma): a colour no natural hair has (hue outside HAIR_HUE, or too vivid)."""
    hue = np.degrees(np.arctan2(pixels[:, 2], pixels[:, 1]))
    return (chroma > HAIR_CHROMA_MAX) | ((chroma > HAIR_CHROMA_NEUTRAL) & ((hue < HAIR_HUE[0]) | (hue > HAIR_HUE[1])))
