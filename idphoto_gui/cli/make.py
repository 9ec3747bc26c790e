"""`idphoto make INPUT -t TEMPLATE`: one finished ID photo (+ optional JSON report)."""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import logging
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.render.retouch.look import Look
from . import EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_STRICT, EXIT_USAGE
from ._common import QUIET, add_photo_options, err, error_code, face_arg, fail, input_problem, look_of, out, \
    photo_report, retouch_refusal, dress_refusal

if TYPE_CHECKING:
    from ..core.templates.colours import Background
    from ..core.templates.template import Template

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class JobOptions:
    """What `make` and `batch` need to turn one file into one photo (picklable for workers)."""

    template: Template              # looked up once, from the command line
    background: Background | None
    dpi: int | None
    max_kb: float | None
    model: str
    face_index: int | tuple[int, int] | None = None   # 0-based; two of them for a pair template
    look: Look = Look()             # light, colour, retouch


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser("make", help="make one ID photo",
                              description="Make one ID photo: find the face, cut out, crop to the "
                                          "template, put on the background, save with dpi.")
    p.add_argument("input", help="the photo (JPEG, PNG, WebP, ...)")
    add_photo_options(p)
    p.add_argument("-o", "--output", default=None,
                   help="output .jpg/.png (replaced if it exists) or folder "
                        "(default: <stem>_<template>.jpg beside the input, never replacing a file)")
    p.add_argument("--report", default=None, metavar="OUT.json", help="write a JSON report")
    p.add_argument("--face", type=face_arg, default=None, metavar="N|all|N,M",
                   help="use face N (1 = first listed) when the photo holds several; all: one photo per "
                        "person, left to right (<output>-1.jpg, -2.jpg ...); N,M: the two people of a pair "
                        "template")
    p.add_argument("--strict", action="store_true",
                   help=f"exit {EXIT_STRICT} when any check fails (the photo is still saved)")
    p.set_defaults(func=run)


def default_output(src: Path, template_id: str, folder: Path | None = None) -> Path:
    """`<stem>_<template>.jpg` beside the input (or in `folder`)."""
    return (folder or src.parent) / f"{src.stem}_{template_id}.jpg"


def produce(src: Path, dest: Path, settings: JobOptions, *, cache=None, one_photo: bool = False,
            decoding: cf.Future | None = None):
    """Load, analyse, make and save one photo: (PhotoResult, ExportResult); raises IdPhotoError.

    `cache` (an LruCache) replaces the process-wide analysis cache, e.g. one per photo in a batch.
    `one_photo` (`make`): decode on a second thread while the render modules import (or take `decoding`,
    the decode `make` began beside its argument checks), and keep freed memory in the heap rather than
    trimming it (the process ends after this photo; ADR 0016 round 3).
    """
    from ..core.imaging.imageio import load_image

    if one_photo and decoding is None:
        decoding = _beside(load_image, src)
    from ..core.errors import MultipleFacesError
    from ..core.render.photo import make_photo, save_result
    from ..core.analysis.pipeline import analyse, face_outcome, person_index
    from .batch_pool import release_memory

    trim = (lambda: None) if one_photo else release_memory
    template = settings.template
    image = decoding.result() if decoding is not None else load_image(src)
    settings = replace(settings, face_index=person_index(image, settings.face_index, cache=cache))
    if template.is_pair:
        return _produce_pair(image, src, dest, template, settings, cache)
    trim()  # the decoder's buffers, before the models run (lower peak in a long batch)
    face_outcome(image, cache=cache)  # cached for analyse; then the detector's buffers go back too
    trim()
    analysis = analyse(image, model_id=settings.model, face_index=settings.face_index, cache=cache)
    try:
        result = make_photo(analysis, template, background=settings.background, dpi=settings.dpi,
                            look=settings.look)
    except MultipleFacesError as exc:
        exc.scale = image.scale  # face boxes are in working pixels; messages show the input's
        raise
    saved = save_result(result, dest, max_kb=settings.max_kb, source_path=src)
    return result, saved


def _beside(fn, *args) -> cf.Future:
    """`fn(*args)` begun on its own thread now, its result (or exception) taken later: libjpeg and
    OpenCV's resize release the GIL, so a decode overlaps the imports that hold it."""
    pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="decode")
    try:
        return pool.submit(fn, *args)
    finally:
        pool.shutdown(wait=False)  # the call still runs; the thread ends with it


