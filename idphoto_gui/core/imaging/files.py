"""Files written safely: atomic writes through a hidden `.part` beside the output (registered before it exists,
so a stop leaves nothing), never over the source photo, stale partial files swept, unique names."""
from __future__ import annotations

import logging
import os
import re
import secrets
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterator

from ..errors import ExportError, OverwriteSourceError

log = logging.getLogger(__name__)

_UMASK = os.umask(0o022)
os.umask(_UMASK)


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """True if both paths name one file (symlinks and hard links included; a symlink loop is no file)."""
    a, b = Path(a), Path(b)
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except (OSError, RuntimeError):  # RuntimeError: Path.resolve() on a symlink loop (Python 3.11)
        return os.path.abspath(a) == os.path.abspath(b)


NAME_MAX = 255        # bytes in one file name where the file system does not say (ext4, NTFS, APFS)
PATH_MAX = 4096       # bytes in a whole path (Linux; Windows long paths and macOS are within it)
PART_EXTRA = len(".") + len(".") + 8 + len(".part")   # a .part name is the output's name plus these


def _name_max(path: Path) -> int:
    """The longest name the file system of `path`'s nearest existing folder takes (NAME_MAX if unknown)."""
    folder = path.parent
    try:
        while not os.path.isdir(folder) and folder != folder.parent:
            folder = folder.parent
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):   # no pathconf on Windows
        return NAME_MAX


def check_name(path: str | os.PathLike, *, part: bool = True) -> Path:
    """`path`, or ExportError when a name in it is too long for the file system (a write, or even a look at
    whether it exists, would fail with "File name too long"); `part`: the last name must leave room for the
    hidden `.part` beside it."""
    out = Path(path)
    whole = len(os.fsencode(out))
    if whole > PATH_MAX:
        raise ExportError(f"The output path is too long ({whole} bytes, at most {PATH_MAX}): "
                          f"{_shortened(out)}", path=str(out))
    limit = _name_max(out)
    for i, name in enumerate(out.parts):
        room = limit - (PART_EXTRA if part and i == len(out.parts) - 1 else 0)
        if len(os.fsencode(name)) > room:
            raise ExportError(f"The file name is too long ({len(os.fsencode(name))} bytes, at most {room} here): "
                              f"{_shortened(Path(name))}; choose a shorter name.", path=str(out))
    return out


def _shortened(path: Path, keep: int = 60) -> str:
    """A long path for a message: its start and end (the whole one would fill the screen)."""
    text = str(path)
    return text if len(text) <= 2 * keep else f"{text[:keep]}...{text[-keep:]}"


def check_destination(path: str | os.PathLike, *, source_path: str | os.PathLike | None = None) -> Path:
    """The output path, or ExportError if it is the input, its name is too long or its folder cannot take
    a file."""
    out = check_name(path)
    if source_path is not None and same_file(out, source_path):
        raise OverwriteSourceError(f"Refusing to overwrite the input photo {source_path}: the original is never "
                                   "overwritten; choose another file name.", path=str(out))
    if out.is_dir():
        raise ExportError(f"Output path is a folder, not a file: {out}", path=str(out))
    if out.is_symlink() and not out.exists():
        raise ExportError(f"Output path is a symbolic link that leads nowhere (broken or a loop): {out}",
                          path=str(out))
    if out.exists() and not os.access(out, os.W_OK):   # the rename would replace it despite its protection
        raise ExportError(f"{out} is read-only and was kept: choose another file name, or make it writable "
                          "first.", path=str(out))
    _require_folder(out.parent)
    return out


def _require_folder(folder: Path) -> None:
    """ExportError naming `folder` unless it exists and is a folder."""
    check_name(folder, part=False)
    if not folder.is_dir():
        what = "does not exist" if not folder.exists() else "is not a folder"
        raise ExportError(f"Output folder {what}: {folder}", path=str(folder))


