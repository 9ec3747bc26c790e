"""Helpers for whole-window tests: waiting for analysis and saving screenshots."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

ANALYSIS_TIMEOUT_MS = 180_000  # the machine is shared; one analysis takes seconds


def wait_ready(qtbot, window, key: int | None = None, timeout: int = ANALYSIS_TIMEOUT_MS) -> None:
    """Until the photo (default: current) is loaded and analysed, successfully or not."""
    def done() -> bool:
        doc = window.controller.photos.by_key(key) if key else window.controller.photos.current
        return doc is not None and not doc.busy
    qtbot.waitUntil(done, timeout=timeout)
    qtbot.wait(30)


def shot(window, artifacts_dir: Path, name: str) -> Path:
    """Save the window as tests/artifacts/<name>.png for a person to look at."""
    QApplication.processEvents()
    path = artifacts_dir / f"{name}.png"
    window.grab().save(str(path))
    return path
