"""One place that finds bundled files, from source and from a PyInstaller build alike."""
from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """Folder holding `resources/` and `models/` (the bundle dir when frozen)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def resources_dir() -> Path:
    """Bundled data files: templates, papers, colours, translations, icons."""
    return app_root() / "resources"


def models_dir() -> Path:
    """Bundled model files and their manifest."""
    return app_root() / "models"
