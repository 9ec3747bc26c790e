"""`idphoto matte INPUT -o OUT.png`: transparent PNG cut-out at the input's own resolution."""
from __future__ import annotations

import argparse
import io
import logging
import sys
from pathlib import Path

import cv2
import numpy as np

from . import EXIT_FAILURE, EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE

log = logging.getLogger(__name__)

PNG_COMPRESS = 4   # zlib level: ~level 6's size at about half the time on photos


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
    """Load, matte (cached), upsample to full size, write atomically; returns an exit code."""
    from ..core import pipeline
    from ..core.errors import ExportError, IdPhotoError, LoadError
    from ..core.export import check_destination, write_atomic
    from ..core.imageio import load_full_resolution, load_image

    src, out = Path(args.input), Path(args.output)
    if out.suffix.lower() != ".png":
        return _fail(f"output {out} must end in .png (a cut-out needs transparency)", EXIT_USAGE)
    try:
        check_destination(out, source_path=src)   # before any work: not the input, folder exists
    except ExportError as exc:
        return _fail(str(exc), EXIT_OUTPUT)
    try:
        image = load_image(src)
        full = image.rgb if image.rgb.shape[1] == image.source_size[0] else load_full_resolution(src)
    except LoadError as exc:
        return _fail(str(exc), EXIT_INPUT)
    try:
        matte = pipeline.matte_of(image, model_id=args.model)
    except IdPhotoError as exc:
        return _fail(str(exc), EXIT_FAILURE)
    rgba = cutout(full, matte.alpha)
    try:
        write_atomic(encode_png(rgba, dpi=image.dpi), out, source_path=src)
    except ExportError as exc:
        return _fail(str(exc), EXIT_OUTPUT)
    log.info("wrote %s (%dx%d)", out, rgba.shape[1], rgba.shape[0])
    return EXIT_OK


def cutout(full: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """RGBA at full's size from a working-size alpha: edge-aware alpha, foreground colours re-estimated
    at full size (the same blur-fusion as the pipeline), so hair keeps its detail and loses the old
    background's colour."""
    from ..core.foreground import estimate_foreground
    from ..core.matting.refine import upsample

    a = upsample(alpha, full, method="guided")
    a8 = cv2.convertScaleAbs(a, alpha=255.0)  # rounds to nearest
    fg = estimate_foreground(full, a)
    rgb = cv2.bitwise_and(fg, fg, mask=cv2.compare(a8, 0, cv2.CMP_GT))  # fully transparent -> 0
    return cv2.merge([rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2], a8])


def encode_png(rgba: np.ndarray, *, dpi: tuple[float, float] | None) -> bytes:
    """RGBA PNG bytes with the input's dpi (pHYs) when it had one."""
    from PIL import Image

    buf = io.BytesIO()
    extra = {"dpi": dpi} if dpi else {}
    Image.fromarray(rgba, "RGBA").save(buf, format="PNG", compress_level=PNG_COMPRESS, **extra)
    return buf.getvalue()


def _fail(message: str, code: int) -> int:
    """One clear line on stderr, then the exit code."""
    sys.stderr.write(f"idphoto matte: error: {message}\n")
    return code
