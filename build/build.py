"""One entry point for release builds: freeze, smoke-test the frozen app, make the platform's installer.

Usage: python build/build.py [--skip-installer] [--skip-selftest]
Output: build/dist/idphoto/ (one-folder app), then build/dist/idphoto-<version>-<platform>.(tar.gz|dmg|exe)
and on Debian/Ubuntu build/dist/idphoto_<version>_<arch>.deb (build/debian.py)
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
DIST = BUILD / "dist"
WORK = BUILD / "work"
log = logging.getLogger("build")


def version() -> str:
    """The package version, read without importing the app."""
    for line in (ROOT / "idphoto_gui" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=")[1].strip().strip('"\'')
    return "0"


def freeze() -> Path:
    """Run PyInstaller on build/idphoto.spec; return the app folder."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(DIST), "--workpath", str(WORK), str(BUILD / "idphoto.spec")],
                   check=True, cwd=ROOT)
    app = DIST / "idphoto"
    strip_binaries(app)
    log.info("froze %s in %.1f s, %.0f MB", app, time.perf_counter() - started, folder_mb(app))
    return app


def strip_binaries(app: Path) -> None:
    """Linux: strip the symbol tables and debug information no code path reads (libpython alone carries
    17 MB); the wheels' vendored libraries (`*.libs/`, edited by patchelf) are left alone, stripping breaks them."""
    if not sys.platform.startswith("linux") or not shutil.which("strip"):
        return
    before = folder_mb(app)
    for path in app.rglob("*"):
        if path.is_symlink() or not path.is_file() or path.parent == app or \
                any(p.endswith(".libs") for p in path.parts):   # the programs carry their archive at the end
            continue
        with path.open("rb") as fh:
            if fh.read(4) != b"\x7fELF":
                continue
        sections = subprocess.run(["readelf", "-S", "-W", str(path)], capture_output=True, text=True).stdout
        if ".symtab" in sections or ".debug_info" in sections:
            subprocess.run(["strip", "--strip-unneeded", str(path)], check=True)
    log.info("stripped: %.0f MB -> %.0f MB", before, folder_mb(app))


def folder_mb(path: Path) -> float:
    """Total size of a folder in MB."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 1e6


def executable(app: Path) -> Path:
    """The frozen program inside the app folder."""
    return app / ("idphoto.exe" if sys.platform == "win32" else "idphoto")


def selftest(app: Path) -> None:
    """Run the frozen `--selftest` headless; raise if it fails."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.perf_counter()
    proc = subprocess.run([str(executable(app)), "--selftest"], env=env, capture_output=True, text=True,
                          timeout=600)
    log.info("frozen selftest exit %d in %.1f s\n%s%s", proc.returncode, time.perf_counter() - started,
             proc.stdout, proc.stderr[-4000:])
    if proc.returncode != 0:
        raise SystemExit(f"frozen selftest failed with exit code {proc.returncode}")


def source_modules() -> list[str]:
    """Every module of the app in the source tree (what `--selftest --imports` must import frozen)."""
    names = []
    for path in (ROOT / "idphoto_gui").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(names)


def import_check(app: Path) -> None:
    """Import every module of the app inside the frozen tree; raise if one fails or is missing."""
    cli = app / ("idphoto-cli.exe" if sys.platform == "win32" else "idphoto-cli")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([str(cli), "--selftest", "--imports"], env=env, capture_output=True, text=True,
                          timeout=600)
    lines = [line for line in proc.stdout.splitlines() if line.startswith('{"imported"')]
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"frozen import check failed (exit {proc.returncode})\n{proc.stdout}{proc.stderr[-4000:]}")
    imported, expected = json.loads(lines[-1])["imported"], source_modules()
    missing = sorted(set(expected) - set(imported))
    if missing:
        raise SystemExit(f"frozen tree lacks {len(missing)} module(s) of the app: {', '.join(missing)}")
    log.info("frozen import check: all %d modules of the app import", len(expected))


def cli_smoke(app: Path) -> None:
    """Run the frozen command line: `check --json`, then a two-photo `batch --jobs 2` (spawned workers)."""
    cli = app / ("idphoto-cli.exe" if sys.platform == "win32" else "idphoto-cli")
    sample = ROOT / "resources" / "sample" / "sample_portrait.jpg"
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in", Path(tmp) / "out"
        src.mkdir()
        for name in ("a.jpg", "b.jpg"):
            shutil.copy(sample, src / name)
        _frozen(cli, "check", str(sample), "--json")
        _frozen(cli, "batch", str(src), str(out), "-t", "cn-1inch", "--jobs", "2")
        made = sorted(p.name for p in out.iterdir() if p.suffix == ".jpg")
        if len(made) != 2:
            raise SystemExit(f"frozen batch made {made}, expected two photos")
    log.info("frozen command line: check and a 2-photo batch passed in %.1f s", time.perf_counter() - started)


def _frozen(cli: Path, *args: str) -> None:
    """One frozen command-line call; raise with its output if it fails."""
    proc = subprocess.run([str(cli), *args], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"frozen `idphoto-cli {args[0]}` exit {proc.returncode}\n{proc.stdout}{proc.stderr[-4000:]}")


def installer(app: Path) -> Path | None:
    """The platform's installer: Inno Setup on Windows, a .dmg on macOS, a tarball on Linux."""
    name = f"idphoto-{version()}-{platform.system().lower()}-{platform.machine().lower()}"
    if sys.platform == "win32":
        iscc = shutil.which("iscc") or shutil.which("ISCC")
        if not iscc:
            log.warning("Inno Setup (iscc) not found: skipping the Windows installer")
            return None
        subprocess.run([iscc, f"/DAppVersion={version()}", f"/DSourceDir={app}", f"/O{DIST}",
                        f"/F{name}-setup", str(BUILD / "windows" / "idphoto.iss")], check=True)
        return DIST / f"{name}-setup.exe"
    if sys.platform == "darwin":
        bundle = DIST / "idphoto.app"
        out = DIST / f"{name}.dmg"
        out.unlink(missing_ok=True)
        subprocess.run(["bash", str(BUILD / "macos" / "make_dmg.sh"), str(bundle), str(out)], check=True)
        return out
    out = DIST / f"{name}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(app, arcname="idphoto")
        tar.add(BUILD / "linux" / "idphoto.desktop", arcname="idphoto/idphoto.desktop")
    if shutil.which("dpkg-deb"):
        from debian import make_deb   # build/ is on sys.path: this script's folder

        make_deb(app, version(), DIST)
    return out


def main() -> int:
    """Freeze, test, package."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-installer", action="store_true")
    ap.add_argument("--skip-selftest", action="store_true")
    args = ap.parse_args()
    app = freeze()
    log.info("app folder: %.0f MB (%.0f MiB)", folder_mb(app), folder_mb(app) / 1.048576)
    if not args.skip_selftest:
        import_check(app)
        selftest(app)
        cli_smoke(app)
    if not args.skip_installer:
        out = installer(app)
        if out:
            log.info("installer: %s (%.0f MB)", out, out.stat().st_size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
