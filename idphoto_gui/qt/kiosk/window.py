"""The kiosk window: the guided customer flow, locked down, private, with a PIN-gated operator menu.

Start -> document -> camera -> (checking) -> review -> [clothing] -> background -> product -> (printing) -> thanks
-> Start (clothing only where kiosk.json lists garments and the document allows them: kiosk/clothing_flow.py).
Renders and the print gate are core's (core.kiosk_customer over core.session); this class only moves
between steps, runs jobs through Workers and wipes the customer on every return to Start.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QStackedWidget, QVBoxLayout, QWidget

from ...core.kiosk import kiosk_config as kc
from ...core.errors import IdPhotoError
from ...core.kiosk.kiosk_customer import SCREEN, Customer, PrintBlockedError, print_sheet_for
from ...core.templates.colours import Background
from ...core.desktop.engine import Engine
from ..common.i18n import translations
from ..common.workers import INFERENCE, IO, Workers
from . import printer as kprinter
from .camera_step import CameraStep, SourceFactory
from .idle import InactivityGuard, WarningOverlay
from .lockdown import KeyLock
from .choices import BackgroundPage, ProductPage
from .clothing_flow import ClothingFlow
from .operator import OperatorPage, PinPage
from .pages import DocumentsPage, MessagePage, StartPage
from .review import ReviewPage
from .staff import StaffActions
from .text import (BAD_SHOT, CAMERA_LOST, CHECK_FAILED, NO_CAMERA, blocked_sentence, face_problem,
                   fault_customer)

log = logging.getLogger(__name__)

BUSY_LIMIT_S = 120      # a check or a print job that takes longer is given up (fault page, then Start)

class KioskWindow(ClothingFlow, StaffActions, QWidget):
    """Full screen customer flow; `config_path` is kiosk.json (counters and the PIN are saved there)."""

    quit_requested = Signal()

    def __init__(self, config_path: str | Path, *, source_factory: SourceFactory | None = None,
                 engine: Engine | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kiosk")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.engine = engine or Engine()
        self.config_path = Path(config_path)
        self.config = kc.load_config(self.config_path, known_templates=self.engine.templates())
        self.workers = Workers(self)
        self.customer = Customer()
        self.faults: list[str] = []
        self.last_print: Path | None = None
        self._generation = 0
        self._quitting = False
        self._build(source_factory)
        self._keylock = KeyLock(self)
        QApplication.instance().installEventFilter(self._keylock)
        self.idle = InactivityGuard(self.config.timeout_s, self.config.warning_s, self)
        self.idle.warn.connect(self.overlay.show_seconds)
        self.idle.resumed.connect(self.overlay.hide)
        self.idle.expired.connect(self.reset)
        self._thanks = QTimer(self, singleShot=True, timeout=self.reset)
        self._watchdog = QTimer(self, singleShot=True, interval=BUSY_LIMIT_S * 1000, timeout=self._stuck)
        self.reset()

    # ---- construction ---------------------------------------------------------------------------
    def _build(self, source_factory: SourceFactory | None) -> None:
        self.stack = QStackedWidget(self)
        self.start_page, self.documents, self.review = StartPage(), DocumentsPage(), ReviewPage()
        self.camera = CameraStep(source_factory, self.config.camera)
        self.background, self.product, self.message = BackgroundPage(), ProductPage(), MessagePage()
        self.pin, self.operator = PinPage(), OperatorPage()
        self.clothing = self._build_clothing()
        for page in (self.start_page, self.documents, self.camera, self.review, self.clothing, self.background,
                     self.product, self.message, self.pin, self.operator):
            self.stack.addWidget(page)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        # the window is the screen's size, never what a page asks for: with no window manager a page that asked
        # for more grew the window past the bottom edge (and it stayed that tall after the timeout)
        lay.setSizeConstraint(QVBoxLayout.SizeConstraint.SetNoConstraint)
        lay.addWidget(self.stack)
        self.overlay = WarningOverlay(self)
        s = self.start_page
        s.start.connect(self._start)
        s.language.connect(self.set_language)
        s.staff.connect(self._staff)
        self.documents.chosen.connect(self._document)
        self.documents.back.connect(self.reset)
        self.camera.captured.connect(self._captured)
        self.camera.fault.connect(self._camera_fault)
        self.camera.back.connect(self._to_documents)
        self.review.retake.connect(self._retake)
        self.review.accept.connect(self._accepted)
        self.background.picked.connect(self._background)
        self.background.back.connect(lambda: self._to_clothing(otherwise=self._retake))
        self.background.next.connect(self._to_product)
        self.product.picked.connect(self._copies)
        self.product.back.connect(self._product_back)
        self.product.next.connect(self._print)
        self.pin.accepted.connect(self._open_operator)
        self.pin.new_pin.connect(self._pin_set)
        self.pin.cancel.connect(self.reset)
        self.operator.save.connect(self._save_config)
        self.operator.change_pin.connect(lambda: self._show(self.pin, lambda: self.pin.open("set", self.config.pin)))
        self.operator.quit.connect(self.quit_kiosk)
        self.operator.leave.connect(self.reset)
        self._message_actions = (self.reset, None)
        self.message.primary.connect(lambda: self._message_button(0))
        self.message.secondary.connect(lambda: self._message_button(1))

    # ---- navigation ----------------------------------------------------------------------------
    def _show(self, page: QWidget, prepare=None) -> None:
        """Show a step; any step but Start runs the inactivity timer again (a busy page pauses it after)."""
        if prepare is not None:
            prepare()
        self.stack.setCurrentWidget(page)
        self.overlay.hide()
        self._watchdog.stop()
        if page is not self.start_page and (page is not self.pin or self.config.has_pin):
            self.idle.arm()

    def current(self) -> QWidget:
        """The step on screen."""
        return self.stack.currentWidget()

    def set_language(self, code: str) -> None:
        """Switch the interface language (every page retranslates)."""
        if translations.language != code:
            translations.apply(code)
        self.start_page.set_language(code)

    def reset(self) -> None:
        """Back to Start, wiping everything of the customer (photos, analyses, caches, camera page)."""
        self._generation += 1
        self._thanks.stop()
        self.idle.disarm()
        self.camera.end()
        for lane in ("kiosk-analyse", "kiosk-print", "kiosk-dress"):
            if self.workers.latest(lane):
                self.workers.drop(self.workers.latest(lane))
        self.customer.wipe()
        self.customer = Customer()        # a job still running keeps only the old (wiped) object alive
        self.review.show_review(None)
        self.background.set_photo(None)
        self.clothing.set_photo(None)
        self.product.set_photo(None)
        self.set_language(self.config.language)
        if not self.config.has_pin:
            self._show(self.pin, lambda: self.pin.open("set", None, problem=self.config.pin_problem))
            return
        problem = kprinter.printer_problem(self.config)
        if problem:
            self._note_fault(problem)
        self.start_page.set_fault(fault_customer(problem) if problem else None)
        self._show(self.start_page)
        self._fit_screen()

    def _fit_screen(self) -> None:
        """Full screen again at Start (laid out afresh for the next customer, whatever the last one saw)."""
        if self.isFullScreen() and self.screen() is not None and self.geometry() != self.screen().geometry():
            self.setGeometry(self.screen().geometry())

    def _start(self) -> None:
        self._count("customers")
        self._to_documents()

    def _to_documents(self) -> None:
        self.camera.end()
        templates = [self.engine.templates()[t] for t in self.config.documents if t in self.engine.templates()]
        self._show(self.documents, lambda: self.documents.set_documents(templates))

    def _document(self, template: Any) -> None:
        self.customer.template = template
        self._retake()

    def _retake(self) -> None:
        self.customer.session = None
        self.customer.review = None
        self.customer.cache.clear()
        self._show(self.camera, lambda: self.camera.begin(self.customer.template))

    # ---- capture and review ------------------------------------------------------------------------
    def _captured(self, rgb: Any) -> None:
        self._count("photos")
        self.camera.end()
        self._busy(lambda: (self.tr("Checking your photo…"), self.tr("This takes a few seconds."), "", ""))
        gen, customer, template = self._generation, self.customer, self.customer.template
        background = kc.offered_colours(template, self.config)[0]
        look = kc.look_for(self.config, template.alteration)
        self.workers.submit(lambda: customer.analyse_still(rgb, template, background, look), pool=INFERENCE,
                            kind="kiosk-analyse", lane="kiosk-analyse",
                            on_done=lambda out: gen == self._generation and self._reviewed(*out),
                            on_failed=lambda exc: gen == self._generation and self._check_failed(exc))

    def _reviewed(self, session: Any, review: Any) -> None:
        self.customer.session, self.customer.review = session, review
        problem = None
        if review.error is not None:
            problem = face_problem(str(getattr(review.error, "code", "")))
        elif review.blockers:
            self._count("blocked")
        self._show(self.review, lambda: self.review.show_review(review, problem))

    def _check_failed(self, exc: BaseException) -> None:
        log.error("kiosk: the photo could not be checked: %s", exc)
        self._note_fault(CHECK_FAILED)
        self._show_fault(CHECK_FAILED, retry=self._retake)

    def _accepted(self) -> None:
        review = self.customer.review
        if review is None or not review.printable:      # the print gate, also behind the hidden button
            return
        self._to_clothing(otherwise=self._to_colours)

    def _to_colours(self) -> None:
        """The colours step, or the product step straight away when the document has one colour."""
        colours = kc.offered_colours(self.customer.template, self.config)
        if len(colours) < 2:
            self._to_product()
            return
        self.background.names = {Background.parse(h): (e, z) for h, e, z in self.engine.colour_presets()}
        current = self.customer.session.edit.background
        self._show(self.background, lambda: (self.background.set_choices(colours, current),
                                             self._background(current)))

    def _product_back(self) -> None:
        """Back from the product step: to the colours, or to the review when there was no colour to pick."""
        if len(kc.offered_colours(self.customer.template, self.config)) >= 2:
            self._to_colours()
        else:
            self._to_clothing(otherwise=lambda: self._show(self.review))

    def _background(self, background: Background) -> None:
        self.customer.session.set_background(background)
        self._on_screen(lambda rgb: (self.background.set_photo(rgb), self.product.set_photo(rgb)))

    def _on_screen(self, shown: Callable[[Any], None]) -> None:
        """The photo as it is now, rendered for the screen on a worker (the latest tap wins)."""
        session, gen = self.customer.session, self._generation
        edit = session.edit
        self.workers.submit(lambda: session.renderer.render(edit, SCREEN).rgb, pool=IO, kind="kiosk-render",
                            lane="kiosk-render", on_done=lambda rgb: gen == self._generation and shown(rgb),
                            on_failed=lambda exc: log.warning("kiosk: the photo could not be shown: %s", exc))

    def _to_product(self) -> None:
        from ...core.sheets.sheet import get_paper, max_copies

        t, paper = self.customer.template, get_paper(self.config.paper)
        self.product.full_count = max_copies(paper_mm=paper.size_mm, photo_mm=(t.width_mm, t.height_mm))
        self.product.paper_name = paper.name_zh if translations.is_chinese else paper.name_en
        choices = [n for n in self.config.copies if n <= self.product.full_count]
        if self.customer.copies not in choices:
            self.customer.copies = choices[0] if choices else kc.FULL_SHEET
        self._on_screen(self.product.set_photo)
        self._show(self.product, lambda: self.product.set_choices(choices or [kc.FULL_SHEET], self.customer.copies))

    def _copies(self, n: int) -> None:
        self.customer.copies = int(n)

    # ---- printing --------------------------------------------------------------------------------
    def _print(self) -> None:
        review, session = self.customer.review, self.customer.session
        if review is None or session is None or not review.printable:
            return
        self._busy(lambda: (self.tr("Printing…"), self.tr("Your photos are being printed."), "", ""))
        gen, copies, cfg = self._generation, self.customer.copies, self.config
        self.workers.submit(lambda: print_sheet_for(session, copies=copies, paper=cfg.paper, dpi=cfg.dpi),
                            pool=IO, kind="kiosk-print", lane="kiosk-print",
                            on_done=lambda sheet: gen == self._generation and self._send(sheet),
                            on_failed=lambda exc: gen == self._generation and self._print_failed(exc))

    def _send(self, sheet: Any) -> None:
        fault, path = kprinter.send(sheet, self.config)
        if fault:
            self._note_fault(fault)
            self._show_fault(fault)
            return
        self.last_print = path
        self._count("prints")
        self._busy(lambda: (self.tr("Thank you!"), self.tr("Take your photos from the printer."),
                            self.tr("Done"), ""))
        self._thanks.start(self.config.thanks_s * 1000)

    def _print_failed(self, exc: BaseException) -> None:
        if isinstance(exc, (PrintBlockedError, IdPhotoError)):
            blockers = getattr(exc, "findings", ())
            self._count("blocked")
            self._show(self.review, lambda: self.review.show_review(
                self.customer.review, blocked_sentence(blockers) or face_problem("crop")))
            return
        self._check_failed(exc)

    # ---- messages and faults -----------------------------------------------------------------------
    def _busy(self, texts) -> None:
        """Checking or printing: the customer is waiting, so the inactivity timer pauses."""
        self._wire_message(self.reset, None)
        self._show(self.message, lambda: self.message.show_texts(texts))
        self.idle.disarm()
        self._watchdog.start()

    def _stuck(self) -> None:
        """A check or print that never ends must not hold the kiosk (or the customer's photo) forever."""
        log.error("kiosk: a job took longer than %d s; starting again", BUSY_LIMIT_S)
        self._generation += 1
        self._note_fault(CHECK_FAILED)
        self._show_fault(CHECK_FAILED)

    def _show_fault(self, code: str, retry=None) -> None:
        self._wire_message(self.reset, retry)
        self._show(self.message, lambda: self.message.show_texts(lambda: (
            self.tr("Sorry"), fault_customer(code), self.tr("Start again"), self.tr("Try again") if retry else "")))

    def _wire_message(self, primary, secondary) -> None:
        self._message_actions = (primary, secondary)

    def _message_button(self, index: int) -> None:
        action = self._message_actions[index]
        if action is not None:
            action()

    def _camera_fault(self, code: str) -> None:
        fault = {"camera_lost": CAMERA_LOST, BAD_SHOT: BAD_SHOT}.get(code, NO_CAMERA)
        self.camera.end()
        self._note_fault(fault)
        self._show_fault(fault, retry=self._retake)

    def _note_fault(self, code: str) -> None:
        if not self.faults or self.faults[-1] != code:
            self.faults.append(code)
            self._count("faults")

    def _count(self, name: str) -> None:
        self.config = kc.counted(self.config, name)
        if self.config.count and self.config.has_pin:
            kc.save_config(self.config, self.config_path)

    # ---- lock-down ------------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        """Alt+F4 and the window manager cannot close the kiosk; only the operator's Quit can."""
        if self._quitting:
            super().closeEvent(event)
        else:
            event.ignore()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.overlay.isVisible():
            self.overlay.setGeometry(self.rect())
