"""The Debian package: the frozen app under /opt/idphoto, two commands, menu entry, icon, kiosk unit (off).

build.py calls `make_deb(app, version, out_dir)`; it needs dpkg-deb (Debian, Ubuntu). Layout:
  /opt/idphoto/                       the frozen one-folder app, unchanged
  /usr/bin/idphoto, idphoto-cli       two-line scripts that exec the frozen programs
  /usr/share/applications/idphoto.desktop, /usr/share/icons/hicolor/scalable/apps/idphoto.svg
  /lib/systemd/system/idphoto-kiosk.service   the kiosk at boot, installed disabled
"""
from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PREFIX = "opt/idphoto"
log = logging.getLogger("build")

DESCRIPTION = """Offline ID-photo studio
 Import or capture a portrait, cut it out with a portrait-matting network, crop it
 to the exact standard of a passport, visa or Chinese 1-inch photo, check it
 against the rules, save or print it at true physical size. Nothing leaves the
 machine. Commands: idphoto (the window, --kiosk for the self-service kiosk) and
 idphoto-cli (make, batch, sheet, check, serve ...)."""


def depends() -> list[str]:
    """build/linux/depends.txt: the README's system packages for the window."""
    lines = (HERE / "linux" / "depends.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def architecture() -> str:
    """The Debian architecture name of this machine (amd64, arm64)."""
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def control(version: str, installed_kb: int, arch: str | None = None) -> str:
    """DEBIAN/control."""
    return "\n".join([
        "Package: idphoto", f"Version: {version}", f"Architecture: {arch or architecture()}",
        "Maintainer: idphoto contributors <idphoto@localhost>", "Section: graphics", "Priority: optional",
        f"Installed-Size: {installed_kb}", f"Depends: {', '.join(depends())}",
        "Suggests: xserver-xorg, xinit", f"Description: {DESCRIPTION}", ""])


def _launcher(program: str) -> str:
    """/usr/bin/<program>: exec the frozen program (it finds its _internal folder beside itself)."""
    return f'#!/bin/sh\nexec /{PREFIX}/{program} "$@"\n'


def _tree(app: Path, root: Path) -> None:
    """Lay the package's files out under `root`."""
    shutil.copytree(app, root / PREFIX, symlinks=True)
    bin_dir = root / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    for program in ("idphoto", "idphoto-cli"):
        (bin_dir / program).write_text(_launcher(program), encoding="utf-8")
        (bin_dir / program).chmod(0o755)
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy(HERE / "linux" / "idphoto.desktop", share / "applications" / "idphoto.desktop")
    icons = share / "icons" / "hicolor" / "scalable" / "apps"
    icons.mkdir(parents=True)
    shutil.copy(ROOT / "resources" / "icons" / "logo.svg", icons / "idphoto.svg")
    doc = share / "doc" / "idphoto"
    doc.mkdir(parents=True)
    shutil.copy(ROOT / "LICENSE", doc / "copyright")
    units = root / "lib" / "systemd" / "system"
    units.mkdir(parents=True)
    shutil.copy(HERE / "linux" / "idphoto-kiosk.service", units / "idphoto-kiosk.service")
    for path in root.rglob("*"):   # dpkg keeps the modes: readable by all, nothing group/world-writable
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)


def make_deb(app: Path, version: str, out_dir: Path) -> Path:
    """Build idphoto_<version>_<arch>.deb from the frozen folder `app`; return its path."""
    out = out_dir / f"idphoto_{version}_{architecture()}.deb"
    with tempfile.TemporaryDirectory(dir=out_dir) as tmp:
        root = Path(tmp) / "pkg"
        _tree(app, root)
        size_kb = sum(f.stat().st_size for f in root.rglob("*") if f.is_file() and not f.is_symlink()) // 1024
        (root / "DEBIAN").mkdir()
        (root / "DEBIAN" / "control").write_text(control(version, size_kb), encoding="utf-8")
        (root / "DEBIAN").chmod(0o755)
        out.unlink(missing_ok=True)
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "-z1", "--threads-max=2", "--build",
                        str(root), str(out)], check=True, stdout=subprocess.DEVNULL)
    log.info("Debian package: %s (%.0f MB, installs %.0f MB)", out, out.stat().st_size / 1e6, size_kb / 1e3)
    return out
