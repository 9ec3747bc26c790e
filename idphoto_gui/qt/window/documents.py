"""Qt-free list of the open photos: each one's photo session (core) plus load/analysis status and thumbnails."""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from ...core.render.history import Edit, History
from ...core.imaging.imageio import LoadedImage
from ...core.analysis.pipeline import Analysis
from ...core.render.result import PhotoResult
from ...core.render.session import PhotoSession


class Status(str, Enum):
    """Where a photo is in its life: drives the strip badge and the preview overlay."""

    LOADING = "loading"
    ANALYSING = "analysing"
    READY = "ready"
    FAILED = "failed"
    CANCELLED = "cancelled"


class Picture(Protocol):
    """A picture a worker made for the screen (a QImage), named by what the window reads of it, so this
    module stays Qt-free."""

    def width(self) -> int: ...

    def height(self) -> int: ...

    def isNull(self) -> bool: ...  # noqa: N802 - Qt's name


@dataclass(frozen=True)
class WarmRender:
    """The analysis worker's first render of a photo and the edit it is of; shown once if still current."""

    edit: Edit
    result: PhotoResult | None     # None when the worker could not render it (the window renders again)


_keys = itertools.count(1)


@dataclass(eq=False)
class PhotoDoc:
    """One photo in the strip: its source, its load/analysis result and its edits."""

    name: str
    session: PhotoSession
    path: str | None = None
    key: int = field(default_factory=lambda: next(_keys))
    status: Status = Status.LOADING
    image: LoadedImage | None = None
    error: BaseException | None = None
    face_index: int | None = None
    job_id: int = 0            # the photo's running load/analysis job (0: none)
    thumb: Picture | None = None      # the strip's thumbnail (built in the worker)
    preview: Picture | None = None    # the working image for the original view (built in the worker)
    warm_render: WarmRender | None = None   # rendered by the analysis worker, used once
    fails: bool = False        # a check of its last render fails (the strip's badge)
    judged: tuple = ()         # a turned face's findings (pose with its angle, what could still be judged)
    digest: str | None = None  # pixel digest of the working image: finds its analysis in the caches
    parked_model: str = ""     # the matting model a parked photo's analysis is rebuilt with ('' = not parked)
    opened: float = field(default_factory=time.time)   # when it came into the strip (clearing old ones)

    @property
    def edit(self) -> Edit:
        """The edit currently shown."""
        return self.session.edit

    @property
    def history(self) -> History:
        """The photo's undo history."""
        return self.session.history

    @property
    def analysis(self) -> Analysis | None:
        """The core Analysis once the models ran (None before)."""
        return self.session.analysis

    @property
    def model_id(self) -> str | None:
        """The matting model of its analysis, held or parked (None before one exists): what an order records."""
        a = self.session.analysis
        if a is not None:
            return a.model_id
        return self.parked_model if self.session.parked and self.parked_model else None

    @property
    def analysed(self) -> bool:
        """An analysis exists, held or parked (dropped to bound memory, rebuilt from the caches)."""
        return self.session.analysis is not None or self.session.parked

    @property
    def finished(self) -> bool:
        """Done with: analysed (or failed for good), nothing running; what "clear finished" removes."""
        return not self.busy and (self.analysed or self.status in (Status.FAILED, Status.CANCELLED))

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

    def add(self, doc: PhotoDoc, *, after: PhotoDoc | None = None) -> int:
        """Append a photo, or put it right after `after` (one photo's people stay together); its position."""
        pos = self.position(after.key) + 1 if after is not None else 0
        pos = pos if pos > 0 else len(self.items)
        self.items.insert(pos, doc)
        if 0 <= pos <= self.index:
            self.index += 1                      # the photo on screen stays the same one
        return pos

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
