"""The background checks: how even and plain the photo's own background is, and whether the colour a photo
gets (replaced or kept) is one its template allows, each saying what to do."""
from __future__ import annotations

from typing import Mapping

import cv2
import numpy as np

from ..findings import Finding, judged
from ..geometry.placement import Crop, crop_corners
from ..templates.colours import Background, allows, template_colours
from ..templates.template import Template


def _luma(rgb: np.ndarray) -> np.ndarray:
    """Rec. 601 luminance as float32."""
    return rgb[..., :3].astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)


def background_findings(rgb: np.ndarray, alpha: np.ndarray, crop: Crop, th: Mapping[str, float], *,
                        original: bool = False) -> list[Finding]:
    """Evenness and texture of the ORIGINAL background inside the crop (alpha < 0.05): advisory.

    Replaced, an uneven original only risks the cut-out's edges; kept (`original`), it is the photo's background."""
    f = min(1.0, 256.0 / max(crop.width, 1.0))
    size = (max(1, round(rgb.shape[1] * f)), max(1, round(rgb.shape[0] * f)))
    grey = cv2.resize(_luma(rgb), size, interpolation=cv2.INTER_AREA)
    a = cv2.resize(alpha.astype(np.float32, copy=False), size, interpolation=cv2.INTER_AREA)
    region = np.zeros(grey.shape, np.uint8)
    cv2.fillConvexPoly(region, np.round((crop_corners(crop) + 0.5) * f - 0.5).astype(np.int32), 1)
    mask = cv2.erode(((a < 0.05) & (region > 0)).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    if mask.sum() < th["bg_min_share"] * max(region.sum(), 1):
        return [Finding("background_evenness", "info", None, None, "", "hardly_any")]   # nothing to judge
    std = float(grey[mask].std())
    gx, gy = cv2.Sobel(grey, cv2.CV_32F, 1, 0) / 8, cv2.Sobel(grey, cv2.CV_32F, 0, 1) / 8
    grad = float(np.hypot(gx, gy)[mask].mean())
    uneven, busy = std > th["bg_std_warn"], grad > th["bg_grad_warn"]
    return [judged("background_evenness", round(std, 1), None, 0.0, "", advisory=uneven),   # std-dev
            judged("background_texture", round(grad, 2), None, 0.0, "", advisory=busy)]       # mean gradient


def _white(template: Template) -> bool:
    """True when every colour the template allows is white or off-white (each channel >= 230)."""
    return all(min(c.rgb) >= 230 for c in template_colours(template))


def background_colour_finding(background: Background, template: Template) -> Finding:
    """Is the chosen fill one of the template's colours? Where the authority prefers an unaltered photo,
    a replaced (allowed) colour is a fact worth saying (info), with what to do next time."""
    if not allows(template, background):
        return Finding("background_colour", "fail", None, None, "", "colour_white" if _white(template) else "colour")
    if template.original_background_default:   # accepted, but the authority prefers an unaltered photo
        return Finding("background_colour", "info", None, None, "", "replaced")
    return Finding("background_colour", "ok", None, None, "")


def _original_colour(rgb: np.ndarray, alpha: np.ndarray, crop: Crop, template: Template,
                     th: Mapping[str, float]) -> tuple[str, float] | None:
    """(hex, largest channel difference to the nearest allowed colour) of the real background in the crop."""
    region = np.zeros(alpha.shape[:2], np.uint8)
    cv2.fillConvexPoly(region, np.round(crop_corners(crop)).astype(np.int32), 1)
    mask = (alpha < 0.05) & (region > 0)
    if mask.sum() < th["bg_min_share"] * max(region.sum(), 1):
        return None
    mean = rgb[mask].reshape(-1, 3).mean(axis=0)
    allowed = [c.rgb for c in template_colours(template)]
    diff = min(float(np.abs(mean - np.array(c)).max()) for c in allowed)
    return "#{:02X}{:02X}{:02X}".format(*(int(round(v)) for v in mean)), diff


def original_colour_finding(rgb: np.ndarray, alpha: np.ndarray, crop: Crop, template: Template,
                            th: Mapping[str, float]) -> Finding:
    """The real background's mean colour (original background kept) against the template's colours."""
    got = _original_colour(rgb, alpha, crop, template, th)
    if got is None:
        return Finding("background_colour", "info", None, None, "", "hardly_any")
    diff = got[1]   # the largest channel difference to the nearest allowed colour
    tol = th["bg_colour_tol"]
    return judged("background_colour", round(diff, 1), (None, tol), 0.0, "",
                  "" if diff <= tol else "original_white" if _white(template) else "original")
