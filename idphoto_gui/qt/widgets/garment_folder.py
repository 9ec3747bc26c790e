"""Settings -> Garments: the studio's own garment folder, what it holds and which files cannot be used (issue 38).

The folder is read off the GUI thread (a PNG without a JSON is decoded to find its anchors); the row says
how many garments it holds and names each file that cannot be used, with why, in plain words.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from ...core.body.garments import Garment, GarmentError, Problem, scan
from ..common.workers import IO, Workers
from ..common.i18n import plural
from .section import hint_label

translate = QCoreApplication.translate

SHOWN = 4   # problems named in the row; the rest counted


def read_folder(folder: str) -> tuple[tuple[Garment, ...], tuple[Problem, ...]]:
    """Every garment (built-in, then the studio folder's) and the folder's problems, with their pixels decoded
    (run on a worker)."""
    every, problems = scan(Path(folder) if folder else None)
    usable = []
    for g in every:
        try:
            g.pixels()     # built-in ones too: the thumbnails then cost the GUI thread a resize, not a decode
            usable.append(g)
        except GarmentError as exc:
            problems += (Problem.of(Path(g.path).name, exc),)
    return tuple(usable), problems


def is_own(g: Garment, folder: str | Path | None) -> bool:
    """True for a garment of the studio's folder (not a built-in one)."""
    return bool(folder) and Path(g.path).parent == Path(folder)


def problem_text(p: Problem) -> str:
    """One unusable file and what to do about it, in the window's language."""
    words = {
        "not_rgba": translate("GarmentFolder", "%1 has no transparency: save it as a PNG whose background and neck "
                                               "opening are transparent."),
        "empty": translate("GarmentFolder", "%1 is empty: the whole picture is transparent."),
        "no_opening": translate("GarmentFolder", "%1: no neck opening was found. Make the neck's opening "
                                                 "transparent, or set its anchors with Fit…"),
        "png_missing": translate("GarmentFolder", "%1 is missing: its description (JSON) has no picture beside it."),
        "unreadable": translate("GarmentFolder", "%1: its description (JSON) cannot be read; fit the garment again "
                                                 "to rewrite it."),
    }
    return words[p.code].replace("%1", p.file) if p.code in words else p.message


def folder_summary(count: int, problems: tuple[Problem, ...]) -> str:
    """"3 garments in this folder. 1 file cannot be used: …" for the settings row."""
    head = plural(translate("GarmentFolder", "%n garment(s) in this folder.", "", count), count)
    if not problems:
        return head
    n = len(problems)
    lines = [problem_text(p) for p in problems[:SHOWN]]
    if n > SHOWN:
        lines.append(translate("GarmentFolder", "…and %1 more.").replace("%1", str(n - SHOWN)))
    said = plural(translate("GarmentFolder", "%n file(s) cannot be used:", "", n), n)
    return "\n".join([f"{head} {said}", *lines])


class GarmentFolderRow(QWidget):
    """The folder field, Browse…, and what the folder holds (read off the GUI thread, latest wins)."""

    scanned = Signal(object, object)   # garments, problems of the folder as it is now in the field

    def __init__(self, folder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = QLineEdit(folder, self)
        self.field.setObjectName("garmentsFolder")
        self.field.setClearButtonEnabled(True)
        self.browse = QPushButton(self)
        self.browse.clicked.connect(self._browse)
        self.status = hint_label(self)
        self.status.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.field, 1)
        row.addWidget(self.browse)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        column.addLayout(row)
        column.addWidget(self.status)
        self.workers = Workers(self)
        self._found: tuple = ((), ())
        self._timer = QTimer(self, singleShot=True, interval=300)
        self._timer.timeout.connect(self.rescan)
        self.field.textChanged.connect(lambda _t: self._timer.start())
        self.retranslate()
        self.rescan()

    def folder(self) -> str:
        """The folder in the field ("" = none)."""
        return self.field.text().strip()

    def rescan(self) -> None:
        """Read the folder in the field again (off the GUI thread)."""
        folder = self.folder()
        if not folder:
            self._show((), ())
            return
        if not Path(folder).is_dir():
            self.status.setText(self.tr("This folder does not exist."))
            self._fit()
            return
        self.status.setText(self.tr("Reading the folder…"))
        self.workers.submit(lambda: read_folder(folder), pool=IO, kind="garments", lane=("garments",),
                            on_done=lambda found: self._show(*found),
                            on_failed=lambda exc: self.status.setText(str(exc)))

    def _show(self, every, problems) -> None:
        self._found = (every, problems)
        own = [g for g in every if is_own(g, self.folder())]
        self.status.setText(folder_summary(len(own), problems) if self.folder() else
                            self.tr("Only the built-in garments are offered."))
        self._fit()
        self.scanned.emit(every, problems)

    def _fit(self) -> None:
        """The dialog grows with the words (wrapped lines in a form do not ask for room by themselves)."""
        self.status.setMinimumHeight(self.status.heightForWidth(max(360, self.width())))
        if self.window() is not self and self.window().isVisible():
            self.window().adjustSize()

    def retranslate(self) -> None:
        self.browse.setText(self.tr("Browse…"))
        self.field.setPlaceholderText(self.tr("A folder of garment PNGs (transparent background and neck)"))
        if self._found != ((), ()) or not self.folder():
            self._show(*self._found)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.status.setMinimumHeight(self.status.heightForWidth(max(360, self.width())))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Garments folder"), self.folder())
        if folder:
            self.field.setText(folder)
            self.rescan()

    def shutdown(self) -> None:
        """Let a running read finish before the dialog goes."""
        self.workers.wait(5000)
