"""Saving photos, cut-outs and print sheets in the I/O pool, plus the live sheet (latest wins).

Every file and every sheet is rendered by the photo's core session at the output's dpi (never the
on-screen preview), from a snapshot of the edit, so later edits never change a running save.
"""
from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QImage

from ...core.render.history import Edit
from ...core.render.session import PhotoSession
from ...core.render.result import Target
from ...core.sheets.sheet import RenderedSheet
from .controller import Controller
from ..common.images import rgb_to_qimage
from ..common.workers import IO

log = logging.getLogger(__name__)

SHEET_DEBOUNCE_MS = 120
SHEET_DPI = 300  # the same default as `idphoto sheet`
SHEET_LANE = "sheet-view"


def write_photo(session: PhotoSession, edit: Edit, source: str | None, *, path: str, fmt: str, dpi: int,
                max_kb: int | None) -> str:
    """Render at `dpi` and write atomically (JPEG/PNG, KB cap); never over the source."""
    from ...core.render.photo import save_result

    result = session.renderer.render(edit, Target.export(dpi))
    return str(save_result(result, path, fmt=fmt, max_kb=max_kb, source_path=source).path)


def write_cutout(session: PhotoSession, edit: Edit, source: str | None, *, path: str, dpi: int) -> str:
    """The transparent PNG of the same crop."""
    from ...core.imaging.export import save_cutout

    result = session.renderer.render(edit, Target(dpi, strict=True, source_checks=False))
    return str(save_cutout(session.renderer.cutout(edit, result), path, dpi=dpi, source_path=source).path)


def build_sheet(session: PhotoSession, edit: Edit, *, paper_id: str, copies: int | None,
                dpi: int = SHEET_DPI) -> RenderedSheet:
    """Lay out and render a print sheet of one photo from its export render at the sheet's dpi."""
    from ...core.sheets.sheet import one_photo_sheet

    return one_photo_sheet(session.renderer.render(edit, Target.export(dpi)), paper=paper_id, copies=copies)


def write_sheet(session: PhotoSession, edit: Edit, source: str | None, *, path: str, paper_id: str,
                copies: int | None) -> str:
    """Render the sheet and write it (.jpg/.png/.pdf), refusing to overwrite the source."""
    from ...core.sheets.sheet import save_sheet

    sheet = build_sheet(session, edit, paper_id=paper_id, copies=copies)
    return str(save_sheet(sheet, path, source_paths=[source] if source else []))


def write_contact_sheet(photos: list[tuple[str, PhotoSession, Edit]], *, path: str, note_of, title: str,
                        source_paths: tuple[str, ...] = ()) -> str:
    """Every strip photo rendered by its own session, then core/contact_sheet.py's review page(s)."""
    from ...core.sheets.contact_sheet import ContactEntry, save_contact_sheet

    entries = []
    for name, session, edit in photos:
        try:
            result = session.renderer.render(edit, Target.export())
        except Exception as exc:  # noqa: BLE001 - a photo that cannot be made is shown as failed
            entries.append(ContactEntry(name, None, "failed", note_of(exc)))
            continue
        bad = [f for f in result.findings if f.severity in ("fail", "warn")]
        bad.sort(key=lambda f: f.severity != "fail")
        entries.append(ContactEntry(name, result.rgb, bad[0].severity if bad else "ok",
                                    note_of(bad[0]) if bad else ""))
    return str(save_contact_sheet(entries, path, title=title, source_paths=source_paths)[0])


