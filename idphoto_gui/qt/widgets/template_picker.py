"""Template chooser: a card showing the current size, opening a searchable list grouped by country and use."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from ..common import names
from ..common.icons import MUTED, icon
from .elided_label import ElidedLabel

ID_ROLE = Qt.ItemDataRole.UserRole


def matches(template: Any, query: str) -> bool:
    """Case-insensitive match on both names, id, country and use (English or Chinese)."""
    q = query.strip().lower()
    if not q:
        return True
    hay = " ".join([template.id, template.name_en, template.name_zh, template.country,
                    template.use, *names.COUNTRIES.get(template.country, ()),
                    *names.USES.get(template.use, ()),
                    f"{template.width_mm:g}x{template.height_mm:g}",
                    f"{template.width_mm:g}×{template.height_mm:g}"]).lower()
    return all(part in hay for part in q.split())


class TemplatePopup(QFrame):
    """Search box + grouped tree; picking an entry emits its id and closes."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("templatePopup")
        self._templates: list[Any] = []
        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.search.addAction(icon("search", MUTED), QLineEdit.ActionPosition.LeadingPosition)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(2)
        self.tree.setRootIsDecorated(False)
        self.tree.setIndentation(12)
        self.tree.setUniformRowHeights(True)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(8)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        self.search.textChanged.connect(self.fill)
        self.tree.itemActivated.connect(self._activate)
        self.tree.itemClicked.connect(self._activate)
        self.search.installEventFilter(self)
        self.retranslate()

    def needed_width(self) -> int:
        """Width that shows every name and size whole (the longest, e.g. Canada's, was cut to 'PR c…')."""
        tree = self.tree
        tree.resizeColumnToContents(1)
        margins = self.layout().contentsMargins()
        return (tree.sizeHintForColumn(0) + tree.indentation() + tree.columnWidth(1) + 2 * tree.frameWidth()
                + tree.verticalScrollBar().sizeHint().width() + margins.left() + margins.right() + 8)

    def retranslate(self) -> None:
        self.search.setPlaceholderText(self.tr("Search: 一寸, passport, visa, 35x45…"))

    def set_templates(self, templates: list[Any], current: str) -> None:
        """Templates to offer and the one to highlight."""
        self._templates = templates
        self._current = current
        self.fill(self.search.text())

    def fill(self, query: str = "") -> None:
        """Rebuild the tree for a search string; groups expand, the current entry is selected."""
        self.tree.clear()
        groups: dict[str, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
        for t in self._templates:
            if matches(t, query):
                groups[t.country][t.use].append(t)
        selected = None
        for country in sorted(groups, key=names.country_rank):
            top = QTreeWidgetItem([names.country_name(country), ""])
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            top.setFirstColumnSpanned(False)
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            self.tree.addTopLevelItem(top)
            multi = len(groups[country]) > 1
            for use in sorted(groups[country]):
                parent = top
                if multi:
                    parent = QTreeWidgetItem([names.use_name(use), ""])
                    parent.setFlags(Qt.ItemFlag.ItemIsEnabled)
                    top.addChild(parent)
                for t in groups[country][use]:
                    item = QTreeWidgetItem([names.record_name(t), names.template_size_text(t)])
                    item.setData(0, ID_ROLE, t.id)
                    item.setToolTip(0, f"{t.name_zh} / {t.name_en}\n{t.source}")
                    item.setForeground(1, self.palette().placeholderText())
                    parent.addChild(item)
                    if t.id == getattr(self, "_current", None):
                        selected = item
        self.tree.expandAll()
        self.tree.scrollToTop()
        if selected is not None:
            self.tree.setCurrentItem(selected)
            self.tree.scrollToItem(selected)
        elif query:
            self._select_first()

    def _select_first(self) -> None:
        it = self.tree.topLevelItem(0)
        while it is not None and it.data(0, ID_ROLE) is None and it.childCount():
            it = it.child(0)
        if it is not None and it.data(0, ID_ROLE):
            self.tree.setCurrentItem(it)
            self.tree.scrollToTop()

    def _activate(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        tid = item.data(0, ID_ROLE)
        if tid:
            self.chosen.emit(str(tid))
            self.hide()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802,ANN001 - Qt override
        """Up/down/enter in the search box drive the list, so the mouse is never needed."""
        if obj is self.search and event.type() == QEvent.Type.KeyPress:
            key = QKeyEvent(event).key() if not isinstance(event, QKeyEvent) else event.key()
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                self.tree.setFocus()
                self.tree.keyPressEvent(event)
                self.search.setFocus()
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.tree.currentItem() is not None:
                self._activate(self.tree.currentItem())
                return True
        return super().eventFilter(obj, event)


class TemplatePicker(QPushButton):
    """Shows the current template (name, mm, px); click or Ctrl+T opens the popup."""

    templateChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("templateButton")
        self._templates: list[Any] = []
        self._current = ""
        self.title = QLabel(self)
        self.title.setObjectName("templateTitle")
        self.detail = ElidedLabel(self, separator="·")   # whole parts drop: never a cut number ("600 …")
        self.detail.setObjectName("templateDetail")
        chevron = QLabel(self)
        chevron.setPixmap(icon("chevron", MUTED).pixmap(18, 18))
        text = QVBoxLayout()
        text.setSpacing(2)
        text.addWidget(self.title)
        text.addWidget(self.detail)
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 10, 8)
        row.addLayout(text, 1)
        row.addWidget(chevron)
        for label in (self.title, self.detail, chevron):
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setMinimumHeight(60)
        self.popup = TemplatePopup(self)
        self.popup.chosen.connect(self._chosen)
        self.clicked.connect(self.open_popup)

    def set_templates(self, templates: list[Any]) -> None:
        """All templates the user may choose from."""
        self._templates = templates
        self.refresh()

    def set_current(self, template_id: str) -> None:
        """Show a template as current (no signal)."""
        self._current = template_id
        self.refresh()

    def current(self) -> str:
        return self._current

    def refresh(self) -> None:
        """Re-read the names (after a language change)."""
        t = next((t for t in self._templates if t.id == self._current), None)
        if t is None:
            self.title.setText(self.tr("Choose a template"))
            self.detail.setText("")
            return
        self.title.setText(f"{names.record_name(t)}")
        # the sizes first: a long country name ("United States") drops before the pixel size does
        self.detail.setText(f"{names.template_size_text(t)} · {names.country_name(t.country)}")
        self.setToolTip(f"{t.name_zh} / {t.name_en}")
        self.popup.retranslate()

    def open_popup(self) -> None:
        """Show the list under the button, search field focused."""
        self.popup.set_templates(self._templates, self._current)
        room = self.mapTo(self.window(), QPoint(self.width(), 0)).x() - 8   # it opens leftwards from our right edge
        width = max(self.width(), min(max(500, self.popup.needed_width()), room))
        self.popup.resize(width, 460)
        pos = self.mapToGlobal(QPoint(self.width() - width, self.height() + 4))
        self.popup.move(pos)
        self.popup.show()
        self.popup.search.setFocus()
        self.popup.search.selectAll()

    def _chosen(self, template_id: str) -> None:
        if template_id != self._current:
            self._current = template_id
            self.refresh()
            self.templateChosen.emit(template_id)
