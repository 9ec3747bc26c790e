"""The matting interface every model module implements."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np


@dataclass(frozen=True)
class Matte:
    """Alpha and estimated foreground colours at the working image's resolution."""

    alpha: np.ndarray       # (H, W) float32 in [0, 1]
    foreground: np.ndarray  # (H, W, 3) uint8, the subject's colours with the old background removed
    model_id: str

    @property
    def nbytes(self) -> int:
        """Memory held, for the byte-bounded cache."""
        return int(self.alpha.nbytes + self.foreground.nbytes)


class Matter(Protocol):
    """A matting model: `predict` gives the raw alpha; `matte` adds refinement and foreground."""

    model_id: str

    def predict(self, rgb: np.ndarray) -> np.ndarray:
        """Raw alpha (H, W) float32 in [0, 1] exactly as the network gives it, resized to the input."""
        ...

    def matte(self, rgb: np.ndarray, people: tuple[tuple[float, float, float, float], ...] = (),
              keep: np.ndarray | None = None) -> Matte:
        """Production matte: alpha (refined where it pays) + estimated foreground colours; `people` are the
        face boxes (x, y, w, h) found on rgb, which a model may use to leave far background out; `keep` (bool,
        rgb's size) is where no refinement pass may lower the network's alpha (the people's cores)."""
        ...
