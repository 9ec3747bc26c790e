"""One photo's session: its analysis and edits, and the one render call every front end uses.

The window's preview, a saved photo, a print-sheet cell, the command line and any later interface
all call `PhotoSession.render`, so they cannot disagree about a photo. The crop policy (automatic
crop; what happens when the photo lacks room), the quick/source split of the findings and the head
bands live here once. Rendering reads only the cached analysis: no model runs here.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, replace
import numpy as np

from . import compliance, compose
from ..geometry import placement
from ..templates.colours import RGB, Background, default_colour
from .compliance import Finding
from ..errors import CropError
from ..faces.faces import Face
from ..geometry.placement import Crop
from .head_bands import HeadBands, head_bands
from .backgrounds import default_background, fill_rgb
from .history import Edit, History
from .session_edits import SessionEdits
from .measure import Measurements, measure
from ..analysis.pipeline import Analysis
from ..templates.specs import Template

log = logging.getLogger(__name__)

WARP_CACHE = 8        # output grids (and their measurements) kept per session; a drag renders each crop once
SOURCE_CACHE = 64     # source findings kept per session (per template and crop)


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

    @property
    def pixel_size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        return int(self.rgb.shape[1]), int(self.rgb.shape[0])


class PhotoSession(SessionEdits):
    """The state of one photo (analysis, chosen template, colour, crop, undo history) and its renders.

    Edits run on one thread (the window's); renders may run on any thread at the same time.
    """

    def __init__(self, edit: Edit, *, analysis: Analysis | None = None) -> None:
        self.history = History(edit)
        self.analysis: Analysis | None = None
        self._lock = threading.Lock()
        self._autos: dict[str, tuple[Crop, CropError | None]] = {}
        self._warps: dict[tuple, tuple[np.ndarray, compose.Warped]] = {}
        self._source: dict[tuple, tuple[Finding, ...]] = {}
        self.attach(analysis)

    @classmethod
    def for_template(cls, analysis: Analysis, template: Template, *, background: Background | None = None,
                     crop: Crop | None = None) -> "PhotoSession":
        """A session on one given template (the command line, the API, tests); no background = its default."""
        session = cls(Edit(template, background or default_background(template), crop), analysis=analysis)
        if background is None:
            session.settle_default_background()
        return session

    # ---- state -----------------------------------------------------------------------------------
    def attach(self, analysis: Analysis | None, *, warm: "PhotoSession | None" = None) -> None:
        """Use a (new) analysis; everything derived from the old one is dropped.

        `warm`, a session a worker already rendered the same analysis with, hands over its crops,
        grids and findings, so the window's thread does not compute them again.
        """
        with self._lock:
            self.analysis = analysis
            self._autos.clear()
            self._warps.clear()
            self._source.clear()
            if warm is not None and warm.analysis is analysis:
                self._autos.update(warm._autos)
                self._warps.update(warm._warps)
                self._source.update(warm._source)

    def settle_default_background(self) -> bool:
        """Keep the photo's own background where the template asks for it only if the photo has room.

        A template whose authority forbids altered photos starts with the photo's own background; when
        the photo is too tight to crop without adding anything, its first colour replaces it (the
        photo is then made by extension, and background_colour warns). Only an untouched edit changes.
        """
        e = self.edit
        if not e.background.is_original or self.history.can_undo() or self.crop_problem() is None:
            return False
        template = self.template()
        if self.auto(template, edit=e)[1] is not None:
            return False  # the head is cut either way: keep the authority's choice and its refusal
        log.info("%s: too little room to keep the photo's own background; using %s",
                 template.id, template.default_background)
        self.history.replace_top(e.but(background=default_colour(template)))
        return True

    @property
    def edit(self) -> Edit:
        """The edit shown now."""
        return self.history.current

    @property
    def ready(self) -> bool:
        """True when there is one usable face to crop around."""
        return self.analysis is not None and self.analysis.ok

    def template(self, edit: Edit | None = None) -> Template:
        """The template of an edit (default: the current one)."""
        return (edit or self.edit).template

    # ---- crop policy -------------------------------------------------------------------------------
    def auto(self, template: Template, *, original: bool = False, edit: Edit | None = None,
             ) -> tuple[Crop, CropError | None]:
        """The automatic crop for a template and, when it would cut the head, the CropError saying so.

        The policy (placement.plan_crop): inside the template's ranges if the photo allows; else
        extended with background or the body continued (bounded, reported); never the head. With the
        original background (`original`) nothing may be extended. The crown and chin the user placed
        (`edit`) are used.
        """
        edit = edit or self.edit
        key = (template.id, original, edit.crown, edit.chin)
        with self._lock:
            hit = self._autos.get(key)
        if hit is None:
            a = self._require()
            face = self.face(edit)
            try:
                hit = placement.auto_crop(face, a.matte.alpha, template, original_background=original,
                                         crown=edit.crown), None
            except CropError as err:
                if getattr(err, "crop", None) is None:
                    raise
                hit = err.crop, err
            with self._lock:
                self._autos[key] = hit
        return hit

    def crop(self, edit: Edit | None = None) -> Crop:
        """The crop of an edit: the user's, else the automatic one."""
        edit = edit or self.edit
        if edit.crop is not None:
            return edit.crop
        return self.auto(self.template(edit), original=edit.background.is_original, edit=edit)[0]

    def crop_problem(self, edit: Edit | None = None) -> CropError | None:
        """Why the automatic crop cannot make a good photo (None when it can, or the crop is the user's)."""
        edit = edit or self.edit
        if edit.crop is not None or not self.ready:
            return None
        return self.auto(self.template(edit), original=edit.background.is_original, edit=edit)[1]

    def face(self, edit: Edit | None = None) -> Face:
        """The chosen face, with the chin the user placed (if any)."""
        face = self._require().require_face()
        chin = (edit or self.edit).chin
        return face if chin is None else replace(face, chin=chin)

    # ---- the one render call -------------------------------------------------------------------------
    def render(self, target: Target = Target(), *, edit: Edit | None = None) -> PhotoResult:
        """Render an edit (default: the current one) for a target: image, measurements, findings, bands."""
        edit = edit or self.edit
        self._require()
        template = self.template(edit)
        problem = self.crop_problem(edit)
        if target.strict and problem is not None:
            raise problem
        crop = self.crop(edit)
        dpi = int(target.dpi or template.dpi)
        size = target.size(template)
        original = edit.background.is_original
        bg = fill_rgb(template, edit.background)
        matrix, warped = self._warped(template, crop, size, original=original)
        rgb = warped if original else compose.blend(warped.foreground, warped.alpha, bg)
        m = self._measured(template, crop, dpi, edit)
        found = compliance.quick_findings(m, template, background=edit.background)
        if target.source_checks:
            found = [*found, *self.source_findings(edit)]
        return PhotoResult(rgb, crop, m, compliance.worst_first(found), template, bg,
                           round(dpi * target.scale), matrix, head_bands(template, m, size), original)

    def judge(self, *, dpi: int | None = None) -> tuple[PhotoResult, bool]:
        """Every finding on the photo even when no legal crop exists: (the best try's render, legal?).

        `idphoto check` and the API's /check use it, so a photo that cannot be made is still judged:
        the geometry findings (head_cut ...) then say what is missing.
        """
        result = self.render(Target(dpi, strict=False, source_checks=True))
        return result, self.crop_problem() is None

    def preview(self, scale: float = 1.0) -> PhotoResult:
        """The current edit rendered for the screen (quick findings, never refused)."""
        return self.render(Target.preview(scale))

    def source_findings(self, edit: Edit | None = None, *, compute: bool = True) -> tuple[Finding, ...] | None:
        """The checks that read the source pixels (background, edges, face), cached per template and crop.

        With compute=False only a cached answer is returned (None while a worker computes it).
        """
        edit = edit or self.edit
        if not self.ready:
            return None
        template, crop, original = self.template(edit), self.crop(edit), edit.background.is_original
        key = (template.id, crop, original)
        with self._lock:
            hit = self._source.get(key)
        if hit is None and compute:
            a = self._require()
            hit = tuple(compliance.source_findings(face=a.require_face(), alpha=a.matte.alpha,
                                                   source=a.image.rgb, crop=crop, template=template,
                                                   original_background=original))
            with self._lock:
                _bounded_put(self._source, key, hit, SOURCE_CACHE)
        return hit

    def cutout(self, result: PhotoResult) -> np.ndarray:
        """The transparent cut-out (h, w, 4) of a render's crop, for a PNG with alpha."""
        return compose.render_rgba(self._require().matte, matrix=result.matrix, size=result.pixel_size)

    def _warped(self, template: Template, crop: Crop, size: tuple[int, int], *, original: bool = False):
        """The matte (or, with the original background, the photo) resampled onto an output grid, cached:
        a colour change only re-blends."""
        key = (template.id, crop, size, original)
        with self._lock:
            hit = self._warps.get(key)
        if hit is None:
            matrix = np.asarray(placement.crop_to_output_matrix(crop, *size))
            a = self._require()
            hit = matrix, (compose.warp_original(a.image.rgb, matrix=matrix, size=size) if original
                           else compose.warp(a.matte, matrix=matrix, size=size))
            with self._lock:
                _bounded_put(self._warps, key, hit, 2 * WARP_CACHE)
        return hit

    def _measured(self, template: Template, crop: Crop, dpi: int, edit: Edit) -> Measurements:
        """What the output measures (head, eyes, crown...), cached with the grid: a colour change re-uses it."""
        key = ("measure", template.id, crop, dpi, edit.crown, edit.chin)
        with self._lock:
            hit = self._warps.get(key)
        if hit is None:
            a = self._require()
            hit = measure(self.face(edit), a.matte.alpha, crop, template, dpi=dpi, crown=edit.crown)
            with self._lock:
                _bounded_put(self._warps, key, hit, 2 * WARP_CACHE)
        return hit

    def _require(self) -> Analysis:
        if self.analysis is None:
            raise RuntimeError("the photo has not been analysed yet")
        return self.analysis

def _bounded_put(cache: dict, key: tuple, value: object, limit: int) -> None:
    """Insert, dropping the oldest entry past `limit`."""
    if key not in cache and len(cache) >= limit:
        cache.pop(next(iter(cache)))
    cache[key] = value
