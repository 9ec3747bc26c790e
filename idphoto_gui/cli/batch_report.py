"""The batch report: CSV rows written and flushed as photos finish (a killed batch keeps them),
JSON written once at the end."""
from __future__ import annotations

import csv
import json
from pathlib import Path

CSV_FIELDS = ("input", "status", "output", "reason", "seconds", "head_height_mm", "eye_line_mm", "crop",
              "background", "findings", "bytes", "width", "height", "dpi", "quality")


class Report:
    """Open every report file before any work; `add` a row per finished photo; `close` at the end."""

    def __init__(self, paths: list[Path]) -> None:
        self.rows: list[dict] = []
        self._json = [p for p in paths if p.suffix.lower() == ".json"]
        self._csv = []
        try:
            for p in paths:
                if p not in self._json:
                    fh = open(p, "w", encoding="utf-8-sig", newline="")  # BOM: Excel reads Chinese names
                    writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS, extrasaction="ignore",
                                            lineterminator="\n")
                    self._csv.append((fh, writer))
                    writer.writeheader()
                    fh.flush()
        except OSError:
            self.close(write_json=False)
            raise

    def add(self, row: dict) -> None:
        """One finished (or skipped, or failed) photo: on disk at once."""
        self.rows.append(row)
        for fh, writer in self._csv:
            writer.writerow(row)
            fh.flush()

    def close(self, *, write_json: bool = True) -> None:
        """Close the CSV files and write the JSON ones (atomically); ExportError if one cannot be written."""
        for fh, _ in self._csv:
            fh.close()
        self._csv = []
        if write_json:
            from ..core.imaging.export import write_atomic

            data = json.dumps(self.rows, ensure_ascii=False, indent=2).encode("utf-8")
            for p in self._json:
                write_atomic(data, p)
