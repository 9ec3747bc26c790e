"""One place that finds bundled files, from source and from a PyInstaller build alike."""
from __future__ import annotations

import os
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


MODELS_ENV = "IDPHOTO_MODELS_DIR"       # overrides the models folder (tests of a damaged model file)


def models_dir() -> Path:
    """Bundled model files and their manifest (or the folder named by $IDPHOTO_MODELS_DIR)."""
    override = os.environ.get(MODELS_ENV)
    return Path(override) if override else app_root() / "models"


SETTINGS_ENV = "IDPHOTO_SETTINGS_DIR"   # overrides the settings folder (tests, portable installs)
USER_TEMPLATES = "templates.json"


def settings_dir() -> Path:
    """The user's settings folder: %APPDATA%\\idphoto, ~/Library/Application Support/idphoto, or
    $XDG_CONFIG_HOME/idphoto (~/.config/idphoto, beside the window's idphoto.conf)."""
    override = os.environ.get(SETTINGS_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "idphoto"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "idphoto"
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "idphoto"


def user_templates_file() -> Path:
    """Where the user's own templates live (same format as resources/templates.json); may not exist."""
    return settings_dir() / USER_TEMPLATES


CACHE_ENV = "IDPHOTO_CACHE_DIR"   # overrides the cache folder (tests, portable installs)


def cache_dir() -> Path:
    """The user's cache folder (safe to delete): %LOCALAPPDATA%\\idphoto\\cache, ~/Library/Caches/idphoto,
    or $XDG_CACHE_HOME/idphoto (~/.cache/idphoto)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
        return Path(base) / "idphoto" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "idphoto"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "idphoto"
