"""The preview's retouch off the GUI thread: the full look renders on a worker, latest wins; meanwhile the
window shows the last full render of the photo (a look change: no flicker) or the edit without its retouch,
and on arrival it checks that the edit is still the current photo's."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QTimer

from ...core.render.history import Edit
from ...core.render.result import PhotoResult, Target
from ...core.render.session import PhotoSession
from ..common.workers import IO, JobCancelled

log = logging.getLogger(__name__)

LANE = ("look",)    # one lane: only the photo on screen has a preview
SETTLE_MS = 200     # a crop change previews without the retouch; the full look follows this long after
FOREGROUND = 10


@dataclass(frozen=True)
class Shown:
    """What a preview render is of: whose photo, which edit, which size, and whether with the full look."""

    key: int
    edit: Edit
    size: tuple[int, int]
    full: bool = True


def _full_look(session: PhotoSession, target: Target, edit: Edit) -> PhotoResult:
    """Worker side: the render with its retouch (the session's caches keep it for the next colour click)."""
    if not session.ready:      # closed, switched away or parked before the job started
        raise JobCancelled()
    try:
        return session.renderer.render(edit, target)
    except Exception:
        if not session.ready:  # parked while it ran: nobody waits for it
            raise JobCancelled() from None
        raise


class RetouchLane:
    """Mixed into Controller: needs photos, workers, result, rendered, photoFailed and crop_step."""

    def _init_lane(self) -> None:
        self.drafting = False                     # the preview shown is without its retouch
        self._shown_now: Shown | None = None      # what self.result is a render of
        self._job: tuple[int, Shown] | None = None
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._settled)

    @property
    def look_pending(self) -> bool:
        """A worker is rendering the current photo's full look (tests and benchmarks wait for it)."""
        return self._job is not None and self.workers.latest(LANE) == self._job[0]

    def _preview(self, doc: Any, target: Target) -> PhotoResult:
        """The preview of the current edit: rendered here when nothing costly is due (no retouch, or it is
        cached); else a worker renders the full look and the preview keeps what it shows of this photo when
        only the look changed (a slider step), or shows the edit without its retouch until it arrives."""
        edit = doc.edit
        want = Shown(doc.key, edit, target.size(doc.session.template()))
        draft = self._crop_draft(edit)
        due = draft is None and doc.session.renderer.retouch_due(edit, target)
        if not due:
            self._drop_look()
        else:
            self._submit_look(doc.session, target, want)
            if self._keeps(want):
                self.drafting = not self._shown_now.full
                return self.result
            draft = edit.but(look=edit.look.but(retouch=0))
        self.drafting = draft is not None
        result = doc.session.renderer.render(edit if draft is None else draft, target)
        self._shown_now = Shown(want.key, edit, want.size, full=draft is None)
        return result

    def _keeps(self, want: Shown) -> bool:
        """The preview already shows this photo at this size with this edit, or its full render of an edit
        that differs only in the look."""
        s = self._shown_now
        if self.result is None or s is None or s.key != want.key or s.size != want.size:
            return False
        return s.edit == want.edit or (s.full and s.edit.but(look=want.edit.look) == want.edit)

    def _crop_draft(self, edit: Edit) -> Edit | None:
        """A crop step (drag, zoom, rotation) previews without the retouch; the full look follows
        SETTLE_MS after the last step, or when the drag ends."""
        if not (edit.look.retouch and self.crop_step):
            return None
        self._settle.start()
        return edit.but(look=edit.look.but(retouch=0))

    def _settled(self) -> None:
        """The crop gesture paused: the full look (from a worker when it costs)."""
        if self.drafting and self.photos.current is not None:
            self._render()

    def _shown_full(self, doc: Any, result: PhotoResult) -> PhotoResult:
        """A full render made elsewhere (the analysis worker's first one) is on screen."""
        self._drop_look()
        self.drafting = False
        self._shown_now = Shown(doc.key, doc.edit, result.pixel_size)
        return result

    def _forget_shown(self) -> None:
        """Nothing is shown (no photo, busy, failed): no full look is waited for."""
        self._drop_look()
        self.drafting = False
        self._shown_now = None

    def _submit_look(self, session: PhotoSession, target: Target, want: Shown) -> None:
        """Render the full look on a worker (latest wins); not again while the same one is under way."""
        if self._job is not None and self._job[1] == want and self.look_pending:
            return
        edit = want.edit
        job_id = self.workers.submit(
            lambda: _full_look(session, target, edit), pool=IO, kind="look", priority=FOREGROUND, lane=LANE,
            on_done=lambda result, w=want: self._on_look(w, result),
            on_failed=lambda exc, w=want: self._look_failed(w, exc))
        self._job = (job_id, want)

    def _drop_look(self, key: int | None = None) -> None:
        """Forget the pending full look (of photo `key` only, when given): its result is never shown."""
        if self._job is not None and (key is None or self._job[1].key == key):
            self.workers.drop(self._job[0])
            self._job = None

    def _still(self, want: Shown) -> Any:
        """The current photo when `want` is still what its preview should show, else None (stale)."""
        doc = self.photos.current
        if doc is None or doc.key != want.key or doc.busy or doc.error is not None or not doc.session.ready:
            return None
        if doc.edit != want.edit:
            return None
        size = Target.preview(self.preview_scale).size(doc.session.template())
        return doc if size == want.size else None

    def _on_look(self, want: Shown, result: PhotoResult) -> None:
        """A full look arrived (GUI thread): shown only if it is of the current photo's current edit."""
        self._job = None
        if self._still(want) is None:
            log.debug("a stale retouch render was dropped")
            return
        self.result, self.drafting, self._shown_now = result, False, want
        self.rendered.emit(result)

    def _look_failed(self, want: Shown, exc: BaseException) -> None:
        """The worker's render failed: reported as a failed render is, when still current."""
        self._job = None
        doc = self._still(want)
        if doc is None or isinstance(exc, JobCancelled):
            return
        log.info("render failed: %s", exc)
        self.result = self.before = None
        self._forget_shown()
        self.photoFailed.emit(doc.key, exc)
        self.rendered.emit(None)
