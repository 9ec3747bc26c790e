"""Settings persistence, language resolution and the application entry point."""
from __future__ import annotations

from PySide6.QtCore import QLocale, QTimer

from idphoto_gui.qt import app as app_module
from idphoto_gui.qt.common.i18n import resolve, translations
from idphoto_gui.qt.common.settings import AppSettings
from idphoto_gui.qt.common.settings_file import PlainSettings
from idphoto_gui.core.templates.colours import Background


def test_settings_round_trip_in_a_temp_file(tmp_path, app_settings):
    s = app_settings
    s.template_id, s.background, s.language, s.export_dir = "us-passport", Background.parse("#FFFFFF"), "zh_CN", str(tmp_path)
    s.add_recent_colour(Background.parse("#123456"))
    s.add_recent_colour(Background.parse("#abcdef"))
    s.add_recent_colour(Background.parse("#123456"))
    s.sync()
    again = AppSettings(PlainSettings(tmp_path / "idphoto.conf"))
    assert (again.template_id, again.background.hex, again.language) == ("us-passport", "#FFFFFF", "zh_CN")
    assert [c.hex for c in again.recent_colours] == ["#123456", "#ABCDEF"]
    assert again.export_dir == str(tmp_path)


def test_language_follows_the_system_unless_chosen():
    assert resolve("system", QLocale(QLocale.Language.Chinese, QLocale.Country.China)) == "zh_CN"
    assert resolve("system", QLocale(QLocale.Language.German)) == "en"
    assert resolve("en", QLocale(QLocale.Language.Chinese)) == "en"


def test_chinese_translation_file_loads(qapp):
    try:
        assert translations.apply("zh_CN") == "zh_CN"
        assert qapp.translate("MainUi", "Template") == "模板"
        assert qapp.translate("CompliancePanel", "Check %n item(s) before printing", "", 2) == "打印前请检查 2 项"
    finally:
        translations.apply("en")
    assert qapp.translate("MainUi", "Template") == "Template"


def test_parse_args_kiosk_and_photos():
    args = app_module.parse_args(["--kiosk", "a.jpg", "--lang", "en"])
    assert args.kiosk and args.photos == ["a.jpg"] and args.lang == "en"


def test_main_starts_and_quits(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("IDPHOTO_SETTINGS_DIR", str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: (QTimer.singleShot(0, qapp.quit), 0)[1])
    assert app_module.main(["idphoto-gui", "--no-warm-up", "--lang", "en"]) == 0
    windows = [w for w in qapp.topLevelWidgets() if w.objectName() == "mainWindow"]
    assert windows and windows[-1].windowTitle().startswith("idphoto")
    for w in windows:
        w.close()
    assert (tmp_path / "idphoto.conf").is_file(), "settings went to the redirected folder, not the user's"
