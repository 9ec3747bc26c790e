"""Run the command line in-process for a test: exit code (argparse's too), stdout, stderr."""
from __future__ import annotations

from idphoto_gui.cli import main


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    """main(argv) with every argument as text; an argparse exit is returned as its code."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse
        code = exc.code
    cap = capsys.readouterr()
    return code, cap.out, cap.err
