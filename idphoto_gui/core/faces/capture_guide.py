"""Live capture guidance: where the head should be for a template, and what the sitter should change.

Qt-free. Coordinates are pixels of the (un-mirrored) frame the face was detected on. Direction
hints are worded for the sitter looking at a mirrored preview: "move_left" means "move to your left",
which is also the screen's left in a mirror view.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Literal, Sequence

import numpy as np

from .faces import Face
from ..templates.template import Template

Rect = tuple[float, float, float, float]  # x, y, w, h
Severity = Literal["error", "warning", "ok"]

# Hint codes, in the order they are shown (the first is the headline).
NO_FACE = "no_face"
ONE_PERSON = "one_person"
FACE_CAMERA = "face_camera"
MOVE_CLOSER = "move_closer"
MOVE_BACK = "move_back"
MOVE_LEFT = "move_left"
MOVE_RIGHT = "move_right"
MOVE_UP = "move_up"
MOVE_DOWN = "move_down"
LEVEL_HEAD = "level_head"
TOO_DARK = "too_dark"
TOO_BRIGHT = "too_bright"
HOLD_STILL = "hold_still"
READY = "ready"
BOTH_OF_YOU = "both_of_you"      # a pair template (the marriage photo) with one face in the frame
LEVEL_PAIR = "level_pair"        # the two heads at different heights: the taller leans in


@dataclass(frozen=True)
class GuideThresholds:
    """Every tolerance the guide uses, as data (tune here, not in code)."""

    crop_fill: float = 0.86          # crop rectangle height as a fraction of the frame height
    crown_factor: float = 2.0        # chin-to-crown ~ 2 x chin-to-eye-line (eyes sit mid-head)
    head_width_ratio: float = 0.72   # outline oval width / head height
    pair_gap_frac: float = 0.15      # a pair's two ovals: at least this much of a head's width between them
    size_slack: float = 0.06         # accepted beyond the template's head-height range (fraction)
    centre_tolerance: float = 0.06   # face centre offset, fraction of the crop width
    eye_slack: float = 0.03          # accepted beyond the eye band, fraction of the crop height
    max_roll_deg: float = 4.0        # ICAO-TR recommends <= 5 deg
    max_yaw_deg: float = 15.0        # coarse estimate: frontal test photos read up to ~13 deg
    profile_yaw_deg: float = 30.0    # beyond this the photo is unusable (error, not advice)
    luma_range: tuple[float, float] = (70.0, 215.0)  # mean face luma, 0..255
    max_motion: float = 0.06         # eye-midpoint travel between assessed frames / eye distance
    min_other_face: float = 0.5      # a second face this large (vs the first) triggers one_person


DEFAULT_THRESHOLDS = GuideThresholds()


@dataclass(frozen=True)
class Hint:
    """One instruction for the sitter; `value` carries the signed amount (mm, deg, ratio)."""

    code: str
    severity: Severity
    value: float = 0.0


@dataclass(frozen=True)
class GuideGeometry:
    """Where things should be in a frame: crop rectangle, head outline(s) and eye-line band."""

    crop_rect: Rect
    head_oval: Rect                  # the one head, or the pair's middle (what size and centring aim at)
    eye_band: tuple[float, float]    # (top y, bottom y) of the accepted eye line
    centre_x: float
    px_per_mm: float
    head_range_px: tuple[float, float]
    head_ovals: tuple[Rect, ...] = ()   # the outlines to draw: one, or two side by side for a pair template


@dataclass(frozen=True)
class GuideState:
    """The verdict on one frame: hints (headline first), the target crop, head size vs target."""

    hints: tuple[Hint, ...]
    target_rect: Rect
    head_ratio: float                # measured head height / target head height (0 if no face)
    ok: bool

    @property
    def headline(self) -> Hint:
        """The single most important hint."""
        return self.hints[0]


def crop_rect(frame_size: tuple[int, int], template: Template, *, fill: float) -> Rect:
    """The template-aspect crop centred in the frame, `fill` of its height (or width if narrower)."""
    fw, fh = frame_size
    aspect = template.width_mm / template.height_mm
    h = fh * fill
    w = h * aspect
    if w > fw * fill:
        w = fw * fill
        h = w / aspect
    return ((fw - w) / 2, (fh - h) / 2, w, h)


def eye_band_mm(template: Template) -> tuple[float, float, float]:
    """(low, high, target) eye line from the bottom, in mm: the template's band narrowed by its crown margin."""
    head_lo, head_hi = template.head_height_mm
    head = (head_lo + head_hi) / 2
    if template.crown_margin_mm is not None:
        m_lo, m_hi = template.crown_margin_mm
        lo, hi = template.height_mm - m_hi - head_hi / 2, template.height_mm - m_lo - head_lo / 2
        target = template.height_mm - (m_lo + m_hi) / 2 - head / 2
        if template.eye_line_mm is not None:
            e_lo, e_hi = template.eye_line_mm
            if max(lo, e_lo) < min(hi, e_hi):
                lo, hi = max(lo, e_lo), min(hi, e_hi)
            target = min(max(target, lo), hi)
        return lo, hi, target
    if template.eye_line_mm is not None:
        lo, hi = template.eye_line_mm
        return lo, hi, (lo + hi) / 2
    target = template.height_mm - (template.height_mm - head) * 0.35 - head / 2
    return target - 1.5, target + 1.5, target


