"""The wheel scrolls the panel: combo boxes, spin boxes and sliders take it only once clicked (focused)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QComboBox, QScrollArea, QWidget

GUARDED = (QComboBox, QAbstractSpinBox, QAbstractSlider)


class WheelGuard(QObject):
    """Event filter: a wheel over an unfocused value control goes to the scroll area instead."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self.scroll = scroll

    def guard(self, root: QWidget) -> int:
        """Install on every value control under `root` (call again after adding controls); returns the count."""
        n = 0
        for cls in GUARDED:
            for w in root.findChildren(cls):
                if w.property("wheelGuarded"):
                    continue
                w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # no focus from the wheel itself
                w.installEventFilter(self)
                w.setProperty("wheelGuarded", True)
                n += 1
        return n

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Wheel and isinstance(obj, QWidget) and not obj.hasFocus():
            bar = self.scroll.verticalScrollBar()
            bar.setValue(bar.value() - event.angleDelta().y() // 120 * bar.singleStep() * 3)
            return True
        return False
