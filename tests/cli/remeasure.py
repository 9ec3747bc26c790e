"""Re-measuring a finished file: the truth a saved photo is held to (shared by the make and people tests)."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.geometry import placement
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.measure import Measurements, measure


def remeasure(path: Path, template) -> Measurements:
    """Head height and eye line measured on the finished file itself."""
    analysis = analyse(load_image(path))
    assert analysis.face is not None, f"no face found again in {path.name}"
    with Image.open(path) as im:
        w, h = im.size
    whole = placement.Crop((w - 1) / 2, (h - 1) / 2, w, h, 0.0)
    return measure(analysis.face, analysis.matte.alpha, whole, template)
