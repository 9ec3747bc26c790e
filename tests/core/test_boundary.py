"""The core and the CLI never load Qt."""
import subprocess
import sys


def test_core_and_cli_import_no_pyside6():
    code = ("import sys, importlib, pkgutil, idphoto_gui.core as c, idphoto_gui.cli as cli\n"
            "for m in pkgutil.walk_packages(c.__path__, 'idphoto_gui.core.'): importlib.import_module(m.name)\n"
            "cli.build_parser()\n"
            "bad = [m for m in sys.modules if m.startswith('PySide6')]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)
