"""Shared fixtures: headless Qt, redirected settings, real test photographs."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

import idphoto_gui  # noqa: F401  (first: telemetry off before any test imports onnxruntime)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The user's own settings folder (user templates) must not change test results.
os.environ.setdefault("IDPHOTO_SETTINGS_DIR", str(Path(__file__).resolve().parent / "artifacts" / "settings"))
# The window's disk cache of analyses goes to a throwaway folder, never the user's cache folder.
os.environ.setdefault("IDPHOTO_CACHE_DIR", tempfile.mkdtemp(prefix="idphoto-test-cache-"))

DATA = Path(__file__).resolve().parent / "data"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SHARED_PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "photos"

# Frontal portraits that every face/crop test may use.
PORTRAITS = ("woman_white_wall.jpg", "man_suit.jpg", "woman_grey_bg.jpg", "man_glasses.jpg",
             "curly_young_man.jpg", "astronaut.png", "child.png")


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """Folder of the committed test photographs."""
    return DATA


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Folder where tests save screenshots and outputs for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def app_settings(tmp_path):
    """The window's preferences in tmp_path/idphoto.conf, never the user's (the one settings fixture)."""
    from idphoto_gui.qt.common.settings import AppSettings
    from idphoto_gui.qt.common.settings_file import PlainSettings

    return AppSettings(PlainSettings(tmp_path / "idphoto.conf"))


@pytest.fixture(scope="session")
def head_cut_photo(tmp_path_factory) -> Path:
    """man_suit.jpg with its left side cut off through the head: no crop can avoid cutting the head."""
    import numpy as np
    from PIL import Image

    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.analysis.pipeline import analyse

    a = analyse(load_image(DATA / "man_suit.jpg"))
    x0 = int(a.face.eye_mid[0] - 0.9 * a.face.eye_distance)
    path = tmp_path_factory.mktemp("head_cut") / "head_cut.jpg"
    Image.fromarray(np.ascontiguousarray(a.image.rgb[:, x0:])).save(path, quality=95)
    return path
