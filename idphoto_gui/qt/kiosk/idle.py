"""Inactivity: after `timeout_s` without a touch a warning counts down `warning_s`, then the kiosk resets."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from ..common.i18n import plural
from .base import big_button, label

_INPUT = {QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin, QEvent.Type.KeyPress, QEvent.Type.Wheel,
          QEvent.Type.TabletPress}


class InactivityGuard(QObject):
    """Watches every input event of the application while armed; emits `warn(seconds)` then `expired`."""

    warn = Signal(int)        # seconds left (emitted each second of the warning)
    expired = Signal()
    resumed = Signal()        # the customer touched the screen during the warning

    def __init__(self, timeout_s: int, warning_s: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._idle = QTimer(self, singleShot=True, timeout=self._start_warning)
        self._tick = QTimer(self, interval=1000, timeout=self._count)
        self._left = 0
        self.armed = False
        self.configure(timeout_s, warning_s)
        QApplication.instance().installEventFilter(self)

    def configure(self, timeout_s: int, warning_s: int) -> None:
        """New times (from the operator menu); applies from the next touch."""
        self._idle.setInterval(max(1, int(timeout_s)) * 1000)
        self._warning_s = max(0, int(warning_s))

    def arm(self) -> None:
        """Start watching (a customer is in the flow)."""
        self.armed = True
        self.poke()

    def disarm(self) -> None:
        """Stop watching (the attract screen needs no timeout)."""
        self.armed = False
        self._idle.stop()
        self._tick.stop()

    @property
    def warning(self) -> bool:
        """True while the warning counts down."""
        return self._tick.isActive()

    def poke(self) -> None:
        """Input seen: restart the idle time and end a warning."""
        if not self.armed:
            return
        was_warning = self.warning
        self._tick.stop()
        self._idle.start()
        if was_warning:
            self.resumed.emit()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if self.armed and event.type() in _INPUT:
            self.poke()
        return False

    def _start_warning(self) -> None:
        self._left = self._warning_s
        if self._left <= 0:
            self._expire()
            return
        self.warn.emit(self._left)
        self._tick.start()

    def _count(self) -> None:
        self._left -= 1
        if self._left <= 0:
            self._expire()
        else:
            self.warn.emit(self._left)

    def _expire(self) -> None:
        self._tick.stop()
        self.armed = False
        self.expired.emit()


class WarningOverlay(QWidget):
    """'Are you still there?' over the whole window; any touch keeps the customer's session."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("kioskOverlay")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.title = label(self, "kioskTitle")
        self.body = label(self, "kioskBody")
        self.button = big_button(self, "kioskPrimary")
        self.button.clicked.connect(self.hide)
        box = QVBoxLayout(self)
        box.setSpacing(24)      # the button apart from the sentence above it, as on every other kiosk page
        box.addStretch(1)
        for w in (self.title, self.body):
            box.addWidget(w)
        box.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addStretch(1)
        self.hide()

    def show_seconds(self, seconds: int) -> None:
        """Show (or update) the countdown."""
        self.title.setText(self.tr("Are you still there?"))
        self.body.setText(plural(self.tr("For your privacy the kiosk starts again in %n second(s).", "", seconds),
                                  seconds))
        self.button.setText(self.tr("Continue"))
        self.setGeometry(self.parentWidget().rect())
        self.raise_()
        self.show()
