"""Logging to a rotating file in the user's log folder (a windowed frozen app has no stdout)."""
from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

APP = "idphoto"


def log_dir() -> Path:
    """The platform's per-user log folder for idphoto."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / APP / "logs"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Logs" / APP
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / APP / "logs"


def setup_logging(*, level: int = logging.INFO, console: bool | None = None) -> Path | None:
    """Send log records to idphoto.log (rotated, 1 MB x 3) and, when a console exists, to stderr."""
    root = logging.getLogger()
    root.setLevel(level)
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    path: Path | None = None
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{APP}.log"
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3,
                                                       encoding="utf-8")
        handler.setFormatter(fmt)
        root.addHandler(handler)
    except OSError:
        path = None  # read-only home (kiosk): carry on without a file
    if console is None:
        console = sys.stderr is not None and not getattr(sys, "frozen", False)
    if console and sys.stderr is not None:
        stream = logging.StreamHandler()
        stream.setFormatter(fmt)
        root.addHandler(stream)
    return path
