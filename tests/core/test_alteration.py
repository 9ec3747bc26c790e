"""Every template says what retouching its document allows, and where that rule comes from."""
from __future__ import annotations

import json
import re

import pytest

from idphoto_gui.core.templates import specs
from idphoto_gui.core.errors import TemplateError
from idphoto_gui.core.templates.specs import get_template, load_templates, parse_template


def _raw() -> list[dict]:
    return json.loads((specs.resources_dir() / "templates.json").read_text(encoding="utf-8"))["templates"]


def test_every_builtin_template_names_its_alteration_and_source():
    for entry in _raw():
        assert entry.get("alteration") in specs.ALTERATIONS, entry["id"]
        src = entry.get("alteration_source", "")
        cites = re.search(r"[a-z0-9-]+\.(gov|org|cn|com|app)\b|Doc 9303", src)
        assert len(src) > 20 and (cites or "no rule found" in src or "studio convention" in src), entry["id"]


def test_documents_forbid_retouch_and_studio_sizes_allow_it():
    ts = load_templates(None)
    for t in ts.values():
        if t.use in ("passport", "visa", "id", "licence", "permit"):
            assert t.alteration == "none", t.id
    assert ts["us-passport"].alteration == "none" and "altered" in ts["us-passport"].alteration_source
    assert ts["cn-cet"].alteration == "light"
    assert {ts[i].alteration for i in ("cn-1inch", "cn-resume", "cn-work-card")} == {"free"}


def test_cv_and_work_card_templates_at_studio_sizes():
    cv, card = get_template("cn-resume"), get_template("cn-work-card")
    assert cv.pixel_size() == (295, 413) and card.pixel_size() == (295, 413)
    assert cv.name_zh == "简历照" and card.name_zh == "工作证"
    assert "studio convention" in cv.source and "studio convention" in card.source


def test_user_template_without_alteration_is_treated_as_none():
    base = {k: v for k, v in _raw()[0].items() if not k.startswith("alteration")}
    t = parse_template({**base, "id": "mine"})
    assert t.alteration == "none" and "not given" in t.alteration_source
    with pytest.raises(TemplateError, match="alteration"):
        parse_template({**base, "id": "mine", "alteration": "beautify"})
