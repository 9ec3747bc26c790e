"""The server's only calls into the core: load -> analyse -> the photo session's render, the path of the
CLI and the window, so a photo served over HTTP is the photo `idphoto make` saves. Everything here runs
on the queue's worker thread.

Uploads are decoded through a private temporary file with `imageio.load_image`, the same decoder as a
file on disk: EXIF orientation, bomb check, reduced-size JPEG decode, HEIC. The content digest of the
decoded pixels keys the analysis cache, so the same photo in another colour runs no model.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from dataclasses import asdict, replace
from typing import Iterator

from .. import __version__
from ..core.analysis.cutout import cutout, encode_cutout, require_cuttable
from ..core.analysis import pipeline
from ..core.analysis.cache import default_cache
from ..core.errors import IdPhotoError, LoadError, MultipleFacesError
from ..core.imaging.export import ExportResult
from ..core.imaging.fullres import load_full_resolution
from ..core.imaging.imageio import LoadedImage, load_image
from ..core.matting import available_models
from ..core.render.report import photo_report, template_dict
from ..core.render.photo import PhotoResult, finish
from ..core.render.session import PhotoSession, Target
from ..core.sheets.sheet import SheetPhoto, encode_sheet, resolve_size, split_copies, get_paper, make_sheet, max_copies
from ..core.templates.colours import Background
from ..core.templates.specs import Template, get_template, load_templates, search_templates
from .errors import ApiError, from_core
from .forms import Upload

FORMATS = {"jpeg": "JPEG", "png": "PNG", "pdf": "PDF"}


def templates(search: str | None) -> list[dict]:
    """Built-in and user templates as JSON data, filtered like `idphoto templates --search`."""
    pool = load_templates()
    found = search_templates(search, templates=pool) if search else pool.values()
    return [template_dict(t) for t in found]


def resolve(template_id: str, background: str | None) -> tuple[Template, Background | None]:
    """The form's template and background parsed at the door, before a request takes a place in the queue
    (TemplateError, ColourError); no background = the template's default."""
    return get_template(template_id), parse_background(background)


def parse_background(text: str | None) -> Background | None:
    """The form's background field (ColourError for a typo); None = the template's default."""
    return Background.parse(text) if text else None


def photo(upload: Upload, *, template: Template, background: Background | None, dpi: int | None, face: int | None,
          model: str, format: str, max_kb: float | None) -> tuple[bytes, dict]:
    """The finished photo's file bytes and its report (measurements, findings, output)."""
    result = _make(upload, template, background, dpi, face, model)
    enc = finish(result, fmt=FORMATS[format], max_kb=max_kb)
    saved = ExportResult("", len(enc.data), enc.quality, enc.pixel_size, enc.dpi, enc.scaled, enc.format)
    report = photo_report(source=upload.name, result=result, saved=saved)
    del report["output"]["path"]
    return enc.data, report


def check(upload: Upload, *, template: Template, background: Background | None, dpi: int | None, face: int | None,
          model: str) -> dict:
    """The report of the photo /photo would make, without encoding a file; a photo that cannot be made
    (its head cut by the edge) is still judged, with `legal_crop` false, like `idphoto check`."""
    result, legal = _session(upload, template, background, face, model).judge(dpi=dpi)
    unsaved = ExportResult("", 0, None, result.pixel_size, result.dpi, False, "")
    report = photo_report(source=upload.name, result=result, saved=unsaved)
    del report["output"]
    return {**report, "legal_crop": legal}


def matte(upload: Upload, *, model: str) -> bytes:
    """Transparent PNG cut-out at the upload's own resolution, as `idphoto matte` writes it."""
    with _stored(upload) as tmp:
        image = _load(tmp, upload.name)
        require_cuttable(image.source_size, upload.name)   # the CLI's refusal, before any model run
        full = image.rgb if image.rgb.shape[1] == image.source_size[0] else load_full_resolution(tmp)
    alpha = pipeline.matte_of(image, model_id=model).alpha
    return encode_cutout(cutout(full, alpha), dpi=image.dpi)


