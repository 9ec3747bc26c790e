"""Whole-window fixtures: styled app, settings in tmp_path, helpers to wait for analysis and save screenshots."""
from __future__ import annotations

import pytest

from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow


@pytest.fixture(autouse=True)
def quit_without_asking(monkeypatch):
    """Closing a window in a test never waits on the "quit without printing?" question (tests that want it
    patch OrderHooks.ask_quit themselves)."""
    from idphoto_gui.qt.window.order_hooks import OrderHooks

    monkeypatch.setattr(OrderHooks, "ask_quit", lambda self: True)


@pytest.fixture
def window(qtbot, qapp, app_settings):
    """The main window in English at a fixed size."""
    apply_style(qapp, kiosk=False)
    translations.apply("en")
    w = MainWindow(app_settings)
    qtbot.addWidget(w)
    w.resize(1360, 860)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.controller.workers.shutdown()
    translations.apply("en")
