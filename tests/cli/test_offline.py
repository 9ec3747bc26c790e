"""Nothing leaves the machine: `idphoto make` and the window (15 s, a photo analysed) under
`strace -f -e trace=network` with a fresh HOME open no internet socket and leave no telemetry files."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INET = re.compile(r"\b(socket|connect|sendto|sendmsg)\(.*AF_INET6?\b")
pytestmark = pytest.mark.skipif(shutil.which("strace") is None or not sys.platform.startswith("linux"),
                                reason="needs strace (installed by .ci/run)")


def _traced(tmp_path: Path, argv: list[str], **env: str) -> tuple[subprocess.CompletedProcess, str, Path, float]:
    """Run argv under strace with a fresh, empty HOME: (process, network trace, home, seconds)."""
    home = tmp_path / "home"
    home.mkdir()
    trace = tmp_path / "trace.txt"
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("XDG_", "ORT_", "IDPHOTO_")) and k != "HOME"}
    clean.update(HOME=str(home), PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen", **env)
    start = time.monotonic()
    proc = subprocess.run(["strace", "-f", "-qq", "-e", "trace=network", "-o", str(trace), *argv],
                          env=clean, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    return proc, trace.read_text(errors="replace"), home, time.monotonic() - start


def _assert_offline(trace: str, home: Path) -> None:
    inet = [line for line in trace.splitlines() if INET.search(line)]
    assert not inet, "internet sockets:\n" + "\n".join(inet[:10])
    assert not (home / ".cache" / "Microsoft").exists(), "onnxruntime telemetry files were written"


@pytest.mark.slow
def test_make_opens_no_internet_socket(tmp_path, data_dir):
    proc, trace, home, _ = _traced(tmp_path, [sys.executable, "-m", "idphoto_gui.cli", "make",
                                              str(data_dir / "man_suit.jpg"), "-t", "cn-1inch",
                                              "-o", str(tmp_path / "out.jpg")])
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.jpg").exists()
    _assert_offline(trace, home)


@pytest.mark.slow
def test_window_for_15_s_opens_no_internet_socket(tmp_path, data_dir):
    proc, trace, home, seconds = _traced(tmp_path, [sys.executable, str(REPO / "main.py"),
                                                    str(data_dir / "man_suit.jpg")],
                                         IDPHOTO_QUIT_AFTER_S="15")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert seconds >= 15
    assert (home / ".config" / "idphoto").is_dir()   # the window really ran (it saved its settings)
    _assert_offline(trace, home)


def test_telemetry_switch_is_set_by_the_package():
    code = "import os, idphoto_gui, sys; print(os.environ.get('ORT_DISABLE_TELEMETRY'), 'onnxruntime' in sys.modules)"
    env = {k: v for k, v in os.environ.items() if k != "ORT_DISABLE_TELEMETRY"}
    out = subprocess.run([sys.executable, "-c", code], env=dict(env, PYTHONPATH=str(REPO)), capture_output=True,
                         text=True, timeout=120).stdout.split()
    assert out == ["1", "False"]


def test_the_trace_does_see_an_internet_socket(tmp_path):
    """Control: the same harness catches a socket opened in a child thread (so a silent trace means none)."""
    code = ("import socket, threading; t = threading.Thread(target=lambda: socket.socket(socket.AF_INET6)); "
            "t.start(); t.join()")
    proc, trace, home, _ = _traced(tmp_path, [sys.executable, "-c", code])
    assert proc.returncode == 0
    with pytest.raises(AssertionError, match="internet sockets"):
        _assert_offline(trace, home)
