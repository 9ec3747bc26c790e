"""The automatic crop policy: one photo, one render path (ADR 0003).

Candidates sweep the head height over its range, the crown margin t over its window (and below it,
down to the crown touching the top, as a last resort) and a sideways shift inside ISO's centring
tolerance; boxes that just touch a photo edge are added so "exactly fits" is never missed. They are
ranked, most important first:
  1. eye line outside its range (mm): a hard rule, like the head height the sweep never leaves;
  2. head cut (mm): hair, crown, chin or ears at the edge the crop runs past; never synthesised;
  3. soft range miss: the crown margin, the 4 % crown floor (ADR 0003, templates without a margin
     rule), x10 a hair crown the photo already cut (up to HAIR_CUT_MAX_MM), and the safety margins
     inside the head and eye ranges give way first;
  4. body past its bound, then body synthesised (mm), then whether plain background is extended at all
     (it is the same picture, so how much does not matter: nearest the middle is more robust); a person
     dressed in a garment has no body painted (the garment is theirs below the chin), so only the
     background counts (ADR 0035: a head pushed down to spare the painting left no room for a neck);
  5. hair above the top edge (mm): voluminous hair kept inside the frame when the ranges allow;
  6. distance from the middle of the ranges (the ideal).
With the original background (no cut-out) every overhang is refused: 2 and 4 become all overhang.
"""
from __future__ import annotations

import math

import numpy as np

from . import overhang
from .crop_box import Crop, CropPlan, HeadFrame, Point
from ..errors import CropError
from ..faces.faces import Face
from ..templates.template import Template

QUANTUM_MM = 0.05        # differences below this do not decide between candidates
MIN_TOP_FRAC = 0.04      # crown gap floor without a template rule: JP allows 2/45, the CN ID card 1.5/32
INSET_MM = 0.05          # keep clamped positions this far inside a range
CENTRE_TOL_FRAC = 0.045  # shift allowed to fit the photo: inside ISO 19794-5's face centre at 45-55 % of width
SNAP_PX = 0.25           # boxes snapped to an edge stay this far inside it
HAIR_CUT_MAX_MM = 1.0    # with the crown on the hair, a crop may start this far below it (a photo cut there)
CROWN_CUT_WEIGHT = 10.0  # ... but that counts as a range miss, like the eye line
HAIR_CLEARANCE_MM = 0.2  # hair kept this far below the top edge when possible (compliance warns under 0.1)
GRID = 9
# Kept this far inside the ranges when the photo allows, so the exported photo measured again (a new
# matte of the output) stays inside: the crown moved by up to 0.53 mm on portrait 11 / us-passport.
HEAD_SAFETY_MM = 0.6
EYE_SAFETY_MM = 0.3
# A crop turned with the head drops its top edge at the crown by (half the width - the shift) x sin(roll):
# 0.2 mm at 1 deg on a 1-inch photo, whatever the head size or the shift. When that is what cuts the crown
# (the hair reaches the photo's top), a level crop is tried, leaving at most this tilt (ICAO: roll <= 5 deg);
# neither the shift (within CENTRE_TOL_FRAC) nor the head size changes that drop enough.
LEVEL_MAX_DEG = 2.0


def _inside(lo: float, hi: float, n: int = GRID, inset: float = 0.05) -> np.ndarray:
    """n values spread over [lo, hi], `inset` (at most a quarter of the range) inside its ends."""
    inset = min(inset, max(hi - lo, 0.0) / 4)
    return np.linspace(lo + inset, hi - inset, n) if hi > lo else np.array([lo])


def _mid(r: tuple[float, float]) -> float:
    """Middle of a range."""
    return (r[0] + r[1]) / 2