def _produce_pair(image, src: Path, dest: Path, template, settings: JobOptions, cache):
    """The two people's photo of a pair template (one photo, two faces), saved."""
    from ..core.errors import MultipleFacesError
    from ..core.render.photo import make_pair_photo
    from ..core.render.photo import save_result

    chosen = settings.face_index if isinstance(settings.face_index, tuple) else None
    if settings.face_index is not None and chosen is None:
        raise ValueError(f"{template.id} is a photo of two people: name both faces, e.g. --face 1,2")
    try:
        result = make_pair_photo(image, template, background=settings.background, dpi=settings.dpi,
                                 chosen=chosen, model_id=settings.model, cache=cache)
    except MultipleFacesError as exc:
        exc.scale = image.scale
        raise
    return result, save_result(result, dest, max_kb=settings.max_kb, source_path=src)


def faces_message(exc) -> str:
    """The MultipleFacesError text plus one line per face (box in the input's pixels), left to right."""
    from ..core.faces.faces import left_to_right

    scale = getattr(exc, "scale", 1.0)
    lines = [str(exc)]
    faces = tuple(getattr(exc, "faces", ()) or ())
    for i, face in enumerate((faces[k] for k in left_to_right(faces)), start=1):   # numbered as --face N
        x, y, w, h = (v / (scale or 1.0) for v in face.box)
        lines.append(f"  face {i}: x={x:.0f} y={y:.0f} w={w:.0f} h={h:.0f} (score {face.score:.2f})")
    lines.append("Choose the two people with --face N,M (e.g. --face 1,2)." if getattr(exc, "pair", False)
                 else "Choose one with --face N (e.g. --face 1).")
    return "\n".join(lines)


def _resolve_output(args, src: Path, template_id: str) -> Path:
    """The output file: -o (a file, or a folder to put the default name in), else beside the input;
    ExportError for a name too long to look at."""
    from ..core.imaging.files import check_name, unique_path

    if args.output and not check_name(args.output, part=False).is_dir():
        return Path(args.output)
    folder = Path(args.output) if args.output else None
    return unique_path(default_output(src, template_id, folder), overwrite=args.overwrite)


def run(args: argparse.Namespace) -> int:
    """Make the photo; exit codes from the one table (bad args 2, input 4, output 5, strict 6, model 7)."""
    from .batch_pool import keep_freed_memory

    keep_freed_memory()  # one photo (or one per person) and the process ends
    stop = threading.Event()
    loader = load_models_beside(args.model, stop)  # first: they run beside the checks' imports too
    decoding = None if args.face == "all" else _beside(_load_image, Path(args.input))
    try:
        checked = _checked(args)
        return checked if isinstance(checked, int) else _make(args, *checked, decoding=decoding)
    finally:  # done, or failed (bad arguments, no face, ...): begin no further step, and never leave a
        stop.set()  # thread inside onnxruntime or a decoder while the interpreter shuts down
        loader.join()
        if decoding is not None:
            cf.wait([decoding])


def _load_image(path: Path):
    """`load_image`, imported on the thread that decodes."""
    from ..core.imaging.imageio import load_image

    return load_image(path)


def _checked(args: argparse.Namespace):
    """(template, input, output) once the arguments, input and output are usable, else the exit code."""
    from ..core.errors import ExportError, TemplateError
    from ..core.imaging.files import check_destination, probe_folder, same_file
    from ..core.imaging.export import check_pixel_budget, format_for
    from ..core.templates.specs import get_template

    src = Path(args.input)
    try:
        template = get_template(args.template)
        check_pixel_budget(*template.pixel_size(args.dpi), what=f"the {template.id} photo at {args.dpi} dpi")
    except TemplateError as exc:  # OutOfRangeError included
        return fail(str(exc), EXIT_USAGE)
    refusal = retouch_refusal(template, args.retouch) or dress_refusal(template, args)
    if refusal:
        return fail(refusal, EXIT_USAGE)
    problem = input_problem(src)
    if problem:
        return fail(problem, EXIT_INPUT)
    try:
        dest = _resolve_output(args, src, template.id)
    except ExportError as exc:
        return fail(str(exc), EXIT_OUTPUT)
    try:
        format_for(dest)   # an unsupported output type is a bad argument, found before any work
    except ExportError as exc:
        return fail(str(exc), EXIT_USAGE)
    if args.report and same_file(args.report, dest):
        return fail(f"--report {args.report} is the photo's own output file; name the report differently",
                    EXIT_USAGE)
    try:  # fail before the models run, not after
        for path in (dest, Path(args.report)) if args.report else (dest,):
            check_destination(path, source_path=src)
            probe_folder(path.parent)
    except ExportError as exc:
        return fail(str(exc), EXIT_OUTPUT)
    return template, src, dest


