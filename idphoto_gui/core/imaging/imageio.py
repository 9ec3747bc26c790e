"""Decode any common photo into 8-bit RGB, safely, with EXIF orientation applied."""
from __future__ import annotations

import errno
import hashlib
import logging
import os
import stat
import struct
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from ..errors import ImageTooLargeError, UnreadableImageError, UnsupportedImageError
from . import unreadable

log = logging.getLogger(__name__)

MAX_WORKING_SIDE = 2000       # long side of the working image (analysis + composite)
MAX_PIXELS = 120_000_000      # decompression-bomb limit for the source
Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's own limit follows ours (refusing at twice it, before we can)
# Pillow warns between 1x and 2x the limit, on stderr with a source line; _check_bomb refuses those with a sentence.
warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)
# Pillow's plugins warn about damaged metadata (Corrupt EXIF data ...) on stderr with a source line; the photo is
# then refused or read with a sentence of ours, so those lines are only noise at the command line.
warnings.filterwarnings("ignore", category=UserWarning, module=r"PIL\.")

# The file names the window, the folder import and `batch` take as photos (one list; GIF's first frame too).
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".heif", ".gif")
_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"avif", b"avis")
_DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError, KeyError,
                  TypeError, ZeroDivisionError, MemoryError)
_heif_lock = threading.Lock()
_heif_state: bool | None = None   # None = not tried yet


@dataclass(frozen=True)
class LoadedImage:
    """A decoded photo: working-size RGB pixels plus what we know of the original."""

    rgb: np.ndarray               # (H, W, 3) uint8, C-contiguous, working size
    digest: str                   # sha256 hex of the working pixels (+ shape): the cache key
    source_size: tuple[int, int]  # (width, height) of the original after orientation
    scale: float                  # working / original (<= 1)
    path: str | None = None
    format: str | None = None     # "JPEG", "PNG", ...
    dpi: tuple[float, float] | None = None

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the working pixels."""
        return int(self.rgb.shape[1]), int(self.rgb.shape[0])

    @property
    def nbytes(self) -> int:
        """Memory held, for the byte-bounded cache."""
        return int(self.rgb.nbytes) + 512


def load_image(path: str | Path, *, max_side: int = MAX_WORKING_SIDE) -> LoadedImage:
    """Decode a file; raises UnreadableImageError / UnsupportedImageError / ImageTooLargeError."""
    name = str(path)
    rgb, source_size, fmt, dpi = _decode(name, max_side)
    rgb = _fit(rgb, working_size(*source_size, max_side))
    return LoadedImage(rgb=rgb, digest=pixel_digest(rgb), source_size=source_size,
                       scale=rgb.shape[1] / source_size[0], path=name, format=fmt, dpi=dpi)


def from_array(rgb: np.ndarray, *, max_side: int = MAX_WORKING_SIDE) -> LoadedImage:
    """Wrap pixels that are already decoded (camera frame, clipboard) the same way."""
    arr = _array_to_rgb8(np.asarray(rgb))
    h, w = arr.shape[:2]
    if h == 0 or w == 0:
        raise UnsupportedImageError(f"Empty image ({w}x{h}).")
    work = _fit(arr, working_size(w, h, max_side))
    if work is arr:
        work = np.array(arr, dtype=np.uint8, order="C", copy=True)  # never alias the caller's buffer
    return LoadedImage(rgb=work, digest=pixel_digest(work), source_size=(w, h),
                       scale=work.shape[1] / w)


def pixel_digest(rgb: np.ndarray) -> str:
    """sha256 of shape + pixels: equal pixels give equal keys whatever file they came from.

    sha256, not blake2b: CPUs hash it in hardware (SHA extensions), 4.8 ms against 8.8 on 8 MB."""
    h = hashlib.sha256()
    h.update(repr(tuple(rgb.shape)).encode())
    h.update(np.ascontiguousarray(rgb).data)
    return h.hexdigest()


def working_size(width: int, height: int, max_side: int = MAX_WORKING_SIDE) -> tuple[int, int]:
    """(w, h) after capping the long side at max_side (never enlarged)."""
    long_side = max(width, height)
    if long_side <= max_side:
        return width, height
    s = max_side / long_side
    return max(1, round(width * s)), max(1, round(height * s))


def _fit(rgb: np.ndarray, target: tuple[int, int]) -> np.ndarray:
    """Downsample with INTER_AREA (no aliasing) to the target (w, h)."""
    h, w = rgb.shape[:2]
    tw, th = target
    if (tw, th) == (w, h):
        return np.ascontiguousarray(rgb)
    return np.ascontiguousarray(cv2.resize(rgb, (tw, th), interpolation=cv2.INTER_AREA))


def file_problem(path: str | Path) -> str | None:
    """Why `path` is not a regular file we can open (missing, folder, FIFO, symlink loop), else None."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return f"Cannot read image {path}: it is a symbolic link that loops back on itself."
        if exc.errno == errno.ENOENT:
            broken = os.path.islink(path)
            return f"Cannot read image {path}: {'the link points nowhere' if broken else 'the file does not exist'}."
        return f"Cannot read image {path}: {exc.strerror or exc}."
    if stat.S_ISDIR(st.st_mode):
        return f"Cannot read image {path}: it is a folder."
    if not stat.S_ISREG(st.st_mode):
        return f"Cannot read image {path}: not a regular file (a pipe, socket or device)."
    return None


