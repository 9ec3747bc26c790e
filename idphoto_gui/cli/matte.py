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

OPAQUE = 253   # alpha (0..255) from which the original pixels are used as they are
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
    rgba = cutout(full, image.rgb, matte.alpha, matte.foreground)
    try:
        write_atomic(encode_png(rgba, dpi=image.dpi), out, source_path=src)
    except ExportError as exc:
        return _fail(str(exc), EXIT_OUTPUT)
    log.info("wrote %s (%dx%d)", out, rgba.shape[1], rgba.shape[0])
    return EXIT_OK


def cutout(full: np.ndarray, work: np.ndarray, alpha: np.ndarray, fg: np.ndarray) -> np.ndarray:
    """RGBA at full's size from a working-size matte: edge-aware alpha, sharp edge colours."""
    from ..core.matting.refine import upsample

    a8 = _to_u8(upsample(alpha, full, method="guided"))
    visible = cv2.compare(a8, 0, cv2.CMP_GT)
    rgb = cv2.bitwise_and(full, full, mask=visible)  # opaque keeps the original; invisible -> 0
    edge = np.flatnonzero((a8 > 0) & (a8 < OPAQUE))
    if edge.size:
        rgb.reshape(-1, 3)[edge] = _edge_colours(full, work, fg, a8, edge)
    rgba = cv2.merge([rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2], a8])
    return rgba


def _edge_colours(full: np.ndarray, work: np.ndarray, fg: np.ndarray, a8: np.ndarray,
                  edge: np.ndarray) -> np.ndarray:
    """Blur-fusion's per-pixel correction at full size: F = F_up + alpha * (I - I_up), edges only.

    The working-size foreground has the old background's colour removed; adding back the
    alpha-weighted full-resolution detail keeps strands of hair sharp instead of upsampled blur.
    `edge` holds flat pixel indices.
    """
    if fg.shape[:2] == full.shape[:2]:
        return fg.reshape(-1, 3)[edge]
    size = (full.shape[1], full.shape[0])
    f_up = cv2.resize(fg, size, interpolation=cv2.INTER_LINEAR).reshape(-1, 3)[edge].astype(np.float32)
    i_up = cv2.resize(work, size, interpolation=cv2.INTER_LINEAR).reshape(-1, 3)[edge].astype(np.float32)
    a = a8.reshape(-1)[edge].astype(np.float32)[:, None] * np.float32(1 / 255)
    detail = full.reshape(-1, 3)[edge].astype(np.float32) - i_up
    return np.clip(f_up + a * detail + 0.5, 0, 255).astype(np.uint8)


def _to_u8(alpha: np.ndarray) -> np.ndarray:
    """Float alpha in [0, 1] to 0..255 with rounding."""
    return np.clip(alpha * 255.0 + 0.5, 0, 255).astype(np.uint8)


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
