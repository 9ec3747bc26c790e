"""One click prints: Print renders the sheet in a worker and opens the print dialog by itself, from the photo
view (no second click, no switch to the sheet view first); the printed PDF is the paper at 100 %."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog

from idphoto_gui.qt.widgets import fail_gate

from window_helpers import ANALYSIS_TIMEOUT_MS, wait_ready


def test_one_click_opens_the_print_dialog_and_prints(qtbot, window, data_dir, tmp_path, monkeypatch):
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    wait_ready(qtbot, window)
    qtbot.waitUntil(lambda: window.controller.result is not None, timeout=20000)
    monkeypatch.setattr(fail_gate, "ask", lambda *a, **k: True)   # the gate has its own tests
    window.exporter.sheet_options = ("4r", 4)
    page_before = window.ui.stack.currentIndex() if hasattr(window.ui, "stack") else None
    pdf = tmp_path / "printed.pdf"
    dialogs = []

    def accept(dialog: QPrintDialog) -> int:      # the person chooses "Print to PDF" and presses Print
        dialogs.append(dialog)
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(pdf))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    clicks = 0
    with qtbot.waitSignal(window.exports.printed, timeout=60000):
        qtbot.mouseClick(window.ui.export.print_button, Qt.MouseButton.LeftButton)
        clicks += 1
    assert clicks == 1 and len(dialogs) == 1
    assert page_before is None or window.ui.stack.currentIndex() == page_before   # the view stayed
    m = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", pdf.read_bytes())
    assert sorted(float(v) for v in m.groups()) == pytest.approx([4 * 72, 6 * 72], abs=1.5)
