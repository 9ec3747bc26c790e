"""Ctrl-C and SIGTERM stop make, matte and sheet with exit 130 and one line, leaving no partial file; a
`.part` left by kill -9 is removed by the next run writing into that folder once it is an hour old.
Real processes and real signals, each bounded in time."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_OK, EXIT_STOPPED
from idphoto_gui.core.imaging.files import STALE_PART_SECONDS, sweep_stale_parts

REPO = Path(__file__).resolve().parents[2]
WAIT = 240          # seconds: the loaded 2-core machine can be slow to reach the point we wait for
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture(scope="module")
def big(tmp_path_factory, data_dir) -> Path:
    """man_suit.jpg at 4500x6000 px: a matte of it streams for a few seconds."""
    src = cv2.cvtColor(cv2.imread(str(data_dir / "man_suit.jpg")), cv2.COLOR_BGR2RGB)
    path = tmp_path_factory.mktemp("big") / "big.jpg"
    Image.fromarray(cv2.resize(src, (4500, 6000), interpolation=cv2.INTER_CUBIC)).save(path, quality=90)
    return path


def _start(tmp_path: Path, *argv) -> tuple[subprocess.Popen, Path]:
    log = tmp_path / f"stderr-{time.monotonic_ns()}.txt"
    fh = open(log, "w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "idphoto_gui.cli", "-v", *map(str, argv)],
                            env=dict(os.environ, PYTHONPATH=str(REPO)), stdout=subprocess.DEVNULL, stderr=fh)
    fh.close()
    return proc, log


def _wait_until(proc: subprocess.Popen, ready, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not ready():
        assert proc.poll() is None, f"the command ended (exit {proc.returncode}) before {what}"
        assert time.monotonic() < deadline, f"no {what} within {WAIT} s"
        time.sleep(0.05)


def _parts(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.part"))


def _stop(proc: subprocess.Popen, signum: int) -> int:
    proc.send_signal(signum)
    try:
        return proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()


def _messages(log: Path) -> list[str]:
    """stderr without the -v log lines."""
    return [ln for ln in log.read_text(encoding="utf-8").splitlines()
            if not re.match(r"^(INFO|DEBUG|WARNING) ", ln)]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_matte_stopped_mid_write_leaves_no_part(signum, big, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    proc, log = _start(tmp_path, "matte", big, "-o", out / "big.png")
    _wait_until(proc, lambda: _parts(out), "partial file")
    assert _stop(proc, signum) == EXIT_STOPPED
    assert _parts(out) == [] and not (out / "big.png").exists()
    lines = _messages(log)
    assert len(lines) == 1 and "stopped" in lines[0] and signal.Signals(signum).name in lines[0], lines


@pytest.mark.parametrize("command, signum", [("make", signal.SIGINT), ("sheet", signal.SIGINT),
                                             ("check", signal.SIGTERM)])
def test_ctrl_c_and_sigterm_during_make_sheet_and_check(command, signum, big, tmp_path):
    out = tmp_path / ("o.jpg" if command == "make" else "s.jpg")
    argv = [command, big, "-t", "cn-1inch"] + (["-o", out] if command != "check" else [])
    proc, log = _start(tmp_path, *argv)
    _wait_until(proc, lambda: "loaded onnx model rvm" in log.read_text(encoding="utf-8"), "model loaded")
    assert _stop(proc, signum) == EXIT_STOPPED
    lines = _messages(log)
    assert len(lines) == 1 and f"stopped ({signal.Signals(signum).name})" in lines[0], lines
    assert not out.exists() and _parts(tmp_path) == []


def test_a_part_left_by_kill_9_is_removed_by_the_next_run_once_stale(big, tmp_path, data_dir):
    out = tmp_path / "out"
    out.mkdir()
    proc, _ = _start(tmp_path, "matte", big, "-o", out / "big.png")
    _wait_until(proc, lambda: _parts(out), "partial file")
    assert _stop(proc, signal.SIGKILL) == -signal.SIGKILL
    (left,) = _parts(out)
    assert re.fullmatch(r"\.big\.png\.[a-z0-9_]{8}\.part", left.name)
    old = time.time() - STALE_PART_SECONDS - 60
    os.utime(left, (old, old))
    fresh = out / ".other.png.abcd1234.part"    # another write still in progress: kept
    fresh.write_bytes(b"x")
    theirs = out / ".notes.part"                # not our naming: kept whatever its age
    theirs.write_bytes(b"x")
    os.utime(theirs, (old, old))
    proc, log = _start(tmp_path, "matte", data_dir / "man_suit.jpg", "-o", out / "small.png")
    assert proc.wait(timeout=WAIT) == EXIT_OK, log.read_text(encoding="utf-8")
    assert not left.exists() and fresh.exists() and theirs.exists() and (out / "small.png").is_file()


def test_sweep_keeps_fresh_and_foreign_files(tmp_path):
    ours_old, ours_new = tmp_path / ".a.jpg.k2j4_9x0.part", tmp_path / ".b.jpg.q1w2e3r4.part"
    foreign = [tmp_path / "a.part", tmp_path / ".a.jpg.TOOLONGXX1.part", tmp_path / "photo.jpg"]
    for p in (ours_old, ours_new, *foreign):
        p.write_bytes(b"x")
    old = time.time() - 2 * STALE_PART_SECONDS
    for p in (ours_old, *foreign):
        os.utime(p, (old, old))
    assert sweep_stale_parts(tmp_path) == [ours_old]
    assert ours_new.exists() and all(p.exists() for p in foreign)
    np.testing.assert_equal(sweep_stale_parts(tmp_path / "missing"), [])