def _decode(path: str, max_side: int | None) -> tuple[np.ndarray, tuple[int, int], str | None,
                                                       tuple[float, float] | None]:
    """Open, bomb-check, decode (JPEG at reduced size when allowed), convert, orient."""
    p = Path(path)
    problem = file_problem(p)
    if problem:
        raise UnreadableImageError(problem, path=path)
    heif = _maybe_register_heif(p)
    try:
        with Image.open(p) as im:
            width, height = im.size
            _check_bomb(width, height, path)
            orientation = _orientation(im)
            if im.format == "PNG" and not png_intact(p):
                raise UnreadableImageError(unreadable.checksum(path, "PNG"), path=path)
            if max_side is not None:
                _draft(im, max_side)
            im.load()
            fmt, dpi = im.format, _dpi(im)
            rgb = _to_rgb8(_reduce(im, max_side) if max_side is not None else im, path)
    except UnidentifiedImageError as exc:
        if heif and not _heif_state:
            raise UnsupportedImageError(f"Image {path} is HEIC/HEIF/AVIF; reading it needs the optional "
                                        "pi-heif package.", path=path) from exc
        raise UnreadableImageError(unreadable.unidentified(path), path=path) from exc
    except Image.DecompressionBombError as exc:   # Pillow's own refusal (over twice our limit) comes first
        pixels = unreadable.bomb_pixels(exc) or MAX_PIXELS + 1
        raise ImageTooLargeError(unreadable.too_large(path, pixels, MAX_PIXELS), path=path) from exc
    except PermissionError as exc:
        raise UnreadableImageError(f"Cannot read image {path}: permission denied.", path=path) from exc
    except _DECODE_ERRORS as exc:
        raise UnreadableImageError(unreadable.damaged(path, exc), path=path) from exc
    rgb = _orient(rgb, orientation)
    if orientation in (5, 6, 7, 8):
        width, height = height, width
        dpi = (dpi[1], dpi[0]) if dpi else None
    return rgb, (width, height), fmt, dpi


def png_intact(path: str | Path) -> bool:
    """Every chunk's CRC matches: Pillow's decoder skips the pixel chunks' CRCs, so a PNG whose pixel data is
    damaged would otherwise decode into garbage (read as "no face") instead of being refused. ~15 % of a decode."""
    try:
        with Image.open(path) as im:
            im.verify()
    except _DECODE_ERRORS:
        return False
    return True


def _check_bomb(width: int, height: int, path: str | None) -> None:
    """Refuse before decoding when the header claims more pixels than MAX_PIXELS."""
    if width <= 0 or height <= 0:
        raise UnreadableImageError(f"Image {path} has no pixels ({width}x{height}).", path=path)
    if width * height > MAX_PIXELS:
        raise ImageTooLargeError(unreadable.too_large(path, width * height, MAX_PIXELS, (width, height)),
                                 path=path)


