"""Application start: QApplication, high-DPI, names, settings, translator, style, main window, kiosk mode."""
from __future__ import annotations

import argparse
import logging
import sys

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication

from .. import __version__
from ..logsetup import setup_logging
from ..core.paths import resources_dir, settings_dir
from .common.i18n import translations
from .common.icons import app_icon
from .common.settings import AppSettings
from .common.workers import keep_gui_thread_snappy

log = logging.getLogger(__name__)

ORG, APP = "idphoto", "idphoto"
KIOSK_CONFIG_EXIT = 2     # kiosk.json invalid: the same code as bad arguments in the exit-code table


def parse_args(argv: list[str]) -> argparse.Namespace:
    """--kiosk/--fullscreen, --lang, and photos to open."""
    p = argparse.ArgumentParser(prog="idphoto-gui", add_help=True)
    p.add_argument("photos", nargs="*", help="photos or folders to open")
    p.add_argument("--kiosk", action="store_true",
                   help="guided, locked-down customer flow for a touch kiosk (staff menu behind a PIN)")
    p.add_argument("--kiosk-config", metavar="FILE", help="kiosk settings (default: kiosk.json in the settings folder)")
    p.add_argument("--fullscreen", action="store_true", help="start full screen")
    p.add_argument("--watch", metavar="DIR", help="watch a folder (the tethered camera's) for new photos")
    p.add_argument("--lang", choices=("system", "en", "zh_CN"), help="interface language (saved)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details, Qt Multimedia's own lines too")
    p.add_argument("--no-warm-up", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


QUIET_QT_RULES = "qt.multimedia*=false"   # the FFmpeg backend's ten start-up lines about VAAPI, devices ...


def quiet_qt_logging(verbose: bool) -> None:
    """Qt Multimedia's own logging off unless --verbose (QT_LOGGING_RULES still wins when set)."""
    from PySide6.QtCore import QLoggingCategory

    QLoggingCategory.setFilterRules("" if verbose else QUIET_QT_RULES)


def stylesheet(kiosk: bool = False) -> str:
    """The app's QSS, plus the kiosk overrides."""
    folder = resources_dir() / "style"
    text = (folder / "light.qss").read_text(encoding="utf-8") if (folder / "light.qss").exists() else ""
    if kiosk and (folder / "kiosk.qss").exists():
        text += "\n" + (folder / "kiosk.qss").read_text(encoding="utf-8")
    return text.replace("%ICONS%", (resources_dir() / "icons").as_posix())


def create_app(argv: list[str]) -> QApplication:
    """The QApplication with names, icon, style and a readable default font (CJK-capable)."""
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    QCoreApplication.setOrganizationName(ORG)
    QCoreApplication.setApplicationName(APP)
    QCoreApplication.setApplicationVersion(__version__)
    keep_gui_thread_snappy()
    app = QApplication.instance() or QApplication(argv)
    app.setWindowIcon(app_icon())
    return app


_base_font: list[QFont] = []


def apply_style(app: QApplication, kiosk: bool) -> None:
    """Fusion + the stylesheet and a readable CJK-capable font (kiosk: larger type and hit targets)."""
    app.setStyle("Fusion")
    if not _base_font:
        _base_font.append(QFont(app.font()))
    font = QFont(_base_font[0])
    font.setFamilies(["Segoe UI", "Microsoft YaHei UI", "PingFang SC", "Noto Sans", "Noto Sans CJK SC",
                      *font.families()])
    font.setPointSizeF(max(font.pointSizeF(), 10.0))
    app.setFont(font)
    if kiosk:
        f = app.font()
        f.setPointSizeF(f.pointSizeF() * 1.25)
        app.setFont(f)
    app.setStyleSheet(stylesheet(kiosk))


def _probe_line(text: str) -> None:
    """--startup-probe: one line on stdout with seconds since main.py started (benchmarks/bench_startup.py)."""
    import time

    started = getattr(sys, "_idphoto_started", None)
    elapsed = time.perf_counter() - started if started is not None else float("nan")
    if sys.stdout is not None:
        sys.stdout.write(f"{text} {elapsed:.2f} s after start\n")
        sys.stdout.flush()


def _report_startup(app: QApplication, window=None, photos: bool = False) -> None:  # noqa: ANN001
    """--startup-probe: report the shown window; with photos, wait for the first analysis too, then quit."""
    _probe_line("window shown")
    if not photos or window is None:
        app.quit()
        return

    def analysed(_key: int) -> None:
        _probe_line("first photo analysed")
        app.quit()

    window.controller.analysed.connect(analysed)


def main(argv: list[str] | None = None) -> int:
    """Run the GUI; returns the exit code."""
    argv = list(sys.argv if argv is None else argv)
    args = parse_args(argv[1:])
    setup_logging(level=logging.DEBUG if args.verbose else logging.INFO)
    quiet_qt_logging(args.verbose)
    app = create_app(argv)
    settings = AppSettings()  # idphoto.conf in the settings folder, plain values only
    if args.lang:
        settings.language = args.lang
    translations.apply(settings.language)
    kiosk = args.kiosk
    apply_style(app, kiosk)
    if kiosk:
        return _run_kiosk(app, args)
    from .window.main_window import MainWindow

    window = MainWindow(settings)
    if args.fullscreen:
        window.showFullScreen()
    else:
        window.show()
    if not args.no_warm_up:
        QTimer.singleShot(0, window.warm_up)
    QTimer.singleShot(0, window.orders.restore_draft)
    if args.watch:
        window.hot_folder.watch(args.watch, apply_current=settings.hot_folder_apply)   # the composer's kept sheet from last time
    if args.photos:
        QTimer.singleShot(0, lambda: window.open_paths(args.photos))
    if args.startup_probe:
        QTimer.singleShot(0, lambda: _report_startup(app, window, bool(args.photos)))
    code = app.exec()
    settings.sync()
    return int(code)


def _run_kiosk(app: QApplication, args: argparse.Namespace) -> int:
    """--kiosk: the guided customer flow, full screen, until the operator quits from the staff menu."""
    from ..core.kiosk.kiosk_config import KioskConfigError
    from .kiosk import KioskWindow

    config = args.kiosk_config or str(settings_dir() / "kiosk.json")
    try:
        window = KioskWindow(config)
    except KioskConfigError as exc:  # a clear line naming the key, exit 2 (bad settings), no traceback
        log.error("kiosk not started: %s", exc)
        if sys.stderr is not None:
            sys.stderr.write(f"idphoto kiosk: error: {exc}\n")
        return KIOSK_CONFIG_EXIT
    window.quit_requested.connect(app.quit)
    window.showFullScreen()
    if not args.no_warm_up:
        QTimer.singleShot(0, window.warm_up)
    if args.startup_probe:      # the kiosk refuses every close but the operator's, so it quits itself
        QTimer.singleShot(0, lambda: (_report_startup(app), window.quit_kiosk()))
    return int(app.exec())
