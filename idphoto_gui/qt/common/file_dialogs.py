"""Open/save dialogs with remembered folders, default names and the never-overwrite-the-original rule."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from ...core.errors import ExportError
from ...core.paths import resources_dir
from ...core.imaging.files import same_file
from ...core.imaging.imageio import PHOTO_SUFFIXES
from ...core.desktop.engine import default_name
from .settings import AppSettings


translate = QCoreApplication.translate
_LOC = QStandardPaths.StandardLocation


def _program_dir() -> Path:
    """The folder the program runs from (source tree or bundle): never a place for the user's files."""
    return resources_dir().resolve().parent


def start_folder(*candidates: str | None) -> str:
    """The first candidate that exists and is not inside the program's folder, else the home folder."""
    program = _program_dir()
    for c in candidates:
        if not c:
            continue
        path = Path(c).expanduser()
        try:
            inside = path.resolve().is_relative_to(program)
        except OSError:
            continue
        if path.is_dir() and not inside:
            return str(path)
    return str(Path.home())


def _standard(location: QStandardPaths.StandardLocation) -> str:
    return QStandardPaths.writableLocation(location)


def open_folder(settings: AppSettings) -> str:
    """Open: the last import folder, else Pictures, else home."""
    return start_folder(settings.import_dir, _standard(_LOC.PicturesLocation))


def save_folder(settings: AppSettings) -> str:
    """Save: the last export folder, else Pictures, else Documents, else home."""
    return start_folder(settings.export_dir, _standard(_LOC.PicturesLocation), _standard(_LOC.DocumentsLocation))


def ask_open(parent: QWidget, settings: AppSettings) -> list[str]:
    """Pick one or more photos; remembers the folder."""
    patterns = " ".join(f"*{s}" for s in PHOTO_SUFFIXES)
    images, every = translate("FileDialogs", "Images"), translate("FileDialogs", "All files")
    files, _ = QFileDialog.getOpenFileNames(parent, translate("FileDialogs", "Open photos"), open_folder(settings),
                                            f"{images} ({patterns});;{every} (*)")
    if files:
        settings.import_dir = str(Path(files[0]).parent)
    return files


def ask_save(parent: QWidget, settings: AppSettings, *, source: str | None, template_id: str,
             kind: str, fmt: str = "JPEG") -> str | None:
    """A save path in the remembered export folder; refuses the source photo itself."""
    if kind == "photo":
        suffix = ".png" if fmt == "PNG" else ".jpg"
        filters = "JPEG (*.jpg *.jpeg);;PNG (*.png)" if fmt != "PNG" else "PNG (*.png);;JPEG (*.jpg *.jpeg)"
        title = translate("FileDialogs", "Save ID photo")
        stem_tag = template_id
    elif kind == "cutout":
        suffix, filters, title, stem_tag = ".png", "PNG (*.png)", translate("FileDialogs", "Save transparent cut-out"), "cutout"
    elif kind == "contact":
        suffix, filters, title = ".pdf", "PDF (*.pdf);;PNG (*.png);;JPEG (*.jpg)", translate("FileDialogs", "Save contact sheet")
        stem_tag, source = "contact_sheet", None
    else:
        suffix, filters, title = ".jpg", "JPEG (*.jpg);;PNG (*.png);;PDF (*.pdf)", translate("FileDialogs", "Save print sheet")
        stem_tag = f"{template_id}_sheet"
    start = str(Path(save_folder(settings)) / default_name(source, stem_tag, suffix))
    path, chosen = QFileDialog.getSaveFileName(parent, title, start, filters)
    if not path:
        return None
    if not Path(path).suffix:
        path += ".png" if "PNG" in chosen else ".pdf" if "PDF" in chosen else suffix
    if source and same_file(path, source):
        raise ExportError(f"{path} is the original photo; choose another name.", path=path)
    return path
