"""Start idphoto. idphoto_gui first (telemetry off), then onnxruntime before PySide6 (Windows DLL order)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys._idphoto_started = time.perf_counter()  # type: ignore[attr-defined]  # for --startup-probe

import idphoto_gui  # noqa: E402,F401  (sets the offline environment before onnxruntime is imported)
import onnxruntime  # noqa: E402,F401  (must precede PySide6 on Windows)

QUIT_AFTER_ENV = "IDPHOTO_QUIT_AFTER_S"   # tests: close the window after this many seconds


def _quit_later(seconds: float) -> None:
    """Ask the running QApplication to quit after `seconds` (for headless tests of the whole app)."""
    import threading

    def later() -> None:
        from PySide6.QtCore import QCoreApplication, QMetaObject, Qt

        time.sleep(seconds)
        while QCoreApplication.instance() is None:
            time.sleep(0.1)
        QMetaObject.invokeMethod(QCoreApplication.instance(), "quit", Qt.ConnectionType.QueuedConnection)

    threading.Thread(target=later, name="quit-timer", daemon=True).start()


CLI_SUFFIX = "-cli"   # the installed console program (idphoto-cli.exe): always the command line


def _is_cli(program: str, args: list[str]) -> bool:
    """True for a command-line call (`idphoto make ...`, or anything to idphoto-cli), not photos to open."""
    from idphoto_gui.cli import COMMANDS

    if Path(program).stem.endswith(CLI_SUFFIX):
        return True
    return bool(args) and (args[0] in COMMANDS or args[0] == "--version")


def main() -> int:
    """Run the desktop app, the command line (`main.py make photo.jpg ...`), or `--selftest`."""
    import multiprocessing

    multiprocessing.freeze_support()  # frozen builds: `batch --jobs N` worker processes start here
    if "--selftest" in sys.argv[1:]:
        from idphoto_gui.selftest import main as selftest

        return selftest(sys.argv[1:])
    if _is_cli(sys.executable if getattr(sys, "frozen", False) else sys.argv[0], sys.argv[1:]):  # the installed app has no separate console script: the same program
        from idphoto_gui.cli import main as cli

        return cli(sys.argv[1:])
    from idphoto_gui.platform_check import xcb_problem

    problem = xcb_problem()
    if problem:
        sys.stderr.write(problem + "\n")
        return 1
    if os.environ.get(QUIT_AFTER_ENV):
        _quit_later(float(os.environ[QUIT_AFTER_ENV]))
    from idphoto_gui.qt.app import main as run_app

    return run_app(sys.argv)


if __name__ == "__main__":
    sys.exit(main())
