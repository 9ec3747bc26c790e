"""Analyses (mattes, faces) and working images to and from plain files: arrays in an .npz (deflate),
everything else as JSON; no pickle.

A value read back equals the one written bit for bit (float32 alpha, numpy scalars keep their type), so
a photo restored from the disk cache renders exactly as it did after the model ran. A file is not trusted:
each array's size is capped before it is inflated, and types, shapes, finite values, ranges and landmark
counts are checked (a NaN matte rendered black, a 1.3 MB entry inflated to 1.4 GB); the pipeline then checks
the value against its photo (`pipeline.fits`).
"""
from __future__ import annotations

import io
import json
import math
import zipfile
from dataclasses import fields
from typing import Any

import numpy as np

from ..errors import FaceError, MultipleFacesError, NoFaceError, NotFrontalError
from ..faces.faces import Face
from ..imaging.imageio import MAX_WORKING_SIDE, LoadedImage, pixel_digest
from ..matting import Matte
from .cache import CacheKey
from .pipeline import FACES_ID, FaceOutcome

FORMAT = 1
IMAGE_ID = "image"      # the model_id of a working image's key: pixels, not a model result
LEVEL = 1               # deflate level: level 6 makes files ~10 % smaller and writes 4x slower
STORED = ("rgb",)       # a photo's pixels gain little from deflate (~30 %) and are the slowest part to inflate
_ERRORS = {cls.code: cls for cls in (FaceError, NoFaceError, MultipleFacesError, NotFrontalError)}
MAX_ARRAY_BYTES = MAX_WORKING_SIDE ** 2 * 4 + 4096   # the largest array an entry holds: a 2000 x 2000 alpha
MAX_META_BYTES = 8 * 1024 * 1024                      # the faces' JSON (468 landmarks a face)
MESH_POINTS = 468


class CorruptEntry(ValueError):
    """A stored entry that cannot be read back (truncated, edited, another format or another key)."""


def keeps(key: object) -> bool:
    """True for the keys worth a disk entry: one model's matte, the faces, a working image (not derived values)."""
    return isinstance(key, CacheKey) and ":" not in key.model_id


def image_key(digest: str) -> CacheKey:
    """The key of a working image by its pixel digest (in memory and on disk)."""
    return CacheKey(digest, IMAGE_ID, "", FORMAT)


def encode(key: CacheKey, value: Any) -> bytes | None:
    """The file contents for a value (None for a value this format does not keep)."""
    meta: dict[str, Any] = {"format": FORMAT, "key": _key_list(key)}
    arrays: dict[str, np.ndarray] = {}
    if isinstance(value, Matte) and key.model_id != FACES_ID:
        meta.update(kind="matte", model_id=value.model_id)
        arrays.update(alpha=value.alpha, foreground=value.foreground)
    elif isinstance(value, LoadedImage) and key.model_id == IMAGE_ID and value.digest == key.digest:
        meta.update(kind="image", source_size=list(value.source_size), scale=value.scale, file_format=value.format,
                    dpi=None if value.dpi is None else [float(v) for v in value.dpi])
        arrays["rgb"] = value.rgb
    elif isinstance(value, FaceOutcome) and key.model_id == FACES_ID:
        meta.update(kind="faces", faces=[_face(f) for f in value.faces],
                    face=_index(value.faces, value.face), error=_error(value.error, value.faces))
    else:
        return None
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=LEVEL) as npz:  # np.savez_compressed,
        for name, array in arrays.items():                                            # at a faster level
            info = zipfile.ZipInfo(f"{name}.npy")
            info.compress_type = zipfile.ZIP_STORED if name in STORED else zipfile.ZIP_DEFLATED
            info._compresslevel = LEVEL  # noqa: SLF001 - what ZipFile(compresslevel=) sets; public from 3.13
            with npz.open(info, "w", force_zip64=True) as fh:
                np.lib.format.write_array(fh, np.ascontiguousarray(array), allow_pickle=False)
    return out.getvalue()


