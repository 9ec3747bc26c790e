"""Shared CLI pieces: output helpers, the photo options, argument checks, report rows."""
from __future__ import annotations

import argparse
import math
import os
import sys
import unicodedata
from typing import Iterable, TextIO

from ..core.templates.colours import Background, ColourError
from ..core.render.report import (FINDING_FIELDS, QUIET, finding_dict, findings_summary, jsonable,  # noqa: F401
                           photo_report, worst_severity)


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


def template_and_photo(args: argparse.Namespace):
    """(template, input path) of a single-photo command, or the exit code after printing why not."""
    from pathlib import Path

    from ..core.errors import TemplateError
    from ..core.templates.specs import get_template
    from . import EXIT_INPUT, EXIT_USAGE

    try:
        template = get_template(args.template)
    except TemplateError as exc:
        return fail(str(exc), EXIT_USAGE)
    src = Path(args.input)
    problem = input_problem(src)
    if problem:
        return fail(problem, EXIT_INPUT)
    return template, src


def input_problem(path) -> str | None:
    """Why `path` cannot be read as a photo (missing, a folder, a FIFO, a symlink loop), or None."""
    from ..core.imaging.imageio import file_problem

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
    from ..core.imaging.export import DPI_RANGE

    return _number(text, int, at_least=DPI_RANGE[0], at_most=DPI_RANGE[1])


def kb_arg(text: str) -> float:
    """argparse type: a file-size cap in KB within export.KB_RANGE."""
    from ..core.imaging.export import KB_RANGE

    return _number(text, float, at_least=KB_RANGE[0], at_most=KB_RANGE[1])


def face_arg(text: str) -> int:
    """argparse type: face N as people count (1 = the first listed), kept as the 0-based index the core takes."""
    return positive_int(text) - 1


def count_arg(text: str) -> int:
    """argparse type: a number of copies, 1-1000."""
    return _number(text, int, at_least=1, at_most=1000)


def colour_arg(text: str) -> Background:
    """argparse type: a background colour name, #RRGGBB or r,g,b, or "original" (keep the photo's own)."""
    try:
        return Background.parse(text)
    except ColourError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_photo_options(parser: argparse.ArgumentParser, *,
                      overwrite_help: str = "replace existing output files") -> None:
    """Options shared by `make` and `batch`."""
    parser.add_argument("-t", "--template", required=True, help="template id (see `idphoto templates`)")
    parser.add_argument("-b", "--background", type=colour_arg, default=None, metavar="COLOUR",
                        help="blue, red, white, grey (or any name in `idphoto templates --colours`), #RRGGBB, "
                             "r,g,b, or original: keep the photo's own background, crop only (default: the "
                             "template's first colour; original where the authority forbids alteration)")
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
