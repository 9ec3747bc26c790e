"""Turns the core's error codes and compliance findings into translated, plain-worded sentences."""
from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication

from .i18n import plural

translate = QCoreApplication.translate


def error_title(code: str) -> str:
    """A short headline for an error banner."""
    titles = {
        "unreadable": translate("Messages", "This file cannot be opened"),
        "unsupported": translate("Messages", "This image format is not supported"),
        "too_large": translate("Messages", "This image is too large"),
        "load": translate("Messages", "This file cannot be opened"),
        "model": translate("Messages", "A model file is damaged or missing"),
        "no_face": translate("Messages", "No face found"),
        "multiple_faces": translate("Messages", "Several faces found"),
        "not_frontal": translate("Messages", "The face is turned away"),
        "face": translate("Messages", "No usable face found"),
        "template": translate("Messages", "Template problem"),
        "crop": translate("Messages", "Not enough space around the head"),
        "export": translate("Messages", "Could not save"),
        "overwrite_source": translate("Messages", "Not saved: that is the original photo"),
        "cancelled": translate("Messages", "Analysis cancelled"),
        "pair_needs_two": translate("Messages", "This document needs both of you"),
    }
    return titles.get(code, translate("Messages", "Something went wrong"))


def error_hint(code: str) -> str:
    """What the user can do about it, in one sentence."""
    hints = {
        "unreadable": translate("Messages", "The file may be damaged or not an image. Try another photo."),
        "unsupported": translate("Messages", "Save the photo as JPEG or PNG and open it again."),
        "too_large": translate("Messages", "Reduce the image size and open it again."),
        "load": translate("Messages", "Try another photo."),
        "model": translate("Messages", "Reinstall idphoto, or choose another matting model in Settings."),
        "no_face": translate("Messages", "Use a photo where the face is clearly visible and looks at the camera."),
        "multiple_faces": translate("Messages", "Click the face to use in the original photo."),
        "not_frontal": translate("Messages", "ID photos need the face looking straight at the camera."),
        "face": translate("Messages", "Use a photo where the face is clearly visible."),
        "template": translate("Messages", "Choose another template."),
        "crop": translate("Messages", "Use a photo with more space above the head and below the chin."),
        "export": translate("Messages", "Check that the folder exists and is writable."),
        "overwrite_source": translate("Messages", "The original photo is never overwritten: choose another file "
                                      "name."),
        "cancelled": translate("Messages", "Click “Analyse again” when you are ready."),
        "pair_needs_two": translate("Messages", "Take one photo of the two of you together; two separate photos "
                                    "may not be combined."),
    }
    return hints.get(code, translate("Messages", "Nothing was lost; you can carry on."))


def turned_hint(yaw: float | None) -> str:
    """'The face is turned 47.1°: turn it to the person's right, towards the camera…' ('' without an angle);
    the direction is the person's own, as the pose check's (core.render.compliance._turn)."""
    if yaw is None:
        return ""
    text = (translate("Messages", "The face is turned %1°: turn the face to the person's right, towards the "
                                  "camera. The checks that could still be judged are listed beside the photo.")
            if yaw > 0 else
            translate("Messages", "The face is turned %1°: turn the face to the person's left, towards the "
                                  "camera. The checks that could still be judged are listed beside the photo."))
    return text.replace("%1", f"{abs(yaw):.1f}")


def export_failure(exc: Any) -> tuple[str, str]:
    """Title and text of a failed save: what to do, then the core's reason (English) or, in the Chinese
    window, only the file it is about."""
    from .i18n import is_chinese

    code = code_of(exc)
    kind = code if code == "overwrite_source" else "export"
    title = error_title("export" if code == "error" else code)
    detail = (getattr(exc, "path", None) or "") if is_chinese() else str(exc)
    return title, f"{error_hint(kind)}\n{detail}".rstrip()


