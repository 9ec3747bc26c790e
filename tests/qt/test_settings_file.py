"""The preferences file holds plain values only: a pickled value never runs, a bad value falls back to the
default, a file that does not parse is set aside (kept) and the window says so."""
from __future__ import annotations

import logging
import subprocess
import sys
import textwrap

import pytest

from idphoto_gui.qt.common.settings import AppSettings, settings_file
from idphoto_gui.qt.common.settings_file import PlainSettings

# Writes a real QSettings INI whose window/geometry is a pickled object that touches a marker file
# when unpickled: what the old settings.py (QSettings + bytes(...)) decoded at every start.
MAKE_PAYLOAD = textwrap.dedent("""
    import os, sys
    from PySide6.QtCore import QSettings

    class Payload:
        def __reduce__(self):
            return (os.system, ("touch " + sys.argv[2],))

    s = QSettings(sys.argv[1], QSettings.Format.IniFormat)
    s.setValue("photo/template", "us-passport")
    s.setValue("window/geometry", Payload())
    s.sync()
""")
OLD_READ = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QSettings
    QSettings(sys.argv[1], QSettings.Format.IniFormat).value("window/geometry")
""")


def _run(code: str, *args) -> None:
    subprocess.run([sys.executable, "-c", code, *map(str, args)], check=True, timeout=60,
                   env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})


@pytest.fixture
def payload_file(tmp_path):
    """(idphoto.conf with a live pickle payload, the marker it would touch)."""
    conf, marker = tmp_path / "idphoto.conf", tmp_path / "marker"
    _run(MAKE_PAYLOAD, conf, marker)
    assert "@Variant(" in conf.read_text(encoding="latin-1") and not marker.exists()
    return conf, marker


def test_the_payload_is_live_under_qsettings(payload_file):
    """Control: decoding the value the old way (QSettings.value) does run the command."""
    conf, marker = payload_file
    _run(OLD_READ, conf)
    assert marker.exists()


def test_a_pickled_value_never_runs(payload_file, caplog):
    conf, marker = payload_file
    with caplog.at_level(logging.WARNING):
        s = AppSettings(PlainSettings(conf))
        assert s.geometry() is None
    assert s.template_id == "us-passport"          # the plain values of the same file are kept
    assert not marker.exists()
    assert "window/geometry" in caplog.text


def test_the_app_starts_with_a_pickled_value_and_never_runs_it(payload_file, qapp, monkeypatch):
    from PySide6.QtCore import QTimer

    from idphoto_gui.qt import app as app_module

    conf, marker = payload_file
    monkeypatch.setenv("IDPHOTO_SETTINGS_DIR", str(conf.parent))
    assert settings_file() == conf
    monkeypatch.setattr(qapp, "exec", lambda: (QTimer.singleShot(0, qapp.quit), 0)[1])
    assert app_module.main(["idphoto-gui", "--no-warm-up", "--lang", "en"]) == 0
    for w in [w for w in qapp.topLevelWidgets() if w.objectName() == "mainWindow"]:
        w.close()
    assert not marker.exists()
    text = conf.read_text(encoding="utf-8")
    assert "@Variant" not in text and "PyObjectWrapper" not in text   # rewritten with plain values only


@pytest.mark.parametrize("raw", ["hello", "@ByteArray(\\x1\\xd9\\xd0\\xcb)", "AdnQywADAAAAAA", "[1, [2]]",
                                 "NaN", "\"" + "A" * 5000 + "\""])
def test_a_bad_geometry_falls_back_to_the_default(tmp_path, raw, caplog):
    conf = tmp_path / "idphoto.conf"
    conf.write_text(f"[window]\ngeometry={raw}\n\n[photo]\ntemplate=us-passport\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        s = AppSettings(PlainSettings(conf))
        assert s.geometry() is None
    assert s.template_id == "us-passport"
    assert "geometry" in caplog.text


def test_bad_values_fall_back_to_their_defaults(tmp_path):
    conf = tmp_path / "idphoto.conf"
    conf.write_text("[sheet]\ncopies=1e999\n[photo]\ntemplate=[\"a\"]\nrecent_colours=@Variant(x)\n"
                    "[view]\nguides=[true]\n", encoding="utf-8")
    s = AppSettings(PlainSettings(conf))
    assert (s.copies, s.template_id, s.recent_colours, s.head_bands) == (0, "cn-1inch", [], True)


def test_geometry_round_trips_as_base64_text(tmp_path, qapp):
    from PySide6.QtWidgets import QWidget

    w = QWidget()
    w.setGeometry(40, 50, 420, 310)
    conf = tmp_path / "idphoto.conf"
    s = AppSettings(PlainSettings(conf))
    s.set_geometry(bytes(w.saveGeometry()))
    s.head_bands = False
    s.copies = 4
    s.sync()
    text = conf.read_text(encoding="utf-8")
    assert "geometry=\"" in text and "@" not in text
    assert not list(tmp_path.glob("*.part"))       # written through a temporary file, then replaced
    again = AppSettings(PlainSettings(conf))
    assert again.geometry() == bytes(w.saveGeometry())
    assert (again.head_bands, again.copies) == (False, 4)
    other = QWidget()
    assert other.restoreGeometry(again.geometry())
    assert other.geometry().size() == w.geometry().size()


def test_only_plain_values_can_be_stored(tmp_path):
    s = PlainSettings(tmp_path / "idphoto.conf")
    with pytest.raises(TypeError):
        s.setValue("window/geometry", b"\x01\x02")
    with pytest.raises(TypeError):
        s.setValue("x", object())


@pytest.mark.parametrize("content", [b"geometry=hello\n", b"\xff\xfe\x00garbage\x00",
                                     b"[photo\ntemplate=x\n"])
def test_a_file_that_does_not_parse_is_set_aside_not_deleted(tmp_path, content, caplog):
    conf = tmp_path / "idphoto.conf"
    conf.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        store = PlainSettings(conf)
    kept = list(tmp_path.glob("idphoto.conf.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and store.set_aside == kept[0]
    assert not conf.exists() and str(kept[0]) in store.notice and "moved aside" in caplog.text
    s = AppSettings(store)
    assert s.template_id == "cn-1inch" and s.geometry() is None
    s.sync()
    assert kept[0].read_bytes() == content        # the next save writes a fresh file beside it


def test_the_window_says_the_file_was_set_aside(tmp_path, qapp, artifacts_dir):
    from idphoto_gui.qt.window.main_window import MainWindow

    conf = tmp_path / "idphoto.conf"
    conf.write_bytes(b"\x80\x04\x95 not an ini file")
    window = MainWindow(AppSettings(PlainSettings(conf)))
    try:
        window.resize(1200, 760)
        window.show()
        qapp.processEvents()
        banner = window.ui.banner
        assert banner.isVisible() and banner.kind == "warning"
        assert "could not be read" in banner.title.text()
        assert "idphoto.conf.bad-" in banner.text.text()
        window.grab().save(str(artifacts_dir / "settings_set_aside.png"))
    finally:
        window.close()


def test_kiosk_memory_settings_never_touch_a_file(tmp_path, monkeypatch):
    from idphoto_gui.qt.kiosk.base import MemorySettings

    monkeypatch.chdir(tmp_path)
    s = MemorySettings({"camera/mirror": "true"})
    s.setValue("camera/timer", "false")
    s.sync()
    assert s.value("camera/mirror") == "true" and s.fileName() == "" and not list(tmp_path.iterdir())


def test_the_set_aside_notice_in_chinese(tmp_path, qapp):
    from idphoto_gui.qt.common.i18n import translations
    from idphoto_gui.qt.window.main_window import MainWindow

    conf = tmp_path / "idphoto.conf"
    conf.write_bytes(b"no section header")
    try:
        translations.apply("zh_CN")
        window = MainWindow(AppSettings(PlainSettings(conf)))
        banner = window.ui.banner
        assert banner.title.text() == "无法读取偏好设置文件" and "idphoto.conf.bad-" in banner.text.text()
        assert "默认偏好设置" in banner.text.text()
        window.close()
    finally:
        translations.apply("en")


def test_no_qsettings_object_is_made_anywhere():
    """Constructing a QSettings reads (and on value() decodes) the user's file: the app never makes one."""
    import re
    from pathlib import Path

    import idphoto_gui

    root = Path(idphoto_gui.__file__).parent
    found = [f"{p.relative_to(root)}:{i}" for p in root.rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bQSettings\s*\(", line) and not line.lstrip().startswith("#")]
    assert found == []
