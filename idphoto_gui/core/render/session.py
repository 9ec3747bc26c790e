"""One photo's session: its analysis and edits, and the one render call every front end uses.

The window's preview, a saved photo, a print-sheet cell, the command line and any later interface
all call `PhotoSession.render`, so they cannot disagree about a photo. The crop policy (automatic
crop; what happens when the photo lacks room), the quick/source split of the findings and the head
bands live here once. Rendering reads only the cached analysis: no model runs here.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import replace
from typing import Callable
import numpy as np

from . import compliance, compose
from ..geometry import placement
from ..templates.colours import RGB, Background, default_colour
from .compliance import Finding
from ..errors import CropError, FaceError
from ..faces.faces import Face
from ..geometry.placement import Crop
from .head_bands import head_bands
from .inspection import Inspection, box_on_grid, face_in_output, held_object, inspect, on_grid, warp_source
from ..analysis.person_core import core_mask
from .backgrounds import default_background, fill_rgb
from .history import Edit, History
from .result import PhotoResult, Target
from .session_edits import SessionEdits
from .measure import Measurements, measure
from ..analysis.pipeline import Analysis
from ..templates.template import Template
from .retouch import light as light_mod
from .retouch.apply import apply_look
from .retouch.look import Look
from .retouch.regions import to_output
from ..body import dress, garments

log = logging.getLogger(__name__)

WARP_CACHE = 8        # output grids (and their measurements) kept per session; a drag renders each crop once
SOURCE_CACHE = 64     # source findings kept per session (per template and crop)


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
        self._restore: Callable[[], Analysis] | None = None
        self._fix: light_mod.LightFix | None = None
        self._memo: dict = {}          # the retouch's strength-free work per face box (retouch/apply.py)
        self.attach(analysis)

    @classmethod
    def for_template(cls, analysis: Analysis, template: Template, *, background: Background | None = None,
                     crop: Crop | None = None, look: Look = Look()) -> "PhotoSession":
        """A session on one given template (the command line, the API, tests); no background = its default."""
        session = cls(Edit(template, background or default_background(template), crop, look=look),
                      analysis=analysis)
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
            self._restore = None
            self._autos.clear()
            self._warps.clear()
            self._source.clear()
            self._fix = None
            self._memo.clear()
            if warm is not None and warm.analysis is analysis:
                self._fix = warm._fix
                self._autos.update(warm._autos)
                self._warps.update(warm._warps)
                self._source.update(warm._source)

    def park(self, restore: Callable[[], Analysis]) -> None:
        """Drop the analysis and all derived from it (a photo out of view, to bound memory).

        Until `attach` gives it back, the session is not `ready` (the window edits nothing on it), but
        `render`, `judge` and `cutout` still work: a throwaway session on `restore()` (the caches,
        normally no model run) does the work on the caller's thread, and nothing is kept.
        """
        self.attach(None)
        with self._lock:
            self._restore = restore

    @property
    def parked(self) -> bool:
        """True when the analysis was dropped and is rebuilt on demand."""
        return self.analysis is None and self._restore is not None

    def _stand_in(self) -> "PhotoSession | None":
        """A throwaway session on the restored analysis when this one is parked, else None."""
        restore = self._restore
        if self.analysis is not None or restore is None:
            return None
        return PhotoSession(self.edit, analysis=restore())

    def settle_default_background(self) -> bool:
        """Keep the photo's own background where the template asks for it only if it may stay.

        A template whose authority prefers unaltered photos starts with the photo's own background; it stays
        when it is already one of the template's colours and even (compliance.original_background_fits) and
        the photo has room. Otherwise its first colour replaces it (background_colour then says so as an
        info, recommending a white wall). Only an untouched edit changes.
        """
        if self.history.can_undo():
            return False
        return self.settle_original()

    def settle_original(self) -> bool:
        """The photo's own background stays only if the template's rule is met by it; else the template's
        first colour replaces it in the current step (a new photo, or a template change: the rule's colour)."""
        e = self.edit
        if not e.background.is_original or not self.ready:
            return False
        template = self.template()
        if self.crop_problem() is None:
            a = self._require()
            if compliance.original_background_fits(a.image.rgb, a.matte.alpha, self.crop(), template):
                return False
            why = "the photo's own background is not an even allowed colour"
        elif self.auto(template, edit=e)[1] is not None:
            return False  # the head is cut either way: keep the authority's choice and its refusal
        else:
            why = "too little room to keep the photo's own background"
        log.info("%s: %s; using %s", template.id, why, template.default_background)
        self.history.replace_top(e.but(background=default_colour(template)))
        return True

    @property
    def edit(self) -> Edit:
        """The edit shown now."""
        return self.history.current

    @property
    def ready(self) -> bool:
        """True when there is one usable face to crop around (a pair template: two faces)."""
        if self.analysis is not None and self.template().is_pair:
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

    def face_problem(self) -> Exception | None:
        """Why this photo cannot be made for the current template's kind of face (None when it can)."""
        if self.analysis is None:
            return None
        return self.pair_problem() if self.template().is_pair else self.analysis.face_error

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
        if template.is_pair:
            return self._pair_crop(template), None
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
        if edit.crop is not None or not self.ready or self.template(edit).is_pair:
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
        stand_in = self._stand_in()
        if stand_in is not None:
            return stand_in.render(target, edit=edit)
        self._require()
        template = self.template(edit)
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
        matrix, warped = self._warped(template, crop, size, original=original)
        warped, dressed = self._dressed(edit, template, crop, size, matrix, warped, original)
        rgb, notes = self._finished(edit, template, matrix, warped, original, bg, grid=(crop, size))
        notes = (*notes, *dressed)
        m = self._measured(template, crop, dpi, edit)
        checked = Inspection() if original else self._inspected(template, crop, size, matrix, warped,
                                                                 edit.look.garment)
        found = [*compliance.quick_findings(m, template, background=edit.background), *notes, *checked.findings]
        if target.source_checks:
            found = [*found, *self.source_findings(edit)]
            if not original and warped.plain_body:
                found = [_plain_body(f) for f in found]
        if any(f.code == "garment" and f.reason != "not_allowed" for f in dressed):
            found = [f for f in found if f.code != "body_extended"]   # the painted strip is under the garment
        return PhotoResult(rgb, crop, m, compliance.worst_first(found), template, bg,
                           round(dpi * target.scale), matrix, head_bands(template, m, size), original, edit.look,
                           defects=checked.areas)

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
        key = _look_key(template, *grid, original, look)
        with self._lock:
            hit = self._warps.get(key)
        if hit is None:
            face = self._require().require_face()
            points = to_output(face.landmarks, matrix) if face.has_mesh else None
            fix = self.light_fix() if look.light == "auto" else None
            looked = apply_look(base, look=look, template=template, fix=fix, points=points, memo=self._memo)
            hit = looked.rgb, looked.findings, (None if original else looked.alpha(warped.alpha))
            with self._lock:
                _bounded_put(self._warps, key, hit, 2 * WARP_CACHE)
        rgb, notes, alpha = hit
        return (rgb if original else compose.blend(rgb, alpha, bg)), notes

    def retouch_due(self, target: Target, *, edit: Edit | None = None) -> bool:
        """True when rendering `edit` for `target` would run the retouch (not cached yet): the window then
        renders it on a worker instead of its own thread."""
        edit = edit or self.edit
        template = self.template(edit)
        if not edit.look.retouch or template.alteration == "none" or template.is_pair or self.analysis is None:
            return False
        key = _look_key(template, self.crop(edit), target.size(template), edit.background.is_original, edit.look)
        with self._lock:
            return key not in self._warps

    def light_fix(self) -> light_mod.LightFix:
        """The automatic exposure and white balance of this photo, estimated once per analysis (~5 ms)."""
        with self._lock:
            fix = self._fix
        if fix is None:
            a = self._require()
            fix = light_mod.estimate(a.image.rgb, a.require_face().landmarks, a.matte.alpha)
            with self._lock:
                self._fix = fix
        return fix

    def _pair_matte(self):
        """(the photo's whole matte, the two people's alpha): the analysis's own, parted once per session."""
        from .pair import pair_alpha
        from ..geometry.pair import pair_of

        a = self._require()
        matte = a.whole_matte or a.matte
        key = ("pair_alpha", a.image.digest, a.model_id)
        with self._lock:
            alpha = self._warps.get(key)
        if alpha is None:
            pair = pair_of(a.faces)
            alpha = pair_alpha(matte.alpha, pair, tuple(f.box for f in a.faces if f not in pair.faces))
            with self._lock:
                _bounded_put(self._warps, key, alpha, 2 * WARP_CACHE)
        return matte, alpha

    def _pair_crop(self, template: Template) -> Crop:
        """The automatic crop of a pair template (geometry/pair)."""
        from ..geometry.pair import pair_crop, pair_of

        return pair_crop(pair_of(self._require().faces), self._pair_matte()[1], template)

    def _render_pair(self, edit: Edit, target: Target) -> PhotoResult:
        """A pair template: both faces, the user's crop or the automatic pair crop (render/pair); the pair's
        matte cached."""
        from .pair import render_pair

        a = self._require()
        template = self.template(edit)
        matte, alpha = self._pair_matte()
        dpi = int(target.dpi or template.dpi)
        r = render_pair(a.image, a.faces, matte, template, background=edit.background,
                        size=target.size(template), dpi=round(dpi * target.scale), measure_dpi=dpi, alpha=alpha,
                        crop=edit.crop)
        return pair_result(r, template, round(dpi * target.scale))

    def judge(self, *, dpi: int | None = None) -> tuple[PhotoResult, bool]:
        """Every finding on the photo even when no legal crop exists: (the best try's render, legal?).

        `idphoto check` and the API's /check use it, so a photo that cannot be made is still judged:
        the geometry findings (head_cut ...) then say what is missing.
        """
        stand_in = self._stand_in()
        if stand_in is not None:
            return stand_in.judge(dpi=dpi)
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
        if self.template(edit).is_pair:
            return ()  # the pair's render carries both people's checks
        template, crop, original = self.template(edit), self.crop(edit), edit.background.is_original
        key = (template.id, crop, original, edit.look.light_key)
        with self._lock:
            hit = self._source.get(key)
        if hit is None and compute:
            a = self._require()
            hit = tuple(compliance.source_findings(face=a.require_face(), alpha=a.matte.alpha,
                                                   source=self._lit_source(edit.look), crop=crop, template=template,
                                                   original_background=original))
            with self._lock:
                _bounded_put(self._source, key, hit, SOURCE_CACHE)
        return hit

    def _lit_source(self, look: Look) -> np.ndarray:
        """The analysis image with the edit's light and colour: the checks judge the corrected photo."""
        a = self._require()
        if not look.changes_light:
            return a.image.rgb
        fix = self.light_fix() if look.light == "auto" else None
        return light_mod.apply(a.image.rgb, light_mod.lut(fix, look))

    def cutout(self, result: PhotoResult) -> np.ndarray:
        """The transparent cut-out (h, w, 4) of a render's crop, for a PNG with alpha, with the render's
        light and colour and the retouch its template allows (the same person as in the photo)."""
        stand_in = self._stand_in()
        if stand_in is not None:
            return stand_in.cutout(result)
        a = self._require()
        rgba = compose.render_rgba(a.matte, matrix=result.matrix, size=result.pixel_size, face=a.face)
        look = result.look
        if look.dressed:      # the same garment as the photo's (cached with its grid)
            warped = compose.Warped(rgba[..., :3], rgba[..., 3].astype(np.float32) / 255.0)
            edit = self.edit.but(look=look, template=result.template)
            warped, _ = self._dressed(edit, result.template, result.crop, result.pixel_size, result.matrix, warped,
                                      result.original_background)
            rgba = np.dstack([warped.foreground, np.clip(warped.alpha * 255.0 + 0.5, 0, 255).astype(np.uint8)])
        if look.is_plain:
            return rgba
        points = to_output(a.face.landmarks, result.matrix) if a.face is not None and a.face.has_mesh else None
        done = apply_look(rgba[..., :3], look=look, template=result.template, points=points,
                          fix=self.light_fix() if look.light == "auto" else None)
        alpha = done.alpha(rgba[..., 3].astype(np.float32) / 255.0)
        return np.dstack([done.rgb, np.clip(alpha * 255.0 + 0.5, 0, 255).astype(np.uint8)])

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
                           else compose.warp(a.matte, matrix=matrix, size=size, face=a.face))
            with self._lock:
                _bounded_put(self._warps, key, hit, 2 * WARP_CACHE)
        return hit

    def _dressed(self, edit: Edit, template: Template, crop: Crop, size: tuple[int, int], matrix: np.ndarray,
                 warped, original: bool) -> tuple[object, tuple[Finding, ...]]:
        """The warped person in the edit's garment (core/body/dress.py), cached per grid and garment, and the
        finding saying so; unchanged without a garment, and refused (said) where the document forbids it."""
        gid = edit.look.garment
        if gid == "none":
            return warped, ()
        if not dress.allowed(template) or original:
            return warped, (dress.refusal(template, gid),)
        g = garments.find(gid, garments.studio_folder())
        key = ("dress", template.id, crop, size, gid)
        with self._lock:
            hit = self._warps.get(key)
        if hit is None:
            face = self.face(edit)
            pts = placement.map_points(matrix, np.array([face.chin, face.forehead], np.float64))
            mesh = to_output(face.landmarks, matrix) if face.has_mesh else None
            body = dress.body_of(pts[0], pts[1], mesh, face.box[2] * compose.output_scale(matrix))
            fix = self.light_fix()
            painted = self._measured(template, crop, template.dpi, edit).synthesised_px.bottom
            rows = size[1] - round(painted * size[1] / template.pixel_size()[1])
            done = dress.dress(warped.foreground, warped.alpha, body, g, gains=fix.gains, ev=fix.ev,
                               upscale=compose.output_scale(matrix), real_rows=rows)
            hit = replace(warped, foreground=done.foreground, alpha=done.alpha)
            with self._lock:
                _bounded_put(self._warps, key, hit, 2 * WARP_CACHE)
        return hit, (dress.finding(g),)

    def _inspected(self, template: Template, crop: Crop, size: tuple[int, int], matrix: np.ndarray,
                   warped, garment: str) -> Inspection:
        """The self-inspection of the cut-out on an output grid (render/inspection.py), cached with the grid and
        the garment (a dressed body is another cut-out)."""
        key = ("inspect", template.id, crop, size, garment)
        with self._lock:
            hit = self._warps.get(key)
        if hit is None:
            a = self._require()
            faces = (face_in_output(a.face, matrix),) if a.face is not None else ()
            core = on_grid(self._core(), matrix, size)
            hit = inspect(warped.alpha, core, faces, warp_source(a.image.rgb, matrix, size))
            held = held_object(a.image.rgb, a.face)
            if held is not None:   # named, not cut out: it is in front of the chest (ADR 0020 Round 2)
                hit = Inspection(hit.findings + (held[0],), hit.areas + (box_on_grid(held[1], matrix, size),))
            with self._lock:
                _bounded_put(self._warps, key, hit, 2 * WARP_CACHE)
        return hit

    def _core(self) -> np.ndarray:
        """The chosen person's core on the working image (person_core), made once per analysis."""
        with self._lock:
            hit = self._warps.get(("core",))
        if hit is None:
            a = self._require()
            hit = core_mask(a.image.rgb.shape, (a.face,) if a.face is not None else ())
            with self._lock:
                _bounded_put(self._warps, ("core",), hit, 2 * WARP_CACHE)
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

def pair_result(r, template: Template, dpi: int) -> PhotoResult:
    """The PhotoResult of a pair render (render/pair.PairRender)."""
    return PhotoResult(r.rgb, r.crop, r.measurements, r.findings, template, r.background, dpi, r.matrix,
                       bands=r.bands, original_background=False, people=r.people, defects=r.defects)


def _plain_body(finding: Finding) -> Finding:
    """The body_extended warning saying the body was painted plain (no clothing to copy)."""
    if finding.code != "body_extended" or finding.reason == "plain":
        return finding
    return replace(finding, reason="plain")


def _look_key(template: Template, crop: Crop, size: tuple[int, int], original: bool, look: Look) -> tuple:
    """The cache key of a grid's render with a look (the same in `_finished` and `retouch_due`)."""
    return ("look", template.id, template.alteration, crop, size, original, look)


def _bounded_put(cache: dict, key: tuple, value: object, limit: int) -> None:
    """Insert, dropping the oldest entry past `limit`."""
    if key not in cache and len(cache) >= limit:
        cache.pop(next(iter(cache)))
    cache[key] = value

