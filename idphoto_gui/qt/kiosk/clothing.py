"""The kiosk's Clothing step (issue 38): the customer's photo beside big garment cards, None (own clothing) first.

Shown only where kiosk.json lists garments and the document allows the clothing to be replaced; a tap
dresses the photo (rendered on a worker by the window) and Next goes on to the colours.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QSizePolicy, QToolButton, QWidget

from ...core.body.garment import NONE, Garment, GarmentError
from ...core.body.garment import card as garment_card
from ..common.i18n import is_chinese
from ..common.images import rgb_to_qimage
from .base import TOUCH_PX, PhotoStep, label

CARD_ICON = 120     # a garment's picture on its card (px)


def card_picture(g: Garment | None, side: int = CARD_ICON, own: Any = None) -> QPixmap:
    """The garment's top on a light card; None: the customer's own clothing (the lower part of `own`, their
    photo undressed), or an empty card."""
    import cv2

    card = np.full((side, side, 3), 236, np.uint8)
    if g is None and own is not None:
        h, w = own.shape[:2]
        low = np.ascontiguousarray(own[h - min(h, w):, :w])      # the photo's bottom square: the shoulders
        card = cv2.resize(low, (side, side), interpolation=cv2.INTER_AREA)
    if g is not None:
        try:
            card = garment_card(g.pixels(), side, 236, 0.7)
        except GarmentError:
            pass
    return QPixmap.fromImage(rgb_to_qimage(card))


class ClothingPage(PhotoStep):
    """The photo beside a grid of garment cards (None first); emits the chosen id, Back and Next."""

    picked = Signal(str)
    back = Signal()
    next = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kioskClothing")
        self.note = label(self, "kioskBody")
        self.grid = QGridLayout()
        self.grid.setSpacing(16)
        self.group = QButtonGroup(self)
        self.cards: list[QToolButton] = []
        self._garments: list[Garment | None] = []
        self.back_button, self.next_button = self.left_button, self.right_button
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.side.addWidget(self.note)
        self.side.addLayout(self.grid)
        self.side.addStretch(1)
        self.retranslate()

    def set_choices(self, garments: Sequence[Garment | None], current: str, *, own: Any = None) -> None:
        """None (own clothing: `own`, the photo undressed) and the garments as cards; `current` checked."""
        for c in self.cards:
            self.group.removeButton(c)
            c.deleteLater()
        self.cards, self._garments = [], list(garments)
        cols = 2 if len(self._garments) > 3 else 1
        for i, g in enumerate(self._garments):
            card = QToolButton(self)
            card.setObjectName("kioskCard")
            card.setCheckable(True)
            card.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            card.setIcon(QIcon(card_picture(g, own=own)))
            card.setIconSize(QSize(CARD_ICON, CARD_ICON))
            card.setMinimumSize(QSize(3 * TOUCH_PX, 3 * TOUCH_PX))
            card.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            card.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            gid = NONE if g is None else g.id
            card.setChecked(gid == current)
            card.clicked.connect(lambda _=False, v=gid: self.picked.emit(v))
            self.group.addButton(card)
            self.grid.addWidget(card, i // cols, i % cols)
            self.cards.append(card)
        self.retranslate()

    def set_photo(self, rgb: Any) -> None:
        self.photo.set_rgb(rgb)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Choose your clothing"))
        self.note.setText(self.tr("A formal garment can be put on your photo; your face and hair stay as they are."))
        self.back_button.setText(self.tr("Back"))
        self.next_button.setText(self.tr("Next"))
        for card, g in zip(self.cards, self._garments):
            if g is None:
                card.setText(self.tr("My own clothing"))
            else:
                card.setText(g.name_zh if is_chinese() else g.name_en)
