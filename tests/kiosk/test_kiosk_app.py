"""`main.py --kiosk --kiosk-config FILE` starts the kiosk window full screen, not the studio window."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from idphoto_gui.qt import app as app_module
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.kiosk import KioskWindow


def test_kiosk_entry_point(qapp, rig, monkeypatch):
    args = app_module.parse_args(["--kiosk", "--kiosk-config", str(rig.config_path)])
    assert args.kiosk and args.kiosk_config == str(rig.config_path)
    shown = []
    monkeypatch.setattr(KioskWindow, "showFullScreen", lambda self: shown.append(self) or self.show())
    monkeypatch.setattr(qapp, "exec", lambda: 0)      # quitting the shared test QApplication stops its timers
    try:
        code = app_module._run_kiosk(qapp, app_module.parse_args(
            ["--kiosk", "--kiosk-config", str(rig.config_path), "--no-warm-up"]))
    finally:
        translations.apply("en")
    assert code == 0 and len(shown) == 1
    w = shown[0]
    assert w.config_path == rig.config_path and w.current() is w.pin      # first start: set the staff PIN
    w.quit_kiosk()
    assert not w.isVisible()
    assert not [t for t in QApplication.topLevelWidgets() if isinstance(t, KioskWindow) and t.isVisible()]
