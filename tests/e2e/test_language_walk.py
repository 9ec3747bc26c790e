"""A language switch re-translates every visible string: a window switched 中文 -> English (and back) shows
exactly the texts of a window started in that language (main window, sheet view and its footer, composer,
Orders view)."""
from __future__ import annotations

from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow

from test_chinese_window import texts
from window_helpers import ANALYSIS_TIMEOUT_MS, wait_ready


def _build(qtbot, settings, language, photo):
    translations.apply(language)
    settings.language = language
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.resize(1360, 860)
    w.show()
    qtbot.waitExposed(w)
    with qtbot.waitSignal(w.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        w.open_paths([str(photo)])
    wait_ready(qtbot, w)
    with qtbot.waitSignal(w.exporter.sheetReady, timeout=60000):
        w.ui.sheet_tab.click()
    composer = w.open_composer()
    qtbot.waitUntil(lambda: composer.composed is not None, timeout=60000)
    dialog = w.orders.open_orders()
    qtbot.wait(300)
    return w


def _walk(w) -> list[tuple[str, str]]:
    found = texts(w) + texts(w.exports.composer) + texts(w.orders.dialog)
    found += [("sheet footer", w.ui.sheet_view._caption), ("composer footer", w.exports.composer.view._caption)]
    return sorted(set(found))


def _switch(qtbot, w, language):
    w.set_language(language)
    qtbot.wait(300)


def test_language_switch_leaves_no_stale_string(qtbot, qapp, app_settings, data_dir):
    apply_style(qapp, kiosk=False)
    photo = data_dir / "man_suit.jpg"
    try:
        a = _build(qtbot, app_settings, "zh_CN", photo)
        _switch(qtbot, a, "en")
        switched_en = _walk(a)
        b = _build(qtbot, app_settings, "en", photo)
        fresh_en = _walk(b)
        assert [t for t in switched_en if t not in fresh_en] == [], [t for t in fresh_en if t not in switched_en]
        _switch(qtbot, a, "zh_CN")
        switched_zh = _walk(a)
        c = _build(qtbot, app_settings, "zh_CN", photo)
        fresh_zh = _walk(c)
        assert [t for t in switched_zh if t not in fresh_zh] == [], [t for t in fresh_zh if t not in switched_zh]
    finally:
        translations.apply("en")
        for w in [locals().get(n) for n in ("a", "b", "c")]:
            if w is not None:
                w.controller.workers.shutdown()
