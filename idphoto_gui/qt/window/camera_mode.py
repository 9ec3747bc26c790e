"""The camera page inside the main window: created on first use, fed the current template, photos go to the strip."""
from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QObject, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStackedWidget, QWidget

from .controller import Controller
from ..common.settings_file import PlainSettings
from ..widgets.banner import Banner

log = logging.getLogger(__name__)
translate = QCoreApplication.translate


class CameraMode(QObject):
    """Owns the lazily built CapturePage (QtMultimedia loads only when the camera is first opened)."""

    def __init__(self, parent: QWidget, stack: QStackedWidget, action: QAction, *, controller: Controller,
                 store: PlainSettings, banner: Banner, on_leave: Callable[[], None]) -> None:
        super().__init__(parent)
        self.controller = controller
        self.store = store
        self.banner = banner
        self.on_leave = on_leave
        self.stack = stack
        self.action = action
        self.page: Any = None
        self._back = 0
        action.setCheckable(True)
        action.toggled.connect(self.set_active)

    @property
    def active(self) -> bool:
        """True while the camera page is shown."""
        return self.page is not None and self.stack.currentWidget() is self.page

    @Slot(bool)
    def set_active(self, on: bool) -> None:
        """Show the live camera (on) or go back to the photo (off)."""
        if on and not self._ensure_page():
            self.action.setChecked(False)
            return
        if on:
            self._back = self.stack.currentIndex()
            self.page.set_template(self.controller.template())
            self.stack.setCurrentWidget(self.page)
        elif self.active:
            self.page.stop()
            self.stack.setCurrentIndex(self._back)
            self.on_leave()

    def _ensure_page(self) -> bool:
        if self.page is not None:
            return True
        try:
            from ..widgets.capture_page import CapturePage

            self.page = CapturePage(self.store, parent=self.stack)
        except Exception as exc:  # noqa: BLE001 - no multimedia backend must not break the window
            log.warning("camera unavailable: %s", exc)
            self.banner.show_message(
                "warning", translate("CameraMode", "The camera cannot be used"),
                translate("CameraMode", "The camera support of this system is missing; import photos instead."))
            return False
        self.stack.addWidget(self.page)
        self.page.captured.connect(self._captured)
        return True

    @Slot(object)
    def _captured(self, rgb: object) -> None:
        """A still from the camera becomes a new photo in the strip, analysed like any other."""
        self.action.setChecked(False)
        self.controller.open_array(rgb, translate("CameraMode", "Camera photo"))

    def template_changed(self) -> None:
        """Keep the live guide on the chosen template."""
        if self.page is not None:
            self.page.set_template(self.controller.template())

    def shutdown(self) -> None:
        """Release the camera on close."""
        if self.page is not None:
            self.page.shutdown()
