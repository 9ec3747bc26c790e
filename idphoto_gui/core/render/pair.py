"""The finished photo of a pair template (two people, one shot): crop, render, measure, check both.

Measured like a one-person photo, once per head; the template's ranges apply to the two heads' mean
height and eye line, to both crowns, and to the pair's centre. Every face check runs on both faces
and names the person ("left person: ..."). Only one source photo is ever used: never a composite.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import numpy as np

from ..analysis.pipeline import face_outcome, matte_of
from ..findings import Finding, judged, worst_first
from ..geometry.pair import Pair, pair_crop, pair_of
from ..geometry.placement import Crop, crop_to_output_matrix, map_points
from ..imaging.imageio import LoadedImage
from ..analysis.person_core import PARTED, core_mask, held, raised
from ..matting.subject import isolate_subject
from ..templates.colours import Background, default_colour
from ..templates.template import Template
from . import compliance, compose
from .inspection import (box_on_grid, chest_colours, face_in_output, held_object, inspect, like_background,
                         on_grid, warp_source)
from .backgrounds import fill_rgb
from .head_bands import head_bands, person_lines
from .measure import Measurements, measure
from .head_bands import HeadBands

log = logging.getLogger(__name__)

SIDES = ("left", "right")


def pair_alpha(alpha: np.ndarray, pair: Pair, others: tuple) -> np.ndarray:
    """The matte of the two people only: each isolated (parted from any third person), then joined; their
    cores stay opaque (person_core)."""
    a = [isolate_subject(alpha, f.box, others) for f in pair.faces]
    out = np.maximum(a[0], a[1])
    kept = held(out, pair.faces, PARTED)
    out[raised(out, kept)] = 1.0
    return out


@dataclass(frozen=True)
class PairRender:
    """What a pair render produces; session.PhotoResult is made from it (render/photo, session)."""

    rgb: np.ndarray
    crop: Crop
    measurements: Measurements     # the pair's: mean head and eye line, higher crown, the pair's centre
    findings: tuple[Finding, ...]
    background: tuple[int, int, int]
    matrix: np.ndarray
    bands: HeadBands
    people: tuple[Measurements, Measurements]
    defects: tuple = ()   # what the self-inspection found (render/inspection.py), output px


def pair_inputs(image: LoadedImage, *, model_id: str = "rvm", cache=None):
    """(faces, whole matte) of a photo, from the cache or one run of each model."""
    return face_outcome(image, cache=cache).faces, matte_of(image, model_id=model_id, cache=cache)


def render_pair(image: LoadedImage, faces: tuple, matte, template: Template, *, background: Background | None,
                size: tuple[int, int], dpi: int, chosen: tuple[int, int] | None = None,
                measure_dpi: int | None = None, alpha: np.ndarray | None = None,
                crop: Crop | None = None) -> PairRender:
    """Crop, composite, measure and check the pair on a (w, h) grid.

    `alpha`: the pair's matte if known; `crop`: the user's (dragged, zoomed) crop, else the automatic one.
    """
    pair = pair_of(faces, chosen)
    if alpha is None:
        others = tuple(f.box for f in faces if f not in pair.faces)
        alpha = pair_alpha(matte.alpha, pair, others)
    matte = replace(matte, alpha=alpha)
    crop = crop or pair_crop(pair, matte.alpha, template)
    matrix = crop_to_output_matrix(crop, *size)
    warped = compose.warp(matte, matrix=matrix, size=size)
    bg_choice = background if background is not None and not background.is_original else default_colour(template)
    bg = fill_rgb(template, bg_choice)
    rgb = compose.blend(warped.foreground, warped.alpha, bg)
    m_dpi = measure_dpi or dpi
    people = tuple(measure(f, matte.alpha, crop, template, dpi=m_dpi) for f in pair.faces)
    m = mean_measurements(people)
    found = [*pair_findings(people, pair, crop, template, template.pixel_size(m_dpi)),
             compliance.background_colour_finding(bg_choice, template)]
    for side, face in zip(SIDES, pair.faces):
        found += [_named(f, side) for f in compliance.source_findings(
            face=face, alpha=matte.alpha, source=image.rgb, crop=crop, template=template)
            if f.code not in ("background_evenness", "background_texture") or side == "left"]
    checked = inspect(warped.alpha, on_grid(core_mask(image.rgb.shape, pair.faces), matrix, size),
                      tuple(face_in_output(f, matrix) for f in pair.faces), warp_source(image.rgb, matrix, size))
    found += checked.findings
    areas = checked.areas
    for side, face in zip(SIDES, pair.faces):
        held = held_object(image.rgb, face)
        if held is not None:   # named, not cut out (ADR 0020 Round 2)
            found.append(_named(held[0], side))
            areas += (box_on_grid(held[1], matrix, size),)
        like = like_background(chest_colours(image.rgb, matte.alpha, face), bg)   # clothing in the background's colour
        if like is not None:
            found.append(_named(like, side))
    bands = replace(head_bands(template, m, size), people=tuple(person_lines(template, p, size) for p in people))
    return PairRender(rgb, crop, m, worst_first(found), bg, np.asarray(matrix), bands, people, areas)


def mean_measurements(people: tuple[Measurements, Measurements]) -> Measurements:
    """One Measurements for the pair: the mean head and eye line, the higher crown, the pair's centre."""
    a, b = people
    return replace(a, head_height_mm=(a.head_height_mm + b.head_height_mm) / 2,
                   eye_line_mm=(a.eye_line_mm + b.eye_line_mm) / 2,
                   crown_margin_mm=min(a.crown_margin_mm, b.crown_margin_mm),
                   centre_offset_mm=(a.centre_offset_mm + b.centre_offset_mm) / 2,
                   roll_deg=(a.roll_deg + b.roll_deg) / 2, yaw_deg=max(a.yaw_deg, b.yaw_deg, key=abs),
                   eye_distance_px=min(a.eye_distance_px, b.eye_distance_px),
                   hair_margin_mm=_min_opt(a.hair_margin_mm, b.hair_margin_mm))


