"""The fitting view for a studio garment (issue 38): the picture with its anchors, dragged into place.

Neck centre (the collar's front), the collar's two inner top points and the shoulder width (a line whose
ends move together about the neck's centre) are drawn over the garment; Save writes the JSON beside the
PNG atomically and never the PNG itself.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPushButton,
                               QVBoxLayout, QWidget)

from ...core.body.garment import KINDS, Garment, GarmentError
from ...core.body.garments import save_meta
from ...core.body.own_garments import find_anchors
from ...core.errors import IdPhotoError
from ..common.images import rgb_to_qimage
from .section import hint_label

HANDLE = 7          # a handle's radius on screen (px)
GRAB = 14           # a press this near a handle takes it
VIEW = 460          # the picture's longer side on screen (px)
COLOURS = {"neck": "#e0483c", "left": "#2f7de1", "right": "#2f7de1", "sh_left": "#f0a020", "sh_right": "#f0a020"}


def _checker(w: int, h: int, cell: int = 12) -> np.ndarray:
    """A light grey chequer (transparency) behind the garment."""
    ys, xs = np.mgrid[:h, :w]
    return np.where(((ys // cell + xs // cell) % 2)[..., None] == 0, 236, 214).astype(np.float32)


class FittingCanvas(QWidget):
    """The garment with draggable anchors; emits `moved` after each drag step."""

    moved = Signal()

    def __init__(self, garment: Garment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fittingCanvas")
        px = garment.pixels()
        h, w = px.shape[:2]
        self.scale = VIEW / max(w, h)
        sw, sh = max(1, round(w * self.scale)), max(1, round(h * self.scale))
        import cv2

        small = cv2.resize(px, (sw, sh), interpolation=cv2.INTER_AREA).astype(np.float32)
        a = small[..., 3:4] / 255.0
        self.image = rgb_to_qimage((small[..., :3] * a + _checker(sw, sh) * (1 - a)).astype(np.uint8))
        self.size_px = (w, h)
        self.setFixedSize(sw + 2 * GRAB, sh + 2 * GRAB)
        self.set_anchors(garment.neck_centre, garment.collar_inner, garment.shoulder_width)
        self._held: str | None = None
        self.setMouseTracking(True)

    def set_anchors(self, neck, inner, width: float) -> None:
        """Show these anchors (the garment's pixels)."""
        self.neck = (float(neck[0]), float(neck[1]))
        self.inner = [(float(inner[0][0]), float(inner[0][1])), (float(inner[1][0]), float(inner[1][1]))]
        self.width_px = float(width)
        self.update()

    def anchors(self) -> tuple:
        """(neck_centre, collar_inner, shoulder_width) in the garment's pixels."""
        left, right = sorted(self.inner)
        return self.neck, (left, right), self.width_px

    def _shoulder_y(self) -> float:
        """Where the shoulder line is drawn: a little below the collar (its length is what counts)."""
        return min(self.size_px[1] - 1.0, max(self.neck[1], self.inner[0][1]) + 0.12 * self.width_px)

    def _points(self) -> dict[str, tuple[float, float]]:
        cx, y = self.neck[0], self._shoulder_y()
        return {"neck": self.neck, "left": self.inner[0], "right": self.inner[1],
                "sh_left": (cx - self.width_px / 2, y), "sh_right": (cx + self.width_px / 2, y)}

    def _screen(self, p) -> QPointF:
        return QPointF(GRAB + p[0] * self.scale, GRAB + p[1] * self.scale)

    def _garment(self, pos: QPointF) -> tuple[float, float]:
        w, h = self.size_px
        return (float(np.clip((pos.x() - GRAB) / self.scale, 0, w - 1)),
                float(np.clip((pos.y() - GRAB) / self.scale, 0, h - 1)))

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.drawImage(QRectF(GRAB, GRAB, self.image.width(), self.image.height()), self.image)
        pts = {k: self._screen(v) for k, v in self._points().items()}
        p.setPen(QPen(QColor(COLOURS["sh_left"]), 2, Qt.PenStyle.DashLine))
        p.drawLine(pts["sh_left"], pts["sh_right"])
        p.setPen(QPen(QColor(COLOURS["left"]), 1.5, Qt.PenStyle.DotLine))
        p.drawLine(pts["left"], pts["right"])
        for key, at in pts.items():
            p.setPen(QPen(QColor("white"), 2))
            p.setBrush(QColor(COLOURS[key]))
            p.drawEllipse(at, HANDLE + (2 if key == self._held else 0), HANDLE + (2 if key == self._held else 0))
        p.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        pos = event.position()
        near = [(np.hypot(pos.x() - q.x(), pos.y() - q.y()), k)
                for k, q in ((k, self._screen(v)) for k, v in self._points().items())]
        d, key = min(near)
        self._held = key if d <= GRAB else None
        self.update()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt override
        if self._held is None:
            return
        self.drag(self._held, self._garment(event.position()))

    def mouseReleaseEvent(self, _event) -> None:  # noqa: N802 - Qt override
        self._held = None
        self.update()

    def drag(self, key: str, at: tuple[float, float]) -> None:
        """Move one handle to `at` (the garment's pixels): the shoulder ends move together about the neck."""
        if key == "neck":
            self.neck = at
        elif key in ("left", "right"):
            self.inner[0 if key == "left" else 1] = at
        else:
            self.width_px = max(8.0, 2 * abs(at[0] - self.neck[0]))
        self.update()
        self.moved.emit()


class FittingDialog(QDialog):
    """Fit a studio garment: drag its anchors, name it, say whose it is; Save writes only its JSON."""

    saved = Signal(str)    # the garment's id

    def __init__(self, garment: Garment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fittingDialog")
        self.garment = garment
        self.canvas = FittingCanvas(garment, self)
        self.name = QLineEdit(garment.name_en, self)
        self.kind = QComboBox(self)
        for k in KINDS:
            self.kind.addItem("", k)
        self.kind.setCurrentIndex(max(0, self.kind.findData(garment.kind)))
        self.again = QPushButton(self)
        self.again.clicked.connect(self._find_again)
        self.help = hint_label(self)
        self.problem = hint_label(self)
        self.problem.setObjectName("fittingProblem")
        self.buttons = QDialogButtonBox(self)   # own buttons: a standard one retranslates itself on its own
        self.save_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        self.cancel_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.help)
        layout.addWidget(self.canvas, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.again, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.name_label, self.kind_label = QLabel(self), QLabel(self)
        form.addRow(self.name_label, self.name)
        form.addRow(self.kind_label, self.kind)
        self.canvas.moved.connect(self._check)
        self.retranslate()
        self._check()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Fit garment: %1").replace("%1", self.garment.id))
        self.help.setText(self.tr("Drag the points onto the garment: red, the collar's front; blue, the collar's "
                                  "inner corners beside the neck; orange, the shoulder tips."))
        self.again.setText(self.tr("Find the points again"))
        self.name_label.setText(self.tr("Name"))
        self.kind_label.setText(self.tr("For"))
        for i, words in enumerate((self.tr("Men"), self.tr("Women"), self.tr("Children"))):
            self.kind.setItemText(i, words)
        self.save_button.setText(self.tr("Save"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._check()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def fitted(self) -> Garment:
        """The garment with the anchors, name and kind as they are in the dialog."""
        neck, inner, width = self.canvas.anchors()
        name = self.name.text().strip() or self.garment.id
        return replace(self.garment, neck_centre=neck, collar_inner=inner, shoulder_width=width, name_en=name,
                       name_zh=name, kind=str(self.kind.currentData()))

    def _check(self) -> None:
        """Save only anchors a fitting can use, and say what is wrong otherwise."""
        g = self.fitted()
        (lx, ly), (rx, _) = g.collar_inner
        text = ""
        if rx - lx < 4:
            text = self.tr("The collar's inner corners must be apart (the neck goes between them).")
        elif not lx < g.neck_centre[0] < rx:
            text = self.tr("The collar's front must lie between its inner corners.")
        elif g.neck_centre[1] < ly - 1:
            text = self.tr("The collar's front must be at or below its inner corners.")
        elif g.shoulder_width < 2 * (rx - lx):
            text = self.tr("The shoulders must be wider than twice the neck's opening.")
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
        self.save_button.setEnabled(not text)

    def _find_again(self) -> None:
        try:
            a = find_anchors(self.garment.pixels())
        except GarmentError as exc:
            self.problem.setText(str(exc))
            self.problem.setVisible(True)
            return
        self.canvas.set_anchors(a["neck_centre"], a["collar_inner"], a["shoulder_width"])
        self._check()

    def accept(self) -> None:
        """Write the JSON beside the PNG (atomically); the PNG is never written."""
        g = self.fitted()
        try:
            save_meta(g)
        except (GarmentError, IdPhotoError, OSError) as exc:
            self.problem.setText(self.tr("Not saved: %1").replace("%1", str(exc)))
            self.problem.setVisible(True)
            return
        self.saved.emit(g.id)
        super().accept()
