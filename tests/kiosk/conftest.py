"""Kiosk fixtures: a styled kiosk window on a file-backed camera, HOME and TMPDIR in tmp_path, PDF printing."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from idphoto_gui.core.kiosk import kiosk_config as kc

from idphoto_gui.core.kiosk import pin as kpin
from idphoto_gui.qt.common import camera as cam
from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations

from kiosk_helpers import PIN


class Rig:
    """The pieces a kiosk test drives: window, frames the 'camera' shows, folders."""

    def __init__(self, tmp: Path, data: Path) -> None:
        self.home, self.tmp, self.prints = tmp / "home", tmp / "tmp", tmp / "prints"
        for d in (self.home, self.tmp, self.prints):
            d.mkdir()
        self.config_path = self.home / ".config" / "idphoto" / "kiosk.json"
        self.frames = [data / "man_suit.jpg"]
        self.sources: list[cam.FileFrameSource] = []
        self.window = None

    def source(self, _settings) -> cam.FileFrameSource:
        src = cam.FileFrameSource(list(self.frames), fps=12)
        self.sources.append(src)
        return src


@pytest.fixture
def rig(tmp_path, data_dir, monkeypatch):
    r = Rig(tmp_path, data_dir)
    monkeypatch.setenv("HOME", str(r.home))
    monkeypatch.setenv("TMPDIR", str(r.tmp))
    monkeypatch.setattr(tempfile, "tempdir", str(r.tmp))
    return r


@pytest.fixture
def make_kiosk(qtbot, qapp, rig):
    """make_kiosk(**config) -> a shown KioskWindow with a PIN set and PDF output (language en)."""
    from idphoto_gui.qt.kiosk import KioskWindow

    apply_style(qapp, kiosk=True)
    made = []

    def make(size=(1920, 1080), **overrides):
        cfg = kc.KioskConfig(**{"pin": kpin.hash_pin(PIN), "pdf_folder": str(rig.prints), "language": "en",
                                **overrides})
        kc.save_config(cfg, rig.config_path)
        w = KioskWindow(rig.config_path, source_factory=rig.source)
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        rig.window = w
        return w

    yield make
    for w in made:
        w.quit_kiosk()
    translations.apply("en")
