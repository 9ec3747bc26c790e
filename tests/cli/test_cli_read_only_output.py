"""A read-only file where the output goes is kept (the atomic rename used to replace it, protection and all).
Tests run as root, which may write anything: the command runs without the capabilities that let root bypass
file permissions (setpriv), as an ordinary user would."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root and setpriv")
def test_make_keeps_a_read_only_file_at_the_output_path(tmp_path, data_dir):
    out = tmp_path / "protected.jpg"
    shutil.copy(data_dir / "child.png", out)
    out.chmod(0o444)
    before = out.read_bytes()
    cmd = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", sys.executable, "-m",
           "idphoto_gui.cli", "make", str(data_dir / "man_suit.jpg"), "-t", "cn-1inch", "-o", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 5, done.stderr
    assert done.stderr.strip() == (f"idphoto: error: {out} is read-only and was kept: choose another file name, "
                                   "or make it writable first.")
    assert out.read_bytes() == before and (out.stat().st_mode & 0o777) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["protected.jpg"]   # nothing partial left
