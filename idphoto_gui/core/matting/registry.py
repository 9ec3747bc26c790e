"""Which matting models exist and the one shared matter per model (sessions load lazily, once)."""
from __future__ import annotations

import threading

from ..errors import ModelError
from .base import Matter


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
