"""Chinese throughout: every visible text of the window, the sheet composer and the dialogs is Chinese."""
from __future__ import annotations

import re

from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QFileDialog, QHeaderView, QLabel,
                               QLineEdit, QTextBrowser, QWidget)

from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready
from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow

WORD = re.compile(r"[A-Za-z][A-Za-z\-']+")
# ids, units, file formats, keys and proper names that stay as they are in a Chinese interface
ALLOWED = {
    "mm", "cm", "px", "dpi", "kb", "mb", "in", "idphoto", "jpeg", "jpg", "png", "pdf", "heic", "tiff", "webp",
    "ctrl", "shift", "esc", "alt", "pgup", "pgdown", "del", "english", "icao", "qt", "pyside", "onnx", "runtime",
    "opencv", "pillow", "numpy", "lgpl", "gpl", "mit", "apache", "bsd", "clause", "hpnd", "cmu", "rvm",
    "u2net-p", "u2net", "u2netp", "robust", "video", "matting", "letter", "modnet", "birefnet", "yunet",
    "mediapipe", "blazeface", "github", "https", "http", "com", "io", "org", "license", "licence", "apache-",
    "cc", "by", "sa", "gnu", "ncre", "cet", "ntce", "dv", "ds-", "ircc", "sar", "id", "usa", "uk", "eu", "ok",
}


def _proper_names() -> set[str]:
    """Words of the bundled models' and components' names and licence ids (proper names, listed in About)."""
    from idphoto_gui.qt.widgets.about import COMPONENTS, model_rows

    names = [n for n, lic, _src in model_rows()] + [lic for _n, lic, _src in model_rows()]
    names += [n for n, _lic in COMPONENTS] + [lic for _n, lic in COMPONENTS] + ["GPL-3.0-or-later"]
    return {w.lower().strip("-'") for n in names for w in WORD.findall(n)}


def texts(root: QWidget) -> list[tuple[str, str]]:
    """(widget class, text) of every visible text under root, tooltips excluded."""
    out = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        if w.isWindow() and w.windowTitle():
            out.append(("title", w.windowTitle()))
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append((type(w).__name__, w.text()))
        elif isinstance(w, QLineEdit):
            out += [("QLineEdit", w.placeholderText())] + ([] if w.isReadOnly() is False else [("QLineEdit", w.text())])
        elif isinstance(w, QComboBox):      # a size cell shows its name elided to the cell: the whole name
            out.append(("QComboBox", w.chosen() if hasattr(w, "chosen") else w.currentText()))
        elif isinstance(w, QHeaderView):
            m = w.model()
            out += [("header", str(m.headerData(i, w.orientation()) or "")) for i in range(m.columnCount()
                    if w.orientation().name == "Horizontal" else 0)]
        elif isinstance(w, QTextBrowser):
            out.append(("QTextBrowser", w.toPlainText()))
    return out


def english(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    bad, allowed = [], ALLOWED | _proper_names()
    for kind, text in found:
        plain = re.sub(r"<[^>]+>", " ", text)
        plain = re.sub(r"&\w+;|\S+@\S+|https?://\S+|\S*/\S+|\S+\.(?:jpg|png|json|onnx)\b", " ", plain)
        words = [w for w in WORD.findall(plain) if w.lower().strip("-'") not in allowed]
        if words:
            bad.append((kind, text[:80], words[:6]))
    return bad


def test_every_visible_text_is_chinese(qtbot, qapp, app_settings, data_dir, artifacts_dir, tmp_path):
    apply_style(qapp, kiosk=False)
    translations.apply("zh_CN")
    app_settings.language = "zh_CN"
    app_settings.export_dir = str(tmp_path)
    try:
        w = MainWindow(app_settings)
        qtbot.addWidget(w)
        w.resize(1366, 768)
        w.show()
        qtbot.waitExposed(w)
        with qtbot.waitSignal(w.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
            w.open_paths([str(data_dir / "man_suit.jpg")])
        qtbot.waitUntil(lambda: w.controller.result is not None, timeout=20000)
        wait_ready(qtbot, w)
        found = {"main window": texts(w)}
        w.ui.sheet_tab.click()
        qtbot.waitUntil(lambda: w.exporter.sheet is not None, timeout=60000)
        QApplication.processEvents()
        found["sheet page"] = texts(w)
        assert "英寸" not in w.ui.export.fits.text() and "张" in w.ui.export.fits.text()
        assert "毫米" in w.ui.sheet_view._caption and " mm" not in w.ui.sheet_view._caption, "as the header says it"
        shot(w, artifacts_dir, "zh_main_sheet")
        composer = w.open_composer()
        qtbot.waitUntil(lambda: composer.composed is not None, timeout=60000)
        found["sheet composer"] = texts(composer)
        shot(composer, artifacts_dir, "zh_composer")
        composer.close()
        from idphoto_gui.qt.widgets.about import AboutDialog
        from idphoto_gui.qt.widgets.settings_dialog import SettingsDialog
        from idphoto_gui.qt.widgets import fail_gate

        for name, dialog in (("settings", SettingsDialog(app_settings, w.engine.models(), w,
                                                      templates=list(w.engine.templates().values()))),
                             ("about", AboutDialog(w)),
                             ("print gate", fail_gate.build_box(w, ["头部高度 28 mm，需要 32–36 mm"], "仍然打印")[0])):
            dialog.show()
            qtbot.waitExposed(dialog)
            found[name] = texts(dialog)
            shot(dialog, artifacts_dir, f"zh_{name.replace(' ', '_')}")
            dialog.close()
        files = QFileDialog(w, "打开照片", str(tmp_path))
        files.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        files.show()
        qtbot.waitExposed(files)
        found["file dialog (Qt's own)"] = texts(files)
        shot(files, artifacts_dir, "zh_file_dialog")
        files.close()
        assert "—— " not in w.windowTitle() and "证件照" in w.windowTitle()
        bad = {k: english(v) for k, v in found.items() if english(v)}
        assert not bad, bad
    finally:
        w.controller.workers.shutdown()
        translations.apply("en")


def test_a_corrupt_file_is_explained_in_chinese(qtbot, qapp, app_settings, tmp_path):
    translations.apply("zh_CN")
    bad = tmp_path / "坏文件.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0" + b"\x00garbage" * 50)
    w = MainWindow(app_settings)
    qtbot.addWidget(w)
    try:
        w.show()
        w.open_paths([str(bad)])
        qtbot.waitUntil(lambda: w.ui.banner.isVisible() and w.ui.banner.kind == "error", timeout=30000)
        shown = texts(w.ui.banner)
        assert any("坏文件.jpg" in t for _k, t in shown)
        assert not english(shown), english(shown)
    finally:
        w.controller.workers.shutdown()
        translations.apply("en")
