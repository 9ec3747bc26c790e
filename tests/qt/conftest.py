"""Qt-layer fixtures: settings in a temporary INI file, never the user's."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from idphoto_gui.qt.settings import AppSettings


@pytest.fixture
def app_settings(tmp_path) -> AppSettings:
    """Preferences stored in tmp_path/settings.ini."""
    return AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
