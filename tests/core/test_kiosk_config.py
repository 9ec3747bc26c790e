"""kiosk.json schema, the PIN hash, the counters and the print gate (Qt-free)."""
from __future__ import annotations

import json

import pytest

from idphoto_gui.core.kiosk import kiosk_config as kc

from idphoto_gui.core.kiosk import pin as kpin
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
    cfg = kc.counted(kc.KioskConfig(count=True, pin=kpin.hash_pin("4321")), "customers")
    kc.save_config(cfg, path)
    again = kc.load_config(path, known_templates=load_templates())
    assert again == cfg and again.counters == {"customers": 1}
    assert sorted(p.name for p in path.parent.iterdir()) == ["kiosk.json"]   # atomic: no temp file left


def test_bad_values_are_refused_and_unknown_documents_dropped():
    known = load_templates()
    cfg = kc.from_dict({"documents": ["cn-1inch", "no-such-doc"], "copies": [4, 0]}, known_templates=known)
    assert cfg.documents == ("cn-1inch",) and cfg.copies == (4, kc.FULL_SHEET)
    for bad in ({"timeout_s": 0}, {"copies": ["4"]}, {"language": "fr"}, {"dpi": True}):
        with pytest.raises(kc.KioskConfigError):
            kc.from_dict(bad)
    assert kc.from_dict({"pin": {"x": 1}}).pin is None   # an unsound PIN block: no PIN (the operator is told)


def test_pin_is_salted_and_checked():
    a, b = kpin.hash_pin("2468"), kpin.hash_pin("2468")
    assert a.salt != b.salt and a.hash != b.hash and "2468" not in json.dumps(a.__dict__)
    assert kpin.check_pin("2468", a) and kpin.check_pin("2468", b)
    assert not kpin.check_pin("2469", a) and not kpin.check_pin("", a) and not kpin.check_pin("2468", None)
    for bad in ("123", "123456789", "12a4"):
        with pytest.raises(ValueError):
            kpin.hash_pin(bad)


def test_only_fail_findings_block_printing_and_colours_follow_the_template():
    f = [Finding("yaw", "warn", 9.0, (-5, 5), "deg"), Finding("subject_cut", "fail", 1.7, None, "mm"),
         Finding("roll", "ok", 0.0, (-5, 5), "deg")]
    assert [x.code for x in kc.print_blockers(f)] == ["subject_cut"]
    assert kc.print_blockers(f[:1]) == ()
    cn, b = get_template("cn-1inch"), Background.parse
    assert [c.hex for c in template_colours(cn)] == ["#FFFFFF", "#438EDB", "#FF0000"]
    assert kc.offered_colours(cn, kc.KioskConfig()) == template_colours(cn)
    assert kc.offered_colours(cn, kc.KioskConfig(colours=(b("#438EDB"), b("#00FF00")))) == (b("#438EDB"),)
    assert kc.offered_colours(cn, kc.KioskConfig(colours=(b("#00FF00"),))) == (b("white"),)   # never empty


# ---- every invalid file: a message naming the key and the type, never a traceback ----------------------
@pytest.mark.parametrize("content, says", [
    ("{not json", "not valid JSON"),
    ("", "is empty"),
    ("   \n", "is empty"),
    ("[1, 2]", "must be a JSON object"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"language": "fr"}', '"language" must be "en" or "zh_CN", not "fr"'),
    ('{"language": 5}', '"language" must be text'),
    ('{"dpi": "300"}', '"dpi" must be a whole number from 150 to 1200, not "300"'),
    ('{"dpi": NaN}', "not valid JSON"),
    ('{"dpi": 1e400}', '"dpi" must be a whole number'),
    ('{"timeout_s": 2.5}', '"timeout_s" must be a whole number'),
    ('{"copies": 4}', '"copies" must be a list of whole numbers'),
    ('{"copies": [4, "8"]}', '"copies[1]" must be a whole number'),
    ('{"documents": "cn-1inch"}', '"documents" must be a list of text'),
    ('{"documents": [{"a": 1}]}', '"documents" must be a list of text'),
    ('{"count": "yes"}', '"count" must be true or false'),
    ('{"counters": [1]}', '"counters" must be an object of whole numbers'),
    ('{"counters": {"prints": -1}}', '"counters.prints" must be a whole number'),
    ('{"paper": {"deep": [[[[]]]]}}', '"paper" must be text (a JSON string), not an object'),
])
def test_an_invalid_file_names_the_key_and_the_type(tmp_path, content, says):
    path = tmp_path / "kiosk.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(kc.KioskConfigError) as info:
        kc.load_config(path)
    assert says in str(info.value) and str(path) in str(info.value)


