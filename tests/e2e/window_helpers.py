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


def settle(rounds: int = 5) -> None:
    """Let layouts finish: a finding list's new rows ask their card, the card its column, one pass each, and a
    grab between two passes shows the rows squashed or a card still at its old height."""
    for _ in range(rounds):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def shot(window, artifacts_dir: Path, name: str) -> Path:
    """Save the window as tests/artifacts/<name>.png for a person to look at."""
    settle()
    path = artifacts_dir / f"{name}.png"
    window.grab().save(str(path))
    return path


def shot_en_zh(qtbot, window, artifacts_dir: Path, name: str, wait_ms: int = 200) -> None:
    """Save <name>_en and <name>_zh (the interface switched to Chinese and back) for a person to look at."""
    from idphoto_gui.qt.common.i18n import translations

    qtbot.wait(wait_ms)
    shot(window, artifacts_dir, f"{name}_en")
    translations.apply("zh_CN")
    try:
        qtbot.wait(wait_ms)
        shot(window, artifacts_dir, f"{name}_zh")
    finally:
        translations.apply("en")


def drag_preview(qtbot, preview, dx: int = 30) -> None:
    """Drag the photo in the preview dx px to the right in small steps, as a hand would."""
    from PySide6.QtCore import Qt

    centre = preview.photo_rect().center().toPoint()
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=centre)
    for step in range(1, 6):
        qtbot.mouseMove(preview, centre + type(centre)(step * dx // 5, 0))
    qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=centre + type(centre)(dx, 0))
