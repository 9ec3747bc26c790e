"""Staff only: a PIN pad (set on first start, hashed in kiosk.json) and the operator menu."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QLineEdit,
                               QListWidget, QListWidgetItem, QScrollArea, QSpinBox, QWidget)

from ...core.kiosk import kiosk_config as kc

from ...core.kiosk import pin as kpin
from ...core.templates.colours import Background
from ..common.i18n import is_chinese
from .base import TOUCH_PX, Page, big_button, label
from .pages import size_text
from .printer import printer_names
from .text import fault_operator

MAX_TRIES, LOCK_S = 5, 60     # wrong PINs in a row before the pad locks, and for how long
KEY_PX = 72                   # a key of the PIN pad: 19 mm, and the pad fits a 768 px screen


class PinPage(Page):
    """A numeric pad. Mode 'check' emits `accepted` for the right PIN; 'set' asks twice and emits `new_pin`."""

    accepted = Signal()
    new_pin = Signal(str)
    cancel = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stored: kpin.PinHash | None = None
        self.mode = "check"
        self._first = ""
        self._fails = 0
        self._locked_until = 0.0
        self.field = QLineEdit(self)
        self.field.setObjectName("kioskPin")
        self.field.setEchoMode(QLineEdit.EchoMode.Password)
        self.field.setReadOnly(True)
        self.field.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.field.setMinimumHeight(TOUCH_PX + 20)
        self.message = label(self, "kioskBody")
        self.layout_.setContentsMargins(48, 24, 48, 24)     # four rows of keys fit a 768 px screen
        self.layout_.setSpacing(16)
        grid = QGridLayout()
        grid.setSpacing(12)
        self.keys: dict[str, Any] = {}
        for i, key in enumerate("123456789C0K"):
            b = big_button(self, "kioskKey", height=KEY_PX)
            b.setMinimumSize(QSize(150, KEY_PX))
            b.clicked.connect(lambda _=False, k=key: self.press(k))
            grid.addWidget(b, i // 3, i % 3)
            self.keys[key] = b
        self.cancel_button = big_button(self)
        self.cancel_button.clicked.connect(self._cancel)
        pad = QWidget(self)
        pad.setLayout(grid)
        pad.setMaximumWidth(560)
        self.layout_.addWidget(self.message)
        self.layout_.addWidget(self.field, 0, Qt.AlignmentFlag.AlignHCenter)
        self.layout_.addWidget(pad, 0, Qt.AlignmentFlag.AlignHCenter)
        self.layout_.addStretch(1)
        self.layout_.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.field.setMinimumWidth(400)
        self._note = ""
        self.retranslate()

    def open(self, mode: str, stored: kpin.PinHash | None, *, problem: str = "") -> None:
        """Start entering a PIN ('set' on first start or to change it, else 'check'); `problem` says why
        the PIN in kiosk.json was not accepted (the operator sets a new one)."""
        self.mode, self.stored, self._first, self._note = mode, stored, "", "unsound" if problem else ""
        self._problem = problem
        self.field.clear()
        self.cancel_button.setVisible(mode == "check" or stored is not None)
        self.retranslate()

    def press(self, key: str) -> None:
        """One key of the pad: a digit, C (clear) or K (OK)."""
        if key == "C":
            self.field.clear()
        elif key == "K":
            self._submit(self.field.text())
        elif len(self.field.text()) < kpin.PIN_DIGITS[1]:
            self.field.setText(self.field.text() + key)

    def _submit(self, pin: str) -> None:
        self.field.clear()
        if self.mode == "set":
            self._set(pin)
        elif time.monotonic() < self._locked_until:
            self._note = "locked"
        elif kpin.check_pin(pin, self.stored):
            self._fails, self._note = 0, ""
            self.accepted.emit()
        else:
            self._fails += 1
            self._note = "wrong"
            if self._fails >= MAX_TRIES:
                self._fails, self._locked_until, self._note = 0, time.monotonic() + LOCK_S, "locked"
        self.retranslate()

    def _set(self, pin: str) -> None:
        if not kpin.valid_pin(pin):
            self._note = "short"
        elif not self._first:
            self._first, self._note = pin, "again"
        elif pin != self._first:
            self._first, self._note = "", "mismatch"
        else:
            self._first, self._note = "", ""
            self.new_pin.emit(pin)

    def _cancel(self) -> None:
        self.field.clear()
        self.cancel.emit()

    def retranslate(self) -> None:
        setting = self.mode == "set"
        self.title.setText(self.tr("Set the staff PIN") if setting else self.tr("Staff only"))
        notes = {
            "": self.tr("Choose a PIN of 4 to 8 digits for the staff menu.") if setting
            else self.tr("Enter the staff PIN."),
            "again": self.tr("Enter the same PIN again."),
            "short": self.tr("A PIN has 4 to 8 digits."),
            "mismatch": self.tr("The two PINs differ. Start again."),
            "wrong": self.tr("Wrong PIN."),
            "locked": self.tr("Too many wrong PINs. Wait a minute."),
            "unsound": self.tr("The staff PIN in kiosk.json was changed by hand or damaged, so it was unset. "
                               "Choose a new PIN of 4 to 8 digits."),   # the technical reason: in the log
        }
        self.message.setText(notes.get(self._note, ""))
        for k, b in self.keys.items():
            b.setText({"C": self.tr("Clear"), "K": self.tr("OK")}.get(k, k))
        self.cancel_button.setText(self.tr("Back"))


def camera_devices() -> list[tuple[str, str]]:
    """(description, id) of every camera Qt sees now (loads Qt Multimedia: only when the menu opens)."""
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError:  # pragma: no cover - a build without Qt Multimedia
        return []
    return [(d.description(), bytes(d.id().data()).decode(errors="replace")) for d in QMediaDevices.videoInputs()]


def _checklist(parent: QWidget, items: Sequence[tuple[str, Any, bool]]) -> QListWidget:
    """A touch-sized list of checkable entries (text, data, checked)."""
    box = QListWidget(parent)
    box.setObjectName("kioskList")
    for text, data, on in items:
        it = QListWidgetItem(text, box)
        it.setData(Qt.ItemDataRole.UserRole, data)
        it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        it.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        it.setSizeHint(QSize(0, TOUCH_PX))
    box.setMinimumHeight(TOUCH_PX * min(6, max(2, len(items))))
    return box


def _checked(box: QListWidget) -> list[Any]:
    return [box.item(i).data(Qt.ItemDataRole.UserRole) for i in range(box.count())
            if box.item(i).checkState() == Qt.CheckState.Checked]


class OperatorPage(Page):
    """Documents, printer, paper, copies, colours, language, times, counters, PIN, quit."""

    save = Signal(object)          # the new KioskConfig
    change_pin = Signal()
    quit = Signal()
    leave = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.config = kc.KioskConfig()
        self.form_host = QWidget(self)
        self.form = QFormLayout(self.form_host)
        self.form.setVerticalSpacing(18)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form_host)
        self.faults = label(self, "kioskFault", align=Qt.AlignmentFlag.AlignLeft)
        self.counters = label(self, "kioskBody", align=Qt.AlignmentFlag.AlignLeft)
        self._row = row = QGridLayout()
        self.buttons = {k: big_button(self, "kioskPrimary" if k == "save" else "kioskButton")
                        for k in ("save", "leave", "pin", "reset", "quit")}
        self._place_buttons()
        self.buttons["save"].clicked.connect(lambda: self.save.emit(self.collect()))
        self.buttons["pin"].clicked.connect(self.change_pin)
        self.buttons["quit"].clicked.connect(self.quit)
        self.buttons["leave"].clicked.connect(self.leave)
        self.buttons["reset"].clicked.connect(self._reset_counters)
        self.layout_.addWidget(self.counters)
        self.layout_.addWidget(self.faults)
        self.layout_.addWidget(scroll, 1)
        self.layout_.addLayout(row)
        self._fields: dict[str, Any] = {}
        self._labels: dict[str, Any] = {}
        self._faults: list[str] = []
        self._templates: dict[str, Any] = {}
        self._papers: list[Any] = []
        self._colours: list[tuple[str, str, str]] = []

    def open(self, config: kc.KioskConfig, *, templates: dict[str, Any], papers: list[Any],
             colours: list[tuple[str, str, str]], faults: list[str]) -> None:
        """Fill the form from the config and the catalogue."""
        self.config, self._templates, self._papers, self._colours = config, templates, papers, colours
        self._faults = list(faults)
        self._build_form()
        self.retranslate()

    def _build_form(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        c, zh = self.config, is_chinese()
        printable = [t for t in self._templates.values() if not t.digital_only]
        f = self._fields = {
            "documents": _checklist(self.form_host, [(f"{t.name_zh if zh else t.name_en}  {size_text(t)}", t.id,
                                                      t.id in c.documents) for t in printable]),
            "printer": QComboBox(self.form_host), "pdf": QLineEdit(c.pdf_folder, self.form_host),
            "paper": QComboBox(self.form_host),
            "copies": _checklist(self.form_host, [(str(n) if n else self.tr("Full sheet"), n, n in c.copies)
                                                  for n in (1, 2, 4, 6, 8, kc.FULL_SHEET)]),
            "colours": _checklist(self.form_host, [(zh and z or e, h, not c.colours or Background.parse(h) in c.colours)
                                                   for h, e, z in self._colours]),
            "camera": QComboBox(self.form_host), "camera_folder": QLineEdit(self.form_host),
            "language": QComboBox(self.form_host), "timeout": QSpinBox(self.form_host),
            "warning": QSpinBox(self.form_host), "count": QCheckBox(self.form_host),
            "auto_light": QCheckBox(self.form_host), "retouch": QSpinBox(self.form_host),
        }
        f["printer"].addItem(self.tr("System default"), "")
        for name in printer_names():
            f["printer"].addItem(name, name)
        f["printer"].setCurrentIndex(max(0, f["printer"].findData(c.printer)))
        self._fill_cameras(f["camera"], f["camera_folder"], c.camera)
        for p in self._papers:
            f["paper"].addItem(f"{p.name_zh if zh else p.name_en} ({p.width_mm:g} × {p.height_mm:g} mm)", p.id)
        f["paper"].setCurrentIndex(max(0, f["paper"].findData(c.paper)))
        f["language"].addItem("中文", "zh_CN")
        f["language"].addItem("English", "en")
        f["language"].setCurrentIndex(max(0, f["language"].findData(c.language)))
        f["timeout"].setRange(10, 3600)
        f["timeout"].setValue(c.timeout_s)
        f["warning"].setRange(0, 120)
        f["warning"].setValue(c.warning_s)
        f["count"].setChecked(c.count)
        f["auto_light"].setChecked(c.auto_light)
        f["retouch"].setRange(0, 100)
        f["retouch"].setValue(c.retouch)
        self._labels = {k: label(self.form_host, "kioskFormLabel", align=Qt.AlignmentFlag.AlignRight) for k in f}
        for key, widget in f.items():
            widget.setMinimumHeight(max(widget.minimumHeight(), TOUCH_PX))
            self.form.addRow(self._labels[key], widget)

    def resizeEvent(self, event) -> None:
        """On a tall screen each label sits above its field: beside it, the label column left the lists half
        the width and every document name ended in '…'."""
        super().resizeEvent(event)
        policy = QFormLayout.RowWrapPolicy
        wrap = policy.WrapAllRows if self.portrait() else policy.DontWrapRows
        if self.form.rowWrapPolicy() != wrap:
            self.form.setRowWrapPolicy(wrap)

    def _fill_cameras(self, combo: QComboBox, folder: QLineEdit, current: str) -> None:
        """The system default, every camera Qt sees now, and a tethered camera's folder."""
        from .camera_step import FOLDER_PREFIX

        combo.addItem(self.tr("System default"), "")
        for name, device_id in camera_devices():
            combo.addItem(name, device_id)
        combo.addItem(self.tr("Camera software's folder (below)"), FOLDER_PREFIX)
        is_folder = current.startswith(FOLDER_PREFIX)
        folder.setText(current[len(FOLDER_PREFIX):] if is_folder else "")
        folder.setPlaceholderText(self.tr("Where EOS Utility, NX Tether, Capture One … save each shot"))
        key = FOLDER_PREFIX if is_folder else current
        if combo.findData(key) < 0:                       # a camera not plugged in now: keep it listed
            combo.insertItem(1, key, key)
        combo.setCurrentIndex(max(0, combo.findData(key)))
        folder.textEdited.connect(lambda _t: combo.setCurrentIndex(combo.findData(FOLDER_PREFIX)))

    def _camera(self) -> str:
        """kiosk.json's camera: a device id, "" (the default), or folder:PATH."""
        from .camera_step import FOLDER_PREFIX

        f = self._fields
        choice = str(f["camera"].currentData() or "")
        path = f["camera_folder"].text().strip()
        if choice == FOLDER_PREFIX:
            return FOLDER_PREFIX + path if path else self.config.camera
        return choice

    def _place_buttons(self) -> None:
        """Two rows of three: they fit a portrait screen too."""
        for i, b in enumerate(self.buttons.values()):
            self._row.addWidget(b, i // 3, i % 3)

    def collect(self) -> kc.KioskConfig:
        """The config as the form shows it (an empty list keeps the previous choice)."""
        f, c = self._fields, self.config
        return replace(c, documents=tuple(_checked(f["documents"])) or c.documents,
                       printer=str(f["printer"].currentData() or ""), pdf_folder=f["pdf"].text().strip(),
                       paper=str(f["paper"].currentData() or c.paper),
                       copies=tuple(_checked(f["copies"])) or c.copies,
                       colours=tuple(Background.parse(h) for h in _checked(f["colours"])) if len(_checked(f["colours"])) < f["colours"].count()
                       else (), language=str(f["language"].currentData()),
                       timeout_s=f["timeout"].value(), warning_s=f["warning"].value(),
                       count=f["count"].isChecked(), camera=self._camera(), auto_light=f["auto_light"].isChecked(),
                       retouch=f["retouch"].value())

    def _reset_counters(self) -> None:
        self.config = replace(self.config, counters={})
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(self.tr("Kiosk settings"))
        names = {"documents": self.tr("Documents offered"), "printer": self.tr("Printer"),
                 "pdf": self.tr("Or print to PDF files in folder"), "paper": self.tr("Paper"),
                 "copies": self.tr("Copies offered"), "colours": self.tr("Colours offered"),
                 "language": self.tr("Start language"), "timeout": self.tr("Inactivity timeout (s)"),
                 "warning": self.tr("Warning before reset (s)"), "count": self.tr("Keep counters in kiosk.json"),
                 "auto_light": self.tr("Correct light and colour automatically"),
                 "retouch": self.tr("Retouch strength (0 = off; only documents that allow it)"),
                 "camera": self.tr("Camera"), "camera_folder": self.tr("Camera software's folder")}
        for key, lab in self._labels.items():
            lab.setText(names[key])
        text = self.tr("Customers %1 · photos %2 · prints %3 · blocked %4 · faults %5")
        for i, name in enumerate(kc.COUNTERS, 1):
            text = text.replace(f"%{i}", str(self.config.counters.get(name, 0)))
        self.counters.setText(text)
        self.faults.setText("\n".join(fault_operator(code) for code in self._faults[-3:]))
        self.faults.setVisible(bool(self._faults))
        texts = {"save": self.tr("Save"), "pin": self.tr("Change PIN"), "reset": self.tr("Reset counters"),
                 "quit": self.tr("Quit kiosk"), "leave": self.tr("Back to customers")}
        for key, b in self.buttons.items():
            b.setText(texts[key])
