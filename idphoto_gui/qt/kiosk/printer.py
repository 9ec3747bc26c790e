"""The kiosk's print path: the configured printer (or PDF folder), true size, faults as codes, no dialog."""
from __future__ import annotations

import itertools
import logging
import os
import time
from pathlib import Path

from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

from ...core.kiosk.kiosk_config import KioskConfig
from ...core.sheets.sheet_render import RenderedSheet
from ..common import printing
from .text import NO_PRINTER, PRINT_REFUSED

log = logging.getLogger(__name__)

_jobs = itertools.count(1)


def printer_names() -> list[str]:
    """Printers the system knows (empty on a machine without any)."""
    return list(QPrinterInfo.availablePrinterNames())


def printer_problem(config: KioskConfig) -> str | None:
    """NO_PRINTER when the configured output does not exist now, else None."""
    if config.pdf_folder:
        return None if Path(config.pdf_folder).is_dir() else NO_PRINTER
    if config.printer:
        return None if config.printer in printer_names() else NO_PRINTER
    return None if not QPrinterInfo.defaultPrinter().isNull() else NO_PRINTER


def _printer(config: KioskConfig) -> tuple[QPrinter, Path | None]:
    """A printer for the config, and the final path of a PDF job (written as .part, then renamed)."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName("ID photos")
    if config.pdf_folder:
        name = f"kiosk-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{next(_jobs)}.pdf"
        final = Path(config.pdf_folder) / name
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(final) + ".part")
        return printer, final
    if config.printer:
        printer.setPrinterName(config.printer)
    return printer, None


def send(sheet: RenderedSheet, config: KioskConfig) -> tuple[str | None, Path | None]:
    """Print one sheet at 100 %: (None, pdf path or None) when sent, (fault code, None) when not."""
    problem = printer_problem(config)
    if problem:
        log.error("kiosk: no printer (printer=%r, pdf_folder=%r)", config.printer, config.pdf_folder)
        return problem, None
    printer, final = _printer(config)
    try:
        ok = printing.print_sheet(sheet.rgb, paper_mm=sheet.paper_mm, dpi=sheet.dpi, printer=printer)
    except Exception:  # noqa: BLE001 - a driver fault must not end the kiosk
        log.exception("kiosk: printing raised")
        ok = False
    if not ok:
        if final is not None:
            Path(str(final) + ".part").unlink(missing_ok=True)
        log.error("kiosk: the printer refused the job")
        return PRINT_REFUSED, None
    if final is not None:
        os.replace(str(final) + ".part", final)
        log.info("kiosk: printed to %s", final)
    return None, final
