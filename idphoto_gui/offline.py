"""Keep every run offline: telemetry switches set before any third-party library starts.

onnxruntime 1.31 ships a telemetry client that writes a device id under ~/.cache/Microsoft and
queues events for mobile.events.data.microsoft.com; `disable_telemetry_events()` does not stop it,
the environment variable read at import does. `idphoto_gui/__init__.py` calls `apply()`, so every
entry point (window, command line, frozen app, batch workers, tests, benchmarks) passes here first.
"""
from __future__ import annotations

import logging
import os
import sys

log = logging.getLogger(__name__)

# Variable -> value, each with the library that reads it.
OFFLINE_ENV = {
    "ORT_DISABLE_TELEMETRY": "1",   # onnxruntime: no device id, no event queue, no network
}


def apply() -> None:
    """Set the switches (overriding the caller's environment) and warn if it is already too late."""
    os.environ.update(OFFLINE_ENV)
    if "onnxruntime" in sys.modules:
        log.warning("onnxruntime was imported before idphoto_gui; its telemetry may be on")
