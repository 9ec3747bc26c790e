"""`idphoto matte INPUT -o OUT.png`: transparent PNG cut-out at the input's own resolution.

The model runs on the working-size image; the full-resolution alpha and colours are made one band of
rows at a time and streamed into the PNG, so a 100 MP photo needs its pixels once plus one band.
"""
from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Iterator

import cv2
import numpy as np

from . import EXIT_FAILURE, EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE

log = logging.getLogger(__name__)

PNG_COMPRESS = 4        # zlib level: ~level 6's size at about half the time on photos
BAND_PIXELS = 1_000_000  # pixels per band of rows (~30 MB of temporaries)
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
    from ..core import pipeline
    from ..core.errors import ExportError, IdPhotoError, LoadError
    from ..core.export import check_destination
    from ..core.fullres import open_full_resolution
    from ..core.png_stream import write_png_rows
    from ..core.imageio import file_problem, load_image
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
    except LoadError as exc:
        return _fail(str(exc), EXIT_INPUT)
    except IdPhotoError as exc:
        return _fail(str(exc), EXIT_FAILURE)
    w, h = full.size
    try:
        write_png_rows(out, cutout_bands(full, image.rgb, matte.alpha), size=(w, h), dpi=image.dpi,
                       level=PNG_COMPRESS, source_path=src)
    except ExportError as exc:
        return _fail(str(exc), EXIT_OUTPUT)
    log.info("wrote %s (%dx%d)", out, w, h)
    return EXIT_OK


def cutout(full: np.ndarray, alpha: np.ndarray, small: np.ndarray | None = None) -> np.ndarray:
    """The whole RGBA cut-out in memory (tests, benchmarks); `small` is the working image alpha belongs to."""
    from ..core.fullres import FullResolution
    from ..core.matting.refine import resize_to

    small = small if small is not None else resize_to(full, (alpha.shape[1], alpha.shape[0]))
    source = FullResolution((full.shape[1], full.shape[0]), lambda top, n: full[top:top + n])
    return np.ascontiguousarray(np.concatenate(list(cutout_bands(source, small, alpha)), axis=0))


def cutout_bands(full, small: np.ndarray, alpha: np.ndarray) -> Iterator[np.ndarray]:
    """RGBA bands of rows at full resolution (`full`: a fullres.FullResolution) from a working-size alpha:
    edge-aware (guided) alpha and foreground colours re-estimated with the pipeline's blur-fusion, so hair
    keeps its detail and loses the old background's colour; fully transparent pixels are black."""
    from ..core.foreground import foreground_rows
    from ..core.matting.refine import guided_coefficients, luminance, resize_to

    w, h = full.size
    guide_lo = resize_to(luminance(small), (alpha.shape[1], alpha.shape[0]))
    a_lo, b_lo = guided_coefficients(alpha.astype(np.float32, copy=False), guide_lo)
    colours = foreground_rows(small, resize_to(alpha, (small.shape[1], small.shape[0])), height=h)
    step = max(8, BAND_PIXELS // max(1, w))
    mx = ((np.arange(w, dtype=np.float32) + 0.5) * (a_lo.shape[1] / w) - 0.5)[None, :]
    for top in range(0, h, step):
        rows = full.rows(top, step)
        n = rows.shape[0]
        my = ((np.arange(top, top + n, dtype=np.float32) + 0.5) * (a_lo.shape[0] / h) - 0.5)[:, None]
        maps = (np.repeat(mx, n, 0), np.ascontiguousarray(np.repeat(my, w, 1)))
        a = cv2.remap(a_lo, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        a *= luminance(rows)
        a += cv2.remap(b_lo, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        np.clip(a, 0.0, 1.0, out=a)
        a8 = cv2.convertScaleAbs(a, alpha=255.0)  # rounds to nearest
        fg = colours(top, rows, a)
        rgb = cv2.bitwise_and(fg, fg, mask=cv2.compare(a8, 0, cv2.CMP_GT))
        yield cv2.merge([rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2], a8])


def _fail(message: str, code: int) -> int:
    """One clear line on stderr, then the exit code."""
    sys.stderr.write(f"idphoto matte: error: {message}\n")
    return code
