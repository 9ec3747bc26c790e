"""The crop box and the head frame: Crop, the crown, the face's HeadFrame, what a box reaches past the photo.
placement re-exports these and adds the matrices; the policy (crop_policy) reads a face through HeadFrame and
states its choice through CropPlan.of, and imports nothing else from here but the value types.

Coordinates follow OpenCV: pixel centres at integers, so an image of width W spans [-0.5, W - 0.5].
Placement rules and the crown estimate are explained in docs/adr/0003-crop-geometry.md.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, replace

import numpy as np

from . import overhang
from ..faces.faces import Face
from ..templates.template import Template

log = logging.getLogger(__name__)

Point = tuple[float, float]
FG_LEVEL = 0.5        # alpha above this is the subject
ROW_FILL = 0.15       # a band row with at least this share of subject pixels is still head (hair is sparse)
SKULL_RATIO = 1.0     # skull top as far above the eye line as the chin is below it (JP MOFA rule, adult norms)
FIT_TOLERANCE_PX = 0.5


@dataclass(frozen=True)
class Crop:
    """A crop of the working image: centre, size and rotation in working-image pixels.

    The output is the rectangle (width x height) centred at (cx, cy), rotated by angle_deg
    (the roll correction), resampled to the template's pixel size.
    """

    cx: float
    cy: float
    width: float
    height: float
    angle_deg: float = 0.0

    def moved(self, dx: float, dy: float) -> "Crop":
        """Shifted by (dx, dy) working-image pixels."""
        return replace(self, cx=self.cx + dx, cy=self.cy + dy)

    def zoomed(self, factor: float) -> "Crop":
        """Scaled about its centre; factor > 1 makes the head larger (a smaller box)."""
        if factor <= 0:
            raise ValueError("zoom factor must be positive")
        return replace(self, width=self.width / factor, height=self.height / factor)

    def rotated(self, degrees: float) -> "Crop":
        """Rotation changed by `degrees`."""
        return replace(self, angle_deg=self.angle_deg + degrees)

    @property
    def axes(self) -> tuple[np.ndarray, np.ndarray]:
        """Unit vectors of the box's x (right) and y (down) axes in source pixels."""
        return _axes(self.angle_deg)


@dataclass(frozen=True)
class Shortfall:
    """How far (output mm) the crop reaches past each photo edge; all zero when it fits."""
    top: float = 0.0
    bottom: float = 0.0
    left: float = 0.0
    right: float = 0.0

    @property
    def total(self) -> float:
        """Sum of the four sides (mm), to compare plans."""
        return self.top + self.bottom + self.left + self.right

    fits = property(lambda self: self.total == 0.0, doc="True when nothing is missing.")

    def describe(self) -> str:
        """'3.1 mm above the head, 0.8 mm at the left' (English, for logs and the CLI)."""
        names = {"top": "above the head", "bottom": "below", "left": "at the left", "right": "at the right"}
        return ", ".join(f"{getattr(self, k):.1f} mm {v}" for k, v in names.items() if getattr(self, k) > 0)


@dataclass(frozen=True)
class CropPlan:
    """An automatic crop, how it was made and what it adds past the photo's edge (output mm per edge).

    mode: "in_range" (inside the photo), "background_extended", "body_extended", "head_cut" (refused:
    `shortfall` then holds the head's mm), or "no_room" (original background: any overhang refused).
    """
    crop: Crop
    shortfall: Shortfall  # what is refused: the head cut (or, original background, all overhang)
    crown: Point          # crown used (source pixels)
    px_per_mm: float      # source pixels per output millimetre
    extended: Shortfall = Shortfall()  # plain background added where the photo ends (never over the subject)
    body: Shortfall = Shortfall()      # body synthesised at the bottom / side edges (bounded, see overhang)
    head_cut: Shortfall = Shortfall()  # head (hair, crown, chin, ears) that would be missing
    mode: str = "in_range"

    fits = property(lambda self: self.shortfall.fits, doc="True unless the crop is refused (head cut / no room).")

    @classmethod
    def of(cls, crop: Crop, split: overhang.SideOverhangs, i: int, crown: Point, px_per_mm: float, *,
           original: bool) -> "CropPlan":
        """The plan of box `i` of a classified batch (`split`): with the original background any overhang is
        refused ("no_room"); else only the head's ("head_cut"), the rest filled or synthesised."""
        if original:
            total = _sides(split.total[i])
            return cls(crop, total, crown, px_per_mm, mode="in_range" if total.fits else "no_room")
        over = Overhang.of(split, i)
        return cls(crop, over.head, crown, px_per_mm, extended=over.background, body=over.body, head_cut=over.head,
                   mode=over.mode)


