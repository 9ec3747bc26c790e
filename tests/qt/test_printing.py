"""Printing through Qt's printer path keeps true size: the PDF page is the paper, the sheet fills it 1:1."""
from __future__ import annotations

import re
import shutil
import subprocess
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image
from PySide6.QtPrintSupport import QPrinter

from idphoto_gui.core.sheets.sheet import SheetItem, layout_sheet, render_sheet
from idphoto_gui.core.templates.template import mm_to_px
from idphoto_gui.qt.common.images import qimage_to_rgb
from idphoto_gui.qt.common.printing import make_print_preview, page_layout_for, print_sheet, target_rect

PT_PER_MM = 72 / 25.4
RED, GREEN = (200, 30, 30), (30, 160, 60)


def solid(w_mm, h_mm, colour, dpi=300):
    a = np.zeros((mm_to_px(h_mm, dpi), mm_to_px(w_mm, dpi), 3), np.uint8)
    a[:] = colour
    return a


def sheet_4r_mixed(dpi=300):
    layout = layout_sheet(paper_mm=(102, 152), items=[SheetItem(35, 45, 2), SheetItem(25, 35, 8)])
    return render_sheet(layout, [solid(35, 45, RED, dpi), solid(25, 35, GREEN, dpi)], dpi=dpi)


def pdf_printer(path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def media_box(pdf: bytes) -> tuple[float, float]:
    m = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf)
    x0, y0, x1, y1 = (float(v) for v in m.groups())
    return x1 - x0, y1 - y0


def image_placements(pdf: bytes) -> list[np.ndarray]:
    """The current transformation matrix at every image `Do` in the page content (q/Q/cm honoured)."""
    found = []
    for m in re.finditer(rb"stream\r?\n", pdf):
        raw = pdf[m.end():pdf.find(b"endstream", m.end())]
        try:
            text = zlib.decompress(raw).decode("latin-1")
        except zlib.error:
            continue
        if " Do" not in text:
            continue
        ctm, stack, nums = np.eye(3), [], []
        for tok in text.split():
            if tok == "q":
                stack.append(ctm.copy())
            elif tok == "Q":
                ctm = stack.pop()
            elif tok == "cm":
                a, b, c, d, e, f = (float(v) for v in nums[-6:])
                ctm = np.array([[a, b, 0], [c, d, 0], [e, f, 1]]) @ ctm
            elif tok == "Do":
                found.append(ctm.copy())
            try:
                nums.append(float(tok))
            except ValueError:
                pass
    return found


def test_page_layout_is_exact_with_zero_margins():
    layout = page_layout_for((152, 102))
    rect = layout.fullRect()
    assert (rect.width(), rect.height()) == pytest.approx((152, 102))
    assert layout.margins().left() == 0 and layout.margins().top() == 0


def test_printing_to_pdf_keeps_true_size(qtbot, tmp_path):
    sheet = sheet_4r_mixed()
    path = tmp_path / "printed.pdf"
    printer = pdf_printer(path)
    assert print_sheet(sheet.rgb, paper_mm=sheet.paper_mm, dpi=sheet.dpi, printer=printer)
    page = printer.paperRect(QPrinter.Unit.Millimeter)
    assert (page.width(), page.height()) == pytest.approx(sheet.paper_mm, abs=0.01)
    target = target_rect(printer, sheet.paper_mm)
    res = printer.resolution()
    assert (target.width() / res * 25.4, target.height() / res * 25.4) == pytest.approx(sheet.paper_mm)
    pdf = path.read_bytes()
    w_pt, h_pt = media_box(pdf)          # Qt writes whole points: within half a point (0.18 mm)
    assert w_pt == pytest.approx(sheet.paper_mm[0] * PT_PER_MM, abs=0.5)
    assert h_pt == pytest.approx(sheet.paper_mm[1] * PT_PER_MM, abs=0.5)
    (ctm,) = image_placements(pdf)       # the image's unit square, in points: the whole paper, unscaled
    assert abs(ctm[0, 0]) == pytest.approx(sheet.paper_mm[0] * PT_PER_MM, abs=0.05)
    assert abs(ctm[1, 1]) == pytest.approx(sheet.paper_mm[1] * PT_PER_MM, abs=0.05)
    assert ctm[0, 1] == 0 and ctm[1, 0] == 0


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
def test_rasterised_print_has_photos_at_true_size(qtbot, tmp_path, artifacts_dir):
    sheet = sheet_4r_mixed()
    path = tmp_path / "printed.pdf"
    assert print_sheet(sheet.rgb, paper_mm=sheet.paper_mm, dpi=sheet.dpi, printer=pdf_printer(path))
    subprocess.run(["pdftoppm", "-r", "300", "-png", "-singlefile", str(path), str(tmp_path / "page")],
                   check=True, timeout=60)
    rgb = np.asarray(Image.open(tmp_path / "page.png").convert("RGB"))
    Image.fromarray(rgb).save(artifacts_dir / "printed_4r_rasterised.png")
    for colour, size_mm, count in ((RED, (35, 45), 2), (GREEN, (25, 35), 8)):
        near = np.all(np.abs(rgb.astype(int) - colour) <= 12, axis=2).astype(np.uint8)
        n, _, stats, _ = cv2.connectedComponentsWithStats(near, connectivity=4)
        big = [s for s in stats[1:] if s[4] > 1000]
        assert len(big) == count
        want = sorted((mm_to_px(size_mm[0], 300), mm_to_px(size_mm[1], 300)))
        for s in big:                    # within 2 px (0.17 mm) after the PDF round trip
            assert sorted((int(s[2]), int(s[3]))) == pytest.approx(want, abs=2)


def test_print_preview_paints_the_sheet(qtbot):
    sheet = sheet_4r_mixed(dpi=254)
    dialog = make_print_preview(None, sheet)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.paintRequested, timeout=10000):
        dialog.show()
    qtbot.wait(200)
    shown = qimage_to_rgb(dialog.grab().toImage()).astype(int)
    for colour in (RED, GREEN):
        near = np.all(np.abs(shown - colour) <= 40, axis=2)
        assert near.sum() > 200, f"the preview shows the sheet's {colour} photos"
    dialog.close()
