"""`main.py --selftest`: the bundled sample photo headless end to end; non-zero exit on any failure.

Used by the frozen-build smoke test: it proves models, resources and every pipeline step are in the
bundle and work, and prints what it did.
"""
from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)


def _say(text: str) -> None:
    """Report progress to stdout when there is one (a windowed Windows build has none) and the log."""
    log.info(text)
    if sys.stdout is not None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


def run(*, template_id: str = "cn-1inch", gui: bool = True) -> None:
    """Analyse, crop, composite, export, lay out a sheet and (optionally) build the window offscreen."""
    from .core.imaging import imageio
    from .core import models
    from .core.render import photo
    from .core.analysis import pipeline
    from .core.sheets import sheet
    from .core.templates import specs
    from .core.templates.colours import Background
    from .core.paths import resources_dir

    started = time.perf_counter()
    for info in models.manifest().values():
        models.verified_bytes(info.id)
    _say(f"models: {len(models.manifest())} files verified by sha256")
    sample = resources_dir() / "sample" / "sample_portrait.jpg"
    image = imageio.load_image(sample)
    _say(f"loaded {sample.name}: {image.rgb.shape[1]}x{image.rgb.shape[0]}")
    analysis = pipeline.analyse(image)
    face = analysis.require_face()
    alpha = analysis.matte.alpha
    _say(f"face: score {face.score:.2f}, eyes {face.eye_distance:.0f} px apart; matte mean {alpha.mean():.2f}")
    template = specs.get_template(template_id)
    result = photo.make_photo(analysis, template, background=Background.parse("blue"))
    m = result.measurements
    _say(f"{template_id}: {result.pixel_size[0]}x{result.pixel_size[1]} px, head {m.head_height_mm:.1f} mm, "
         f"findings {', '.join(f'{f.code}:{f.severity}' for f in result.findings) or 'none'}")
    with tempfile.TemporaryDirectory() as tmp:
        out = photo.save_result(result, Path(tmp) / "photo.jpg")
        _say(f"exported photo: {out.bytes} bytes at {result.dpi} dpi")
        paper = sheet.get_paper("4r")
        rendered = sheet.make_sheet(photos=[sheet.SheetPhoto(result.rgb, template.width_mm, template.height_mm)],
                                    paper_mm=paper.size_mm, dpi=300)
        pdf = sheet.save_sheet(rendered, Path(tmp) / "sheet.pdf")
        _say(f"sheet: {len(rendered.layout.slots)} photos on {paper.id}, PDF {pdf.stat().st_size} bytes")
    if gui:
        _gui_check()
    _say(f"selftest passed in {time.perf_counter() - started:.1f} s")


def import_all() -> list[str]:
    """Import every module of the app (the server's and the kiosk's too); return their names, sorted.

    The frozen build runs this (`--selftest --imports`) and compares the names with the source tree's, so a
    module the bundle left out, or a library one of them needs, fails the build rather than a customer.
    """
    import importlib
    import pkgutil

    import idphoto_gui

    names = ["idphoto_gui"]
    for info in pkgutil.walk_packages(idphoto_gui.__path__, "idphoto_gui."):
        if info.name.endswith(".__main__"):   # `python -m` entry points run on import
            continue
        importlib.import_module(info.name)
        names.append(info.name)
    return sorted(names)


# Qt plugins no window build loads by itself: the camera's backend and the printers (a plugin that cannot
# load leaves the feature silently missing, e.g. a camera list that is always empty).
PLUGIN_FOLDERS = ("multimedia", "printsupport", "imageformats", "iconengines")


def plugins_check(root: Path | None = None) -> list[str]:
    """Load every Qt plugin of PLUGIN_FOLDERS (under Qt's plugin folder); raise naming one that cannot load."""
    from PySide6.QtCore import QLibraryInfo, QPluginLoader

    root = root or Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))
    loaded = []
    for folder in PLUGIN_FOLDERS:
        for plugin in sorted((root / folder).glob("*")):
            if plugin.suffix not in (".so", ".dll", ".dylib"):
                continue
            loader = QPluginLoader(str(plugin))
            if not loader.load():
                raise RuntimeError(f"Qt plugin {folder}/{plugin.name} does not load: {loader.errorString()}")
            loaded.append(f"{folder}/{plugin.stem}")
    if not any(name.startswith("multimedia/") for name in loaded):
        raise RuntimeError(f"no Qt Multimedia backend under {root}: the camera would not work")
    return loaded


def _gui_check() -> None:
    """Build the main window offscreen once: proves Qt, its plugins and translations are bundled."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from .qt.app import create_app
    from .qt.window.main_window import MainWindow
    from .qt.common.settings import AppSettings
    from .qt.common.settings_file import PlainSettings

    app = create_app(["idphoto"])
    loaded = plugins_check()
    _say(f"Qt plugins: {len(loaded)} load ({', '.join(loaded)})")
    with tempfile.TemporaryDirectory() as tmp:
        settings = AppSettings(PlainSettings(Path(tmp) / "selftest.conf"))
        window = MainWindow(settings)
        window.show()
        app.processEvents()
        _say(f"window: {window.width()}x{window.height()} '{window.windowTitle()}'")
        window.close()
        app.processEvents()


def main(argv: list[str] | None = None) -> int:
    """Run the self-test; 0 on success, 1 on any failure (with the reason printed)."""
    ap = argparse.ArgumentParser(prog="idphoto --selftest")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--template", default="cn-1inch")
    ap.add_argument("--no-gui", action="store_true", help="skip building the window")
    ap.add_argument("--imports", action="store_true", help="only import every module; print their names as JSON")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    try:
        if args.imports:
            import json

            _say(json.dumps({"imported": import_all()}))
            return 0
        run(template_id=args.template, gui=not args.no_gui)
    except Exception as exc:  # report every failure as a failed self-test
        log.exception("selftest failed")
        _say(f"SELFTEST FAILED: {type(exc).__name__}: {exc}")
        return 1
    return 0
