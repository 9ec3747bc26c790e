"""What the finished photo measures: head height, eye line, crown margin and centring in template mm.

Everything is mapped through the crop's output matrix, so it reads the photo the user will get.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..faces.faces import Face
from ..geometry.placement import Crop, Point, crop_corners, crop_overhang, crop_to_output_matrix, crown_point, map_points
from ..templates.template import Template

TOP_SAMPLES = 64  # points along the output's top row checked for hair off the centre line


@dataclass(frozen=True)
class Painted:
    """Output pixels painted in past the photo's edge on each side of the output (the continued body)."""
    top: int = 0       # never painted: above the photo the output is background
    bottom: int = 0
    left: int = 0
    right: int = 0


@dataclass(frozen=True)
class Measurements:
    """The finished photo's geometry, measured through the crop matrix in the template's units."""
    head_height_mm: float
    eye_line_mm: float           # eye midpoint above the bottom edge
    crown_margin_mm: float       # crown below the top edge (negative: crown cut off)
    centre_offset_mm: float      # face centre minus photo centre, positive = right
    roll_deg: float              # eye-line tilt left in the output
    yaw_deg: float
    eye_distance_px: float       # in output pixels
    output_px: tuple[int, int]
    upscale: float               # output pixels per working-image pixel (> 1 = enlarged)
    hair_margin_mm: float | None = None  # top of the hair below the top edge (<= 0: hair touches or is cut)
    crop_mode: str = "in_range"  # in_range | background_extended | body_extended | head_cut (geometry.Overhang)
    synthesised_px: Painted = Painted()  # the body painted in past the photo's edge (zeros: nothing painted)
    hair_past_photo: bool = False  # the hair runs on past the photo's own top edge: no crop shows its top


HAIR_EDGE_PX = 3   # the photo's first row is read at least this far either side of the crown


def measure(face: Face, alpha: np.ndarray, crop: Crop, template: Template, *,
            dpi: int | None = None, crown: Point | None = None) -> Measurements:
    """Measure head, eyes, crown and centring in the output the crop produces."""
    out_w, out_h = template.pixel_size(dpi)
    moved = crown is not None  # the user placed the crown line
    if crown is None:
        crown = crown_point(alpha, face, include_hair=template.crown_includes_hair)
    m = crop_to_output_matrix(crop, out_w, out_h)
    cr, chin, reye, leye = map_points(m, np.array([crown, face.chin, face.right_eye, face.left_eye]))
    mm_x, mm_y = template.width_mm / out_w, template.height_mm / out_h
    eye_v = (reye[1] + leye[1]) / 2
    centre_u = ((reye[0] + leye[0]) / 2 + chin[0]) / 2
    d = leye - reye
    hair = crown if moved or template.crown_includes_hair else crown_point(alpha, face, include_hair=True)
    hair_mm = float((map_points(m, np.array([hair]))[0, 1] + 0.5) * mm_y)
    if _top_row_has_subject(alpha, crop):
        hair_mm = min(hair_mm, 0.0)
    over = crop_overhang(crop, alpha, face, template)
    return Measurements(
        float((chin[1] - cr[1]) * mm_y), float(template.height_mm - (eye_v + 0.5) * mm_y),
        float((cr[1] + 0.5) * mm_y), float((centre_u + 0.5) * mm_x - template.width_mm / 2),
        float(math.degrees(math.atan2(d[1], d[0]))), float(face.yaw_deg), float(np.hypot(*d)),
        (out_w, out_h), float(out_w / crop.width), hair_mm, over.mode, painted_px(over.body, out_w / template.width_mm,
                                                                            out_h / template.height_mm),
        hair_past_photo=not moved and _hair_past_photo(alpha, hair, face.eye_distance))


def _hair_past_photo(alpha: np.ndarray, hair: Point, eye_distance: float) -> bool:
    """True when the top of the hair is the photo's own first row and the subject fills it there (the
    hair runs on above the photo): what the advice must say, since moving or zooming the crop cannot help.
    The first row is read as wide as the crown is found (half the eye distance either side)."""
    x, y = hair
    w = alpha.shape[1]
    xi, r = int(np.clip(round(x), 0, w - 1)), max(HAIR_EDGE_PX, int(0.5 * eye_distance))
    return y <= 0.5 and bool((alpha[0, max(0, xi - r):xi + r + 1] > 0.5).any())


def painted_px(body, px_per_mm_x: float, px_per_mm_y: float) -> Painted:
    """The body overhang (output mm per side) as output pixels painted in; the top is never painted."""
    return Painted(0, int(round(body.bottom * px_per_mm_y)), int(round(body.left * px_per_mm_x)),
                   int(round(body.right * px_per_mm_x)))


def _top_row_has_subject(alpha: np.ndarray, crop: Crop) -> bool:
    """True when the subject (hair, a hat) reaches the output's top row anywhere inside the photo."""
    tl, tr = crop_corners(crop)[:2]
    inward = (crop_corners(crop)[3] - tl) / max(crop.height, 1.0) * 0.5  # half a source px down
    pts = np.linspace(tl, tr, TOP_SAMPLES) + inward
    xi, yi = np.rint(pts[:, 0]).astype(int), np.rint(pts[:, 1]).astype(int)
    h, w = alpha.shape[:2]
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    return bool(inside.any() and (alpha[yi[inside], xi[inside]] > 0.5).any())
