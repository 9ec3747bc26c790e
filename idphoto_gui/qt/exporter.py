"""Saving photos, cut-outs and print sheets in the I/O pool, plus the live sheet render (latest wins)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from .controller import Controller
from .images import rgb_to_qimage
from .workers import IO

log = logging.getLogger(__name__)

SHEET_DEBOUNCE_MS = 120


class Exporter(QObject):
    """Export requests carry a snapshot of the photo's state, so later edits never change a running save."""

    exported = Signal(str, str)          # kind ("photo", "cutout", "sheet"), path written
    exportFailed = Signal(str, object)   # kind, exception
    sheetReady = Signal(object, object)  # RenderedSheet, QImage

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.c = controller
        self.workers = controller.workers
        self._jobs: dict[int, str] = {}
        self._sheet_job = 0
        self.sheet: Any = None
        self.sheet_options: tuple[str, int | None] = ("4r", None)
        self.live = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SHEET_DEBOUNCE_MS)
        self._timer.timeout.connect(self._render_sheet)
        self.workers.succeeded.connect(self._on_done)
        self.workers.failed.connect(self._on_failed)
        controller.rendered.connect(self._on_rendered)

    def _snapshot(self) -> tuple[Any, Any, Any] | None:
        doc, result = self.c.photos.current, self.c.result
        if doc is None or result is None:
            return None
        return doc, result, doc.edit

    def save_photo(self, path: str, *, fmt: str, dpi: int, max_kb: int | None) -> bool:
        """Write the finished photo at `dpi` (JPEG/PNG) with an optional KB cap."""
        snap = self._snapshot()
        if snap is None:
            return False
        doc, result, e = snap
        fn = lambda: self.c.engine.export_photo(doc.analysis, result.template, colour=e.colour,  # noqa: E731
                                                crop=result.crop, path=path, fmt=fmt, dpi=dpi, max_kb=max_kb)
        self._submit("photo", fn, path)
        return True

    def save_cutout(self, path: str, *, dpi: int) -> bool:
        """Write the transparent PNG of the same crop."""
        snap = self._snapshot()
        if snap is None:
            return False
        doc, result, _e = snap
        fn = lambda: self.c.engine.export_cutout(doc.analysis, result.template, crop=result.crop,  # noqa: E731
                                                 path=path, dpi=dpi)
        self._submit("cutout", fn, path)
        return True

    def save_sheet(self, path: str) -> bool:
        """Write the print sheet for the current options (rendered in the job)."""
        snap = self._snapshot()
        if snap is None:
            return False
        doc, result, _e = snap
        paper, copies = self.sheet_options
        engine = self.c.engine

        def job() -> str:
            sheet = engine.sheet(result.rgb, result.template, paper_id=paper, copies=copies)
            return engine.save_sheet(sheet, path, source_path=doc.path)

        self._submit("sheet", job, path)
        return True

    def _submit(self, kind: str, fn, path: str) -> None:
        self._jobs[self.workers.submit(fn, pool=IO, kind=f"export-{kind}")] = kind

    def set_sheet_options(self, paper_id: str, copies: int | None) -> None:
        """Paper and copies for the live sheet and the next sheet export."""
        self.sheet_options = (paper_id, copies)
        self.c.settings.paper_id = paper_id
        self.c.settings.copies = copies or 0
        self.request_sheet()

    def set_live(self, live: bool) -> None:
        """Render the sheet continuously while the sheet view is visible."""
        self.live = live
        if live:
            self.request_sheet()

    def request_sheet(self) -> None:
        """Schedule a sheet render (debounced: a drag does not queue dozens of sheets)."""
        self._timer.start()

    @Slot(object)
    def _on_rendered(self, _result: object) -> None:
        if self.live:
            self.request_sheet()

    def _render_sheet(self) -> None:
        result = self.c.result
        if result is None:
            self.sheet = None
            self.sheetReady.emit(None, None)
            return
        paper, copies = self.sheet_options
        engine = self.c.engine

        def job() -> tuple[Any, Any]:
            sheet = engine.sheet(result.rgb, result.template, paper_id=paper, copies=copies)
            return sheet, rgb_to_qimage(sheet.rgb)

        if self._sheet_job:
            self.workers.cancel(self._sheet_job)
        self._sheet_job = self.workers.submit(job, pool=IO, kind="sheet-view")

    @Slot(int, object)
    def _on_done(self, job_id: int, result: object) -> None:
        if job_id == self._sheet_job:
            self._sheet_job = 0
            self.sheet, image = result  # type: ignore[misc]
            self.sheetReady.emit(self.sheet, image)
        elif job_id in self._jobs:
            self.c.settings.export_dir = str(Path(str(result)).parent)  # remembered once a save worked
            self.exported.emit(self._jobs.pop(job_id), str(result))

    @Slot(int, object)
    def _on_failed(self, job_id: int, exc: object) -> None:
        if job_id == self._sheet_job:
            self._sheet_job = 0
            if getattr(exc, "code", "") != "cancelled":
                log.info("sheet render failed: %s", exc)
                self.sheetReady.emit(None, None)
        elif job_id in self._jobs:
            self.exportFailed.emit(self._jobs.pop(job_id), exc)
