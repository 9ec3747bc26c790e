"""The slower compliance checks (background, face) run in the pool; the session caches them per crop."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from ..common.workers import IO, Workers

LANE = "source-checks"


def merged(quick: tuple, slow: tuple | None) -> tuple:
    """All findings, worst first (stable within a severity)."""
    from ...core.render.compliance import worst_first

    return worst_first((*quick, *(slow or ())))


class SlowChecks(QObject):
    """Keeps the GUI thread free of the source-image checks while the user drags the crop (latest wins)."""

    ready = Signal()

    def __init__(self, workers: Workers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers = workers

    def request(self, session: Any) -> None:
        """Compute the current edit's source findings in a worker unless the session has them already."""
        if session.source_findings(compute=False) is not None:
            return
        edit = session.edit
        self.workers.submit(lambda: session.renderer.source_findings(edit), pool=IO, kind="checks", lane=LANE,
                            on_done=lambda _found: self.ready.emit())
