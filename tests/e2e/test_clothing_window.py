"""The Clothing control in the window (issue 38): one click dresses a CV photo; disabled, with its sentence, on a
passport photo."""
from __future__ import annotations

from idphoto_gui.qt.window.main_window import MainWindow
from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready


def test_one_click_dresses_and_a_passport_disables_the_control(window: MainWindow, qtbot, data_dir, artifacts_dir):
    w, c = window, window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        w.open_paths([str(data_dir / "man_suit.jpg")])
    wait_ready(qtbot, w)
    qtbot.waitUntil(lambda: c.result is not None, timeout=20000)
    c.set_template("cn-1inch")
    picker = w.ui.clothing
    qtbot.waitUntil(lambda: picker.combo.isEnabled() and picker.combo.count() >= 9, timeout=10000)   # filled
    assert picker.combo.itemData(0) == "none"
    i = picker.combo.findData("men-suit-tie")
    before = c.result.rgb.copy()
    picker.combo.activated.emit(i)          # one click on a thumbnail
    assert c.edit().look.garment == "men-suit-tie"
    qtbot.waitUntil(lambda: c.result is not None and c.result.look.garment == "men-suit-tie", timeout=20000)
    assert (c.result.rgb != before).any()
    assert any("Clothing replaced with" in text for _sev, text in w.ui.compliance.texts())
    w.ui.right.ensureWidgetVisible(picker)
    shot(w, artifacts_dir, "clothing_cn_1inch")
    c.set_template("us-passport")
    qtbot.waitUntil(lambda: not picker.combo.isEnabled(), timeout=10000)
    assert picker.reason.isVisible() and "own clothing" in picker.reason.text()
    shot(w, artifacts_dir, "clothing_us_passport")