def test_binary_and_huge_files_are_refused(tmp_path):
    path = tmp_path / "kiosk.json"
    path.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(kc.KioskConfigError, match="not UTF-8"):
        kc.load_config(path)
    path.write_text('{"printer": "' + "x" * 1_100_000 + '"}', encoding="utf-8")
    with pytest.raises(kc.KioskConfigError, match="larger than"):
        kc.load_config(path)


# ---- the PIN block: sound parameters only; anything else = no PIN, never an exception ---------------
GOOD = kpin.hash_pin("2468")


@pytest.mark.parametrize("change, why", [
    ({"salt": "zz" * 16}, "hexadecimal"),
    ({"salt": "ab"}, "hexadecimal"),
    ({"hash": GOOD.hash[:-2]}, "hexadecimal"),
    ({"n": 3}, "power of two"),
    ({"n": 2}, "power of two"),
    ({"n": 2 ** 30}, "power of two"),
    ({"n": "16384"}, "power of two"),
    ({"n": 16384.0}, "power of two"),
    ({"r": 1}, "r and p"),
    ({"p": 2}, "r and p"),
    ({"algo": "md5"}, "algorithm"),
    ({"extra": 1}, "unknown keys"),
])
def test_an_unsound_pin_block_means_no_pin(tmp_path, change, why):
    block = {**GOOD.__dict__, **change}
    path = tmp_path / "kiosk.json"
    path.write_text(json.dumps({"pin": block}), encoding="utf-8")
    cfg = kc.load_config(path)
    assert cfg.pin is None and not cfg.has_pin and why in cfg.pin_problem
    # a PinHash built from the same values (bypassing the loader) is refused by check_pin, never raises
    if "extra" not in change:
        assert kpin.check_pin("2468", kpin.PinHash(**block)) is False


def test_a_sound_pin_block_loads_and_checks(tmp_path):
    path = tmp_path / "kiosk.json"
    path.write_text(json.dumps({"pin": {**GOOD.__dict__, "n": 2 ** 15}}), encoding="utf-8")
    cfg = kc.load_config(path)
    assert cfg.pin is not None and cfg.pin_problem == "" and cfg.pin.n == 2 ** 15
    path.write_text(json.dumps({"pin": GOOD.__dict__}), encoding="utf-8")
    cfg = kc.load_config(path)
    assert cfg.pin == GOOD and kpin.check_pin("2468", cfg.pin) and not kpin.check_pin("2469", cfg.pin)
    assert "pin_problem" not in kc.to_dict(cfg)
def test_light_and_retouch_are_off_by_default_and_never_retouch_a_passport(tmp_path):
    assert kc.KioskConfig().auto_light is False and kc.KioskConfig().retouch == 0
    assert kc.look_for(kc.KioskConfig(), "free").is_plain
    cfg = kc.from_dict({"auto_light": True, "retouch": 30})
    path = tmp_path / "kiosk.json"
    kc.save_config(cfg, path)
    assert kc.load_config(path) == cfg
    assert kc.look_for(cfg, "free").retouch == 30 and kc.look_for(cfg, "free").light == "auto"
    assert kc.look_for(cfg, "none").retouch == 0 and kc.look_for(cfg, "none").light == "auto"
    for bad in ({"retouch": 101}, {"retouch": -1}, {"auto_light": "yes"}):
        with pytest.raises(kc.KioskConfigError):
            kc.from_dict(bad)


def test_an_unreadable_kiosk_json_says_what_to_do(tmp_path):
    import pickle

    path = tmp_path / "kiosk.json"
    for data in (pickle.dumps({"dpi": 300}), b"{", b""):
        path.write_bytes(data)
        with pytest.raises(kc.KioskConfigError) as info:
            kc.load_config(path)
        assert str(info.value).endswith("delete it to start with the defaults, or write a JSON object { ... } "
                                        "(docs/kiosk.md)"), str(info.value)


def test_the_operators_garment_dresses_only_documents_that_allow_it(tmp_path):
    cfg = kc.from_dict({"garment": "men-suit-tie"})
    assert kc.look_for(cfg, "free").garment == "men-suit-tie"
    assert kc.look_for(cfg, "none").garment == "none" and kc.look_for(cfg, "light").garment == "none"
    assert kc.KioskConfig().garment == "none"
