"""Templates: the mm->px table, validation that names the broken entry and field, user merge, search."""
from __future__ import annotations

import json

import pytest

from idphoto_gui.core.templates import specs
from idphoto_gui.core.errors import TemplateError
from idphoto_gui.core.templates.specs import get_template, load_template_set, load_templates, mm_to_px


@pytest.mark.parametrize("mm, dpi, px", [
    ((25, 35), 300, (295, 413)), ((22, 32), 300, (260, 378)), ((33, 48), 300, (390, 567)),
    ((35, 49), 300, (413, 579)), ((35, 53), 300, (413, 626)), ((35, 45), 300, (413, 531)),
    ((35, 45), 600, (827, 1063)), ((26, 32), 350, (358, 441)), ((50.8, 50.8), 300, (600, 600)),
    ((50, 70), 300, (591, 827)), ((30, 40), 300, (354, 472)),
])
def test_mm_to_px_table(mm, dpi, px):
    assert (mm_to_px(mm[0], dpi), mm_to_px(mm[1], dpi)) == px


def test_mm_to_px_rounds_half_up():
    assert mm_to_px(25.4 * 2.5 / 300, 300) == 3  # Python's round() would give 2


@pytest.mark.parametrize("tid, px", [("cn-1inch", (295, 413)), ("us-passport", (600, 600)),
                                     ("cn-idcard", (358, 441)), ("icao-35x45", (413, 531)),
                                     ("cn-2inch", (413, 579)), ("fi-passport", (500, 653))])
def test_template_pixel_sizes(tid, px):
    assert get_template(tid).pixel_size() == px


def test_idcard_is_350_dpi_and_600_dpi_recomputes():
    t = get_template("cn-idcard")
    assert t.dpi == 350 and t.pixel_size(350) == (358, 441)
    assert get_template("icao-35x45").pixel_size(600) == (827, 1063)


def test_builtin_set_is_large_valid_and_unique():
    ts = load_templates()
    assert len(ts) >= 40
    for t in ts.values():
        assert t.source and t.confidence in specs.CONFIDENCE
        assert t.head_height_mm[0] <= t.head_height_mm[1] < t.height_mm
        assert all(c.startswith("#") and len(c) == 7 for c in t.backgrounds)
    us = ts["us-visa-ds160"]
    assert us.max_kb == 240 and us.min_px == (600, 600) and us.max_px == (1200, 1200) and us.digital_only


def _entry(**changes):
    base = json.loads((specs.resources_dir() / "templates.json").read_text(encoding="utf-8"))["templates"][0]
    return {**base, "id": "my-photo", **changes}


@pytest.mark.parametrize("field, value", [
    ("width_mm", "35"), ("dpi", 0), ("head_height_mm", [36, 32]), ("head_height_mm", [32, 60]),
    ("eye_line_mm", [22]), ("backgrounds", ["blue"]), ("backgrounds", []), ("confidence", "sure"),
    ("px", [400, 400]), ("use", "selfie"), ("crown_includes_hair", "yes"), ("name_en", ""),
    ("min_kb", 500), ("bogus_field", 1),
])
def test_broken_entry_names_template_and_field(field, value):
    with pytest.raises(TemplateError) as info:
        specs.parse_template(_entry(**{field: value, **({"max_kb": 100} if field == "min_kb" else {})}))
    assert "my-photo" in str(info.value) and field in str(info.value)
    assert info.value.template_id == "my-photo" and info.value.field == field


def test_missing_required_field_is_named():
    entry = _entry()
    del entry["head_height_mm"]
    with pytest.raises(TemplateError, match="head_height_mm"):
        specs.parse_template(entry)


def test_user_file_replaces_adds_and_skips_broken(tmp_path, caplog):
    user = tmp_path / "templates.json"
    user.write_text(json.dumps({"templates": [
        {**_entry(id="cn-1inch", name_en="My 1-inch", head_height_mm=[20, 24]), "replaces": True},
        _entry(id="us-passport", name_en="Not replaced"),
        _entry(id="club-card", name_en="Club card"),
        _entry(id="broken-one", dpi="300"),
    ]}), encoding="utf-8")
    result = load_template_set(user)
    assert result.templates["cn-1inch"].name_en == "My 1-inch"
    assert result.templates["cn-1inch"].head_height_mm == (20.0, 24.0)
    assert result.templates["us-passport"].name_en != "Not replaced"  # built-in id kept without "replaces"
    assert "club-card" in result.templates and "broken-one" not in result.templates
    assert [(p.template_id, p.field) for p in result.problems] == [("us-passport", "id"), ("broken-one", "dpi")]
    assert "broken-one" in caplog.text
    with pytest.raises(TemplateError, match="us-passport"):  # the first problem
        load_templates(user, strict=True)
    assert get_template("cn-1inch").name_en != "My 1-inch"  # built-ins untouched


@pytest.mark.parametrize("text", ["{not json", "[" * 100_000 + "]" * 100_000])
def test_unreadable_user_file_is_a_problem_not_a_crash(tmp_path, text):
    bad = tmp_path / "t.json"
    bad.write_text(text, encoding="utf-8")
    result = load_template_set(bad)
    assert len(result.templates) >= 40 and len(result.problems) == 1


def test_get_template_suggests_close_matches():
    assert get_template("CN_1INCH").id == "cn-1inch"
    with pytest.raises(TemplateError) as info:
        get_template("cn-1inh")
    assert "cn-1inch" in info.value.suggestions and "cn-1inch" in str(info.value)


def test_search_by_id_and_chinese_and_english_names():
    assert specs.search_templates("cn-1inch")[0].id == "cn-1inch"
    assert specs.search_templates("一寸")[0].id == "cn-1inch"
    assert specs.search_templates("1寸")[0].id == "cn-1inch"
    assert {t.id for t in specs.search_templates("护照")} >= {"cn-passport", "jp-passport", "us-passport"}
    assert specs.search_templates("us passport")[0].id == "us-passport"
    assert specs.search_templates("zzzz") == ()


def test_grouping():
    by_country = specs.group_templates(by="country")
    assert "cn-idcard" in {t.id for t in by_country["CN"]}
    by_use = specs.group_templates(by="use")
    assert all(t.use == "exam" for t in by_use["exam"])
    assert sum(len(v) for v in by_use.values()) == len(load_templates())


def test_colours_named_and_valid():
    colours = {c.id: c for c in specs.load_colours()}
    assert colours["blue"].hex == "#438EDB" and colours["white"].hex == "#FFFFFF"
    assert colours["red"].name_zh == "红色"
