"""What the finished photo measures: head height, eye line, crown margin and centring in template mm.

Everything is mapped through the crop's output matrix, so it reads the photo the user will get.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..faces.faces import Face
from ..geometry.placement import Crop, Point, crop_corners, crop_overhang, crop_to_output_matrix, crown_point, map_points
from ..templates.specs import Template

TOP_SAMPLES = 64  # points along the output's top row checked for hair off the centre line


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
    return Measurements(
        float((chin[1] - cr[1]) * mm_y), float(template.height_mm - (eye_v + 0.5) * mm_y),
        float((cr[1] + 0.5) * mm_y), float((centre_u + 0.5) * mm_x - template.width_mm / 2),
        float(math.degrees(math.atan2(d[1], d[0]))), float(face.yaw_deg), float(np.hypot(*d)),
        (out_w, out_h), float(out_w / crop.width), hair_mm, crop_overhang(crop, alpha, face, template).mode)


def _top_row_has_subject(alpha: np.ndarray, crop: Crop) -> bool:
    """True when the subject (hair, a hat) reaches the output's top row anywhere inside the photo."""
    tl, tr = crop_corners(crop)[:2]
    inward = (crop_corners(crop)[3] - tl) / max(crop.height, 1.0) * 0.5  # half a source px down
    pts = np.linspace(tl, tr, TOP_SAMPLES) + inward
    xi, yi = np.rint(pts[:, 0]).astype(int), np.rint(pts[:, 1]).astype(int)
    h, w = alpha.shape[:2]
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    return bool(inside.any() and (alpha[yi[inside], xi[inside]] > 0.5).any())
