"""Findings and errors read as plain sentences with numbers."""
from __future__ import annotations

from idphoto_gui.core.findings import Finding
from idphoto_gui.qt.common import messages


def F(code: str, severity: str, value: float | None, allowed: tuple | None, unit: str, reason: str = "",
      person: str = "") -> Finding:
    return Finding(code, severity, value, allowed, unit, reason, person)


P = F


def test_head_height_out_of_range_names_numbers():
    assert messages.finding_text(F("head_height", "warn", 31.2, (32.0, 36.0), "mm")) == \
        "Head height 31.2\u00a0mm, needs 32–36\u00a0mm: zoom the crop, or use a photo with more room around the head"
    assert messages.finding_text(F("yaw", "fail", -19.9, (-10.0, 10.0), "deg")).endswith(
        "turn your face to your left, towards the camera")   # issue 23: which way to turn


def test_symmetric_ranges_and_degrees():
    assert messages.finding_text(F("roll", "ok", -1.5, (-5.0, 5.0), "deg")) == "Head tilt 1.5° (±5°)"
    assert messages.finding_text(F("eye_distance", "ok", 70.0, (60, None), "px")) == \
        "Distance between the eyes 70\u00a0px (at least 60\u00a0px)"


def test_sentences_without_numbers_and_unknown_codes():
    assert "allowed" in messages.finding_text(F("background_colour", "ok", None, None, ""))
    assert messages.finding_text(F("new_check", "warn", None, None, "")) == "new_check"   # never blank


def test_every_error_code_has_a_title_and_hint():
    for code in ("unreadable", "unsupported", "too_large", "model", "no_face", "multiple_faces",
                 "not_frontal", "template", "crop", "export", "cancelled"):
        assert messages.error_title(code) != messages.error_title("??")
        assert messages.error_hint(code)


def test_background_extended_reads_as_plain_words():
    text = messages.finding_text(F("background_extended", "ok", 1.6, None, "mm"))
    assert text == "Background extended past the photo's edge by 1.6\u00a0mm"
    assert messages.finding_text(F("background_extended", "ok", None, None, "")) == \
        "Background extended past the photo's edge"


def test_every_compliance_code_has_a_translated_wording():
    import re
    from pathlib import Path

    import idphoto_gui.core.render.compliance as compliance
    source = Path(compliance.__file__).read_text(encoding="utf-8")
    codes = set(re.findall(r'(?:Finding|_range|_levels|judged)\(\s*"([a-z_]+)"', source))
    assert {"head_height", "background_extended", "sharpness"} <= codes
    for code in codes:
        for severity in ("ok", "warn"):
            text = messages.finding_text(F(code, severity, None, None, ""))
            assert messages.finding_label(code) or text != code, code


def test_plural_resolves_untranslated_english():
    from idphoto_gui.qt.common.i18n import plural
    assert plural("Check 1 item(s) before printing", 1) == "Check 1 item before printing"
    assert plural("3 photo(s) on this sheet", 3) == "3 photos on this sheet"
    assert plural("打印前请检查 2 项", 2) == "打印前请检查 2 项"


def test_a_findings_variant_is_read_from_its_reason_not_its_english():
    from idphoto_gui.core.findings import Finding

    def text(code: str, reason: str) -> str:
        return messages.finding_text(Finding(code, "warn", None, None, "", reason))

    assert text("expression", "teeth") == "Smiling with teeth showing: keep a neutral face"
    assert text("expression", "parted").startswith("Lips apart and the face not at rest")
    assert text("expression", "smile") == "A slight smile: keep a neutral face"
    assert text("background_colour", "altered").startswith("This authority forbids altered photos")


def test_findings_of_a_pair_name_the_person_and_say_what_to_do(qapp):
    from idphoto_gui.qt.common.i18n import translations

    eyes = P("eyes_open", "fail", 0.1, None, "", person="left")
    level = P("pair_height", "warn", 4.3, (None, 2.5), "mm")
    head = P("head_height", "fail", 25.4, (22, 25), "mm", reason="mean")   # the pair's: the two heads' mean
    try:
        assert messages.person_text(eyes) == "Left person: The eyes look closed"
        assert messages.person_text(head).startswith("Mean head height 25.4\u00a0mm, needs 22")
        assert messages.person_text(level).endswith("the taller one lean in, the shorter one sit up")
        assert translations.apply("zh_CN") == "zh_CN"
        assert messages.person_text(eyes).startswith("左边的人：")
        assert "个子高的一方向中间靠一点" in messages.person_text(level)
        assert messages.person_text(head).startswith("两人平均头部高度 25.4")
        assert messages.error_title("pair_needs_two") == "此证件需要你们两人同框"
    finally:
        translations.apply("en")


def test_hair_past_the_photos_top_says_to_use_another_photo(qapp):
    """No crop shows hair that runs past the photo's own top edge: the advice says another photo, both languages."""
    from idphoto_gui.qt.common.i18n import translations

    crown = P("crown_margin", "fail", -0.22, (0.0, None), "mm", reason="past_photo")
    hair = P("hair_cut", "warn", 0.22, None, "mm", reason="past_photo")
    try:
        assert messages.person_text(crown).endswith("so use a photo with more space above the head")
        assert messages.person_text(hair) == ("The hair runs past the photo's top edge: use a photo with more "
                                              "space above the head")
        assert translations.apply("zh_CN") == "zh_CN"
        assert messages.person_text(crown).endswith("请换一张头顶上方留有更多空间的照片")
        assert messages.person_text(hair).startswith("头发超出了照片的上边缘")
    finally:
        translations.apply("en")


def test_garment_and_retake_sentences():
    from idphoto_gui.core.findings import Finding
    from idphoto_gui.qt.kiosk.text import check_sentence

    dressed = Finding("garment", "info", None, None, "", "men-suit-tie")
    assert messages.finding_text(dressed) == "Clothing replaced with Dark suit, white shirt and tie"
    retake = Finding("body_extended", "fail", 12.7, None, "mm", "retake")
    assert "retake with more room below the chin" in messages.finding_text(retake)
    assert "take it again" in check_sentence(retake)
    offer = Finding("body_extended", "warn", 12.7, None, "mm", "dress")
    assert "put on a garment" in messages.finding_text(offer)


def test_cutout_fails_say_what_is_wrong_and_what_to_do():
    """The self-inspection's three fails (issue 36) in plain words, each with what to do."""
    for reason, words in (("core", "background through the face"), ("island", "not joined to the person"),
                          ("ghost", "old background stays beside the head")):
        f = F("cutout", "fail", 0.4, None, "%", reason)
        text = messages.finding_text(f)
        assert words in text and "make the photo again" in text
