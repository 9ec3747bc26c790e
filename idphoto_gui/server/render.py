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
from ..core.errors import IdPhotoError, LoadError, MultipleFacesError, NoFaceError
from ..core.imaging.export import ExportResult
from ..core.imaging.fullres import load_full_resolution
from ..core.imaging.imageio import LoadedImage, load_image
from ..core.matting import available_models
from ..core.findings import status
from ..core.render.report import finding_dict, photo_report, template_dict
from ..core.render.photo import PhotoResult, finish
from ..core.render.retouch.look import Look
from ..core.render.session import PhotoSession
from ..core.render.result import Target
from ..core.render.verdict import judge_photo
from ..core.sheets.sheet import SheetPhoto, encode_sheet, resolve_size, split_copies, get_paper, make_sheet, max_copies
from ..core.templates.colours import Background
from ..core.templates.template import Template
from ..core.templates.specs import get_template, load_templates, search_templates
from .errors import ApiError, from_core
from ..core.body import dress
from .forms import LOOK_NAMES, Upload

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


def look_of(values: dict) -> Look:
    """The Look of a form's light/retouch fields (removed from `values`; `template` already a Template);
    ApiError where the template allows no retouch."""
    look = Look(**{name: values.pop(name) for name in LOOK_NAMES})
    t = values["template"]
    if look.retouch and t.alteration == "none":
        raise ApiError(400, "retouch_not_allowed", f"retouch {look.retouch}: the {t.id} photo may not be "
                       f"retouched, only its light and colour corrected. Rule: {t.alteration_source}")
    refusal = dress.why_not(t, look.garment)
    if refusal:
        raise ApiError(400, "garment_not_allowed", f"garment {refusal}")
    return look


def parse_background(text: str | None) -> Background | None:
    """The form's background field (ColourError for a typo); None = the template's default."""
    return Background.parse(text) if text else None


def photo(upload: Upload, *, template: Template, background: Background | None, dpi: int | None, face: int | None,
          model: str, format: str, max_kb: float | None, look: Look = Look()) -> tuple[bytes, dict]:
    """The finished photo's file bytes and its report (measurements, findings, output)."""
    if face == "all":
        raise ApiError(400, "invalid_field", "face=all makes one photo per person: POST /check with face=all "
                       "lists them, then /photo with face=N makes each")
    result = _make(upload, template, background, dpi, face, model, look)
    enc = finish(result, fmt=FORMATS[format], max_kb=max_kb)
    saved = ExportResult("", len(enc.data), enc.quality, enc.pixel_size, enc.dpi, enc.scaled, enc.format)
    report = photo_report(source=upload.name, result=result, saved=saved)
    del report["output"]["path"]
    return enc.data, report


def check(upload: Upload, *, template: Template, background: Background | None, dpi: int | None, face: int | None,
          model: str, look: Look = Look()) -> dict:
    """The report of the photo /photo would make, without encoding a file; a photo that cannot be made
    (its head cut by the edge) is still judged, with `legal_crop` false, like `idphoto check`."""
    if face == "all":
        return _check_people(upload, template, background, dpi, model)
    if template.is_pair:
        result = _make(upload, template, background, dpi, face, model)
        unsaved = ExportResult("", 0, None, result.pixel_size, result.dpi, False, "")
        report = photo_report(source=upload.name, result=result, saved=unsaved)
        del report["output"]
        return {**report, "legal_crop": True}
    analysis = _analysis(upload, face, model)
    t = template
    verdict = judge_photo(analysis, t, background=background, dpi=dpi, look=look)
    if verdict.result is None:  # no crop at all: the face's findings, as `idphoto check` gives them
        return {"input": upload.name, "template": {"id": t.id}, "findings": [finding_dict(f) for f in verdict.findings],
                "status": status(verdict.findings), "legal_crop": False}
    result = verdict.result
    unsaved = ExportResult("", 0, None, result.pixel_size, result.dpi, False, "")
    report = photo_report(source=upload.name, result=result, saved=unsaved)
    del report["output"]
    return {**report, "legal_crop": verdict.legal_crop}


