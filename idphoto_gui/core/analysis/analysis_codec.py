"""Analyses (mattes, faces) and working images to and from plain files: arrays in an .npz (deflate),
everything else as JSON; no pickle.

A value read back equals the one written bit for bit (float32 alpha, numpy scalars keep their type), so
a photo restored from the disk cache renders exactly as it did after the model ran.
"""
from __future__ import annotations

import io
import json
import zipfile
from dataclasses import fields
from typing import Any

import numpy as np

from ..errors import FaceError, MultipleFacesError, NoFaceError, NotFrontalError
from ..faces.faces import Face
from ..imaging.imageio import LoadedImage
from ..matting import Matte
from .cache import CacheKey
from .pipeline import FACES_ID, FaceOutcome

FORMAT = 1
IMAGE_ID = "image"      # the model_id of a working image's key: pixels, not a model result
LEVEL = 1               # deflate level: level 6 makes files ~10 % smaller and writes 4x slower
STORED = ("rgb",)       # a photo's pixels gain little from deflate (~30 %) and are the slowest part to inflate
_ERRORS = {cls.code: cls for cls in (FaceError, NoFaceError, MultipleFacesError, NotFrontalError)}


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
    """The value a file holds; CorruptEntry when it cannot be read or belongs to another key."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            meta = json.loads(bytes(npz["meta"]).decode("utf-8"))
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


def _key_list(key: CacheKey) -> list:
    return [key.digest, key.model_id, key.model_sha256, key.version]


def _matte(npz: Any, meta: dict) -> Matte:
    alpha, fg = npz["alpha"], npz["foreground"]
    if alpha.dtype != np.float32 or fg.dtype != np.uint8 or alpha.ndim != 2 or fg.shape != (*alpha.shape, 3):
        raise CorruptEntry("matte arrays of the wrong type or shape")
    return Matte(np.ascontiguousarray(alpha), np.ascontiguousarray(fg), str(meta["model_id"]))


def _image(npz: Any, meta: dict, digest: str) -> LoadedImage:
    rgb = np.ascontiguousarray(npz["rgb"])
    if rgb.dtype != np.uint8 or rgb.ndim != 3 or rgb.shape[2] != 3:  # the zip's CRC-32 checked the bytes
        raise CorruptEntry("image of the wrong type or shape")
    dpi = meta["dpi"]
    return LoadedImage(rgb=rgb, digest=digest, source_size=(int(meta["source_size"][0]), int(meta["source_size"][1])),
                       scale=float(meta["scale"]), format=meta["file_format"], dpi=None if dpi is None else tuple(dpi))


def _outcome(meta: dict) -> FaceOutcome:
    faces = tuple(_unface(d) for d in meta["faces"])
    face = None if meta["face"] is None else faces[meta["face"]]
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
    return Face(**{k: _unvalue(v) for k, v in d.items()})


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
