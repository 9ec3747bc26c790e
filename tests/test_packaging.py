"""The installers' declared facts agree with the README: the .deb's Depends, CI's apt list, the kiosk unit."""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

import debian  # noqa: E402  (build/debian.py)

TEST_TOOLS = {"poppler-utils", "strace"}   # the README's list also names what the tests use


def _apt_list(text: str) -> list[str]:
    """The packages of the first `apt-get install -y ...` command in `text` (continued lines joined)."""
    joined = text.replace("\\\n", " ")
    match = re.search(r"apt-get install -y (?:-qq )?([^\n>]+)", joined)
    assert match, "no apt-get install line"
    return match.group(1).split()


def test_deb_depends_are_exactly_the_readmes_window_packages():
    readme = _apt_list((ROOT / "README.md").read_text(encoding="utf-8"))
    assert set(readme) - TEST_TOOLS == set(debian.depends())
    assert len(debian.depends()) == len(set(debian.depends()))


def test_ci_installs_the_readmes_list():
    assert _apt_list((ROOT / ".ci" / "run").read_text(encoding="utf-8")) == \
        _apt_list((ROOT / "README.md").read_text(encoding="utf-8"))


def test_control_file_names_package_depends_and_kiosk_suggestions():
    text = debian.control("1.2.3", 1000, arch="amd64")
    fields = dict(line.split(": ", 1) for line in text.splitlines() if line and not line.startswith(" "))
    assert fields["Package"] == "idphoto" and fields["Version"] == "1.2.3"
    assert fields["Depends"].split(", ") == debian.depends()
    assert "xinit" in fields["Suggests"]


def test_kiosk_unit_runs_the_kiosk_as_its_own_user_and_is_not_enabled_by_the_package():
    unit = (ROOT / "build" / "linux" / "idphoto-kiosk.service").read_text(encoding="utf-8")
    assert "User=idphoto-kiosk" in unit and "--kiosk" in unit and "WantedBy=graphical.target" in unit
    assert not (ROOT / "build" / "linux" / "postinst").exists()   # nothing enables it on install
