"""Typed access to the persisted preferences; the QSettings object is injected so tests never touch the user's."""
from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from ..core.templates.colours import Background, ColourError

DEFAULT_TEMPLATE = "cn-1inch"
DEFAULT_COLOUR = "#438EDB"
DEFAULT_MODEL = "rvm"
MAX_RECENT_COLOURS = 6


def _as_list(value: object) -> list[str]:
    """QSettings returns a str for a one-element list in INI files; normalise."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]  # type: ignore[union-attr]


def _as_bool(value: object, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, str):
        return value.lower() in ("1", "true", "yes")
    return bool(value)


class AppSettings:
    """Preferences: template, colour, model, folders, language, sheet choice, view toggles."""

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store if store is not None else QSettings()

    def _get(self, key: str, default: str) -> str:
        value = self.store.value(key, default)
        return str(value) if value not in (None, "") else default

    def _set(self, key: str, value: object) -> None:
        self.store.setValue(key, value)

    @property
    def language(self) -> str:
        """'system', 'en' or 'zh_CN'."""
        return self._get("ui/language", "system")

    @language.setter
    def language(self, value: str) -> None:
        self._set("ui/language", value)

    @property
    def template_id(self) -> str:
        return self._get("photo/template", DEFAULT_TEMPLATE)

    @template_id.setter
    def template_id(self, value: str) -> None:
        self._set("photo/template", value)

    @property
    def background(self) -> Background:
        """The last background chosen, parsed at this door (an unreadable value: the default)."""
        return _background(self._get("photo/colour", DEFAULT_COLOUR)) or Background.parse(DEFAULT_COLOUR)

    @background.setter
    def background(self, value: Background) -> None:
        self._set("photo/colour", value.hex)

    @property
    def model_id(self) -> str:
        return self._get("photo/model", DEFAULT_MODEL)

    @model_id.setter
    def model_id(self, value: str) -> None:
        self._set("photo/model", value)

    @property
    def recent_colours(self) -> list[Background]:
        """Recently used colours (values that do not parse are skipped)."""
        found = (_background(v) for v in _as_list(self.store.value("photo/recent_colours", [])))
        return [c for c in found if c is not None and not c.is_original]

    def add_recent_colour(self, colour: Background) -> None:
        """Most recent first, no duplicates, bounded."""
        colours = [c for c in self.recent_colours if c != colour]
        self._set("photo/recent_colours", [c.hex for c in (colour, *colours)][:MAX_RECENT_COLOURS])

    @property
    def import_dir(self) -> str:
        return self._get("folders/import", _pictures())

    @import_dir.setter
    def import_dir(self, value: str) -> None:
        self._set("folders/import", value)

    @property
    def export_dir(self) -> str:
        return self._get("folders/export", _pictures())

    @export_dir.setter
    def export_dir(self, value: str) -> None:
        self._set("folders/export", value)

    @property
    def paper_id(self) -> str:
        return self._get("sheet/paper", "")

    @paper_id.setter
    def paper_id(self, value: str) -> None:
        self._set("sheet/paper", value)

    @property
    def copies(self) -> int:
        try:
            return int(self._get("sheet/copies", "0"))
        except ValueError:
            return 0

    @copies.setter
    def copies(self, value: int) -> None:
        self._set("sheet/copies", int(value))

    @property
    def export_format(self) -> str:
        """'JPEG' or 'PNG'."""
        return self._get("export/format", "JPEG")

    @export_format.setter
    def export_format(self, value: str) -> None:
        self._set("export/format", value)

    @property
    def head_bands(self) -> bool:
        return _as_bool(self.store.value("view/guides"), True)

    @head_bands.setter
    def guides(self, value: bool) -> None:
        self._set("view/guides", bool(value))

    def geometry(self) -> bytes | None:
        """Saved window geometry, if any."""
        value = self.store.value("window/geometry")
        return bytes(value) if value else None  # type: ignore[arg-type]

    def set_geometry(self, value: bytes) -> None:
        self._set("window/geometry", value)

    def sync(self) -> None:
        """Flush to disk now (before exit, and in tests)."""
        self.store.sync()


def _pictures() -> str:
    """The user's Pictures folder, else home."""
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
    return loc or str(Path.home())


def _background(text: object) -> Background | None:
    """A stored background, or None (logged) when the value does not parse."""
    try:
        return Background.parse(str(text))
    except ColourError:
        logging.getLogger(__name__).warning("settings: background %r not understood; default used", text)
        return None
