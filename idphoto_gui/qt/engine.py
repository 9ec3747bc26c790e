"""Qt-free catalogue and model calls the window's jobs use (templates, papers, load, analyse); no rendering."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..core.imaging.imageio import PHOTO_SUFFIXES

if TYPE_CHECKING:
    from ..core.imaging.imageio import LoadedImage
    from ..core.analysis.pipeline import Analysis
    from ..core.sheets.sheet import Paper
    from ..core.templates.specs import Template

log = logging.getLogger(__name__)



def collect_images(paths: list[str]) -> list[str]:
    """Files as given plus image files inside given folders (sorted, not recursive beyond one level)."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(str(c) for c in path.iterdir() if c.suffix.lower() in PHOTO_SUFFIXES and c.is_file())
        else:
            out.append(str(path))
    return list(dict.fromkeys(out))


class Engine:
    """Data lookups for the widgets and the heavy calls its workers make; renders go through core.session."""

    def __init__(self) -> None:
        self._templates: dict[str, "Template"] | None = None

    # ---- data -------------------------------------------------------------------------------------
    def templates(self) -> dict[str, "Template"]:
        """All templates by id (built-in + user file), loaded once."""
        if self._templates is None:
            from ..core.templates.specs import load_templates

            self._templates = load_templates()
        return self._templates

    def template(self, template_id: str) -> "Template":
        """One template; falls back to the first one for an id that no longer exists."""
        t = self.templates()
        return t.get(template_id) or next(iter(t.values()))

    def papers(self) -> list["Paper"]:
        """Print papers in file order."""
        from ..core.sheets.sheet import load_papers

        return list(load_papers().values())

    def colour_presets(self) -> list[tuple[str, str, str]]:
        """(hex, English name, Chinese name) of the named backgrounds."""
        from ..core.templates.colours import presets

        return [(c.hex, c.name_en, c.name_zh) for c in presets()]

    def models(self) -> tuple[str, ...]:
        """Matting model ids, default first."""
        from ..core.matting import available_models

        return tuple(available_models())

    # ---- heavy work (workers only) -----------------------------------------------------------------
    def load(self, path: str) -> "LoadedImage":
        """Decode a file to a LoadedImage."""
        from ..core.imaging.imageio import load_image

        return load_image(path)

    def from_array(self, rgb: np.ndarray) -> "LoadedImage":
        """Wrap decoded pixels (clipboard, camera)."""
        from ..core.imaging.imageio import from_array

        return from_array(rgb)

    def analyse(self, image: "LoadedImage", *, model_id: str, face_index: int | None = None) -> "Analysis":
        """Faces + matte (cached); a face problem is reported in `.face_error`, not raised."""
        from ..core.analysis.pipeline import analyse

        return analyse(image, model_id=model_id, face_index=face_index)

    def warm_up(self, model_id: str) -> None:
        """Load sessions so the first photo is not slower than the rest."""
        from ..core.analysis.pipeline import warm_up

        warm_up(model_id)

    def model_runs(self) -> int:
        """Model runs so far (matting + face detection): proves an edit ran no model."""
        from ..core.analysis.pipeline import stats

        s = stats()
        return int(s.matte_runs + s.face_runs)


def default_name(source: str | None, template_id: str, suffix: str) -> str:
    """'<photo>_<template>.jpg' for the save dialog."""
    stem = Path(source).stem if source else "photo"
    return f"{stem}_{template_id}{suffix}"

