"""`idphoto batch` is kill-safe: kill -9 then the same command finishes the rest once; SIGTERM stops
cleanly; no worker process outlives the batch."""
from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
N_PHOTOS = 10
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.fixture()
def indir(tmp_path, data_dir) -> Path:
    """Ten distinct real photos (the portrait, each a little brighter than the last)."""
    folder = tmp_path / "in"
    folder.mkdir()
    arr = np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB")).astype(np.int16)
    for i in range(N_PHOTOS):
        Image.fromarray(np.clip(arr + i, 0, 255).astype(np.uint8)).save(folder / f"p{i:02d}.jpg", quality=92)
    return folder


def _start(indir: Path, out: Path, *extra: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "idphoto_gui.cli", "batch", str(indir), str(out), "-t", "cn-1inch",
           "--jobs", "2", *extra]
    return subprocess.Popen(cmd, env=dict(os.environ, PYTHONPATH=str(REPO)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _rows(report: Path) -> list[dict]:
    try:
        with open(report, encoding="utf-8-sig", newline="") as fh:
            return list(csv.DictReader(fh))
    except OSError:
        return []


def _children(pid: int) -> set[int]:
    """Every descendant of pid (workers, resource tracker)."""
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = {int(c) for c in (task / "children").read_text().split()}
            except OSError:
                continue
            todo += list(kids - found)
            found |= kids
    return found


def _alive(pids: set[int]) -> set[int]:
    """Those of pids still running (zombies count as gone)."""
    alive = set()
    for p in pids:
        try:
            state = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(p)
    return alive


def _wait_rows(proc: subprocess.Popen, report: Path, n: int, timeout: float = 600) -> set[int]:
    """Wait for n report rows; the batch's process tree seen meanwhile."""
    seen: set[int] = set()
    end = time.monotonic() + timeout
    while len(_rows(report)) < n:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, "batch too slow"
        seen |= _children(proc.pid)
        time.sleep(0.2)
    return seen | _children(proc.pid)


def _gone(pids: set[int], timeout: float = 20) -> set[int]:
    end = time.monotonic() + timeout
    while _alive(pids) and time.monotonic() < end:
        time.sleep(0.2)
    return _alive(pids)


@pytest.mark.slow
def test_kill_9_then_rerun_finishes_the_rest_once(indir, tmp_path):
    out, report = tmp_path / "out", tmp_path / "out" / "idphoto-report.csv"
    proc = _start(indir, out)
    kids = _wait_rows(proc, report, 2)
    assert kids, "no worker processes seen"
    proc.kill()
    proc.wait()
    assert not _gone(kids), "workers outlived a killed batch"
    done_before = {r["input"]: r["status"] for r in _rows(report) if r["status"] in ("ok", "warn")}
    assert len(done_before) >= 2

    again = _start(indir, out)
    stdout, stderr = again.communicate(timeout=900)
    assert again.returncode == 0, stderr
    rows = _rows(report)
    assert sorted(Path(r["input"]).name for r in rows) == sorted(p.name for p in indir.iterdir())
    assert {r["input"]: r["status"] for r in rows if r["input"] in done_before} == done_before   # kept
    assert all(r["status"] in ("ok", "warn") for r in rows)
    outputs = sorted(p.name for p in out.glob("*.jpg"))
    assert outputs == sorted(f"p{i:02d}_cn-1inch.jpg" for i in range(N_PHOTOS))   # no -2 copies
    assert "Traceback" not in stderr


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_stops_cleanly(indir, tmp_path, sig):
    out, report = tmp_path / "out", tmp_path / "r.csv"
    proc = _start(indir, out, "--report", str(report))
    kids = _wait_rows(proc, report, 1)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "stopped" in stderr and "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert not _gone(kids)
    assert 1 <= len(_rows(report)) < N_PHOTOS
    assert not list(out.glob("*.part"))   # nothing half-written


def test_report_folder_checked_before_any_work(indir, tmp_path):
    (tmp_path / "afile").write_text("x")
    proc = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", "batch", str(indir), str(tmp_path / "out"),
                           "-t", "cn-1inch", "--report", str(tmp_path / "afile" / "r.csv")],
                          env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 5 and "Traceback" not in proc.stderr
    assert "[1/" not in proc.stderr and not list((tmp_path / "out").glob("*.jpg"))
