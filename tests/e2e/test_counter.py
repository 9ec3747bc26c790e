"""The counter workflow: Save/Print always in reach, the wheel never edits, mixed sheets at exact size."""
from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QApplication, QComboBox, QDialog

from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready
from idphoto_gui.core.templates.template import mm_to_px
from idphoto_gui.qt.widgets import fail_gate
from idphoto_gui.core.templates.colours import Background


def open_photo(qtbot, window, path) -> None:
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(path)])
    qtbot.waitUntil(lambda: window.controller.result is not None, timeout=20000)
    wait_ready(qtbot, window)


def fully_visible(widget, window) -> bool:
    """The widget is shown and its whole rectangle lies inside the window (no scrolling needed)."""
    if not widget.isVisible():
        return False
    top_left = widget.mapTo(window, QPoint(0, 0))
    r = widget.rect().translated(top_left)
    return window.rect().contains(r)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_save_and_print_are_visible_without_scrolling(qtbot, window, data_dir, artifacts_dir, size):
    open_photo(qtbot, window, data_dir / "man_suit.jpg")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0], timeout=3000)
    QApplication.processEvents()
    x = window.ui.export
    for button in (x.save_photo, x.print_button, x.compose_button):
        assert fully_visible(button, window), button.text()
        assert not window.ui.right.isAncestorOf(button)   # not inside the scrolling panel
        assert button.isEnabled()
    assert "Ctrl+S" in x.save_photo.toolTip() and "Ctrl+P" in x.print_button.toolTip()
    assert window.ui.right.verticalScrollBar().value() == 0
    shot(window, artifacts_dir, f"counter_footer_{size[0]}x{size[1]}")


def _values(window) -> list:
    out = []
    inner = window.ui.right.widget()
    for cls in (QComboBox, QAbstractSpinBox, QAbstractSlider):
        for w in inner.findChildren(cls):
            out.append((w.objectName(), w.currentIndex() if isinstance(w, QComboBox) else w.text()
                        if isinstance(w, QAbstractSpinBox) else w.value()))
    return out


def _wheel(widget, steps: int) -> None:
    pos = QPointF(widget.width() / 2, widget.height() / 2)
    for _ in range(abs(steps)):
        delta = QPoint(0, 120 if steps > 0 else -120)
        event = QWheelEvent(pos, widget.mapToGlobal(pos), QPoint(0, 0), delta, Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(widget, event)


def test_the_wheel_scrolls_the_panel_and_changes_no_control(qtbot, window, data_dir):
    open_photo(qtbot, window, data_dir / "man_suit.jpg")
    window.resize(1366, 768)
    QApplication.processEvents()
    inner = window.ui.right.widget()
    controls = [w for cls in (QComboBox, QAbstractSpinBox, QAbstractSlider) for w in inner.findChildren(cls)
                if w.isVisibleTo(inner)]
    assert len(controls) >= 6  # zoom, rotation, format, dpi, KB cap, paper, copies
    before = _values(window)
    bar = window.ui.right.verticalScrollBar()
    scrolled = False
    for w in controls:
        window.setFocus()
        start = bar.value()
        _wheel(w, -3)
        scrolled |= bar.value() != start
        _wheel(w, 3)
        _wheel(w, 2)
    assert _values(window) == before
    assert scrolled or bar.maximum() == 0   # the wheel went to the panel instead
    dpi = window.ui.export.dpi
    dpi.setFocus()
    QApplication.processEvents()
    if dpi.hasFocus():   # a clicked (focused) control still takes the wheel on purpose
        old = dpi.currentIndex()
        _wheel(dpi, -1)
        assert dpi.currentIndex() != old
    values = [dpi.itemData(i) for i in range(dpi.count())]
    assert values == sorted(values)


def _cells(page: np.ndarray) -> list[tuple[int, int]]:
    """(width, height) of every photo-coloured blob on a white page."""
    import cv2

    lo, hi = page.min(axis=2).astype(int), page.max(axis=2).astype(int)
    light_grey = (lo >= 150) & (hi - lo < 16)          # white paper and the grey cut lines (175, 175, 175)
    ink = (~light_grey).astype(np.uint8)
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))   # drops caption strokes
    n, _lab, stats, _c = cv2.connectedComponentsWithStats(ink, connectivity=8)
    return sorted((int(s[2]), int(s[3])) for s in stats[1:] if s[2] > 150 and s[3] > 150)


def _raster(pdf, dpi=300) -> np.ndarray:
    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(pdf), str(prefix)], check=True)
    return np.asarray(Image.open(f"{prefix}.png").convert("RGB"))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
def assert_names_and_sizes_whole(composer) -> None:
    """Each photo's file name and its chosen size are shown whole (the sizes take only the room they need)."""
    for row in range(composer.table.rowCount()):
        name, size = composer.table.cellWidget(row, 0), composer.table.cellWidget(row, 1)
        assert name.width() >= name.sizeHint().width(), (name.text(), name.width(), name.sizeHint().width())
        edit = size.lineEdit()
        assert edit.width() >= edit.fontMetrics().horizontalAdvance(size.currentText()), (size.currentText(),
                                                                                          edit.width())


