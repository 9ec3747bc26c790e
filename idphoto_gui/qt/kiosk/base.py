"""Kiosk building blocks: touch-sized buttons, a retranslating page, settings that never touch the disk."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ..common.images import rgb_to_qimage
from ..common.settings_file import PlainSettings

TOUCH_PX = 57          # 15 mm at 96 dpi: the smallest target a customer or operator gets
BUTTON_PX = 96         # the main buttons of each step


class MemorySettings(PlainSettings):
    """Settings kept in memory only: the capture page's toggles never reach a file (and no QSettings
    is made, which would read, and decode, the window's preferences file)."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        super().__init__(None)
        for key, value in (values or {}).items():
            self.setValue(key, value)


def big_button(parent: QWidget, name: str = "kioskButton", *, height: int = BUTTON_PX,
               checkable: bool = False) -> QPushButton:
    """A large push button (never smaller than the touch minimum), styled by object name."""
    b = QPushButton(parent)
    b.setObjectName(name)
    b.setCheckable(checkable)
    b.setMinimumSize(QSize(max(2 * TOUCH_PX, height * 2), max(TOUCH_PX, height)))
    b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return b


def label(parent: QWidget, name: str, *, wrap: bool = True,
          align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> QLabel:
    """A styled label (wrapping by default so no translation is cut off)."""
    lab = QLabel(parent)
    lab.setObjectName(name)
    lab.setWordWrap(wrap)
    lab.setAlignment(align)
    return lab


class Page(QWidget):
    """One step: a title on top, content, a row of buttons; `retranslate` runs on language changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kioskPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.title = label(self, "kioskTitle")
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(48, 40, 48, 40)
        self.layout_.setSpacing(28)
        self.layout_.addWidget(self.title)

    def retranslate(self) -> None:
        """Set every visible string (override)."""

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def portrait(self) -> bool:
        """True on a tall screen (the layouts stack instead of sitting side by side)."""
        return self.height() > self.width()


def orient(box: QBoxLayout, portrait: bool) -> None:
    """Stack a side-by-side layout on a portrait screen."""
    box.setDirection(QBoxLayout.Direction.TopToBottom if portrait else QBoxLayout.Direction.LeftToRight)


class PhotoView(QWidget):
    """Shows a photo as large as its space allows, never asking for more room (no layout feedback)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kioskPhoto")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(QSize(160, 200))
        self._image: QImage | None = None

    def set_rgb(self, rgb: Any) -> None:
        """A photo (RGB array) to show, or None to forget it."""
        self._image = rgb_to_qimage(rgb).copy() if rgb is not None else None
        self.update()

    def has_photo(self) -> bool:
        return self._image is not None

    def paintEvent(self, _event) -> None:
        if self._image is None:
            return
        size = self._image.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        x, y = (self.width() - size.width()) / 2, (self.height() - size.height()) / 2
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.drawImage(QRectF(x, y, size.width(), size.height()), self._image)
        p.end()


class PhotoStep(Page):
    """The photo beside (portrait: above) a column of content; one button bottom left, the main one right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layout_.setContentsMargins(48, 24, 48, 24)      # the checks of a photo need the height
        self.layout_.setSpacing(16)
        self.photo = PhotoView(self)
        self.side = QVBoxLayout()
        self.body = QHBoxLayout()
        self.body.addWidget(self.photo, 1)
        self.body.addLayout(self.side, 1)
        self.left_button = big_button(self)
        self.right_button = big_button(self, "kioskPrimary")
        row = QHBoxLayout()
        row.addWidget(self.left_button)
        row.addStretch(1)
        row.addWidget(self.right_button)
        self.layout_.addLayout(self.body, 1)
        self.layout_.addLayout(row)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        orient(self.body, self.portrait())