def shortfall_text(err: Any) -> str:
    """'Missing 1.7 mm above the head and 1.3 mm at the left…' from a CropError's shortfall."""
    sf = getattr(err, "shortfall", None)
    if sf is None:
        return error_hint("crop")
    parts = []
    for side, text in (("top", translate("Messages", "%1 mm above the head")),
                       ("bottom", translate("Messages", "%1 mm below")),
                       ("left", translate("Messages", "%1 mm at the left")),
                       ("right", translate("Messages", "%1 mm at the right"))):
        value = float(getattr(sf, side, 0.0) or 0.0)
        if value > 0.05:
            parts.append(text.replace("%1", f"{value:.1f}"))
    missing = translate("Messages", ", ").join(parts)
    if getattr(getattr(err, "plan", None), "mode", "") == "no_room":
        return translate("Messages", "The photo lacks %1, and with its own background nothing may be added. "
                         "Choose a background colour, or use a photo with more space.").replace("%1", missing)
    return translate("Messages", "The photo ends through the head: %1 missing. A head is never invented, so "
                     "this photo cannot be saved or printed for this template; use a photo with more space "
                     "around the head.").replace("%1", missing)


def code_of(exc: BaseException | None) -> str:
    """The stable code of a core error, 'error' for anything else."""
    return str(getattr(exc, "code", "error")) if exc is not None else "error"


def finding_label(code: str) -> str:
    """Name of a measured quantity, as a sentence start."""
    labels = {
        "head_height": translate("Messages", "Head height"),
        "eye_line": translate("Messages", "Eye line from the bottom"),
        "crown_margin": translate("Messages", "Space above the head"),
        "centre": translate("Messages", "Face off centre by"),
        "roll": translate("Messages", "Head tilt"),
        "yaw": translate("Messages", "Face turned"),
        "eye_distance": translate("Messages", "Distance between the eyes"),
        "resolution": translate("Messages", "Enlarged"),
        "exposure": translate("Messages", "Face brightness"),
        "lighting": translate("Messages", "Left/right lighting difference"),
        "sharpness": translate("Messages", "Face sharpness"),
        "background_extended": translate("Messages", "Background extended past the photo's edge by"),
        "head_cut": translate("Messages", "The photo ends where the head is; missing"),
        "no_room": translate("Messages", "The photo ends inside the crop; missing"),
        "body_extended": translate("Messages", "Shoulders painted in past the photo's edge:"),
        "pitch": translate("Messages", "Head raised or lowered"),
        "gaze": translate("Messages", "Gaze off the camera"),
        "pair_height": translate("Messages", "The two eye lines differ by"),
        "pair_gap": translate("Messages", "Space between the faces"),
        "neighbour": translate("Messages", "Another person was cut out of"),
    }
    return labels.get(code, "")


def person_text(finding: Any) -> str:
    """finding_text, with whom it is about in a photo of two: 'Left person: eyes closed'."""
    text = finding_text(finding)
    code, reason = getattr(finding, "code", ""), getattr(finding, "reason", "")
    if code in ("head_height", "eye_line") and reason in ("mean", "apart"):   # a pair: the two heads' mean
        mean = {"head_height": translate("Messages", "Mean head height"),
                "eye_line": translate("Messages", "Mean eye line from the bottom")}[code]
        text = text.replace(finding_label(code), mean, 1)
    if code == "head_height" and reason == "apart":
        text = text.replace(advice("head_height", 0.0),   # the pair was zoomed out to fit both: sit closer
                            translate("Messages", "sit closer together, shoulder to shoulder"))
    return with_person(finding, text)


def with_person(finding: Any, text: str) -> str:
    """`text` prefixed with whom the finding is about in a photo of two ("Left person: ..."), else as is."""
    person = str(getattr(finding, "person", ""))
    if person == "left":
        return translate("Messages", "Left person: %1").replace("%1", text)
    if person == "right":
        return translate("Messages", "Right person: %1").replace("%1", text)
    return text


