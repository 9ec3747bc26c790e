"""image -> Analysis (face, landmarks, matte, foreground), cached; safe from a worker thread.

Faces and matte are cached under separate keys: a photo without a usable face still has a useful
matte (a plain cut-out needs no face), and choosing another face never re-runs the matting model.
`analyse` reports a face problem in `Analysis.face_error` and raises it only when `require_face=True`.
"""
from __future__ import annotations

import copy
import hashlib
import logging
import threading
from dataclasses import dataclass, replace

import numpy as np

from ..faces import faces as faces_mod
from .cache import CacheKey, LruCache, default_cache, model_key
from ..errors import FaceError, MultipleFacesError, NoFaceError, NotFrontalError
from ..faces.faces import Face
from ..imaging.imageio import LoadedImage
from ..matting import Matte, get_matter
from ..models import model_hash
from .person_core import GUARD, PARTED, core_mask, held, protect, raised
from .torso_repair import repair, u2netp_alpha
from ..matting.frames import clear_frames
from .crown_gap import open_crown_gaps
from .clumps import solid_clumps
from .ears import solid_ears
from .neck_gap import open_neck_gaps
from ..matting.pale_edge import deglow_edge
from ..matting.strays import fade_strays
from ..matting.subject import isolate_subject

log = logging.getLogger(__name__)

PROCESSING_VERSION = 19  # part of every cache key: raise it when the analysis output changes (why: git log)
FACE_MODELS = ("blazeface-full", "blazeface-short", "face-mesh")
FACES_ID = "faces"


@dataclass(frozen=True)
class Analysis:
    """Everything the model stages produce for one photo; layout and render need nothing else."""

    image: LoadedImage
    face: Face | None          # the chosen face (None only when faces is empty)
    faces: tuple[Face, ...]    # every face found, best first
    matte: Matte
    model_id: str
    face_error: FaceError | None = None  # why `face` is not fit for an ID photo (None = it is)
    whole_matte: Matte | None = None     # the matte before the chosen person was isolated (None: the same)

    @property
    def ok(self) -> bool:
        """True when there is exactly one usable face."""
        return self.face is not None and self.face_error is None

    def judgeable(self) -> "Analysis":
        """This analysis with a turned face (or several faces: the main one) accepted, for `check`: it is
        judged (the pose fails with its angle; a `faces` finding fails) instead of refused. Only no face or an
        unreadable file still refuse."""
        if isinstance(self.face_error, (NotFrontalError, MultipleFacesError)) and self.face is not None:
            return replace(self, face_error=None)
        return self

    def require_face(self) -> Face:
        """The chosen face, or the typed FaceError explaining why there is no usable one."""
        if self.face_error is not None:
            raise copy.copy(self.face_error)
        if self.face is None:
            raise NoFaceError(path=self.image.path)
        return self.face


@dataclass(frozen=True)
class FaceOutcome:
    """Faces found on one image and what the find_face rules made of them (cached as a unit)."""

    faces: tuple[Face, ...]
    face: Face | None
    error: FaceError | None

    @property
    def nbytes(self) -> int:
        """Approximate memory held (landmarks dominate)."""
        return 512 + sum(int(f.landmarks.nbytes) + 256 for f in self.faces)


@dataclass(frozen=True)
class PipelineStats:
    """Model runs and cache traffic since start (or the last reset): proves a cache hit ran no model."""

    face_runs: int = 0
    matte_runs: int = 0
    warm_ups: int = 0
    cache_hits: int = 0
    cache_misses: int = 0


_run_lock = threading.Lock()      # one inference at a time: onnxruntime already uses every core
_stats_lock = threading.Lock()
_counts = {"face_runs": 0, "matte_runs": 0, "warm_ups": 0, "cache_hits": 0, "cache_misses": 0}


