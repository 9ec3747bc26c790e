"""Compliance findings with numbers: geometry against the template, plus image-quality checks."""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Mapping

import cv2
import numpy as np

from ..faces.face_quality.thresholds import FACE_THRESHOLDS
from ..faces.faces import Face
from ..templates.colours import Background
from ..findings import SEVERITIES, Finding, judged, not_judged, worst_first  # noqa: F401 - SEVERITIES re-exported
from ..geometry.placement import Crop, Shortfall, crop_overhang, extension
from ..geometry.overhang import BODY_BOTTOM_FRAC, BODY_SIDE_FRAC
from .background_checks import (_luma, _original_colour, background_colour_finding, background_findings,
                                original_colour_finding)
from .measure import Measurements, measure
from ..templates.template import Template

log = logging.getLogger(__name__)

INNER_FACE = 0.8   # face checks use the mesh hull shrunk to 80 % about its centre

# Thresholds, with where each comes from (ISO/IEC 19794-5:2011, ICAO Doc 9303 and the ICAO portrait
# quality report; a bracketed tag is the clause's short name).
THRESHOLDS: dict[str, float] = {
    "near_frac": 0.05,       # inside a template range but within 5 % of its width of a bound: warn (our choice)
    "centre_frac": 0.05,     # face centre at 45-55 % of the width [A6, ISO 19794-5]
    "roll_ok": 5.0,          # ICAO-TR wording: roll <= 5 deg [A9]: warn beyond
    "roll_warn": 8.0,        # ISO 19794-5:2011 7.2.2: roll +-8 deg [A9]: the limit, fail beyond
    "yaw_ok": 8.0,           # warn beyond (near the limit)
    "yaw_warn": 10.0,        # the limit, fail beyond. ISO 19794-5:2011: yaw +-5 deg [A9]; the mesh fit
                             # (face_quality.head_pose) reads faces labelled frontal (+-10 by eye) at <= 9.6 but one
    "upscale_warn": 1.2,     # enlarging more than 1.2x visibly softens the print (our choice)
    "upscale_fail": 2.0,     # more than 2x: the source cannot carry the output size (our choice)
    "bg_std_warn": 15.0,     # luminance std-dev of the original background; calibrated on tests/data:
                             # plain walls and studio greys 1.5-9.2, foliage / bokeh 18.8-21.9
    "bg_grad_warn": 1.0,     # mean gradient (grey levels/px, crop 256 px wide): walls 0.25-0.6, flag/bokeh 1.4-1.7
    "bg_min_share": 0.02,    # less background than this in the crop: nothing to judge
    "dark_fail": 35.0, "dark_warn": 60.0,       # mean face luminance (0-255), exposure [A14]
    "bright_warn": 215.0, "bright_fail": 240.0,
    "clipped_warn": 0.05,    # share of face pixels at >= 250: blown highlights / hot spots [A14]
    "lr_warn": 0.37, "lr_fail": 0.50,           # |left - right| / brighter half: side lighting [A14, no number].
                                                # ID-style portraits (tests/data, portraits/) read <= 0.31; on the
                                                # labelled set one-sided light reads 0.27-0.43, faces labelled
                                                # even 0-0.48 (sunlit 004 0.48, 028 0.41; 045 0.38; 003 0.36):
                                                # 0.37 keeps 021 (0.39) and 032, and false alarms <= 10 %
    "sharp_warn": 60.0, "sharp_fail": 20.0,     # Laplacian variance at IED = 64 px; tests/data originals
                                                # 118-657, Gaussian blur sigma 2 gives 2-43
    "canon_ied_px": 64.0,
    "hair_touch_mm": 0.1,    # hair closer than this to the top edge touches it (about 1 px at 300 dpi)
    "bg_colour_tol": 40.0,   # original background: largest channel difference to an allowed colour (our choice)
    **FACE_THRESHOLDS,       # eyes, mouth, expression, glasses, covering, shadows: face_quality/thresholds.py
}


