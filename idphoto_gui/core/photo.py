"""The finished ID photo for one template in one call (command line, batch, API), and its file rules.

A thin use of the photo session: the same render path as the window, with the export target.
"""
from __future__ import annotations

import logging
import os

import numpy as np

from .colours import RGB
from .export import ExportResult, save_photo
from .geometry import Crop
from .pipeline import Analysis
from .retouch.look import Look
from .session import PhotoResult, PhotoSession, Target, background_rgb
from .specs import Template

log = logging.getLogger(__name__)

__all__ = ["PhotoResult", "background_rgb", "keeps_pixels", "make_photo", "render_cutout", "save_result"]


def make_photo(analysis: Analysis, template: Template, *, background: RGB | str | None = None,
               crop: Crop | None = None, dpi: int | None = None, look: Look = Look()) -> PhotoResult:
    """Crop (auto unless given), render at output size, measure and check; raises FaceError/CropError."""
    session = PhotoSession.for_template(analysis, template, background=background, crop=crop, look=look)
    return session.render(Target.export(dpi))


def render_cutout(analysis: Analysis, result: PhotoResult) -> np.ndarray:
    """The transparent cut-out (h, w, 4) of the same crop, for a PNG with alpha."""
    return PhotoSession.for_template(analysis, result.template).cutout(result)


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