def decode(key: CacheKey, data: bytes) -> Matte | FaceOutcome | LoadedImage:
    """The value a file holds; CorruptEntry when it cannot be read, is not what we write, or belongs to
    another key."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as npz:
            meta = json.loads(_array(npz, "meta", np.uint8, MAX_META_BYTES).tobytes().decode("utf-8"),
                              parse_constant=_no_constant)
            if meta.get("format") != FORMAT or meta.get("key") != _key_list(key):
                raise CorruptEntry("entry of another format or key")
            if meta["kind"] == "matte":
                return _matte(npz, meta)
            if meta["kind"] == "faces":
                return _outcome(meta)
            if meta["kind"] == "image":
                return _image(npz, meta, key.digest)
    except CorruptEntry:
        raise
    except Exception as exc:  # noqa: BLE001 - zip, JSON, key and shape errors all mean "unreadable"
        raise CorruptEntry(f"{type(exc).__name__}: {exc}") from None
    raise CorruptEntry(f"unknown kind {meta.get('kind')!r}")


def _array(npz: zipfile.ZipFile, name: str, dtype: Any, cap: int) -> np.ndarray:
    """One .npy member, its sizes checked before anything is inflated: the zip's stated size (reading stops
    there) under `cap`, then the array header's shape; the dtype must be the one we write."""
    info = npz.getinfo(f"{name}.npy")
    if info.file_size > cap:
        raise CorruptEntry(f"{name} would inflate to {info.file_size} bytes (at most {cap})")
    with npz.open(info) as fh:
        data = fh.read()       # whole: reading a header first makes the rest 10x slower on a stored member
    head = io.BytesIO(data)
    major, _minor = np.lib.format.read_magic(head)
    read_header = np.lib.format.read_array_header_1_0 if major == 1 else np.lib.format.read_array_header_2_0
    shape, fortran, found = read_header(head)
    if found != np.dtype(dtype) or fortran:
        raise CorruptEntry(f"{name} is {found}, not {np.dtype(dtype)}")
    size = math.prod(shape) * found.itemsize
    if len(data) - head.tell() != size:
        raise CorruptEntry(f"{name} holds {len(data) - head.tell()} bytes for {shape}")
    return np.frombuffer(data, found, offset=head.tell()).reshape(shape).copy()


def _no_constant(name: str) -> Any:
    """json.loads hook: NaN and Infinity are not numbers we write."""
    raise CorruptEntry(f"{name} in the entry")


def _key_list(key: CacheKey) -> list:
    return [key.digest, key.model_id, key.model_sha256, key.version]


def _matte(npz: Any, meta: dict) -> Matte:
    alpha = _array(npz, "alpha", np.float32, MAX_ARRAY_BYTES)
    fg = _array(npz, "foreground", np.uint8, MAX_ARRAY_BYTES)
    if not _picture_shape(alpha.shape[:2]) or alpha.ndim != 2 or fg.shape != (*alpha.shape, 3):
        raise CorruptEntry(f"matte of shape {alpha.shape} with colours {fg.shape}")
    if not (np.isfinite(alpha).all() and alpha.min() >= 0.0 and alpha.max() <= 1.0):
        raise CorruptEntry("matte values not all in 0..1")
    return Matte(alpha, fg, str(meta["model_id"]))


def _image(npz: Any, meta: dict, digest: str) -> LoadedImage:
    rgb = _array(npz, "rgb", np.uint8, MAX_ARRAY_BYTES)
    if rgb.ndim != 3 or rgb.shape[2] != 3 or not _picture_shape(rgb.shape[:2]):
        raise CorruptEntry(f"image of shape {rgb.shape}")
    if pixel_digest(rgb) != digest:          # the key is the pixels' own hash: anything else is another photo
        raise CorruptEntry("image pixels do not match their key")
    width, height = (int(v) for v in meta["source_size"])
    scale, dpi = float(meta["scale"]), meta["dpi"]
    if width < rgb.shape[1] or height < rgb.shape[0] or not 0.0 < scale <= 1.0:
        raise CorruptEntry(f"image source size {width}x{height}, scale {scale}")
    if dpi is not None and not (len(dpi) == 2 and all(math.isfinite(float(v)) and float(v) > 0 for v in dpi)):
        raise CorruptEntry(f"image dpi {dpi}")
    fmt = meta["file_format"]
    return LoadedImage(rgb=rgb, digest=digest, source_size=(width, height), scale=scale,
                       format=None if fmt is None else str(fmt), dpi=None if dpi is None else tuple(dpi))


