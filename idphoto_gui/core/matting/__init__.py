"""Portrait matting: one interface, one module per model."""
from __future__ import annotations

from .base import Matte, Matter
from .registry import available_models, get_matter

__all__ = ["Matte", "Matter", "get_matter", "available_models"]
