"""Before Qt starts on Linux: say which packages to install when the xcb platform plugin cannot load.

Qt aborts the process (exit 134) when its platform plugin misses a system library; loading the plugin
with the dynamic loader first turns that into a plain message naming the Debian/Ubuntu package.
No PySide6 import here: this must run before Qt does.
"""
from __future__ import annotations

import ctypes
import os
import re
import sys
from importlib.util import find_spec
from pathlib import Path

# Libraries that Qt's xcb plugin needs (from `ldd libqxcb.so`), by Debian/Ubuntu package; the README
# lists the same packages.
PACKAGES = {
    "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0", "libGLdispatch.so.0": "libglvnd0",
    "libxkbcommon.so.0": "libxkbcommon0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1", "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3", "libglib-2.0.so.0": "libglib2.0-0", "libgthread-2.0.so.0": "libglib2.0-0",
    "libX11.so.6": "libx11-6", "libX11-xcb.so.1": "libx11-xcb1", "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0", "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0", "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0", "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0", "libxcb-sync.so.1": "libxcb-sync1", "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0", "libxcb-xkb.so.1": "libxcb-xkb1", "libpulse.so.0": "libpulse0",
}
_MISSING = re.compile(r"(lib[\w.+-]+\.so[\w.]*): cannot open shared object file")


def _plugin() -> Path | None:
    """The xcb platform plugin of the installed PySide6 (None when PySide6 is not a wheel layout)."""
    spec = find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return path if path.is_file() else None


def xcb_problem() -> str | None:
    """A message naming the packages to install if the xcb plugin will not load, else None."""
    if not sys.platform.startswith("linux"):
        return None
    wanted = os.environ.get("QT_QPA_PLATFORM", "")
    if wanted and not wanted.startswith("xcb"):
        return None  # offscreen, wayland, ...: Qt reports those itself
    plugin = _plugin()
    if plugin is None:
        return None
    try:
        ctypes.CDLL(str(plugin))
    except OSError as exc:
        return missing_message(str(exc))
    return None


def missing_message(loader_error: str) -> str:
    """The loader's complaint turned into the apt command to run."""
    found = _MISSING.search(loader_error)
    lib = found.group(1) if found else None
    pkg = PACKAGES.get(lib or "")
    every = " ".join(sorted(set(PACKAGES.values())))
    first = (f"the system library {lib} is missing (package {pkg})" if pkg
             else f"a system library is missing ({loader_error})")
    return (f"idphoto: cannot start the window: {first}.\n"
            f"On Debian/Ubuntu install what Qt needs, then start again:\n"
            f"    sudo apt-get update && sudo apt-get install -y {every}\n"
            f"(the command line `idphoto` works without them.)")
