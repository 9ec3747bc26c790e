"""Shared CLI pieces: output helpers, the photo options, argument checks, report rows."""
from __future__ import annotations

import argparse
import math
import os
import sys
import unicodedata
from typing import Iterable, TextIO

from ..core.colours import ColourError, parse_colour


def _write(stream: TextIO, text: str) -> None:
    """Write a line, replacing what the console's encoding cannot show (Chinese on cp1252)."""
    try:
        try:
            stream.write(text + "\n")
        except UnicodeEncodeError:
            enc = getattr(stream, "encoding", None) or "ascii"
            stream.write(text.encode(enc, "replace").decode(enc) + "\n")
        stream.flush()
    except BrokenPipeError:  # `idphoto templates | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        raise SystemExit(0) from None


def out(text: str = "") -> None:
    """A result line on stdout."""
    _write(sys.stdout, text)


def err(text: str) -> None:
    """A message or progress line on stderr."""
    _write(sys.stderr, text)


def fail(message: str, code: int) -> int:
    """Print `idphoto: error: message` on stderr and return the exit code."""
    err(f"idphoto: error: {message}")
    return code


def input_problem(path) -> str | None:
    """Why `path` cannot be read as a photo (missing, a folder, a FIFO, a symlink loop), or None."""
    from ..core.imageio import file_problem

    return file_problem(path)


def _number(text: str, kind: type, *, above: float | None = None, at_least: float | None = None,
            at_most: float | None = None):
    """argparse helper: `text` as a finite int/float within bounds, or ArgumentTypeError."""
    try:
        value = kind(text)
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(f"not a {'whole ' if kind is int else ''}number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number: {text!r}")
    if above is not None and value <= above:
        raise argparse.ArgumentTypeError(f"must be above {above:g}: {value}")
    if at_least is not None and value < at_least:
        raise argparse.ArgumentTypeError(f"must be at least {at_least:g}: {value}")
    if at_most is not None and value > at_most:
        raise argparse.ArgumentTypeError(f"must be at most {at_most:g}: {value}")
    return value


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    return _number(text, int, at_least=1)


def positive_float(text: str) -> float:
    """argparse type: a finite number > 0."""
    return _number(text, float, above=0)


def dpi_arg(text: str) -> int:
    """argparse type: a print resolution within export.DPI_RANGE."""
    from ..core.export import DPI_RANGE

    return _number(text, int, at_least=DPI_RANGE[0], at_most=DPI_RANGE[1])


def kb_arg(text: str) -> float:
    """argparse type: a file-size cap in KB within export.KB_RANGE."""
    from ..core.export import KB_RANGE

    return _number(text, float, at_least=KB_RANGE[0], at_most=KB_RANGE[1])


def count_arg(text: str) -> int:
    """argparse type: a number of copies, 1-1000."""
    return _number(text, int, at_least=1, at_most=1000)


def colour_arg(text: str) -> tuple[int, int, int]:
    """argparse type: a background colour name, #RRGGBB or r,g,b."""
    try:
        return parse_colour(text)
    except ColourError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_photo_options(parser: argparse.ArgumentParser, *,
                      overwrite_help: str = "replace existing output files") -> None:
    """Options shared by `make` and `batch`."""
    parser.add_argument("-t", "--template", required=True, help="template id (see `idphoto templates`)")
    parser.add_argument("-b", "--background", type=colour_arg, default=None, metavar="COLOUR",
                        help="blue, red, white, grey (or any name in `idphoto templates --colours`), #RRGGBB or "
                             "r,g,b (default: the template's first colour)")
    parser.add_argument("--dpi", type=dpi_arg, default=None,
                        help="print resolution, 72-1200 (default: the template's; pixels follow the mm)")
    parser.add_argument("--max-kb", type=kb_arg, default=None, dest="max_kb",
                        help="file-size cap in KB (default: the template's limit, if any)")
    from ..core.matting import available_models

    parser.add_argument("--model", choices=available_models(), default=available_models()[0],
                        help="matting model (default: %(default)s)")
    parser.add_argument("--overwrite", action="store_true", help=overwrite_help)


def display_width(text: str) -> int:
    """Terminal columns taken by `text` (CJK wide characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int) -> str:
    """`text` left-aligned to `width` terminal columns."""
    return text + " " * max(0, width - display_width(text))


def table(rows: Iterable[Iterable[str]]) -> list[str]:
    """Lines of a left-aligned text table, CJK-width aware; the first row is the header."""
    rows = [list(r) for r in rows]
    if not rows:
        return []
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(pad(c, w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def fmt_mm(value: float) -> str:
    """12.0 -> "12", 12.5 -> "12.5"."""
    return f"{value:g}"


# ---------------------------------------------------------------- shared photo flow + report

def jsonable(value):
    """Dataclasses, tuples, numpy scalars/arrays and paths as plain JSON values."""
    import dataclasses
    from pathlib import PurePath

    import numpy as np

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not isinstance(getattr(value, f.name), np.ndarray)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, float):
        return round(value, 3)
    return value


FINDING_FIELDS = ("code", "severity", "value", "allowed", "unit", "message")


def finding_dict(finding) -> dict:
    """A compliance finding as the report's fields."""
    return {k: jsonable(getattr(finding, k, None)) for k in FINDING_FIELDS}


QUIET = ("ok", "info", "pass")


def worst_severity(findings) -> str:
    """Batch status of a finished photo: "ok", or "warn" when any check needs attention."""
    return "warn" if any(str(f.severity).lower() not in QUIET for f in findings) else "ok"


def findings_summary(findings) -> str:
    """Short text for a CSV cell: the checks that need attention, `code: message; ...`."""
    return "; ".join(f"{f.code}: {f.message}" for f in findings if str(f.severity).lower() not in QUIET)


def photo_report(*, source: str, result, saved) -> dict:
    """The JSON report of one finished photo: template, measurements, findings, output."""
    t = result.template
    return {
        "input": source,
        "template": {"id": t.id, "name_zh": t.name_zh, "name_en": t.name_en,
                     "width_mm": t.width_mm, "height_mm": t.height_mm, "dpi": result.dpi,
                     "head_height_mm": jsonable(t.head_height_mm), "eye_line_mm": jsonable(t.eye_line_mm),
                     "max_kb": t.max_kb, "min_kb": t.min_kb},
        "background": "#{:02X}{:02X}{:02X}".format(*result.background),
        "measurements": jsonable(result.measurements),
        "findings": [finding_dict(f) for f in result.findings],
        "status": worst_severity(result.findings),
        "output": {"path": saved.path, "bytes": saved.bytes, "pixel_size": list(saved.pixel_size),
                   "dpi": round(saved.dpi), "quality": saved.quality, "scaled": saved.scaled,
                   "format": saved.format},
    }
