"""The matting interface every model module implements."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ..errors import ModelError


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

    def matte(self, rgb: np.ndarray) -> Matte:
        """Production matte: alpha (refined where it pays) + estimated foreground colours."""
        ...


def available_models() -> tuple[str, ...]:
    """Matting model ids the user can choose, default first."""
    return ("rvm", "u2netp")


def get_matter(model_id: str = "rvm") -> Matter:
    """The shared matter for a model id (sessions are created lazily, once)."""
    with _lock:
        matter = _matters.get(model_id)
        if matter is None:
            matter = _build(model_id)
            _matters[model_id] = matter
        return matter


_matters: dict[str, Matter] = {}
_lock = threading.Lock()


def _build(model_id: str) -> Matter:
    """A new matter for a known id; an unknown id is a ModelError naming the known ones."""
    if model_id == "rvm":
        from .rvm import RvmMatter

        return RvmMatter()
    if model_id == "u2netp":
        from .u2netp import U2netpMatter

        return U2netpMatter()
    raise ModelError(f"Unknown matting model '{model_id}'. Known: {', '.join(available_models())}")
