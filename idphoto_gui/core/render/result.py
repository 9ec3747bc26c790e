"""What a render is for (`Target`) and what it gives (`PhotoResult`): the one render call's input and output,
shared by the session, the finishing step, sheets and every front end."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..findings import Finding
from ..geometry.placement import Crop
from ..templates.colours import RGB
from ..templates.template import Template
from .head_bands import HeadBands
from .measure import Measurements
from .retouch.look import Look


@dataclass(frozen=True)
class Target:
    """What a render is for: an output at `dpi` (None: the template's), or a preview `scale` times larger.

    `strict` applies the crop policy's refusal: an automatic crop that would cut the person raises
    CropError instead of rendering (files, sheets, prints); a preview shows it with a fail finding.
    `source_checks` adds the checks that read the source pixels (background, face; ~10 ms).
    """

    dpi: int | None = None
    scale: float = 1.0
    strict: bool = True
    source_checks: bool = True

    @classmethod
    def preview(cls, scale: float = 1.0) -> "Target":
        """The on-screen render: quick findings only, never refused."""
        return cls(None, scale, strict=False, source_checks=False)

    @classmethod
    def export(cls, dpi: int | None = None) -> "Target":
        """A file, a sheet cell or the command line: every finding, refused where the person is cut."""
        return cls(dpi, 1.0, strict=True, source_checks=True)

    def size(self, template: Template) -> tuple[int, int]:
        """Output pixels of this target."""
        w, h = template.pixel_size(self.dpi)
        return (w, h) if self.scale == 1.0 else (round(w * self.scale), round(h * self.scale))


@dataclass(frozen=True)
class PhotoResult:
    """A rendered photo plus everything needed to save, report, overlay or re-render it."""

    rgb: np.ndarray              # (h, w, 3) uint8 at the target's pixel size
    crop: Crop
    measurements: Measurements   # at the output dpi (not the preview scale)
    findings: tuple[Finding, ...]  # worst first; quick only for a preview target
    template: Template
    background: RGB
    dpi: int                     # pixels per inch of `rgb` (a preview's is scaled)
    matrix: np.ndarray           # 2x3 working-image -> output pixels
    bands: HeadBands | None = None
    original_background: bool = False  # the photo's own background was kept (crop only, no cut-out)
    look: Look = Look()          # the light, colour and retouch asked for (the findings say what was applied)
    people: tuple = ()           # a pair template: each person's Measurements (left, right); () otherwise
    defects: tuple = ()          # (x, y, w, h) output px of what the self-inspection found (render/inspection.py)

    @property
    def pixel_size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        return int(self.rgb.shape[1]), int(self.rgb.shape[0])
