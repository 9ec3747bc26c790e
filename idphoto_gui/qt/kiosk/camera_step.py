"""The camera step: the capture page (live guide, 3-2-1 countdown, best of 3), made anew for each customer.

A fresh page per customer means its last frame, guide results and stills go with the customer;
the studio toggles (mirror, timer, burst, camera list) are fixed by the kiosk and hidden.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QToolButton, QWidget

from ..common import camera as cam
from ..widgets.capture_page import CAMERA_FAILURES, KEY_BURST, KEY_MIRROR, KEY_TIMER, CapturePage
from ..common.camera_qt import SETTINGS_KEY
from .base import MemorySettings, Page, big_button, label
from .text import BAD_SHOT

log = logging.getLogger(__name__)

FOLDER_PREFIX = "folder:"   # kiosk.json "camera": "folder:PATH": a tethered camera's hot folder is the camera

SourceFactory = Callable[[MemorySettings], "cam.FrameSource | None"]


# A tethered camera writes a shot in seconds; one that settled and still does not decode after this long is a
# camera fault the customer and the operator are told of (the window's hot folder waits 120 s for slow shares).
FOLDER_GIVE_UP_S = 15.0


class CameraStep(Page):
    """Title and hint above the live view; Back below; `captured(rgb)` or `fault(code)` out."""

    captured = Signal(object)
    fault = Signal(str)
    back = Signal()

    def __init__(self, source_factory: SourceFactory | None, camera_id: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._factory = source_factory
        self._camera_id = camera_id
        self.page: CapturePage | None = None
        self.hint = label(self, "kioskBody", align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.back_button = big_button(self)
        self.back_button.clicked.connect(self.back)
        self.layout_.setContentsMargins(32, 24, 32, 24)
        self._row = QHBoxLayout()         # the hint beside Back: the live view keeps the height of a 768 px screen
        self._row.setSpacing(32)
        self._row.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignBottom)
        self._row.addWidget(self.hint, 1)
        self.layout_.addLayout(self._row)
        self.retranslate()

    def begin(self, template: Any) -> None:
        """A new capture page for this customer and document."""
        self.end()
        self.retranslate()                # the words fit the camera: a button, or the photographer's
        if self._camera_id.startswith(FOLDER_PREFIX):
            self._begin_folder(self._camera_id[len(FOLDER_PREFIX):])
            return
        settings = MemorySettings({KEY_MIRROR: "true", KEY_TIMER: "true", KEY_BURST: "true",
                                   SETTINGS_KEY: self._camera_id})
        source = self._factory(settings) if self._factory is not None else None
        page = CapturePage(settings, source=source, template=template, burst_size=3, parent=self)
        page.setObjectName("kioskCapture")
        for w in page.findChildren(QToolButton) + page.findChildren(QComboBox):
            w.hide()                      # fixed by the kiosk: mirror on, 3-2-1 countdown, best of 3
        page.captured.connect(self.captured)
        page.source().failed.connect(self._on_failed)
        self.layout_.insertWidget(1, page, 1)
        self.page = page

    def _begin_folder(self, folder: str) -> None:
        """The photographer's camera writes into `folder`: the newest shot after this point is the photo."""
        from ..common.hot_folder import HotFolder
        from ..common.workers import Workers

        if getattr(self, "_workers", None) is None:
            self._workers = Workers(self)
        page = label(self, "kioskBody")
        page.setObjectName("kioskFolderWait")
        page.setText(self.tr("The photographer takes your photo now. It appears here in a moment."))
        self.layout_.insertWidget(1, page, 1)
        self.page = page
        self.hot = HotFolder(self._workers, folder, give_up_s=FOLDER_GIVE_UP_S, parent=self)
        self.hot.arrived.connect(lambda paths, p=page: self._shot(p, paths[-1]))
        self.hot.damaged.connect(lambda _paths, p=page: self.page is p and self._bad_shot())
        self.hot.availability.connect(lambda ok: ok or self._on_failed(cam.NO_CAMERA))

    def _shot(self, page: Any, path: str) -> None:
        """The newest shot: decoded in a worker, then `captured` like a camera still."""
        if self.page is not page:
            return
        self.hot.stop()
        log.info("kiosk: photo from the hot folder: %s", path)
        self._workers.submit(lambda: cam._decode(path), kind="kiosk-folder-still",
                             on_done=lambda rgb: self.page is page and self.captured.emit(rgb),
                             on_failed=lambda exc: self.page is page and self._on_failed(cam.CAMERA_ERROR))

    def set_camera(self, camera_id: str) -> None:
        """The operator's camera (device id; "" = the system default), used from the next customer."""
        self._camera_id = camera_id

    def end(self) -> None:
        """Release the camera and forget everything the page saw."""
        page, self.page = self.page, None
        hot, self.hot = getattr(self, "hot", None), None
        if hot is not None:
            hot.stop()
            hot.deleteLater()
        if page is not None:
            if hasattr(page, "shutdown"):
                page.shutdown()
            page.hide()
            page.setParent(None)
            page.deleteLater()

    def _bad_shot(self) -> None:
        """The camera software's shot never decodes: the customer retakes, the operator reads what to check."""
        log.error("kiosk: the tethered camera's shot cannot be read")
        self.fault.emit(BAD_SHOT)

    def _on_failed(self, code: str) -> None:
        if code in CAMERA_FAILURES:
            log.error("kiosk: camera fault %s", code)
            self.fault.emit(code)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Look at the camera"))
        if self._camera_id.startswith(FOLDER_PREFIX):     # no red button: the photographer's camera
            self.hint.setText(self.tr("Look at the photographer's camera and keep still."))
        else:
            self.hint.setText(self.tr("Follow the hints, then press the red button. "
                                      "After 3-2-1 we take three photos and keep the best."))
        self.back_button.setText(self.tr("Back"))
