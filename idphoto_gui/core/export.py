"""Write photos atomically with dpi, a KB cap by quality then resolution, never over the input."""
from __future__ import annotations
