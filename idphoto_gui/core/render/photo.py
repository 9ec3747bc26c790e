"""The finished ID photo for one template in one call (command line, batch, API), and its file rules.

A thin use of the photo session: the same render path as the window, with the export target.
"""
from __future__ import annotations

import logging
import os

import numpy as np

from ..templates.colours import Background
from ..imaging.export import Encoded, ExportResult, encode_photo, save_photo
from ..geometry.placement import Crop
from ..analysis.pipeline import Analysis
from .retouch.look import Look
from .result import PhotoResult, Target
from .session import PhotoSession
from ..templates.template import Template

log = logging.getLogger(__name__)

__all__ = ["PhotoResult", "file_rules", "finish", "keeps_pixels", "make_pair_photo", "make_photo", "render_cutout",
           "save_result"]


def make_photo(analysis: Analysis, template: Template, *, background: Background | None = None,
               crop: Crop | None = None, dpi: int | None = None, look: Look = Look()) -> PhotoResult:
    """Crop (auto unless given), render at output size, measure and check; raises FaceError/CropError."""
    session = PhotoSession.for_template(analysis, template, background=background, crop=crop, look=look)
    return session.render(Target.export(dpi))


def make_pair_photo(image, template: Template, *, background: Background | None = None, dpi: int | None = None,
                    chosen: tuple[int, int] | None = None, model_id: str = "rvm", cache=None) -> PhotoResult:
    """A pair template's photo (two people, one shot) at output size; raises NotAPairError / MultipleFacesError."""
    from .pair import pair_inputs, render_pair
    from .renderer import pair_result

    faces, matte = pair_inputs(image, model_id=model_id, cache=cache)
    d = int(dpi or template.dpi)
    r = render_pair(image, faces, matte, template, background=background, size=template.pixel_size(dpi), dpi=d,
                    chosen=chosen)
    return pair_result(r, template, d)


def render_cutout(analysis: Analysis, result: PhotoResult) -> np.ndarray:
    """The transparent cut-out (h, w, 4) of the same crop, for a PNG with alpha."""
    return PhotoSession.for_template(analysis, result.template).cutout(result)


def file_rules(template: Template, max_kb: float | None = None) -> dict:
    """The template's file rules: its KB limits (max_kb overrides the cap), pixels kept where fixed."""
    return {"max_kb": max_kb if max_kb is not None else template.max_kb, "min_kb": template.min_kb,
            "allow_resize": not keeps_pixels(template)}


def finish(result: PhotoResult, *, fmt: str = "JPEG", max_kb: float | None = None, quality: int = 95) -> Encoded:
    """The photo's file bytes under the template's file rules, with its dpi: the one finishing step of the
    window, the command line and the API."""
    return encode_photo(result.rgb, fmt=fmt, dpi=result.dpi, quality=quality,
                        **file_rules(result.template, max_kb))


def save_result(result: PhotoResult, path: str | os.PathLike, *, max_kb: float | None = None,
                fmt: str | None = None, quality: int = 95,
                source_path: str | os.PathLike | None = None) -> ExportResult:
    """finish() written atomically to `path` (never over the source photo)."""
    return save_photo(result.rgb, path, dpi=result.dpi, fmt=fmt, quality=quality, source_path=source_path,
                      **file_rules(result.template, max_kb))


def keeps_pixels(template: Template) -> bool:
    """True when the pixel size is part of the rule (authority-fixed or an upload spec): never resample."""
    return template.px is not None or template.digital_only
