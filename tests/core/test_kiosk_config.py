"""kiosk.json schema, the PIN hash, the counters and the print gate (Qt-free)."""
from __future__ import annotations

import json

import pytest

from idphoto_gui.core.kiosk import kiosk_config as kc
from idphoto_gui.core.render.compliance import Finding
from idphoto_gui.core.templates.specs import load_templates
from idphoto_gui.core.templates.colours import Background, template_colours
from idphoto_gui.core.templates.specs import get_template


def test_defaults_round_trip_and_counters_only_when_counting(tmp_path):
    path = tmp_path / "cfg" / "kiosk.json"
    assert kc.load_config(path) == kc.KioskConfig()           # first start: defaults, nothing written
    assert not path.exists()
    cfg = kc.counted(kc.counted(kc.KioskConfig(), "prints"), "prints")
    kc.save_config(cfg, path)
    assert json.loads(path.read_text())["counters"] == {}     # counting is off: no counts on disk
    cfg = kc.counted(kc.KioskConfig(count=True, pin=kc.hash_pin("4321")), "customers")
    kc.save_config(cfg, path)
    again = kc.load_config(path, known_templates=load_templates())
    assert again == cfg and again.counters == {"customers": 1}
    assert sorted(p.name for p in path.parent.iterdir()) == ["kiosk.json"]   # atomic: no temp file left


def test_bad_values_are_refused_and_unknown_documents_dropped():
    known = load_templates()
    cfg = kc.from_dict({"documents": ["cn-1inch", "no-such-doc"], "copies": [4, 0]}, known_templates=known)
    assert cfg.documents == ("cn-1inch",) and cfg.copies == (4, kc.FULL_SHEET)
    for bad in ({"timeout_s": 0}, {"copies": ["4"]}, {"language": "fr"}, {"dpi": True}, {"pin": {"x": 1}}):
        with pytest.raises(kc.KioskConfigError):
            kc.from_dict(bad)


def test_pin_is_salted_and_checked():
    a, b = kc.hash_pin("2468"), kc.hash_pin("2468")
    assert a.salt != b.salt and a.hash != b.hash and "2468" not in json.dumps(a.__dict__)
    assert kc.check_pin("2468", a) and kc.check_pin("2468", b)
    assert not kc.check_pin("2469", a) and not kc.check_pin("", a) and not kc.check_pin("2468", None)
    for bad in ("123", "123456789", "12a4"):
        with pytest.raises(ValueError):
            kc.hash_pin(bad)


def test_only_fail_findings_block_printing_and_colours_follow_the_template():
    f = [Finding("yaw", "warn", 9.0, (-5, 5), "deg", ""), Finding("subject_cut", "fail", 1.7, None, "mm", ""),
         Finding("roll", "ok", 0.0, (-5, 5), "deg", "")]
    assert [x.code for x in kc.print_blockers(f)] == ["subject_cut"]
    assert kc.print_blockers(f[:1]) == ()
    cn, b = get_template("cn-1inch"), Background.parse
    assert [c.hex for c in template_colours(cn)] == ["#FFFFFF", "#438EDB", "#FF0000"]
    assert kc.offered_colours(cn, kc.KioskConfig()) == template_colours(cn)
    assert kc.offered_colours(cn, kc.KioskConfig(colours=(b("#438EDB"), b("#00FF00")))) == (b("#438EDB"),)
    assert kc.offered_colours(cn, kc.KioskConfig(colours=(b("#00FF00"),))) == (b("white"),)   # never empty
