"""Findings and errors read as plain sentences with numbers."""
from __future__ import annotations

from dataclasses import dataclass

from idphoto_gui.qt import messages


@dataclass
class F:
    code: str
    severity: str
    value: float | None
    allowed: tuple | None
    unit: str
    message_en: str = "english"


def test_head_height_out_of_range_names_numbers():
    assert messages.finding_text(F("head_height", "warn", 31.2, (32.0, 36.0), "mm")) == \
        "Head height 31.2 mm, needs 32–36 mm"


def test_symmetric_ranges_and_degrees():
    assert messages.finding_text(F("roll", "ok", -1.5, (-5.0, 5.0), "deg")) == "Head tilt 1.5° (±5°)"
    assert messages.finding_text(F("eye_distance", "ok", 70.0, (60, None), "px")) == \
        "Distance between the eyes 70 px (at least 60 px)"


def test_sentences_without_numbers_and_unknown_codes():
    assert "allowed" in messages.finding_text(F("background_colour", "ok", None, None, ""))
    assert messages.finding_text(F("new_check", "warn", None, None, "", "Core says so")) == "Core says so"


def test_every_error_code_has_a_title_and_hint():
    for code in ("unreadable", "unsupported", "too_large", "model", "no_face", "multiple_faces",
                 "not_frontal", "template", "crop", "export", "cancelled"):
        assert messages.error_title(code) != messages.error_title("??")
        assert messages.error_hint(code)
