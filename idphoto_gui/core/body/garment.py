"""One garment: its description, anchors and pixels (the catalogue that lists them is garments.py)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

KINDS = ("men", "women", "children")
NONE = "none"            # no garment: the person's own clothing


class GarmentError(ValueError):
    """A garment id that is not known, or a garment file that cannot be used."""


@dataclass(frozen=True)
class Garment:
    """One garment's description and anchors (its pixels are loaded once, by `pixels`)."""

    id: str
    name_en: str
    name_zh: str
    kind: str
    licence: str
    path: Path
    neck_centre: tuple[float, float]
    collar_inner: tuple[tuple[float, float], tuple[float, float]]
    shoulder_width: float
    source: str = ""

    @property
    def neck_half(self) -> float:
        """Half the distance between the collar's inner points (the neck's half-width the collar fits)."""
        (lx, _), (rx, _) = self.collar_inner
        return abs(rx - lx) / 2

    def pixels(self) -> np.ndarray:
        """The picture, RGBA uint8 (cached per file)."""
        return _pixels(str(self.path))

    def as_dict(self) -> dict:
        """What `idphoto garments --json` lists."""
        return {"id": self.id, "name_en": self.name_en, "name_zh": self.name_zh, "kind": self.kind,
                "licence": self.licence, "source": self.source}


@lru_cache(maxsize=16)
def _pixels(path: str) -> np.ndarray:
    img = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        raise GarmentError(f"{path}: not an RGBA PNG (a garment needs its transparent neck opening)")
    return cv2.cvtColor(img, cv2.COLOR_BGRA2RGBA)
