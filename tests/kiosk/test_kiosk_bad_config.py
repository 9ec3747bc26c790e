"""An invalid kiosk.json stops the kiosk with exit 2 and one line naming the key; a tampered PIN block
unsets the PIN and the operator is told, the pad never raises."""
from __future__ import annotations

import json

import pytest

from idphoto_gui.core.kiosk import kiosk_config as kc

from idphoto_gui.core.kiosk import pin as kpin
from idphoto_gui.qt import app as app_module
from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.kiosk import KioskWindow

from kiosk_helpers import enter_pin


@pytest.mark.parametrize("content, says", [
    ('{"language": "fr"}', '"language" must be "en" or "zh_CN"'),
    ('{"dpi": "high"}', '"dpi" must be a whole number'),
    ("", "is empty"),
    ("{oops", "not valid JSON"),
    ("[" * 50_000, "nested too deeply"),
])
def test_an_invalid_kiosk_json_exits_2_with_one_line(qapp, rig, monkeypatch, capsys, content, says):
    rig.config_path.parent.mkdir(parents=True)
    rig.config_path.write_text(content, encoding="utf-8")
    monkeypatch.setattr(KioskWindow, "showFullScreen", lambda self: pytest.fail("the kiosk must not start"))
    try:
        code = app_module._run_kiosk(qapp, app_module.parse_args(
            ["--kiosk", "--kiosk-config", str(rig.config_path), "--no-warm-up"]))
    finally:
        translations.apply("en")
    err = capsys.readouterr().err
    assert code == 2 and says in err and str(rig.config_path) in err and "Traceback" not in err


@pytest.mark.parametrize("tamper", [{"salt": "not hex!"}, {"n": 3}, {"n": 2 ** 30}, {"n": "16384"}, {"n": 2, "r": 1}])
def test_a_tampered_pin_is_unset_and_the_operator_told(qtbot, qapp, rig, tamper, artifacts_dir):
    good = kpin.hash_pin("2468")
    rig.config_path.parent.mkdir(parents=True)
    rig.config_path.write_text(json.dumps({"language": "en", "pdf_folder": str(rig.prints),
                                           "pin": {**good.__dict__, **tamper}}), encoding="utf-8")
    apply_style(qapp, kiosk=True)       # as the kiosk looks, like every other kiosk screen
    w = KioskWindow(rig.config_path, source_factory=rig.source)
    qtbot.addWidget(w)
    try:
        w.resize(1920, 1080)           # the kiosk's screen, as in test_kiosk_screens
        w.show()
        qtbot.waitExposed(w)
        assert w.current() is w.pin and w.pin.mode == "set"
        text = w.pin.message.text()
        assert "unset" in text and "Choose a new PIN" in text       # plain words and what to do
        assert not any(word in text for word in ("scrypt", "2^", "salt", "hex", "(")), text
        if tamper == {"n": 3}:
            w.grab().save(str(artifacts_dir / "kiosk_pin_unsound.png"))
            assert (w.width(), w.height()) == (1920, 1080), "the page fits the kiosk's screen"
            translations.apply("zh_CN")
            qtbot.waitUntil(lambda: "已被清除" in w.pin.message.text(), timeout=3000)
            zh = w.pin.message.text()
            assert "请设置新的" in zh and "PIN" not in zh, zh
            w.grab().save(str(artifacts_dir / "kiosk_pin_unsound_zh.png"))
            translations.apply("en")
        enter_pin(w, "1357")        # the pad works: a new PIN, asked twice
        assert w.current() is w.pin and w.pin._note == "again"
        enter_pin(w, "1357")
        saved = kc.load_config(rig.config_path)
        assert w.current() is w.operator and kpin.check_pin("1357", saved.pin) and saved.pin_problem == ""
    finally:
        w.quit_kiosk()
        translations.apply("en")
