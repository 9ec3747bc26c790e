"""Start idphoto. onnxruntime is imported before PySide6 (Windows DLL load order)."""
from __future__ import annotations

import sys
import time

sys._idphoto_started = time.perf_counter()  # type: ignore[attr-defined]  # for --startup-probe

import onnxruntime  # noqa: E402,F401  (must precede PySide6 on Windows)


def main() -> int:
    """Run the desktop app, or `--selftest` for a headless end-to-end check."""
    import multiprocessing

    multiprocessing.freeze_support()  # frozen builds: `batch --jobs N` worker processes start here
    if "--selftest" in sys.argv[1:]:
        from idphoto_gui.selftest import main as selftest

        return selftest(sys.argv[1:])
    from idphoto_gui.qt.app import main as run_app

    return run_app(sys.argv)


if __name__ == "__main__":
    sys.exit(main())
