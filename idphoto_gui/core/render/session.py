"""One photo's session: its edits with their undo history, over the renderer of its analysis.

The edits (session_edits.py) record steps in the history and say what they changed; rendering is the
`Renderer`'s (renderer.py), which every front end calls with the edit it renders. The shortcuts here
(`render`, `crop`, `judge`...) render the edit shown now.
"""
from __future__ import annotations

import logging
from typing import Callable

import numpy as np

from . import compliance
from ..analysis.pipeline import Analysis
from ..errors import CropError
from ..faces.faces import Face
from ..geometry.placement import Crop
from ..templates.colours import Background, default_colour
from ..templates.template import Template
from .backgrounds import default_background
from .compliance import Finding
from .history import Edit, History
from .renderer import Renderer
from .result import PhotoResult, Target
from .retouch import light as light_mod
from .retouch.look import Look
from .session_edits import SessionEdits

log = logging.getLogger(__name__)


class PhotoSession(SessionEdits):
    """The state of one photo (chosen template, colour, crop, look, undo history) over its renderer.

    Edits run on one thread (the window's); renders may run on any thread at the same time.
    """

    def __init__(self, edit: Edit, *, analysis: Analysis | None = None) -> None:
        self.history = History(edit)
        self.renderer = Renderer(analysis)

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
    @property
    def analysis(self) -> Analysis | None:
        """The photo's analysis (None before it, and while parked)."""
        return self.renderer.analysis

    def attach(self, analysis: Analysis | None, *, warm: Renderer | None = None) -> None:
        """Use a (new) analysis; `warm`, a worker's renderer of the same analysis, hands over its caches."""
        self.renderer.attach(analysis, warm=warm)

    def park(self, restore: Callable[[], Analysis]) -> None:
        """Drop the analysis to bound memory; renders rebuild it from `restore` and keep nothing (Renderer.park)."""
        self.renderer.park(restore)

    @property
    def parked(self) -> bool:
        """True when the analysis was dropped and is rebuilt on demand."""
        return self.renderer.parked

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
        template = e.template
        if self.crop_problem() is None:
            a = self.renderer.analysis
            if compliance.original_background_fits(a.image.rgb, a.matte.alpha, self.crop(), template):
                return False
            why = "the photo's own background is not an even allowed colour"
        elif self.renderer.auto(e, False)[1] is not None:
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
        return self.renderer.ready(self.edit.template)

    def pair_problem(self) -> Exception | None:
        """A pair template's face problem: one face (needs both of you) or 3+ (choose two); None when two."""
        return self.renderer.pair_problem()

    def face_problem(self) -> Exception | None:
        """Why this photo cannot be made for the current template's kind of face (None when it can)."""
        return self.renderer.face_problem(self.edit.template)

    def template(self) -> Template:
        """The template of the edit shown now."""
        return self.edit.template

    # ---- the edit shown now, rendered (Renderer takes any edit) ------------------------------------------
    def crop(self) -> Crop:
        """The crop shown now: the user's, else the automatic one."""
        return self.renderer.crop(self.edit)

    def auto_crop(self) -> Crop:
        """The automatic crop of the edit shown now (with its background's rule)."""
        return self.renderer.auto(self.edit, self.edit.background.is_original)[0]

    def crop_problem(self) -> CropError | None:
        """Why the automatic crop cannot make a good photo (None when it can, or the crop is the user's)."""
        return self.renderer.crop_problem(self.edit)

    def face(self) -> Face:
        """The chosen face, with the chin the user placed (if any)."""
        return self.renderer.face(self.edit)

    def render(self, target: Target = Target()) -> PhotoResult:
        """The edit shown now, rendered for a target (Renderer.render)."""
        return self.renderer.render(self.edit, target)

    def preview(self, scale: float = 1.0) -> PhotoResult:
        """The current edit rendered for the screen (quick findings, never refused)."""
        return self.render(Target.preview(scale))

    def judge(self, *, dpi: int | None = None) -> tuple[PhotoResult, bool]:
        """Every finding on the edit shown now, even when no legal crop exists (Renderer.judge)."""
        return self.renderer.judge(self.edit, dpi=dpi)

    def source_findings(self, *, compute: bool = True) -> tuple[Finding, ...] | None:
        """The source checks of the edit shown now (None while a worker computes them: Renderer)."""
        return self.renderer.source_findings(self.edit, compute=compute)

    def retouch_due(self, target: Target) -> bool:
        """True when rendering the edit shown now would run the retouch (Renderer.retouch_due)."""
        return self.renderer.retouch_due(self.edit, target)

    def light_fix(self) -> light_mod.LightFix:
        """The automatic exposure and white balance of this photo, estimated once per analysis."""
        return self.renderer.light_fix()

    def cutout(self, result: PhotoResult) -> np.ndarray:
        """The transparent cut-out of a render of the edit shown now (Renderer.cutout)."""
        return self.renderer.cutout(self.edit, result)
