"""Vertical strip of open photos: thumbnail, name, and a live badge for loading/analysing/failed.

Built for a day's worth of customers (hundreds of photos): entries are found by key in a dict and the
spinner timer visits only the busy ones, so no update walks the whole list.
"""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QListWidget, QListWidgetItem, QMenu,
                               QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget)

from .documents import Status
from ..widgets.spinner import SPIN_STEP, spinner_frame

KEY_ROLE = Qt.ItemDataRole.UserRole
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1
FAILS_ROLE = Qt.ItemDataRole.UserRole + 7     # True when the photo's checks fail (the same badge as a failed load)
THUMB = 96
CELL = QSize(120, 132)
ACCENT = QColor("#2F6FDE")
BADGE = {Status.FAILED: QColor("#D64545"), Status.CANCELLED: QColor("#8A929E")}


class _Delegate(QStyledItemDelegate):
    """Paints a card per photo; the strip's timer advances the spinner angle."""

    def __init__(self, strip: "PhotoStrip") -> None:
        super().__init__(strip)
        self._strip = strip

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # noqa: N802
        return CELL

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(option.rect).adjusted(6, 4, -6, -4)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        hover = bool(option.state & QStyle.StateFlag.State_MouseOver)
        painter.setPen(QPen(ACCENT, 2) if selected else QPen(QColor("#DADDE2"), 1))
        painter.setBrush(QColor("#EEF3FD") if selected else QColor("#FFFFFF" if not hover else "#F7F8FA"))
        painter.drawRoundedRect(r, 8, 8)
        thumb_box = QRectF(r.x() + 6, r.y() + 6, r.width() - 12, THUMB - 8)
        pm = index.data(Qt.ItemDataRole.DecorationRole)
        if isinstance(pm, QPixmap) and not pm.isNull():
            size = pm.deviceIndependentSize()
            k = min(thumb_box.width() / size.width(), thumb_box.height() / size.height())
            w, h = size.width() * k, size.height() * k
            painter.drawPixmap(QRectF(thumb_box.center().x() - w / 2, thumb_box.center().y() - h / 2, w, h),
                               pm, QRectF(pm.rect()))
        else:
            painter.fillRect(thumb_box, QColor("#EDEFF2"))
        status = index.data(STATUS_ROLE)
        if status in (Status.LOADING, Status.ANALYSING):
            painter.fillRect(thumb_box, QColor(255, 255, 255, 140))
            self._spinner(painter, thumb_box.center(), 14)
        elif status in BADGE or index.data(FAILS_ROLE):   # one rule: cannot be made, or a check fails
            self._badge(painter, QPointF(thumb_box.right() - 10, thumb_box.top() + 10),
                        BADGE.get(status, BADGE[Status.FAILED]))
        painter.setPen(QColor("#2B3038") if selected else QColor("#59616C"))
        font = QFont(option.font)
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.88))
        painter.setFont(font)
        text_rect = QRectF(r.x() + 6, thumb_box.bottom() + 4, r.width() - 12, r.bottom() - thumb_box.bottom() - 6)
        name = painter.fontMetrics().elidedText(index.data(Qt.ItemDataRole.DisplayRole) or "",
                                                Qt.TextElideMode.ElideMiddle, int(text_rect.width()))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, name)
        painter.restore()

    def _spinner(self, painter: QPainter, c: QPointF, radius: float) -> None:
        pm = spinner_frame(self._strip.spin_angle, radius, ACCENT, painter.device().devicePixelRatioF())
        size = pm.deviceIndependentSize()
        painter.drawPixmap(QPointF(c.x() - size.width() / 2, c.y() - size.height() / 2), pm)

    def _badge(self, painter: QPainter, c: QPointF, colour: QColor) -> None:
        painter.setPen(QPen(QColor("#FFFFFF"), 2))
        painter.setBrush(colour)
        painter.drawEllipse(c, 9, 9)
        painter.setPen(QPen(QColor("#FFFFFF"), 2.2))
        painter.drawLine(QPointF(c.x(), c.y() - 4.5), QPointF(c.x(), c.y() + 1))
        painter.drawPoint(QPointF(c.x(), c.y() + 4.5))


