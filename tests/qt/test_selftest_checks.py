"""The frozen build's own checks, run here unfrozen: every module imports, every Qt plugin the app needs loads."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from idphoto_gui import selftest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import build  # noqa: E402  (build/build.py: the source tree's module list)


def test_import_all_imports_every_module_of_the_source_tree():
    assert selftest.import_all() == build.source_modules()


def test_plugins_check_loads_the_camera_backend_and_the_printers(qapp):
    loaded = selftest.plugins_check()
    assert any(name.startswith("multimedia/") for name in loaded)
    assert any(name.startswith("printsupport/") for name in loaded)


def test_plugins_check_names_a_plugin_that_cannot_load(qapp, tmp_path):
    (tmp_path / "multimedia").mkdir()
    (tmp_path / "multimedia" / "libbroken.so").write_bytes(b"\x7fELF not really")
    with pytest.raises(RuntimeError, match="multimedia/libbroken.so does not load"):
        selftest.plugins_check(tmp_path)


def test_plugins_check_refuses_a_tree_without_a_camera_backend(qapp, tmp_path):
    with pytest.raises(RuntimeError, match="no Qt Multimedia backend"):
        selftest.plugins_check(tmp_path)