def _check_people(upload: Upload, template: Template, background: Background | None, dpi: int | None,
                  model: str) -> dict:
    """face=all: every person's report, left to right (skipped or refused ones with the reason), as `make --face
    all`."""
    from ..core.render.people import make_people

    if template.is_pair:
        raise ApiError(400, "invalid_field", f"face=all makes one photo per person; {template.id} is a photo of "
                       "two people")
    image = load_upload(upload)
    faces = pipeline.face_outcome(image).faces
    if not faces:
        raise NoFaceError(path=upload.name)
    full = pipeline.matte_of(image, model_id=model).alpha
    people = make_people(lambda i: pipeline.analyse(image, model_id=model, face_index=i), faces, template,
                         background=background, dpi=dpi, full_alpha=full)
    rows = []
    for p in people.people:
        box = [round(v / (image.scale or 1.0), 1) for v in p.face.box]
        if p.result is None:
            rows.append({"person": p.number, "face_box": box, "status": p.status, "code": p.code,
                         "reason": p.skipped})
            continue
        unsaved = ExportResult("", 0, None, p.result.pixel_size, p.result.dpi, False, "")
        report = photo_report(source=upload.name, result=p.result, saved=unsaved)
        del report["output"]
        rows.append({"person": p.number, "face_box": box, **report})
    return {"input": upload.name, "faces_found": people.found, "capped": people.capped,
            "message": people.message, "people": rows}


def matte(upload: Upload, *, model: str) -> tuple[bytes, list[dict]]:
    """Transparent PNG cut-out at the upload's own resolution, as `idphoto matte` writes it, and the
    self-inspection's findings on it (render/inspection.py; [] when it is clean)."""
    from ..core.render.inspection import inspect_matte

    with _stored(upload) as tmp:
        image = _load(tmp, upload.name)
        require_cuttable(image.source_size, upload.name)   # the CLI's refusal, before any model run
        full = image.rgb if image.rgb.shape[1] == image.source_size[0] else load_full_resolution(tmp)
    made = pipeline.matte_of(image, model_id=model)
    checked = inspect_matte(image.rgb, made, pipeline.face_outcome(image).faces)
    return encode_cutout(cutout(full, made.alpha), dpi=image.dpi), [finding_dict(f) for f in checked.findings]


SHEET_FACES_HINT = ("/sheet takes no face: make the photo with POST /photo and face=N, then send the made photos "
                    "to /sheet with ready=true.")


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
            hint = f" {SHEET_FACES_HINT}" if err.code == "multiple_faces" else ""
            raise ApiError(err.status, err.code, f"{upload.name}: {err.message}{hint}", extra=err.extra) from None
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
          model: str, look: Look = Look()) -> PhotoResult:
    """load -> analyse (cached) -> the session's export render, the CLI's path (a pair template: both faces)."""
    if template.is_pair:
        from ..core.render.photo import make_pair_photo

        image = load_upload(upload)
        try:
            return make_pair_photo(image, template, background=background, dpi=dpi, model_id=model)
        except MultipleFacesError as exc:
            exc.scale = image.scale
            raise
    return _session(upload, template, background, face, model, look).render(Target.export(dpi))


def _session(upload: Upload, template: Template, background: Background | None, face: int | None, model: str,
             look: Look = Look()) -> PhotoSession:
    """The upload's photo session (the analysis is content-cached: another colour runs no model)."""
    analysis = _analysis(upload, face, model)
    try:
        analysis.require_face()   # /photo refuses a turned face and several faces (with their boxes)
    except MultipleFacesError as exc:
        exc.scale = analysis.image.scale  # boxes in the upload's pixels
        raise
    return PhotoSession.for_template(analysis, template, background=background, look=look)


def _analysis(upload: Upload, face: int | None, model: str) -> pipeline.Analysis:
    """The upload analysed (content-cached); no face raises. /check judges a turned face or the main one of
    several; /photo refuses them (`_session`)."""
    image = load_upload(upload)
    try:
        analysis = pipeline.analyse(image, model_id=model,
                                    face_index=pipeline.person_index(image, face - 1) if face else None)
    except ValueError as exc:  # face N out of range
        raise ApiError(400, "face_index", f"face {face}: {exc}") from None
    analysis.judgeable().require_face()
    return analysis


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
