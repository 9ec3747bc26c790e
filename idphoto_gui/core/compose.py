"""Render the finished photo from the cached matte: F*alpha + B*(1-alpha), at output size only."""
from __future__ import annotations