def analyse(image: LoadedImage, *, model_id: str = "rvm", face_index: int | None = None,
            require_face: bool = False, cache: LruCache | None = None) -> Analysis:
    """Analyse a loaded image (cached by pixels + model + version).

    `face_index` picks one of the faces found (e.g. after a MultipleFacesError); otherwise the
    `find_face` rules choose. With `require_face=True` a face problem is raised (after the matte is
    cached) instead of being reported in `Analysis.face_error`.
    """
    outcome = face_outcome(image, cache=cache)
    matte = matte_of(image, model_id=model_id, cache=cache)
    face, error = _pick(outcome, face_index, image.path)
    whole = matte
    if face is not None:
        others = neighbours(outcome.faces, face) if face_index is not None else ()
        matte = _isolated(image, matte, face, model_id, cache, others)
    result = Analysis(image=image, face=face, faces=outcome.faces, matte=matte, model_id=model_id,
                      face_error=error, whole_matte=None if whole is matte else whole)
    if require_face:
        result.require_face()
    return result


_subject_lock = threading.Lock()


def neighbours(faces: tuple[Face, ...], face: Face) -> tuple[tuple[float, float, float, float], ...]:
    """Boxes of the other people beside `face` (faces at least MINOR_FACE_RATIO of its width; posters and
    passers-by far behind are left to the component analysis)."""
    ratio = faces_mod.MINOR_FACE_RATIO
    return tuple(f.box for f in faces if f is not face and f != face and f.box[2] >= ratio * face.box[2])


def _isolated(image: LoadedImage, matte: Matte, face: Face, model_id: str, cache: LruCache | None,
              others: tuple = ()) -> Matte:
    """The matte with only the chosen person (other people and objects faded out), cached per face."""
    base = model_key(image.digest, model_id, version=PROCESSING_VERSION)
    box = ",".join(f"{v:.1f}" for v in face.box)
    split = ";".join(",".join(f"{v:.1f}" for v in b) for b in others)
    key = CacheKey(base.digest, f"{model_id}:subject:{box}" + (f":apart:{split}" if split else ""),
                   base.model_sha256, base.version)

    def compute() -> Matte:
        alpha = isolate_subject(matte.alpha, face.box, others)
        if alpha is matte.alpha:
            return matte
        kept = held(alpha, (face,), PARTED)   # a hole parting nicked in the chosen person's core closes
        alpha[raised(alpha, kept)] = 1.0
        return replace(matte, alpha=alpha)

    store = cache if cache is not None else default_cache()
    with _subject_lock:
        found = store.get(key)
        if found is None:
            found = compute()
            store.put(key, found)
    return found


def matte_of(image: LoadedImage, *, model_id: str = "rvm", cache: LruCache | None = None) -> Matte:
    """The matte of the working image for one model, from the cache or one model run.

    The network sees the box around every face found (the faces are cached, so the box, and with it this
    matte, is the same on every call: one cache entry serves the crop and the full-frame cut-out alike).
    Every face's core (face, neck, torso middle: analysis/person_core.py) is opaque in it."""
    key = model_key(image.digest, model_id, version=PROCESSING_VERSION)
    return _cached(key, cache, lambda faces: _run_matte(image.rgb, model_id, faces),
                   before=lambda: face_outcome(image, cache=cache).faces, photo=image)


def face_outcome(image: LoadedImage, *, cache: LruCache | None = None) -> FaceOutcome:
    """Faces of the working image with the find_face verdict, from the cache or one detection."""
    key = CacheKey(image.digest, FACES_ID, _face_models_hash(), PROCESSING_VERSION)
    return _cached(key, cache, lambda: _run_faces(image.rgb, image.path), photo=image)


def person_index(image: LoadedImage, person: "int | tuple[int, ...] | None", *,
                 cache: LruCache | None = None) -> "int | tuple[int, ...] | None":
    """The index into Analysis.faces of person `person` (0-based, numbered left to right as `--face N`, the
    API's face, `--face all` and the window's badges all number people); a tuple for the two of a pair."""
    if person is None or isinstance(person, str):
        return person
    faces = face_outcome(image, cache=cache).faces
    order = faces_mod.left_to_right(faces)

    def one(p: int) -> int:
        if not 0 <= p < len(faces):
            raise ValueError(f"face_index {p} out of range: {len(faces)} face(s) found")
        return order[p]

    return tuple(one(p) for p in person) if isinstance(person, tuple) else one(person)


