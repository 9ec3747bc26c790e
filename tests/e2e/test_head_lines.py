"""Dragging the crown or chin line in the preview corrects the estimate; the crop follows; one undo step."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from window_helpers import ANALYSIS_TIMEOUT_MS, shot


def test_drag_the_crown_line_then_undo(qtbot, window, data_dir, artifacts_dir):
    c, preview = window.controller, window.ui.preview
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    qtbot.waitUntil(lambda: c.result is not None, timeout=10000)
    runs = window.engine.model_runs()
    bands, rect, k = c.result.bands, preview.photo_rect(), preview.photo_rect().width() / c.result.pixel_size[0]
    start = QPointF(rect.left() + bands.centre_x * k, rect.top() + bands.crown_y * k).toPoint()
    assert preview.head_line_at(QPointF(start)) == "crown"
    before = c.result.crop
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=start)
    for dy in (6, 12, 18):
        qtbot.mouseMove(preview, start - QPoint(0, dy))
    qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=start - QPoint(0, 18))
    assert c.edit().crown is not None and c.edit().crop is None, "the line is kept; the crop follows it"
    assert c.result.crop.height > before.height, "more head above the eyes: a larger part of the photo"
    t = c.result.template
    assert t.head_height_mm[0] <= c.result.measurements.head_height_mm <= t.head_height_mm[1]
    shot(window, artifacts_dir, "14_crown_line_moved")
    window.actions.undo.trigger()
    assert c.edit().crown is None and c.result.crop == before, "the whole drag is one undo step"
    assert window.engine.model_runs() == runs, "moving a line runs no model"
