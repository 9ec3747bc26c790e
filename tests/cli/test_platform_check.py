"""main.py's Qt platform check: a missing library becomes the apt command; README and CI list the same packages."""
from __future__ import annotations

import re
from pathlib import Path

from idphoto_gui.platform_check import PACKAGES, missing_message, xcb_problem

REPO = Path(__file__).resolve().parents[2]
EXTRA = {"fonts-noto-cjk", "poppler-utils", "strace"}


def test_missing_library_names_its_package():
    text = missing_message("libxcb-icccm.so.4: cannot open shared object file: No such file or directory")
    assert "libxcb-icccm4" in text and "apt-get update" in text and "apt-get install -y" in text
    assert all(pkg in text for pkg in set(PACKAGES.values()))


def test_offscreen_needs_no_check(monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert xcb_problem() is None


def _apt_list(text: str) -> set[str]:
    body = text.split("apt-get install", 1)[1].split(">/dev/null", 1)[0]
    return set(re.findall(r"\b[a-z0-9][a-z0-9.+-]+\b", body.replace("\\\n", " "))) - {"y", "qq", "sudo"}


def test_readme_and_ci_install_every_package_qt_needs():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("sudo apt-get update", 1)[1].split("(The list is", 1)[0]
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    want = set(PACKAGES.values()) | EXTRA
    assert _apt_list(block) == want
    assert _apt_list(ci) == want