def face_sentence(code: str, severity: str, finding: Any) -> str:
    """The face checks' sentences (eyes, mouth, expression, glasses, covering, shadows), '' if none."""
    if code == "expression":
        state = getattr(finding, "reason", "") or "ok"   # teeth, open, smile, parted: set by the check
    elif code == "eyes_open" and getattr(finding, "value", None) is None:
        state = "unjudged"
    else:
        state = "ok" if severity == "ok" else "fail" if severity == "fail" else "warn"
    texts = {
        ("eyes_open", "ok"): translate("Messages", "Eyes open"),
        ("eyes_open", "warn"): translate("Messages", "The eyes look narrowed or closed: open them wide"),
        ("eyes_open", "fail"): translate("Messages", "The eyes look closed"),
        ("eyes_open", "unjudged"): translate("Messages", "Eyes not judged: the head is turned too far"),
        ("red_eye", "ok"): translate("Messages", "No red eye"),
        ("red_eye", "fail"): translate("Messages", "Red eye: retake without a direct flash"),
        ("eyes_visible", "ok"): translate("Messages", "Eyes clear of hair"),
        ("eyes_visible", "warn"): translate("Messages", "Hair may cover an eye: move the hair off the eyes"),
        ("mouth_closed", "ok"): translate("Messages", "Mouth closed"),
        ("mouth_closed", "warn"): translate("Messages", "Lips apart: close the mouth"),
        ("mouth_closed", "fail"): translate("Messages", "Mouth open: close the mouth"),
        ("expression", "ok"): translate("Messages", "Neutral expression"),
        ("expression", "smile"): translate("Messages", "A slight smile: keep a neutral face"),
        ("expression", "teeth"): translate("Messages", "Smiling with teeth showing: keep a neutral face"),
        ("expression", "open"): translate("Messages", "Mouth wide open (laughing or talking): keep a neutral face"),
        ("expression", "parted"): translate("Messages", "Lips apart and the face not at rest: keep a neutral face, mouth closed"),
        ("glasses", "ok"): translate("Messages", "No glasses seen"),
        ("glasses", "warn"): translate("Messages", "Glasses worn: allowed only with clear lenses and no glare; "
                                                   "take glasses off if you can"),
        ("glasses", "fail"): translate("Messages", "Glasses are not allowed for this photo: take them off"),
        ("tinted_lenses", "ok"): translate("Messages", "Lenses clear"),
        ("tinted_lenses", "fail"): translate("Messages", "Dark, tinted or mirrored lenses hide the eyes: take glasses off"),
        ("glasses_glare", "ok"): translate("Messages", "No glare on the lenses"),
        ("glasses_glare", "warn"): translate("Messages", "Reflections on the lenses: tilt the glasses or move the light"),
        ("glasses_glare", "fail"): translate("Messages", "Strong glare on the lenses hides the eyes: take glasses off"),
        ("head_covering", "ok"): translate("Messages", "No head covering seen"),
        ("head_covering", "warn"): translate("Messages", "Head covering: take it off unless it is worn for religious "
                                                         "or medical reasons"),
        ("shadows", "ok"): translate("Messages", "Face evenly lit"),
        ("shadows", "warn"): translate("Messages", "Shadows on one side of the face: light it evenly from the front"),
        ("shadows", "fail"): translate("Messages", "Strong shadows on one side of the face: light it evenly from the front"),
    }
    return texts.get((code, state), "")


