"""Apply a Look to one render at output resolution, within what the template allows, and say what was done.

Light and colour apply to every template. Retouch: `none` templates get none (and a finding says so),
`light` ones only blemish removal, `free` ones also skin smoothing and under-eye lightening. The input
arrays (the session's cached grids) are never changed.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field

import cv2
import numpy as np

from ...findings import Finding
from ...templates.template import Template
from . import blemish, heal, light, regions, smooth
from .light import LightFix
from .look import Look

log = logging.getLogger(__name__)

UNDER_EYE_GAIN = 0.7        # at strength 100 the under-eye closes 70 % of its shortfall to the cheek
UNDER_EYE_REF = 1 / 4       # the cheek reference: skin blurred over this x IED
MEMO_FACES = 4              # face boxes whose strength-free work a memo keeps
HOLE_SIZE = 0.25            # a matte hole in the skin up to this x IED across is closed
ROI_MARGIN = 0.15           # work on the face's box grown by this x IED


@dataclass(frozen=True)
class RetouchDone:
    """What the retouch did to one render (the finding's amounts)."""

    strength: int
    smoothed_share: float = 0.0    # share of the photo's pixels under the skin mask (weighted)
    blemishes: int = 0
    under_eye_l: float = 0.0       # mean lift of L* (0-100) under the eyes
    applied: bool = True
    cover: np.ndarray | None = field(default=None, compare=False, repr=False)  # (h, w) smoothed-skin weight
    ied: float = 0.0               # the face's eye distance on the output grid


@dataclass(frozen=True)
class Looked:
    """A render's person with the look applied, the findings, and the smoothed skin's weight (`cover`,
    None when nothing was smoothed): a matte's hole in a cheek would let the background show through the
    smoothed skin, so the blend closes it there."""

    rgb: np.ndarray
    findings: tuple[Finding, ...]
    cover: np.ndarray | None = None
    ied: float = 0.0

    def alpha(self, alpha: np.ndarray) -> np.ndarray:
        """The matte's alpha with its holes in the smoothed skin closed."""
        return alpha if self.cover is None else np.maximum(alpha, holes(alpha, self.cover, self.ied))


def apply_look(rgb: np.ndarray, *, look: Look, template: Template, fix: LightFix | None,
               points: np.ndarray | None, memo: dict | None = None) -> Looked:
    """The render with light, colour and the allowed retouch applied, and the info findings saying how much.

    `points`: the face mesh on the output grid (None or empty: no retouch possible).
    """
    out, lit = apply_light(rgb, look=look, fix=fix)
    out, touched, done = apply_retouch(out, look=look, template=template, points=points, memo=memo)
    return Looked(out, lit + touched, None if done is None else done.cover, 0.0 if done is None else done.ied)


def apply_light(rgb: np.ndarray, *, look: Look, fix: LightFix | None) -> tuple[np.ndarray, tuple[Finding, ...]]:
    """The render (a copy) through the look's light and colour table, and the finding with the amounts."""
    out = light.apply(rgb, light.lut(fix, look))
    return out, ((light_finding(look, fix),) if look.changes_light else ())


def apply_retouch(rgb: np.ndarray, *, look: Look, template: Template, points: np.ndarray | None,
                  memo: dict | None = None) -> tuple[np.ndarray, tuple[Finding, ...], RetouchDone | None]:
    """The render with the retouch the template allows (on the face's box only), the finding, and what
    was done (None when nothing was)."""
    if not look.retouch:
        return rgb, (), None
    if template.alteration == "none":
        return rgb, (_not_allowed(template, look.retouch),), None
    out, done = retouch(rgb, points, look.retouch, free=template.alteration == "free", memo=memo)
    return out, (retouch_finding(done, template),), done


def retouch(rgb: np.ndarray, points: np.ndarray | None, strength: int, *, free: bool = True,
            memo: dict | None = None) -> tuple[np.ndarray, RetouchDone]:
    """Blemishes removed and (free) skin smoothed and under-eyes lightened on the face's box only.

    `memo`: a dict kept by the caller; the strength-free work (the masks, the blemish responses) of the
    same face box is reused from it, so a strength slider step redoes only what the strength changes."""
    if points is None or len(points) == 0:
        return rgb, RetouchDone(strength, applied=False)
    h, w = rgb.shape[:2]
    ied = float(np.hypot(*(points[list(regions.LEFT_EYE)].mean(0) - points[list(regions.RIGHT_EYE)].mean(0))))
    m = ROI_MARGIN * ied
    x0, y0 = max(0, int(points[:, 0].min() - m)), max(0, int(points[:, 1].min() - m))
    x1, y1 = min(w, int(points[:, 0].max() + m) + 1), min(h, int(points[:, 1].max() + m) + 1)
    if x1 - x0 < 16 or y1 - y0 < 16:
        return rgb, RetouchDone(strength, applied=False)
    roi = np.ascontiguousarray(rgb[y0:y1, x0:x1])
    lab, reg, pre, healable = _prepared(roi, points - (x0, y0), memo)
    if reg is None:
        return rgb, RetouchDone(strength, applied=False)
    s = strength / 100.0
    spots = blemish.find_spots(lab, reg.skin, reg.ied, s, pre)
    roi, healed = heal.remove_spots(roi, spots, reg.ied, healable)
    lift = 0.0
    if free:
        roi, lift = _smooth_and_lift(roi, reg, s)
    out = rgb.copy()
    out[y0:y1, x0:x1] = roi
    share = float(reg.skin.sum()) / (h * w) if free else 0.0
    cover = None
    if free:
        cover = np.zeros((h, w), np.float32)
        cover[y0:y1, x0:x1] = np.minimum(reg.skin * 2.0, 1.0)    # opaque wherever the mask is half on
    return out, RetouchDone(strength, round(share, 4), healed, round(lift, 2), cover=cover,
                            ied=reg.ied)


def _prepared(roi: np.ndarray, points: np.ndarray, memo: dict | None):
    """(Lab, regions, blemish responses, the skin a spot may be healed on) of a face box, from `memo` when
    the same pixels and mesh were prepared before (a digest of both is the key)."""
    key = None
    if memo is not None:
        key = (hashlib.blake2b(roi.tobytes(), digest_size=16).digest(),
               hashlib.blake2b(np.ascontiguousarray(points, np.float64).tobytes(), digest_size=16).digest(),
               roi.shape)
        hit = memo.get(key)
        if hit is not None:
            return hit
    lab = cv2.cvtColor(roi, cv2.COLOR_RGB2LAB).astype(np.float32)
    reg = regions.face_regions(lab, points)
    pre = None if reg is None else blemish.responses(lab, reg.skin, reg.ied)
    healable = None if reg is None else heal.heal_mask(reg.skin, reg.ied)
    if memo is not None:
        try:                                   # renders may share the memo across threads: best effort
            while len(memo) >= MEMO_FACES:
                memo.pop(next(iter(memo)), None)
        except (StopIteration, RuntimeError):
            pass
        memo[key] = (lab, reg, pre, healable)
    return lab, reg, pre, healable


def holes(alpha: np.ndarray, cover: np.ndarray, ied: float) -> np.ndarray:
    """Where the smoothed skin closes the matte: only its holes (alpha below its morphological closing over
    HOLE_SIZE x IED), never a face edge the matte rightly left open."""
    r = max(1, int(round(HOLE_SIZE * ied)))
    ys, xs = np.nonzero(cover > 0)
    out = np.zeros_like(cover)
    if len(ys) == 0:
        return out
    h, w = alpha.shape[:2]
    y0, y1 = max(0, ys.min() - 2 * r), min(h, ys.max() + 2 * r + 1)   # the face's box only: cheap
    x0, x1 = max(0, xs.min() - 2 * r), min(w, xs.max() + 2 * r + 1)
    roi = np.clip(alpha[y0:y1, x0:x1] * 255.0 + 0.5, 0, 255).astype(np.uint8)   # 8-bit: several x faster
    square = np.ones((2 * r + 1, 2 * r + 1), np.uint8)                # separable: fast at any size
    closed = cv2.morphologyEx(roi, cv2.MORPH_CLOSE, square)
    out[y0:y1, x0:x1] = np.minimum(cover[y0:y1, x0:x1], closed.astype(np.float32) / 255.0)
    return out


def _smooth_and_lift(roi: np.ndarray, reg: regions.Regions, s: float) -> tuple[np.ndarray, float]:
    """Skin smoothing through the skin mask and under-eye lightening; returns (roi, mean L* lift)."""
    img = roi.astype(np.float32) / 255.0
    sm = smooth.smooth(img, reg.ied, s, reg.skin)
    mask = reg.skin[..., None]
    img = img + (sm - img) * mask
    lum = cv2.transform(img, smooth.LUMA.reshape(1, 3))            # not `@`: BLAS threads spin when busy
    ref = _skin_average(lum, reg.skin, max(1.0, UNDER_EYE_REF * reg.ied))
    local = cv2.GaussianBlur(lum, (0, 0), max(0.8, reg.ied / 30))
    add = np.maximum(ref - local, 0.0) * reg.under_eyes * (UNDER_EYE_GAIN * s)
    img = img * (1.0 + add / np.maximum(lum, 0.05))[..., None]
    weight = float(reg.under_eyes.sum())
    lift = float((add * reg.under_eyes).sum() / weight * 100.0) if weight > 1 else 0.0
    return np.clip(img * 255.0 + 0.5, 0, 255).astype(np.uint8), lift


def _skin_average(lum: np.ndarray, skin: np.ndarray, sigma: float) -> np.ndarray:
    """The skin's brightness averaged over `sigma` px around each pixel (made at quarter size: cheap)."""
    h, w = lum.shape
    small = (max(1, w // 4), max(1, h // 4))
    both = cv2.resize(np.dstack([lum * skin, skin]), small, interpolation=cv2.INTER_AREA)
    both = cv2.GaussianBlur(both, (0, 0), max(0.5, sigma / 4))
    ref = both[..., 0] / np.maximum(both[..., 1], 1e-3)
    return cv2.resize(ref, (w, h), interpolation=cv2.INTER_LINEAR)


def light_finding(look: Look, fix: LightFix | None) -> Finding:
    """An info finding with the exposure change (automatic plus by hand) and which way the light was set."""
    ev = (fix or LightFix()).ev if look.light == "auto" else 0.0
    ev += light.HAND_EV * look.brightness / 50.0
    return Finding("light", "info", round(ev, 2), None, "EV", _light_reason(look, fix))


def _light_reason(look: Look, fix: LightFix | None) -> str:
    """'hand', 'auto', 'auto_clipped' when so much of the background clipped that the white balance had
    little to read, or 'auto_unsure' when its cues disagreed."""
    if look.light != "auto":
        return "hand"
    fx = fix or LightFix()
    return "auto" if fx.sure else "auto_clipped" if _clipped(fx) else "auto_unsure"


def _clipped(fix: LightFix) -> bool:
    """True when the fix is unsure because the background and clothing clipped widely."""
    return fix.clipped_share > light.CLIPPED_UNSURE


def retouch_finding(done: RetouchDone, template: Template) -> Finding:
    """An info finding with the retouch strength and the spots removed: all of it, blemishes only where the
    document allows no more (`light`), or nothing without a face mesh to find the skin on."""
    if not done.applied:
        return Finding("retouch", "info", float(done.strength), None, "", "no_face")
    reason = "blemishes_only" if template.alteration == "light" else "free"
    return Finding("retouch", "info", float(done.strength), None, "", reason, count=done.blemishes)


def _not_allowed(template: Template, strength: int) -> Finding:
    """The retouch the user chose is not applied: the document allows none."""
    return Finding("retouch", "info", float(strength), None, "", "not_allowed")
