"""Photo controller: submits load/analysis jobs, forwards edits to each photo's core session, shows its render."""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QImage

from ... import heap
from ...core.findings import Finding, status
from ...core.analysis.pipeline import Analysis
from ...core.render.history import EVERYTHING, Changes, Edit
from ...core.imaging.imageio import LoadedImage
from ...core.render.backgrounds import background_for
from ...core.render.retouch.look import Look
from ...core.render.result import PhotoResult, Target
from ...core.render.renderer import Renderer
from ...core.render.session import PhotoSession
from . import residency
from .checks import SlowChecks, merged
from .clearing import ClearCommands
from .documents import PhotoDoc, Photos, Status, WarmRender
from .editing import EditCommands
from .retouch_lane import RetouchLane
from ...core.desktop.engine import Engine, collect_images
from ..common.images import qimage_to_rgb, rgb_to_qimage, thumbnail
from ..common.settings import AppSettings
from ..common.workers import INFERENCE, IO, JobCancelled, Workers

log = logging.getLogger(__name__)

THUMB_SIDE = 192
PREVIEW_SIDE = 1400
FOREGROUND, BACKGROUND = 10, 0


@dataclass(frozen=True)
class Loaded:
    """What a load worker hands the window: the image (only for the photo on screen), its digest, the
    strip's thumbnail and the original view (on screen only)."""

    image: LoadedImage | None
    digest: str
    thumb: QImage
    preview: QImage | None


@dataclass(frozen=True)
class Analysed:
    """What an analysis worker hands the window: the image, its analysis, the renderer that made the first
    render (its caches are handed over), that render, the original view if asked, a turned face's checks."""

    image: LoadedImage
    analysis: Analysis
    renderer: Renderer
    first: WarmRender
    preview: QImage | None
    judged: tuple[Finding, ...]


def _loaded(engine: Engine, image: LoadedImage, shown: Callable[[], bool] = lambda: True) -> Loaded:
    """Worker side of a load: the strip thumbnail and pixel digest, and for the photo on screen the image
    and its original view (a photo waiting in the background is decoded again when its turn comes, so
    hundreds opened at once do not hold their pixels)."""
    rgb, on_screen = image.rgb, shown()
    thumb = rgb_to_qimage(thumbnail(rgb, THUMB_SIDE))
    return Loaded((image if on_screen else None), image.digest, thumb, _original_view(rgb) if on_screen else None)


def _analysed(engine: Engine, session: PhotoSession, fetch: Callable[[], LoadedImage], model: str,
              face: int | None, edit: Edit, scale: float, preview: bool, restore: str | None = None) -> Analysed:
    """Worker side of an analysis: the image, faces + matte, the automatic crop, the first render and its
    checks, and the original-view QImage if wanted.

    `restore` (the digest of a parked photo) brings it back fast: its analysis is read from the disk
    cache while the file decodes, and the source checks are left to the slow-checks worker."""
    if restore is None:
        heap.trim()   # what the photos parked since the last analysis let go of goes back to the system
    wait = engine.prefetch(restore, model) if restore else None
    image = fetch()
    if wait is not None:
        wait()
    analysis = engine.analyse(image, model_id=model, face_index=face)
    warm = PhotoSession(edit, analysis=analysis)
    first = None
    judged = _turned_checks(analysis, edit)
    if analysis.ok:
        try:
            warm.settle_default_background()  # its crops are computed here, not on the GUI thread
            first = warm.render(Target.preview(scale))
            if restore is None:
                warm.source_findings()
        except Exception:  # noqa: BLE001 - the GUI thread will render again and report it
            first = None
    return Analysed(image, analysis, warm.renderer, WarmRender(warm.edit, first),
                    _original_view(image.rgb) if preview else None, judged)


def _turned_checks(analysis: Any, edit: Edit) -> tuple:
    """A face turned too far makes no photo, but the window still lists what could be judged (the pose with
    its angle and which way to turn, as `idphoto check` does); () for any other photo."""
    from ...core.errors import NotFrontalError
    from ...core.render.verdict import judge_photo

    if not isinstance(analysis.face_error, NotFrontalError) or analysis.face is None:
        return ()
    try:
        return tuple(judge_photo(analysis, edit.template).findings)
    except Exception:  # noqa: BLE001 - the banner still says the face is turned
        log.exception("the turned face could not be judged")
        return ()


