"""Kiosk mode: a guided, locked-down, private customer flow with a PIN-gated operator menu (issue 14)."""
from __future__ import annotations

from .window import KioskWindow

__all__ = ["KioskWindow"]
