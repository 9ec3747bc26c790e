"""The edits of a photo session: template, background, drag, zoom, rotation, head lines, reset.

Each records one step in the session's history (a gesture is one step) and returns what it changed
(history.Changes, false when nothing did); none runs a model.
"""
from __future__ import annotations

import numpy as np

from ..geometry import placement
from .backgrounds import background_for
from .history import NOTHING, Changes, Edit
from ..templates.colours import Background
from ..templates.template import Template
from ..geometry.placement import Crop


class SessionEdits:
    """Mixed into PhotoSession: needs history, edit, ready, template(), crop(), auto_crop(), preview()."""

    def _commit(self, edit: Edit, group: str | None = None) -> Changes:
        """Record one step (coalesced within a gesture `group`); what it changed."""
        before = self.edit
        return Changes.step(before, self.edit) if self.history.commit(edit, group) else NOTHING

    def set_template(self, template: Template, *, look=None) -> Changes:
        """New template: automatic crop again; the background follows if the old one is not allowed there,
        and the photo's own is kept only where it meets the template's rule (else its colour, in the same step);
        `look` (retouch/look.Look), when given, is set in the same undo step."""
        e = self.edit
        if e.template == template:
            return NOTHING
        changed = self.history.commit(e.but(template=template, crop=None, look=e.look if look is None else look,
                                            background=background_for(template, e.background)))
        if changed:
            self.settle_original()
        return Changes.step(e, self.edit) if changed else NOTHING

    def set_background(self, background: Background) -> Changes:
        """New background: a colour (re-blend only), or Background.ORIGINAL to keep the photo's own."""
        return self._commit(self.edit.but(background=background))

    def set_look(self, look, *, finished: bool = True) -> Changes:
        """New light, colour or retouch settings (retouch/look.Look); a slider drag is one undo step."""
        return self._commit(self.edit.but(look=look), None if finished else "look")

    def move_by(self, dx: float, dy: float, *, out_size: tuple[int, int], group: str = "drag") -> Changes:
        """Drag the photo by (dx, dy) pixels of an output of `out_size` (exact for a rotated crop too)."""
        crop = self._crop_or_none()
        if crop is None:
            return NOTHING
        m = placement.output_to_source_matrix(crop, int(out_size[0]), int(out_size[1]))
        mx, my = float(m[0, 0] * dx + m[0, 1] * dy), float(m[1, 0] * dx + m[1, 1] * dy)
        return self._commit(self.edit.but(crop=crop.moved(mx, my)), group)

    def zoom_by(self, factor: float) -> Changes:
        """Wheel zoom (factor > 1 = head larger)."""
        crop = self._crop_or_none()
        return NOTHING if crop is None else self._commit(self.edit.but(crop=crop.zoomed(factor)), "wheel")

    def set_zoom(self, zoom: float, *, finished: bool = True) -> Changes:
        """Absolute zoom relative to the automatic crop (1.0 = automatic size)."""
        crop, auto = self._crop_or_none(), self._auto_or_none()
        if crop is None or auto is None:
            return NOTHING
        edit = self.edit.but(crop=crop.zoomed(zoom / (auto.height / crop.height)))
        return self._commit(edit, None if finished else "zoom")

    def set_rotation(self, degrees: float, *, finished: bool = True) -> Changes:
        """Rotation added to the automatic roll correction."""
        crop, auto = self._crop_or_none(), self._auto_or_none()
        if crop is None or auto is None:
            return NOTHING
        edit = self.edit.but(crop=crop.rotated(auto.angle_deg + degrees - crop.angle_deg))
        return self._commit(edit, None if finished else "rotate")

    def reset_crop(self) -> Changes:
        """Back to the automatic crop (and the estimated crown and chin)."""
        e = self.edit
        if (e.crop, e.crown, e.chin) == (None, None, None):
            return NOTHING
        return self._commit(e.but(crop=None, crown=None, chin=None))

    def undo(self) -> Changes:
        """One step back in the history; what it changed."""
        if not self.history.can_undo():
            return NOTHING
        before = self.edit
        return Changes.step(before, self.history.undo())

    def redo(self) -> Changes:
        """One step forward in the history; what it changed."""
        if not self.history.can_redo():
            return NOTHING
        before = self.edit
        return Changes.step(before, self.history.redo())

    def set_head_line(self, which: str, y: float, *, out_size: tuple[int, int]) -> Changes:
        """Move the crown or the chin line to row `y` of an output of `out_size`; the crop follows.

        For a hat, big hair, a beard or a bald head the estimate can be wrong: the user's line is kept
        with the photo, the automatic crop is made around it, and a drag is one undo step.
        """
        if which not in ("crown", "chin") or not self.ready or self.template().is_pair:
            return NOTHING   # a pair has two crowns and two chins: drag and zoom the crop instead
        r = self.preview(out_size[0] / self.template().pixel_size()[0])
        x = r.bands.centre_x + r.measurements.centre_offset_mm * out_size[0] / r.template.width_mm
        to_source = placement.output_to_source_matrix(r.crop, *out_size)
        point = tuple(float(v) for v in placement.map_points(to_source, np.array([[x, y]]))[0])
        return self._commit(self.edit.but(crop=None, **{which: point}), which)

    def zoom_rotation(self) -> tuple[float, float]:
        """The current crop relative to the automatic one: (zoom, degrees)."""
        crop, auto = self._crop_or_none(), self._auto_or_none()
        if crop is None or auto is None:
            return 1.0, 0.0
        return auto.height / crop.height, crop.angle_deg - auto.angle_deg

    def _crop_or_none(self) -> Crop | None:
        return self.crop() if self.ready else None

    def _auto_or_none(self) -> Crop | None:
        return self.auto_crop() if self.ready else None
