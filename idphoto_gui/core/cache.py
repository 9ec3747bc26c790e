"""A thread-safe LRU cache bounded in bytes, keyed by content, model and processing version."""
from __future__ import annotations
