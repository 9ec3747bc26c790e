"""Edit commands of the controller: template, colour, crop gestures, undo/redo (no model, no I/O)."""
from __future__ import annotations

import time
from typing import Any

from .documents import Edit, edited

COALESCE_S = 0.8  # changes of one gesture closer than this become one undo step


class EditCommands:
    """Mixed into Controller: needs photos, result, settings, engine, _render, editChanged, _group."""

    def edit(self) -> Edit | None:
        """The current photo's edit."""
        doc = self.photos.current
        return doc.edit if doc else None

    def template(self) -> Any:
        """Template of the current photo (or the saved default)."""
        e = self.edit()
        return self.engine.template(e.template_id if e else self.settings.template_id)

    def set_template(self, template_id: str) -> None:
        """New template: automatic crop again; the colour follows if the old one is not allowed."""
        template = self.engine.template(template_id)
        self.settings.template_id = template.id
        e = self.edit()
        if e is None or e.template_id == template.id:
            return
        allowed = [c.upper() for c in template.backgrounds]
        colour = e.colour if e.colour.upper() in allowed or not allowed else template.default_background
        self._commit(edited(e, template_id=template.id, crop=None, colour=colour))
        self.settings.colour = colour

    def set_colour(self, colour: str) -> None:
        """New background colour (re-composite only)."""
        self.settings.colour = colour
        e = self.edit()
        if e is not None:
            self._commit(edited(e, colour=colour.upper()))

    def move_by(self, dx: float, dy: float, group: str = "drag") -> None:
        """Drag in output pixels."""
        crop = self._crop()
        if crop is not None:
            mx, my = self.engine.output_delta(crop, self.result.pixel_size, dx, dy)
            self._commit(edited(self.edit(), crop=crop.moved(mx, my)), group)

    def zoom_by(self, factor: float) -> None:
        """Wheel zoom (factor > 1 = head larger)."""
        crop = self._crop()
        if crop is not None:
            self._commit(edited(self.edit(), crop=crop.zoomed(factor)), "wheel")

    def set_zoom(self, zoom: float, finished: bool = True) -> None:
        """Absolute zoom relative to the automatic crop (1.0 = automatic size)."""
        crop, auto = self._crop(), self._auto()
        if crop is not None and auto is not None:
            current = auto.height / crop.height
            self._commit(edited(self.edit(), crop=crop.zoomed(zoom / current)), None if finished else "zoom")

    def set_rotation(self, degrees: float, finished: bool = True) -> None:
        """Rotation added to the automatic roll correction."""
        crop, auto = self._crop(), self._auto()
        if crop is not None and auto is not None:
            delta = auto.angle_deg + degrees - crop.angle_deg
            self._commit(edited(self.edit(), crop=crop.rotated(delta)), None if finished else "rotate")

    def end_gesture(self) -> None:
        """The next change starts a new undo step."""
        self._group = None

    def reset_crop(self) -> None:
        """Back to the automatic crop."""
        e = self.edit()
        if e is not None and e.crop is not None:
            self._commit(edited(e, crop=None))

    def undo(self) -> None:
        doc = self.photos.current
        if doc is not None and doc.history.can_undo():
            doc.history.undo()
            self._group = None
            self._changed()

    def redo(self) -> None:
        doc = self.photos.current
        if doc is not None and doc.history.can_redo():
            doc.history.redo()
            self._group = None
            self._changed()

    def zoom_rotation(self) -> tuple[float, float]:
        """Current crop relative to the automatic one: (zoom, degrees)."""
        crop, auto = self._crop(), self._auto()
        if crop is None or auto is None:
            return 1.0, 0.0
        return auto.height / crop.height, crop.angle_deg - auto.angle_deg

    def _crop(self) -> Any:
        return self.result.crop if self.result is not None else None

    def _auto(self) -> Any:
        doc = self.photos.current
        entry = doc.cached.get(("auto", doc.edit.template_id)) if doc else None
        return entry[0] if entry else None

    def _commit(self, edit: Edit, group: str | None = None) -> None:
        doc = self.photos.current
        now = time.monotonic()
        same = group is not None and self._group is not None and self._group[0] == group \
            and now - self._group[1] < COALESCE_S
        if same:
            doc.history.replace_top(edit)
        elif not doc.history.push(edit):
            return
        self._group = (group, now) if group else None
        self._changed()

    def _changed(self) -> None:
        self._render()
        self.editChanged.emit()

