"""The print gate: saving or printing a photo with any "fail" finding, or with shoulders painted in past the
photo's edge (body_extended), asks first and lists each problem in one sentence with the photo it belongs to."""
from __future__ import annotations

import logging
from typing import Iterable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from ..common import messages

log = logging.getLogger(__name__)
translate = QCoreApplication.translate


def failures(findings: Iterable | None) -> list:
    """What the gate asks about: every "fail" (any code) and invented shoulders (core findings.gated)."""
    from ...core.findings import gated

    return list(gated(f for f in (findings or ()) if hasattr(f, "severity")))


def build_box(parent: QWidget | None, lines: list[str], action: str, *,
              failed: bool = True) -> tuple[QMessageBox, object]:
    """The question box and its go-on button (Cancel is the default and the Escape button)."""
    title = (translate("FailGate", "This photo does not meet the rules") if failed else
             translate("FailGate", "Check this photo before you go on"))
    box = QMessageBox(QMessageBox.Icon.Warning, title,
                      translate("FailGate", "The checks found problems:"), parent=parent)
    box.setInformativeText("\n".join(f"• {line}" for line in lines))
    box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 600px; }")   # one line per problem where it fits
    go = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(translate("FailGate", "Cancel"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    return box, go


def ask(parent: QWidget | None, lines: list[str], action: str, *, failed: bool = True) -> bool:
    """The question itself (a deliberate click on the go-on button returns True)."""
    box, go = build_box(parent, lines, action, failed=failed)
    box.exec()
    return box.clickedButton() is go


def lines_for(photos: Iterable[tuple[str, Iterable | None]]) -> tuple[list[str], list]:
    """One sentence per problem, each naming its photo ('photo.jpg: Face turned 19.9°, ...'), and the findings."""
    lines, asked = [], []
    colon = translate("FailGate", ": ")
    for name, findings in photos:
        for f in failures(findings):
            lines.append(f"{name}{colon}{messages.person_text(f)}" if name else messages.person_text(f))
            asked.append(f)
    return lines, asked


def confirm(parent: QWidget | None, findings: Iterable | None, *, what: str, label: str = "") -> bool:
    """True when nothing needs asking, or when the clerk chose to go on (logged with the codes).

    `label`: the photo's name, said at the start of every line."""
    return confirm_photos(parent, [(label, findings)], what=what)


def confirm_photos(parent: QWidget | None, photos: Iterable[tuple[str, Iterable | None]], *, what: str) -> bool:
    """The gate for several photos at once (the composer's customers): every problem with its photo's name."""
    lines, failed = lines_for(photos)
    if not failed:
        return True
    if what == "print":
        action = translate("FailGate", "Print anyway")
    else:
        action = translate("FailGate", "Save anyway")
    hard = any(f.severity == "fail" for f in failed)
    if not (ask(parent, lines, action) if hard else ask(parent, lines, action, failed=False)):
        log.info("%s stopped at the print gate: %s", what, [f.code for f in failed])
        return False
    log.warning("%s went on past failed checks: %s", what, [f.code for f in failed])
    return True
