"""Edit commands of the controller: each forwards to the current photo's core session, then re-renders
what it changed (history.Changes)."""
from __future__ import annotations

from typing import Any, Callable

from ...core.render.history import Changes, Edit
from ...core.templates.colours import Background
from ...core.templates.template import Template


class EditCommands:
    """Mixed into Controller: needs photos, result, settings, engine, _render, editChanged, drafting and
    crop_step."""

    session_template: Template | None = None   # the last one chosen in this session (never saved as the default)

    def edit(self) -> Edit | None:
        """The current photo's edit."""
        doc = self.photos.current
        return doc.edit if doc else None

    def template(self) -> Template:
        """Template of the current photo (or the one new photos get)."""
        e = self.edit()
        return e.template if e else self.new_photo_template()

    def new_photo_template(self) -> Template:
        """The template a new photo starts with: the last one chosen in this session (the same customer's
        next photo), else the default from Settings; the last one used is never saved as the default."""
        return self.session_template or self.engine.template(self.settings.template_id)

    def set_template(self, template_id: str) -> None:
        """New template (the picker's id, looked up once here): automatic crop again; the background follows
        the template's rule (core), and the colour remembered stays the one the clerk last chose (a template
        that imposes red does not make red the colour of the next start)."""
        template = self.engine.template(template_id)
        self.session_template = template
        look = _look_for(self.edit(), template, self.settings.retouch_for)
        self._apply(lambda s: s.set_template(template, look=look))
        self.refresh_problem()
        doc = self.photos.current
        if doc is not None and doc.judged and not doc.busy:
            self.analyse(doc)       # a turned face: its checks judged again for this template (in a worker)

    def set_background(self, background: Background) -> None:
        """New background (re-composite only)."""
        self.settings.background = background
        self._apply(lambda s: s.set_background(background))

    def move_by(self, dx: float, dy: float, group: str = "drag") -> None:
        """Drag in preview pixels."""
        if self.result is not None:
            size = self.result.pixel_size
            self._apply_crop(lambda s: s.move_by(dx, dy, out_size=size, group=group))

    def move_head_line(self, which: str, y: float) -> None:
        """The user moved the crown or chin line to row `y` of the preview; the crop follows."""
        if self.result is not None:
            size = self.result.pixel_size
            self._apply_crop(lambda s: s.set_head_line(which, y, out_size=size))

    def zoom_by(self, factor: float) -> None:
        """Wheel zoom (factor > 1 = head larger)."""
        self._apply_crop(lambda s: s.zoom_by(factor))

    def set_zoom(self, zoom: float, finished: bool = True) -> None:
        """Absolute zoom relative to the automatic crop (1.0 = automatic size)."""
        self._apply_crop(lambda s: s.set_zoom(zoom, finished=finished))

    def set_rotation(self, degrees: float, finished: bool = True) -> None:
        """Rotation added to the automatic roll correction."""
        self._apply_crop(lambda s: s.set_rotation(degrees, finished=finished))

    def set_look(self, look: Any, finished: bool = True) -> None:
        """New light, colour or retouch settings (a slider drag is one undo step); the retouch the clerk
        chose is remembered for the template (the next photo of it starts there)."""
        edit = self.edit()
        if finished and edit is not None and edit.template.alteration != "none":
            self.settings.set_retouch_for(edit.template.id, look.retouch)
        self._apply(lambda s: s.set_look(look, finished=finished))

    def end_gesture(self) -> None:
        """The next change starts a new undo step."""
        doc = self.photos.current
        if doc is not None:
            doc.history.end_gesture()
            if self.drafting:                      # the preview skipped the retouch during the drag
                self._render()

    def reset_crop(self) -> None:
        """Back to the automatic crop."""
        self._apply(lambda s: s.reset_crop())

    def undo(self) -> None:
        """One step back in the current photo's history."""
        self._apply(lambda s: s.undo())

    def redo(self) -> None:
        """One step forward in the current photo's history."""
        self._apply(lambda s: s.redo())

    def zoom_rotation(self) -> tuple[float, float]:
        """Current crop relative to the automatic one: (zoom, degrees)."""
        doc = self.photos.current
        return doc.session.zoom_rotation() if doc is not None else (1.0, 0.0)

    def _apply_crop(self, change: Callable[[Any], Changes]) -> bool:
        """A crop change (drag, zoom, rotation, head line): the preview may skip the retouch for now."""
        self.crop_step = True
        try:
            return self._apply(change)
        finally:
            self.crop_step = False

    def _apply(self, change: Callable[[Any], Changes]) -> bool:
        """Run one session edit on the current photo; re-render and notify when it changed anything."""
        doc = self.photos.current
        changed = change(doc.session) if doc is not None else None
        if not changed:
            return False
        self._render(changed)
        self.editChanged.emit()
        return True


def _look_for(edit: Any, template: Any, remembered: Callable[[str], int]) -> Any:
    """The look after a template change: the retouch the clerk last chose for the new template (0 until
    they opt in: nobody's skin is smoothed unasked); None without a photo."""
    return None if edit is None else edit.look.but(retouch=remembered(template.id))
