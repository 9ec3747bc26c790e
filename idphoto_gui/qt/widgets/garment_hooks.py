"""The window's studio garments (issue 38): the folder from Settings, read off the GUI thread into the Clothing
control, the fitting view, and "Make a garment from this photo" (the cut runs on a worker)."""
from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QLineEdit,
                               QVBoxLayout, QWidget)

from ...core.body import garment_cut
from ...core.body.garment import KINDS, GarmentError
from ...core.body.garments import find, studio_folder, use_studio_folder
from ..common.workers import IO
from .garment_fitting import FittingDialog
from .garment_folder import is_own, read_folder
from .section import hint_label

log = logging.getLogger(__name__)


translate = QCoreApplication.translate


def refusal_text(exc: GarmentError, face_h: float = 0.0, have: float = 0.0) -> str:
    """Why a photo gives no garment, in the window's language (the core's words for the rarer cases)."""
    if exc.code == "no_face":
        return translate("GarmentHooks", "No face was found: a garment is cut below the chin, so use a photo of "
                                         "a person or a mannequin whose face shows.")
    if exc.code == "no_room" and face_h > 0:
        more = max(1, round(garment_cut.room_needed(face_h) - have))
        return (translate("GarmentHooks", "The photo ends %1 face heights below the chin; a garment needs %2 (%3 "
                                          "px more). Use a photo taken from farther away that shows the shoulders "
                                          "and the chest.")
                .replace("%1", f"{have / face_h:.2f}").replace("%2", f"{garment_cut.ROOM:.1f}")
                .replace("%3", str(more)))
    if exc.code == "exists":
        return translate("GarmentHooks", "A garment of that name is already in the folder: choose another name "
                                         "(nothing was replaced).")
    return str(exc)