def _sentence(code: str, ok: bool, finding: Any) -> str:
    """Findings without a number worth showing."""
    sentences = {
        ("background_evenness", True): translate("Messages", "Original background is even"),
        ("background_evenness", False): translate(
            "Messages", "Original background is uneven: check the cut-out edges, or re-shoot against a plain white "
            "or off-white wall"),
        ("background_texture", True): translate("Messages", "Original background is plain"),
        ("background_texture", False): translate(
            "Messages", "Original background is busy: check the cut-out edges, or re-shoot against a plain white "
            "or off-white wall"),
        ("background_colour", True): translate("Messages", "Background colour is allowed by this template"),
        ("background_colour", False): translate("Messages", "This template expects another background colour"),
        ("exposure", False): translate("Messages", "Face exposure cannot be judged"),
        ("background_colour", "colour"): translate(
            "Messages", "This background colour is not allowed for this template: choose one of its colours"),
        ("background_colour", "colour_white"): translate(
            "Messages", "This template needs a white background: choose White"),
        ("background_colour", "original"): translate(
            "Messages", "The original background is not a colour this template allows: choose one of its colours, "
            "or re-shoot against a plain wall of that colour"),
        ("background_colour", "original_white"): translate(
            "Messages", "The original background is not white: choose White to replace it, or re-shoot against a "
            "plain white or off-white wall"),
        ("background_colour", "replaced"): translate(
            "Messages", "Background replaced with white: accepted; next time shoot against a plain white or "
            "off-white wall"),
        ("background_extended", True): translate("Messages", "Background extended past the photo's edge"),
        ("hair_cut", True): translate("Messages", "The hair stays inside the photo"),
        ("hair_cut", False): translate("Messages", "The hair touches the top edge: zoom out or move the photo down"),
        ("background_colour", "altered"): translate(
            "Messages", "This authority forbids altered photos: keep the original background"),
    }
    reason = getattr(finding, "reason", "")
    if code == "cutout":
        return cutout_sentence(reason)
    if code == "hair_cut" and reason == "past_photo" and not ok:
        return translate("Messages", "The hair runs past the photo's top edge: use a photo with more space above the head")
    if code == "background_colour" and (code, reason) in sentences:
        return sentences[(code, reason)]
    face = face_sentence(code, str(getattr(finding, "severity", "ok")), finding)
    return sentences.get((code, ok)) or face or str(getattr(finding, "message_en", code))


def cutout_sentence(reason: str) -> str:
    """What the self-inspection found wrong with the product's own cut-out (render/inspection.py)."""
    texts = {
        "core": translate("Messages", "The cut-out shows the background through the face, neck or chest: make "
                                      "the photo again, or use another photo"),
        "island": translate("Messages", "Something not joined to the person is in the photo (an object, another "
                                        "person's hand, a scrap of the old background): make the photo again "
                                        "without it, or use another photo"),
        "ghost": translate("Messages", "A patch of the old background stays beside the head or shoulders: make "
                                       "the photo again, or use a photo against a plain wall"),
        "frame": translate("Messages", "A half-transparent piece of an object from the old background stays beside "
                                       "the person: make the photo again, or use a photo against a plain wall"),
        "held": translate("Messages", "Something is held in front of the chest: take it away and take the photo again"),
    }
    return texts.get(reason, texts["core"])


def _num(value: Any, digits: int = 1) -> str:
    if isinstance(value, float):
        text = f"{value:.{digits}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text
    return str(value)


def _unit(unit: str | None) -> str:
    """The unit after a number, joined by a no-break space: a wrapped line never starts with a lone 'mm'."""
    return {"mm": "\u00a0" + translate("Messages", "mm"), "deg": "°", "px": "\u00a0" + translate("Messages", "px"),
            "x": "×", "%": "%"}.get(unit or "", "")


def body_sentence(reason: str, value: float) -> str:
    """What was painted in past the photo's edge: below the chin line, at the sides, or plain."""
    texts = {
        "": translate("Messages", "Shoulders continued past the photo's edge: %1 mm below the chin line were painted in"),
        "sides": translate("Messages", "Shoulders continued past the photo's edge: %1 mm at the sides were painted in"),
        "plain": translate("Messages", "Shoulders continued past the photo's edge: %1 mm were painted in a plain "
                                       "garment shade (the photo shows too little clothing to copy)"),
    }
    return texts.get(reason, texts[""]).replace("%1", _num(value))


