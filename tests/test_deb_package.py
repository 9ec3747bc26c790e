"""The built .deb: unpacked into an empty folder its selftest passes; installed with apt-get it makes a photo
from the command line; removed, it leaves nothing under /opt/idphoto.

Needs build/dist/idphoto_*.deb (`python build/build.py`); skipped without it, unless IDPHOTO_REQUIRE_DEB=1
(.ci/run sets it after building, so CI cannot pass by skipping). The install test runs only then: it needs
root and apt-get (CI runs as root), installs the package's Depends and changes the system.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
DEBS = sorted((ROOT / "build" / "dist").glob("idphoto_*.deb"))
REQUIRED = os.environ.get("IDPHOTO_REQUIRE_DEB") == "1"
PHOTO = ROOT / "tests" / "data" / "man_suit.jpg"


def _deb() -> Path:
    """The newest built package, or skip (fail when CI requires it)."""
    if not DEBS:
        if REQUIRED:
            pytest.fail("IDPHOTO_REQUIRE_DEB=1 but build/dist has no idphoto_*.deb")
        pytest.skip("no .deb built (python build/build.py)")
    return max(DEBS, key=lambda p: p.stat().st_mtime)


def _run(*command: str, **kw) -> subprocess.CompletedProcess:
    """Run; fail the test with its output when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, **kw)
    assert done.returncode == 0, f"{command} exit {done.returncode}\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done


def test_unpacked_package_passes_its_selftest(tmp_path):
    deb = _deb()
    folder = tmp_path / "unpacked"
    folder.mkdir()
    _run("dpkg-deb", "-x", str(deb), str(folder))
    app = folder / "opt" / "idphoto"
    assert (folder / "usr" / "share" / "applications" / "idphoto.desktop").is_file()
    assert (folder / "usr" / "share" / "icons" / "hicolor" / "scalable" / "apps" / "idphoto.svg").is_file()
    assert (folder / "lib" / "systemd" / "system" / "idphoto-kiosk.service").is_file()
    for name in ("idphoto", "idphoto-cli"):
        assert os.access(folder / "usr" / "bin" / name, os.X_OK)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path))
    done = _run(str(app / "idphoto"), "--selftest", env=env, cwd=tmp_path)
    assert "selftest passed" in done.stdout and "Qt plugins:" in done.stdout


def test_apt_installs_makes_a_photo_and_removes_cleanly(tmp_path):
    if not REQUIRED:   # it changes the system: never as a side effect of a developer's `pytest`
        pytest.skip("installs a system package: only with IDPHOTO_REQUIRE_DEB=1 (.ci/run sets it)")
    deb = _deb()
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.fail("IDPHOTO_REQUIRE_DEB=1 needs root and apt-get to install the package")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    _run("apt-get", "install", "-y", "-q", str(deb), env=env)
    try:
        assert Path("/opt/idphoto/idphoto").is_file()
        out = tmp_path / "photo.jpg"
        _run("idphoto-cli", "make", str(PHOTO), "-t", "cn-1inch", "-b", "blue", "-o", str(out),
             env=dict(os.environ, HOME=str(tmp_path)), cwd=tmp_path)
        with Image.open(out) as im:
            assert im.size == (295, 413) and round(im.info["dpi"][0]) == 300
        listed = _run("dpkg", "-L", "idphoto").stdout.splitlines()
        assert "/usr/bin/idphoto" in listed and "/usr/share/applications/idphoto.desktop" in listed
    finally:
        _run("apt-get", "remove", "-y", "-q", "idphoto", env=env)
    assert not Path("/opt/idphoto").exists() or not any(Path("/opt/idphoto").rglob("*"))
    assert not Path("/usr/bin/idphoto-cli").exists()