def probe_folder(folder: str | os.PathLike) -> None:
    """ExportError now (before minutes of work) if no file can be created in `folder`."""
    folder = Path(folder)
    _require_folder(folder)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".idphoto-probe.", dir=folder)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise ExportError(f"Cannot write to folder {folder}: {exc.strerror or exc}", path=str(folder)) from exc


_PARTIAL: set[str] = set()   # temporary files of the writes in progress in this process
_SWEPT: set[str] = set()     # folders already cleared of stale temporary files by this process
PART_SUFFIX = ".part"
STALE_PART_SECONDS = 3600    # a write of ours never takes an hour: older .part files were left by a kill
# Our temporary names: "." + the output's name + "." + mkstemp's 8 random characters + ".part".
_OUR_PART = re.compile(r"^\..+\.[a-z0-9_]{8}\.part$")


def sweep_stale_parts(folder: str | os.PathLike, *, max_age: float = STALE_PART_SECONDS) -> list[Path]:
    """Remove our own temporary files older than `max_age` seconds in `folder` (left by a kill -9 or a
    power cut); anything else, and fresh ones (another write in progress), stay. The paths removed."""
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.endswith(PART_SUFFIX) and _OUR_PART.match(entry.name)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > max_age:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
                log.info("removed a stale partial file %s", entry.path)
        except OSError:
            continue
    return removed


def _sweep_once(folder: Path) -> None:
    """sweep_stale_parts the first time this process writes into `folder`."""
    key = os.path.abspath(folder)
    if key not in _SWEPT:
        _SWEPT.add(key)
        sweep_stale_parts(folder)


def discard_partial_files() -> None:
    """Remove the temporary files of writes still in progress (a process told to stop leaves none behind)."""
    for tmp in list(_PARTIAL):
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _PARTIAL.clear()


_PART_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def _create_part(out: Path) -> tuple[int, str]:
    """(fd, name) of a new `.<name>.<8 random>.part` beside `out`; the name is registered in _PARTIAL
    before the file exists, so a signal at any moment leaves nothing that discard_partial_files misses."""
    for _ in range(100):
        token = "".join(secrets.choice(_PART_CHARS) for _ in range(8))
        tmp = str(out.parent / f".{out.name}.{token}{PART_SUFFIX}")
        _PARTIAL.add(tmp)
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600), tmp
        except FileExistsError:
            _PARTIAL.discard(tmp)
    raise FileExistsError(f"no free temporary name beside {out}")


@contextmanager
def atomic_file(path: str | os.PathLike, *, source_path: str | os.PathLike | None = None) -> Iterator[BinaryIO]:
    """A file handle on a temporary file in the destination folder, moved over `path` only on success."""
    out = check_destination(path, source_path=source_path)
    folder = out.parent
    tmp = None
    _sweep_once(folder)
    try:
        fd, tmp = _create_part(out)
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, out)
        _PARTIAL.discard(tmp)
        tmp = None
    except OSError as exc:
        raise ExportError(f"Cannot write to folder {folder}: {exc.strerror or exc}", path=str(out)) from exc
    finally:
        if tmp is not None:
            _PARTIAL.discard(tmp)
            try:
                os.unlink(tmp)
            except OSError:
                pass


def write_atomic(data: bytes, path: str | os.PathLike, *,
                 source_path: str | os.PathLike | None = None) -> Path:
    """Write via a temporary file in the destination folder + os.replace (no half-written files)."""
    with atomic_file(path, source_path=source_path) as fh:
        fh.write(data)
    return Path(path)


def unique_path(path: str | os.PathLike, *, overwrite: bool = False,
                taken: set[str] | None = None) -> Path:
    """`path`, or `stem-2.ext`, `stem-3.ext`... so nothing existing (or already planned) is replaced."""
    p = Path(path)
    taken = taken if taken is not None else set()
    candidate, n = p, 1
    while str(candidate) in taken or (not overwrite and candidate.exists()):
        n += 1
        candidate = p.with_name(f"{p.stem}-{n}{p.suffix}")
    taken.add(str(candidate))
    return candidate