def _margin_window(template: Template, eye_below_crown_mm: float, head_mm: float) -> tuple[float, float, float]:
    """Crown-to-top distance t (mm): the preferred value and the interval that keeps every rule.

    Each rule (eye line, crown margin) is an interval for t; its target is the middle and its weight
    1 / half-width^2, so a tight rule wins over a loose one (with the eye rule alone the eye line lands
    exactly mid-range). The result is clamped into the rules' intersection when they overlap, then
    into the hard limits: crown at least MIN_TOP_FRAC of the height below the top (when the template
    sets no margin) and chin above the bottom edge. Without either rule, ISO 19794-5's eyes at 50-70 %.
    """
    h = template.height_mm
    eye = template.eye_line_mm
    rules = []
    if eye is None and template.crown_margin_mm is None:
        eye = (0.5 * h, 0.7 * h)
    if eye is not None:
        rules.append((h - eye[1] - eye_below_crown_mm, h - eye[0] - eye_below_crown_mm))
    if template.crown_margin_mm is not None:
        rules.append(template.crown_margin_mm)
    weights = [1.0 / max((hi - lo) / 2, 0.25) ** 2 for lo, hi in rules]
    t = sum(w * _mid(r) for w, r in zip(weights, rules)) / sum(weights)
    lo, hi = max(r[0] for r in rules), min(r[1] for r in rules)
    floor = 0.0 if template.crown_margin_mm is not None else MIN_TOP_FRAC * h
    lo, hi = (max(lo, floor), min(hi, h - head_mm)) if lo <= hi else (floor, h - head_mm)
    t = _clamp(_clamp(t, lo, hi), floor, h - head_mm)
    return (t, lo, hi) if lo <= hi else (t, t, t)


def _clamp(t: float, lo: float, hi: float) -> float:
    """t clamped a hair's breadth inside [lo, hi] (so float noise cannot leave it); t if empty."""
    if lo > hi:
        return t
    inset = min(INSET_MM, (hi - lo) / 4)
    return min(max(t, lo + inset), hi - inset)


def _ideal(template: Template, head_px: float, crown_up: float) -> np.ndarray:
    """(1, 3) row of head mm, t mm, shift mm: the middle of every range (ADR 0003)."""
    h_mid = sum(template.head_height_mm) / 2
    return np.array([[h_mid, _margin_window(template, crown_up * h_mid / head_px, h_mid)[0], 0.0]])


def _grid(template: Template, head_px: float, crown_up: float) -> np.ndarray:
    """(N, 3) rows of head mm, t mm, shift mm: heads x margins (in the rules' window, then below it) x shifts."""
    h_lo, h_hi = template.head_height_mm
    h_mid, tol = (h_lo + h_hi) / 2, CENTRE_TOL_FRAC * template.width_mm
    dxs = np.linspace(-tol, tol, GRID)
    blocks = []
    heads = np.concatenate([_inside(h_lo, h_hi, inset=HEAD_SAFETY_MM), _inside(h_lo, h_hi, 2), [h_mid]])
    for head in heads:
        t0, lo, hi = _margin_window(template, crown_up * head / head_px, head)  # lo includes the 4 % floor
        ts = np.concatenate([_inside(lo, hi), _inside(0.0, lo, 5), [t0]])
        tt, dd = np.meshgrid(ts, dxs, indexing="ij")
        blocks.append(np.stack([np.full(tt.size, head), tt.ravel(), dd.ravel()], axis=1))
    return np.concatenate(blocks)