def _range(code: str, value: float, allowed: tuple | None, unit: str, near_frac: float) -> Finding:
    """fail outside the template's range, warn inside within near_frac x its width of a bound, else ok."""
    if allowed is None:
        return Finding(code, "ok", round(value, 2), None, unit)
    lo, hi = allowed
    near = near_frac * (hi - lo) if lo is not None and hi is not None else 0.0
    return judged(code, round(value, 2), (lo, hi), near, unit)


def _levels(code: str, value: float, ok: float, limit: float, unit: str) -> Finding:
    """A signed magnitude: fail beyond +-limit, warn beyond +-ok (near the limit), else ok."""
    return judged(code, round(value, 2), (-limit, limit), limit - ok, unit)


def _past_photo(f: Finding, m: Measurements) -> Finding:
    """A crown or hair finding when the hair runs on past the photo's own top: say so, not 'move the crop'."""
    if f.severity in ("ok", "info") or not m.hair_past_photo:
        return f
    return replace(f, reason="past_photo")


def geometry_findings(m: Measurements, template: Template, th: Mapping[str, float]) -> list[Finding]:
    """Head height, eye line, crown margin, centring, pose, eye distance and resolution."""
    g = th["near_frac"]
    tol = th["centre_frac"] * template.width_mm
    crown = template.crown_margin_mm or (0.0, None)   # no rule: the whole head inside the photo (standard)
    out = [_range("head_height", m.head_height_mm, template.head_height_mm, "mm", g),
           _range("eye_line", m.eye_line_mm, template.eye_line_mm, "mm", g),
           _past_photo(_range("crown_margin", m.crown_margin_mm, crown, "mm", g), m),
           _range("centre", m.centre_offset_mm, (-round(tol, 2), round(tol, 2)), "mm", g),
           _levels("roll", m.roll_deg, th["roll_ok"], th["roll_warn"], "deg"),
           _levels("yaw", m.yaw_deg, th["yaw_ok"], th["yaw_warn"], "deg")]
    if m.hair_margin_mm is not None and m.hair_margin_mm < th["hair_touch_mm"]:
        cut = max(0.0, -m.hair_margin_mm)
        out.append(_past_photo(judged("hair_cut", round(cut, 2), None, 0.0, "mm", advisory=True), m))
    ied_min = template.min_eye_distance_px
    out.append(_range("eye_distance", m.eye_distance_px, (ied_min, None) if ied_min else None, "px", 0.0))
    up = m.upscale
    out.append(judged("resolution", round(up, 2), (None, th["upscale_fail"]), th["upscale_fail"] - th["upscale_warn"],
                      "x"))
    return out


