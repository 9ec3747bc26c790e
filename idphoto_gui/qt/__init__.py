"""The Qt layer: the only package that imports PySide6; a thin shell over idphoto_gui.core."""
from __future__ import annotations

import ctypes
import sys

# PySide6 6.12 ships abi3 wheels built for immortal singletons (PEP 683, Python 3.12+): on Python 3.11
# every void Qt call returns None, and every signal emit returns a bool, WITHOUT the new reference, so
# the interpreter dies with "none_dealloc"/"bool_dealloc" after some thousands of calls (measured: -1
# on None per QPainter.save(), per QWidget.update(), per QModelIndex.data() that returns nothing).
# Until the app requires Python >= 3.12, give the three singletons a reference count so large that no
# session can ever exhaust it. They are never freed anyway; this only stops the false alarm.
_HEADROOM = 1 << 60


def _immortalise_singletons() -> None:
    """Python < 3.12 only: lift the refcounts of None, True and False far out of reach."""
    if sys.version_info >= (3, 12) or not hasattr(sys, "getrefcount"):
        return
    for obj in (None, True, False):
        refcnt = ctypes.c_ssize_t.from_address(id(obj))
        if refcnt.value < _HEADROOM // 2:
            refcnt.value += _HEADROOM


_immortalise_singletons()