class _Frame:
    """The face's head frame and the template: turns (head, t, shift) rows into boxes and scores."""

    def __init__(self, head: HeadFrame, shape: tuple[int, ...], template: Template, angle: float | None = None) -> None:
        if head.head_px <= 1.0:
            raise CropError("chin and crown coincide: the face landmarks look wrong")
        self.t, self.shape = template, shape[:2]
        self.crown, self.chin_x, self.crown_up, self.hair_up, self.head_px = (
            head.crown, head.chin_x, head.crown_up, head.hair_up, head.head_px)
        self.eye = np.asarray(head.eye, np.float64)
        self.roll = head.roll
        self.angle = head.roll if angle is None else angle   # the crop's; the head frame follows the roll
        self.ux, self.uy = HeadFrame.axes(head.roll)
        self.cx, self.cy = HeadFrame.axes(self.angle)

    def boxes(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Centres (N, 2), px per mm (N,) and corners (N, 4, 2) in source pixels."""
        head, t, dx = rows.T
        s = self.head_px / head
        x = self.chin_x / 2 + dx * s
        y = -self.crown_up - t * s + self.t.height_mm * s / 2
        centre = self.eye + x[:, None] * self.ux + y[:, None] * self.uy
        hw, hh = (self.t.width_mm * s / 2)[:, None], (self.t.height_mm * s / 2)[:, None]
        corners = np.stack([centre + sx * hw * self.cx + sy * hh * self.cy
                            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], axis=1)
        return centre, s, corners

    def snapped(self, rows: np.ndarray) -> np.ndarray:
        """The rows plus, for boxes past an edge, variants moved to just touch the top/bottom and the
        left/right edges (moving away from one edge is what frees the other)."""
        _, s, corners = self.boxes(rows)
        h, w = self.shape
        xs, ys = corners[..., 0], corners[..., 1]
        past = np.stack([-0.5 - ys.min(1), ys.max(1) - (h - 0.5), -0.5 - xs.min(1), xs.max(1) - (w - 0.5)], axis=1)
        k = s * max(math.cos(math.radians(self.roll)), 0.1)
        head, t, dx = rows.T
        h_max = np.array(self.t.height_mm) - head
        t_min = -HAIR_CUT_MAX_MM if self.t.crown_includes_hair else 0.0
        tol = CENTRE_TOL_FRAC * self.t.width_mm
        t_opts = [t, np.clip(t - (past[:, 0] + SNAP_PX) / k, t_min, h_max),
                  np.clip(t + (past[:, 1] + SNAP_PX) / k, t_min, h_max)]
        dx_opts = [dx, np.clip(dx + (past[:, 2] + SNAP_PX) / k, -tol, tol),
                   np.clip(dx - (past[:, 3] + SNAP_PX) / k, -tol, tol)]
        vert, side = (past[:, :2] > 0).any(axis=1), (past[:, 2:] > 0).any(axis=1)
        out = [rows]
        for i, tt in enumerate(t_opts):
            for j, dd in enumerate(dx_opts):
                if i or j:
                    keep = (vert if i else np.ones_like(vert)) & (side if j else np.ones_like(side))
                    out.append(np.stack([head, tt, dd], axis=1)[keep])
        return np.concatenate(out)

    def range_miss(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(eye line miss, soft miss) in mm. The eye line is a hard rule. Soft: the crown margin, the 4 %
        floor, a hair crown cut by up to HAIR_CUT_MAX_MM (weighted), and the safety margins inside the
        head and eye ranges give way before the head is cut."""
        head, t, _ = rows.T
        eye_line = self.t.height_mm - t - self.crown_up * head / self.head_px
        eye = np.zeros(len(rows))
        floor = 0.0 if self.t.crown_margin_mm is not None else MIN_TOP_FRAC * self.t.height_mm
        # below the floor at all counts as one quantum, whatever the depth: chasing it would push the
        # head size to its limit, where measuring the result again can leave the range
        soft = CROWN_CUT_WEIGHT * np.maximum(-t, 0.0) + QUANTUM_MM * (t < floor - QUANTUM_MM)
        h_lo, h_hi = self.t.head_height_mm
        safe = min(HEAD_SAFETY_MM, (h_hi - h_lo) / 4)
        soft += np.maximum(np.maximum(h_lo + safe - head, head - h_hi + safe), 0.0)
        if self.t.eye_line_mm is not None:
            lo, hi = self.t.eye_line_mm
            eye = np.maximum(np.maximum(lo - eye_line, eye_line - hi), 0.0)
            safe = min(EYE_SAFETY_MM, (hi - lo) / 4)
            soft += np.maximum(np.maximum(lo + safe - eye_line, eye_line - hi + safe), 0.0)
        if self.t.crown_margin_mm is not None:
            lo, hi = self.t.crown_margin_mm
            soft += np.maximum(np.maximum(lo - t, t - hi), 0.0)
        return eye, soft

    def cost(self, rows: np.ndarray) -> np.ndarray:
        """Distance from the ideal, normalised by each range."""
        h_lo, h_hi = self.t.head_height_mm
        h_mid, tol = (h_lo + h_hi) / 2, CENTRE_TOL_FRAC * self.t.width_mm
        head, t, dx = rows.T
        heads, which = np.unique(head, return_inverse=True)
        win = np.array([_margin_window(self.t, self.crown_up * v / self.head_px, v) for v in heads])[which]
        t0, lo, hi = win.T
        return (((head - h_mid) / max(h_hi - h_mid, 0.25)) ** 2 + ((t - t0) / np.maximum((hi - lo) / 2, 0.25)) ** 2
                + (dx / tol) ** 2)

    def hair_out(self, rows: np.ndarray) -> np.ndarray:
        """mm of hair above the output's top edge, plus the clearance (0 when the hair is well inside)."""
        head, t, _ = rows.T
        s = self.head_px / head
        top = -self.crown_up - t * s  # the crop's top edge in the head frame (px along the vertical)
        return np.maximum((top + self.hair_up) / s + HAIR_CLEARANCE_MM, 0.0)

    def plan(self, rows: np.ndarray, i: int, split: overhang.SideOverhangs, original: bool) -> CropPlan:
        """The CropPlan of candidate i."""
        centre, s, _ = self.boxes(rows[i:i + 1])
        crop = Crop(float(centre[0, 0]), float(centre[0, 1]), self.t.width_mm * float(s[0]),
                    self.t.height_mm * float(s[0]), self.angle)
        return CropPlan.of(crop, split, i, self.crown, float(s[0]), original=original)


def _q(values: np.ndarray) -> np.ndarray:
    """Quantised to QUANTUM_MM so noise never outranks the next criterion."""
    return np.round(np.asarray(values) / QUANTUM_MM)


def best_plan(face: Face, alpha: np.ndarray, template: Template, *, original_background: bool = False,
              crown: Point | None = None, dressed: bool = False) -> CropPlan:
    """The best crop by the ranking in this module's docstring; `crown` overrides the estimated one.

    `dressed`: the body below the chin is a garment's, so continuing it costs nothing (rank 4).
    The crop turns with the head; only when that cuts the crown and a level crop (a tilt of at most
    LEVEL_MAX_DEG left in the photo) keeps the crown inside, missing no range and cutting no more, is the
    level one taken. A crown the photo itself cuts stays cut (the least possible, turned with the head).
    """
    head = HeadFrame.of(face, alpha, include_hair=template.crown_includes_hair, crown=crown)
    frame = _Frame(head, alpha.shape, template)
    labels = overhang.edge_labels(alpha, face)
    ideal = _ideal(template, frame.head_px, frame.crown_up)
    _, s, corners = frame.boxes(ideal)
    split = overhang.classify(corners, s, labels)
    if not split.total.any() and frame.hair_out(ideal)[0] <= QUANTUM_MM:
        return frame.plan(ideal, 0, split, original_background)
    grid = _grid(template, frame.head_px, frame.crown_up)
    rows = frame.snapped(grid)
    i, rank, split = _best(frame, rows, labels, original_background, dressed)
    if rows[i, 1] < -QUANTUM_MM / 2 and 0 < abs(frame.roll) <= LEVEL_MAX_DEG:   # the crown is cut
        level = _Frame(head, alpha.shape, template, angle=0.0)
        level_rows = level.snapped(grid)
        j, level_rank, level_split = _best(level, level_rows, labels, original_background, dressed)
        if level_rows[j, 1] >= 0.0 and level_rank < rank:   # only if the crown is then inside
            return level.plan(level_rows, j, level_split, original_background)
    return frame.plan(rows, i, split, original_background)


def _best(frame: _Frame, rows: np.ndarray, labels: np.ndarray, original: bool, dressed: bool
          ) -> tuple[int, tuple[float, ...], overhang.SideOverhangs]:
    """The best row for this frame, its rank on the range and cut keys (eye, head cut, soft miss; lower is
    better) and the rows' overhangs."""
    template = frame.t
    _, s, corners = frame.boxes(rows)
    split = overhang.classify(corners, s, labels)
    cost, hair = frame.cost(rows), _q(frame.hair_out(rows))
    eye, soft = (_q(v) for v in frame.range_miss(rows))
    if original:
        keys = (cost, hair, soft, _q(split.total.sum(1)), eye)
        first = (eye, _q(split.total.sum(1)), soft)
    else:
        body, excess = _body_keys(split, template, dressed)
        keys = (cost, hair, split.background.sum(1) > 0, body, excess, soft,
                _q(split.head.sum(1)), eye)
        first = (eye, _q(split.head.sum(1)), soft)
    i = int(np.lexsort(keys)[0])
    return i, tuple(float(k[i]) for k in first), split


def _body_keys(split: overhang.SideOverhangs, template: Template, dressed: bool) -> tuple[np.ndarray, np.ndarray]:
    """The body synthesised and its excess past the bound (mm, quantised); nothing for a dressed person."""
    if dressed:
        zero = np.zeros(len(split.body))
        return zero, zero
    excess = overhang.body_excess(split.body, template.width_mm, template.height_mm)
    return _q(split.body.sum(1)), _q(excess)
