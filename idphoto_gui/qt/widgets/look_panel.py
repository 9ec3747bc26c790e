"""Light, colour and retouch controls: automatic light, three hand sliders, retouch strength, compare."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QSlider, QToolButton, QVBoxLayout, QWidget

from ...core.render.retouch.look import HAND_RANGE, RETOUCH_RANGE, Look
from ..common.icons import icon
from .section import hint_label

SLIDERS = ("brightness", "contrast", "warmth", "retouch")


class LookPanel(QWidget):
    """Emits the whole Look on every change; retouch is disabled, with the reason, where a document forbids it."""

    lookChanged = Signal(object, bool)   # Look, finished (False while a slider is held)
    compareToggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = Look()
        self._alteration = "free"
        self._shown_ok = False   # set_state has run: the controls show (_look, _alteration)
        self.auto = QCheckBox(self)
        self.sliders: dict[str, QSlider] = {}
        self.labels: dict[str, QLabel] = {}
        self.values: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(6)
        for row, name in enumerate(SLIDERS):
            lo, hi = RETOUCH_RANGE if name == "retouch" else HAND_RANGE
            s = QSlider(Qt.Orientation.Horizontal, self)
            s.setRange(lo, hi)
            s.setPageStep(5)
            s.setObjectName(f"look_{name}")
            s.valueChanged.connect(lambda _v, n=name: self._moved(n))
            s.sliderReleased.connect(lambda: self._emit(True))
            self.sliders[name], self.labels[name], self.values[name] = s, QLabel(self), QLabel(self)
            self.values[name].setObjectName("value")
            self.values[name].setMinimumWidth(40)
            self.values[name].setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(self.labels[name], row, 0)
            grid.addWidget(s, row, 1)
            grid.addWidget(self.values[name], row, 2)
        self.reason = hint_label(self)
        self.compare = QToolButton(self)
        self.compare.setCheckable(True)
        self.compare.setIcon(icon("original"))
        self.compare.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.compare.toggled.connect(self.compareToggled)
        self.hint = hint_label(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(self.auto)
        layout.addLayout(grid)
        layout.addWidget(self.reason)
        layout.addWidget(self.compare)
        layout.addWidget(self.hint)
        self.auto.toggled.connect(lambda _on: self._emit(True))
        self.retranslate()
        self.set_state(Look(), "free")

    def look(self) -> Look:
        """The Look the controls show."""
        v = {n: self.sliders[n].value() for n in SLIDERS}
        if self._alteration == "none":
            v["retouch"] = self._look.retouch   # kept with the edit, not applied; the finding says so
        return self._look.but(light="auto" if self.auto.isChecked() else "off", brightness=v["brightness"],
                              contrast=v["contrast"], warmth=v["warmth"], retouch=v["retouch"])   # the garment kept

    def set_state(self, look: Look, alteration: str) -> None:
        """Show an edit's Look for a template's alteration rule, without emitting (nothing to do when the
        controls already show it: every edit re-sends it)."""
        if (look, alteration) == (self._look, self._alteration) and self._shown_ok:
            return
        self._look, self._alteration, self._shown_ok = look, alteration, True
        self.auto.blockSignals(True)
        self.auto.setChecked(look.light == "auto")
        self.auto.blockSignals(False)
        for name in SLIDERS:
            s = self.sliders[name]
            if not s.isSliderDown():
                s.blockSignals(True)
                s.setValue(0 if name == "retouch" and alteration == "none" else getattr(look, name))
                s.blockSignals(False)
        allowed = alteration != "none"
        self.sliders["retouch"].setEnabled(allowed)
        self.labels["retouch"].setEnabled(allowed)
        self._show_values()
        self._reason()

    def retranslate(self) -> None:
        self.auto.setText(self.tr("Automatic light and colour"))
        self.auto.setToolTip(self.tr("Exposure and white balance from the face's own skin and the neutral "
                                     "clothing and background"))
        names = {"brightness": self.tr("Brightness"), "contrast": self.tr("Contrast"),
                 "warmth": self.tr("Warmth"), "retouch": self.tr("Retouch")}
        for name, text in names.items():
            self.labels[name].setText(text)
        self.sliders["retouch"].setToolTip(self.tr("Skin smoothing that keeps pores, blemish removal and "
                                                   "under-eye lightening; the face is never reshaped"))
        self.compare.setText(self.tr("Compare before and after"))
        self.hint.setText(self.tr("Hold B to see the photo as taken."))
        self._reason()

    def _reason(self) -> None:
        """One sentence on what the template allows."""
        texts = {"none": self.tr("This document allows no retouching: only light and colour may be corrected."),
                 "light": self.tr("This document allows blemish removal only; the skin is not smoothed.")}
        self.reason.setText(texts.get(self._alteration, ""))
        if self.reason.isHidden() == (self._alteration in texts):   # showing or hiding re-lays the panel out
            self.reason.setVisible(self._alteration in texts)

    def _show_values(self) -> None:
        for name in SLIDERS:
            v = self.sliders[name].value()
            self.values[name].setText(str(v) if name == "retouch" else f"{v:+d}")

    def _moved(self, _name: str) -> None:
        self._show_values()
        self._emit(not any(s.isSliderDown() for s in self.sliders.values()))

    def _emit(self, finished: bool) -> None:
        look = self.look()
        self._look = look
        self.lookChanged.emit(look, finished)