def _draft(im: Image.Image, max_side: int) -> None:
    """Let libjpeg decode at 1/2, 1/4 or 1/8 when that still covers the working size."""
    if im.format != "JPEG":
        return
    w, h = im.size
    tw, th = working_size(w, h, max_side)
    if (tw, th) != (w, h) and min(w // tw, h // th) >= 2:
        im.draft(im.mode, (tw, th))


def _reduce(im: Image.Image, max_side: int) -> Image.Image:
    """Box-shrink a large RGB/grey image by a whole factor inside Pillow before any NumPy copy (a 119 MP
    PNG is then never copied whole); the exact working size is reached later with INTER_AREA."""
    if im.mode not in ("RGB", "L"):
        return im
    w, h = im.size
    tw, th = working_size(w, h, max_side)
    k = min(w // tw, h // th)
    return im.reduce(k) if k >= 2 else im


def _orientation(im: Image.Image) -> int:
    """EXIF orientation tag (1..8), 1 when absent or invalid."""
    try:
        value = int(im.getexif().get(0x0112, 1))
    except _DECODE_ERRORS:
        return 1
    return value if 1 <= value <= 8 else 1


def _orient(rgb: np.ndarray, orientation: int) -> np.ndarray:
    """Apply an EXIF orientation to pixels (same result as ImageOps.exif_transpose)."""
    ops = {
        2: lambda a: a[:, ::-1],
        3: lambda a: a[::-1, ::-1],
        4: lambda a: a[::-1],
        5: lambda a: a.transpose(1, 0, 2),
        6: lambda a: np.rot90(a, -1),
        7: lambda a: np.rot90(a, 2).transpose(1, 0, 2),
        8: lambda a: np.rot90(a, 1),
    }
    op = ops.get(orientation)
    return np.ascontiguousarray(op(rgb)) if op else rgb


def _dpi(im: Image.Image) -> tuple[float, float] | None:
    """Resolution stored in the file, when it is a sensible positive pair."""
    value = im.info.get("dpi")
    try:
        x, y = (float(v) for v in value)
    except (TypeError, ValueError):
        return None
    return (x, y) if x > 0 and y > 0 and np.isfinite(x) and np.isfinite(y) else None


def _maybe_register_heif(path: Path) -> bool:
    """Register the HEIF decoder only for a file that looks like HEIF/AVIF (the import costs time)."""
    global _heif_state
    try:
        with path.open("rb") as fh:
            head = fh.read(12)
    except OSError:
        return False  # Image.open will report it
    if head[4:8] != b"ftyp" or head[8:12] not in _HEIF_BRANDS:
        return False
    with _heif_lock:
        if _heif_state is None:
            try:
                import pi_heif   # pillow-heif's decoder alone: without its 23 MB HEVC encoder (ADR 0018)

                pi_heif.register_heif_opener()
                _heif_state = True
            except Exception as exc:  # optional dependency: absent or broken build
                log.info("HEIF support unavailable: %s", exc)
                _heif_state = False
    return True


def _to_rgb8(im: Image.Image, path: str | None) -> np.ndarray:
    """Convert any Pillow mode to 8-bit RGB; alpha is flattened on white."""
    mode = im.mode
    if mode == "RGB":
        return np.asarray(im)
    if mode == "CMYK":
        return np.asarray(_cmyk_to_rgb(im))
    if mode in ("P", "PA"):
        im = im.convert("RGBA") if mode == "PA" or "transparency" in im.info else im.convert("RGB")
        return _to_rgb8(im, path)
    if mode in ("1", "L"):
        return _grey(np.asarray(im.convert("L")))
    if mode.startswith("I;16") or mode == "I":
        return _grey(_scale16(np.asarray(im)))
    if mode == "F":
        return _grey(_scale_float(np.asarray(im)))
    if mode in ("RGBA", "RGBa", "LA", "La", "RGBX", "YCbCr", "LAB", "HSV"):
        arr = np.asarray(im.convert("RGBA" if mode in ("RGBA", "RGBa", "LA", "La") else "RGB"))
        return _flatten(arr) if arr.shape[2] == 4 else arr
    raise UnsupportedImageError(f"Image {path} uses pixel mode {mode}, which is not supported.",
                                path=path)


def _cmyk_to_rgb(im: Image.Image) -> Image.Image:
    """CMYK -> sRGB through the embedded ICC profile when there is one, else a plain conversion."""
    icc = im.info.get("icc_profile")
    if icc:
        try:
            import io

            from PIL import ImageCms

            src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            dst = ImageCms.createProfile("sRGB")
            return ImageCms.profileToProfile(im, src, dst, outputMode="RGB")
        except Exception as exc:  # a broken profile must not lose the photo
            log.info("CMYK ICC conversion failed (%s); using a plain conversion", exc)
    return im.convert("RGB")


def _scale16(arr: np.ndarray) -> np.ndarray:
    """16-bit (or 32-bit int holding 16-bit) values to 0..255 with rounding, not clipping."""
    a = np.clip(arr.astype(np.int64), 0, 65535)
    return ((a * 255 + 32767) // 65535).astype(np.uint8)


def _scale_float(arr: np.ndarray) -> np.ndarray:
    """Float pixels: [0, 1] when they fit there, else taken as 0..255."""
    a = np.nan_to_num(arr.astype(np.float32), nan=0.0, posinf=0.0, neginf=0.0)
    if a.size and a.max() <= 1.0:
        a = a * 255.0
    return np.clip(a + 0.5, 0, 255).astype(np.uint8)


def _grey(arr: np.ndarray) -> np.ndarray:
    """One 8-bit channel to RGB."""
    return np.ascontiguousarray(np.repeat(arr[:, :, None], 3, axis=2))


def _flatten(rgba: np.ndarray) -> np.ndarray:
    """Composite RGBA over white (ID photos have light backgrounds; black would show halos)."""
    a = rgba[:, :, 3:4].astype(np.uint16)
    rgb = rgba[:, :, :3].astype(np.uint16)
    out = (rgb * a + 255 * (255 - a) + 127) // 255
    return out.astype(np.uint8)


def _array_to_rgb8(arr: np.ndarray) -> np.ndarray:
    """Bring a caller's array (grey, RGB, RGBA; uint8, uint16 or float) to 8-bit RGB."""
    if arr.ndim == 2:
        arr = arr[:, :, None]
    if arr.ndim != 3 or arr.shape[2] not in (1, 3, 4):
        raise UnsupportedImageError(f"Expected an (H, W[, 1|3|4]) image array, got shape {arr.shape}.")
    if arr.dtype == np.uint16:
        arr = _scale16(arr)
    elif arr.dtype.kind == "f":
        arr = _scale_float(arr)
    elif arr.dtype != np.uint8:
        raise UnsupportedImageError(f"Image arrays must be uint8, uint16 or float, not {arr.dtype}.")
    if arr.shape[2] == 1:
        return _grey(arr[:, :, 0])
    return _flatten(arr) if arr.shape[2] == 4 else arr
