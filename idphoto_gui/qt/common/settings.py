"""Typed access to the persisted preferences; the store is injected so tests never touch the user's.

The store is a PlainSettings (settings_file.py): plain values only, never a pickled or QVariant value;
each getter checks its value and falls back to the default (with a log line) when it does not fit.
"""
from __future__ import annotations

import base64
import binascii
import logging
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from ...core.paths import settings_dir
from ...core.templates.colours import Background, ColourError
from .settings_file import PlainSettings

log = logging.getLogger(__name__)
SETTINGS_FILE = "idphoto.conf"
MAX_GEOMETRY_CHARS = 4096       # Qt's saveGeometry is ~70 bytes; anything far larger is not ours
DEFAULT_TEMPLATE = "cn-1inch"
DEFAULT_COLOUR = "#438EDB"
DEFAULT_MODEL = "rvm"
MAX_RECENT_COLOURS = 6


def settings_file() -> Path:
    """The window's preferences file: idphoto.conf in the settings folder."""
    return settings_dir() / SETTINGS_FILE


def _as_list(value: object) -> list[str]:
    """A list of strings (a single string counts as a one-element list, as older files wrote it)."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(v) for v in value]
    log.warning("preferences: ignoring a list value of type %s", type(value).__name__)
    return []


def _as_bool(value: object, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, str):
        return value.lower() in ("1", "true", "yes")
    if isinstance(value, (bool, int)):
        return bool(value)
    log.warning("preferences: ignoring a yes/no value of type %s", type(value).__name__)
    return default


def _as_int(value: str, default: int, low: int, high: int) -> int:
    """An integer setting within [low, high]; default when it is not a number."""
    try:
        return min(high, max(low, int(float(value))))
    except ValueError:
        return default


class AppSettings:
    """Preferences: template, colour, model, folders, language, sheet choice, view toggles."""

    def __init__(self, store: PlainSettings | None = None) -> None:
        self.store = store if store is not None else PlainSettings(settings_file())

    def _get(self, key: str, default: str) -> str:
        value = self.store.value(key, default)
        if isinstance(value, (list, dict)):
            log.warning("preferences: ignoring %s (a list where text belongs); using the default", key)
            return default
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

    def retouch_for(self, template_id: str) -> int:
        """The retouch strength the clerk last chose for this template (0, none, until they opt in)."""
        return _as_int(self._get(f"retouch/{template_id}", "0"), 0, 0, 100)

    def set_retouch_for(self, template_id: str, strength: int) -> None:
        self._set(f"retouch/{template_id}", int(strength))

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
        from ...core.errors import OutOfRangeError
        from ...core.numbers import parse_number

        try:
            return int(parse_number(self.store.value("sheet/copies", 0), "sheet/copies", integer=True, lo=0,
                                    hi=1000))
        except OutOfRangeError as exc:
            log.warning("preferences: ignoring %s; using the default", exc)
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
    def head_bands(self, value: bool) -> None:
        self._set("view/guides", bool(value))

    @property
    def order_keep_days(self) -> int:
        """Days the order book keeps orders (0: for ever)."""
        try:
            return max(0, int(self._get("orders/keep_days", "0")))
        except ValueError:
            return 0

    @order_keep_days.setter
    def order_keep_days(self, value: int) -> None:
        self._set("orders/keep_days", max(0, int(value)))

    @property
    def order_store_photos(self) -> bool:
        """False: orders keep only the settings, never the photo's path or digest."""
        return _as_bool(self.store.value("orders/store_photos"), True)

    @order_store_photos.setter
    def order_store_photos(self, value: bool) -> None:
        self._set("orders/store_photos", bool(value))

    @property
    def hot_folder(self) -> str:
        """The folder watched for new photos (the tethered camera's); "" = none."""
        return self._get("hotfolder/path", "")

    @hot_folder.setter
    def hot_folder(self, value: str) -> None:
        self._set("hotfolder/path", value)

    @property
    def garments_dir(self) -> str:
        """The studio's own garment folder (Settings -> Garments); "" = only the built-in garments."""
        return self._get("garments/folder", "")

    @garments_dir.setter
    def garments_dir(self, value: str) -> None:
        self._set("garments/folder", value)

    @property
    def hot_folder_apply(self) -> bool:
        """New photos from the folder take the current photo's template and background."""
        return _as_bool(self.store.value("hotfolder/apply"), False)

    @hot_folder_apply.setter
    def hot_folder_apply(self, value: bool) -> None:
        self._set("hotfolder/apply", bool(value))

    # ---- memory and privacy (issue 30) ----
    @property
    def cache_mb(self) -> int:
        """Memory for the analyses and images of photos out of view, in MB; 0 = sized from the machine."""
        return _as_int(self._get("memory/cache_mb", "0"), 0, 0, 1 << 20)

    @cache_mb.setter
    def cache_mb(self, value: int) -> None:
        self._set("memory/cache_mb", int(value))

    @property
    def never_store_photos(self) -> bool:
        """Privacy: keep no analysis of a photo on disk (the disk cache is off and emptied)."""
        return _as_bool(self.store.value("privacy/never_store_photos"), False)

    @never_store_photos.setter
    def never_store_photos(self, value: bool) -> None:
        self._set("privacy/never_store_photos", bool(value))

    @property
    def clear_after_hours(self) -> int:
        """Finished photos older than this leave the strip by themselves; 0 = never."""
        return _as_int(self._get("strip/clear_after_hours", "0"), 0, 0, 24 * 365)

    @clear_after_hours.setter
    def clear_after_hours(self, value: int) -> None:
        self._set("strip/clear_after_hours", int(value))

    def geometry(self) -> bytes | None:
        """Saved window geometry (Qt's own saveGeometry bytes, stored as base64 text), if any and valid."""
        value = self.store.value("window/geometry")
        if not value:
            return None
        try:
            if not isinstance(value, str) or len(value) > MAX_GEOMETRY_CHARS:
                raise ValueError("not a short text")
            return base64.b64decode(value.encode("ascii"), validate=True)
        except (ValueError, UnicodeEncodeError, binascii.Error) as exc:
            log.warning("preferences: ignoring window/geometry (%s); using the default size", exc)
            return None

    def set_geometry(self, value: bytes) -> None:
        """Store Qt's saveGeometry bytes as base64 text (a plain value)."""
        self._set("window/geometry", base64.b64encode(bytes(value)).decode("ascii"))

    def sync(self) -> None:
        """Flush to disk now (before exit, and in tests)."""
        self.store.sync()


def _pictures() -> str:
    """The user's Pictures folder, else home."""
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
    return loc or str(Path.home())


def _background(text: object) -> Background | None:
    """A stored background, or None (logged) when the value does not parse."""
    return _parsed_background(str(text))


@lru_cache(maxsize=64)
def _parsed_background(text: str) -> Background | None:
    """Parsed once per text: the window reads the recent colours on every edit."""
    try:
        return Background.parse(text)
    except ColourError:
        logging.getLogger(__name__).warning("settings: background %r not understood; default used", text)
        return None