def sheet(uploads: list[Upload], *, template: str, paper: str, copies: int | None, format: str, dpi: int,
          cut_marks: str, margin: float, gap: float, background: Background | None, model: str,
          ready: bool) -> bytes:
    """A print sheet of everyone's photo at true size, as `idphoto sheet` makes it."""
    size = resolve_size(template, ready=ready)
    sheet_paper = get_paper(paper)
    if copies is not None and copies < len(uploads):
        raise ApiError(400, "invalid_field", f"copies {copies} is fewer than the {len(uploads)} photos")
    total = copies or max_copies(paper_mm=sheet_paper.size_mm, photo_mm=(size.width_mm, size.height_mm),
                                 margin_mm=margin, gap_mm=gap, uniform=True)
    photos = []
    for upload, count in zip(uploads, split_copies(total, len(uploads))):
        try:
            rgb = (load_upload(upload).rgb if ready else
                   _make(upload, size.template, background, dpi, None, model).rgb)
        except IdPhotoError as exc:
            err = from_core(exc)
            raise ApiError(err.status, err.code, f"{upload.name}: {err.message}", extra=err.extra) from None
        photos.append(SheetPhoto(rgb, size.width_mm, size.height_mm, count))
    rendered = make_sheet(photos=photos, paper_mm=sheet_paper.size_mm, dpi=dpi, margin_mm=margin,
                          gap_mm=gap, cut_marks=cut_marks)
    return encode_sheet(rendered, fmt=FORMATS[format])


def load_upload(upload: Upload) -> LoadedImage:
    """Decode uploaded bytes exactly as a file on disk is decoded."""
    with _stored(upload) as tmp:
        return _load(tmp, upload.name)


def health() -> dict:
    """Version, models, model runs and cache traffic (a cache hit runs no model), cache size."""
    cache = default_cache()
    return {"status": "ok", "version": __version__, "models": list(available_models()),
            "pipeline": asdict(pipeline.stats()),
            "cache": {"entries": len(cache), "bytes": cache.bytes, "max_bytes": cache.max_bytes}}


def warm_up(model: str) -> None:
    """Load the model sessions once, on the worker thread (the face nets are kept per thread)."""
    pipeline.warm_up(model)


def _make(upload: Upload, template: Template, background: Background | None, dpi: int | None, face: int | None,
          model: str) -> PhotoResult:
    """load -> analyse (cached) -> the session's export render, the CLI's path."""
    return _session(upload, template, background, face, model).render(Target.export(dpi))


def _session(upload: Upload, template: Template, background: Background | None, face: int | None, model: str) -> PhotoSession:
    """The upload's photo session (the analysis is content-cached: another colour runs no model)."""
    image = load_upload(upload)
    try:
        analysis = pipeline.analyse(image, model_id=model, face_index=face - 1 if face else None)
    except ValueError as exc:  # face N out of range
        raise ApiError(400, "face_index", f"face {face}: {exc}") from None
    try:
        analysis.require_face()
    except MultipleFacesError as exc:
        exc.scale = image.scale  # boxes in the upload's pixels
        raise
    return PhotoSession.for_template(analysis, template, background=background)


@contextmanager
def _stored(upload: Upload) -> Iterator[str]:
    """The upload in a private (0600) temporary file, removed afterwards."""
    fd, tmp = tempfile.mkstemp(prefix="idphoto-upload-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(upload.data)
        yield tmp
    finally:
        os.unlink(tmp)


def _load(tmp: str, name: str) -> LoadedImage:
    """load_image on the temporary file, reported under the upload's own name."""
    try:
        image = load_image(tmp)
    except LoadError as exc:
        raise type(exc)(str(exc).replace(tmp, name), path=name) from None
    return replace(image, path=name)
