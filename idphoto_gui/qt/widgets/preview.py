"""The finished ID photo, large, with optional head bands; drag to move, wheel to zoom; busy veil while analysing."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QMouseEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import QPushButton, QWidget

from ...core.render.head_bands import HeadBands
from ..common.icons import icon
from .canvas import ImageCanvas, centre_of
from .spinner import Spinner

BAND = QColor(47, 111, 222, 12)
BAND_EDGE = QColor(47, 111, 222, 190)
EYE_BAND = QColor(240, 160, 20, 14)
EYE_EDGE = QColor(225, 140, 0, 210)
TICK = 0.045  # band ends marked by thin brackets in the outer 4.5 % of each side, like a passport guide
MIN_SCALE, MAX_SCALE = 0.25, 3.0  # preview pixels per output pixel
HANDLE_PX = 8     # how close (screen px) to the crown or chin line a press takes the line
LINE_HALF = 0.18  # measured lines span 36 % of the photo's width, centred
LINE_ALPHA = 120  # the dashed lines across the face stay light so the photo remains readable
MEASURED = QColor(255, 255, 255, 220)
CENTRE = QColor(255, 255, 255, 130)
HALO = QColor(0, 0, 0, 45)
PAINTED = QColor(214, 40, 160, 230)      # the outline of what was painted in past the photo's edge
PAINTED_FILL = QColor(214, 40, 160, 40)
DEFECT = QColor(230, 30, 30, 235)        # the outline of what the self-inspection found (always shown: a fail)


class PhotoPreview(ImageCanvas):
    """Shows the rendered photo; emits crop gestures in output-photo pixels."""

    dragStarted = Signal()
    dragged = Signal(float, float)      # dx, dy in output pixels since the last event
    dragFinished = Signal()
    headLineMoved = Signal(str, float)  # "crown" | "chin", its new row in output pixels
    zoomRequested = Signal(float)       # factor > 1 = head larger
    cancelRequested = Signal()
    resized = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bands: HeadBands | None = None
        self._show_bands = True
        self._painted: tuple[float, float, float, float] | None = None  # bottom, left, right: shares of the photo
        self._show_painted = False
        self._defects: tuple[tuple[float, float, float, float], ...] = ()  # x, y, w, h: shares of the photo
        self._busy_text = ""
        self._last: QPointF | None = None
        self._line = ""                 # the head line being dragged ("crown" / "chin"), "" for the photo
        self._spinner = Spinner(self)
        self.interactive = True
        self._cancel = QPushButton(self)
        self._cancel.setObjectName("overlayButton")
        self._cancel.hide()
        self._cancel.clicked.connect(self.cancelRequested)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setMouseTracking(True)  # the cursor shows where a head line can be taken
        self._before: QImage | None = None   # the same render without light and retouch
        self._compare = False                # split line: before left, after right
        self._hold = False                   # a key held: the whole photo as taken
        self._compare_texts = ("Before", "After")

    def set_before(self, image: QImage | None) -> None:
        """The render without light, colour and retouch (None when the edit changes nothing)."""
        self._before = image
        self.update()

    def set_compare(self, on: bool, *, hold: bool | None = None) -> None:
        """Split line on/off; `hold` shows the photo as taken over the whole card while a key is held."""
        self._compare = on
        if hold is not None:
            self._hold = hold
        self.update()

    def set_compare_texts(self, before: str, after: str) -> None:
        """The split line's two labels, translated."""
        self._compare_texts = (before, after)
        self.update()

    @property
    def comparing(self) -> bool:
        """True when the before image is on screen."""
        return self._before is not None and (self._compare or self._hold)

    def bottom_reserve(self) -> int:
        """Room for the bands' legend."""
        return 20 if self._show_bands and self._bands is not None else 0

    def set_head_bands(self, bands: HeadBands | None) -> None:
        """Head bands of the current render (None hides them)."""
        self._bands = bands
        self.update()

    def set_show_bands(self, show: bool) -> None:
        """Toggle drawing the head bands."""
        self._show_bands = show
        self.update()

    def set_painted(self, painted, output_px: tuple[int, int] | None) -> None:
        """What the render painted in past the photo's edge (measure.Painted in output px of `output_px`)."""
        if painted is None or output_px is None or not (painted.bottom or painted.left or painted.right):
            self._painted = None
        else:
            w, h = output_px
            self._painted = (painted.bottom / h, painted.left / w, painted.right / w)
        self.update()

    def set_show_painted(self, show: bool) -> None:
        """Toggle outlining the painted-in area."""
        self._show_painted = show
        self.update()

    def set_defects(self, boxes, output_px: tuple[int, int] | None) -> None:
        """What the self-inspection found wrong with the cut-out ((x, y, w, h) output px of `output_px`)."""
        w, h = output_px or (0, 0)
        self._defects = tuple((x / w, y / h, bw / w, bh / h) for x, y, bw, bh in boxes or ()) if w and h else ()
        self.update()

    def defect_rects(self, target: QRectF) -> list[QRectF]:
        """The self-inspection's areas in widget coordinates, a few pixels wider so the outline does not hide them."""
        x, y, w, h = target.x(), target.y(), target.width(), target.height()
        return [QRectF(x + w * bx, y + h * by, w * bw, h * bh).adjusted(-3, -3, 3, 3) for bx, by, bw, bh in self._defects]

    def painted_rects(self, target: QRectF) -> list[QRectF]:
        """The painted-in strips in widget coordinates (bottom, then the sides)."""
        if self._painted is None:
            return []
        bottom, left, right = self._painted
        x, y, w, h = target.x(), target.y(), target.width(), target.height()
        rects = [QRectF(x, y + h * (1 - bottom), w, h * bottom), QRectF(x, y, w * left, h),
                 QRectF(x + w * (1 - right), y, w * right, h)]
        return [r for r in rects if r.width() > 0.5 and r.height() > 0.5]

    def set_busy(self, text: str, cancel_text: str = "") -> None:
        """Show (non-empty text) or hide the busy veil with a spinner and a cancel button."""
        self._busy_text = text
        if text:
            self._spinner.timer.start()
            self._cancel.setText(cancel_text)
            self._cancel.setVisible(bool(cancel_text))
            self._place_cancel()
        else:
            self._spinner.timer.stop()
            self._cancel.hide()
        self.update()

    @property
    def busy(self) -> bool:
        """True while the veil is shown."""
        return bool(self._busy_text)

    def resizeEvent(self, event) -> None:  # noqa: N802,ANN001 - Qt override
        super().resizeEvent(event)
        self._place_cancel()
        self.resized.emit()

    def wanted_scale(self, output_size: tuple[int, int]) -> float:
        """Preview pixels per output pixel that fill the card at this DPR (0.25 to 3).

        The render then has the pixels it is shown with: sharp on high-DPI screens, and nothing for
        the canvas to resample on each new render.
        """
        w, h = output_size
        dpr = self.devicePixelRatioF()
        m = self.margin()
        fit = min((self.width() - 2 * m) * dpr / max(w, 1), (self.height() - 2 * m - 20) * dpr / max(h, 1))
        return max(MIN_SCALE, min(MAX_SCALE, round(fit, 2)))

    def _place_cancel(self) -> None:
        self._cancel.adjustSize()
        c = centre_of(QRectF(self.rect()))
        self._cancel.move(int(c.x() - self._cancel.width() / 2), int(c.y() + 70))

    def _scale(self) -> float:
        img = self.image()
        rect = self.photo_rect()
        return rect.width() / img.width() if img is not None and img.width() else 1.0

    def paint_overlay(self, painter: QPainter, target: QRectF) -> None:
        """Head bands while idle; a veil with a spinner while busy."""
        if self.comparing and not self._busy_text:
            self._paint_before(painter, target)
        if self._show_bands and self._bands is not None and not self._busy_text:
            self._paint_bands(painter, target, self._bands)
        if self._show_painted and not self._busy_text:
            self._paint_painted(painter, target)
        if self._defects and not self._busy_text:
            pen = QPen(DEFECT, 2.0, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for rect in self.defect_rects(target):
                painter.drawRect(rect)
        if self._busy_text:
            self._paint_busy(painter)

    def _paint_before(self, painter: QPainter, target: QRectF) -> None:
        """The photo as taken: left of a split line, or all of it while the key is held."""
        split = target.width() if self._hold else target.width() / 2
        painter.save()
        painter.setClipRect(QRectF(target.left(), target.top(), split, target.height()))
        painter.drawImage(target, self._before)
        painter.restore()
        font = QFont(painter.font())
        font.setBold(True)
        painter.setFont(font)
        if self._hold:
            self._label(painter, QPointF(target.left() + 8, target.top() + 8), self._compare_texts[0])
            return
        x = target.left() + split
        painter.setPen(QPen(HALO, 3))
        painter.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()))
        painter.setPen(QPen(MEASURED, 1.5))
        painter.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()))
        self._label(painter, QPointF(target.left() + 8, target.top() + 8), self._compare_texts[0])
        after_w = painter.fontMetrics().horizontalAdvance(self._compare_texts[1]) + 12
        self._label(painter, QPointF(target.right() - 8 - after_w, target.top() + 8), self._compare_texts[1])

    @staticmethod
    def _label(painter: QPainter, at: QPointF, text: str) -> None:
        """A small dark pill with white text."""
        fm = painter.fontMetrics()
        rect = QRectF(at.x(), at.y(), fm.horizontalAdvance(text) + 12, fm.height() + 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 140))
        painter.drawRoundedRect(rect, 4, 4)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_painted(self, painter: QPainter, target: QRectF) -> None:
        """A tint and a dashed outline over the strips the render painted in (the body continued)."""
        pen = QPen(PAINTED, 2.0, Qt.PenStyle.DashLine)
        for rect in self.painted_rects(target):
            painter.fillRect(rect, PAINTED_FILL)
            painter.setPen(pen)
            painter.drawRect(rect.adjusted(1, 1, -1, -1))

    def set_placeholder(self, title: str, text: str = "") -> None:
        """What to say when there is no picture (a file that could not be opened)."""
        self._placeholder = (title, text)
        self.update()

    def paint_empty(self, painter: QPainter) -> None:
        """No picture: the busy card, or a quiet placeholder."""
        if self._busy_text:
            self._paint_busy(painter)
            return
        title, text = getattr(self, "_placeholder", ("", ""))
        if not title:
            return
        c = centre_of(QRectF(self.rect()))
        pm = icon("photo", "#AEB4BD").pixmap(56, 56)
        painter.drawPixmap(QPointF(c.x() - 28, c.y() - 80), pm)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#59616C"))
        painter.drawText(QRectF(0, c.y() - 12, self.width(), 28), Qt.AlignmentFlag.AlignCenter, title)
        painter.setFont(self.font())
        painter.setPen(QColor("#8A929E"))
        painter.drawText(QRectF(40, c.y() + 18, self.width() - 80, 48),
                         Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, text)

    def _paint_busy(self, painter: QPainter) -> None:
        painter.save()
        target = self.photo_rect()
        if not target.isEmpty():
            painter.fillRect(target, QColor(255, 255, 255, 150))
        c = centre_of(QRectF(self.rect()))
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.setPen(Qt.PenStyle.NoPen)
        card = QRectF(c.x() - 130, c.y() - 70, 260, 180 if self._cancel.isVisible() else 140)
        painter.drawRoundedRect(card, 14, 14)
        self._spinner.paint(painter, QPointF(c.x(), c.y() - 18), 22, QColor("#2F6FDE"))
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.1)
        painter.setFont(font)
        painter.setPen(QColor("#2B3038"))
        painter.drawText(QRectF(card.x(), c.y() + 18, card.width(), 40),
                         Qt.AlignmentFlag.AlignCenter, self._busy_text)
        painter.restore()

    def _paint_bands(self, painter: QPainter, target: QRectF, g: HeadBands) -> None:
        painter.save()
        painter.setClipRect(target)
        k = target.height() / g.size[1] if g.size[1] else 1.0
        top, left, right = target.y(), target.x(), target.right()

        def band(span: tuple[float, float], fill: QColor, edge: QColor) -> None:
            y0, y1 = top + span[0] * k, top + span[1] * k
            painter.fillRect(QRectF(left, y0, target.width(), y1 - y0), fill)
            tick = max(6.0, target.width() * TICK)
            faint = QColor(edge)
            faint.setAlpha(LINE_ALPHA)
            painter.setPen(QPen(faint, 1.0, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(left + tick, y0), QPointF(right - tick, y0))
            painter.drawLine(QPointF(left + tick, y1), QPointF(right - tick, y1))
            # Edge brackets: a thin bar at each side with short ticks at both ends of the zone.
            pen = QPen(edge, 2.0)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            for x0, x1 in ((left + 1, left + tick), (right - 1, right - tick)):
                painter.drawLine(QPointF(x0, y0), QPointF(x0, y1))
                painter.drawLine(QPointF(x0, y0 + 1), QPointF(x1, y0 + 1))
                painter.drawLine(QPointF(x0, y1 - 1), QPointF(x1, y1 - 1))

        for span in (g.crown_band, g.chin_band):
            if span:
                band(span, BAND, BAND_EDGE)
        if g.eye_band:
            band(g.eye_band, EYE_BAND, EYE_EDGE)
        pen = QPen(CENTRE, 1.0, Qt.PenStyle.DashDotLine)
        painter.setPen(pen)
        x = left + g.centre_x * k
        painter.drawLine(QPointF(x, top), QPointF(x, target.bottom()))
        half = target.width() * LINE_HALF
        if g.people:  # two people: each head's own measured lines, no grips (two crowns: drag or zoom the crop)
            half = target.width() * LINE_HALF / 2
            for pen in (QPen(HALO, 3.2), QPen(MEASURED, 1.4)):
                painter.setPen(pen)
                for px, *ys in g.people:
                    for y in ys:
                        painter.drawLine(QPointF(left + px * k - half, top + y * k),
                                         QPointF(left + px * k + half, top + y * k))
            painter.restore()
            self._paint_legend(painter, target, g)
            return
        for pen in (QPen(HALO, 3.2), QPen(MEASURED, 1.4)):  # a faint dark halo keeps white lines visible on white
            painter.setPen(pen)
            for y in (g.crown_y, g.chin_y, g.eye_y):
                if y is not None:
                    yy = top + y * k
                    painter.drawLine(QPointF(x - half, yy), QPointF(x + half, yy))
        painter.setPen(QPen(HALO, 1.0))
        painter.setBrush(MEASURED)
        for y in (g.crown_y, g.chin_y):  # grips: these two lines can be dragged
            if y is not None:
                painter.drawEllipse(QPointF(x + half, top + y * k), 3.5, 3.5)
        painter.restore()
        self._paint_legend(painter, target, g)

    def _paint_legend(self, painter: QPainter, target: QRectF, g: HeadBands) -> None:
        """What the colours mean, in one line under the photo (only when there is room)."""
        if self.height() - target.bottom() < 20:
            return
        items = []
        if g.eye_band:
            items.append((EYE_EDGE, self.tr("Eye line zone")))
        if g.crown_band or g.chin_band:
            items.append((BAND_EDGE, self.tr("Head top / chin zone")))
        items.append((QColor("#FFFFFF"), self.tr("Measured")))
        painter.save()
        fm = painter.fontMetrics()
        widths = [14 + fm.horizontalAdvance(text) for _, text in items]
        x = target.center().x() - (sum(widths) + 18 * (len(items) - 1)) / 2
        y = target.bottom() + 8
        for (colour, text), w in zip(items, widths):
            painter.setPen(QPen(QColor(0, 0, 0, 60), 1))
            painter.setBrush(colour)
            mid = y + fm.ascent() - fm.capHeight() / 2  # centred on the text, Latin or CJK
            painter.drawRoundedRect(QRectF(x, mid - 4.5, 9, 9), 2, 2)
            painter.setPen(QColor("#59616C"))
            painter.drawText(QRectF(x + 14, y, w, fm.height()), Qt.AlignmentFlag.AlignLeft, text)
            x += w + 18
        painter.restore()

    def head_line_at(self, pos: QPointF) -> str:
        """'crown' or 'chin' when `pos` is on that measured line (within HANDLE_PX), else ''."""
        g, rect = self._bands, self.photo_rect()
        if g is None or g.people or not self._show_bands or not self.interactive or self._busy_text:
            return ""
        k = rect.width() / max(g.size[0], 1)
        if abs(pos.x() - (rect.left() + g.centre_x * k)) > rect.width() * LINE_HALF:
            return ""
        near = [(abs(pos.y() - (rect.top() + y * k)), name) for name, y in (("crown", g.crown_y), ("chin", g.chin_y))
                if y is not None]
        best = min(near, default=(HANDLE_PX + 1, ""))
        return best[1] if best[0] <= HANDLE_PX else ""

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if (self.interactive and event.button() == Qt.MouseButton.LeftButton
                and self.photo_rect().contains(event.position()) and not self._busy_text):
            self._last = event.position()
            self._line = self.head_line_at(event.position())
            if not self._line:
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
            self.dragStarted.emit()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._last is not None and self._line:
            self._last = event.position()
            rect = self.photo_rect()
            self.headLineMoved.emit(self._line, (event.position().y() - rect.top()) / self._scale())
        elif self._last is not None:
            delta = event.position() - self._last
            self._last = event.position()
            s = self._scale()
            # Dragging the photo right moves the crop window left over the source.
            self.dragged.emit(-delta.x() / s, -delta.y() / s)
        else:
            line = self.head_line_at(event.position())
            self.setCursor(Qt.CursorShape.SizeVerCursor if line else Qt.CursorShape.OpenHandCursor)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._last is not None:
            self._last, self._line = None, ""
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.dragFinished.emit()
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        steps = event.angleDelta().y() / 120.0
        if self.interactive and steps and self.image() is not None and not self._busy_text:
            self.zoomRequested.emit(1.03 ** steps)
            event.accept()
            return
        super().wheelEvent(event)