def allowed_text(allowed: Any, unit: str | None) -> str:
    """'32–36 mm', '±3°', 'at most 1.5×' or 'at least 90 px'."""
    u = _unit(unit)
    if not isinstance(allowed, (tuple, list)) or len(allowed) != 2:
        return ""
    lo, hi = allowed
    if lo is None and hi is None:
        return ""
    if lo is None:
        return translate("Messages", "at most %1").replace("%1", f"{_num(hi)}{u}")
    if hi is None:
        return translate("Messages", "at least %1").replace("%1", f"{_num(lo)}{u}")
    if lo == -hi:
        return f"±{_num(hi)}{u}"
    return f"{_num(lo)}–{_num(hi)}{u}"


def garment_sentence(finding: Any) -> str:
    """The clothing replaced with a garment (its name in the window's language), or refused by the rule."""
    from ...core.body.garments import GarmentError, find, studio_folder
    from .names import record_name

    gid = str(getattr(finding, "reason", ""))
    if gid == "not_allowed":
        return translate("Messages", "Clothing not replaced: this document allows no such change")
    if gid == "missing":
        return translate("Messages", "Clothing not replaced: that garment is not in the garment folder any more")
    try:
        name = record_name(find(gid, studio_folder()))
    except GarmentError:
        name = gid
    return translate("Messages", "Clothing replaced with %1").replace("%1", name)


def look_sentence(finding: Any) -> str:
    """What light, colour and retouch did to the photo, with the amount (an info finding)."""
    value = float(getattr(finding, "value", 0.0) or 0.0)
    reason = str(getattr(finding, "reason", ""))
    if finding.code == "light":
        text = translate("Messages", "Light and colour corrected (exposure %1 EV); the checks judge the "
                                     "corrected photo")
        if reason == "auto_unsure":
            text = translate("Messages", "Light and colour corrected (exposure %1 EV), but the colour cues "
                                         "disagreed: check the colour and set the warmth by hand if it is off")
        if reason == "auto_clipped":
            text = translate("Messages", "Light and colour corrected (exposure %1 EV), but much of the "
                                         "background is blown out and its colour lost: check the colour and set "
                                         "the warmth by hand if it is off")
        return text.replace("%1", f"{value:+.2f}")
    found = re.search(r"(\d+) spots? removed", str(getattr(finding, "message_en", "")))
    n = int(found[1]) if found else 0          # the count core said (retouch/apply.spots)
    texts = {
        "free": translate("Messages", "Retouched at strength %1: skin smoothed (freckles and fine marks fade "
                                      "with it), %n spot(s) removed, under-eyes lightened; nothing reshaped", "", n),
        "blemishes_only": translate("Messages", "Retouched at strength %1: %n spot(s) removed only; this "
                                                "document allows no skin smoothing", "", n),
        "not_allowed": translate("Messages", "Retouch not applied: this document allows only light and colour "
                                             "changes"),
        "no_face": translate("Messages", "Retouch not applied: the face's landmarks were not found"),
    }
    return plural(texts.get(reason, texts["free"]), n).replace("%1", f"{value:.0f}")


def finding_text(finding: Any) -> str:
    """'Head height 31.2 mm, needs 32–36 mm' from a Finding(code, severity, value, allowed, unit, message_en)."""
    code = str(getattr(finding, "code", ""))
    if code in ("light", "retouch") and getattr(finding, "severity", "") == "info":
        return look_sentence(finding)
    if code == "garment":
        return garment_sentence(finding)
    severity = str(getattr(finding, "severity", "ok"))
    if severity == "not_judged":
        return not_judged_text(code)
    ok = severity in ("ok", "info")
    label, value = finding_label(code), getattr(finding, "value", None)
    if code == "body_extended" and isinstance(value, (int, float)):
        reason = getattr(finding, "reason", "")
        done = body_sentence(reason, value)
        todo = {"retake": translate("Messages", "this document allows no invented clothing: retake with more room "
                                                "below the chin"),
                "dress": translate("Messages", "put on a garment (Clothing), or shoot with more room below the chin")
                }.get(reason) or advice(code, value)
        return done if ok else f"{done}{translate('Messages', ': ')}{todo}"
    if not label or not isinstance(value, (int, float)):
        return _sentence(code, ok, finding)
    unit = getattr(finding, "unit", "")
    if code == "exposure":
        shown = f"{_num(value)}/255"
        allowed = allowed_text(getattr(finding, "allowed", None), "")
    else:
        digits = 2 if unit == "x" else 0 if code in ("eye_distance", "sharpness") else 1
        shown = f"{_num(abs(value) if code in ('centre', 'roll', 'yaw', 'pitch', 'gaze') else value, digits)}{_unit(unit)}"
        allowed = allowed_text(getattr(finding, "allowed", None), unit)
    text = f"{label} {shown}"
    if allowed:
        fmt = translate("Messages", " (%1)") if ok else translate("Messages", ", needs %1")
        text += fmt.replace("%1", allowed)
    todo = "" if ok else past_photo_advice() if getattr(finding, "reason", "") == "past_photo" else advice(code, value)
    colon = translate("Messages", ": ")
    return f"{text}{colon}{todo}" if todo else text


