"""Portrait matting: one interface, one module per model."""
from __future__ import annotations

from .base import Matte, Matter, get_matter, available_models

__all__ = ["Matte", "Matter", "get_matter", "available_models"]
