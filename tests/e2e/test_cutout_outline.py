"""The window outlines what its self-inspection found in the cut-out, and lists it as a fail (issue 36)."""
from __future__ import annotations

from window_helpers import ANALYSIS_TIMEOUT_MS, shot


def test_a_ghost_of_the_old_wall_is_outlined_and_fails(qtbot, window, data_dir, artifacts_dir):
    """interfaces_060: the grey wall beside his shoulder is left half transparent (a real defect)."""
    c, ui = window.controller, window.ui
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "expressions" / "interfaces_060.jpg")])
    c.set_template("cn-1inch")
    qtbot.waitUntil(lambda: c.result is not None and bool(c.result.defects), timeout=20000)
    assert [f.reason for f in c.result.findings if f.code == "cutout"] == ["ghost"]
    assert any(f.code == "cutout" and f.severity == "fail" for f in c.findings())   # the print gate asks
    qtbot.waitUntil(lambda: bool(ui.preview.defect_rects(ui.preview.photo_rect())), timeout=5000)
    rect = ui.preview.defect_rects(ui.preview.photo_rect())[0]
    assert rect.center().x() > ui.preview.photo_rect().center().x()   # beside his left shoulder (image right)
    shot(window, artifacts_dir, "cutout_ghost_outline")
