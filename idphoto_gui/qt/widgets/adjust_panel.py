"""Manual crop controls: zoom and rotate sliders, undo/redo and back-to-automatic."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QGridLayout, QHBoxLayout, QLabel, QSlider, QToolButton, QVBoxLayout,
                               QWidget)

from ..common.icons import icon
from .section import hint_label

ZOOM_RANGE = (70, 150)       # percent of the automatic head size
ROTATE_RANGE = (-100, 100)   # tenths of a degree


class AdjustPanel(QWidget):
    """Emits absolute zoom (1.0 = automatic) and rotation (degrees added to the automatic roll fix)."""

    zoomChanged = Signal(float, bool)       # value, finished (False while the slider is held)
    rotationChanged = Signal(float, bool)
    undoRequested = Signal()
    redoRequested = Signal()
    resetRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zoom = self._slider(*ZOOM_RANGE, 100)
        self.rotate = self._slider(*ROTATE_RANGE, 0)
        self.zoom_label, self.rotate_label = QLabel(self), QLabel(self)
        self.zoom_value, self.rotate_value = QLabel(self), QLabel(self)
        for v in (self.zoom_value, self.rotate_value):
            v.setObjectName("value")
            v.setMinimumWidth(48)
            v.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(6)
        grid.addWidget(self.zoom_label, 0, 0)
        grid.addWidget(self.zoom, 0, 1)
        grid.addWidget(self.zoom_value, 0, 2)
        grid.addWidget(self.rotate_label, 1, 0)
        grid.addWidget(self.rotate, 1, 1)
        grid.addWidget(self.rotate_value, 1, 2)
        self.undo_button = self._button("undo")
        self.redo_button = self._button("redo")
        self.reset_button = self._button("reset")
        self.reset_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.undo_button.clicked.connect(self.undoRequested)
        self.redo_button.clicked.connect(self.redoRequested)
        self.reset_button.clicked.connect(self.resetRequested)
        buttons = QHBoxLayout()
        buttons.setSpacing(6)
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.redo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.reset_button)
        self.hint = hint_label(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addLayout(grid)
        layout.addLayout(buttons)
        layout.addWidget(self.hint)
        self.zoom.valueChanged.connect(self._zoom_moved)
        self.rotate.valueChanged.connect(self._rotate_moved)
        self.zoom.sliderReleased.connect(lambda: self.zoomChanged.emit(self.zoom.value() / 100, True))
        self.rotate.sliderReleased.connect(lambda: self.rotationChanged.emit(self.rotate.value() / 10, True))
        self.set_values(1.0, 0.0)
        self.retranslate()

    def _slider(self, lo: int, hi: int, value: int) -> QSlider:
        s = QSlider(Qt.Orientation.Horizontal, self)
        s.setRange(lo, hi)
        s.setValue(value)
        s.setPageStep(5)
        return s

    def _button(self, name: str) -> QToolButton:
        b = QToolButton(self)
        b.setIcon(icon(name))
        b.setAutoRaise(False)
        return b

    def retranslate(self) -> None:
        self.zoom_label.setText(self.tr("Zoom"))
        self.rotate_label.setText(self.tr("Rotate"))
        self.undo_button.setToolTip(self.tr("Undo (Ctrl+Z)"))
        self.redo_button.setToolTip(self.tr("Redo (Ctrl+Shift+Z)"))
        self.reset_button.setText(self.tr("Automatic"))
        self.reset_button.setToolTip(self.tr("Back to the automatic crop"))
        self.hint.setText(self.tr("Drag the photo to move it, scroll to zoom. Drag the top-of-head or chin "
                                 "line if a hat, hair or a beard misleads it."))

    def set_values(self, zoom: float, rotation: float) -> None:
        """Show the current crop's zoom and rotation without emitting."""
        for slider, value in ((self.zoom, round(zoom * 100)), (self.rotate, round(rotation * 10))):
            if not slider.isSliderDown():
                slider.blockSignals(True)
                slider.setValue(value)
                slider.blockSignals(False)
        self._labels()

    def set_history(self, can_undo: bool, can_redo: bool) -> None:
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)

    def _labels(self) -> None:
        self.zoom_value.setText(f"{self.zoom.value()}%")
        self.rotate_value.setText(f"{self.rotate.value() / 10:+.1f}°")

    def _zoom_moved(self, value: int) -> None:
        self._labels()
        self.zoomChanged.emit(value / 100, not self.zoom.isSliderDown())

    def _rotate_moved(self, value: int) -> None:
        self._labels()
        self.rotationChanged.emit(value / 10, not self.rotate.isSliderDown())
