"""The batch report: CSV rows written and flushed as photos finish (a killed batch keeps them),
JSON written once at the end; a re-run reads the rows it replaces first, so photos done before keep theirs."""
from __future__ import annotations

import csv
import json
import logging
import stat
from pathlib import Path

log = logging.getLogger(__name__)

def _report_error(path, exc: OSError):
    """An ExportError that names the report file and what went wrong (never "None")."""
    from ..core.errors import ExportError

    return ExportError(f"the report {path} could not be written: {exc.strerror or exc}", path=str(path))


MAX_HEADER_BYTES = 512   # a report this small holds the header at most: safe to remove when opening fails
CSV_FIELDS = ("input", "status", "output", "reason", "seconds", "head_height_mm", "eye_line_mm", "crop",
              "background", "findings", "bytes", "width", "height", "dpi", "quality")
MAX_EARLIER_BYTES = 64 * 1024 * 1024   # a report bigger than this was not written by a batch: not read
_NUMBERS = {"seconds": float, "head_height_mm": float, "eye_line_mm": float, "bytes": int, "width": int,
            "height": int, "dpi": int, "quality": int}


def earlier_rows(paths: list[Path]) -> dict[str, dict]:
    """The rows of the reports an earlier run left at `paths`, by input (the JSON's when there is one: it
    holds each finding); {} where none can be read (the run goes on, done photos are then `skipped`)."""
    rows: dict[str, dict] = {}
    for path in sorted(paths, key=lambda p: p.suffix.lower() == ".json"):   # JSON last: its rows win
        try:
            if not path.is_file() or path.stat().st_size > MAX_EARLIER_BYTES:
                continue
            found = _read_rows(path)
        except (OSError, ValueError, csv.Error) as exc:   # UnicodeDecodeError and JSONDecodeError included
            log.warning("the earlier report %s could not be read (%s): its photos are listed as skipped", path, exc)
            continue
        rows.update((r["input"], r) for r in found if isinstance(r, dict) and isinstance(r.get("input"), str))
    return rows


def _read_rows(path: Path) -> list[dict]:
    """The rows of one report file, numbers as numbers."""
    if path.suffix.lower() == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, list) else []
    with open(path, encoding="utf-8-sig", newline="") as fh:
        return [{k: _typed(k, v) for k, v in r.items() if k is not None} for r in csv.DictReader(fh)]


def _typed(key: str, text: str | None):
    """A CSV cell as the JSON report holds it (the number back from its text)."""
    kind = _NUMBERS.get(key)
    if kind is None or not text:
        return text if text is not None else ""
    try:
        return kind(text)
    except ValueError:
        return text


class Report:
    """Open every report file before any work; `add` a row per finished photo; `close` at the end."""

    def __init__(self, paths: list[Path]) -> None:
        self.rows: list[dict] = []
        self._json = [p for p in paths if p.suffix.lower() == ".json"]
        self._csv = []
        path = None
        try:
            for path in (p for p in paths if p not in self._json):
                fh = open(path, "w", encoding="utf-8-sig", newline="")  # BOM: Excel reads Chinese names
                writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
                self._csv.append((fh, writer, path))
                writer.writeheader()
                fh.flush()
        except OSError as exc:  # e.g. a full disk: no empty report is left behind
            self._discard()
            raise _report_error(path, exc) from exc

    def add(self, row: dict) -> None:
        """One finished (or skipped, or failed) photo: on disk at once (ExportError naming the file if not)."""
        self.rows.append(row)
        for fh, writer, path in self._csv:
            try:
                writer.writerow(row)
                fh.flush()
            except OSError as exc:
                raise _report_error(path, exc) from exc

    def _discard(self) -> None:
        """Close and remove the CSV files opened so far (regular files holding no row yet; never a device)."""
        for fh, _, path in self._csv:
            try:
                fh.close()
            except OSError:
                pass
            try:
                st = path.lstat()
                if stat.S_ISREG(st.st_mode) and st.st_size <= MAX_HEADER_BYTES:
                    path.unlink()
            except OSError:
                pass
        self._csv = []

    def close(self, *, write_json: bool = True) -> None:
        """Close the CSV files and write the JSON ones (atomically); ExportError if one cannot be written."""
        csv_files, self._csv = self._csv, []
        for fh, _, path in csv_files:
            try:
                fh.close()
            except OSError as exc:
                raise _report_error(path, exc) from exc
        if write_json:
            from ..core.imaging.files import write_atomic

            data = json.dumps(self.rows, ensure_ascii=False, indent=2).encode("utf-8")
            for p in self._json:
                write_atomic(data, p)
