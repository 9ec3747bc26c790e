"""The preferences file read and written by us as plain INI: no QSettings, so no `@Variant(...)` value is
ever decoded (PySide unpickles those) and a damaged file cannot stop the app from starting.

Each value is a JSON literal (a string, a number, true/false or a list of those); a bare word from an
older file is taken as a string. Anything else is ignored with a log line. A file that does not parse
is moved aside to `<name>.bad-<time>` (never deleted) and `notice` says so. Writes are atomic.
"""
from __future__ import annotations

import configparser
import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

GENERAL = "General"             # QSettings' section for keys without a folder
MAX_FILE_BYTES = 1_000_000      # a preferences file is a few KB; more is not ours
MAX_LIST = 100
Plain = str | int | float | bool | list


def _plain(value: Any) -> bool:
    """True for the values a preferences file may hold: str, finite number, bool, a short flat list."""
    if isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, list):
        return len(value) <= MAX_LIST and all(isinstance(v, (str, int, float, bool)) and _plain(v) for v in value)
    return False


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a plain number")


def decode(raw: str) -> Plain | None:
    """One stored value, or None when it is not a plain value (logged)."""
    text = raw.strip()
    if text.startswith("@"):  # QSettings' @Variant/@ByteArray/@Size...: never decoded
        return None
    if text[:1] in '["' or text in ("true", "false") or text[:1].isdigit() or text[:1] == "-":
        try:
            value = json.loads(text, parse_constant=_reject_constant)
        except (ValueError, RecursionError):
            value = text if text[:1] not in '["' else None
    else:
        value = text  # a bare word (an older file's string)
    return value if value is not None and _plain(value) else None


def encode(value: Any) -> str:
    """A plain value as its JSON literal; TypeError for anything else (bytes, objects)."""
    if isinstance(value, tuple):
        value = list(value)
    if not _plain(value):
        raise TypeError(f"not a plain settings value: {type(value).__name__}")
    return json.dumps(value, ensure_ascii=False)


def _split(key: str) -> tuple[str, str]:
    """'photo/template' -> ('photo', 'template'); 'x' -> ('General', 'x')."""
    section, _, name = key.rpartition("/")
    return (section or GENERAL), name


class PlainSettings:
    """A QSettings look-alike (value, setValue, contains, remove, sync, fileName) over a plain INI file."""

    def __init__(self, path: str | os.PathLike | None) -> None:
        self.path = Path(path) if path is not None else None
        self.notice: str = ""          # set when the file was moved aside; the window shows it
        self.set_aside: Path | None = None
        self._values: dict[str, Plain] = {}
        if self.path is not None:
            self._load()

    # ------------------------------------------------------------ QSettings interface
    def value(self, key: str, defaultValue: Any = None, type: Any = None) -> Any:  # noqa: A002 - Qt's name
        """The stored plain value, or `defaultValue`."""
        return self._values.get(key, defaultValue)

    def setValue(self, key: str, value: Any) -> None:
        """Store a plain value (TypeError for bytes or objects: they never reach the file)."""
        encode(value)
        self._values[key] = list(value) if isinstance(value, tuple) else value

    def contains(self, key: str) -> bool:
        return key in self._values

    def remove(self, key: str) -> None:
        self._values.pop(key, None)

    def fileName(self) -> str:  # noqa: N802 - Qt's name
        return str(self.path) if self.path is not None else ""

    def sync(self) -> None:
        """Write the file atomically (a temporary file in the same folder, then replace)."""
        if self.path is None:
            return
        try:
            self._write()
        except OSError as exc:
            log.warning("could not save the preferences to %s: %s", self.path, exc.strerror or exc)

    # ------------------------------------------------------------ file
    def _load(self) -> None:
        """Read the file; values that are not plain are skipped, a file that does not parse is set aside."""
        try:
            if not self.path.is_file():
                return
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError(f"larger than {MAX_FILE_BYTES // 1000} KB")
            parser = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",),
                                               comment_prefixes=(";",), default_section="\0none")
            parser.optionxform = str  # keep the keys' case
            parser.read_string(self.path.read_text(encoding="utf-8"), source=str(self.path))
        except OSError as exc:
            log.warning("could not read the preferences %s: %s; using the defaults", self.path,
                        exc.strerror or exc)
            return
        except (configparser.Error, UnicodeDecodeError, ValueError) as exc:
            self._move_aside(exc)
            return
        for section in parser.sections():
            for name, raw in parser.items(section, raw=True):
                key = name if section == GENERAL else f"{section}/{name}"
                value = decode(raw)
                if value is None:
                    log.warning("preferences %s: ignoring %s (not a plain value); using the default",
                                self.path, key)
                else:
                    self._values[key] = value

    def _move_aside(self, why: Exception) -> None:
        """Rename the unreadable file to `<name>.bad-<time>` and say so."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.bad-{stamp}-{n}")
        reason = str(why).splitlines()[0][:200] if str(why) else type(why).__name__
        try:
            os.replace(self.path, target)
        except OSError as exc:
            log.warning("preferences %s could not be read (%s) nor moved aside: %s; using the defaults",
                        self.path, reason, exc.strerror or exc)
            self.path = None  # never write over a file we could not read and could not keep
            self.notice = f"The preferences file could not be read ({reason}); the defaults are used."
            return
        self.set_aside = target
        log.warning("preferences %s could not be read (%s); moved aside to %s, using the defaults",
                    self.path, reason, target)
        self.notice = f"The preferences file could not be read ({reason}). It was kept as {target}; " \
                      "the defaults are used."

    def _write(self) -> None:
        """Sections from the keys' folders, one `name = JSON` line per value, atomically."""
        sections: dict[str, list[str]] = {}
        for key, value in sorted(self._values.items()):
            section, name = _split(key)
            sections.setdefault(section, []).append(f"{name}={encode(value)}")
        text = "".join(f"[{s}]\n" + "\n".join(lines) + "\n\n" for s, lines in sorted(sections.items()))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