def _axes(angle_deg: float) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors of the crop's x (right) and y (down) axes in source pixels."""
    a = math.radians(angle_deg)
    return np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])


def _local(p: Point, origin: Point, angle_deg: float) -> tuple[float, float]:
    """A source point in the head frame (origin, axes rotated by angle_deg)."""
    d = np.subtract(p, origin)
    return tuple(float(d @ u) for u in _axes(angle_deg))  # type: ignore[return-value]


@dataclass(frozen=True)
class HeadFrame:
    """The face's own frame (origin the eye midpoint, axes turned by its roll) and the head measured in it once:
    what the crop policy places its boxes by."""
    eye: Point        # the eye midpoint (source px), the frame's origin
    roll: float       # degrees; the frame's axes follow it
    crown: Point      # the crown used (source px): the template's (on the hair or the skull) or the user's
    chin_x: float     # the chin across the frame (px)
    crown_up: float   # the crown above the eye line (px)
    hair_up: float    # the hair's top above the eye line (px)
    head_px: float    # crown to chin (px)

    @classmethod
    def of(cls, face: Face, alpha: np.ndarray, *, include_hair: bool, crown: Point | None = None) -> "HeadFrame":
        """The frame of `face`; `crown` (source px, the user's) replaces the estimated one, hair included."""
        own = crown or crown_point(alpha, face, include_hair=include_hair)
        hair = own if crown or include_hair else crown_point(alpha, face, include_hair=True)
        chin_x, chin_y = _local(face.chin, face.eye_mid, face.roll_deg)
        crown_up = -_local(own, face.eye_mid, face.roll_deg)[1]
        return cls(face.eye_mid, face.roll_deg, own, chin_x, crown_up, -_local(hair, face.eye_mid, face.roll_deg)[1],
                   chin_y + crown_up)

    @staticmethod
    def axes(angle_deg: float) -> tuple[np.ndarray, np.ndarray]:
        """Unit vectors (source px) of the x and y axes of a frame turned by `angle_deg` (the head's: its roll)."""
        return _axes(angle_deg)


def _hair_top(alpha: np.ndarray, face: Face) -> float | None:
    """Distance (px) from the eye line up to the top of the alpha > 0.5 region, in a band over the face."""
    h, w = alpha.shape[:2]
    ux, uy = _axes(face.roll_deg)
    ied = max(face.eye_distance, 4.0)
    t = np.arange(0.0, float(h + w))
    s = np.linspace(-0.5 * ied, 0.5 * ied, 15)
    pts = np.asarray(face.eye_mid) - t[:, None, None] * uy + s[None, :, None] * ux
    xi, yi = np.rint(pts[..., 0]).astype(int), np.rint(pts[..., 1]).astype(int)
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    vals = np.zeros(xi.shape, dtype=bool)
    vals[inside] = alpha[yi[inside], xi[inside]] > FG_LEVEL
    filled = vals.mean(axis=1) >= ROW_FILL
    if not filled[: max(2, int(0.2 * ied))].any():
        return None  # no subject at eye level: the matte missed the face
    gap = max(3, int(0.1 * ied))
    rows = np.flatnonzero(filled)
    last = int(rows[0])
    for i in rows:
        if i - last > gap:
            break
        last = int(i)
    return last + 0.5