def test_mixed_sheet_with_caption_prints_every_photo_at_its_exact_size(qtbot, window, data_dir, artifacts_dir,
                                                                       tmp_path, monkeypatch):
    open_photo(qtbot, window, data_dir / "man_suit.jpg")
    open_photo(qtbot, window, data_dir / "curly_dark_skin_woman.jpg")
    a, b = (d.key for d in window.controller.photos.items)
    for key in (a, b):   # a blue background makes every photo's edge measurable on white paper
        window.controller.select(key)
        window.controller.set_background(Background.parse("#438EDB"))
    composer = window.open_composer()
    composer.entries.clear()
    composer.add_photo(a, template_id="cn-1inch", copies=4)
    composer.add_photo(b, template_id="cn-2inch", copies=2)
    composer.name.setText("王芳")
    composer.order.setText("No. 1024")
    composer.date.setText("2026-11-30")
    composer.paper.setCurrentIndex(composer.paper.findData("4r"))
    with qtbot.waitSignal(composer.rendered, timeout=60000):
        composer.request()
    assert composer.composed is not None, composer.status.text()
    sheet = composer.composed.sheet
    assert sheet.paper_mm in ((101.6, 152.4), (152.4, 101.6)) and sheet.layout.unplaced == ()
    assert composer.status.text() == ""   # the caption found room in the margin
    monkeypatch.setattr(fail_gate, "ask", lambda *a, **k: True)   # the gate is tested on its own below
    composer.proof.setChecked(True)
    shot(composer, artifacts_dir, "counter_composer_proof")
    assert_names_and_sizes_whole(composer)
    composer.resize(1366, 768)
    QApplication.processEvents()
    shot(composer, artifacts_dir, "counter_composer_1366x768")
    assert_names_and_sizes_whole(composer)
    composer.proof.setChecked(False)
    saved = tmp_path / "mixed.pdf"
    with qtbot.waitSignal(composer.saved, timeout=30000):
        composer.save_to(str(saved))
    printed = tmp_path / "printed.pdf"

    def accept(dialog: QPrintDialog) -> int:   # what the person does in the dialog: choose "Print to PDF"
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(printed))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    assert composer.print_dialog() and "printer" in composer.status.text()
    one = (mm_to_px(25, 300), mm_to_px(35, 300))       # cn-1inch 25x35 mm
    two = (mm_to_px(35, 300), mm_to_px(49, 300))       # cn-2inch 35x49 mm
    for pdf in (saved, printed):
        page = _raster(pdf)
        short, long_ = sorted(page.shape[:2])
        assert abs(short - 1200) <= 1 and abs(long_ - 1800) <= 1, pdf.name   # 4x6 in at 300 dpi
        cells = _cells(page)
        upright = [tuple(sorted(c)) for c in cells]
        ones = [c for c in upright if abs(c[0] - one[0]) <= 2 and abs(c[1] - one[1]) <= 2]
        twos = [c for c in upright if abs(c[0] - two[0]) <= 2 and abs(c[1] - two[1]) <= 2]
        assert (len(ones), len(twos)) == (4, 2), (pdf.name, cells)
        Image.fromarray(page).save(artifacts_dir / f"counter_mixed_{pdf.stem}.png")


def test_print_gate_lists_failures_and_needs_a_deliberate_click(qtbot, window, monkeypatch):
    from idphoto_gui.core.render.compliance import Finding

    fail = Finding("head_height", "fail", 28.0, (32.0, 36.0), "mm")
    warn = Finding("exposure", "warn", 90.0, (100.0, 200.0), "")
    asked: list = []
    monkeypatch.setattr(fail_gate, "ask", lambda parent, lines, action: asked.append(lines) or False)
    assert fail_gate.confirm(window, [warn], what="print")       # no fail: no question
    assert not asked
    assert not fail_gate.confirm(window, [warn, fail], what="print")
    assert len(asked) == 1 and len(asked[0]) == 1 and "28" in asked[0][0]
    monkeypatch.setattr(fail_gate, "ask", lambda *a: True)
    assert fail_gate.confirm(window, [fail], what="save")


def test_dialogs_never_start_in_the_program_folder(app_settings, tmp_path):
    from idphoto_gui.qt.common import file_dialogs

    program = file_dialogs._program_dir()
    app_settings.export_dir = str(program)
    app_settings.import_dir = str(tmp_path / "gone")
    assert not file_dialogs.save_folder(app_settings).startswith(str(program))
    assert not file_dialogs.open_folder(app_settings).startswith(str(program))
    app_settings.export_dir = str(tmp_path)
    assert file_dialogs.save_folder(app_settings) == str(tmp_path)


def test_camera_page_hides_the_previous_photos_save_and_print(qtbot, window):
    ui = window.ui
    ui.sheet_tab.click()
    window._camera_toggled(True)      # what the Camera action does besides showing the live page
    assert not ui.footer.isVisible()
    assert not ui.photo_tab.isChecked() and not ui.sheet_tab.isChecked()
    window._camera_toggled(False)
    assert ui.footer.isVisible() and ui.sheet_tab.isChecked() and ui.tabs.exclusive()


def test_contact_sheet_of_the_strip_from_the_window(qtbot, window, data_dir, tmp_path, monkeypatch):
    from idphoto_gui.qt.common import file_dialogs

    open_photo(qtbot, window, data_dir / "man_suit.jpg")
    open_photo(qtbot, window, data_dir / "woman_white_wall.jpg")   # lacks room for cn-1inch: shown as failed
    target = tmp_path / "review.png"
    monkeypatch.setattr(file_dialogs, "ask_save", lambda *a, **k: str(target))
    with qtbot.waitSignal(window.exporter.exported, timeout=60000) as done:
        window.ui.export.contact_button.click()
    assert done.args == ["contact", str(target)]
    page = np.asarray(Image.open(target).convert("RGB"))
    assert page.shape[:2] == (1754, 1240)
