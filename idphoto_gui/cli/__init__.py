"""Command line: `idphoto COMMAND ...` over the Qt-free core."""
from __future__ import annotations

import argparse
import importlib
import logging
import sys

# Each command lives in its own module exposing add_parser(subparsers) and run(args) -> int.
COMMANDS = ("matte", "templates", "garments", "make", "batch", "sheet", "check", "serve", "orders", "reprint")
# Commands that Ctrl-C / SIGTERM stop with EXIT_STOPPED here (serve handles its own signals).
STOPPABLE = ("matte", "templates", "garments", "make", "batch", "sheet", "check", "orders", "reprint")
log = logging.getLogger(__name__)

# The one table of exit codes (docs/cli.md, "Exit codes"); every command maps each failure class to the same code.
EXIT_OK = 0
EXIT_FAILURE = 1       # an unexpected failure (a bug: the message says what to report)
EXIT_USAGE = 2         # bad arguments: unknown option/model/output type, out of range, unreachable --max-kb,
                       # bad port or host, unsafe token file
EXIT_PARTIAL = 3       # batch: some files failed, the rest were done
EXIT_INPUT = 4         # the input could not be used (unreadable, no face, too small, ...)
EXIT_OUTPUT = 5        # the output could not be written (folder unwritable, disk full)
EXIT_STRICT = 6        # make --strict: the photo was saved, but a check failed
EXIT_MODEL = 7         # a model file is missing or damaged: reinstall
EXIT_SERVE = 8         # serve: the server could not start (port in use, address not available)
EXIT_STOPPED = 130     # stopped by Ctrl-C or SIGTERM; partial files removed (batch: the report lists what was done)


def chosen_command(argv: list[str]) -> str | None:
    """The command named on the line (the first word that is not an option), if it is a known one."""
    for word in argv:
        if word in ("-h", "--help"):
            return None  # `idphoto --help`: list every command
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The top-level parser: only the sub-parser of the command `argv` names, if any (a run then imports
    that command's module alone, not the other eight and their libraries: ADR 0016), else all of them."""
    from .. import __version__

    parser = argparse.ArgumentParser(prog="idphoto", description="Offline ID-photo studio (command line).")
    parser.add_argument("--version", action="version", version=f"idphoto {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress details")
    sub = parser.add_subparsers(dest="command", required=True)
    chosen = chosen_command(argv) if argv is not None else None
    for name in (chosen,) if chosen else COMMANDS:
        try:
            module = importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.endswith(f"cli.{name}"):
                continue  # command not built yet
            raise
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `idphoto` console script."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser(argv)
        args = parser.parse_args(argv)
    except KeyboardInterrupt:  # Ctrl-C while the libraries load
        sys.stderr.write("idphoto: stopped (SIGINT)\n")
        return EXIT_STOPPED
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.command not in STOPPABLE:
        return int(args.func(args))
    return _run_stoppable(args)


def _run_stoppable(args: argparse.Namespace) -> int:
    """Run the command; Ctrl-C or SIGTERM ends it with EXIT_STOPPED and one line, its partial files
    removed; an unexpected error is one line and EXIT_FAILURE (the traceback only with -v)."""
    from ..core.imaging.files import discard_partial_files
    from ._common import err
    from .batch_pool import Stopped, stop_on_signals

    try:
        with stop_on_signals():
            return int(args.func(args))
    except (Stopped, KeyboardInterrupt) as exc:
        discard_partial_files()
        err(f"idphoto: stopped ({exc if isinstance(exc, Stopped) else 'SIGINT'}); no partial file left")
        return EXIT_STOPPED
    except MemoryError:
        discard_partial_files()
        err("idphoto: error: out of memory; try a smaller photo or close other programs")
        return EXIT_FAILURE
    except Exception as exc:  # a bug: one line, not a traceback (-v logs it)
        discard_partial_files()
        log.info("unexpected error", exc_info=True)
        err(f"idphoto: error: unexpected {type(exc).__name__}: {exc} (please report this; -v shows details)")
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
