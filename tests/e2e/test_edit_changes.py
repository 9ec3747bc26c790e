"""An edit says what it changed, and the window refreshes those panels only: a colour click re-reads neither the
template card nor the template's colours, yet every panel still shows the edit (undo included)."""
from __future__ import annotations

from window_helpers import ANALYSIS_TIMEOUT_MS, shot
from idphoto_gui.core.render.history import EVERYTHING, Changes
from idphoto_gui.core.templates.colours import Background


def test_a_colour_click_refreshes_the_swatches_not_the_template_panels(qtbot, window, data_dir, artifacts_dir):
    c, ui = window.controller, window.ui
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    qtbot.waitUntil(lambda: c.result is not None, timeout=ANALYSIS_TIMEOUT_MS)
    c.set_template("cn-1inch")
    seen, reread = [], []
    c.rendered.connect(lambda _r: seen.append(c.changed))
    real = ui.swatches.set_template_colours
    ui.swatches.set_template_colours = lambda *a, **k: reread.append(1) or real(*a, **k)
    red = next(b for b in ui.swatches._buttons if b.background == Background.parse("#FF0000"))
    assert c.edit().background != red.background
    red.click()
    assert seen and seen[-1] == Changes(background=True, history=True)
    assert not reread, "a colour click does not re-read the template's colours"
    assert ui.swatches.current() == Background.parse("#FF0000") and red.isChecked()
    assert ui.template_picker.current() == "cn-1inch" and ui.adjust.undo_button.isEnabled()
    assert c.changed == EVERYTHING, "after the edit's render, anything else refreshes every panel"
    c.set_template("us-passport")
    assert seen[-1].template and reread, "a template change gives its colours and card"
    assert ui.template_picker.current() == "us-passport"
    c.undo()
    assert seen[-1].template and ui.template_picker.current() == "cn-1inch"
    assert ui.swatches.current() == c.edit().background
    shot(window, artifacts_dir, "edit_changes_after_undo")
