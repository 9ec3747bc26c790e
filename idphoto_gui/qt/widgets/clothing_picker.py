"""The Clothing control (issue 38): None, then the garments as thumbnails; one click dresses the photo.

Disabled, with the document's rule in one sentence, where the template does not allow the clothing to be
replaced; on a tight photo whose shoulders would be painted past the natural bound it offers a garment.
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QMenu, QToolButton, QVBoxLayout, QWidget

from ...core.body.garment import card
from ...core.body.garments import NONE, Garment, GarmentError
from ..common.images import rgb_to_qimage
from ..common.names import record_name
from .section import hint_label

THUMB = 56


def _thumbnail(g: Garment) -> QIcon:
    """The garment's top, small, on a light grey card (its pixels are decoded on a worker: read_folder)."""
    try:
        rgb = card(g.pixels(), THUMB, 225, 0.6)
    except GarmentError:
        return QIcon()
    return QIcon(QPixmap.fromImage(rgb_to_qimage(rgb)))


class ClothingPicker(QWidget):
    """Emits the chosen garment id ("none" for the person's own clothing)."""

    garmentChosen = Signal(str)
    fitRequested = Signal(str)      # the fitting view for a studio garment (its id)
    makeRequested = Signal()        # make a garment from the photo on screen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox(self)
        self.combo.setObjectName("clothing")
        self.combo.setIconSize(QSize(THUMB, THUMB))
        self.reason = hint_label(self)
        self.problems = hint_label(self)      # the studio folder's files that cannot be used
        self.problems.hide()
        self.more = QToolButton(self)
        self.more.setObjectName("clothingMore")
        self.more.setText("⋯")
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0px; }")
        self.more.setMinimumSize(QSize(36, 36))
        menu = QMenu(self.more)
        self.fit_action = menu.addAction("", lambda: self.fitRequested.emit(str(self.combo.currentData())))
        self.make_action = menu.addAction("", self.makeRequested.emit)
        menu.aboutToShow.connect(self._menu_state)
        self.more.setMenu(menu)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.combo, 1)
        row.addWidget(self.more)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(row)
        layout.addWidget(self.reason)
        layout.addWidget(self.problems)
        self._state: tuple = ()
        self._own: set[str] = set()        # ids of the studio's own garments (they can be fitted)
        self._problems: tuple = ()          # the studio folder's unusable files (core Problem)
        self.can_make = lambda: False       # a photo is on screen, analysed (the window says)
        self._fill()
        self.combo.activated.connect(lambda i: self.garmentChosen.emit(str(self.combo.itemData(i))))
        self.retranslate()

    def _fill(self, every: tuple[Garment, ...] = ()) -> None:
        """None first, then every garment (built-in, then the studio's own) with its thumbnail; the window
        fills it once the folder has been read off the GUI thread (GarmentHooks.reload)."""
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem(self.tr("None (own clothing)"), NONE)
        for g in every:
            self.combo.addItem(_thumbnail(g), record_name(g), g.id)
        self.combo.blockSignals(False)

    def fill(self, every: tuple[Garment, ...], own: set[str], problems: tuple = ()) -> None:
        """The garments again (the studio's folder changed or was read), the edit's choice kept; `problems`:
        the folder's unusable files (said under the control in words, never silently left out)."""
        self._own, self._problems = set(own), tuple(problems)
        self._fill(every)
        state, self._state = self._state, ()
        if state:
            self.set_state(*state[:2], offer=state[2])
        self._say_problems()

    def _say_problems(self) -> None:
        from .garment_folder import problem_text

        self.problems.setText("\n".join(problem_text(p) for p in self._problems))
        self.problems.setVisible(bool(self._problems))

    def _menu_state(self) -> None:
        self.fit_action.setEnabled(str(self.combo.currentData()) in self._own)
        self.make_action.setEnabled(self.can_make())

    def set_state(self, garment: str, alteration: str, *, offer: bool = False) -> None:
        """Show the edit's garment for a template's rule; `offer`: the shoulders would be painted too far."""
        state = (garment, alteration, offer)
        if state == self._state:
            return
        self._state = state
        i = self.combo.findData(garment)
        self.combo.blockSignals(True)
        self.combo.setCurrentIndex(max(0, i))
        self.combo.blockSignals(False)
        self.combo.setEnabled(alteration == "free")
        self._reason()

    def retranslate(self) -> None:
        self.combo.setItemText(0, self.tr("None (own clothing)"))
        self.combo.setToolTip(self.tr("Put a formal garment on the photo; the head is never changed"))
        self.more.setToolTip(self.tr("The studio's own garments"))
        self.fit_action.setText(self.tr("Fit this garment…"))
        self.make_action.setText(self.tr("Make a garment from this photo…"))
        self._say_problems()
        self._reason()

    def _reason(self) -> None:
        """One sentence: why the control is disabled, or the offer of a garment for a tight photo."""
        alteration = self._state[1] if self._state else "free"
        offer = bool(self._state and self._state[2])
        if alteration != "free":
            text = self.tr("This document must show your own clothing: no garment may be put on.")
        elif offer:
            text = self.tr("The photo is cut close below the chin: put on a garment rather than paint the "
                           "shoulders in.")
        else:
            text = ""
        self.reason.setText(text)
        self.reason.setVisible(bool(text))
        self.reason.setAlignment(Qt.AlignmentFlag.AlignLeft)
