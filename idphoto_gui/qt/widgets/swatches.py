"""Background colour swatches: the template's colours, the usual blue/red/white, recent ones, and custom."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QLinearGradient, QPainter, QPainterPath, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (QAbstractButton, QColorDialog, QHBoxLayout, QLabel, QMenu, QToolButton,
                               QVBoxLayout, QWidget)

from ...core.templates.colours import Background
from ..common.icons import icon

SIZE = 34
MAIN_COUNT = 6
# one order everywhere: white, light grey, blue, red
CORE = tuple(Background.parse(h) for h in ("#FFFFFF", "#F2F0F0", "#438EDB", "#FF0000"))
ORIGINAL = Background.ORIGINAL  # the chip that keeps the photo's own background


class Swatch(QAbstractButton):
    """A round colour chip; checked shows an accent ring."""

    def __init__(self, background: Background, tooltip: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.background = background
        self.setCheckable(True)
        self.setToolTip(tooltip)
        self.setFixedSize(SIZE + 6, SIZE + 6)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(SIZE + 6, SIZE + 6)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(3, 3, SIZE, SIZE)
        if self.isChecked():
            p.setPen(QPen(QColor("#2F6FDE"), 2.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(r.adjusted(-1.5, -1.5, 1.5, 1.5))
            r = r.adjusted(4, 4, -4, -4)
        p.setPen(QPen(QColor(0, 0, 0, 40), 1))
        if self.background.is_original:
            p.drawPixmap(r.topLeft(), _original_chip(r.width(), self.devicePixelRatioF()))
        else:
            p.setBrush(QColor(self.background.hex))
            p.drawEllipse(r)
        if self.underMouse() and not self.isChecked():
            p.setPen(QPen(QColor(0, 0, 0, 70), 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(r)
        p.end()


_chips: dict[tuple[float, float], QPixmap] = {}


def _original_chip(side: float, dpr: float) -> QPixmap:
    """The 'own background' chip, painted once per size (a swatch repaints on every hover)."""
    key = (side, dpr)
    if key not in _chips:
        pm = QPixmap(round(side * dpr), round(side * dpr))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(0, 0, 0, 40), 1))
        _paint_original(p, QRectF(0.5, 0.5, side - 1, side - 1))
        p.end()
        _chips[key] = pm
    return _chips[key]


def _paint_original(p: QPainter, r: QRectF) -> None:
    """The 'own background' chip: a photo-like wall behind a head-and-shoulders silhouette."""
    wall = QLinearGradient(r.topLeft(), r.bottomRight())
    wall.setColorAt(0.0, QColor("#C9D6C3"))
    wall.setColorAt(1.0, QColor("#8FA6B8"))
    p.setBrush(wall)
    p.drawEllipse(r)
    clip = QPainterPath()
    clip.addEllipse(r)
    p.save()
    p.setClipPath(clip)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(60, 60, 70, 200))
    c, w = r.center(), r.width()
    p.drawEllipse(QRectF(c.x() - 0.14 * w, r.top() + 0.2 * w, 0.28 * w, 0.32 * w))
    p.drawEllipse(QRectF(c.x() - 0.34 * w, r.top() + 0.58 * w, 0.68 * w, 0.6 * w))
    p.restore()


def _set_tip(widget: QWidget, tip: str) -> None:
    """Set a tooltip only when it differs (a template change re-sends every chip's)."""
    if widget.toolTip() != tip:
        widget.setToolTip(tip)


class ColourSwatches(QWidget):
    """Two rows: the standard colours then the template's own (same order for every template), then recent ones."""

    backgroundChosen = Signal(object)   # a Background: parsed here, once, at the swatch door

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._current: Background | None = None
        self._presets: list[tuple[Background, str]] = []
        self._allowed: list[Background] = []
        self._recent: list[Background] = []
        self._original_first = False
        self._shown: tuple | None = None
        self._buttons: list[Swatch] = []
        self.main_row = QHBoxLayout()
        self.recent_row = QHBoxLayout()
        for row in (self.main_row, self.recent_row):
            row.setSpacing(4)
            row.setContentsMargins(0, 0, 0, 0)
        self.recent_label = QLabel(self)
        self.recent_label.setObjectName("hint")
        self.custom = QToolButton(self)
        self.custom.setObjectName("customColour")
        self.custom.setIcon(icon("plus"))
        self.custom.setFixedSize(SIZE + 6, SIZE + 6)
        self.custom.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more = QMenu(self)
        self.custom.setMenu(self.more)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(self.main_row)
        layout.addWidget(self.recent_label)
        layout.addLayout(self.recent_row)
        self.retranslate()

    def retranslate(self) -> None:
        self.custom.setToolTip(self.tr("More colours…"))
        self.recent_label.setText(self.tr("Recent"))
        self._shown = None  # texts change with the language: rebuild
        self._rebuild()

    def set_presets(self, presets: list[tuple[Background, str]]) -> None:
        """(colour, display name) of the standard colours, in order."""
        presets = list(presets)
        if presets != self._presets:
            self._presets = presets
            self._rebuild()

    def set_allowed(self, colours: list[Background]) -> None:
        """The template's allowed colours (shown first, marked in the tooltip)."""
        self.set_template_colours(colours, self._original_first)

    def set_original_first(self, first: bool) -> None:
        """Put the 'own background' chip first (the template's authority forbids altered photos)."""
        self.set_template_colours(self._allowed, first)

    def set_template_colours(self, colours: list[Background], original_first: bool) -> None:
        """A template's colours and where its 'own background' chip goes: one rebuild, and none when both
        are as shown (a colour click re-sends them)."""
        allowed = list(colours)
        if allowed != self._allowed or original_first != self._original_first:
            self._allowed, self._original_first = allowed, original_first
            self._rebuild()

    def set_recent(self, colours: list[Background]) -> None:
        """Recently used colours; the row is rebuilt only when what it shows changes."""
        recent = [c for c in colours if not c.is_original]
        if self._recent_shown(recent) != self._recent_shown(self._recent):
            self._recent = recent
            self._rebuild()
        else:
            self._recent = recent

    def _main_colours(self) -> list[Background]:
        core = [h for h in CORE if any(h == p for p, _ in self._presets)]
        return list(dict.fromkeys(core + self._allowed))[:MAIN_COUNT]

    def _recent_shown(self, recent: list[Background]) -> list[Background]:
        main = self._main_colours()
        return [c for c in recent if c not in main][:MAIN_COUNT]

    def set_current(self, background: Background | None) -> None:
        """Check the swatch of this background (no signal)."""
        self._current = background
        for b in self._buttons:
            if b.isChecked() != (b.background == self._current):
                b.setChecked(b.background == self._current)

    def current(self) -> Background | None:
        return self._current

    def swatch_colours(self) -> list[Background]:
        """Backgrounds currently offered, in display order (tests)."""
        return [b.background for b in self._buttons]

    def _name(self, colour: Background) -> str:
        return next((n for h, n in self._presets if h == colour), colour.hex)

    def _rebuild(self) -> None:
        shown = (tuple(self._main_colours()), self._original_first, tuple(self._recent_shown(self._recent)),
                 tuple(self._presets))
        if shown == self._shown and self._buttons:  # the same chips (a template change usually keeps them)
            for b in self._buttons:
                _set_tip(b, self._tip(b.background))
            return
        menu_stale = self._shown is None or shown[3] != self._shown[3]
        self._shown = shown
        pool, self._buttons = self._buttons, []
        for row in (self.main_row, self.recent_row):
            while row.count():
                row.takeAt(0)
        main = self._main_colours()
        chips = [ORIGINAL, *main] if self._original_first else [*main, ORIGINAL]
        for colour in chips:
            self._add(self.main_row, colour, self._tip(colour), pool)
        self.main_row.addWidget(self.custom)
        self.main_row.addStretch(1)
        recent = self._recent_shown(self._recent)
        for colour in recent:
            self._add(self.recent_row, colour, colour.hex, pool)
        self.recent_row.addStretch(1)
        self.recent_label.setVisible(bool(recent))
        for b in pool:   # chips no longer shown
            b.deleteLater()
        if menu_stale:
            self._fill_menu()
        self.set_current(self._current)

    def _tip(self, colour: Background) -> str:
        """A chip's tooltip: its name, and whether the current template asks for it."""
        if colour.is_original:
            tip = self.tr("The photo's own background (crop only, no cut-out)")
            return tip + (" · " + self.tr("what this authority asks for") if self._original_first else "")
        tip = self._name(colour)
        return tip + (" · " + self.tr("allowed by this template") if colour in self._allowed else "")

    def _fill_menu(self) -> None:
        """Every named colour, then the free colour dialog."""
        self.more.clear()
        for colour, name in self._presets:
            pm = QPixmap(16, 16)
            pm.fill(QColor(colour.hex))
            action = self.more.addAction(QIcon(pm), f"{name}   {colour.hex}")
            action.triggered.connect(lambda _=False, c=colour: self._choose(c))
        self.more.addSeparator()
        self.more.addAction(self.tr("Custom colour…"), self.pick_custom)

    def _add(self, row: QHBoxLayout, colour: Background, tip: str, pool: list[Swatch]) -> None:
        """A chip for `colour`: one from `pool` re-coloured (no widget made or destroyed), else a new one."""
        if pool:
            b = pool.pop(0)
            if b.background != colour:
                b.background = colour
                b.update()
            _set_tip(b, tip)
        else:
            b = Swatch(colour, tip, self)
            b.clicked.connect(lambda _=False, chip=b: self._choose(chip.background))
        row.addWidget(b)
        self._buttons.append(b)

    def _choose(self, colour: Background) -> None:
        self.set_current(colour)
        self.backgroundChosen.emit(colour)

    def pick_custom(self) -> None:
        """Any colour through the standard dialog."""
        start = self._current.hex if self._current and not self._current.is_original else "#438EDB"
        colour = QColorDialog.getColor(QColor(start), self, self.tr("Background colour"))
        if colour.isValid():
            self._choose(Background.colour((colour.red(), colour.green(), colour.blue())))
