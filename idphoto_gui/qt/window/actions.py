"""Window actions with shortcuts, icons and translated labels (menus, toolbar and keys share them)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QSizePolicy, QToolBar, QWidget

from ..common.icons import icon

K = QKeySequence.StandardKey

# name -> (icon, shortcuts); labels are set in retranslate.
SPEC: dict[str, tuple[str, tuple]] = {
    "open": ("open", (K.Open,)),
    "paste": ("paste", (K.Paste,)),
    "camera": ("camera", ("Ctrl+K",)),
    "save": ("save", (K.Save,)),
    "save_sheet": ("sheet", ("Ctrl+Shift+S",)),
    "print": ("print", (K.Print,)),
    "compose": ("sheet", ("Ctrl+M",)),
    "orders": ("search", ("Ctrl+Shift+O",)),
    "undo": ("undo", (K.Undo,)),
    "redo": ("redo", (K.Redo, "Ctrl+Y")),
    "next": ("", ("Ctrl+Right", "PgDown")),
    "previous": ("", ("Ctrl+Left", "PgUp")),
    "close_photo": ("close", (K.Close,)),
    "clear_finished": ("", ()),
    "reset": ("reset", ("Ctrl+0",)),
    "template": ("", ("Ctrl+T",)),
    "bands": ("guides", ("G",)),
    "original": ("original", ("O",)),
    "cancel": ("stop", ("Esc",)),
    "settings": ("settings", (K.Preferences, "Ctrl+,")),
    "language": ("globe", ("Ctrl+L",)),
    "about": ("info", ("F1",)),
    "fullscreen": ("", (K.FullScreen, "F11")),
    "quit": ("", (K.Quit,)),
}


translate = QCoreApplication.translate


class Actions(QObject):
    """Attribute per action (`actions.open`, ...), all added to the window so shortcuts work everywhere."""

    def __init__(self, window) -> None:  # noqa: ANN001 - QMainWindow
        super().__init__(window)
        for name, (icon_name, keys) in SPEC.items():
            action = QAction(window)
            if icon_name:
                action.setIcon(icon(icon_name))
            action.setShortcuts([QKeySequence(k) for k in keys])
            window.addAction(action)
            setattr(self, name, action)
        for name in ("bands", "original", "fullscreen"):
            getattr(self, name).setCheckable(True)
        self.retranslate()

    def retranslate(self) -> None:
        """Labels and tooltips in the active language."""
        labels = {
            "open": translate("Actions", "Open photos…"), "paste": translate("Actions", "Paste"), "camera": translate("Actions", "Camera"), "save": translate("Actions", "Save photo…"),
            "save_sheet": translate("Actions", "Save sheet…"), "print": translate("Actions", "Print…"), "compose": translate("Actions", "Sheet composer…"), "orders": translate("Actions", "Orders…"), "undo": translate("Actions", "Undo"), "redo": translate("Actions", "Redo"),
            "next": translate("Actions", "Next photo"), "previous": translate("Actions", "Previous photo"), "close_photo": translate("Actions", "Close photo"),
            "clear_finished": translate("Actions", "Clear finished customers"),
            "reset": translate("Actions", "Automatic crop"), "template": translate("Actions", "Choose template…"), "bands": translate("Actions", "Guides"),
            "original": translate("Actions", "Original"), "cancel": translate("Actions", "Cancel analysis"), "settings": translate("Actions", "Settings…"),
            "language": translate("Actions", "中文 / English"), "about": translate("Actions", "About idphoto"), "fullscreen": translate("Actions", "Full screen"),
            "quit": translate("Actions", "Quit"),
        }
        for name, text in labels.items():
            action: QAction = getattr(self, name)
            action.setText(text)
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{text} ({keys})" if keys else text)


def build_toolbar(window: QMainWindow, a: Actions) -> QToolBar:
    """Open, paste, camera | undo, redo ... language, settings, about."""
    bar = QToolBar(window)
    bar.setObjectName("mainToolbar")
    bar.setMovable(False)
    bar.setIconSize(QSize(20, 20))
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for action in (a.open, a.paste, a.camera, a.orders):
        bar.addAction(action)
    bar.addSeparator()
    for action in (a.undo, a.redo):
        bar.addAction(action)
        bar.widgetForAction(action).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    spacer = QWidget(bar)
    spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    bar.addWidget(spacer)
    for action in (a.language, a.settings, a.about):
        bar.addAction(action)
    for action in (a.settings, a.about):
        bar.widgetForAction(action).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    return bar
