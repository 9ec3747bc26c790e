"""The whole window with the real core: import, analyse, recolour, retemplate, undo, errors, export, sheet."""
from __future__ import annotations

import time

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from window_helpers import ANALYSIS_TIMEOUT_MS, drag_preview, shot, wait_ready
from idphoto_gui.qt.common.images import qimage_to_rgb


def preview_pixels(window) -> np.ndarray:
    return qimage_to_rgb(window.ui.preview.image())


def click_swatch(qtbot, window, colour: str) -> None:
    button = next(b for b in window.ui.swatches._buttons if b.background.hex == colour)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_empty_window(window, artifacts_dir):
    assert window.ui.stack.currentWidget() is window.ui.empty
    assert not window.ui.export.save_photo.isEnabled()
    shot(window, artifacts_dir, "01_empty")


def test_import_recolour_retemplate_undo_without_model_runs(qtbot, window, data_dir, artifacts_dir):
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    qtbot.waitUntil(lambda: c.result is not None, timeout=10000)
    shot(window, artifacts_dir, "03_finished_guides")
    runs = window.engine.model_runs()
    first = preview_pixels(window)

    click_swatch(qtbot, window, "#FFFFFF")
    assert c.edit().background.hex == "#FFFFFF"
    white = preview_pixels(window)
    assert white.shape == first.shape and np.abs(white.astype(int) - first).mean() > 5
    assert tuple(white[3, 3]) == (255, 255, 255)

    picker = window.ui.template_picker
    picker.open_popup()
    picker.popup.search.setText("护照")  # QTest cannot type CJK characters
    qtbot.wait(30)
    picker.popup.grab().save(str(artifacts_dir / "13_template_search.png"))
    picker.popup.search.clear()
    qtbot.keyClicks(picker.popup.search, "us passport")
    qtbot.keyClick(picker.popup.search, Qt.Key.Key_Return)
    assert c.edit().template.id == "us-passport"
    w, h = window.ui.preview.image().size().toTuple()
    assert w == h and w >= 600  # 2 x 2 in, rendered with at least the file's pixels

    window.actions.undo.trigger()
    assert c.edit().template.id == "cn-1inch" and c.edit().background.hex == "#FFFFFF"
    window.actions.undo.trigger()
    assert c.edit().background.hex == "#438EDB"
    assert np.array_equal(preview_pixels(window), first)
    window.actions.redo.trigger()
    window.actions.redo.trigger()
    assert c.edit().template.id == "us-passport"
    assert window.engine.model_runs() == runs, "an edit must never run a model"


def test_crop_drag_zoom_rotate_and_reset(qtbot, window, data_dir):
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    auto = c.result.crop
    runs = window.engine.model_runs()
    drag_preview(qtbot, window.ui.preview)
    moved = c.result.crop
    assert moved.cx < auto.cx - 1  # dragging the photo right moves the crop left on the source
    window.ui.adjust.zoom.setValue(120)
    assert c.result.crop.height == pytest.approx(auto.height / 1.2, rel=0.02)
    window.ui.adjust.rotate.setValue(30)
    assert c.result.crop.angle_deg == pytest.approx(auto.angle_deg + 3.0, abs=0.05)
    assert window.ui.adjust.undo_button.isEnabled()
    window.actions.reset.trigger()
    assert c.edit().crop is None and c.result.crop == auto
    assert window.ui.adjust.zoom.value() == 100
    assert window.engine.model_runs() == runs


def test_unreadable_file_shows_banner_and_window_keeps_working(qtbot, window, data_dir, tmp_path, artifacts_dir):
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0 this is not really a jpeg")
    c = window.controller
    with qtbot.waitSignal(c.photoFailed, timeout=60000):
        window.open_paths([str(broken)])
    assert window.ui.banner.isVisible() and window.ui.banner.kind == "error"
    assert "cannot be opened" in window.ui.banner.title.text()
    assert window.ui.banner.action.isVisible()  # the next step is one click away: open another photo
    assert str(tmp_path) not in window.ui.banner.text.text()  # the file name, not a long temporary path
    shot(window, artifacts_dir, "04_error")
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "woman_white_wall.jpg")])
    assert len(c.photos.items) == 2
    assert window.ui.banner.kind != "error"


