"""Qt-free facade over idphoto_gui.core: the one place the GUI meets core signatures (tests swap it)."""
from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

WARP_CACHE = 8
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp", ".heic", ".heif", ".gif")


@dataclass(frozen=True)
class GuideSpans:
    """Guide positions in output pixels (y from the top); mirrors widgets.preview.Guides without Qt."""

    size: tuple[int, int]
    centre_x: float
    crown_band: tuple[float, float] | None
    chin_band: tuple[float, float] | None
    eye_band: tuple[float, float] | None
    crown_y: float | None
    chin_y: float | None
    eye_y: float | None


def collect_images(paths: list[str]) -> list[str]:
    """Files as given plus image files inside given folders (sorted, not recursive beyond one level)."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(str(c) for c in path.iterdir() if c.suffix.lower() in IMAGE_SUFFIXES and c.is_file())
        else:
            out.append(str(path))
    return list(dict.fromkeys(out))


class Engine:
    """Calls core functions; everything here may run on a worker thread except the cheap lookups."""

    def __init__(self) -> None:
        self._templates: dict[str, Any] | None = None
        self._warps: dict[tuple, tuple] = {}  # the GUI thread and the analysis worker both render
        self._lock = threading.Lock()

    # ---- data -------------------------------------------------------------------------------------
    def templates(self) -> dict[str, Any]:
        """All templates by id (built-in + user file), loaded once."""
        if self._templates is None:
            from ..core.specs import load_templates

            self._templates = load_templates()
        return self._templates

    def template(self, template_id: str) -> Any:
        """One template; falls back to the first one for an id that no longer exists."""
        t = self.templates()
        return t.get(template_id) or next(iter(t.values()))

    def papers(self) -> list[Any]:
        """Print papers in file order."""
        from ..core.sheet import load_papers

        return list(load_papers().values())

    def colour_presets(self) -> list[tuple[str, str, str]]:
        """(hex, English name, Chinese name) of the named backgrounds."""
        from ..core.colours import presets

        return [(c.hex, c.name_en, c.name_zh) for c in presets()]

    def models(self) -> tuple[str, ...]:
        """Matting model ids, default first."""
        from ..core.matting import available_models

        return tuple(available_models())

    # ---- heavy work (workers only) -----------------------------------------------------------------
    def load(self, path: str) -> Any:
        """Decode a file to a LoadedImage."""
        from ..core.imageio import load_image

        return load_image(path)

    def from_array(self, rgb: np.ndarray) -> Any:
        """Wrap decoded pixels (clipboard, camera)."""
        from ..core.imageio import from_array

        return from_array(rgb)

    def analyse(self, image: Any, *, model_id: str, face_index: int | None = None) -> Any:
        """Faces + matte (cached); a face problem is reported in `.face_error`, not raised."""
        from ..core.pipeline import analyse

        return analyse(image, model_id=model_id, face_index=face_index)

    def warm_up(self, model_id: str) -> None:
        """Load sessions so the first photo is not slower than the rest."""
        from ..core.pipeline import warm_up

        warm_up(model_id)

    def model_runs(self) -> int:
        """Model runs so far (matting + face detection): proves an edit ran no model."""
        from ..core.pipeline import stats

        s = stats()
        return int(s.matte_runs + s.face_runs)

    # ---- cheap work (GUI thread allowed: output-size render from the cached matte) ------------------
    def make(self, analysis: Any, template: Any, *, colour: str, crop: Any = None, dpi: int | None = None) -> Any:
        """The finished photo with every check (PhotoResult); exports use this in a worker."""
        from ..core.photo import make_photo

        return make_photo(analysis, template, background=colour, crop=crop, dpi=dpi)

    def auto_crop(self, analysis: Any, template: Any) -> tuple[Any, Exception | None]:
        """The automatic crop; when the photo lacks room, core's best try plus the CropError explaining it."""
        from ..core.errors import CropError
        from ..core.geometry import auto_crop

        try:
            return auto_crop(analysis.require_face(), analysis.matte.alpha, template), None
        except CropError as err:
            if getattr(err, "crop", None) is None:
                raise
            return err.crop, err

    def preview(self, analysis: Any, template: Any, *, colour: str, crop: Any, scale: float = 1.0) -> Any:
        """Render + measure + the cheap checks (a few ms); a colour change only re-blends the cached warp.

        `scale` > 1 renders the same crop with more pixels than the file will have, so a large preview on
        a high-DPI screen shows the detail of the source instead of a magnified 295 px image.
        """
        from ..core import compliance, compose
        from ..core.photo import PhotoResult, background_rgb

        matrix, warped, m = self._warped(analysis, template, crop, scale)
        bg = background_rgb(template, colour)
        rgb = compose.blend(warped.foreground, warped.alpha, bg)
        findings = tuple(compliance.quick_findings(m, template, background=bg))
        return PhotoResult(rgb, crop, m, findings, template, bg, round(template.dpi * scale), matrix)

    def _warped(self, analysis: Any, template: Any, crop: Any, scale: float) -> tuple:
        """Matte resampled to the (scaled) output grid + measurements, cached per crop."""
        from ..core import compose, geometry
        from ..core.measure import measure

        key = (id(analysis), template.id, crop, scale)
        with self._lock:
            hit = self._warps.get(key)
        if hit is None or hit[0] is not analysis:
            w, h = template.pixel_size()
            w, h = round(w * scale), round(h * scale)
            matrix = np.asarray(geometry.crop_to_output_matrix(crop, w, h))
            warped = compose.warp(analysis.matte, matrix=matrix, size=(w, h))
            m = measure(analysis.face, analysis.matte.alpha, crop, template)
            hit = (analysis, matrix, warped, m)
            with self._lock:
                if len(self._warps) >= WARP_CACHE:
                    self._warps.pop(next(iter(self._warps)))
                self._warps[key] = hit
        return hit[1:]

    def slow_findings(self, analysis: Any, template: Any, crop: Any) -> tuple:
        """Background and face checks on the source (~10 ms): run in a worker, cached per crop."""
        from ..core.compliance import source_findings

        return tuple(source_findings(face=analysis.face, alpha=analysis.matte.alpha, source=analysis.image.rgb,
                                     crop=crop, template=template))

    def guides(self, result: Any, analysis: Any) -> GuideSpans:
        """Template bands and measured lines in output pixels for the preview overlay."""
        t, m = result.template, result.measurements
        w, h = result.pixel_size
        k = h / t.height_mm
        crown_y = _measure(m, "crown_margin_mm")
        crown_y = crown_y * k if crown_y is not None else None
        head = _measure(m, "head_height_mm")
        chin_y = crown_y + head * k if crown_y is not None and head is not None else None
        eye = _measure(m, "eye_line_mm")
        eye_y = h - eye * k if eye is not None else None
        crown_band = (t.crown_margin_mm[0] * k, t.crown_margin_mm[1] * k) if t.crown_margin_mm else None
        eye_band = (h - t.eye_line_mm[1] * k, h - t.eye_line_mm[0] * k) if t.eye_line_mm else None
        chin_band = None
        if crown_y is not None:
            chin_band = (crown_y + t.head_height_mm[0] * k, crown_y + t.head_height_mm[1] * k)
        return GuideSpans((w, h), w / 2, crown_band, chin_band, eye_band, crown_y, chin_y, eye_y)

    def output_delta(self, crop: Any, out_size: tuple[int, int], dx: float, dy: float) -> tuple[float, float]:
        """Output-pixel drag -> working-pixel move of the crop centre (exact for a rotated crop too)."""
        from ..core.geometry import output_to_source_matrix

        m = output_to_source_matrix(crop, int(out_size[0]), int(out_size[1]))
        return float(m[0, 0] * dx + m[0, 1] * dy), float(m[1, 0] * dx + m[1, 1] * dy)

    # ---- export (workers only) -----------------------------------------------------------------------
    def export_photo(self, analysis: Any, template: Any, *, colour: str, crop: Any, path: str,
                     fmt: str, dpi: int, max_kb: int | None) -> str:
        """Render at the chosen dpi and write atomically; never over the source."""
        from ..core.export import save_photo
        from ..core.photo import keeps_pixels

        result = self.make(analysis, template, colour=colour, crop=crop, dpi=dpi)
        out = save_photo(result.rgb, path, dpi=dpi, fmt=fmt, max_kb=max_kb, min_kb=template.min_kb,
                         allow_resize=not keeps_pixels(template), source_path=analysis.image.path)
        return str(getattr(out, "path", out))

    def export_cutout(self, analysis: Any, template: Any, *, crop: Any, path: str, dpi: int) -> str:
        """The transparent PNG of the same crop."""
        from ..core.export import save_cutout
        from ..core.photo import render_cutout

        result = self.make(analysis, template, colour="#FFFFFF", crop=crop, dpi=dpi)
        out = save_cutout(render_cutout(analysis, result), path, dpi=dpi, source_path=analysis.image.path)
        return str(getattr(out, "path", out))

    def sheet(self, photo_rgb: np.ndarray, template: Any, *, paper_id: str, copies: int | None,
              dpi: int = 300) -> Any:
        """Lay out and render a print sheet of one photo (RenderedSheet)."""
        from ..core.sheet import SheetPhoto, get_paper, make_sheet

        paper = get_paper(paper_id)
        photo = SheetPhoto(photo_rgb, template.width_mm, template.height_mm, copies)
        return make_sheet(photos=[photo], paper_mm=paper.size_mm, dpi=dpi)

    def save_sheet(self, sheet: Any, path: str, *, source_path: str | None) -> str:
        """Write the sheet (.jpg/.png/.pdf), refusing to overwrite the source."""
        from ..core.sheet import save_sheet

        return str(save_sheet(sheet, path, source_paths=[source_path] if source_path else []))


def _measure(measurements: Any, name: str) -> float | None:
    """A numeric field of the measurements object, whatever its shape (dataclass or dict)."""
    value = measurements.get(name) if isinstance(measurements, dict) else getattr(measurements, name, None)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def default_name(source: str | None, template_id: str, suffix: str) -> str:
    """'<photo>_<template>.jpg' for the save dialog."""
    stem = Path(source).stem if source else "photo"
    return f"{stem}_{template_id}{suffix}"


def same_file(a: str, b: str | None) -> bool:
    """True when two paths name the same file (used to refuse overwriting the input)."""
    if not b:
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
