"""Shared CLI pieces: output helpers, the photo options, argument checks, report rows."""
from __future__ import annotations

import argparse
import json
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


def error_code(exc: BaseException) -> int:
    """The exit code of the one table (cli/__init__.py, docs/cli.md "Exit codes") for a core error."""
    from ..core.errors import (CropError, ExportError, FaceError, LoadError, ModelError, SizeCapError,
                               TemplateError, UnsupportedOutputError)
    from . import EXIT_FAILURE, EXIT_INPUT, EXIT_MODEL, EXIT_OUTPUT, EXIT_USAGE

    for kind, code in ((ModelError, EXIT_MODEL), (TemplateError, EXIT_USAGE),  # OutOfRangeError included
                       (UnsupportedOutputError, EXIT_USAGE), (SizeCapError, EXIT_USAGE),
                       (ExportError, EXIT_OUTPUT), (LoadError, EXIT_INPUT), (FaceError, EXIT_INPUT),
                       (CropError, EXIT_INPUT)):
        if isinstance(exc, kind):
            return code
    return EXIT_FAILURE


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
    """argparse helper: `text` through core.numbers.parse_number (finite, in bounds), or ArgumentTypeError."""
    from ..core.errors import OutOfRangeError
    from ..core.numbers import parse_number

    try:
        value = parse_number(text, "the value", integer=kind is int, lo=at_least, hi=at_most)
    except OutOfRangeError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("the value ")) from None
    if above is not None and value <= above:
        raise argparse.ArgumentTypeError(f"must be above {above:g}, not {value:g}")
    return value


SEARCH_CHARS = 200   # a name, phone number or date; far longer is no search (SQLite refuses a 50 KB pattern)


def search_arg(text: str) -> str:
    """argparse type: search text, valid Unicode (bytes that are not UTF-8 reach Python as lone surrogates,
    which nothing can encode) and at most SEARCH_CHARS characters."""
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise argparse.ArgumentTypeError(f"the text is not valid UTF-8: {shown(text)[:80]!s} (check the "
                                         "terminal's encoding)")
    if len(text) > SEARCH_CHARS:
        raise argparse.ArgumentTypeError(f"at most {SEARCH_CHARS} characters, not {len(text)}")
    return text


def shown(text: str) -> str:
    """Stored or typed text as a terminal may print it: control and format characters (a newline that would
    forge a table row, an escape code, a right-to-left override) written as \\n, \\x1b, \\u202e."""
    return "".join(_ESCAPES.get(ch) or (ch if unicodedata.category(ch) not in _HIDDEN else _escape(ch))
                   for ch in text)


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_HIDDEN = ("Cc", "Cf", "Cs", "Zl", "Zp")   # controls, format (bidi overrides, zero width), surrogates, separators


def json_shown(value) -> str:
    """JSON for the terminal: readable Chinese, but every hidden character as a \\u escape (json.dumps leaves
    DEL, C1 controls and bidi overrides raw with ensure_ascii=False); the values read back unchanged."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    return "".join(json.dumps(ch)[1:-1] if ch > "\x7e" and unicodedata.category(ch) in _HIDDEN else ch
                   for ch in text)   # below DEL only the layout's own newlines: json.dumps escaped the rest


def _escape(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    return _number(text, int, at_least=1)


def int_between(lo: int, hi: int):
    """argparse type: an integer from lo to hi (a 20-digit number is out of range, not a crash)."""
    return lambda text: _number(text, int, at_least=lo, at_most=hi)


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


ALL_FACES = "all"


def face_arg(text: str) -> "int | str | tuple[int, ...]":
    """argparse type: face N as people count (1 = the first listed), kept as the 0-based index the core takes;
    "all" (one photo per person), or "N,M" (the two people of a pair template, 0-based)."""
    word = text.strip().lower()
    if word == ALL_FACES:
        return ALL_FACES
    if "," in word:
        parts = [p for p in word.split(",")]
        if len(parts) != 2:
            raise argparse.ArgumentTypeError(f"name two faces, e.g. 1,2: {text!r}")
        first, second = (positive_int(p.strip()) - 1 for p in parts)
        if first == second:
            raise argparse.ArgumentTypeError(f"name two different faces: {text!r}")
        return (first, second)
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
    add_look_options(parser)


def add_look_options(parser: argparse.ArgumentParser) -> None:
    """Light, colour and retouch (`make`, `batch`)."""
    from ..core.render.retouch.look import HAND_RANGE, LIGHT_MODES, RETOUCH_RANGE

    lo, hi = HAND_RANGE
    hand = lambda text: _number(text, int, at_least=lo, at_most=hi)  # noqa: E731
    parser.add_argument("--light", choices=LIGHT_MODES, default="off",
                        help="auto: correct exposure and white balance from the photo's own skin and neutral "
                             "clothing/background (every template; default: off)")
    parser.add_argument("--brightness", type=hand, default=0, metavar=f"{lo}..{hi}", help="+50 = one stop brighter")
    parser.add_argument("--contrast", type=hand, default=0, metavar=f"{lo}..{hi}")
    parser.add_argument("--warmth", type=hand, default=0, metavar=f"{lo}..{hi}", help="+ warmer, - cooler")
    parser.add_argument("--retouch", type=lambda t: _number(t, int, at_least=RETOUCH_RANGE[0],
                                                            at_most=RETOUCH_RANGE[1]),
                        default=0, metavar="0..100",
                        help="skin smoothing, blemish removal and under-eye lightening, as far as the template "
                             "allows (templates with alteration 'none' refuse it: exit 2)")
    parser.add_argument("--dress", default="none", metavar="ID|none",
                        help="replace the clothing with a garment (see `idphoto garments`); only where the "
                             "document allows it (alteration 'free'; others refuse it: exit 2)")
    parser.add_argument("--garments", default=None, metavar="DIR",
                        help="the studio's own garments: a folder of PNGs (anchors in a JSON beside each, or "
                             "found from the transparent neck opening)")


def look_of(args: argparse.Namespace):
    """The Look the options ask for."""
    from ..core.render.retouch.look import Look

    return Look(args.light, args.brightness, args.contrast, args.warmth, args.retouch,
                getattr(args, "dress", "none") or "none")


def dress_refusal(template, args: argparse.Namespace) -> str | None:
    """Why --dress cannot be used (an unknown garment, or the template's rule), or None; sets --garments."""
    from ..core.body import dress, garments

    garments.use_studio_folder(getattr(args, "garments", None))
    why = dress.why_not(template, getattr(args, "dress", "none") or "none")
    return None if why is None else f"--dress {why}"


def retouch_refusal(template, retouch: int) -> str | None:
    """Why --retouch cannot be used with this template (its rule), or None."""
    if retouch and template.alteration == "none":
        return (f"--retouch {retouch}: the {template.id} photo may not be retouched, only its light and colour "
                f"corrected (--light, --brightness, --contrast, --warmth). Rule: {template.alteration_source}")
    return None


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
