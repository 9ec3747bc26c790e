"""Builds the main window's widget tree (left strip, centre preview, right panel) and its texts."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QButtonGroup, QFrame, QHBoxLayout, QLabel, QMainWindow, QScrollArea,
                               QSizePolicy, QSplitter, QStackedWidget, QToolButton, QVBoxLayout, QWidget)

from ..common.icons import icon
from ..widgets.adjust_panel import AdjustPanel
from ..widgets.banner import Banner
from ..widgets.compliance_panel import CompliancePanel
from ..widgets.elided_label import ElidedLabel
from ..widgets.empty_state import EmptyState
from ..widgets.export_panel import ExportPanel
from ..widgets.original_view import OriginalView
from ..widgets.look_panel import LookPanel
from ..widgets.clothing_picker import ClothingPicker
from .photo_strip import PhotoStrip
from ..widgets.preview import PhotoPreview
from ..widgets.section import Section
from ..widgets.sheet_view import SheetView
from ..widgets.swatches import ColourSwatches
from ..widgets.template_picker import TemplatePicker
from ..widgets.wheel_guard import WheelGuard

PANEL_WIDTH = 372
PAGE_EMPTY, PAGE_PHOTO, PAGE_SHEET = 0, 1, 2


translate = QCoreApplication.translate


def _toggle(parent: QWidget, name: str, checkable: bool = True) -> QToolButton:
    b = QToolButton(parent)
    b.setIcon(icon(name))
    b.setCheckable(checkable)
    b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    b.setObjectName("viewToggle")
    return b


class MainUi:
    """Holds every widget of the window; MainWindow only connects them."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        root = QWidget(window)
        root.setObjectName("root")
        window.setCentralWidget(root)
        row = QHBoxLayout(root)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self._left(root))
        row.addWidget(self._centre(root), 1)
        row.addWidget(self._right(root))

    def _left(self, parent: QWidget) -> QWidget:
        box = QFrame(parent)
        box.setObjectName("leftPanel")
        self.strip_title = QLabel(box)
        self.strip_title.setObjectName("panelTitle")
        self.add_button = QToolButton(box)
        self.add_button.setIcon(icon("plus"))
        self.add_button.setAutoRaise(True)
        head = QHBoxLayout()
        head.setContentsMargins(14, 12, 8, 4)
        head.addWidget(self.strip_title, 1)
        head.addWidget(self.add_button)
        self.strip = PhotoStrip(box)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(head)
        layout.addWidget(self.strip, 1)
        return box

    def _centre(self, parent: QWidget) -> QWidget:
        box = QFrame(parent)
        box.setObjectName("centre")
        self.photo_tab = _toggle(box, "photo")
        self.sheet_tab = _toggle(box, "sheet")
        self.photo_tab.setObjectName("segment")
        self.sheet_tab.setObjectName("segment")
        self.tabs = QButtonGroup(box)
        self.tabs.setExclusive(True)
        self.tabs.addButton(self.photo_tab, PAGE_PHOTO)
        self.tabs.addButton(self.sheet_tab, PAGE_SHEET)
        self.photo_tab.setChecked(True)
        for tab in (self.photo_tab, self.sheet_tab):
            tab.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self.bands_toggle = _toggle(box, "guides")
        self.original_toggle = _toggle(box, "original")
        self.painted_toggle = _toggle(box, "cutout")
        self.info = ElidedLabel(box, separator="·")
        self.info.setObjectName("photoInfo")
        bar = QHBoxLayout()
        bar.setContentsMargins(16, 10, 16, 6)
        bar.setSpacing(6)
        segments = QHBoxLayout()
        segments.setSpacing(0)
        segments.addWidget(self.photo_tab)
        segments.addWidget(self.sheet_tab)
        bar.addLayout(segments)
        bar.addSpacing(8)     # with the bar's 6 px: 14 px from the tabs, the photo's size kept longer
        bar.addWidget(self.info, 1)
        bar.addWidget(self.bands_toggle)
        bar.addWidget(self.painted_toggle)
        bar.addWidget(self.original_toggle)
        self.banner = Banner(box)
        self.stack = QStackedWidget(box)
        self.empty = EmptyState(self.stack)
        self.preview = PhotoPreview()
        self.original = OriginalView()
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setChildrenCollapsible(False)
        self.split.setHandleWidth(1)
        self.split.addWidget(self.original)
        self.split.addWidget(self.preview)
        self.original.hide()
        self.sheet_view = SheetView()
        for w in (self.empty, self.split, self.sheet_view):
            self.stack.addWidget(w)
        banner_row = QVBoxLayout()
        banner_row.setContentsMargins(16, 0, 16, 8)
        banner_row.addWidget(self.banner)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addLayout(banner_row)
        layout.addWidget(self.stack, 1)
        self.bar_widgets = (self.photo_tab, self.sheet_tab, self.bands_toggle, self.painted_toggle,
                            self.original_toggle, self.info)
        return box

    def _right(self, parent: QWidget) -> QWidget:
        """The scrolling panel with the Save / Print / Sheet footer pinned under it (always in reach)."""
        box = QFrame(parent)
        box.setObjectName("rightBox")
        scroll = QScrollArea(box)
        scroll.setObjectName("rightPanel")
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scale = max(1.0, scroll.font().pointSizeF() / 10.0)  # kiosk type is larger: so is the panel
        box.setFixedWidth(round(PANEL_WIDTH * scale))
        inner = QWidget(scroll)
        inner.setObjectName("panelInner")
        self.template_picker = TemplatePicker(inner)
        self.swatches = ColourSwatches(inner)
        self.adjust = AdjustPanel(inner)
        self.look = LookPanel(inner)
        self.clothing = ClothingPicker(inner)
        self.compliance = CompliancePanel(inner)
        self.export = ExportPanel(inner)
        self.sections = {name: Section(w, inner) for name, w in (
            ("template", self.template_picker), ("background", self.swatches), ("checks", self.compliance),
            ("adjust", self.adjust), ("look", self.look), ("clothing", self.clothing), ("export", self.export))}  # the verdict above the fold
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(12, 12, 14, 16)
        layout.setSpacing(10)
        for s in self.sections.values():
            layout.addWidget(s)
        layout.addStretch(1)
        scroll.setWidget(inner)
        self.right = scroll
        self.footer = self.export.footer
        self.footer.setParent(box)
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(scroll, 1)
        column.addWidget(self.footer)
        self.wheel_guard = WheelGuard(scroll)
        self.wheel_guard.guard(inner)
        return box

    def retranslate(self) -> None:
        """Every text of the tree, in the active language."""
        self.add_button.setToolTip(translate("MainUi", "Add photos (Ctrl+O)"))
        self.photo_tab.setText(translate("MainUi", "Photo"))
        self.sheet_tab.setText(translate("MainUi", "Print sheet"))
        self.photo_tab.setToolTip(translate("MainUi", "The finished ID photo"))
        self.sheet_tab.setToolTip(translate("MainUi", "The print sheet as it will be printed"))
        self.bands_toggle.setText(translate("MainUi", "Guides"))
        self.bands_toggle.setToolTip(translate("MainUi", "Show head-height, eye-line and centre guides (G)"))
        self.painted_toggle.setText(translate("MainUi", "Painted"))
        self.painted_toggle.setToolTip(translate("MainUi", "Outline what was painted in past the photo's edge"))
        self.original_toggle.setText(translate("MainUi", "Original"))
        self.original_toggle.setToolTip(translate("MainUi", "Show the original photo beside the result (O)"))
        self.strip.set_close_text(translate("MainUi", "Close photo"))
        self.sheet_view.set_placeholder(translate("MainUi", "The print sheet appears here once a photo is ready."))
        titles = {"template": translate("MainUi", "Template"), "background": translate("MainUi", "Background"), "adjust": translate("MainUi", "Adjust"),
                  "look": translate("MainUi", "Light and retouch"), "checks": translate("MainUi", "Checks"), "export": translate("MainUi", "Save and print"),
                  "clothing": translate("MainUi", "Clothing")}
        for name, section in self.sections.items():
            section.set_title(titles[name])
        self.preview.set_compare_texts(translate("MainUi", "Before"), translate("MainUi", "After"))
        for w in (self.empty, self.template_picker, self.swatches, self.adjust, self.look, self.clothing,
                  self.compliance, self.export):
            w.retranslate() if hasattr(w, "retranslate") else w.refresh()
        self.template_picker.refresh()
