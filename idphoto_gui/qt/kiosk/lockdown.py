"""Lock-down: the shortcuts that would leave the kiosk or open a dialog are swallowed application-wide."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence

_BLOCKED_KEYS = (QKeySequence.StandardKey.Quit, QKeySequence.StandardKey.Close, QKeySequence.StandardKey.Open,
                 QKeySequence.StandardKey.Save, QKeySequence.StandardKey.SaveAs, QKeySequence.StandardKey.Print,
                 QKeySequence.StandardKey.Preferences, QKeySequence.StandardKey.New,
                 QKeySequence.StandardKey.FullScreen, QKeySequence.StandardKey.HelpContents)


class KeyLock(QObject):
    """Swallows the shortcuts that would leave the kiosk or open a dialog (Ctrl+Q, Ctrl+O, F1, ...)."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride):
            if any(event.matches(k) for k in _BLOCKED_KEYS) or event.key() in (Qt.Key.Key_F4, Qt.Key.Key_F11):
                event.accept()
                return True
        return False