def crown_point(alpha: np.ndarray, face: Face, *, include_hair: bool = True) -> Point:
    """Top of the head (source px) on the face's centre line, following the roll.

    With hair: the top of the matte above the eyes. Without hair: the skull top estimated as far
    above the eye line as the chin is below it, but never above the hair.
    """
    chin_down = _local(face.chin, face.eye_mid, face.roll_deg)[1]
    skull_up = SKULL_RATIO * max(chin_down, 1.0)
    hair_up = _hair_top(alpha, face)
    if hair_up is None:
        log.warning("no subject found above the eyes in the matte; crown estimated from the landmarks")
        up = skull_up
    else:
        up = hair_up if include_hair else min(hair_up, skull_up)
    _, uy = _axes(face.roll_deg)
    x, y = np.asarray(face.eye_mid) - up * uy
    return float(x), float(y)


def crown_y(alpha: np.ndarray, face: Face, *, include_hair: bool = True) -> float:
    """The crown's y in source pixels (see crown_point)."""
    return crown_point(alpha, face, include_hair=include_hair)[1]


def crop_corners(crop: Crop) -> np.ndarray:
    """The four corners (top-left, top-right, bottom-right, bottom-left) in source pixels, (4, 2)."""
    ux, uy = crop.axes
    hw, hh = crop.width / 2, crop.height / 2
    c = np.array([crop.cx, crop.cy])
    return np.array([c + sx * hw * ux + sy * hh * uy for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])


def _shortfall(crop: Crop, shape: tuple[int, ...], px_per_mm: float) -> Shortfall:
    """How far the crop reaches past each photo edge (top, bottom, left, right of the photo), in output mm."""
    h, w = shape[:2]
    xs, ys = crop_corners(crop).T
    past = {"top": -0.5 - ys.min(), "bottom": ys.max() - (h - 0.5), "left": -0.5 - xs.min(), "right": xs.max() - (w - 0.5)}
    return Shortfall(**{k: round(float(v / px_per_mm), 2) if v > FIT_TOLERANCE_PX else 0.0 for k, v in past.items()})


def extension(crop: Crop, alpha: np.ndarray, template: Template) -> Shortfall:
    """How much of the crop (output mm per photo edge) lies outside the photo."""
    return _shortfall(crop, alpha.shape, crop.height / template.height_mm)


@dataclass(frozen=True)
class Overhang:
    """A crop's overhang past the photo split by what the edge shows there (output mm per photo edge)."""
    background: Shortfall   # no subject at that edge: filled with the new background
    body: Shortfall         # shoulders/clothing at that edge: synthesised from the body (compose/extend)
    head: Shortfall         # hair, crown, ears or chin at that edge: never synthesised

    @classmethod
    def of(cls, split: overhang.SideOverhangs, i: int) -> "Overhang":
        """Box `i` of a classified batch."""
        return cls(_sides(split.background[i]), _sides(split.body[i]), _sides(split.head[i]))

    @property
    def mode(self) -> str:
        """How the crop was made: "in_range", "background_extended", "body_extended" or "head_cut"."""
        return ("head_cut" if not self.head.fits else "body_extended" if not self.body.fits
                else "background_extended" if not self.background.fits else "in_range")


def _sides(row: np.ndarray) -> Shortfall:
    """A Shortfall from one row of per-side mm in overhang.SIDES order."""
    return Shortfall(**{k: round(float(v), 2) for k, v in zip(overhang.SIDES, row)})


def crop_overhang(crop: Crop, alpha: np.ndarray, face: Face, template: Template) -> Overhang:
    """Classify any crop's overhang (automatic or dragged): background, body or head at each edge."""
    split = overhang.classify(crop_corners(crop)[None], np.array([crop.height / template.height_mm]),
                              overhang.edge_labels(alpha, face))
    return Overhang.of(split, 0)
