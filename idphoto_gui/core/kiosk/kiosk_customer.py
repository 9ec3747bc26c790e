"""One kiosk customer's photo: still -> analysis (private cache) -> session -> review -> gated print sheet.

Everything derived from the customer's face lives in one `Customer` object and its own analysis
cache, never the process-wide one, so `wipe()` forgets all of it at once and nothing of the
customer survives the reset (the privacy rule of the kiosk).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis.cache import LruCache
from ..errors import IdPhotoError
from ..imaging.imageio import from_array
from .kiosk_config import FULL_SHEET, print_blockers
from ..analysis.pipeline import analyse
from ..render.retouch.look import Look
from ..render.result import PhotoResult, Target
from ..render.session import PhotoSession
from ..sheets.sheet import one_photo_sheet
from ..sheets.sheet_render import RenderedSheet
from ..templates.colours import Background
from ..templates.template import Template
from ..geometry.overhang import BODY_BOTTOM_FRAC, BODY_SIDE_FRAC

log = logging.getLogger(__name__)

CACHE_BYTES = 256 * 1024 * 1024     # one photo's faces + matte + isolated matte fit easily
SCREEN = Target.preview(1.0)        # what the kiosk's colour and product steps show


class PrintBlockedError(IdPhotoError):
    """The photo has a fail finding: the kiosk never prints it."""

    code = "print_blocked"

    def __init__(self, message: str, *, findings: tuple = ()) -> None:
        super().__init__(message)
        self.findings = findings


@dataclass(frozen=True)
class Review:
    """What the review screen shows: the photo with every check, or why there is no photo."""

    result: PhotoResult | None
    error: IdPhotoError | None
    blockers: tuple[Any, ...]
    step_back: bool = False   # more body would be painted in than looks natural: ask for a retake first

    @property
    def printable(self) -> bool:
        """True when nothing forbids printing."""
        return self.result is not None and self.error is None and not self.blockers


class Customer:
    """The current customer's document choice, photo, analysis and edits; `wipe()` drops them all."""

    def __init__(self, *, model_id: str = "rvm") -> None:
        self.model_id = model_id
        self.cache = LruCache(CACHE_BYTES)
        self.template: Template | None = None
        self.session: PhotoSession | None = None
        self.review: Review | None = None
        self.copies: int = FULL_SHEET

    @property
    def empty(self) -> bool:
        """True when nothing of a customer is held (after `wipe`)."""
        return self.session is None and self.review is None and len(self.cache) == 0 and self.template is None

    def wipe(self) -> None:
        """Forget the customer: the session, its renders and every cached analysis of their photo."""
        if self.session is not None:
            self.session.attach(None)
        self.session = None
        self.review = None
        self.template = None
        self.copies = FULL_SHEET
        self.cache.clear()

    def analyse_still(self, rgb: np.ndarray, template: Template, background: Background,
                      look: Look = Look()) -> tuple[PhotoSession, Review]:
        """Worker body: analyse a still into a new session and render the review with every check."""
        image = from_array(np.asarray(rgb))
        analysis = analyse(image, model_id=self.model_id, cache=self.cache)
        session = PhotoSession.for_template(analysis, template, background=background, look=look)
        return session, review_of(session)   # its judge renders the look at SCREEN's size: cached for the screen


def review_of(session: PhotoSession) -> Review:
    """The photo as it would print (never refused, so the customer sees why) with every finding."""
    if session.analysis is None or not session.ready:
        err = session.face_problem() if session.analysis is not None else None
        return Review(None, err or IdPhotoError("no face"), ())
    result, _ = session.judge()
    return Review(result, None, print_blockers(result.findings), painted_beyond_bound(result))


def painted_beyond_bound(result: PhotoResult) -> bool:
    """True when the photo paints in more body than looks natural (15 % of the height below, 8 % of the
    width aside): a customer standing a little further back gives a real photo instead."""
    m = result.measurements
    w, h = m.output_px
    p = m.synthesised_px
    return p.bottom > BODY_BOTTOM_FRAC * h + 1 or max(p.left, p.right) > BODY_SIDE_FRAC * w + 1


def print_sheet_for(session: PhotoSession, *, copies: int, paper: str, dpi: int) -> RenderedSheet:
    """The sheet to print, rendered for print; PrintBlockedError (or CropError) if the photo fails a check."""
    result = session.render(Target.export(dpi))
    blockers = print_blockers(result.findings)
    if blockers:
        raise PrintBlockedError(f"the photo fails {', '.join(f.code for f in blockers)}", findings=blockers)
    return one_photo_sheet(result, paper=paper, copies=None if copies == FULL_SHEET else copies)