def _original_view(rgb) -> QImage:  # noqa: ANN001 - ndarray
    """The original-view QImage: the working image at most PREVIEW_SIDE long."""
    step = max(1, -(-max(rgb.shape[:2]) // PREVIEW_SIDE))
    return rgb_to_qimage(rgb[::step, ::step])


def _face_thumb(rgb: Any, box: tuple[float, float, float, float]) -> QImage:
    """A strip thumbnail of one person: the face box widened to head and shoulders."""
    x, y, w, h = box
    H, W = rgb.shape[:2]
    x0, x1 = int(max(0, x - 0.6 * w)), int(min(W, x + 1.6 * w))
    y0, y1 = int(max(0, y - 0.6 * h)), int(min(H, y + 2.0 * h))
    return rgb_to_qimage(thumbnail(rgb[y0:y1, x0:x1], THUMB_SIDE))


class Controller(EditCommands, ClearCommands, RetouchLane, QObject):
    """Owns the photos; widgets send intents here and listen to the signals."""

    photoAdded = Signal(int)
    photoChanged = Signal(int)
    photoRemoved = Signal(int)
    currentChanged = Signal(int)       # key, 0 when nothing is open
    analysed = Signal(int)             # key; the analysis (possibly with a face problem) is in
    rendered = Signal(object)          # PhotoResult of the current photo, or None
    editChanged = Signal()             # template / colour / crop / history moved
    photoFailed = Signal(int, object)  # key, exception (a banner explains it)
    photosCleared = Signal(object)     # [PhotoDoc] just removed as finished: the hook for orders to keep them

    def __init__(self, engine: Engine, settings: AppSettings, workers: Workers | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self.settings = settings
        self.workers = workers or Workers(self)
        self.photos = Photos()
        self.model_id = settings.model_id
        self.result: PhotoResult | None = None
        self.before: PhotoResult | None = None   # the current render without light and retouch (compare view)
        self.comparing = False                    # rendered only while the compare view is asked for
        self.preview_scale = 1.0
        self.checks = SlowChecks(self.workers, self)
        self.scale_for: Callable[[Any], float] | None = None  # the window's preview size -> scale
        self.crop_step = False                    # the edit being rendered moved the crop
        self.changed: Changes = EVERYTHING        # what the edit being rendered changed (the panels to refresh)
        self._init_lane()                         # the retouch renders on a worker (retouch_lane.py)
        self.start_auto_clear()

    def apply_memory_settings(self) -> None:
        """Cache budget (setting, else sized from the machine) and the disk cache unless "never store photos"."""
        from ...core.analysis.cache import auto_budget

        budget = (self.settings.cache_mb << 20) or auto_budget()
        self.engine.use_caches(budget, disk=not self.settings.never_store_photos)

    # ---- opening -----------------------------------------------------------------------------------
    def open_paths(self, paths: list[str]) -> list[int]:
        """Queue files (and images inside folders); the first becomes current. Returns the new keys."""
        keys = []
        for path in collect_images(paths):
            doc = self._new_doc(Path(path).name, path)
            shown = lambda d=doc: d is self.photos.current  # noqa: E731 - read on the worker, a plain attribute
            self._submit(doc, "load", lambda p=path, s=shown: _loaded(self.engine, self.engine.load(p), s), IO)
            keys.append(doc.key)
        if keys:
            self.select(keys[0])
        return keys

    def open_image(self, image: QImage, name: str) -> int:
        """A clipboard or camera image; pixels are copied out in the worker."""
        doc = self._new_doc(name, None)
        img = image.copy()
        self._submit(doc, "load", lambda: _loaded(self.engine, self.engine.from_array(qimage_to_rgb(img))), IO)
        self.select(doc.key)
        return doc.key

    def open_array(self, rgb: Any, name: str) -> int:
        """Decoded pixels (a camera still); wrapped in the worker."""
        doc = self._new_doc(name, None)
        self._submit(doc, "load", lambda: _loaded(self.engine, self.engine.from_array(rgb)), IO)
        self.select(doc.key)
        return doc.key

    def _new_doc(self, name: str, path: str | None, *, after: PhotoDoc | None = None) -> PhotoDoc:
        template = self.new_photo_template()
        session = PhotoSession(Edit(template, background_for(template, self.settings.background),
                                    look=Look(retouch=self.settings.retouch_for(template.id))))
        doc = PhotoDoc(name=name, path=path, session=session)
        self.photos.add(doc, after=after)
        self.photoAdded.emit(doc.key)
        return doc

    def _submit(self, doc: PhotoDoc, kind: str, fn, pool: str) -> None:
        current = self.photos.current
        priority = FOREGROUND if current is None or current is doc else BACKGROUND
        doc.job_id = self.workers.submit(
            fn, pool=pool, kind=kind, priority=priority, lane=("photo", doc.key),
            on_done=lambda result, d=doc: self._on_done(d, kind, result),
            on_failed=lambda exc, d=doc: self._on_failed(d, exc))
        doc.status = Status.LOADING if kind == "load" else Status.ANALYSING
        doc.error = None
        self.photoChanged.emit(doc.key)

    def analyse(self, doc: PhotoDoc, *, pool: str = INFERENCE) -> None:
        """(Re-)analyse a loaded photo with the current model and its chosen face (a parked photo: from
        the caches, on the IO pool)."""
        fetch, model, face = residency.image_getter(self.engine, doc), self.model_id, doc.face_index
        session, edit, scale, preview = doc.session, doc.edit, self.preview_scale, doc.preview is None
        restore = doc.digest if doc.session.parked else None
        self._submit(doc, "analyse", lambda: _analysed(self.engine, session, fetch, model, face, edit, scale,
                                                       preview, restore), pool)
        if doc is self.photos.current:
            self._render()

    def _park(self, doc: PhotoDoc | None) -> None:
        """A photo left the screen: drop its heavy arrays (kept: thumbnail, path, digest, edit), and soon
        give the memory back to the system (after any job waiting in front)."""
        if doc is not None and doc is not self.photos.current:
            self._drop_look(doc.key)
            if residency.park(self.engine, doc):
                self.workers.submit(heap.trim, pool=IO, kind="trim", priority=BACKGROUND, lane=("trim",))

    def _unpark_now(self, doc: PhotoDoc) -> bool:
        """Bring a parked photo back at once when the memory cache holds all of it (switching between
        recent photos stays instant); False when it needs the disk or the file (a worker does that)."""
        held, cached = self.engine.in_memory(doc.digest, self.model_id)
        image = doc.image or cached
        if not held or image is None:
            return False
        if image.path != doc.path:
            image = replace(image, path=doc.path)
        doc.image, doc.preview = image, _original_view(image.rgb)
        doc.session.attach(self.engine.analyse(image, model_id=self.model_id, face_index=doc.face_index))
        return True

    # ---- job results (delivered on the GUI thread; a superseded job never reports) -------------------
    def _on_done(self, doc: PhotoDoc, kind: str, result: Any) -> None:
        doc.job_id = 0
        if self.photos.by_key(doc.key) is None:
            return
        if kind == "load":
            doc.image, doc.digest, doc.thumb, doc.preview = result.image, result.digest, result.thumb, result.preview
            if doc is not self.photos.current:
                residency.release(doc)   # waiting in the queue without its pixels
            self.analyse(doc)
            return
        doc.warm_render, doc.judged = result.first, result.judged
        first = result.first.result
        doc.fails = first is not None and status(first.findings) == "fail"
        doc.image, doc.preview = result.image, result.preview or doc.preview
        doc.session.attach(result.analysis, warm=result.renderer)
        if doc.session.ready:
            doc.session.settle_default_background()  # the same decision as the worker's, from its cache
        problem = doc.session.face_problem()  # a pair template wants two faces, others one
        doc.status = Status.FAILED if problem is not None else Status.READY
        doc.error = problem
        self.photoChanged.emit(doc.key)
        self.analysed.emit(doc.key)
        if doc is self.photos.current:
            self._render()
        if problem is not None:
            self.photoFailed.emit(doc.key, problem)
        self._park(doc)

    def _on_failed(self, doc: PhotoDoc, exc: BaseException) -> None:
        doc.job_id = 0
        if self.photos.by_key(doc.key) is None:
            return
        cancelled = getattr(exc, "code", "") == "cancelled"
        doc.status = Status.CANCELLED if cancelled else Status.FAILED
        doc.error = exc
        self.photoChanged.emit(doc.key)
        if doc is self.photos.current:
            self._render()
        self.photoFailed.emit(doc.key, exc)

    # ---- navigation --------------------------------------------------------------------------------
    def select(self, key: int) -> None:
        """Make a photo current; its pending analysis moves to the front of the queue."""
        pos = self.photos.position(key)
        if pos < 0:
            return
        previous = self.photos.current
        self.photos.index = pos
        doc = self.photos.current
        self._park(previous)
        if doc.session.parked and not doc.busy and not self._unpark_now(doc):
            self.analyse(doc, pool=IO)  # back from the disk cache: no model run when it holds it
        elif doc.busy:
            pool = IO if doc.status == Status.LOADING else INFERENCE
            self.workers.reprioritise(doc.job_id, pool=pool, priority=FOREGROUND)
        doc.history.end_gesture()
        self.currentChanged.emit(key)
        self._render()

    def set_preview_scale(self, scale: float) -> None:
        """Preview pixels per output pixel (from the preview's size on screen); re-renders when it changes."""
        if scale != self.preview_scale:
            self.preview_scale = scale
            self._render()

    def set_comparing(self, on: bool) -> None:
        """The compare view on or off: the photo as taken is rendered only while it is shown."""
        if on != self.comparing:
            self.comparing = on
            self._render()

    def _scale_for(self, template: Any) -> float:
        """The preview scale for a template before rendering it (one render per template change, not two)."""
        if self.scale_for is not None:
            self.preview_scale = self.scale_for(template)
        return self.preview_scale

    def step(self, delta: int) -> None:
        """Next (+1) / previous (-1) photo."""
        if self.photos.items:
            self.photos.step(delta)
            self.select(self.photos.current.key)

    def close_photo(self, key: int) -> None:
        """Forget a photo (its pending job is cancelled)."""
        doc = self.photos.by_key(key)
        if doc is None:
            return
        if doc.busy:
            self.workers.drop(doc.job_id)
        self.photos.remove(key)
        self.photoRemoved.emit(key)
        current = self.photos.current
        self.currentChanged.emit(current.key if current else 0)
        self._render()

    def cancel(self, key: int) -> None:
        """Stop loading/analysing a photo now; a model call already running finishes unseen."""
        doc = self.photos.by_key(key)
        if doc is None or not doc.busy:
            return
        job_id, doc.job_id = doc.job_id, 0
        self.workers.drop(job_id)  # a model call already running finishes unseen
        doc.status, doc.error = Status.CANCELLED, JobCancelled()
        self.photoChanged.emit(doc.key)
        if doc is self.photos.current:
            self._render()
        self.photoFailed.emit(doc.key, doc.error)

    def retry(self, key: int) -> None:
        """Analyse again after a cancel or failure (loads again if it never loaded)."""
        doc = self.photos.by_key(key)
        if doc is None or doc.busy:
            return
        if doc.image is None and doc.path:
            path = doc.path
            self._submit(doc, "load", lambda: _loaded(self.engine, self.engine.load(path)), IO)
        elif doc.image is not None:
            self.analyse(doc)

    def refresh_problem(self) -> None:
        """After a template change: the current photo's face problem for the new kind (one face or a pair)."""
        doc = self.photos.current
        if doc is None or doc.busy or doc.analysis is None:
            return
        problem = doc.session.face_problem()
        if (problem is None) == (doc.error is None) and type(problem) is type(doc.error):
            return
        doc.status, doc.error = (Status.FAILED, problem) if problem is not None else (Status.READY, None)
        self.photoChanged.emit(doc.key)
        self.analysed.emit(doc.key)
        self._render()
        if problem is not None:
            self.photoFailed.emit(doc.key, problem)

    def pick_face(self, index: int) -> None:
        """Use face `index` of the current photo (matte and faces are cached: no model run)."""
        doc = self.photos.current
        if doc is not None and doc.image is not None and not doc.busy:
            doc.face_index = index
            self.analyse(doc)

    def every_person(self) -> list[int]:
        """One photo per face of the current photo, left to right, each its own item in the strip.

        The current item becomes person 1; the others are added after it with the same pixels (the faces
        and the matte are cached: only each person's part of the matte is computed). Returns the keys.
        """
        from ...core.render.people import left_to_right, limits

        doc = self.photos.current
        if doc is None or doc.image is None or doc.busy or doc.analysis is None or not doc.analysis.faces:
            return []
        faces = doc.analysis.faces
        order = left_to_right(faces)[:limits().max_people]
        base, keys, previous = doc.name, [], doc
        for number, index in enumerate(order, start=1):
            person = doc if number == 1 else self._new_doc(f"{base} · {number}", doc.path, after=previous)
            if person is not doc:
                person.image, person.preview = doc.image, doc.preview
            else:
                person.name = f"{base} · 1"
            person.thumb = _face_thumb(doc.image.rgb, faces[index].box)
            person.face_index = index
            self.analyse(person)
            keys.append(person.key)
            previous = person                   # the next person right after this one in the strip
        self.select(keys[0])
        return keys

    def set_model(self, model_id: str) -> None:
        """Switch matting model; every loaded photo is analysed again (cached per model)."""
        if model_id == self.model_id:
            return
        self.model_id = model_id
        for doc in self.photos.items:
            if doc.image is not None and not doc.busy:
                self.analyse(doc)
            elif doc.session.parked:
                doc.parked_model = model_id   # rebuilt with the new model when it is next needed

    # ---- render ------------------------------------------------------------------------------------
    def crop_problem(self) -> Exception | None:
        """Why the automatic crop shown now cannot make a good photo (None when it can or the crop is manual)."""
        doc = self.photos.current
        if doc is None or self.result is None:
            return None
        return doc.session.crop_problem()

    def findings(self) -> tuple | None:
        """Live findings of the current render: quick ones now, the source ones when a worker has them."""
        doc = self.photos.current
        if doc is not None and self.result is None and doc.error is not None and doc.judged:
            return doc.judged                   # a turned face: the checks that could still be judged
        if self.result is None or doc is None:
            return None
        return merged(self.result.findings, doc.session.source_findings(compute=False))

    def _render(self, changed: Changes = EVERYTHING) -> None:
        """Re-composite the current photo through its session (output size, a few ms, no model); the
        retouch, when it must run, on a worker (retouch_lane.py). `changed`: what the edit changed, read by
        the window while it repaints (anything else than an edit: everything)."""
        self.changed = changed
        doc = self.photos.current
        result = before = None
        if doc is not None and not doc.busy and doc.session.ready and doc.error is None:
            try:
                first, doc.warm_render = doc.warm_render, None
                target = Target.preview(self._scale_for(doc.session.template()))
                usable = first is not None and first.edit == doc.edit and first.result is not None \
                    and first.result.pixel_size == target.size(doc.session.template())
                result = self._shown_full(doc, first.result) if usable else self._preview(doc, target)
                before = None if doc.edit.look.is_plain or not self.comparing else \
                    doc.session.renderer.render(doc.edit.but(look=Look()), target)
                self.checks.request(doc.session)
            except Exception as exc:  # noqa: BLE001 - a bad crop must not break the window
                log.info("render failed: %s", exc)
                result = before = None
                self.photoFailed.emit(doc.key, exc)
        if result is None:
            self._forget_shown()
        same = result is not None and result is self.result and before is None and self.before is None
        self.result, self.before = result, before
        if not same:      # the last full render kept while a worker renders the new look: nothing to repaint
            self.rendered.emit(self.result)
        self.changed = EVERYTHING
