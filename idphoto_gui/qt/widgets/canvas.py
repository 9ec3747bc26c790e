"""A print on a neutral backdrop: the image at its true aspect, scaled once per size, sharp at any DPR."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

BACKDROP = QColor("#E4E6EA")
MARGIN = 36
SHADOW_STEPS = ((14, 10), (9, 16), (5, 24), (2, 40))  # (spread px, alpha)


def fit_rect(image_size: QSize, area: QRect, margin: int = MARGIN) -> QRectF:
    """The largest rectangle of the image's aspect centred in `area` minus a margin."""
    w, h = image_size.width(), image_size.height()
    aw, ah = max(1, area.width() - 2 * margin), max(1, area.height() - 2 * margin)
    if w <= 0 or h <= 0:
        return QRectF()
    scale = min(aw / w, ah / h)
    tw, th = w * scale, h * scale
    return QRectF(area.x() + (area.width() - tw) / 2, area.y() + (area.height() - th) / 2, tw, th)


NATIVE_SLACK = 0.02   # an image this close to the card's size is shown 1:1 (a 5 ms resample saved per paint)

_shadows: dict[tuple[int, int, float], QPixmap] = {}
SHADOW_PAD = 16


def _shadow_pixmap(w: int, h: int, dpr: float, radius: float) -> QPixmap:
    """The shadow of a w x h card, drawn once per size (antialiased rounded rects are slow to fill)."""
    key = (w, h, dpr)
    pm = _shadows.get(key)
    if pm is None:
        if len(_shadows) > 16:
            _shadows.clear()
        pad = SHADOW_PAD
        pm = QPixmap(round((w + 2 * pad) * dpr), round((h + 2 * pad) * dpr))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        rect = QRectF(pad, pad, w, h)
        for spread, alpha in SHADOW_STEPS:
            p.setBrush(QColor(20, 24, 32, alpha // 2))
            r = rect.adjusted(-spread / 2, -spread / 2 + spread / 3, spread / 2, spread / 2 + spread / 3)
            p.drawRoundedRect(r, radius + spread / 2, radius + spread / 2)
        p.end()
        _shadows[key] = pm
    return pm


def paint_shadow(painter: QPainter, rect: QRectF, radius: float = 3.0, dpr: float = 1.0, *,
                 covered: bool = False) -> None:
    """A soft drop shadow under a card, from a cached pixmap. `covered`: an opaque image will be drawn over
    the card, so only the ring around it is painted (the whole pixmap costs ~2 ms a paint at preview size)."""
    pm = _shadow_pixmap(round(rect.width()), round(rect.height()), dpr, radius)
    x0, y0 = rect.x() - SHADOW_PAD, rect.y() - SHADOW_PAD
    if not covered:
        painter.drawPixmap(QPointF(x0, y0), pm)
        return
    w, h = pm.width() / dpr, pm.height() / dpr
    b = min(SHADOW_PAD + radius + 1, w / 2, h / 2)   # the ring: everything outside the card, and its corners
    for x, y, bw, bh in ((0, 0, w, b), (0, h - b, w, b), (0, b, b, h - 2 * b), (w - b, b, b, h - 2 * b)):
        painter.drawPixmap(QRectF(x0 + x, y0 + y, bw, bh), pm, QRectF(x * dpr, y * dpr, bw * dpr, bh * dpr))


class ImageCanvas(QWidget):
    """Base of the photo preview and the sheet view; subclasses paint overlays in `paint_overlay`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._image: QImage | None = None
        self._scaled: QPixmap | None = None
        self._scaled_key: tuple = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 240)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def image(self) -> QImage | None:
        """The image shown (None when empty)."""
        return self._image

    def set_image(self, image: QImage | None) -> None:
        """Show a new image (the caller's copy; converted once to a pixmap at paint time)."""
        self._image = image
        self._scaled = None
        self.update()

    def photo_rect(self) -> QRectF:
        """Where the image is drawn, in widget coordinates: fitted to the card, or at its own pixel size
        when that is within NATIVE_SLACK of the fit (a preview rendered for the card is never resampled)."""
        if self._image is None or self._image.isNull():
            return QRectF()
        fit = fit_rect(self._image.size(), self.rect().adjusted(0, 0, 0, -self.bottom_reserve()), self.margin())
        dpr = self.devicePixelRatioF()
        w, h = self._image.width() / dpr, self._image.height() / dpr
        if fit.isEmpty() or abs(w / fit.width() - 1) > NATIVE_SLACK:
            return fit
        c = fit.center()
        return QRectF(round(c.x() - w / 2), round(c.y() - h / 2), w, h)

    def bottom_reserve(self) -> int:
        """Hook: pixels kept free under the card (a legend or caption)."""
        return 0

    def margin(self) -> int:
        """Space around the card; smaller widgets get a smaller margin."""
        return max(12, min(MARGIN, min(self.width(), self.height()) // 12))

    def _pixmap_for(self, target: QRectF) -> QPixmap:
        dpr = self.devicePixelRatioF()
        size = QSize(max(1, round(target.width() * dpr)), max(1, round(target.height() * dpr)))
        key = (size.width(), size.height(), dpr, self._image.cacheKey())
        if self._scaled is None or self._scaled_key != key:
            close = abs(self._image.width() - size.width()) <= 1 and abs(self._image.height() - size.height()) <= 1
            # A preview rendered at the size it is shown (the usual case) needs no second resampling.
            scaled = self._image if close else self._image.scaled(
                size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
            self._scaled = QPixmap.fromImage(scaled)
            self._scaled.setDevicePixelRatio(dpr)
            self._scaled_key = key
        return self._scaled

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.fillRect(self.rect(), BACKDROP)
        target = self.photo_rect()
        if not target.isEmpty():
            target = QRectF(round(target.x()), round(target.y()), round(target.width()), round(target.height()))
            paint_shadow(painter, target, dpr=self.devicePixelRatioF(), covered=not self._image.hasAlphaChannel())
            painter.drawPixmap(target, self._pixmap_for(target), QRectF())
            self.paint_overlay(painter, target)
        else:
            self.paint_empty(painter)
        painter.end()

    def paint_overlay(self, painter: QPainter, target: QRectF) -> None:
        """Hook: draw over the image (guides, busy state)."""

    def paint_empty(self, painter: QPainter) -> None:
        """Hook: draw when there is no image."""


def rounded(rect: QRectF, radius: float) -> QPainterPath:
    """A rounded-rect path (for clipping and outlines)."""
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def centre_of(rect: QRectF) -> QPointF:
    """Centre point of a rectangle."""
    return QPointF(rect.x() + rect.width() / 2, rect.y() + rect.height() / 2)