def _picture_shape(shape: tuple[int, ...]) -> bool:
    """Height and width of a working image: 1..MAX_WORKING_SIDE each."""
    return len(shape) == 2 and all(1 <= int(v) <= MAX_WORKING_SIDE for v in shape)


def _outcome(meta: dict) -> FaceOutcome:
    faces = tuple(_unface(d) for d in meta["faces"])
    index = meta["face"]
    if index is not None and (type(index) is not int or not 0 <= index < len(faces)):
        raise CorruptEntry(f"chosen face {index!r} of {len(faces)}")
    face = None if index is None else faces[index]
    return FaceOutcome(faces, face, _unerror(meta["error"], faces))


def _index(faces: tuple[Face, ...], face: Face | None) -> int | None:
    """Position of `face` in `faces` (identity first: equal faces may repeat)."""
    if face is None:
        return None
    for i, f in enumerate(faces):
        if f is face:
            return i
    for i, f in enumerate(faces):
        if f == face:
            return i
    raise ValueError("the chosen face is not among the faces found")


def _face(face: Face) -> dict:
    return {f.name: _value(getattr(face, f.name)) for f in fields(Face)}


def _unface(d: dict) -> Face:
    face = Face(**{k: _unvalue(v) for k, v in d.items()})
    numbers = [*face.box, face.score, *face.left_eye, *face.right_eye, *face.chin, *face.forehead, face.roll_deg,
               face.yaw_deg, face.mesh_score, face.pitch_deg]
    if len(face.box) != 4 or not all(isinstance(v, (int, float, np.number)) and math.isfinite(v) for v in numbers):
        raise CorruptEntry("a face with a value that is not a finite number")
    if face.box[2] <= 0 or face.box[3] <= 0:
        raise CorruptEntry(f"a face box {face.box}")
    marks = face.landmarks
    if (not isinstance(marks, np.ndarray) or marks.dtype != np.float32 or marks.shape not in ((MESH_POINTS, 2), (0, 2))
            or not np.isfinite(marks).all()):
        raise CorruptEntry(f"face landmarks {getattr(marks, 'shape', marks)}")
    return face


def _error(error: FaceError | None, faces: tuple[Face, ...]) -> dict | None:
    if error is None:
        return None
    out: dict[str, Any] = {"code": error.code, "message": str(error), "path": error.path}
    if isinstance(error, MultipleFacesError):
        out["faces"] = [_face(f) for f in error.faces]
    if isinstance(error, NotFrontalError) and isinstance(error.face, Face):
        out["face"] = _face(error.face)
    return out


def _unerror(d: dict | None, faces: tuple[Face, ...]) -> FaceError | None:
    if d is None:
        return None
    cls = _ERRORS[d["code"]]
    if cls is MultipleFacesError:
        return cls(d["message"], faces=tuple(_same(faces, _unface(f)) for f in d.get("faces", [])), path=d["path"])
    if cls is NotFrontalError:
        face = d.get("face")
        return cls(d["message"], face=None if face is None else _same(faces, _unface(face)), path=d["path"])
    return cls(d["message"], path=d["path"])


def _same(faces: tuple[Face, ...], face: Face) -> Face:
    """The equal entry of `faces` (the pipeline matches faces by equality and identity)."""
    return next((f for f in faces if f == face), face)


def _value(v: Any) -> Any:
    """JSON for a field value, keeping numpy types (so arithmetic on it is unchanged)."""
    if isinstance(v, np.ndarray):
        return {"nd": v.dtype.str, "shape": list(v.shape), "v": v.ravel().tolist()}
    if isinstance(v, np.generic):
        return {"np": v.dtype.str, "v": v.item()}
    if isinstance(v, tuple):
        return {"t": [_value(x) for x in v]}
    if isinstance(v, list):
        return [_value(x) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    raise TypeError(f"cannot store a {type(v).__name__}")


def _unvalue(v: Any) -> Any:
    if isinstance(v, dict):
        if "nd" in v:
            return np.asarray(v["v"], dtype=np.dtype(v["nd"])).reshape(v["shape"])
        if "np" in v:
            return np.dtype(v["np"]).type(v["v"])
        if "t" in v:
            return tuple(_unvalue(x) for x in v["t"])
        raise ValueError("unknown value")
    if isinstance(v, list):
        return [_unvalue(x) for x in v]
    return v
