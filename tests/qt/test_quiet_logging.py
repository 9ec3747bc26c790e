"""Qt Multimedia's own log lines are off unless --verbose; the GUI's --watch and --verbose options parse."""
from __future__ import annotations

from PySide6.QtCore import QLoggingCategory

from idphoto_gui.qt.app import parse_args, quiet_qt_logging


def test_multimedia_lines_quiet_unless_verbose(qapp):
    try:
        quiet_qt_logging(verbose=False)
        for name in ("qt.multimedia", "qt.multimedia.ffmpeg", "qt.multimedia.ffmpeg.libsymbolsresolver"):
            cat = QLoggingCategory(name)
            assert not cat.isWarningEnabled() and not cat.isInfoEnabled(), name
        assert QLoggingCategory("qt.core").isWarningEnabled()
        quiet_qt_logging(verbose=True)
        assert QLoggingCategory("qt.multimedia.ffmpeg").isWarningEnabled()
    finally:
        quiet_qt_logging(verbose=False)


def test_gui_options():
    args = parse_args(["--watch", "/srv/tether", "-v", "a.jpg"])
    assert args.watch == "/srv/tether" and args.verbose and args.photos == ["a.jpg"]
