"""A finding's words live in one table per language: every front end says a real photo's findings from it."""
from __future__ import annotations

import json
import re
import string

import pytest

from idphoto_gui.core.render import words
from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.errors import CropError
from idphoto_gui.core.findings import Finding
from idphoto_gui.core.geometry import placement as g
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.paths import resources_dir
from idphoto_gui.core.render.photo import make_photo
from idphoto_gui.core.render.report import finding_dict
from idphoto_gui.core.templates.specs import get_template

CJK = re.compile(r"[\u4e00-\u9fff]")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_tables_hold_the_same_keys_and_values_and_the_chinese_is_chinese():
    en, zh = (json.loads((resources_dir() / "words" / f"{lang}.json").read_text("utf-8")) for lang in words.LANGUAGES)
    assert en.keys() == zh.keys()
    for key, text in en.items():
        assert _fields(text) == _fields(zh[key]), key
        if not key.startswith("_") and key not in ("colon", "shortfall.join", "range.ok"):
            assert CJK.search(zh[key]) and not CJK.search(text), key


def test_a_real_photos_findings_read_from_the_table_in_both_languages(data_dir):
    """The CLI's and API's `message` is the table's English; the window's Chinese is Chinese; nothing is blank."""
    result = make_photo(analyse(load_image(data_dir / "man_glasses.jpg")), get_template("cn-passport"))
    assert len(result.findings) > 10
    for f in result.findings:
        en, zh = words.person_text(f, "en"), words.person_text(f, "zh_CN")
        assert en and en != f.code and finding_dict(f)["message"] == en
        assert CJK.search(zh) and zh != en, (f, zh)
        if f.severity in ("warn", "fail"):   # every finding that is not ok says what to do
            assert ": " in en and "：" in zh, en


def test_values_fill_the_sentence_and_spots_are_counted():
    f = Finding("head_height", "fail", 31.96, (32.0, 36.0), "mm")
    assert words.finding_text(f) == ("Head height 31.96\u00a0mm, needs 32–36\u00a0mm: zoom the crop, or use a photo "
                                     "with more room around the head")   # a fail never reads as inside the range
    assert words.finding_text(f, "zh_CN").startswith("头部高度 31.96\u00a0毫米")
    one = Finding("retouch", "info", 40.0, None, "", "blemishes_only", count=1)
    three = Finding("retouch", "info", 40.0, None, "", "blemishes_only", count=3)
    assert "1 spot removed" in words.person_text(one) and "3 spots removed" in words.person_text(three)
    assert "3 处斑点" in words.finding_text(three, "zh_CN")
    faces = Finding("faces", "fail", 3.0, (None, 1.0), "", count=3)
    assert words.person_text(faces).startswith("3 faces in the photo") and "3 张脸" in words.finding_text(faces, "zh_CN")


def test_a_cut_head_raises_a_crop_error_with_its_typed_shortfall(head_cut_photo):
    a = analyse(load_image(head_cut_photo))
    t = get_template("cn-passport")
    with pytest.raises(CropError) as info:
        g.auto_crop(a.face, a.matte.alpha, t)
    err = info.value
    assert err.plan is not None and err.plan.mode == "head_cut" and not err.no_room
    assert err.crop == err.plan.crop and err.shortfall == err.plan.shortfall and err.shortfall.left > 0
    assert words.shortfall_text(err).startswith("The photo ends through the head:")
    assert "mm at the left" in words.shortfall_text(err) and "左侧" in words.shortfall_text(err, "zh_CN")
    bare = CropError("chin and crown coincide")
    assert bare.shortfall is None and words.shortfall_text(bare) == words.error_hint("crop")