def analysis_keys(digest: str, model_id: str) -> tuple[CacheKey, CacheKey]:
    """The cache keys of a photo's faces and matte (to fetch them ahead, e.g. from the disk cache)."""
    return (CacheKey(digest, FACES_ID, _face_models_hash(), PROCESSING_VERSION),
            model_key(digest, model_id, version=PROCESSING_VERSION))


def warm_up(model_id: str = "rvm") -> None:
    """Create the sessions and run one tiny inference of every model.

    Call it on the inference thread, off the GUI thread: the face nets are kept per thread.
    """
    tiny = np.full((64, 64, 3), 128, np.uint8)
    with _run_lock:
        get_matter(model_id).matte(tiny)
        faces_mod.detect_faces(tiny)
    _count("warm_ups")
    log.info("warmed up %s and the face models", model_id)


def stats() -> PipelineStats:
    """A snapshot of the counters."""
    with _stats_lock:
        return PipelineStats(**_counts)


def reset_stats() -> None:
    """Zero the counters (tests)."""
    with _stats_lock:
        for k in _counts:
            _counts[k] = 0


def fits(value: object, image: LoadedImage) -> str | None:
    """Why a cached matte or face outcome cannot be this photo's (a disk cache file is not trusted), or None."""
    h, w = image.rgb.shape[:2]
    if isinstance(value, Matte) and (value.alpha.shape != (h, w) or value.foreground.shape != (h, w, 3)):
        return f"a matte of {value.alpha.shape[::-1]} for a {w}x{h} photo"
    if isinstance(value, FaceOutcome):
        for f in value.faces:
            x, y, bw, bh = f.box
            if not (-w <= x <= 2 * w and -h <= y <= 2 * h and bw <= 3 * w and bh <= 3 * h):
                return f"a face box {tuple(round(v) for v in f.box)} far outside a {w}x{h} photo"
    return None


def _fitting(store: LruCache, key: CacheKey, photo: LoadedImage | None):
    """The cached value if it fits its photo; one that does not is removed (memory and disk) and None returned."""
    value = store.get(key)
    why = fits(value, photo) if value is not None and photo is not None else None
    if why:
        log.warning("cached %s of a photo removed: %s; computed again", key.model_id, why)
        store.discard(key)
        return None
    return value


def _cached(key: CacheKey, cache: LruCache | None, compute, before=None, photo: LoadedImage | None = None):
    """Return the cached value or compute it once under the inference lock (double-checked). On a miss,
    `before` (when given) runs first, outside the lock, and its result is compute's argument (the matte's
    faces: their own lookup takes the lock too). A cached value that does not fit `photo` counts as a miss."""
    store = cache if cache is not None else default_cache()
    value = _fitting(store, key, photo)
    if value is None:
        args = () if before is None else (before(),)
        with _run_lock:
            value = _fitting(store, key, photo)
            if value is None:
                _count("cache_misses")
                value = compute(*args)
                store.put(key, value)
                return value
    _count("cache_hits")
    return value


