"""Light and retouch in the window: sliders, the template's rule, compare before/after, undo; zh and en."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from idphoto_gui.core.render.retouch.look import Look
from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow
from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready


def _open(qtbot, w, path) -> None:
    with qtbot.waitSignal(w.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        w.open_paths([str(path)])
    wait_ready(qtbot, w)
    qtbot.waitUntil(lambda: w.controller.result is not None, timeout=20000)


def _full(qtbot, c) -> None:
    """Until the preview shows the current edit's full look (the retouch renders on a worker)."""
    qtbot.waitUntil(lambda: c.result is not None and c.result.look == c.edit().look and not c.drafting,
                    timeout=10000)


def _rows(w) -> list[str]:
    return [text for _sev, text in w.ui.compliance.texts()]


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_retouch_controls_compare_and_the_documents_rule(qtbot, qapp, app_settings, data_dir, artifacts_dir, lang):
    apply_style(qapp, kiosk=False)
    translations.apply(lang)
    app_settings.language = lang
    try:
        w = MainWindow(app_settings)
        qtbot.addWidget(w)
        w.resize(1366, 900)
        w.show()
        qtbot.waitExposed(w)
        c, look = w.controller, w.ui.look
        _open(qtbot, w, data_dir / "woman_white_wall.jpg")
        c.set_template("cn-passport")
        assert c.edit().look.retouch == 0, "a passport photo starts without retouch"
        c.set_template("cn-resume")
        assert c.edit().look.retouch == 0 and look.sliders["retouch"].value() == 0, \
            "no photo is retouched unasked, not even a CV photo"
        assert look.sliders["retouch"].isEnabled() and not look.reason.isVisible()
        look.sliders["retouch"].setValue(start := 35)      # the clerk opts in (one step)
        c.set_template("cn-passport")
        c.set_template("cn-resume")
        assert c.edit().look.retouch == start, "the clerk's retouch is remembered for the template"
        look.auto.setChecked(True)
        look.sliders["retouch"].setValue(60)
        assert c.edit().look == Look(light="auto", retouch=60)
        _full(qtbot, c)
        assert c.before is None, "the photo as taken is rendered only for the compare view"
        retouched = [t for t in _rows(w) if "60" in t]
        assert retouched, _rows(w)
        look.compare.setChecked(True)
        assert w.ui.preview.comparing and c.before is not None and (c.before.rgb != c.result.rgb).any()
        w.ui.right.ensureWidgetVisible(look)
        shot(w, artifacts_dir, f"retouch_compare_{lang}")
        qtbot.keyPress(w, Qt.Key.Key_B)
        QApplication.processEvents()
        assert w.ui.preview._hold
        qtbot.keyRelease(w, Qt.Key.Key_B)
        assert not w.ui.preview._hold
        c.set_template("cn-passport")
        assert not look.sliders["retouch"].isEnabled() and look.reason.isVisible()
        assert c.edit().look.retouch == 0, "a passport photo starts without retouch, whatever the CV photo had"
        w.ui.right.ensureWidgetVisible(look)
        shot(w, artifacts_dir, f"retouch_passport_{lang}")
        c.undo()
        assert c.edit().template.id == "cn-resume" and c.edit().look.retouch == 60
        c.undo()
        assert c.edit().look.retouch == start and look.sliders["retouch"].value() == start
        c.move_by(3, 0)                     # a drag step: the preview skips the retouch until it ends
        assert c.drafting and c.result.look.retouch == 0 and c.edit().look.retouch == start
        c.end_gesture()
        _full(qtbot, c)                     # the full look comes from a worker
        assert not c.drafting and c.result.look.retouch == start
        c.move_by(3, 0)
        qtbot.waitUntil(lambda: not c.drafting, timeout=2000)   # or a pause in the drag
        assert c.result.look.retouch == start
    finally:
        w.controller.workers.shutdown()
        translations.apply("en")
