"""Folders, the clipboard, a damaged model, instant switching between analysed photos, kiosk and dialogs."""
from __future__ import annotations

import shutil
import time

import numpy as np
from PIL import Image
from PySide6.QtGui import QGuiApplication

from idphoto_gui.core.errors import ModelError
from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.images import rgb_to_qimage
from idphoto_gui.qt.window.main_window import MainWindow
from idphoto_gui.qt.widgets.about import AboutDialog
from idphoto_gui.qt.widgets.settings_dialog import SettingsDialog
from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready


def test_folder_import_and_instant_switching(qtbot, window, data_dir, tmp_path):
    folder = tmp_path / "customers"
    folder.mkdir()
    for name in ("man_suit.jpg", "woman_grey_bg.jpg"):
        shutil.copy(data_dir / name, folder / name)
    (folder / "notes.txt").write_text("not a photo")
    c = window.controller
    keys = window.open_paths([str(folder)])
    assert len(keys) == 2 and window.ui.strip.count() == 2
    for key in keys:
        wait_ready(qtbot, window, key)
    runs = window.engine.model_runs()
    timings = []
    for _ in range(3):
        for step in (1, -1):
            t0 = time.perf_counter()
            window.actions.next.trigger() if step > 0 else window.actions.previous.trigger()
            timings.append((time.perf_counter() - t0) * 1000)
            assert c.result is not None
    print(f"\nswitch photo (cached analysis): median {sorted(timings)[len(timings) // 2]:.1f} ms")
    assert window.engine.model_runs() == runs
    assert sorted(timings)[len(timings) // 2] < 150


def test_paste_an_image_from_the_clipboard(qtbot, window, data_dir):
    rgb = np.asarray(Image.open(data_dir / "woman_grey_bg.jpg").convert("RGB"))
    QGuiApplication.clipboard().setImage(rgb_to_qimage(rgb))
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.actions.paste.trigger()
    doc = window.controller.photos.current
    assert doc.name == "Pasted photo" and doc.path is None
    assert window.controller.result is not None


def test_damaged_model_is_explained_and_retry_works(qtbot, window, data_dir, monkeypatch):
    real = window.engine.analyse

    def broken(*args, **kwargs):
        raise ModelError("Model file rvm_mobilenetv3_still_fp32.onnx is damaged (sha256 mismatch).")

    monkeypatch.setattr(window.engine, "analyse", broken)
    with qtbot.waitSignal(window.controller.photoFailed, timeout=60000):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    banner = window.ui.banner
    assert banner.isVisible() and "model file" in banner.title.text().lower()
    assert "damaged" in banner.text.text() and banner.action.isVisible()
    monkeypatch.setattr(window.engine, "analyse", real)
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        banner.action.click()
    assert window.controller.result is not None and not banner.isVisible()


def test_kiosk_layout_in_chinese(qtbot, qapp, app_settings, data_dir, artifacts_dir):
    apply_style(qapp, kiosk=True)
    app_settings.language = "zh_CN"
    try:
        w = MainWindow(app_settings, kiosk=True)
        qtbot.addWidget(w)
        w.set_language("zh_CN")
        w.resize(1280, 800)
        w.show()
        with qtbot.waitSignal(w.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
            w.open_paths([str(data_dir / "woman_grey_bg.jpg")])
        qtbot.wait(100)
        assert w.property("kiosk") is True
        assert w.ui.export.save_photo.height() >= 40  # touch-sized
        shot(w, artifacts_dir, "10_kiosk_chinese")
        assert w.ui.compliance.texts()  # the checks panel reads in Chinese in kiosk mode too
        w.controller.workers.shutdown()
        w.set_language("en")
    finally:
        apply_style(qapp, kiosk=False)


def test_about_and_settings_dialogs(qtbot, window, artifacts_dir):
    about = AboutDialog(window)
    qtbot.addWidget(about)
    text = about.body.toPlainText()
    for needle in ("GPL-3.0-or-later", "LGPL-3.0", "MIT", "Apache-2.0", "HPND", "BSD-3-Clause", "Robust Video Matting"):
        assert needle in text
    about.show()
    qtbot.waitExposed(about)
    about.grab().save(str(artifacts_dir / "11_about.png"))
    dialog = SettingsDialog(window.settings, window.engine.models(), window)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.modelChosen) as chosen:
        dialog.model.setCurrentIndex(dialog.model.findData("u2netp"))
        dialog.accept()
    assert chosen.args == ["u2netp"] and window.settings.model_id == "u2netp"
