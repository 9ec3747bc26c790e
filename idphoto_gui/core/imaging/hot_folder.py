"""A hot folder: the studio camera's tethering software writes each shot into a folder; a scan reports the
images that arrived complete (size unchanged for a while and the file whole), once each, oldest first.

Temporary names, sidecars, RAW files and links that cannot be followed are skipped with one log line each.
Whether a file is whole is read from its header and structure, never by decoding it at full size (a 656 KB
PNG can claim 169 MP). Qt-free: the window polls it from a worker (a file watcher makes the next poll sooner).
"""
from __future__ import annotations

import errno
import logging
import os
import struct
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image

from .imageio import MAX_PIXELS, PHOTO_SUFFIXES, png_intact

log = logging.getLogger(__name__)

SETTLE_S = 1.0          # a file's size and time must stay the same this long before it is read
GIVE_UP_S = 120.0       # a stable file that still does not decode after this long is left alone
TEMP_PREFIXES = (".", "~", "_tmp")
TEMP_SUFFIXES = (".tmp", ".temp", ".part", ".partial", ".crdownload", ".download", ".filepart", "~", ".!ut", ".swp")
SIDECAR_SUFFIXES = (".xmp", ".thm", ".aae", ".json", ".txt", ".xml", ".pp3", ".dop", ".cos", ".on1", ".ini",
                    ".db", ".ds_store")
RAW_SUFFIXES = (".cr2", ".cr3", ".crw", ".nef", ".nrw", ".arw", ".srf", ".sr2", ".raf", ".orf", ".rw2", ".pef",
                ".dng", ".srw", ".x3f", ".3fr", ".iiq", ".erf", ".mrw", ".raw", ".rwl", ".mos", ".kdc")


def kind_of(name: str) -> str:
    """"image", "temp", "sidecar", "raw" or "other" from a file name alone."""
    low = name.lower()
    if low.startswith(TEMP_PREFIXES) or low.endswith(TEMP_SUFFIXES):
        return "temp"
    suffix = os.path.splitext(low)[1]
    if suffix in PHOTO_SUFFIXES:
        return "image"
    if suffix in RAW_SUFFIXES:
        return "raw"
    if suffix in SIDECAR_SUFFIXES:
        return "sidecar"
    return "other"


def decodes(path: str) -> bool:
    """True when the file is whole: its header read first (a claim over MAX_PIXELS is refused by the loader
    from the header alone, so it counts as whole and is never decoded here), then a check that costs no
    full-size decode: a JPEG at 1/8 (still every byte), a PNG's chunks to IEND, a TIFF's strips inside the
    file, a WebP's or BMP's stated length, a GIF's trailer; other formats (HEIC) are decoded."""
    try:
        with Image.open(path) as im:
            width, height = im.size
            if width * height > MAX_PIXELS:
                return True
            return _whole(im, path)
    except Image.DecompressionBombError:   # Pillow's own refusal, over twice the limit: from the header too
        return True
    except Exception:  # noqa: BLE001 - truncated, still being written, or not an image
        return False


