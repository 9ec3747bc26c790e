"""One call from an Analysis to the finished ID photo: crop, render, measure, check."""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import numpy as np

from . import compliance, compose, geometry
from .compliance import Finding
from .colours import RGB, parse_colour
from .export import ExportResult, save_photo
from .geometry import Crop
from .measure import Measurements, measure
from .pipeline import Analysis
from .specs import Template

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PhotoResult:
    """The rendered photo plus everything needed to save, report or re-render it."""

    rgb: np.ndarray              # (h, w, 3) uint8 at the template's pixel size
    crop: Crop
    measurements: Measurements
    findings: tuple[Finding, ...]  # worst first
    template: Template
    background: RGB
    dpi: int
    matrix: np.ndarray           # 2x3 working-image -> output pixels

    @property
    def pixel_size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        return int(self.rgb.shape[1]), int(self.rgb.shape[0])


def background_rgb(template: Template, background: RGB | str | None) -> RGB:
    """The chosen background as (r, g, b): a value, a colour name/hex, or the template's default."""
    if background is None:
        return parse_colour(template.default_background)
    if isinstance(background, str):
        return parse_colour(background)
    return tuple(int(v) for v in background)  # type: ignore[return-value]


def make_photo(analysis: Analysis, template: Template, *, background: RGB | str | None = None,
               crop: Crop | None = None, dpi: int | None = None) -> PhotoResult:
    """Crop (auto unless given), render at output size, measure and check; raises FaceError/CropError."""
    face = analysis.require_face()
    matte = analysis.matte
    dpi = int(dpi or template.dpi)
    out_w, out_h = template.pixel_size(dpi)
    if crop is None:
        crop = geometry.auto_crop(face, matte.alpha, template, dpi=dpi)
    matrix = geometry.crop_to_output_matrix(crop, out_w, out_h)
    bg = background_rgb(template, background)
    rgb = compose.render(matte, matrix=matrix, size=(out_w, out_h), background=bg)
    measurements = measure(face, matte.alpha, crop, template, dpi=dpi)
    findings = compliance.check(analysis=analysis, template=template, crop=crop, measurements=measurements,
                                rgb=rgb, background=bg, dpi=dpi)
    return PhotoResult(rgb, crop, measurements, findings, template, bg, dpi, np.asarray(matrix))


def render_cutout(analysis: Analysis, result: PhotoResult) -> np.ndarray:
    """The transparent cut-out (h, w, 4) of the same crop, for a PNG with alpha."""
    return compose.render_rgba(analysis.matte, matrix=result.matrix, size=result.pixel_size)


def save_result(result: PhotoResult, path: str | os.PathLike, *, max_kb: float | None = None,
                fmt: str | None = None, quality: int = 95,
                source_path: str | os.PathLike | None = None) -> ExportResult:
    """Save with the template's file rules: its KB limits (max_kb overrides the cap), pixels kept if fixed."""
    t = result.template
    return save_photo(result.rgb, path, dpi=result.dpi, fmt=fmt, quality=quality,
                      max_kb=max_kb if max_kb is not None else t.max_kb, min_kb=t.min_kb,
                      allow_resize=not keeps_pixels(t), source_path=source_path)


def keeps_pixels(template: Template) -> bool:
    """True when the pixel size is part of the rule (authority-fixed or an upload spec): never resample."""
    return template.px is not None or template.digital_only