def load_models_beside(model: str, stop: threading.Event) -> threading.Thread:
    """Load the face nets, the matting and expression sessions and OpenCV's CIELAB tables on a second
    thread while this one imports and decodes the photo (both cores busy; ADR 0016 round 3). A failure
    here is left for the main thread, which meets the same error when it asks for the model and reports
    it the usual way. `stop` set: no further step is begun."""
    def load() -> None:
        try:
            import cv2
            import numpy as np

            from ..core.faces.face_quality.expression import MODEL_ID as EXPRESSION
            from ..core.faces.faces import load_nets_ahead
            from ..core.matting.registry import get_matter
            from ..core.models import onnx_session

            # in the order they are needed: the face is found right after the decode,
            steps = (lambda: load_nets_ahead(checking=False),
                     lambda: onnx_session(get_matter(model).model_id),  # then the matte,
                     # then the face checks: OpenCV builds its 8-bit RGB->Lab tables on the first conversion
                     # (~0.1 s CPU), which they would otherwise pay in line on this process's one photo
                     lambda: load_nets_ahead(finding=False),
                     lambda: cv2.cvtColor(np.zeros((1, 1, 3), np.uint8), cv2.COLOR_RGB2LAB),
                     lambda: onnx_session(EXPRESSION, small=True),
                     # and the save: Pillow imports its common format plugins on the first save (~20 ms)
                     _pillow_plugins,
                     _numpy_ma)
            for step in steps:
                if stop.is_set():
                    return
                step()
        except Exception:  # noqa: BLE001 - the main thread reports it (see above)
            log.debug("loading the models beside the photo failed", exc_info=True)

    thread = threading.Thread(target=load, name="load-models", daemon=True)
    thread.start()
    return thread


def _pillow_plugins() -> None:
    """Pillow's common format plugins, imported now rather than by the first save."""
    from PIL import Image

    Image.preinit()


def _numpy_ma() -> None:
    """numpy.ma, which np.percentile and np.unique import on first use (the face checks: ~8 ms CPU),
    imported while the main thread is inside the network (which runs without the GIL)."""
    import importlib

    importlib.import_module("numpy.ma")


def _make(args: argparse.Namespace, template, src: Path, dest: Path, *, decoding: cf.Future | None = None) -> int:
    """The photo (or one per person, or the pair's) from checked arguments: an exit code."""
    from ..core.errors import IdPhotoError, MultipleFacesError

    face_index = args.face
    if face_index == "all":
        if template.is_pair:
            return fail(f"--face all makes one photo per person; {template.id} is a photo of two people "
                        "(name them with --face N,M)", EXIT_USAGE)
        from .make_people import run_all

        return run_all(args, template, src, dest)
    if isinstance(face_index, tuple) and not template.is_pair:
        return fail(f"--face {face_index[0] + 1},{face_index[1] + 1}: {template.id} is a photo of one person; "
                    "use --face N or --face all", EXIT_USAGE)
    settings = JobOptions(template, args.background, args.dpi, args.max_kb, args.model, face_index,
                          look_of(args))
    try:
        result, saved = produce(src, dest, settings, one_photo=True, decoding=decoding)
    except MultipleFacesError as exc:
        return fail(faces_message(exc), EXIT_INPUT)
    except ValueError as exc:  # --face out of range
        return fail(f"--face: {exc}", EXIT_USAGE)
    except IdPhotoError as exc:  # input, output, size cap, crop impossible, model damaged, ...
        return fail(str(exc), error_code(exc))
    report = photo_report(source=str(src), result=result, saved=saved)
    if args.report:
        code = _write_report(report, Path(args.report), src)
        if code != EXIT_OK:
            return code
    _print_summary(report)
    if getattr(args, "strict", False) and any(f.severity == "fail" for f in result.findings):
        return fail("a check failed (--strict); see the findings above", EXIT_STRICT)
    return EXIT_OK


def _write_report(report: dict, path: Path, src: Path) -> int:
    """Write the JSON report atomically (never over the input)."""
    from ..core.errors import ExportError
    from ..core.imaging.files import write_atomic

    data = json.dumps(report, ensure_ascii=False, indent=2).encode("utf-8")
    try:
        write_atomic(data, path, source_path=src)
    except ExportError as exc:
        return fail(f"photo saved, but the report could not be written: {exc}", EXIT_OUTPUT)
    return EXIT_OK


def _print_summary(report: dict) -> None:
    """The output line on stdout; findings that need attention on stderr."""
    o = report["output"]
    w, h = o["pixel_size"]
    q = f", quality {o['quality']}" if o["quality"] else ""
    out(f"{o['path']}  {w}x{h} px  {o['dpi']} dpi  {o['bytes'] / 1000:.0f} KB{q}")
    if o["scaled"]:
        err("note: the resolution was lowered to meet the file-size cap (dpi lowered alike)")
    for f in report["findings"]:
        if str(f["severity"]).lower() not in QUIET or f["severity"] == "info":
            err(f"{f['severity']}: {f['message']}")
