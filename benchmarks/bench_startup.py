"""Start-up of the frozen app: process start to the window shown, and to the first photo analysed.

    python benchmarks/bench_startup.py [--app build/dist/idphoto/idphoto] [--runs 5] [--photo PHOTO]

Each run is a fresh process (offscreen, a fresh settings folder) started with `--startup-probe`; the clock
starts just before the process is spawned, so the bootloader, unpacking and every import count. The app
prints a line when its first event-loop turn after `show()` runs ("window shown") and, given a photo, when
that photo's analysis (face, matte) reaches the window ("first photo analysed"); the models load behind
the shown window. `--app main.py` times the unfrozen app with this Python for comparison.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKS = ("window shown", "first photo analysed")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process so far (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / TICKS


def one_run(app: Path, photo: Path | None) -> dict[str, float]:
    """Seconds from spawn to each mark this run printed, and the CPU seconds the process had used then
    ("cpu " + mark): under load the wall time follows the CPU share, the CPU time does not."""
    command = [sys.executable, str(app)] if app.suffix == ".py" else [str(app)]
    command += ["--startup-probe", "--lang", "en"] + ([str(photo)] if photo else [])
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=home, XDG_CONFIG_HOME=home,
                   XDG_DATA_HOME=home, XDG_CACHE_HOME=home, PYTHONPATH=str(ROOT))
        started = time.perf_counter()
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        marks: dict[str, float] = {}
        assert proc.stdout is not None
        for line in proc.stdout:
            for mark in MARKS:
                if line.startswith(mark):
                    marks[mark] = time.perf_counter() - started
                    marks["cpu " + mark] = cpu_seconds(proc.pid)
        proc.wait(timeout=300)
    if "window shown" not in marks:
        raise SystemExit(f"{command} exited {proc.returncode} without showing its window")
    return marks


def summary(name: str, values: list[float]) -> str:
    """One line: median, min, max."""
    return (f"{name:>22}: median {statistics.median(values):.2f} s  (min {min(values):.2f}, "
            f"max {max(values):.2f}, n={len(values)})")


def main() -> int:
    """Run the window-only and the with-photo start `--runs` times each, alternating; print medians."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--app", type=Path, default=ROOT / "build" / "dist" / "idphoto" / "idphoto")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--photo", type=Path, default=ROOT / "tests" / "data" / "man_suit.jpg")
    args = ap.parse_args()
    if not args.app.exists():
        raise SystemExit(f"{args.app} not found: build it first (python build/build.py)")
    one_run(args.app, None)   # warm the page cache once; not counted
    window, window_cpu, with_photo, analysed, analysed_cpu = [], [], [], [], []
    for _ in range(args.runs):
        marks = one_run(args.app, None)
        window.append(marks["window shown"])
        window_cpu.append(marks["cpu window shown"])
        marks = one_run(args.app, args.photo)
        with_photo.append(marks["window shown"])
        if "first photo analysed" in marks:
            analysed.append(marks["first photo analysed"])
            analysed_cpu.append(marks["cpu first photo analysed"])
    print(f"{args.app} (offscreen, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(summary("window shown", window))
    print(summary("  its CPU seconds", window_cpu))
    print(summary("window shown (+photo)", with_photo))
    if analysed:
        print(summary("first photo analysed", analysed))
        print(summary("  its CPU seconds", analysed_cpu))
    return 0


if __name__ == "__main__":
    sys.exit(main())
