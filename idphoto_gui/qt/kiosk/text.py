"""Plain customer sentences: one per check of the photo, one per fault (translated in context KioskText)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from ..common.messages import with_person

translate = QCoreApplication.translate


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
    """One plain sentence for a finding; in a photo of two it says whom it is about ("Left person: ...")."""
    return with_person(finding, _sentence_of(finding))


def _sentence_of(finding: Any) -> str:
    """One plain sentence for a finding: what is right, or what is wrong and what to do."""
    code, ok = str(finding.code), finding.severity in ("ok", "info")
    if finding.severity == "info":
        done = {"light": translate("KioskText", "The light and colour were corrected."),
                "retouch": translate("KioskText", "Your skin was lightly retouched."),
                "garment": translate("KioskText", "You are dressed in the garment you chose.")}
        return done.get(code, translate("KioskText", "The photo was adjusted."))
    if ok:
        good = {
            "head_height": translate("KioskText", "Your head is the right size."),
            "eye_line": translate("KioskText", "Your eyes are at the right height."),
            "crown_margin": translate("KioskText", "The space above your head is right."),
            "centre": translate("KioskText", "Your face is in the middle."),
            "roll": translate("KioskText", "Your head is not tilted to one side."),
            "yaw": translate("KioskText", "You face the camera squarely."),
            "eye_distance": translate("KioskText", "You are close enough to the camera."),
            "resolution": translate("KioskText", "The photo has enough pixels to print."),
            "exposure": translate("KioskText", "Your face is well lit."),
            "lighting": translate("KioskText", "The light on your face is even."),
            "sharpness": translate("KioskText", "The photo is in focus."),
            "background_colour": translate("KioskText", "The background colour is allowed."),
            "background_evenness": translate("KioskText", "The wall behind you is even."),
            "background_texture": translate("KioskText", "The wall behind you is plain."),
            "background_extended": translate("KioskText", "The background reaches every edge."),
            "subject_cut": translate("KioskText", "Your head and shoulders fit in the photo."),
            "head_cut": translate("KioskText", "Your whole head is in the photo."),
            "no_room": translate("KioskText", "There is room around your head."),
            "hair_cut": translate("KioskText", "Your hair fits in the photo."),
            "body_extended": translate("KioskText", "Your shoulders fit in the photo."),
            "pitch": translate("KioskText", "Your chin is level."),
            "eyes_open": translate("KioskText", "Your eyes are open."),
            "eyes_visible": translate("KioskText", "Your eyes can be seen clearly."),
            "gaze": translate("KioskText", "Your eyes look into the camera."),
            "glasses": translate("KioskText", "No glasses problem."),
            "glasses_glare": translate("KioskText", "No glare on glasses."),
            "tinted_lenses": translate("KioskText", "No tinted glasses."),
            "red_eye": translate("KioskText", "No red eyes."),
            "head_covering": translate("KioskText", "Your head is not covered."),
            "mouth_closed": translate("KioskText", "Your mouth is closed."),
            "expression": translate("KioskText", "Your expression is neutral."),
            "shadows": translate("KioskText", "No shadows on your face."),
        }
        return good.get(code, translate("KioskText", "This check is fine."))
    direction = _direction(finding)
    too_close = translate("KioskText", "You are too close: your head and shoulders must fit in the frame.")
    hair_edge = translate("KioskText", "The edge around your hair may not be clean: look at it closely, and take "
                                       "the photo again if it looks wrong.")
    bad = {
        ("head_height", "low"): translate("KioskText", "Your head is too small in the photo: come a little closer."),
        ("head_height", "high"): translate("KioskText", "Your head is too large in the photo: step back a little."),
        ("eye_line", ""): translate("KioskText", "Your eyes are not at the right height: keep your head level."),
        ("crown_margin", ""): translate("KioskText", "The space above your head is not right: stand straight."),
        ("centre", ""): translate("KioskText", "Your face is not in the middle: stand in the centre."),
        ("roll", ""): translate("KioskText", "Your head is tilted: keep it straight."),
        ("yaw", ""): translate("KioskText", "Your face is turned: look straight at the camera."),
        ("eye_distance", ""): translate("KioskText", "The photo is not detailed enough: come a little closer."),
        ("resolution", ""): translate("KioskText", "The photo is enlarged a lot: come a little closer."),
        ("exposure", "low"): translate("KioskText",
                                       "Your face is too dark: stand in the middle, facing the camera, "
                                       "and take it again."),
        ("exposure", "high"): translate("KioskText",
                                        "Your face is too bright: stand in the middle, facing the "
                                        "camera, and take it again."),
        ("lighting", ""): translate("KioskText",
                                    "One side of your face is darker than the other: face the camera "
                                    "squarely and take it again."),
        ("sharpness", ""): translate("KioskText", "The photo is blurred: keep still."),
        ("subject_cut", ""): too_close,
        ("background_extended", ""): translate("KioskText",
                                               "You are near the edge of the picture: stand in the centre."),
        ("background_evenness", ""): hair_edge,
        ("background_texture", ""): hair_edge,
        ("background_colour", ""): translate("KioskText", "This document needs another background colour."),
        ("head_cut", ""): too_close,
        ("no_room", ""): translate("KioskText", "There is too little room around your head: step back a little."),
        ("hair_cut", ""): translate("KioskText", "Some of your hair is outside the photo: step back a little."),
        ("body_extended", ""): translate("KioskText",
                                         "Your shoulders were completed at the photo's edge: step back "
                                         "a little to show them."),
        ("pitch", ""): translate("KioskText", "Your head is tipped up or down: keep it level."),
        ("eyes_open", ""): translate("KioskText", "Keep your eyes open."),
        ("eyes_visible", ""): translate("KioskText", "Your eyes must be clearly visible."),
        ("gaze", ""): translate("KioskText", "Look straight into the camera."),
        ("glasses", ""): translate("KioskText", "Please take off your glasses."),
        ("glasses_glare", ""): translate("KioskText", "Your glasses reflect the light: take them off."),
        ("tinted_lenses", ""): translate("KioskText", "Tinted glasses are not allowed: take them off."),
        ("red_eye", ""): translate("KioskText", "Your eyes look red in the photo: try again."),
        ("head_covering", ""): translate("KioskText",
                                         "Your head must not be covered: take off your hat, unless you "
                                         "wear it for religious or medical reasons."),
        ("mouth_closed", ""): translate("KioskText", "Close your mouth."),
        ("expression", ""): translate("KioskText", "Keep a neutral expression, without smiling."),
        ("cutout", ""): translate("KioskText", "The cut-out of this photo is not clean: take the photo again."),
        ("shadows", ""): translate("KioskText",
                                   "There are shadows on your face: face the camera squarely and take "
                                   "it again."),
    }
    if code == "body_extended" and getattr(finding, "reason", "") == "retake":
        return translate("KioskText", "Too little of your shoulders is in the photo, and this document allows "
                                      "nothing to be added: step back a little and take it again.")
    fallback = translate("KioskText", "Something in this photo is not right.")
    return bad.get((code, direction)) or bad.get((code, "")) or fallback


def sentences(*parts: str) -> str:
    """Sentences one after another: a space after '.', none after '。' (a space there is a gap in Chinese)."""
    out = ""
    for part in (p for p in parts if p):
        out += ("" if not out or out.endswith(("。", "！", "？")) else " ") + part
    return out


def blocked_sentence(blockers: tuple) -> str:
    """Why the photo cannot be printed, in one sentence (the worst reason)."""
    if not blockers:
        return ""
    return translate("KioskText", "This photo cannot be printed. %1").replace("%1", check_sentence(blockers[0]))


def face_problem(code: str) -> str:
    """A photo without one usable face, in one sentence."""
    return {
        "no_face": translate("KioskText", "We could not see your face: look at the camera and try again."),
        "multiple_faces": translate("KioskText", "Only one person may be in the photo: please try again alone."),
        "not_frontal": translate("KioskText", "Your face is turned: look straight at the camera and try again."),
        "pair_needs_two": translate("KioskText", "This photo needs both of you: please sit side by side in front "
                                    "of the camera and try again."),
    }.get(code, translate("KioskText", "We could not use this photo: please try again."))


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
