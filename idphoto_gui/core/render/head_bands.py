"""Head bands: the template's crown, eye and chin ranges and the measured lines, in output pixels.

The preview draws them over the photo; they are computed here once so every front end shows the same.
"""
from __future__ import annotations

from dataclasses import dataclass

from .measure import Measurements
from ..templates.specs import Template

Band = tuple[float, float]


@dataclass(frozen=True)
class HeadBands:
    """Positions in output pixels, y from the top edge; None where the template has no rule."""

    size: tuple[int, int]
    centre_x: float
    crown_band: Band | None
    chin_band: Band | None
    eye_band: Band | None
    crown_y: float | None
    chin_y: float | None
    eye_y: float | None
    people: tuple[tuple[float, float, float, float], ...] = ()  # a pair: each head's (centre x, crown, chin, eye)


def head_bands(template: Template, m: Measurements, size: tuple[int, int]) -> HeadBands:
    """Bands of the template's ranges and the measured crown, chin and eye lines for an output `size`."""
    w, h = size
    k = h / template.height_mm
    crown_y = m.crown_margin_mm * k
    chin_y = crown_y + m.head_height_mm * k
    eye_y = h - m.eye_line_mm * k
    crown = template.crown_margin_mm
    eye = template.eye_line_mm
    head = template.head_height_mm
    return HeadBands(
        size=(w, h), centre_x=w / 2,
        crown_band=(crown[0] * k, crown[1] * k) if crown else None,
        chin_band=(crown_y + head[0] * k, crown_y + head[1] * k),
        eye_band=(h - eye[1] * k, h - eye[0] * k) if eye else None,
        crown_y=crown_y, chin_y=chin_y, eye_y=eye_y)


def person_lines(template: Template, m: Measurements, size: tuple[int, int]) -> tuple[float, float, float, float]:
    """One head's measured lines in output pixels: (centre x, crown y, chin y, eye y)."""
    w, h = size
    k = h / template.height_mm
    crown_y = m.crown_margin_mm * k
    return ((template.width_mm / 2 + m.centre_offset_mm) * w / template.width_mm, crown_y,
            crown_y + m.head_height_mm * k, h - m.eye_line_mm * k)
