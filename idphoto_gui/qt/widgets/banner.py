"""An in-window message strip (error, warning, info, success) with an optional action and a close button."""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from ..common.icons import icon

KINDS = {"error": ("error", "#C93C3C"), "warning": ("warning", "#A86A00"),
         "info": ("info", "#2F6FDE"), "success": ("ok", "#1E8A50")}


class Banner(QFrame):
    """Shown above the preview; never modal, so the window keeps working."""

    actionClicked = Signal(str)
    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.kind = ""
        self._action_id = ""
        self.icon = QLabel(self)
        self.title = QLabel(self)
        self.title.setObjectName("bannerTitle")
        self.text = QLabel(self)
        self.text.setObjectName("bannerText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.action = QPushButton(self)
        self.action.setObjectName("bannerAction")
        self.close_button = QToolButton(self)
        self.close_button.setIcon(icon("close"))
        self.close_button.setAutoRaise(True)
        texts = QVBoxLayout()
        texts.setSpacing(1)
        texts.addWidget(self.title)
        texts.addWidget(self.text)
        row = QHBoxLayout(self)
        row.setContentsMargins(14, 10, 8, 10)
        row.setSpacing(12)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(texts, 1)
        row.addWidget(self.action, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.action.clicked.connect(lambda: self.actionClicked.emit(self._action_id))
        self.close_button.clicked.connect(self.dismiss)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.dismiss)
        self.hide()

    def show_message(self, kind: str, title: str, text: str = "", *, action: str = "",
                     action_id: str = "", timeout_ms: int = 0) -> None:
        """Show a message; `timeout_ms` > 0 hides it later (for success notes)."""
        name, colour = KINDS.get(kind, KINDS["info"])
        self.kind = kind
        self.setProperty("kind", kind)
        self.style().unpolish(self)
        self.style().polish(self)
        self.icon.setPixmap(icon(name, colour).pixmap(22, 22))
        self.title.setText(title)
        self.text.setText(text)
        self.text.setVisible(bool(text))
        self._action_id = action_id
        self.action.setText(action)
        self.action.setVisible(bool(action))
        self.show()
        if timeout_ms:
            self._timer.start(timeout_ms)
        else:
            self._timer.stop()

    def dismiss(self) -> None:
        """Hide the banner."""
        if self.isVisible():
            self.hide()
            self.kind = ""
            self.dismissed.emit()
