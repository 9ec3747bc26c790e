"""Window actions with shortcuts, icons and translated labels (menus, toolbar and keys share them)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence

from .icons import icon

K = QKeySequence.StandardKey

# name -> (icon, shortcuts); labels are set in retranslate.
SPEC: dict[str, tuple[str, tuple]] = {
    "open": ("open", (K.Open,)),
    "paste": ("paste", (K.Paste,)),
    "save": ("save", (K.Save,)),
    "save_sheet": ("sheet", ("Ctrl+Shift+S",)),
    "print": ("print", (K.Print,)),
    "undo": ("undo", (K.Undo,)),
    "redo": ("redo", (K.Redo, "Ctrl+Y")),
    "next": ("", ("Ctrl+Right", "PgDown")),
    "previous": ("", ("Ctrl+Left", "PgUp")),
    "close_photo": ("close", (K.Close,)),
    "reset": ("reset", ("Ctrl+0",)),
    "template": ("", ("Ctrl+T",)),
    "guides": ("guides", ("G",)),
    "original": ("original", ("O",)),
    "cancel": ("stop", ("Esc",)),
    "settings": ("settings", (K.Preferences, "Ctrl+,")),
    "language": ("globe", ("Ctrl+L",)),
    "about": ("info", ("F1",)),
    "fullscreen": ("", (K.FullScreen, "F11")),
    "quit": ("", (K.Quit,)),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("Actions", text)


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
        for name in ("guides", "original", "fullscreen"):
            getattr(self, name).setCheckable(True)
        self.retranslate()

    def retranslate(self) -> None:
        """Labels and tooltips in the active language."""
        labels = {
            "open": _tr("Open photos…"), "paste": _tr("Paste"), "save": _tr("Save photo…"),
            "save_sheet": _tr("Save sheet…"), "print": _tr("Print…"), "undo": _tr("Undo"), "redo": _tr("Redo"),
            "next": _tr("Next photo"), "previous": _tr("Previous photo"), "close_photo": _tr("Close photo"),
            "reset": _tr("Automatic crop"), "template": _tr("Choose template…"), "guides": _tr("Guides"),
            "original": _tr("Original"), "cancel": _tr("Cancel analysis"), "settings": _tr("Settings…"),
            "language": _tr("中文 / English"), "about": _tr("About idphoto"), "fullscreen": _tr("Full screen"),
            "quit": _tr("Quit"),
        }
        for name, text in labels.items():
            action: QAction = getattr(self, name)
            action.setText(text)
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{text} ({keys})" if keys else text)
