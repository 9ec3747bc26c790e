"""The print gate: saving or printing a photo with any "fail" finding asks first and lists the failures."""
from __future__ import annotations

import logging
from typing import Iterable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from .. import messages

log = logging.getLogger(__name__)
translate = QCoreApplication.translate


def failures(findings: Iterable | None) -> list:
    """The findings with severity "fail" (any code: new checks need no change here)."""
    return [f for f in (findings or ()) if getattr(f, "severity", "") == "fail"]


def build_box(parent: QWidget | None, lines: list[str], action: str) -> tuple[QMessageBox, object]:
    """The question box and its go-on button (Cancel is the default and the Escape button)."""
    box = QMessageBox(QMessageBox.Icon.Warning, translate("FailGate", "This photo does not meet the rules"),
                      translate("FailGate", "The checks found problems:"), parent=parent)
    box.setInformativeText("\n".join(f"• {line}" for line in lines))
    go = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(translate("FailGate", "Cancel"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    return box, go


def ask(parent: QWidget | None, lines: list[str], action: str) -> bool:
    """The question itself (a deliberate click on the go-on button returns True)."""
    box, go = build_box(parent, lines, action)
    box.exec()
    return box.clickedButton() is go


def confirm(parent: QWidget | None, findings: Iterable | None, *, what: str, label: str = "") -> bool:
    """True when nothing failed, or when the clerk chose to go on (logged with the failing codes)."""
    failed = failures(findings)
    if not failed:
        return True
    lines = [f"{label}{messages.person_text(f)}" for f in failed]
    if what == "print":
        action = translate("FailGate", "Print anyway")
    else:
        action = translate("FailGate", "Save anyway")
    if not ask(parent, lines, action):
        log.info("%s stopped at the print gate: %s", what, [f.code for f in failed])
        return False
    log.warning("%s went on past failed checks: %s", what, [f.code for f in failed])
    return True
