"""`idphoto matte INPUT -o OUT.png`: transparent PNG cut-out at the input's own resolution.

The model runs on the working-size image; the full-resolution alpha and colours are made one band of
rows at a time and streamed into the PNG, so a 100 MP photo needs its pixels once plus one band.
"""
from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path


from . import EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE
from ..core.render.words import person_text
from ._common import error_code

log = logging.getLogger(__name__)

MIN_SIDE = 16           # smaller inputs hold no person to cut out


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the `matte` command."""
    from ..core.matting import available_models

    p = subparsers.add_parser("matte", help="cut the person out as a transparent PNG",
                              description="Cut the person out of a photo: a transparent PNG at the "
                                          "input's own resolution, dpi kept.")
    p.add_argument("input", help="photo to cut out (JPEG, PNG, WebP, BMP, TIFF, HEIC)")
    p.add_argument("-o", "--output", required=True, help="PNG file to write (never the input)")
    p.add_argument("--model", choices=available_models(), default=available_models()[0],
                   help="matting model (default: %(default)s)")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Load, matte the working image, stream the full-size cut-out atomically; returns an exit code."""
    from ..core.analysis import pipeline
    from ..core.errors import ExportError, IdPhotoError
    from ..core.imaging.files import check_destination
    from ..core.imaging.fullres import open_full_resolution
    from ..core.imaging.png_stream import write_png_rows
    from ..core.imaging.imageio import file_problem, load_image
    from ..core.analysis.cutout import PNG_COMPRESS, cutout_bands
    from .batch_pool import release_memory

    src, out = Path(args.input), Path(args.output)
    if out.suffix.lower() != ".png":
        return _fail(f"output {out} must end in .png (a cut-out needs transparency)", EXIT_USAGE)
    problem = file_problem(src)
    if problem:
        return _fail(problem, EXIT_INPUT)
    try:
        check_destination(out, source_path=src)   # before any work: not the input, folder exists
    except ExportError as exc:
        return _fail(str(exc), EXIT_OUTPUT)
    try:
        image = load_image(src)
        if min(image.source_size) < MIN_SIDE:
            w, h = image.source_size
            return _fail(f"{src} is {w}x{h} px: too small to cut a person out of "
                         f"(at least {MIN_SIDE} px a side)", EXIT_INPUT)
        matte = pipeline.matte_of(image, model_id=args.model)
        release_memory()  # the model's working memory, before the full-size pixels arrive
        full = open_full_resolution(src)
    except IdPhotoError as exc:  # unreadable input 4, damaged model 7, ...
        return _fail(str(exc), error_code(exc))
    w, h = full.size
    try:
        write_png_rows(out, cutout_bands(full, image.rgb, matte.alpha), size=(w, h), dpi=image.dpi,
                       level=PNG_COMPRESS, source_path=src)
    except ExportError as exc:
        return _fail(str(exc), error_code(exc))
    log.info("wrote %s (%dx%d)", out, w, h)
    _say_inspection(image, matte)
    return EXIT_OK


def _say_inspection(image, matte) -> None:
    """The self-inspection's fails (render/inspection.py) as warnings on stderr: the PNG is written either way."""
    from ..core.analysis.pipeline import face_outcome
    from ..core.render.inspection import inspect_matte

    for f in inspect_matte(image.rgb, matte, face_outcome(image).faces).findings:
        print(f"warning: {person_text(f)}", file=sys.stderr)


def _fail(message: str, code: int) -> int:
    """One clear line on stderr, then the exit code."""
    sys.stderr.write(f"idphoto matte: error: {message}\n")
    return code
