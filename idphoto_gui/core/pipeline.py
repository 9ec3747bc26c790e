"""image -> Analysis (face, landmarks, matte, foreground), cached; safe from a worker thread."""
from __future__ import annotations

from dataclasses import dataclass

from .faces import Face
from .imageio import LoadedImage
from .matting import Matte

PROCESSING_VERSION = 1


@dataclass(frozen=True)
class Analysis:
    """Everything the model stages produce for one photo; layout and render need nothing else."""

    image: LoadedImage
    face: Face | None          # the chosen face (None only when faces is empty)
    faces: tuple[Face, ...]    # every face found, best first
    matte: Matte
    model_id: str


def analyse(image: LoadedImage, *, model_id: str = "rvm", face_index: int | None = None) -> Analysis:
    """Analyse a loaded image (cached by pixels + model + version)."""
    raise NotImplementedError