def geometry(frame_size: tuple[int, int], template: Template,
             thresholds: GuideThresholds = DEFAULT_THRESHOLDS) -> GuideGeometry:
    """The overlay's shapes for a frame of this size (no face needed)."""
    x, y, w, h = crop_rect(frame_size, template, fill=thresholds.crop_fill)
    k = h / template.height_mm
    lo, hi, target = eye_band_mm(template)
    bottom = y + h
    band = (bottom - hi * k, bottom - lo * k)
    head = sum(template.head_height_mm) / 2 * k
    eye_y = bottom - target * k
    oval_w = head * thresholds.head_width_ratio
    cx = x + w / 2
    oval = (cx - oval_w / 2, eye_y - head / 2, oval_w, head)
    rng = (template.head_height_mm[0] * k, template.head_height_mm[1] * k)
    gap = max((template.min_gap_mm or 0.0) * k, thresholds.pair_gap_frac * oval_w)
    ovals = pair_ovals(oval, gap) if getattr(template, "is_pair", False) else (oval,)
    return GuideGeometry(crop_rect=(x, y, w, h), head_oval=oval, eye_band=band, centre_x=cx,
                         px_per_mm=k, head_range_px=rng, head_ovals=ovals)


def pair_ovals(oval: Rect, gap_px: float) -> tuple[Rect, Rect]:
    """Two head outlines side by side, the template's gap apart, centred where the one would be: the sitters
    see where each head goes (the marriage photo)."""
    x, y, w, h = oval
    step = (w + gap_px) / 2
    return (x - step, y, w, h), (x + step, y, w, h)


def head_height_px(face: Face, thresholds: GuideThresholds = DEFAULT_THRESHOLDS) -> float:
    """Chin-to-crown estimate: the eyes sit about halfway between chin and crown."""
    ex, ey = face.eye_mid
    return float(np.hypot(face.chin[0] - ex, face.chin[1] - ey)) * thresholds.crown_factor


def face_luma(rgb: np.ndarray, face: Face) -> float:
    """Mean Rec.601 luma (0..255) of the face box, clipped to the image."""
    x, y, w, h = face.box
    ih, iw = rgb.shape[:2]
    x0, y0 = max(0, int(x)), max(0, int(y))
    x1, y1 = min(iw, int(x + w)), min(ih, int(y + h))
    if x1 <= x0 or y1 <= y0:
        return float(rgb.mean()) if rgb.size else 0.0
    patch = rgb[y0:y1, x0:x1].astype(np.float32)
    return float((patch @ np.array([0.299, 0.587, 0.114], np.float32)).mean())