class MakeDialog(QDialog):
    """The new garment's name and whose it is."""

    def __init__(self, name: str, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("makeGarmentDialog")
        self.setWindowTitle(self.tr("Make a garment from this photo"))
        self.name = QLineEdit(name, self)
        self.kind = QComboBox(self)
        for k, words in zip(KINDS, (self.tr("Men"), self.tr("Women"), self.tr("Children"))):
            self.kind.addItem(words, k)
        note = hint_label(self)
        note.setText(self.tr("The clothing below the collar is cut out of the photo (the head and the neck left "
                        "transparent) and saved in %1 as a PNG with its anchors.").replace("%1", str(folder)))
        self.problem = hint_label(self)
        self.problem.hide()
        buttons = QDialogButtonBox(self)     # own buttons: a standard one retranslates itself to "OK"
        buttons.addButton(self.tr("Make"), QDialogButtonBox.ButtonRole.AcceptRole).setDefault(True)
        buttons.addButton(self.tr("Cancel"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("For"), self.kind)
        column = QVBoxLayout(self)
        column.addWidget(note)
        column.addLayout(form)
        column.addWidget(self.problem)
        column.addWidget(buttons)
        self.setMinimumWidth(480)

    def accept(self) -> None:
        try:
            garment_cut.check_name(self.name.text().strip())
        except GarmentError:
            self.problem.setText(self.tr("Use letters, digits, '-' and '_' for the name (it names the files)."))
            self.problem.show()
            return
        super().accept()


class GarmentHooks:
    """Wires the Clothing control to the studio's folder, the fitting view and the garment cut."""

    def __init__(self, window) -> None:
        self.w = window
        self.picker = window.ui.clothing
        self.workers = window.controller.workers
        use_studio_folder(Path(window.settings.garments_dir) if window.settings.garments_dir else None)
        self.picker.fitRequested.connect(self.fit)
        self.picker.makeRequested.connect(self.make)
        self.picker.can_make = self._can_make
        self.reload()

    def folder_changed(self, folder: str) -> None:
        """Settings -> Garments changed: the control offers the new folder's garments at once."""
        use_studio_folder(Path(folder) if folder else None)
        self.reload(rerender=True)

    def reload(self, *, rerender: bool = False) -> None:
        """Read the studio folder off the GUI thread, then fill the control (problems said under it)."""
        folder = studio_folder()

        def done(found) -> None:
            every, problems = found
            self.picker.fill(every, {g.id for g in every if is_own(g, folder)}, problems)
            if rerender:
                self._rerender()

        self.workers.submit(lambda: read_folder(str(folder) if folder else ""), pool=IO, kind="garments",
                            lane=("garments",), on_done=done,
                            on_failed=lambda exc: log.warning("garment folder not read: %s", exc))

    def _can_make(self) -> bool:
        """A photo is on screen, analysed: it can be made into a garment."""
        doc = self.w.controller.photos.current
        return doc is not None and not doc.busy and doc.analysis is not None

    def _rerender(self) -> None:
        doc = self.w.controller.photos.current
        if doc is not None:
            self.w.controller.select(doc.key)   # renders again: the garment's anchors may have changed

    def fit(self, gid: str) -> None:
        """The fitting view for a studio garment; saving re-reads the folder and renders again."""
        try:
            g = find(gid, studio_folder())
            dialog = FittingDialog(g, self.w)
        except GarmentError as exc:
            self.w.ui.banner.show_message("error", translate("GarmentHooks", "This garment cannot be fitted"),
                                          str(exc))
            return
        dialog.saved.connect(lambda _gid: self.reload(rerender=True))
        dialog.exec()

    def make(self) -> None:
        """Ask a name (and the folder, when none is set), then cut the photo's clothing on a worker."""
        doc = self.w.controller.photos.current
        if doc is None or doc.analysis is None:
            return
        folder = studio_folder()
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(self.w, translate("GarmentHooks",
                                                                        "Choose the studio's garment folder"))
            if not chosen:
                return
            self.w.settings.garments_dir = chosen
            use_studio_folder(Path(chosen))
            folder = Path(chosen)
        stem = Path(doc.name).stem.lower().replace(" ", "-")
        base = "".join(ch for ch in stem if ch.isalnum() or ch in "-_").strip("-_") or "garment"
        dialog = MakeDialog(garment_cut.free_name(folder, base[:48]), folder, self.w)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        name, kind = dialog.name.text().strip(), str(dialog.kind.currentData())
        a = doc.analysis
        face_h = (a.face.chin[1] - a.face.forehead[1]) if a.face is not None else 0.0
        have = a.image.rgb.shape[0] - a.face.chin[1] if a.face is not None else 0.0

        def cut() -> float:
            c = garment_cut.cut_garment(a.image.rgb, a.matte.alpha, a.face, kind)
            garment_cut.save(c, folder, name, kind=kind, source=f"cut from {doc.name}")
            return c.bare

        def done(bare: float) -> None:
            title = translate("GarmentHooks", "Garment made: %1").replace("%1", name)
            if bare > garment_cut.BARE_MAX:
                self.w.ui.banner.show_message("warning", title, translate(
                    "GarmentHooks", "%1 % of it is coloured like skin: bare arms or a hand would be pasted on with "
                                    "it. Look at it before using it, or use a photo of the garment on a mannequin.")
                    .replace("%1", f"{100 * bare:.0f}"))
            else:
                self.w.ui.banner.show_message("success", title, translate(
                    "GarmentHooks", "It is in the Clothing list; Fit this garment… adjusts its points."),
                    timeout_ms=6000)
            self.reload()

        def failed(exc) -> None:
            words = refusal_text(exc, face_h, have) if isinstance(exc, GarmentError) else str(exc)
            self.w.ui.banner.show_message("error", translate("GarmentHooks", "No garment was made"), words)

        self.w.ui.banner.show_message("info", translate("GarmentHooks", "Making the garment…"))
        self.workers.submit(cut, pool=IO, kind="garment-cut", on_done=done, on_failed=failed)