def _face_patch(rgb: np.ndarray, face: Face, canon_ied: float) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Face luminance resampled so the eyes are canon_ied apart, its mask, and the centre-line normal.

    The patch is clipped to the image; None when nothing of the face lies inside it."""
    pts = np.asarray(face.landmarks if len(face.landmarks) else _box_points(face), np.float64)
    pts = pts.mean(axis=0) + INNER_FACE * (pts - pts.mean(axis=0))  # skin only: no hair, ears, background
    f = canon_ied / max(face.eye_distance, 1.0)
    x0, y0 = np.floor(pts.min(axis=0)).astype(int)
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, rgb.shape[1]), min(y1, rgb.shape[0])
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    size = (max(2, round((x1 - x0) * f)), max(2, round((y1 - y0) * f)))
    interp = cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR
    patch = cv2.resize(_luma(rgb[y0:y1, x0:x1]), size, interpolation=interp)
    local = (np.asarray(pts, np.float64) - [x0, y0]) * f
    mask = np.zeros(patch.shape, np.uint8)
    cv2.fillConvexPoly(mask, cv2.convexHull(np.round(local).astype(np.int32)), 1)
    mask = cv2.erode(mask, np.ones((5, 5), np.uint8)) > 0
    eye = (np.asarray(face.eye_mid) - [x0, y0]) * f
    chin = (np.asarray(face.chin) - [x0, y0]) * f
    yy, xx = np.mgrid[0:patch.shape[0], 0:patch.shape[1]]
    side = (chin[0] - eye[0]) * (yy - eye[1]) - (chin[1] - eye[1]) * (xx - eye[0])
    return patch, mask, side


def _box_points(face: Face) -> np.ndarray:
    """Face box shrunk by 15 %, as corner points, when the mesh is missing."""
    x, y, w, h = face.box
    return np.array([[x + .15 * w, y + .15 * h], [x + .85 * w, y + .15 * h],
                     [x + .85 * w, y + .85 * h], [x + .15 * w, y + .85 * h]])


def face_findings(rgb: np.ndarray, face: Face, th: Mapping[str, float]) -> list[Finding]:
    """Exposure, left/right lighting balance and sharpness inside the face."""
    cut = _face_patch(rgb, face, th["canon_ied_px"])
    if cut is None or cut[1].sum() < 50:
        return [not_judged(c) for c in ("exposure", "lighting", "sharpness")]
    patch, mask, side = cut
    y = patch[mask]
    mean, clipped = float(y.mean()), float((y >= 250).mean())
    expo = judged("exposure", round(mean, 1), (th["dark_fail"], th["bright_fail"]), th["dark_warn"] - th["dark_fail"],
                  "")
    if expo.severity == "ok" and clipped > th["clipped_warn"]:   # highlights blown: soften the light on the face
        expo = judged("exposure", round(mean, 1), expo.allowed, 0.0, "", advisory=True)
    out = [expo]
    left, right = patch[mask & (side < 0)], patch[mask & (side > 0)]
    if left.size > 20 and right.size > 20:
        lm, rm = float(left.mean()), float(right.mean())
        diff = 100 * abs(lm - rm) / max(lm, rm, 1.0)
        lim = 100 * th["lr_fail"]
        out.append(judged("lighting", round(diff, 2), (None, lim), lim - 100 * th["lr_warn"], "%"))
    else:
        out.append(not_judged("lighting"))   # too little of one side of the face to compare the halves
    lap = cv2.Laplacian(patch, cv2.CV_32F)
    sharp = float(lap[mask].var())
    out.append(judged("sharpness", round(sharp, 1), (th["sharp_fail"], None), th["sharp_warn"] - th["sharp_fail"], ""))
    return out


def original_background_fits(rgb: np.ndarray, alpha: np.ndarray, crop: Crop, template: Template,
                             thresholds: Mapping[str, float] | None = None) -> bool:
    """True when the photo's own background may stay: its colour is one the template allows and it is even.

    Otherwise the template's first colour replaces it (background_colour then says so as an info)."""
    th = {**THRESHOLDS, **(thresholds or {})}
    got = _original_colour(rgb, alpha, crop, template, th)
    if got is None or got[1] > th["bg_colour_tol"]:
        return False
    return all(f.severity != "warn" for f in background_findings(rgb, alpha, crop, th, original=True))


def extension_findings(crop: Crop, alpha: np.ndarray, template: Template, face: Face, *,
                       original_background: bool = False, plain_body: bool = False) -> list[Finding]:
    """Say where the crop reaches past the photo's edge (never silently): plain background is filled,
    the body is continued (bounded: 15 % of the height below, 8 % of the width aside), the head never.
    With the original background nothing may be added, so any overhang fails. `plain_body`: the render
    painted the body a plain shade (compose.Warped.plain_body), and the body's finding says so."""
    over = crop_overhang(crop, alpha, face, template)
    if original_background:
        ext = extension(crop, alpha, template)
        return [] if ext.fits else [Finding("no_room", "fail", round(ext.total, 1), None, "mm")]
    out = []
    if not over.head.fits:
        out.append(Finding("head_cut", "fail", round(over.head.total, 1), None, "mm"))
    if not over.body.fits:
        beyond = (over.body.bottom > BODY_BOTTOM_FRAC * template.height_mm + 1e-6 or over.body.top > 0
                  or max(over.body.left, over.body.right) > BODY_SIDE_FRAC * template.width_mm + 1e-6)
        out.append(body_finding(over.body, beyond, template.alteration, plain=plain_body))
    if not over.background.fits:
        out.append(Finding("background_extended", "info", round(over.background.total, 1), None, "mm"))
    return out


