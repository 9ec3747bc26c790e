"""The crop of a pair template (two people, one shot): stated in mm on both heads.

Scale: the two heads' mean height at the middle of the template's range, unless the two faces (with
room for the ears) would not fit across: then smaller, and the head-height check says so. Height: the
mean eye line at the middle of its range, moved down if either crown would come closer to the top than
the template's crown margin allows. Across: the pair's centre (the mean of the two face centres) in the middle. No
roll correction: a couple leaning together is not levelled, their difference in height is reported.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import MultipleFacesError, NotAPairError
from ..faces.faces import Face
from ..templates.template import Template
from .crop_box import Crop, crown_point

INSET_MM = 0.3   # keep the higher crown this far inside the smallest allowed margin
SIDE_ROOM = 0.1   # room kept beside each outer face box, in face widths (the ears): else the heads shrink


@dataclass(frozen=True)
class Pair:
    """The two people of a pair photo, left and right as seen in the photo."""

    left: Face
    right: Face

    @property
    def faces(self) -> tuple[Face, Face]:
        """(left, right)."""
        return self.left, self.right


def pair_of(faces: tuple[Face, ...], chosen: tuple[int, int] | None = None) -> Pair:
    """The two faces to use: the only two, or the two the user named (0-based indices into `faces`).

    One face (or none): NotAPairError, "this document needs both of you in one photo". Three or
    more without a choice: MultipleFacesError with every face, asking which two.
    """
    if chosen is not None:
        if any(not 0 <= i < len(faces) for i in chosen):
            raise ValueError(f"faces {chosen[0] + 1},{chosen[1] + 1}: {len(faces)} face(s) found")
        two = [faces[i] for i in chosen]
    elif len(faces) < 2:
        raise NotAPairError(f"{len(faces)} face(s) found: this document needs both of you in one photo, "
                            "taken together (two separate photos may not be combined)", found=len(faces))
    elif len(faces) > 2:
        raise MultipleFacesError(f"{len(faces)} faces were found; choose the two people (e.g. --face 1,2)",
                                 faces=faces, pair=True)
    else:
        two = list(faces)
    left, right = sorted(two, key=lambda f: f.eye_mid[0])
    return Pair(left, right)


def face_centre(face: Face) -> float:
    """The face's horizontal centre (between the eye midpoint and the chin, as measure() reads it)."""
    return (face.eye_mid[0] + face.chin[0]) / 2


def pair_crop(pair: Pair, alpha: np.ndarray, template: Template) -> Crop:
    """The crop putting both heads inside the template's ranges (see the module text)."""
    crowns = [crown_point(alpha, f, include_hair=template.crown_includes_hair) for f in pair.faces]
    heads = [f.chin[1] - c[1] for f, c in zip(pair.faces, crowns)]
    mm_per_px = _mid(template.head_height_mm) / max(float(np.mean(heads)), 1.0)
    lx, _, lw, _ = pair.left.box
    rx, _, rw, _ = pair.right.box
    span = (rx + rw * (1 + SIDE_ROOM)) - (lx - lw * SIDE_ROOM)
    mm_per_px = min(mm_per_px, template.width_mm / max(span, 1.0))  # both faces whole: zoom out if need be
    width, height = template.width_mm / mm_per_px, template.height_mm / mm_per_px
    eye_y = float(np.mean([f.eye_mid[1] for f in pair.faces]))
    eye_mm = _mid(template.eye_line_mm) if template.eye_line_mm else template.height_mm / 2
    top = eye_y - (template.height_mm - eye_mm) / mm_per_px
    if template.crown_margin_mm is not None:
        highest = min(c[1] for c in crowns)
        lowest_top = highest - (template.crown_margin_mm[0] + INSET_MM) / mm_per_px
        top = min(top, lowest_top)
    cx = float(np.mean([face_centre(f) for f in pair.faces]))
    return Crop(cx, top + height / 2, width, height, 0.0)


def _mid(r: tuple[float, float]) -> float:
    """Middle of a range."""
    return (r[0] + r[1]) / 2
