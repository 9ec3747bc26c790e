"""Line icons from resources/icons, tinted to the palette and rendered crisp at any devicePixelRatio."""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QIconEngine, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from ...core.paths import resources_dir

TEXT = "#2B3038"
MUTED = "#8A929E"
ACCENT = "#2F6FDE"
ON_ACCENT = "#FFFFFF"


@lru_cache(maxsize=None)
def _svg(name: str) -> bytes:
    path = resources_dir() / "icons" / f"{name}.svg"
    return path.read_bytes() if path.exists() else b""


class _TintEngine(QIconEngine):
    """Draws the SVG in a colour (the files are black strokes) at the exact device size."""

    def __init__(self, name: str, colour: str, disabled: str) -> None:
        super().__init__()
        self._name, self._colour, self._disabled = name, colour, disabled
        self._pixmaps: dict[tuple[int, int, float, str], QPixmap] = {}

    def paint(self, painter: QPainter, rect, mode, state) -> None:  # noqa: ANN001 - Qt signature
        colour = self._disabled if mode == QIcon.Mode.Disabled else self._colour
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        pm = self._render(rect.size(), dpr, colour)
        painter.drawPixmap(rect, pm)

    def pixmap(self, size: QSize, mode, state) -> QPixmap:  # noqa: ANN001 - Qt signature
        colour = self._disabled if mode == QIcon.Mode.Disabled else self._colour
        return self._render(size, 1.0, colour)

    def scaledPixmap(self, size: QSize, mode, state, scale: float) -> QPixmap:  # noqa: ANN001,N802
        colour = self._disabled if mode == QIcon.Mode.Disabled else self._colour
        return self._render(size, scale, colour)

    def clone(self) -> "QIconEngine":
        return _TintEngine(self._name, self._colour, self._disabled)

    def _render(self, size: QSize, dpr: float, colour: str) -> QPixmap:
        """The tinted icon at a size, rendered from its SVG once per size and colour (every repaint asks)."""
        w, h = max(1, round(size.width() * dpr)), max(1, round(size.height() * dpr))
        key = (w, h, dpr, colour)
        cached = self._pixmaps.get(key)
        if cached is not None:
            return cached
        if len(self._pixmaps) > 16:
            self._pixmaps.clear()
        self._pixmaps[key] = pm = self._draw(w, h, dpr, colour)
        return pm

    def _draw(self, w: int, h: int, dpr: float, colour: str) -> QPixmap:
        pm = QPixmap(w, h)
        pm.fill(Qt.GlobalColor.transparent)
        renderer = QSvgRenderer(QByteArray(_svg(self._name)))
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(p, QRectF(0, 0, w, h))
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        p.fillRect(0, 0, w, h, QColor(colour))
        p.end()
        pm.setDevicePixelRatio(dpr)
        return pm


@lru_cache(maxsize=None)
def icon(name: str, colour: str = TEXT) -> QIcon:
    """A tinted icon by file stem (e.g. 'open', 'undo'); an empty icon if the file is missing."""
    if not _svg(name):
        return QIcon()
    return QIcon(_TintEngine(name, colour, "#C3C8CF"))


def app_icon() -> QIcon:
    """The application logo."""
    return QIcon(str(resources_dir() / "icons" / "logo.svg"))