def _min_opt(a: float | None, b: float | None) -> float | None:
    values = [v for v in (a, b) if v is not None]
    return min(values) if values else None


def pair_findings(people: tuple[Measurements, Measurements], pair: Pair, crop: Crop, template: Template,
                  size: tuple[int, int]) -> list[Finding]:
    """Mean head height and eye line, both crowns, the pair's centre, equal heights, the gap, pose, resolution."""
    th = compliance.THRESHOLDS
    g = th["near_frac"]
    m = mean_measurements(people)
    r = compliance._range
    head = r("head_height", m.head_height_mm, template.head_height_mm, "mm", g)   # the two heads' mean
    apart = head.severity != "ok" and m.head_height_mm < template.head_height_mm[0]   # too far apart to fit both
    out = [replace(head, reason="apart" if apart else "mean"),
           replace(r("eye_line", m.eye_line_mm, template.eye_line_mm, "mm", g), reason="mean")]
    for side, p in zip(SIDES, people):
        out.append(_named(r("crown_margin", p.crown_margin_mm, template.crown_margin_mm, "mm", g), side))
        out.append(_named(compliance._levels("yaw", p.yaw_deg, th["yaw_ok"], th["yaw_warn"], "deg"), side))
    tol = th["centre_frac"] * template.width_mm
    out.append(r("centre", m.centre_offset_mm, (-round(tol, 2), round(tol, 2)), "mm", g))   # the pair's centre
    out.append(height_difference(people, template))
    out.append(gap_finding(pair, crop, template, size))
    out += [f for f in compliance.geometry_findings(m, template, th) if f.code == "resolution"]
    return out


def height_difference(people: tuple[Measurements, Measurements], template: Template) -> Finding:
    """The two eye lines should be level: beyond the template's amount, the taller leans in, the shorter sits up."""
    a, b = people
    diff = abs(a.eye_line_mm - b.eye_line_mm)
    limit = template.max_height_diff_mm or 0.0
    taller = "left" if a.eye_line_mm > b.eye_line_mm else "right"
    return judged("pair_height", round(diff, 2), (None, limit), 0.0, "mm", taller if diff > limit else "")


def gap_finding(pair: Pair, crop: Crop, template: Template, size: tuple[int, int]) -> Finding:
    """Space between the two faces (detector boxes) in the photo: at least the template's amount."""
    matrix = crop_to_output_matrix(crop, *size)
    lx, ly, lw, lh = pair.left.box
    rx, ry, _, _ = pair.right.box
    inner = map_points(matrix, np.array([[lx + lw, ly + lh / 2], [rx, ry]]))
    gap = float((inner[1, 0] - inner[0, 0]) * template.width_mm / size[0])
    need = template.min_gap_mm or 0.0
    return judged("pair_gap", round(gap, 2), (need, None), 0.0, "mm")


def _named(finding: Finding, side: str) -> Finding:
    """The finding about one person ('Left person: ...' in its words)."""
    return replace(finding, person=side)


__all__ = ["PairRender", "pair_inputs", "render_pair", "pair_findings", "mean_measurements", "SIDES"]
