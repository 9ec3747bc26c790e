"""One photo's renders: the crop policy, the output grids, the look, the checks, each cached per analysis.

Every call takes the edit it renders (the one shown, an export's, a draft's), so the window's preview, a
saved photo, a print-sheet cell, the command line and the API render an edit the same way. The crop policy
(automatic crop; what happens when the photo lacks room), the quick/source split of the findings and the
head bands live here once. Rendering reads only the cached analysis: no model runs here. Parking drops the
analysis to bound memory; a parked renderer still renders, on a throwaway one it keeps nothing of.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Callable

import numpy as np

from ..analysis.person_core import core_mask
from ..analysis.pipeline import Analysis
from ..body import dress, garments
from ..errors import CropError, FaceError
from ..faces.faces import Face
from ..geometry import placement
from ..geometry.placement import Crop
from ..templates.colours import RGB
from ..templates.template import Template
from . import compliance, compose
from .backgrounds import fill_rgb
from .cache import Bounded
from .compliance import Finding
from .head_bands import head_bands
from .history import Edit
from .inspection import (Inspection, box_on_grid, chest_colours, face_in_output, held_object, inspect,
                         like_background, on_grid, warp_source)
from .measure import Measurements, measure
from .result import PhotoResult, Target
from .retouch import light as light_mod
from .retouch.apply import apply_look
from .retouch.look import Look
from .retouch.regions import to_output

log = logging.getLogger(__name__)

WARP_CACHE = 8        # output grids (and their measurements) kept per analysis; a drag renders each crop once
SOURCE_CACHE = 64     # source findings kept per analysis (per template and crop)


class Renderer:
    """Renders edits of one analysed photo; any thread may render while another edits."""

    def __init__(self, analysis: Analysis | None = None) -> None:
        self.analysis: Analysis | None = None
        self._restore: Callable[[], Analysis] | None = None
        self.attach(analysis)

    # ---- the analysis, held or parked ----------------------------------------------------------------
    def attach(self, analysis: Analysis | None, *, warm: "Renderer | None" = None) -> None:
        """Use a (new) analysis; everything derived from the old one is dropped.

        `warm`, a renderer a worker already rendered the same analysis with, hands over its crops,
        grids and findings, so the window's thread does not compute them again.
        """
        self._autos, self._warps, self._source = Bounded(), Bounded(2 * WARP_CACHE), Bounded(SOURCE_CACHE)
        self._fix: light_mod.LightFix | None = None
        self._memo: dict = {}          # the retouch's strength-free work per face box (retouch/apply.py)
        self.analysis, self._restore = analysis, None
        if warm is not None and warm.analysis is analysis:
            self._fix = warm._fix
            for mine, theirs in ((self._autos, warm._autos), (self._warps, warm._warps),
                                 (self._source, warm._source)):
                mine.take_from(theirs)

    def park(self, restore: Callable[[], Analysis]) -> None:
        """Drop the analysis and all derived from it (a photo out of view, to bound memory).

        Until `attach` gives it back, the renderer is not `ready`, but `render`, `judge` and `cutout` still
        work: a throwaway renderer on `restore()` (the caches, normally no model run) does the work on the
        caller's thread, and nothing is kept.
        """
        self.attach(None)
        self._restore = restore

    @property
    def parked(self) -> bool:
        """True when the analysis was dropped and is rebuilt on demand."""
        return self.analysis is None and self._restore is not None

    def _stand_in(self) -> "Renderer | None":
        """A throwaway renderer on the restored analysis when this one is parked, else None."""
        restore = self._restore
        if self.analysis is not None or restore is None:
            return None
        return Renderer(restore())

    def ready(self, template: Template) -> bool:
        """True when there is one usable face to crop around (a pair template: two faces)."""
        if self.analysis is not None and template.is_pair:
            return self.pair_problem() is None
        return self.analysis is not None and self.analysis.ok

    def pair_problem(self) -> Exception | None:
        """A pair template's face problem: one face (needs both of you) or 3+ (choose two); None when two."""
        from ..geometry.pair import pair_of

        try:
            pair_of(self._require().faces)
        except FaceError as exc:
            return exc
        return None

    def face_problem(self, template: Template) -> Exception | None:
        """Why this photo cannot be made for a template's kind of face (None when it can)."""
        if self.analysis is None:
            return None
        return self.pair_problem() if template.is_pair else self.analysis.face_error

    # ---- crop policy -------------------------------------------------------------------------------
    def auto(self, edit: Edit, original: bool) -> tuple[Crop, CropError | None]:
        """The automatic crop for an edit's template and, when it would cut the head, the CropError saying so.

        The policy (placement.plan_crop): inside the template's ranges if the photo allows; else
        extended with background or the body continued (bounded, reported); never the head. With the
        original background (`original`) nothing may be extended. The crown and chin the user placed
        are used.
        """
        template = edit.template
        if template.is_pair:
            return self._pair_crop(template), None
        return self._autos.get_or_make((template.id, original, edit.crown, edit.chin, _dresses(edit, original)),
                                       lambda: self._auto_crop(edit, original))

    def _auto_crop(self, edit: Edit, original: bool) -> tuple[Crop, CropError | None]:
        try:
            return placement.auto_crop(self.face(edit), self._require().matte.alpha, edit.template,
                                       original_background=original, crown=edit.crown,
                                       dressed=_dresses(edit, original)), None
        except CropError as err:
            if getattr(err, "crop", None) is None:
                raise
            return err.crop, err

    def crop(self, edit: Edit) -> Crop:
        """The crop of an edit: the user's, else the automatic one."""
        if edit.crop is not None:
            return edit.crop
        return self.auto(edit, edit.background.is_original)[0]

    def crop_problem(self, edit: Edit) -> CropError | None:
        """Why the automatic crop cannot make a good photo (None when it can, or the crop is the user's)."""
        if edit.crop is not None or not self.ready(edit.template) or edit.template.is_pair:
            return None
        return self.auto(edit, edit.background.is_original)[1]

    def face(self, edit: Edit) -> Face:
        """The chosen face, with the chin the user placed (if any)."""
        face = self._require().require_face()
        return face if edit.chin is None else replace(face, chin=edit.chin)

    # ---- the one render call -------------------------------------------------------------------------
    def render(self, edit: Edit, target: Target = Target()) -> PhotoResult:
        """Render an edit for a target: image, measurements, findings, bands."""
        stand_in = self._stand_in()
        if stand_in is not None:
            return stand_in.render(edit, target)
        self._require()
        template = edit.template
        if template.is_pair:
            return self._render_pair(edit, target)
        problem = self.crop_problem(edit)
        if target.strict and problem is not None:
            raise problem
        crop = self.crop(edit)
        dpi = int(target.dpi or template.dpi)
        size = target.size(template)
        original = edit.background.is_original
        bg = fill_rgb(template, edit.background)
        garment, dressed = self._garment(edit, template, original)
        matrix, warped = self._warped(template, crop, size, original=original, texture=garment is None)
        warped = self._dressed(edit, garment, template, crop, size, matrix, warped)
        rgb, notes = self._finished(edit, template, matrix, warped, original, bg, grid=(crop, size))
        notes = (*notes, *dressed)
        m = self._measured(template, crop, dpi, edit)
        checked = Inspection() if original else self._inspected(template, crop, size, matrix, warped,
                                                                 edit.look.garment)
        found = [*compliance.quick_findings(m, template, background=edit.background), *notes, *checked.findings]
        if not original and edit.look.garment == "none":     # (a garment is never the background's colour)
            found += self._like_background(bg)
        if target.source_checks:
            found = [*found, *self.source_findings(edit)]
            if not original and warped.plain_body:
                found = self._painted_plain(found, crop, template)
        if any(f.code == "garment" and f.reason != "not_allowed" for f in dressed):
            found = [f for f in found if f.code != "body_extended"]   # the painted strip is under the garment
        return PhotoResult(rgb, crop, m, compliance.worst_first(found), template, bg,
                           round(dpi * target.scale), matrix, head_bands(template, m, size), original, edit.look,
                           defects=checked.areas)

    def judge(self, edit: Edit, *, dpi: int | None = None) -> tuple[PhotoResult, bool]:
        """Every finding on the photo even when no legal crop exists: (the best try's render, legal?).

        `idphoto check` and the API's /check use it, so a photo that cannot be made is still judged:
        the geometry findings (head_cut ...) then say what is missing.
        """
        stand_in = self._stand_in()
        if stand_in is not None:
            return stand_in.judge(edit, dpi=dpi)
        result = self.render(edit, Target(dpi, strict=False, source_checks=True))
        return result, self.crop_problem(edit) is None

    def _finished(self, edit: Edit, template: Template, matrix: np.ndarray, warped, original: bool,
                  bg: RGB, *, grid: tuple) -> tuple[np.ndarray, tuple[Finding, ...]]:
        """The output pixels with the edit's light, colour and allowed retouch, and the findings saying so.

        Light and retouch work on the person (the new background colour stays exact) or, with the
        photo's own background, on the whole crop. The result is cached per grid and look, so a colour
        click only re-blends; the cached grids themselves are never changed.
        """
        look = edit.look
        base = warped if original else warped.foreground
        if look.is_plain:
            return (base if original else compose.blend(base, warped.alpha, bg)), ()

        def looked() -> tuple:
            face = self._require().require_face()
            points = to_output(face.landmarks, matrix) if face.has_mesh else None
            fix = self.light_fix() if look.light == "auto" else None
            done = apply_look(base, look=look, template=template, fix=fix, points=points, memo=self._memo)
            return done.rgb, done.findings, (None if original else done.alpha(warped.alpha))

        rgb, notes, alpha = self._warps.get_or_make(_look_key(template, *grid, original, look), looked)
        return (rgb if original else compose.blend(rgb, alpha, bg)), notes

    def retouch_due(self, edit: Edit, target: Target) -> bool:
        """True when rendering `edit` for `target` would run the retouch (not cached yet): the window then
        renders it on a worker instead of its own thread."""
        template = edit.template
        if not edit.look.retouch or template.alteration == "none" or template.is_pair or self.analysis is None:
            return False
        key = _look_key(template, self.crop(edit), target.size(template), edit.background.is_original, edit.look)
        return key not in self._warps

    def light_fix(self) -> light_mod.LightFix:
        """The automatic exposure and white balance of this photo, estimated once per analysis (~5 ms)."""
        fix = self._fix
        if fix is None:
            a = self._require()
            fix = self._fix = light_mod.estimate(a.image.rgb, a.require_face().landmarks, a.matte.alpha)
        return fix

    # ---- a pair template -----------------------------------------------------------------------------
    def _pair_matte(self):
        """(the photo's whole matte, the two people's alpha): the analysis's own, parted once per analysis."""
        from ..geometry.pair import pair_of
        from .pair import pair_alpha

        a = self._require()
        matte = a.whole_matte or a.matte

        def parted() -> np.ndarray:
            pair = pair_of(a.faces)
            return pair_alpha(matte.alpha, pair, tuple(f.box for f in a.faces if f not in pair.faces))

        return matte, self._warps.get_or_make(("pair_alpha", a.image.digest, a.model_id), parted)

    def _pair_crop(self, template: Template) -> Crop:
        """The automatic crop of a pair template (geometry/pair)."""
        from ..geometry.pair import pair_crop, pair_of

        return pair_crop(pair_of(self._require().faces), self._pair_matte()[1], template)

    def _render_pair(self, edit: Edit, target: Target) -> PhotoResult:
        """A pair template: both faces, the user's crop or the automatic pair crop (render/pair); the pair's
        matte cached."""
        from .pair import render_pair

        a = self._require()
        template = edit.template
        matte, alpha = self._pair_matte()
        dpi = int(target.dpi or template.dpi)
        r = render_pair(a.image, a.faces, matte, template, background=edit.background,
                        size=target.size(template), dpi=round(dpi * target.scale), measure_dpi=dpi, alpha=alpha,
                        crop=edit.crop)
        return pair_result(r, template, round(dpi * target.scale))

    # ---- the checks on the source ----------------------------------------------------------------------
    def source_findings(self, edit: Edit, *, compute: bool = True) -> tuple[Finding, ...] | None:
        """The checks that read the source pixels (background, edges, face), cached per template and crop.

        With compute=False only a cached answer is returned (None while a worker computes it).
        """
        if not self.ready(edit.template):
            return None
        if edit.template.is_pair:
            return ()  # the pair's render carries both people's checks
        template, crop, original = edit.template, self.crop(edit), edit.background.is_original
        key = (template.id, crop, original, edit.look.light_key)
        if not compute:
            return self._source.get(key)

        def checked() -> tuple[Finding, ...]:
            a = self._require()
            return tuple(compliance.source_findings(face=a.require_face(), alpha=a.matte.alpha,
                                                    source=self._lit_source(edit.look), crop=crop,
                                                    template=template, original_background=original))

        return self._source.get_or_make(key, checked)

    def _painted_plain(self, found: list[Finding], crop: Crop, template: Template) -> list[Finding]:
        """The findings with the body's made again saying it was painted a plain shade (the source checks,
        cached per crop, cannot know: only the render's body painting does)."""
        if not any(f.code == "body_extended" for f in found):
            return found
        a = self._require()
        plain = [f for f in compliance.extension_findings(crop, a.matte.alpha, template, a.require_face(),
                                                          plain_body=True) if f.code == "body_extended"]
        return [plain[0] if f.code == "body_extended" and f.reason != "plain" and plain else f for f in found]

    def _lit_source(self, look: Look) -> np.ndarray:
        """The analysis image with the edit's light and colour: the checks judge the corrected photo."""
        a = self._require()
        if not look.changes_light:
            return a.image.rgb
        fix = self.light_fix() if look.light == "auto" else None
        return light_mod.apply(a.image.rgb, light_mod.lut(fix, look))

    def cutout(self, edit: Edit, result: PhotoResult) -> np.ndarray:
        """The transparent cut-out (h, w, 4) of a render of `edit`, for a PNG with alpha, with the render's
        light and colour and the retouch its template allows (the same person as in the photo)."""
        stand_in = self._stand_in()
        if stand_in is not None:
            return stand_in.cutout(edit, result)
        a = self._require()
        look = result.look
        dressed = edit.but(look=look, template=result.template)
        garment = self._garment(dressed, result.template, result.original_background)[0]
        warped = compose.warp(a.matte, matrix=result.matrix, size=result.pixel_size, face=a.face,
                              texture=garment is None)
        warped = self._dressed(dressed, garment, result.template, result.crop, result.pixel_size, result.matrix,
                               warped)      # the same garment as the photo's (cached with its grid)
        rgba = compose.rgba(warped.foreground, warped.alpha)
        if look.is_plain:
            return rgba
        points = to_output(a.face.landmarks, result.matrix) if a.face is not None and a.face.has_mesh else None
        done = apply_look(rgba[..., :3], look=look, template=result.template, points=points,
                          fix=self.light_fix() if look.light == "auto" else None)
        alpha = done.alpha(rgba[..., 3].astype(np.float32) / 255.0)
        return compose.rgba(done.rgb, alpha)

    # ---- the cached steps of a render ----------------------------------------------------------------
    def _warped(self, template: Template, crop: Crop, size: tuple[int, int], *, original: bool = False,
                texture: bool = True):
        """The matte (or, with the original background, the photo) resampled onto an output grid, cached:
        a colour change only re-blends. Without `texture` the continued body has its colours only (a garment
        covers it: ADR 0038)."""
        def warp() -> tuple:
            matrix = np.asarray(placement.crop_to_output_matrix(crop, *size))
            a = self._require()
            return matrix, (compose.warp_original(a.image.rgb, matrix=matrix, size=size) if original
                            else compose.warp(a.matte, matrix=matrix, size=size, face=a.face, texture=texture))

        return self._warps.get_or_make((template.id, crop, size, original, texture), warp)

    def _garment(self, edit: Edit, template: Template,
                 original: bool) -> tuple[garments.Garment | None, tuple[Finding, ...]]:
        """The garment the edit's person will wear (None: undressed) and the finding saying so: refused (said)
        where the document forbids it, said when a studio garment's file went."""
        gid = edit.look.garment
        if gid == "none":
            return None, ()
        if not dress.allowed(template) or original:
            return None, (dress.refusal(template, gid),)
        try:
            g = garments.find(gid, garments.studio_folder())
        except garments.GarmentError:      # a studio garment whose folder changed or file went: undressed, said
            return None, (dress.missing(gid),)
        return g, (dress.finding(g),)

    def _dressed(self, edit: Edit, g: garments.Garment | None, template: Template, crop: Crop,
                 size: tuple[int, int], matrix: np.ndarray, warped: compose.Warped) -> compose.Warped:
        """The warped person in garment `g` (core/body/dress.py), cached per grid and garment; unchanged
        without one."""
        if g is None:
            return warped

        def dressed() -> object:
            face = self.face(edit)
            pts = placement.map_points(matrix, np.array([face.chin, face.forehead], np.float64))
            mesh = to_output(face.landmarks, matrix) if face.has_mesh else None
            body = dress.body_of(pts[0], pts[1], mesh, face.box[2] * compose.output_scale(matrix))
            fix = self.light_fix()
            painted = self._measured(template, crop, template.dpi, edit).synthesised_px.bottom
            rows = dress.own_rows(body, size[1] - round(painted * size[1] / template.pixel_size()[1]),
                                  compose.photo_rows(matrix, size, self._require().matte.alpha.shape))
            done = dress.dress(warped.foreground, warped.alpha, body, g, gains=fix.gains, ev=fix.ev,
                               upscale=compose.output_scale(matrix), real_rows=rows)
            return replace(warped, foreground=done.foreground, alpha=done.alpha)

        key = ("dress", template.id, crop, size, g)   # the garment itself: a refitted one renders anew
        return self._warps.get_or_make(key, dressed)

    def _inspected(self, template: Template, crop: Crop, size: tuple[int, int], matrix: np.ndarray,
                   warped, garment: str) -> Inspection:
        """The self-inspection of the cut-out on an output grid (render/inspection.py), cached with the grid and
        the garment (a dressed body is another cut-out)."""
        def inspected() -> Inspection:
            a = self._require()
            faces = (face_in_output(a.face, matrix),) if a.face is not None else ()
            core = on_grid(self._core(), matrix, size)
            hit = inspect(warped.alpha, core, faces, warp_source(a.image.rgb, matrix, size))
            held = held_object(a.image.rgb, a.face)
            if held is not None:   # named, not cut out: it is in front of the chest (ADR 0020 Round 2)
                hit = Inspection(hit.findings + (held[0],), hit.areas + (box_on_grid(held[1], matrix, size),))
            return hit

        return self._warps.get_or_make(("inspect", template.id, crop, size, garment), inspected)

    def _like_background(self, colour: tuple[int, int, int]) -> list[Finding]:
        """The clothing in the background's colour (inspection.like_background): the chest's colours made once."""
        a = self._require()
        chest = self._warps.get_or_make(("chest",), lambda: (chest_colours(a.image.rgb, a.matte.alpha, a.face),))[0]
        hit = like_background(chest, colour)
        return [] if hit is None else [hit]

    def _core(self) -> np.ndarray:
        """The chosen person's core on the working image (person_core), made once per analysis."""
        a = self._require()
        return self._warps.get_or_make(("core",), lambda: core_mask(a.image.rgb.shape,
                                                                    (a.face,) if a.face is not None else ()))

    def _measured(self, template: Template, crop: Crop, dpi: int, edit: Edit) -> Measurements:
        """What the output measures (head, eyes, crown...), cached with the grid: a colour change re-uses it."""
        return self._warps.get_or_make(
            ("measure", template.id, crop, dpi, edit.crown, edit.chin),
            lambda: measure(self.face(edit), self._require().matte.alpha, crop, template, dpi=dpi,
                            crown=edit.crown))

    def _require(self) -> Analysis:
        if self.analysis is None:
            raise RuntimeError("the photo has not been analysed yet")
        return self.analysis


def pair_result(r, template: Template, dpi: int) -> PhotoResult:
    """The PhotoResult of a pair render (render/pair.PairRender)."""
    return PhotoResult(r.rgb, r.crop, r.measurements, r.findings, template, r.background, dpi, r.matrix,
                       bands=r.bands, original_background=False, people=r.people, defects=r.defects)


def _look_key(template: Template, crop: Crop, size: tuple[int, int], original: bool, look: Look) -> tuple:
    """The cache key of a grid's render with a look (the same in `_finished` and `retouch_due`)."""
    return ("look", template.id, template.alteration, crop, size, original, look)


def _dresses(edit: Edit, original: bool) -> bool:
    """True when the edit's person is dressed in a garment (chosen, and allowed here): the crop then takes the
    template's ideal placement, since the body below the chin is the garment's, not painted (ADR 0035)."""
    return edit.look.garment != "none" and not original and dress.allowed(edit.template)
