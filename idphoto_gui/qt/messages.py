"""Turns the core's error codes and compliance findings into translated, plain-worded sentences."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

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
        "cancelled": translate("Messages", "Analysis cancelled"),
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
        "cancelled": translate("Messages", "Click Analyse to try again."),
    }
    return hints.get(code, translate("Messages", "Nothing was lost; you can carry on."))


def code_of(exc: BaseException | None) -> str:
    """The stable code of a core error, 'error' for anything else."""
    return str(getattr(exc, "code", "error")) if exc is not None else "error"


def finding_label(code: str) -> str:
    """Name of a measured quantity, as a sentence start."""
    labels = {
        "head_height": translate("Messages", "Head"),
        "head_too_small": translate("Messages", "Head"),
        "head_too_large": translate("Messages", "Head"),
        "eye_line": translate("Messages", "Eye line"),
        "eye_height": translate("Messages", "Eye line"),
        "crown_margin": translate("Messages", "Space above head"),
        "top_margin": translate("Messages", "Space above head"),
        "tilt": translate("Messages", "Head tilt"),
        "roll": translate("Messages", "Head tilt"),
        "yaw": translate("Messages", "Face turned"),
        "eye_distance": translate("Messages", "Distance between eyes"),
        "resolution": translate("Messages", "Resolution"),
        "centre": translate("Messages", "Face off centre"),
        "center": translate("Messages", "Face off centre"),
        "background": translate("Messages", "Background colour"),
        "background_colour": translate("Messages", "Background colour"),
        "file_size": translate("Messages", "File size"),
        "crop_outside": translate("Messages", "Crop reaches past the photo edge"),
        "outside": translate("Messages", "Crop reaches past the photo edge"),
    }
    return labels.get(code, "")


def _num(value: Any) -> str:
    if isinstance(value, (int, float)):
        return f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
    return str(value)


def _unit(unit: str | None) -> str:
    return {"mm": translate("Messages", "mm"), "deg": "°", "px": translate("Messages", "px"),
            "kb": "KB", "KB": "KB", "%": "%"}.get(unit or "", unit or "")


def allowed_text(allowed: Any, unit: str | None) -> str:
    """'32–36 mm', 'at most 5°', or the raw value."""
    u = _unit(unit)
    sep = "" if u in ("°", "%") else " "
    if isinstance(allowed, (tuple, list)) and len(allowed) == 2:
        lo, hi = allowed
        if lo is None:
            return translate("Messages", "at most %1").replace("%1", f"{_num(hi)}{sep}{u}")
        if hi is None:
            return translate("Messages", "at least %1").replace("%1", f"{_num(lo)}{sep}{u}")
        return f"{_num(lo)}–{_num(hi)}{sep}{u}"
    if isinstance(allowed, (int, float)):
        return translate("Messages", "at most %1").replace("%1", f"{_num(allowed)}{sep}{u}")
    return str(allowed) if allowed is not None else ""


def finding_text(finding: Any) -> str:
    """'Head 31.2 mm, needs 32–36 mm' from a Finding(code, severity, value, allowed, unit, message_en)."""
    code = str(getattr(finding, "code", ""))
    label = finding_label(code)
    value = getattr(finding, "value", None)
    unit = getattr(finding, "unit", None)
    if not label or value is None or isinstance(value, (str, tuple)):
        return label or str(getattr(finding, "message_en", code))
    u = _unit(unit)
    sep = "" if u in ("°", "%") else " "
    text = f"{label} {_num(value)}{sep}{u}"
    allowed = getattr(finding, "allowed", None)
    if allowed is not None and getattr(finding, "severity", "ok") != "ok":
        text += translate("Messages", ", needs %1").replace("%1", allowed_text(allowed, unit))
    elif allowed is not None:
        text += translate("Messages", " (allowed %1)").replace("%1", allowed_text(allowed, unit))
    return text
