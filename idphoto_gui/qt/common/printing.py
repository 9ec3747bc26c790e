"""Print a rendered sheet at true size (100 %, never fit-to-page) through Qt's printer path."""
from __future__ import annotations

import logging

import numpy as np
from PySide6.QtCore import QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QWidget

from ...core.sheets.sheet_render import RenderedSheet
from .images import rgb_to_qimage

log = logging.getLogger(__name__)

MM_PER_INCH = 25.4


def page_layout_for(paper_mm: tuple[float, float]) -> QPageLayout:
    """The exact paper (no snapping to a near standard size), zero margins, landscape when wider."""
    w, h = paper_mm
    short, long_ = sorted((float(w), float(h)))
    size = QPageSize(QSizeF(short, long_), QPageSize.Unit.Millimeter, "",
                     QPageSize.SizeMatchPolicy.ExactMatch)
    orient = QPageLayout.Orientation.Landscape if w > h else QPageLayout.Orientation.Portrait
    return QPageLayout(size, orient, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)


def to_qimage(rgb: np.ndarray, dpi: float) -> QImage:
    """A QImage that owns a copy of the pixels (it must not outlive a numpy buffer), dpi recorded."""
    image = rgb_to_qimage(np.ascontiguousarray(rgb, dtype=np.uint8))
    dpm = int(round(dpi / MM_PER_INCH * 1000))
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    return image


def prepare_printer(printer: QPrinter, paper_mm: tuple[float, float]) -> bool:
    """Full-page mode on the sheet's paper; False (logged) if the printer refuses the layout."""
    printer.setFullPage(True)
    ok = printer.setPageLayout(page_layout_for(paper_mm))
    if not ok:
        log.warning("printer %r refused a %sx%s mm page with zero margins", printer.printerName(), *paper_mm)
    return ok


def target_rect(printer: QPrinter, paper_mm: tuple[float, float]) -> QRectF:
    """The paper in device pixels from the paper's corner: where the sheet goes at 100 % scale."""
    res = printer.resolution()
    return QRectF(0.0, 0.0, paper_mm[0] / MM_PER_INCH * res, paper_mm[1] / MM_PER_INCH * res)


def print_sheet(image_rgb: np.ndarray, *, paper_mm: tuple[float, float], dpi: float, printer: QPrinter,
                proof: bool = False) -> bool:
    """Paint the sheet so 1 mm on the sheet is 1 mm on paper (a proof gets the watermark); False if it failed."""
    prepare_printer(printer, paper_mm)
    image = to_qimage(image_rgb, dpi)
    painter = QPainter()
    if not painter.begin(printer):
        log.error("cannot start printing on %r", printer.printerName())
        return False
    try:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(target_rect(printer, paper_mm), image, QRectF(image.rect()))
        if proof:
            from .proof import paint_proof

            paint_proof(painter, target_rect(printer, paper_mm))
    finally:
        painter.end()
    return True


def make_printer(sheet: RenderedSheet, printer: QPrinter | None = None) -> QPrinter:
    """A high-resolution printer preset to the sheet's paper."""
    printer = printer or QPrinter(QPrinter.PrinterMode.HighResolution)
    prepare_printer(printer, sheet.paper_mm)
    return printer


def show_print_dialog(parent: QWidget | None, sheet: RenderedSheet, *, proof: bool = False) -> bool:
    """Ask for a printer (QPrintDialog) and print the sheet at true size; True if it was sent."""
    printer = make_printer(sheet)
    dialog = QPrintDialog(printer, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    return print_sheet(sheet.rgb, paper_mm=sheet.paper_mm, dpi=sheet.dpi, printer=printer, proof=proof)


def make_print_preview(parent: QWidget | None, sheet: RenderedSheet) -> QPrintPreviewDialog:
    """A preview dialog that paints the sheet at true size each time it is asked to."""
    dialog = QPrintPreviewDialog(parent)      # owns its printer (a Python-owned one could be freed first)
    prepare_printer(dialog.printer(), sheet.paper_mm)
    dialog.paintRequested.connect(
        lambda printer: print_sheet(sheet.rgb, paper_mm=sheet.paper_mm, dpi=sheet.dpi, printer=printer))
    return dialog


def show_print_preview(parent: QWidget | None, sheet: RenderedSheet) -> bool:
    """Modal print preview (its own Print button prints at true size); True if the user printed."""
    return make_print_preview(parent, sheet).exec() == QDialog.DialogCode.Accepted