def test_export_photo_cutout_sheet_never_over_original(qtbot, window, data_dir, tmp_path, artifacts_dir):
    c, x = window.controller, window.exporter
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    with qtbot.waitSignal(x.exported, timeout=60000) as done:
        x.save_photo(str(tmp_path / "photo.jpg"), fmt="JPEG", dpi=300, max_kb=60)
    out = Image.open(done.args[1])
    assert out.size == (295, 413) and round(out.info["dpi"][0]) == 300
    assert (tmp_path / "photo.jpg").stat().st_size <= 60 * 1024
    with qtbot.waitSignal(x.exported, timeout=60000) as done:
        x.save_cutout(str(tmp_path / "cutout.png"), dpi=300)
    assert Image.open(done.args[1]).mode == "RGBA"

    window.ui.sheet_tab.click()
    qtbot.waitUntil(lambda: x.sheet is not None, timeout=60000)
    qtbot.wait(50)
    assert window.ui.stack.currentWidget() is window.ui.sheet_view
    assert len(x.sheet.layout.slots) >= 8
    shot(window, artifacts_dir, "06_sheet")
    with qtbot.waitSignal(x.exported, timeout=60000) as done:
        x.save_sheet(str(tmp_path / "sheet.pdf"))
    assert (tmp_path / "sheet.pdf").stat().st_size > 10000

    source = data_dir / "man_suit.jpg"
    before = source.read_bytes()
    with qtbot.waitSignal(x.exportFailed, timeout=60000) as failed:
        x.save_photo(str(source), fmt="JPEG", dpi=300, max_kb=None)
    assert failed.args[1].code == "overwrite_source"   # an ExportError with its own words
    assert source.read_bytes() == before
    assert window.settings.export_dir == str(tmp_path)


def test_analysing_state_is_visible_and_cancellable(qtbot, window, data_dir, artifacts_dir, monkeypatch):
    from idphoto_gui.core.analysis import pipeline
    from idphoto_gui.core.analysis.cache import default_cache

    cache = default_cache()  # earlier tests may have analysed these photos: make the model run again
    cache.clear()
    if cache.backing is not None:  # and not read them back from the window's disk cache either
        cache.backing.clear()
    real = pipeline._run_matte

    def slow_matte(rgb, model_id, *people):  # a slow machine: the analysing state lasts long enough to see
        time.sleep(1.0)
        return real(rgb, model_id, *people)

    monkeypatch.setattr(pipeline, "_run_matte", slow_matte)
    c = window.controller
    keys = window.open_paths([str(data_dir / "woman_grey_bg.jpg"), str(data_dir / "man_glasses.jpg")])
    qtbot.waitUntil(lambda: window.ui.preview.busy, timeout=10000)
    qtbot.wait(120)
    shot(window, artifacts_dir, "02_analysing")
    c.cancel(keys[1])  # still queued behind the first
    assert c.photos.by_key(keys[1]).status.value == "cancelled"
    qtbot.waitUntil(lambda: c.photos.by_key(keys[0]).status.value == "analysing", timeout=60000)
    window.actions.cancel.trigger()  # Esc on the photo being analysed right now
    doc = c.photos.by_key(keys[0])
    assert doc.status.value == "cancelled" and not window.ui.preview.busy
    assert window.ui.banner.isVisible() and window.ui.banner.action.isVisible()
    shot(window, artifacts_dir, "02b_cancelled")
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.ui.banner.action.click()  # "Analyse again"
    wait_ready(qtbot, window, keys[0])
    assert doc.status.value == "ready" and c.result is not None


def test_chinese_interface(qtbot, window, data_dir, artifacts_dir):
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    window.set_language("zh_CN")
    qtbot.wait(50)
    assert window.ui.sections["template"].heading.text() == "模板"
    assert window.ui.template_picker.title.text() == "一寸"
    assert window.actions.save.text().startswith("保存")
    shot(window, artifacts_dir, "05_chinese")
    window.ui.sheet_tab.click()
    qtbot.waitUntil(lambda: window.exporter.sheet is not None, timeout=60000)
    qtbot.wait(50)
    shot(window, artifacts_dir, "05b_chinese_sheet")
    window.set_language("en")
    assert window.ui.sections["template"].heading.text() == "Template"
    assert QColor  # the window survived two switches


def test_camera_page_capture_becomes_a_photo(qtbot, window, data_dir, artifacts_dir):
    pytest.importorskip("PySide6.QtMultimedia")
    window.actions.camera.trigger()
    if not window.camera.active:
        pytest.skip("no multimedia backend on this machine")
    qtbot.wait(100)
    shot(window, artifacts_dir, "09_camera")
    still = np.asarray(Image.open(data_dir / "woman_grey_bg.jpg").convert("RGB"))
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.camera.page.captured.emit(still)
    assert not window.camera.active and not window.actions.camera.isChecked()
    assert window.controller.photos.current.name == "Camera photo"
    assert window.ui.stack.currentWidget() is window.ui.split
