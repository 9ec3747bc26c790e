"""The studio's own garments in the window (issue 38): Settings -> Garments fills the Clothing control at once and
says which files cannot be used; the fitting view saves only the JSON; "Make a garment from this photo"."""
from __future__ import annotations

import json
import shutil

import numpy as np
from PIL import Image
from PySide6.QtWidgets import QDialog

from idphoto_gui.core.body.garments import find, studio_folder, use_studio_folder
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow
from idphoto_gui.qt.widgets import garment_hooks
from idphoto_gui.qt.widgets.garment_fitting import FittingDialog
from idphoto_gui.qt.widgets.settings_dialog import SettingsDialog
from window_helpers import ANALYSIS_TIMEOUT_MS, settle, shot, wait_ready


def _studio(tmp_path, data_dir):
    """A studio folder: one good garment (a built-in's PNG without its JSON), one with no transparency."""
    folder = tmp_path / "studio"
    folder.mkdir()
    shutil.copy(find("men-suit-tie").path, folder / "our-suit.png")
    Image.fromarray(np.full((80, 80, 3), 90, np.uint8)).save(folder / "flat.png")
    return folder


def test_settings_garments_folder_fills_the_control_and_says_bad_files(window: MainWindow, qtbot, tmp_path,
                                                                       data_dir, artifacts_dir):
    folder = _studio(tmp_path, data_dir)
    picker = window.ui.clothing
    qtbot.waitUntil(lambda: picker.combo.count() > 1, timeout=10000)   # the start's folder read has filled it
    built_in = picker.combo.count()
    dialog = SettingsDialog(window.settings, window.engine.models(), window)
    dialog.garmentsChanged.connect(window.garments.folder_changed)
    dialog.garments.field.setText(str(folder))
    dialog.garments.rescan()
    qtbot.waitUntil(lambda: "cannot be used" in dialog.garments.status.text(), timeout=10000)
    assert "1 garment" in dialog.garments.status.text()
    assert "flat.png has no transparency" in dialog.garments.status.text()
    dialog.show()
    settle()
    dialog.grab().save(str(artifacts_dir / "settings_garments_en.png"))
    translations.apply("zh_CN")
    dialog.retranslate()
    settle()
    dialog.grab().save(str(artifacts_dir / "settings_garments_zh.png"))
    translations.apply("en")
    dialog.accept()
    try:
        assert window.settings.garments_dir == str(folder) and studio_folder() == folder
        qtbot.waitUntil(lambda: picker.combo.findData("our-suit") > 0, timeout=10000)   # at once, no restart
        assert picker.combo.count() == built_in + 1
        assert picker.problems.isVisible() and "flat.png" in picker.problems.text()
    finally:
        use_studio_folder(None)


def test_fitting_view_drags_anchors_and_saves_only_the_json(qtbot, qapp, tmp_path, data_dir, artifacts_dir):
    folder = _studio(tmp_path, data_dir)
    png = folder / "our-suit.png"
    before = png.read_bytes()
    g = find("our-suit", folder)
    dialog = FittingDialog(g)
    qtbot.addWidget(dialog)
    dialog.show()
    c = dialog.canvas
    c.drag("sh_right", (g.neck_centre[0] + 650.0, 500.0))           # the shoulders 1300 px wide
    c.drag("neck", (g.neck_centre[0], g.neck_centre[1] + 20))
    dialog.name.setText("Our navy suit")
    dialog.kind.setCurrentIndex(dialog.kind.findData("men"))
    settle()
    dialog.grab().save(str(artifacts_dir / "fitting_en.png"))
    translations.apply("zh_CN")
    settle()
    dialog.grab().save(str(artifacts_dir / "fitting_zh.png"))
    translations.apply("en")
    c.drag("neck", (g.neck_centre[0], 2.0))                          # above the collar's corners: refused
    assert not dialog.save_button.isEnabled()
    assert "at or below" in dialog.problem.text()
    c.drag("neck", (g.neck_centre[0], g.neck_centre[1] + 20))
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    meta = json.loads((folder / "our-suit.json").read_text(encoding="utf-8"))
    assert meta["shoulder_width"] == 1300.0 and meta["name_en"] == "Our navy suit"
    assert png.read_bytes() == before
    again = find("our-suit", folder)
    assert again.shoulder_width == 1300.0 and again.neck_centre[1] == round(g.neck_centre[1] + 20, 1)


def test_make_a_garment_from_the_photo_on_screen(window: MainWindow, qtbot, tmp_path, data_dir, monkeypatch,
                                                 artifacts_dir):
    folder = tmp_path / "made"
    folder.mkdir()
    window.settings.garments_dir = str(folder)
    window.garments.folder_changed(str(folder))
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    wait_ready(qtbot, window)
    assert window.ui.clothing.can_make()
    for lang in ("en", "zh_CN"):
        translations.apply(lang)
        dialog = garment_hooks.MakeDialog("man_suit", folder, window)
        dialog.show()
        settle()
        dialog.grab().save(str(artifacts_dir / f"make_garment_{lang[:2]}.png"))
        dialog.close()
    translations.apply("en")
    monkeypatch.setattr(garment_hooks.MakeDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    try:
        window.ui.clothing.makeRequested.emit()
        qtbot.waitUntil(lambda: window.ui.clothing.combo.findData("man_suit") > 0, timeout=30000)
        assert (folder / "man_suit.png").exists() and (folder / "man_suit.json").exists()
        assert "Garment made" in window.ui.banner.title.text()
        c.set_template("cn-1inch")
        picker = window.ui.clothing
        qtbot.waitUntil(lambda: picker.combo.isEnabled(), timeout=10000)
        picker.combo.activated.emit(picker.combo.findData("man_suit"))    # the made garment, one click
        qtbot.waitUntil(lambda: c.result is not None and c.result.look.garment == "man_suit", timeout=30000)
        window.ui.right.ensureWidgetVisible(picker)
        picker.combo.setCurrentIndex(picker.combo.findData("man_suit"))
        assert picker._own == {"man_suit"}
        shot(window, artifacts_dir, "clothing_made_garment")
    finally:
        use_studio_folder(None)


def test_the_clothing_menu_fits_only_studio_garments(window: MainWindow, qtbot, tmp_path, data_dir, artifacts_dir):
    folder = _studio(tmp_path, data_dir)
    window.garments.folder_changed(str(folder))
    picker = window.ui.clothing
    try:
        qtbot.waitUntil(lambda: picker.combo.findData("our-suit") > 0, timeout=10000)
        picker.combo.setCurrentIndex(picker.combo.findData("men-suit-tie"))
        picker._menu_state()
        assert not picker.fit_action.isEnabled() and not picker.make_action.isEnabled()   # built-in; no photo
        picker.combo.setCurrentIndex(picker.combo.findData("our-suit"))
        picker._menu_state()
        assert picker.fit_action.isEnabled()
        window.ui.right.ensureWidgetVisible(picker)
        menu = picker.more.menu()
        menu.popup(picker.more.mapToGlobal(picker.more.rect().bottomLeft()))
        settle()
        menu.grab().save(str(artifacts_dir / "clothing_menu_en.png"))
        menu.close()
        picker.grab().save(str(artifacts_dir / "clothing_picker_problems_en.png"))
        assert picker.problems.isVisible() and "flat.png" in picker.problems.text()
    finally:
        use_studio_folder(None)
