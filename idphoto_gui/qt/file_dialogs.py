"""Open/save dialogs with remembered folders, default names and the never-overwrite-the-original rule."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from ..core.errors import ExportError
from .engine import IMAGE_SUFFIXES, default_name, same_file
from .settings import AppSettings


translate = QCoreApplication.translate


def ask_open(parent: QWidget, settings: AppSettings) -> list[str]:
    """Pick one or more photos; remembers the folder."""
    patterns = " ".join(f"*{s}" for s in IMAGE_SUFFIXES)
    images, every = translate("FileDialogs", "Images"), translate("FileDialogs", "All files")
    files, _ = QFileDialog.getOpenFileNames(parent, translate("FileDialogs", "Open photos"), settings.import_dir,
                                            f"{images} ({patterns});;{every} (*)")
    if files:
        settings.import_dir = str(Path(files[0]).parent)
    return files


def ask_save(parent: QWidget, settings: AppSettings, *, source: str | None, template_id: str,
             kind: str, fmt: str = "JPEG") -> str | None:
    """A save path in the remembered export folder; refuses the source photo itself."""
    if kind == "photo":
        suffix = ".png" if fmt == "PNG" else ".jpg"
        filters = f"JPEG (*.jpg *.jpeg);;PNG (*.png)" if fmt != "PNG" else "PNG (*.png);;JPEG (*.jpg *.jpeg)"
        title = translate("FileDialogs", "Save ID photo")
        stem_tag = template_id
    elif kind == "cutout":
        suffix, filters, title, stem_tag = ".png", "PNG (*.png)", translate("FileDialogs", "Save transparent cut-out"), "cutout"
    else:
        suffix, filters, title = ".jpg", "JPEG (*.jpg);;PNG (*.png);;PDF (*.pdf)", translate("FileDialogs", "Save print sheet")
        stem_tag = f"{template_id}_sheet"
    start = str(Path(settings.export_dir) / default_name(source, stem_tag, suffix))
    path, chosen = QFileDialog.getSaveFileName(parent, title, start, filters)
    if not path:
        return None
    if not Path(path).suffix:
        path += ".png" if "PNG" in chosen else ".pdf" if "PDF" in chosen else suffix
    if same_file(path, source):
        raise ExportError(f"{path} is the original photo; choose another name.", path=path)
    return path
