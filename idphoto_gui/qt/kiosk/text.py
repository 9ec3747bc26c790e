"""Plain customer sentences: one per check of the photo, one per fault (translated in context KioskText)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication


def _t(text: str) -> str:
    return QCoreApplication.translate("KioskText", text)


def _direction(finding: Any) -> str:
    """'low' below the allowed range, 'high' above it, '' inside or without a range."""
    allowed, value = getattr(finding, "allowed", None), getattr(finding, "value", None)
    if not isinstance(value, (int, float)) or not isinstance(allowed, (tuple, list)):
        return ""
    lo, hi = allowed
    if lo is not None and value < lo:
        return "low"
    if hi is not None and value > hi:
        return "high"
    return ""


def check_sentence(finding: Any) -> str:
    """One plain sentence for a finding: what is right, or what is wrong and what to do."""
    code, ok = str(finding.code), finding.severity == "ok"
    if ok:
        good = {
            "head_height": _t("Your head is the right size."),
            "eye_line": _t("Your eyes are at the right height."),
            "crown_margin": _t("The space above your head is right."),
            "centre": _t("Your face is in the middle."),
            "roll": _t("Your head is straight."),
            "yaw": _t("You are looking straight at the camera."),
            "eye_distance": _t("The photo is detailed enough."),
            "resolution": _t("The photo is sharp enough to print."),
            "exposure": _t("Your face is well lit."),
            "lighting": _t("The light on your face is even."),
            "sharpness": _t("The photo is in focus."),
            "background_colour": _t("The background colour is allowed."),
        }
        return good.get(code, _t("This check is fine."))
    direction = _direction(finding)
    bad = {
        ("head_height", "low"): _t("Your head is too small in the photo: come a little closer."),
        ("head_height", "high"): _t("Your head is too large in the photo: step back a little."),
        ("eye_line", ""): _t("Your eyes are not at the right height: keep your head level."),
        ("crown_margin", ""): _t("The space above your head is not right: stand straight."),
        ("centre", ""): _t("Your face is not in the middle: stand in the centre."),
        ("roll", ""): _t("Your head is tilted: keep it straight."),
        ("yaw", ""): _t("Your face is turned: look straight at the camera."),
        ("eye_distance", ""): _t("The photo is not detailed enough: come a little closer."),
        ("resolution", ""): _t("The photo is enlarged a lot: come a little closer."),
        ("exposure", "low"): _t("Your face is too dark."),
        ("exposure", "high"): _t("Your face is too bright."),
        ("lighting", ""): _t("One side of your face is darker than the other."),
        ("sharpness", ""): _t("The photo is blurred: keep still."),
        ("subject_cut", ""): _t("You are too close: your head and shoulders must fit in the frame."),
        ("background_extended", ""): _t("You are near the edge of the picture: stand in the centre."),
        ("background_evenness", ""): _t("The edge around your hair may not be clean."),
        ("background_texture", ""): _t("The edge around your hair may not be clean."),
        ("background_colour", ""): _t("This document needs another background colour."),
    }
    return bad.get((code, direction)) or bad.get((code, "")) or _t("Something in this photo is not right.")


def blocked_sentence(blockers: tuple) -> str:
    """Why the photo cannot be printed, in one sentence (the worst reason)."""
    if not blockers:
        return ""
    return _t("This photo cannot be printed. %1").replace("%1", check_sentence(blockers[0]))


def face_problem(code: str) -> str:
    """A photo without one usable face, in one sentence."""
    return {
        "no_face": _t("We could not see your face: look at the camera and try again."),
        "multiple_faces": _t("Only one person may be in the photo: please try again alone."),
        "not_frontal": _t("Your face is turned: look straight at the camera and try again."),
    }.get(code, _t("We could not use this photo: please try again."))


# Fault codes: what the customer reads, and the operator's line in the operator menu.
NO_CAMERA, CAMERA_LOST, NO_PRINTER, PRINT_REFUSED, CHECK_FAILED = (
    "no_camera", "camera_lost", "no_printer", "print_refused", "check_failed")


def fault_customer(code: str) -> str:
    """One sentence for the customer; staff help is always the way out."""
    return {
        NO_CAMERA: _t("The camera is not working right now. Please ask a member of staff for help."),
        CAMERA_LOST: _t("The camera was disconnected. Please ask a member of staff for help."),
        NO_PRINTER: _t("The printer is not available. Please ask a member of staff for help."),
        PRINT_REFUSED: _t("The printer did not accept your photos. Please ask a member of staff for help."),
        CHECK_FAILED: _t("Your photo could not be checked. Please try again."),
    }.get(code, _t("Something went wrong. Please ask a member of staff for help."))


def fault_operator(code: str) -> str:
    """What the operator should fix."""
    return {
        NO_CAMERA: _t("No camera: connect one, or choose it in the kiosk settings."),
        CAMERA_LOST: _t("The camera was unplugged during a session."),
        NO_PRINTER: _t("No printer: check the printer name or the PDF folder."),
        PRINT_REFUSED: _t("The printer refused a job: check paper, ink and the queue."),
        CHECK_FAILED: _t("A photo could not be analysed (see the log)."),
    }.get(code, code)