def _size_hints(face: Face, geo: GuideGeometry, t: GuideThresholds) -> tuple[list[Hint], float]:
    """Closer / back, from the estimated head height against the template range."""
    head = head_height_px(face, t)
    target = sum(geo.head_range_px) / 2
    lo, hi = geo.head_range_px
    ratio = head / target if target else 0.0
    if head < lo * (1 - t.size_slack):
        return [Hint(MOVE_CLOSER, "warning", ratio)], ratio
    if head > hi * (1 + t.size_slack):
        return [Hint(MOVE_BACK, "warning", ratio)], ratio
    return [], ratio


def _position_hints(face: Face, geo: GuideGeometry, t: GuideThresholds) -> list[Hint]:
    """Left / right / up / down, in the sitter's own frame of reference (mirror view)."""
    hints: list[Hint] = []
    ex, ey = face.eye_mid
    cx = (ex + face.chin[0]) / 2
    w, h = geo.crop_rect[2], geo.crop_rect[3]
    dx_mm = (cx - geo.centre_x) / geo.px_per_mm
    if abs(cx - geo.centre_x) > t.centre_tolerance * w:
        # Image-left is the sitter's right: a face left of centre must move to the sitter's left.
        hints.append(Hint(MOVE_LEFT if cx < geo.centre_x else MOVE_RIGHT, "warning", dx_mm))
    top, bottom = geo.eye_band
    slack = t.eye_slack * h
    if ey < top - slack:
        hints.append(Hint(MOVE_DOWN, "warning", (ey - top) / geo.px_per_mm))
    elif ey > bottom + slack:
        hints.append(Hint(MOVE_UP, "warning", (ey - bottom) / geo.px_per_mm))
    return hints


def _pose_light_motion(face: Face, t: GuideThresholds, luma: float | None,
                       previous: Face | None) -> list[Hint]:
    """Roll, lighting and stillness checks."""
    hints: list[Hint] = []
    if abs(face.roll_deg) > t.max_roll_deg:
        hints.append(Hint(LEVEL_HEAD, "warning", face.roll_deg))
    if luma is not None and luma < t.luma_range[0]:
        hints.append(Hint(TOO_DARK, "warning", luma))
    elif luma is not None and luma > t.luma_range[1]:
        hints.append(Hint(TOO_BRIGHT, "warning", luma))
    if previous is not None and face.eye_distance > 0:
        (ax, ay), (bx, by) = face.eye_mid, previous.eye_mid
        motion = float(np.hypot(ax - bx, ay - by)) / face.eye_distance
        if motion > t.max_motion:
            hints.append(Hint(HOLD_STILL, "warning", motion))
    return hints


def assess(face: Face | None, frame_size: tuple[int, int], template: Template, *,
           previous: Face | None = None, luma: float | None = None, others: int = 0,
           thresholds: GuideThresholds = DEFAULT_THRESHOLDS) -> GuideState:
    """Hints for one frame: size, centring, level, frontal, light, stillness; ok when none apply."""
    geo = geometry(frame_size, template, thresholds)
    if face is None:
        return GuideState((Hint(NO_FACE, "error"),), geo.crop_rect, 0.0, False)
    hints: list[Hint] = []
    if others:
        hints.append(Hint(ONE_PERSON, "error", float(others)))
    if abs(face.yaw_deg) > thresholds.max_yaw_deg:
        bad = abs(face.yaw_deg) > thresholds.profile_yaw_deg
        hints.append(Hint(FACE_CAMERA, "error" if bad else "warning", face.yaw_deg))
    size, ratio = _size_hints(face, geo, thresholds)
    hints += size + _position_hints(face, geo, thresholds)
    hints += _pose_light_motion(face, thresholds, luma, previous)
    if not hints:
        return GuideState((Hint(READY, "ok"),), geo.crop_rect, ratio, True)
    return GuideState(tuple(hints), geo.crop_rect, ratio, False)


def main_face(faces: Sequence[Face], thresholds: GuideThresholds = DEFAULT_THRESHOLDS
              ) -> tuple[Face | None, int]:
    """The largest face, and how many other faces are large enough to matter."""
    if not faces:
        return None, 0
    ordered = sorted(faces, key=lambda f: f.box[2] * f.box[3], reverse=True)
    big = ordered[0].box[2] * ordered[0].box[3]
    others = sum(1 for f in ordered[1:] if f.box[2] * f.box[3] >= thresholds.min_other_face * big)
    return ordered[0], others


