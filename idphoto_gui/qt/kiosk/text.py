"""Plain customer sentences: one per check of the photo (core.render.words' tables), one per fault (translated in
context KioskText)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...core.render import words
from ...core.findings import Finding
from ..common.i18n import translations

translate = QCoreApplication.translate


def _lang() -> str:
    """The kiosk's language, as the tables name it ('en', 'zh_CN')."""
    return translations.language


def check_sentence(finding: Finding) -> str:
    """One plain sentence for a finding; in a photo of two it says whom it is about ("Left person: ...")."""
    return words.kiosk_sentence(finding, _lang())


def sentences(*parts: str) -> str:
    """Sentences one after another: a space after '.', none after '。' (a space there is a gap in Chinese)."""
    out = ""
    for part in (p for p in parts if p):
        out += ("" if not out or out.endswith(("。", "！", "？")) else " ") + part
    return out


def blocked_sentence(blockers: tuple[Finding, ...]) -> str:
    """Why the photo cannot be printed, in one sentence (the worst reason)."""
    return words.kiosk_blocked(blockers, _lang())


def face_problem(code: str) -> str:
    """A photo without one usable face, in one sentence."""
    return words.kiosk_face_problem(code, _lang())


# Fault codes: what the customer reads, and the operator's line in the operator menu.
NO_CAMERA, CAMERA_LOST, NO_PRINTER, PRINT_REFUSED, CHECK_FAILED, BAD_SHOT = (
    "no_camera", "camera_lost", "no_printer", "print_refused", "check_failed", "bad_shot")


def _faults() -> dict[str, tuple[str, str]]:
    """Per fault code: (what the customer reads, what the operator should fix)."""
    return {
        NO_CAMERA: (translate("KioskText",
                              "The camera is not working right now. Please ask a member of staff for help."),
                    translate("KioskText", "No camera: connect a webcam, or choose a camera or the camera software's "
                                           "folder under Staff -> Camera.")),
        CAMERA_LOST: (translate("KioskText", "The camera was disconnected. Please ask a member of staff for help."),
                      translate("KioskText", "The camera was unplugged during a session.")),
        NO_PRINTER: (translate("KioskText", "The printer is not available. Please ask a member of staff for help."),
                     translate("KioskText", "No printer: check the printer name or the PDF folder.")),
        PRINT_REFUSED: (translate("KioskText",
                                  "The printer did not accept your photos. Please ask a member of staff for help."),
                        translate("KioskText", "The printer refused a job: check paper, ink and the queue.")),
        BAD_SHOT: (translate("KioskText", "Your photo could not be read. Please try again."),
                   translate("KioskText", "The camera software wrote a photo that cannot be read (damaged or cut "
                                          "short): check the tethering software and its folder.")),
        CHECK_FAILED: (translate("KioskText", "Your photo could not be checked. Please try again."),
                       translate("KioskText", "A photo could not be analysed (see the log).")),
    }


def fault_customer(code: str) -> str:
    """One sentence for the customer; staff help is always the way out."""
    entry = _faults().get(code)
    return entry[0] if entry else translate("KioskText", "Something went wrong. Please ask a member of staff for help.")


def fault_operator(code: str) -> str:
    """What the operator should fix."""
    entry = _faults().get(code)
    return entry[1] if entry else code
