"""First screen: a large drop target that says what to do, with open/paste buttons."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..common.icons import MUTED, ON_ACCENT, app_icon, icon


class EmptyState(QWidget):
    """Shown until the first photo is opened; highlights while a drag hovers."""

    openRequested = Signal()
    pasteRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emptyState")
        self._hover = False
        self.logo = QLabel(self)
        self.logo.setPixmap(app_icon().pixmap(72, 72))
        self.logo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel(self)
        self.title.setObjectName("emptyTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle = QLabel(self)
        self.subtitle.setObjectName("emptySubtitle")
        self.subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle.setWordWrap(True)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("primary")
        self.open_button.setIcon(icon("open", ON_ACCENT))
        self.paste_button = QPushButton(self)
        self.paste_button.setIcon(icon("paste"))
        self.steps = QLabel(self)
        self.steps.setObjectName("emptySteps")
        self.steps.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.steps.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.setSpacing(10)
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.paste_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(60, 40, 60, 40)
        layout.addStretch(3)
        layout.addWidget(self.logo)
        layout.addSpacing(12)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addSpacing(18)
        layout.addLayout(buttons)
        layout.addSpacing(28)
        layout.addWidget(self.steps)
        layout.addStretch(4)
        self.open_button.clicked.connect(self.openRequested)
        self.paste_button.clicked.connect(self.pasteRequested)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(self.tr("Drop photos here"))
        self.subtitle.setText(self.tr("JPEG, PNG, HEIC, TIFF or WebP — several photos or a whole folder at once"))
        self.open_button.setText(self.tr("Open photos…"))
        self.open_button.setToolTip(self.tr("Open photos (Ctrl+O)"))
        self.paste_button.setText(self.tr("Paste"))
        self.paste_button.setToolTip(self.tr("Paste a photo from the clipboard (Ctrl+V)"))
        self.steps.setText(self.tr("1  Open a photo    2  Pick the template and background    3  Save or print"))

    def set_drag_hover(self, hover: bool) -> None:
        """Highlight the drop zone while files are dragged over the window."""
        self._hover = hover
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#E4E6EA"))
        zone = QRectF(self.rect()).adjusted(28, 28, -28, -28)
        p.setBrush(QColor("#EEF3FD") if self._hover else QColor("#F4F5F7"))
        pen = QPen(QColor("#2F6FDE") if self._hover else QColor(MUTED), 2 if self._hover else 1.4)
        pen.setDashPattern([6, 5])
        p.setPen(pen)
        p.drawRoundedRect(zone, 18, 18)
        p.end()