def sharpness(rgb: np.ndarray, *, max_side: int = 1000) -> float:
    """Variance of the Laplacian of the grey image (higher = sharper), at a bounded size."""
    import cv2

    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    long_side = max(grey.shape[:2])
    if long_side > max_side:
        s = max_side / long_side
        grey = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    return float(cv2.Laplacian(grey, cv2.CV_64F).var())


def pick_sharpest(frames: Sequence[np.ndarray]) -> int:
    """Index of the sharpest frame of a burst."""
    scores = [sharpness(f) for f in frames]
    return int(np.argmax(scores))


def pair_face(faces: Sequence[Face]) -> Face:
    """Two faces as one for the guide: eyes, chin and pose averaged, so size and centring apply to the pair."""
    a, b = faces[0], faces[1]

    def mean(p: tuple[float, float], q: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)

    return replace(a, left_eye=mean(a.left_eye, b.left_eye), right_eye=mean(a.right_eye, b.right_eye),
                   chin=mean(a.chin, b.chin), forehead=mean(a.forehead, b.forehead),
                   roll_deg=(a.roll_deg + b.roll_deg) / 2, yaw_deg=max(a.yaw_deg, b.yaw_deg, key=abs),
                   landmarks=np.zeros((0, 2), np.float32))


def assess_pair(faces: Sequence[Face], frame_size: tuple[int, int], template: Template, *,
                previous: Face | None = None, luma: float | None = None,
                thresholds: GuideThresholds = DEFAULT_THRESHOLDS) -> tuple[GuideState, Face | None]:
    """A pair template: both of you in the frame, side by side, heads level; then the one-person checks on
    the pair (size from the mean head, centring on the pair's centre)."""
    big = main_face(faces, thresholds)
    count = 0 if big[0] is None else 1 + big[1]
    if count < 2:
        geo = geometry(frame_size, template, thresholds)
        return GuideState((Hint(BOTH_OF_YOU, "error", float(count)),), geo.crop_rect, 0.0, False), big[0]
    two = sorted(sorted(faces, key=lambda f: f.box[2] * f.box[3], reverse=True)[:2], key=lambda f: f.eye_mid[0])
    face = pair_face(two)
    state = assess(face, frame_size, template, previous=previous, luma=luma, others=count - 2,
                   thresholds=thresholds)
    geo = geometry(frame_size, template, thresholds)
    diff_mm = abs(two[0].eye_mid[1] - two[1].eye_mid[1]) / geo.px_per_mm
    if template.max_height_diff_mm is not None and diff_mm > template.max_height_diff_mm:
        taller = -1.0 if two[0].eye_mid[1] < two[1].eye_mid[1] else 1.0   # -1: the left one is taller
        hints = tuple(h for h in state.hints if h.code != READY) + (Hint(LEVEL_PAIR, "warning", taller * diff_mm),)
        state = GuideState(hints, state.target_rect, state.head_ratio, False)
    return state, face


def evaluate_frame(rgb: np.ndarray, template: Template, *, detector: Callable[[np.ndarray], Sequence[Face]],
                   previous: Face | None = None,
                   thresholds: GuideThresholds = DEFAULT_THRESHOLDS) -> tuple[GuideState, Face | None]:
    """Detect on a (small) frame and assess it; returns the state and the face it was based on."""
    if getattr(template, "is_pair", False):
        faces = detector(rgb)
        face, _ = main_face(faces, thresholds)
        luma = face_luma(rgb, face) if face is not None else None
        return assess_pair(faces, (rgb.shape[1], rgb.shape[0]), template, previous=previous, luma=luma,
                           thresholds=thresholds)
    face, others = main_face(detector(rgb), thresholds)
    luma = face_luma(rgb, face) if face is not None else None
    size = (rgb.shape[1], rgb.shape[0])
    state = assess(face, size, template, previous=previous, luma=luma, others=others,
                   thresholds=thresholds)
    return state, face