class Exporter(QObject):
    """Export requests carry a snapshot of the photo's session and edit; results come back as signals."""

    exported = Signal(str, str)          # kind ("photo", "cutout", "sheet"), path written
    exportFailed = Signal(str, object)   # kind, exception
    sheetReady = Signal(object, object)  # RenderedSheet, QImage

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.c = controller
        self.workers = controller.workers
        self.sheet: RenderedSheet | None = None
        self.sheet_options: tuple[str, int | None] = ("4r", None)
        self.live = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SHEET_DEBOUNCE_MS)
        self._timer.timeout.connect(self._render_sheet)
        controller.rendered.connect(self._on_rendered)

    def _snapshot(self) -> tuple[PhotoSession, Edit, str | None] | None:
        doc = self.c.photos.current
        if doc is None or self.c.result is None:
            return None
        return doc.session, doc.edit, doc.path

    def save_photo(self, path: str, *, fmt: str, dpi: int, max_kb: int | None) -> bool:
        """Write the finished photo at `dpi` (JPEG/PNG) with an optional KB cap."""
        return self._export("photo", lambda s, e, src: write_photo(s, e, src, path=path, fmt=fmt, dpi=dpi,
                                                                   max_kb=max_kb))

    def save_cutout(self, path: str, *, dpi: int) -> bool:
        """Write the transparent PNG of the same crop."""
        return self._export("cutout", lambda s, e, src: write_cutout(s, e, src, path=path, dpi=dpi))

    def save_sheet(self, path: str) -> bool:
        """Write the print sheet for the current options (rendered in the job)."""
        paper, copies = self.sheet_options
        return self._export("sheet", lambda s, e, src: write_sheet(s, e, src, path=path, paper_id=paper,
                                                                   copies=copies))

    def save_contact_sheet(self, path: str, *, note_of, title: str) -> bool:
        """Thumbnails of every ready photo in the strip with its name and worst finding (PDF/PNG/JPEG)."""
        photos = [(d.name, d.session, d.edit) for d in self.c.photos.items if d.analysed]
        if not photos:
            return False
        sources = tuple(d.path for d in self.c.photos.items if d.path)   # a page never replaces a strip photo
        self.workers.submit(lambda: write_contact_sheet(photos, path=path, note_of=note_of, title=title,
                                                        source_paths=sources), pool=IO,
                            kind="export-contact", on_done=lambda p: self._exported("contact", str(p)),
                            on_failed=lambda exc: self.exportFailed.emit("contact", exc))
        return True

    def _export(self, kind: str, write) -> bool:
        snap = self._snapshot()
        if snap is None:
            return False
        self.workers.submit(lambda: write(*snap), pool=IO, kind=f"export-{kind}",
                            on_done=lambda path: self._exported(kind, str(path)),
                            on_failed=lambda exc: self.exportFailed.emit(kind, exc))
        return True

    def _exported(self, kind: str, path: str) -> None:
        self.c.settings.export_dir = str(Path(path).parent)  # remembered once a save worked
        self.exported.emit(kind, path)

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

    def _on_rendered(self, _result: object) -> None:
        if self.live:
            self.request_sheet()

    def _render_sheet(self) -> None:
        snap = self._snapshot()
        if snap is None:
            self.sheet = None
            self.sheetReady.emit(None, None)
            return
        session, edit, _src = snap
        paper, copies = self.sheet_options

        def job() -> tuple[RenderedSheet, QImage]:
            sheet = build_sheet(session, edit, paper_id=paper, copies=copies)
            return sheet, rgb_to_qimage(sheet.rgb)

        self.workers.submit(job, pool=IO, kind="sheet-view", lane=SHEET_LANE,
                            on_done=self._sheet_done, on_failed=self._sheet_failed)

    def prepare_print(self, on_ready, on_failed) -> bool:
        """Render the current photo's sheet for print in a worker (never a stale live sheet); `on_ready(sheet)`
        on the GUI thread. False when there is no photo to print."""
        snap = self._snapshot()
        if snap is None:
            return False
        session, edit, _src = snap
        paper, copies = self.sheet_options
        self.workers.submit(lambda: build_sheet(session, edit, paper_id=paper, copies=copies), pool=IO,
                            kind="sheet-print", lane="sheet-print", on_done=on_ready, on_failed=on_failed)
        return True

    def _sheet_done(self, result: tuple[RenderedSheet, QImage]) -> None:
        self.sheet, image = result
        self.sheetReady.emit(self.sheet, image)

    def _sheet_failed(self, exc: object) -> None:
        if getattr(exc, "code", "") != "cancelled":
            log.info("sheet render failed: %s", exc)
            self.sheet = None
            self.sheetReady.emit(None, None)
