"""Qt-free state of the open photos: per-photo edits with an undo/redo history, and load/analysis status."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

import numpy as np

MAX_HISTORY = 200


class Status(str, Enum):
    """Where a photo is in its life: drives the strip badge and the preview overlay."""

    LOADING = "loading"
    ANALYSING = "analysing"
    READY = "ready"
    FAILED = "failed"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Edit:
    """Everything the user chose for one photo; `crop is None` means the automatic crop."""

    template_id: str
    colour: str
    crop: Any = None  # core.geometry.Crop or None


class History:
    """Linear undo/redo of Edit values; a drag is coalesced into one step by `replace_top`."""

    def __init__(self, initial: Edit) -> None:
        self._states: list[Edit] = [initial]
        self._pos = 0

    @property
    def current(self) -> Edit:
        """The edit shown now."""
        return self._states[self._pos]

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
        return self._pos > 0

    def can_redo(self) -> bool:
        return self._pos < len(self._states) - 1

    def undo(self) -> Edit:
        """Step back; returns the state now current."""
        if self.can_undo():
            self._pos -= 1
        return self.current

    def redo(self) -> Edit:
        """Step forward; returns the state now current."""
        if self.can_redo():
            self._pos += 1
        return self.current


_keys = itertools.count(1)


@dataclass(eq=False)
class PhotoDoc:
    """One photo in the strip: its source, its load/analysis result and its edits."""

    name: str
    history: History
    path: str | None = None
    key: int = field(default_factory=lambda: next(_keys))
    status: Status = Status.LOADING
    image: Any = None          # core.imageio.LoadedImage
    analysis: Any = None       # core.pipeline.Analysis
    error: BaseException | None = None
    face_index: int | None = None
    request_id: int = 0        # the latest job for this photo; older results are dropped
    thumb: np.ndarray | None = None
    preview: Any = None        # QImage of the working image (built in the worker)
    cached: dict = field(default_factory=dict)  # per-photo caches that die with it (e.g. auto crops)

    @property
    def edit(self) -> Edit:
        """The edit currently shown."""
        return self.history.current

    @property
    def busy(self) -> bool:
        """Loading or analysing."""
        return self.status in (Status.LOADING, Status.ANALYSING)


class Photos:
    """The ordered list of open photos and which one is current."""

    def __init__(self) -> None:
        self.items: list[PhotoDoc] = []
        self.index = -1

    @property
    def current(self) -> PhotoDoc | None:
        """The photo on screen, if any."""
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def add(self, doc: PhotoDoc) -> int:
        """Append a photo; returns its position."""
        self.items.append(doc)
        return len(self.items) - 1

    def by_key(self, key: int) -> PhotoDoc | None:
        """Find a photo by its stable key (positions move when photos are removed)."""
        return next((d for d in self.items if d.key == key), None)

    def position(self, key: int) -> int:
        """Position of a photo by key, -1 if gone."""
        return next((i for i, d in enumerate(self.items) if d.key == key), -1)

    def remove(self, key: int) -> None:
        """Close a photo; the current index stays on a neighbour."""
        pos = self.position(key)
        if pos < 0:
            return
        del self.items[pos]
        if self.index >= len(self.items) or pos < self.index:
            self.index = max(-1, self.index - 1) if self.items else -1
        if self.items and self.index < 0:
            self.index = 0

    def step(self, delta: int) -> int:
        """Move to the next/previous photo (wrapping); returns the new index."""
        if self.items:
            self.index = (self.index + delta) % len(self.items)
        return self.index


def edited(edit: Edit, **changes: Any) -> Edit:
    """A copy of an edit with some fields changed (helper for readability)."""
    return replace(edit, **changes)
