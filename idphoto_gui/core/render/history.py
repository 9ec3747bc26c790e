"""One photo's edits (template, background, crop) with linear undo/redo; a gesture is one step."""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..geometry.placement import Crop, Point
from ..templates.colours import Background
from ..templates.template import Template
from .retouch.look import Look

MAX_HISTORY = 200
COALESCE_S = 0.8  # changes of one gesture closer than this become one undo step


@dataclass(frozen=True)
class Edit:
    """Everything the user chose for one photo; `crop is None` means the automatic crop."""

    template: Template
    background: Background
    crop: Crop | None = None
    crown: Point | None = None   # the user's top of the head (source px); None: estimated from the matte
    chin: Point | None = None    # the user's chin (source px); None: the face mesh's
    look: Look = Look()          # light, colour and retouch (retouch/look.py); the default changes nothing

    def but(self, **changes: Any) -> "Edit":
        """A copy with some fields changed."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Changes:
    """What an edit changed (Anki's OpChanges): the window refreshes those panels, not every one; false when
    nothing changed."""

    template: bool = False
    background: bool = False
    crop: bool = False       # the crop, or the crown or chin line it is made around
    look: bool = False       # light, colour, retouch or garment
    history: bool = False    # a step was recorded, undone or redone (the undo and redo buttons)

    def __bool__(self) -> bool:
        return self.template or self.background or self.crop or self.look or self.history

    @classmethod
    def step(cls, before: Edit, after: Edit) -> "Changes":
        """A history step from `before` to `after`: the fields that differ (an undo may change any of them)."""
        return cls(template=before.template != after.template, background=before.background != after.background,
                   crop=(before.crop, before.crown, before.chin) != (after.crop, after.crown, after.chin),
                   look=before.look != after.look, history=True)


NOTHING = Changes()
EVERYTHING = Changes(template=True, background=True, crop=True, look=True, history=True)


class History:
    """Linear undo/redo of Edit values; changes of one named gesture (a drag) coalesce into one step."""

    def __init__(self, initial: Edit, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._states: list[Edit] = [initial]
        self._pos = 0
        self._clock = clock
        self._group: tuple[str, float] | None = None

    @property
    def current(self) -> Edit:
        """The edit shown now."""
        return self._states[self._pos]

    def commit(self, edit: Edit, group: str | None = None) -> bool:
        """Record a change; within the same gesture `group` it replaces the top. False if nothing changed."""
        now = self._clock()
        same = (group is not None and self._group is not None and self._group[0] == group
                and now - self._group[1] < COALESCE_S)
        if same:
            self.replace_top(edit)
        elif not self.push(edit):
            return False
        self._group = (group, now) if group else None
        return True

    @property
    def gesture(self) -> str | None:
        """The gesture whose changes are still being grouped ('drag', 'zoom', 'look'...), else None."""
        return self._group[0] if self._group else None

    def end_gesture(self) -> None:
        """The next change starts a new undo step."""
        self._group = None

    def push(self, edit: Edit) -> bool:
        """Record a new state (drops the redo branch); no-op when nothing changed."""
        if edit == self.current:
            return False
        del self._states[self._pos + 1:]
        self._states.append(edit)
        if len(self._states) > MAX_HISTORY:
            del self._states[0]
        self._pos = len(self._states) - 1
        return True

    def replace_top(self, edit: Edit) -> None:
        """Change the current state in place (continuing the same drag or slider move)."""
        del self._states[self._pos + 1:]
        self._states[self._pos] = edit

    def can_undo(self) -> bool:
        """True when there is a step to go back to."""
        return self._pos > 0

    def can_redo(self) -> bool:
        """True when an undone step can be redone."""
        return self._pos < len(self._states) - 1

    def undo(self) -> Edit:
        """Step back; returns the state now current."""
        self._group = None
        if self.can_undo():
            self._pos -= 1
        return self.current

    def redo(self) -> Edit:
        """Step forward; returns the state now current."""
        self._group = None
        if self.can_redo():
            self._pos += 1
        return self.current
