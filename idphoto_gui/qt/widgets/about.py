"""About box: version, licence, bundled models with their licences, and third-party components."""
from __future__ import annotations

import html
import logging

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from ... import __version__
from ...core.paths import resources_dir
from ..common.icons import app_icon

log = logging.getLogger(__name__)

COMPONENTS = (
    ("Qt 6 / PySide6", "LGPL-3.0"),
    ("ONNX Runtime", "MIT"),
    ("OpenCV", "Apache-2.0"),
    ("Pillow", "HPND (MIT-CMU)"),
    ("NumPy", "BSD-3-Clause"),
)


def model_rows() -> list[tuple[str, str, str]]:
    """(name, licence, source) of every bundled model, from models/manifest.json."""
    try:
        from ...core.models import manifest

        return [(m.name, m.licence, m.source) for m in manifest().values()]
    except Exception as exc:  # noqa: BLE001 - the about box must open even with a broken manifest
        log.warning("cannot read the model manifest: %s", exc)
        return []


class AboutDialog(QDialog):
    """Read-only, with every licence in one scrollable page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(self.tr("About idphoto"))
        logo = QLabel(self)
        logo.setPixmap(app_icon().pixmap(64, 64))
        version = self.tr("Version %1").replace("%1", __version__)
        title = QLabel(f"<b style='font-size:18pt'>idphoto</b><br><span style='color:#6B7280'>{version}</span>", self)
        head = QHBoxLayout()
        head.addWidget(logo)
        head.addWidget(title, 1)
        self.body = QTextBrowser(self)
        self.body.setOpenExternalLinks(False)
        self.body.setHtml(self._html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        layout.addLayout(head)
        layout.addWidget(self.body, 1)
        layout.addWidget(buttons)
        self.resize(620, 560)

    def _html(self) -> str:
        e = html.escape
        rows = "".join(f"<p style='margin:4px 0'><b>{e(n)}</b> — {e(lic)}<br>"
                       f"<span style='color:#6B7280; font-size:small'>{e(src)}</span></p>"
                       for n, lic, src in model_rows())
        comps = "".join(f"<tr><td>{e(n)}</td><td><b>{e(lic)}</b></td></tr>" for n, lic in COMPONENTS)
        folder = e(str(resources_dir() / "licenses"))
        intro = e(self.tr("An offline ID-photo studio: cut-out, standard crop, checks and print sheets. "
                          "Nothing leaves this computer."))
        gpl = e(self.tr("idphoto is free software: you can redistribute it and/or modify it under the terms "
                        "of the GNU General Public License, version 3 or (at your option) any later version."))
        texts = e(self.tr("Full licence texts are in %1 and in models/licenses.")).replace("%1", folder)
        models, parts = e(self.tr("Bundled models")), e(self.tr("Third-party components"))
        return (f"<p>{intro}</p><p>{gpl} <b>GPL-3.0-or-later</b></p>"
                f"<h4>{models}</h4>{rows}"
                f"<h4>{parts}</h4><table cellspacing='6'>{comps}</table>"
                f"<p style='color:#6B7280'>{texts}</p>")