class PhotoStrip(QListWidget):
    """Thumbnails of the open photos; selecting one emits its key."""

    keySelected = Signal(int)
    closeRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("photoStrip")
        self.setItemDelegate(_Delegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setUniformItemSizes(True)
        self.setFixedWidth(CELL.width() + 16)
        self.spin_angle = 0
        self._timer = QTimer(self)
        self._timer.setInterval(40)
        self._timer.timeout.connect(self._tick)
        self.currentItemChanged.connect(self._on_current)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)
        self._close_text = "Close photo"
        self._items: dict[int, QListWidgetItem] = {}
        self._busy: set[int] = set()
        self._clear_action: QAction | None = None

    def set_close_text(self, text: str) -> None:
        """Translated label of the context-menu entry."""
        self._close_text = text

    def set_clear_action(self, action: QAction) -> None:
        """The window's "clear finished customers" action, offered in the strip's context menu."""
        self._clear_action = action

    def _item(self, key: int) -> QListWidgetItem | None:
        return self._items.get(key)

    def add_photo(self, key: int, name: str, tooltip: str = "", *, row: int = -1) -> None:
        """Add an entry at `row` (-1: the end), shown busy until its thumbnail arrives."""
        item = QListWidgetItem(name)
        item.setData(KEY_ROLE, key)
        item.setData(STATUS_ROLE, Status.LOADING)
        item.setToolTip(tooltip or name)
        self.insertItem(row if 0 <= row <= self.count() else self.count(), item)
        self._items[key] = item
        self._set_busy(key, Status.LOADING)

    def update_photo(self, key: int, *, status: Status, thumb: QImage | None = None,
                     tooltip: str | None = None, name: str | None = None, fails: bool | None = None) -> None:
        """Refresh one entry's badge/thumbnail (and its name: "Every person" numbers the first item);
        `fails`: its checks fail (badged like a photo that could not be made)."""
        item = self._item(key)
        if item is None:
            return
        if item.data(STATUS_ROLE) != status:
            item.setData(STATUS_ROLE, status)
        if fails is not None and bool(item.data(FAILS_ROLE)) != fails:
            item.setData(FAILS_ROLE, fails)
        if name is not None and name != item.data(Qt.ItemDataRole.DisplayRole):
            item.setData(Qt.ItemDataRole.DisplayRole, name)
        if thumb is not None and not thumb.isNull():
            pm = QPixmap.fromImage(thumb)
            pm.setDevicePixelRatio(max(1.0, thumb.width() / THUMB))
            item.setData(Qt.ItemDataRole.DecorationRole, pm)
        if tooltip is not None:
            item.setToolTip(tooltip)
        self._set_busy(key, status)

    def remove_photo(self, key: int) -> None:
        """Drop an entry."""
        item = self._items.pop(key, None)
        if item is not None:
            self.takeItem(self.row(item))
        self._set_busy(key, None)

    def select_key(self, key: int) -> None:
        """Highlight an entry without re-emitting keySelected."""
        item = self._item(key)
        self.blockSignals(True)
        self.setCurrentItem(item)
        self.blockSignals(False)
        if item is not None:
            self.scrollToItem(item)

    def _set_busy(self, key: int, status: Status | None) -> None:
        """Track the spinning entries; the timer runs only while there are some."""
        if status in (Status.LOADING, Status.ANALYSING):
            self._busy.add(key)
        else:
            self._busy.discard(key)
        if self._busy and not self._timer.isActive():
            self._timer.start()
        elif not self._busy:
            self._timer.stop()

    def _tick(self) -> None:
        self.spin_angle = (self.spin_angle + SPIN_STEP) % 360
        visible = self.viewport().rect()
        for key in self._busy:  # repaint only the busy cards on screen
            rect = self.visualItemRect(self._items[key])
            if rect.intersects(visible):
                self.viewport().update(rect)

    def _on_current(self, current: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if current is not None:
            self.keySelected.emit(int(current.data(KEY_ROLE)))

    def _menu(self, pos) -> None:  # noqa: ANN001 - QPoint
        item = self.itemAt(pos)
        menu = QMenu(self)
        if item is not None:
            action = QAction(self._close_text, menu)
            key = int(item.data(KEY_ROLE))
            action.triggered.connect(lambda: self.closeRequested.emit(key))
            menu.addAction(action)
        if self._clear_action is not None and self.count():
            menu.addAction(self._clear_action)
        if menu.actions():
            menu.exec(self.viewport().mapToGlobal(pos))
