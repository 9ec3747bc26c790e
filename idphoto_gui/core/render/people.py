"""One photo per person from a group shot: every face, left to right, each cropped and checked alone.

Each person is analysed with the others named as neighbours, so the matte parts touching shoulders
(matting/subject); the matting model runs once for the whole photo. A face too small for the
template's resolution is listed as skipped with the reason; a frame that is nearly empty, more another
person than this one, or whose face is not whole is refused (people_frame.py); more than `max_people` faces
are capped.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

from ..errors import CropError, FaceError
from ..faces.faces import Face, left_to_right
from ..findings import Finding, judged, worst_first
from ..geometry.placement import Crop, crop_corners
from ..paths import resources_dir
from ..analysis.pipeline import Analysis
from ..templates.colours import Background
from ..templates.template import Template
from .people_frame import frame_refusal
from .photo import make_photo
from .result import PhotoResult

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PeopleLimits:
    """Limits for several people in one photo (resources/people.json)."""

    max_people: int = 20          # --face all makes at most this many photos
    window_max_faces: int = 6     # above this the window asks which faces to use
    max_upscale: float = 3.0      # a face needing more enlargement is too small: skipped
    neighbour_share: float = 0.005  # share of the frame a removed neighbour must cover to be reported
    min_person_share: float = 0.2   # a person's own cut-out must cover this much of the frame (else refused)
    min_face_whole: float = 0.97    # and hold this share of the inner face (else refused: people_frame.py)


@lru_cache(maxsize=1)
def limits() -> PeopleLimits:
    """The limits from resources/people.json (built-in values when it is absent or broken)."""
    try:
        data = json.loads((resources_dir() / "people.json").read_text(encoding="utf-8"))
        return PeopleLimits(int(data["max_people"]), int(data["window_max_faces"]),
                            float(data["max_upscale"]), float(data["neighbour_share"]),
                            float(data["min_person_share"]), float(data["min_face_whole"]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("people.json not usable (%s); using built-in limits", exc)
        return PeopleLimits()


@dataclass(frozen=True)
class Person:
    """One person of a group photo: numbered left to right from 1, and the result or why it was skipped."""

    number: int
    face_index: int               # index into Analysis.faces
    face: Face
    result: PhotoResult | None = None
    skipped: str = ""             # English reason; '' when made
    code: str = ""                # stable reason code: too_small, crop, face; refused: REFUSED

    @property
    def status(self) -> str:
        """made, skipped (no photo possible: too small, cut), or refused (made, but not this person's photo)."""
        return "made" if self.result is not None else "refused" if self.code in REFUSED else "skipped"


REFUSED = ("empty_frame", "other_person", "face_cut")   # people_frame.py's codes


@dataclass(frozen=True)
class People:
    """Every person's photo of one group shot, and how many faces were left out by the cap."""

    people: tuple[Person, ...]
    found: int                    # faces detected
    capped: int = 0               # faces beyond max_people, not made

    @property
    def made(self) -> tuple[Person, ...]:
        """The people whose photo was made."""
        return tuple(p for p in self.people if p.result is not None)

    @property
    def message(self) -> str:
        """How many faces were found, that some may have been missed, and the cap: English sentences."""
        made = len(self.made)
        text = (f"{self.found} face{'s were' if self.found != 1 else ' was'} found, {made} photo"
                f"{'s' if made != 1 else ''} made. Small, turned or partly hidden faces may be missed: check "
                "that everyone is there, and crop the photo to anyone missing.")
        if self.capped:
            text += (f" Of these, only the first {self.found - self.capped} from the left were made (at most "
                     f"{limits().max_people} at once); crop the photo to make the others.")
        return text


def make_people(analysis_for: Callable[[int], Analysis], faces: tuple[Face, ...], template: Template, *,
                background: Background | None = None, dpi: int | None = None,
                full_alpha: np.ndarray | None = None) -> People:
    """One photo per face, left to right; `analysis_for(i)` analyses the photo for face i (cached)."""
    order = left_to_right(faces)
    cap = limits().max_people
    kept, capped = order[:cap], max(0, len(order) - cap)
    if capped:
        log.info("%d faces; making the first %d", len(order), cap)
    people = tuple(_person(n, i, faces[i], analysis_for, template, background, dpi, full_alpha)
                   for n, i in enumerate(kept, start=1))
    return People(people, len(order), capped)


def _person(number: int, index: int, face: Face, analysis_for, template: Template,
            background: Background | None, dpi: int | None, full_alpha: np.ndarray | None) -> Person:
    """Make one person's photo, or say why it was skipped."""
    try:
        analysis = analysis_for(index)
        result = make_photo(analysis, template, background=background, dpi=dpi)
    except CropError as exc:
        return Person(number, index, face, skipped=str(exc), code="crop")
    except FaceError as exc:
        return Person(number, index, face, skipped=str(exc), code="face")
    up, limit = result.measurements.upscale, limits().max_upscale
    if up > limit:
        return Person(number, index, face, code="too_small",
                      skipped=f"the face is too small for {template.id}: it would be enlarged {up:.1f}x "
                              f"(at most {limit:g}x); use a closer or sharper photo of this person")
    lim = limits()
    refusal = frame_refusal(analysis, result, min_person=lim.min_person_share, min_face_whole=lim.min_face_whole)
    if refusal is not None:
        return Person(number, index, face, code=refusal.code, skipped=refusal.reason)
    if full_alpha is not None:
        extra = neighbour_finding(full_alpha, analysis.matte.alpha, result.crop)
        if extra is not None:
            result = _with_finding(result, extra)
    return Person(number, index, face, result=result)


def neighbour_finding(full: np.ndarray, isolated: np.ndarray, crop: Crop) -> Finding | None:
    """A warning when another person's matte reached into the frame and was cut out (None when not)."""
    h, w = full.shape
    corners = np.asarray(crop_corners(crop))
    x0, y0 = np.clip(np.floor(corners.min(0)).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(corners.max(0)).astype(int) + 1, 0, [w, h])
    if x1 <= x0 or y1 <= y0:
        return None
    removed = (full[y0:y1, x0:x1] - isolated[y0:y1, x0:x1]) > 0.5
    share = float(removed.mean())
    if share < limits().neighbour_share:
        return None
    return judged("neighbour", round(100 * share, 1), None, 0.0, "%", advisory=True)   # % of the frame cut out


def _with_finding(result: PhotoResult, finding: Finding) -> PhotoResult:
    """The result with one more finding, worst first."""
    from dataclasses import replace

    return replace(result, findings=worst_first((*result.findings, finding)))
