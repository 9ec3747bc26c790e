"""Shared fixtures: headless Qt, redirected settings, real test photographs."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import idphoto_gui  # noqa: F401  (first: telemetry off before any test imports onnxruntime)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The user's own settings folder (user templates) must not change test results.
os.environ.setdefault("IDPHOTO_SETTINGS_DIR", str(Path(__file__).resolve().parent / "artifacts" / "settings"))

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