def body_finding(body: Shortfall, beyond: bool, alteration: str = "free", *, plain: bool = False) -> Finding:
    """The body_extended warning: how much was painted in below the chin line (and aside).

    Past the natural bound on a document that forbids alteration (not `free`) it fails: continuing the
    clothing that far is guesswork a customer sees (issue 38's blind look), so the only fix is a retake. On
    a `free` document it says a garment can be put on instead. `plain`: there was no clothing to copy, so the
    body was painted a plain shade (reason "plain"; the render knows it, renderer.py)."""
    below = round(body.bottom, 1)
    value = below if below > 0 else round(body.total, 1)   # mm below the chin line, else at the sides
    if beyond and alteration != "free":
        return Finding("body_extended", "fail", value, None, "mm", "retake")   # the retake matters more than the shade
    reason = "plain" if plain else "dress" if beyond else "" if below > 0 else "sides"
    return judged("body_extended", value, None, 0.0, "mm", reason, advisory=True)


def quick_findings(m: Measurements, template: Template, *, background: Background | None = None,
                   thresholds: Mapping[str, float] | None = None) -> list[Finding]:
    """The checks that follow every crop or colour change live (microseconds): geometry and colour.

    With the original background (Background.ORIGINAL) its colour is judged by source_findings.
    """
    out = geometry_findings(m, template, {**THRESHOLDS, **(thresholds or {})})
    if background is not None and not background.is_original:
        out.append(background_colour_finding(background, template))
    return out


def source_findings(*, face: Face, alpha: np.ndarray, source: np.ndarray, crop: Crop, template: Template,
                    thresholds: Mapping[str, float] | None = None, original_background: bool = False) -> list[Finding]:
    """The checks that read the source pixels (~20 ms): background, extension past the edge, face.

    `original_background`: the photo's own background is kept, so its evenness, plainness and colour are
    judged here too (replaced, they are no longer the photo's: issue 40, no advice about a wall that is gone).
    """
    from ..faces.face_quality.findings import face_findings_for

    th = {**THRESHOLDS, **(thresholds or {})}
    own = [*background_findings(source, alpha, crop, th, original=True),
           original_colour_finding(source, alpha, crop, template, th)] if original_background else []
    return [*own,
            *extension_findings(crop, alpha, template, face, original_background=original_background),
            *face_findings(source, face, th),
            *face_findings_for(source=source, face=face, template=template, thresholds=th, alpha=alpha)]


def check(*, template: Template, crop: Crop, analysis: Any = None, face: Face | None = None,
          alpha: np.ndarray | None = None, source: np.ndarray | None = None,
          measurements: Measurements | None = None, background: Background | None = None, dpi: int | None = None,
          thresholds: Mapping[str, float] | None = None) -> tuple[Finding, ...]:
    """All findings (quick + source), worst first. Face, alpha and source come from `analysis` unless given.

    `background=Background.ORIGINAL` judges the photo's own background (crop only, no cut-out). The checks read
    the source, never a rendered output.
    """
    if analysis is not None:
        face = face or analysis.face
        alpha = analysis.matte.alpha if alpha is None else alpha
        source = analysis.image.rgb if source is None else source
    if face is None or alpha is None or source is None:
        raise ValueError("check() needs face, alpha and source pixels (or an analysis)")
    m = measurements or measure(face, alpha, crop, template, dpi=dpi)
    return worst_first([*quick_findings(m, template, background=background, thresholds=thresholds),
                        *source_findings(face=face, alpha=alpha, source=source, crop=crop, template=template,
                                         thresholds=thresholds, original_background=background is not None and background.is_original)])