def _run_matte(rgb: np.ndarray, model_id: str, faces: tuple[Face, ...] = ()) -> Matte:
    """One matting model run on the faces' boxes, veils behind straight object edges and faint ones far off the
    person cleared, the faces' cores made opaque (caller holds the inference lock)."""
    _count("matte_runs")
    if not faces:
        return get_matter(model_id).matte(rgb)
    keep = core_mask(rgb.shape, faces, grow=GUARD)
    matte = get_matter(model_id).matte(rgb, tuple(f.box for f in faces), keep=keep)
    alpha = clear_frames(matte.alpha, rgb, faces, keep)   # an object's frame kept as a veil (ADR 0020)
    alpha = fade_strays(alpha, faces, keep)   # faint smudges floating off the person (ADR 0021 round 4)
    alpha = open_neck_gaps(alpha, rgb, faces, keep)   # the old wall between the neck and the hair (round 5)
    alpha = open_crown_gaps(alpha, rgb, faces, keep)   # the old wall framed by hair at the crown (round 6)
    if alpha is not matte.alpha:
        matte = replace(matte, alpha=alpha)
    fg = deglow_edge(matte.alpha, matte.foreground, rgb, faces, keep)   # the light wall out of the hair's edge (0028)
    if fg is not matte.foreground:
        matte = replace(matte, foreground=fg)
    kept = held(matte.alpha, faces)
    matte = solid_ears(protect(matte, rgb, kept), rgb, kept)   # an ear the network left see-through (ADR 0029)
    matte = solid_clumps(matte, rgb, kept)   # a curl or a strap the network left see-through (ADR 0033)
    if model_id != "rvm":
        return matte
    mended = repair(matte, rgb, kept, u2netp_alpha)   # a torso hole the network cut (ADR 0020 round 5)
    return matte if mended is matte else protect(mended, rgb, kept)


def _run_faces(rgb: np.ndarray, path: str | None) -> FaceOutcome:
    """One face detection and the find_face verdict on it (caller holds the inference lock)."""
    _count("face_runs")
    found = tuple(faces_mod.detect_faces(rgb))
    try:
        return FaceOutcome(found, _verdict(found, rgb), None)
    except NoFaceError as exc:
        return FaceOutcome(found, None, _clean(exc, path))
    except MultipleFacesError as exc:
        best = exc.faces[0] if exc.faces else (found[0] if found else None)
        return FaceOutcome(found, _same(found, best), _clean(exc, path))
    except NotFrontalError as exc:
        face = exc.face if isinstance(exc.face, Face) else (found[0] if found else None)
        return FaceOutcome(found, _same(found, face), _clean(exc, path))


def _verdict(found: tuple[Face, ...], rgb: np.ndarray) -> Face:
    """The find_face rules on faces already detected (no second detection)."""
    return _same(found, faces_mod.choose_face(found))


def _same(found: tuple[Face, ...], face: Face | None) -> Face | None:
    """The entry of `found` equal to face (a re-detection gives equal, not identical, objects)."""
    return next((f for f in found if f == face), face)


def _pick(outcome: FaceOutcome, face_index: int | None, path: str | None) -> tuple[Face | None, FaceError | None]:
    """The face to use and its problem: the find_face verdict, or the face the caller picked."""
    if face_index is None:
        error = outcome.error
        if error is not None and error.path != path:  # same pixels cached from another file
            error = copy.copy(error)
            error.path = path
        return outcome.face, error
    if not 0 <= face_index < len(outcome.faces):
        raise ValueError(f"face_index {face_index} out of range: {len(outcome.faces)} face(s) found")
    face = outcome.faces[face_index]
    limit = getattr(faces_mod, "MAX_YAW_DEG", None)
    if limit is not None and abs(face.yaw_deg) > limit:
        return face, NotFrontalError(f"The chosen face is turned {abs(face.yaw_deg):.0f} degrees; at most "
                                     f"{limit:.0f} is allowed.", face=face, path=path)
    return face, None


def _clean(exc: FaceError, path: str | None) -> FaceError:
    """A cacheable copy of a face error: no traceback or frames kept alive, path filled in."""
    exc = exc.with_traceback(None)
    exc.__context__ = exc.__cause__ = None
    if exc.path is None:
        exc.path = path
    return exc


_face_hash: str | None = None


def _face_models_hash() -> str:
    """One hash over the face model files (part of the face cache key)."""
    global _face_hash
    if _face_hash is None:
        joined = "".join(model_hash(m) for m in FACE_MODELS)
        _face_hash = hashlib.sha256(joined.encode()).hexdigest()
    return _face_hash


def _count(name: str) -> None:
    with _stats_lock:
        _counts[name] += 1
