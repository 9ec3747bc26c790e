"""The transparent cut-out at the photo's full resolution, from the working-size matte, in bands of rows.

Edge-aware (guided) alpha and foreground colours re-estimated with the pipeline's blur fusion, so hair
keeps its detail and loses the old background's colour; memory stays bounded on 100 MP photos.
"""
from __future__ import annotations

import io
from typing import Iterator

import cv2
import numpy as np

from ..errors import ImageTooSmallError
from ..matting.foreground import foreground_rows
from ..imaging.fullres import FullResolution
from ..matting.refine import guided_coefficients, luminance, resize_to

PNG_COMPRESS = 4        # zlib level: ~level 6's size at about half the time on photos
BAND_PIXELS = 1_000_000  # pixels per band of rows (~30 MB of temporaries)
MIN_SIDE = 16            # smaller images hold no person to cut out (and break the guided filter)


def require_cuttable(size: tuple[int, int], name: str) -> None:
    """ImageTooSmallError unless both sides of `size` (w, h) are at least MIN_SIDE px; check before any model run."""
    w, h = size
    if min(w, h) < MIN_SIDE:
        raise ImageTooSmallError(f"{name} is {w}x{h} px: too small to cut a person out of "
                                 f"(at least {MIN_SIDE} px a side)", path=name)


def cutout(full: np.ndarray, alpha: np.ndarray, small: np.ndarray | None = None) -> np.ndarray:
    """The whole RGBA cut-out in memory (tests, benchmarks); `small` is the working image alpha belongs to."""
    small = small if small is not None else resize_to(full, (alpha.shape[1], alpha.shape[0]))
    source = FullResolution((full.shape[1], full.shape[0]), lambda top, n: full[top:top + n])
    return np.ascontiguousarray(np.concatenate(list(cutout_bands(source, small, alpha)), axis=0))


def cutout_bands(full, small: np.ndarray, alpha: np.ndarray) -> Iterator[np.ndarray]:
    """RGBA bands of rows at full resolution (`full`: a fullres.FullResolution) from a working-size alpha:
    edge-aware (guided) alpha and foreground colours re-estimated with the pipeline's blur-fusion, so hair
    keeps its detail and loses the old background's colour; fully transparent pixels are black."""
    w, h = full.size
    require_cuttable((w, h), "the image")
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


def encode_cutout(rgba: np.ndarray, *, dpi: tuple[float, float] | None) -> bytes:
    """RGBA PNG bytes with the input's dpi (pHYs) when it had one (the HTTP API's answer)."""
    from PIL import Image

    buf = io.BytesIO()
    extra = {"dpi": dpi} if dpi else {}
    Image.fromarray(rgba, "RGBA").save(buf, format="PNG", compress_level=PNG_COMPRESS, **extra)
    return buf.getvalue()