def past_photo_advice() -> str:
    """The crown or hair runs on past the photo's own top edge: no crop can help, another photo can."""
    return translate("Messages", "the hair runs past the photo's top edge, so use a photo with more space above the head")


def advice(code: str, value: float) -> str:
    """What to do about a measured finding that is not ok (which way to turn or move), '' if nothing to say."""
    if code == "yaw":
        return (translate("Messages", "turn your face to your right, towards the camera") if value > 0 else
                translate("Messages", "turn your face to your left, towards the camera"))
    if code == "pitch":
        return (translate("Messages", "lower your chin a little") if value > 0 else
                translate("Messages", "raise your chin a little"))
    texts = {
        "roll": translate("Messages", "hold the head level"),
        "gaze": translate("Messages", "look straight into the lens"),
        "head_height": translate("Messages", "zoom the crop, or use a photo with more room around the head"),
        "eye_line": translate("Messages", "move the crop up or down"),
        "crown_margin": translate("Messages", "move the crop so the whole head is inside"),
        "centre": translate("Messages", "move the crop sideways"),
        "eye_distance": translate("Messages", "use a larger photo"),
        "resolution": translate("Messages", "use a sharper or larger photo"),
        "exposure": translate("Messages", "light the face evenly, neither too dark nor too bright"),
        "lighting": translate("Messages", "light both sides of the face evenly"),
        "sharpness": translate("Messages", "hold the camera still and focus on the eyes"),
        "head_cut": translate("Messages", "use a photo with more space around the head"),
        "body_extended": translate("Messages", "shoot with more room below the chin"),
        "no_room": translate("Messages", "choose a background colour, or use a photo with more space"),
        "pair_height": translate("Messages", "the taller one lean in, the shorter one sit up"),
        "pair_gap": translate("Messages", "sit a little apart"),
        "neighbour": translate("Messages", "check the edge, or stand further apart"),
    }
    return texts.get(code, "")


def not_judged_text(code: str) -> str:
    """'Eyes not judged: ...' for a check that could not be made (a turned head, a face cut by the edge)."""
    names = {
        "eyes_open": translate("Messages", "Eyes"), "red_eye": translate("Messages", "Red eye"),
        "eyes_visible": translate("Messages", "Hair over the eyes"), "gaze": translate("Messages", "Gaze"),
        "mouth_closed": translate("Messages", "Mouth"), "expression": translate("Messages", "Expression"),
        "head_covering": translate("Messages", "Head covering"), "pitch": translate("Messages", "Head tilt up or down"),
        "glasses": translate("Messages", "Glasses"), "tinted_lenses": translate("Messages", "Lenses"),
        "glasses_glare": translate("Messages", "Glare on glasses"), "shadows": translate("Messages", "Shadows"),
        "exposure": translate("Messages", "Face brightness"), "lighting": translate("Messages", "Lighting"),
        "sharpness": translate("Messages", "Sharpness"),
    }
    return translate("Messages", "%1 not judged: the head is turned too far, or the face is cut by the photo's "
                     "edge").replace("%1", names.get(code, code))