def _whole(im: Image.Image, path: str) -> bool:
    """The per-format completeness check of `decodes` (raises or returns False on a partial file)."""
    if im.format == "JPEG":
        im.draft("RGB", (max(1, im.width // 8), max(1, im.height // 8)))
        im.load()
        return True
    if im.format == "PNG":
        return png_intact(path)
    size = os.path.getsize(path)
    if im.format == "TIFF":
        whole = _tiff_whole(im, size)
        if whole is not None:
            return whole
    if im.format in ("WEBP", "BMP", "GIF"):
        with open(path, "rb") as fh:
            head = fh.read(12)
            fh.seek(-1, os.SEEK_END)
            last = fh.read(1)
        if im.format == "WEBP":
            return struct.unpack("<I", head[4:8])[0] + 8 <= size
        if im.format == "BMP":
            return struct.unpack("<I", head[2:6])[0] <= size
        return last == b"\x3b"
    im.load()
    return True


def _tiff_whole(im: Image.Image, size: int) -> bool | None:
    """Every strip or tile of the first image lies inside the file (its offsets and byte counts, no decode);
    None when the file names neither."""
    tags = im.tag_v2
    for offsets_tag, counts_tag in ((273, 279), (324, 325)):
        offsets, counts = tags.get(offsets_tag), tags.get(counts_tag)
        if offsets is not None and counts is not None:
            offsets = offsets if isinstance(offsets, tuple) else (offsets,)
            counts = counts if isinstance(counts, tuple) else (counts,)
            return len(offsets) == len(counts) > 0 and max(o + c for o, c in zip(offsets, counts)) <= size
    return None


@dataclass(frozen=True)
class _Seen:
    """A file's size and time when first seen so, and since when."""

    size: int
    mtime_ns: int
    since: float


@dataclass(frozen=True)
class Scan:
    """One look at the folder: the images that just arrived complete (oldest first), whether it is there."""

    ready: tuple[str, ...] = ()
    available: bool = True
    problem: str = ""
    damaged: tuple[str, ...] = ()   # kept their size for give_up_s and still do not decode: said once each


class FolderScanner:
    """Remembers what it saw; `scan()` returns each complete new image once. Files already there at the
    start are not new unless `existing=True`."""

    def __init__(self, folder: str | os.PathLike, *, settle_s: float = SETTLE_S, give_up_s: float = GIVE_UP_S,
                 existing: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.folder = Path(folder)
        self.settle_s, self.give_up_s, self.clock = settle_s, give_up_s, clock
        self._pending: dict[str, _Seen] = {}
        self._done: set[str] = set()
        self._told: set[str] = set()
        self._damaged: list[str] = []
        self._available = True
        if not existing:
            for entry in self._entries() or ():
                self._done.add(entry.path)

    def scan(self) -> Scan:
        """Look once: new complete images (oldest first); `available` False while the folder is gone."""
        entries = self._entries()
        if entries is None:
            problem = f"the watched folder {self.folder} is gone or cannot be read"
            if self._available:
                log.warning("%s; watching resumes when it is back", problem)
            self._available = False
            return Scan(available=False, problem=problem)
        if not self._available:
            log.info("watched folder %s is back", self.folder)
        self._available = True
        now = self.clock()
        ready, self._damaged = [], []
        for entry in entries:
            if entry.path in self._done or not self._wanted(entry):
                continue
            if self._complete(entry, now):
                ready.append(entry)
        ready.sort(key=lambda e: (e.stat().st_mtime_ns, e.name))
        return Scan(ready=tuple(e.path for e in ready), damaged=tuple(self._damaged))

    def _entries(self) -> list[os.DirEntry] | None:
        """Regular files in the folder, or None when it cannot be listed; an entry that cannot be followed
        (a link loop, a link to where we may not look) is skipped with one line, the rest still read."""
        try:
            with os.scandir(self.folder) as it:
                return [e for e in it if self._is_file(e)]
        except OSError:
            return None

    def _is_file(self, entry: os.DirEntry) -> bool:
        """True for a regular file (through links); a link that cannot be followed is said once."""
        try:
            return entry.is_file(follow_symlinks=True)
        except OSError as exc:
            if entry.path not in self._told:
                self._told.add(entry.path)
                why = ("a link that loops back on itself" if exc.errno == errno.ELOOP
                       else f"cannot be followed: {exc.strerror or exc}")
                log.warning("hot folder: %s skipped (%s)", entry.name, why)
            return False

    def _wanted(self, entry: os.DirEntry) -> bool:
        """An image; anything else is skipped, with one log line for what a person may wonder about."""
        kind = kind_of(entry.name)
        if kind == "image":
            return True
        if kind != "temp" and entry.path not in self._told:
            self._told.add(entry.path)
            if kind == "raw":
                log.warning("hot folder: %s is a RAW file, which cannot be read; set the camera software to "
                            "save JPEG (or RAW + JPEG)", entry.name)
            else:
                log.info("hot folder: %s skipped (%s, not a photo)", entry.name, kind)
        return False

    def _complete(self, entry: os.DirEntry, now: float) -> bool:
        """True once the file kept its size and time for settle_s and decodes whole."""
        try:
            st = entry.stat()
        except OSError:
            self._pending.pop(entry.path, None)
            return False
        seen = self._pending.get(entry.path)
        if seen is None or (seen.size, seen.mtime_ns) != (st.st_size, st.st_mtime_ns):
            self._pending[entry.path] = _Seen(st.st_size, st.st_mtime_ns, now)
            return False
        if st.st_size == 0 or now - seen.since < self.settle_s:
            return False
        if decodes(entry.path):
            self._pending.pop(entry.path, None)
            self._done.add(entry.path)
            return True
        if now - seen.since > self.give_up_s:
            log.warning("hot folder: %s does not decode (damaged or cut short); it is left alone", entry.name)
            self._pending.pop(entry.path, None)
            self._done.add(entry.path)
            self._damaged.append(entry.path)
        return False
