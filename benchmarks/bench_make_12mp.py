"""Issue 26: one 12 MP `idphoto make`, whole process, beside rembg u2netp (and an older checkout), alternately.

Run (from a checkout, the project venv):
    PYTHONPATH=. .venv/bin/python benchmarks/bench_make_12mp.py [--rounds 5] [--base /tmp/base-XX ...]
        [--rembg /tmp/rembg-venv26b/bin/rembg --u2net-home /tmp/u2net26b]

It writes the test photo once (4240x2830 JPEG: cv2.resize of shared/photos/portraits/05, INTER_CUBIC,
quality 90), runs every side once unmeasured (rembg's first run compiles numba code), then `--rounds`
rounds, each side once per round in turn. Each run is a fresh process: wall time, CPU seconds (user +
system, from wait4) and peak RSS (ru_maxrss) are printed per run and as medians, with the load average.
rembg is optional: without its program the script says so and compares the checkouts only. For the
checkouts it also prints the main thread's CPU seconds (the work on the critical path, which moving work
to other threads lowers; a loaded machine changes it little, unlike wall time).

Python bytecode: an installed idphoto has compiled .pyc files; a checkout run under
PYTHONDONTWRITEBYTECODE=1 compiles every module on every start (~0.1-0.15 s CPU for `make`). Both
checkouts therefore run with PYTHONPYCACHEPREFIX set to a temporary folder (filled by the unmeasured
run); `--no-bytecode` keeps the environment as it is.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PORTRAIT = "portraits/05_u2net_curly_dark_skin_woman.jpg"
SIZE = (4240, 2830)


def make_photo(folder: Path) -> Path:
    """The 12 MP test JPEG, written once into `folder`."""
    import cv2

    src = ROOT.parent / "shared" / "photos" / PORTRAIT
    if not src.exists():
        src = ROOT / "tests" / "data" / "curly_dark_skin_woman.jpg"
    big = cv2.resize(cv2.imread(str(src)), SIZE, interpolation=cv2.INTER_CUBIC)
    out = folder / "make12mp.jpg"
    cv2.imwrite(str(out), big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return out


# `idphoto make` run so that it also reports its main thread's CPU seconds on exit: the work on the
# critical path, which a loaded machine hardly changes (wall there follows the CPU the process gets).
MAIN_CPU = ("import atexit, runpy, sys, time\n"
            "atexit.register(lambda: sys.stderr.write(f'MAIN-CPU {time.thread_time():.3f}\\n'))\n"
            "sys.argv = ['idphoto'] + sys.argv[1:]\n"
            "runpy.run_module('idphoto_gui.cli', run_name='__main__')\n")


def run_once(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, float, int, float]:
    """One fresh process: (wall s, CPU s user+sys, peak RSS MiB, exit code, main-thread CPU s or nan)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    main = [float(line.split()[1]) for line in err.splitlines() if line.startswith("MAIN-CPU ")]
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status),
            main[0] if main else float("nan"))


def sides(args, photo: Path, out: Path, pycache: Path | None) -> list[tuple[str, list[str], dict, Path]]:
    """(name, command, environment, working folder) for each side to run."""
    found = []
    checkouts = [("idphoto", ROOT)] + [(f"base{i + 1}" if len(args.base) > 1 else "base", b)
                                       for i, b in enumerate(args.base)]
    for name, checkout in checkouts:
        env = dict(os.environ, PYTHONPATH=str(checkout))
        if pycache is not None:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(pycache / name)
        cmd = [sys.executable, "-c", MAIN_CPU, "make", str(photo), "-t", "cn-1inch",
               "-o", str(out / f"{name}.jpg")]
        found.append((name, cmd, env, Path(checkout)))
    rembg = Path(args.rembg)
    if rembg.exists():
        env = dict(os.environ, U2NET_HOME=args.u2net_home)
        found.append(("rembg", [str(rembg), "i", "-m", "u2netp", str(photo), str(out / "rembg.png")], env, out))
    else:
        print(f"rembg not found at {rembg}: comparing the checkouts only (--rembg PATH to add it)")
    return found


def main() -> int:
    """Alternate the sides, print every run and the medians."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--base", type=Path, action="append", default=[],
                    help="another checkout to run alternately (repeatable)")
    ap.add_argument("--rembg", default=os.environ.get("REMBG", "/tmp/rembg-venv26b/bin/rembg"))
    ap.add_argument("--u2net-home", default=os.environ.get("U2NET_HOME", "/tmp/u2net26b"))
    ap.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE as it is")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="make12mp-"))
    try:
        photo = make_photo(work)
        todo = sides(args, photo, work, None if args.no_bytecode else work / "pyc")
        for name, cmd, env, cwd in todo:  # warm-up: bytecode, numba, the page cache
            if run_once(cmd, env, cwd)[3] not in (0, 6):
                print(f"{name}: the warm-up run failed: {' '.join(cmd)}")
                return 1
        runs: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name, *_ in todo}
        print(f"load at start {os.getloadavg()[0]:.2f}")
        for r in range(args.rounds):
            for name, cmd, env, cwd in todo:
                wall, cpu, peak, code, main_cpu = run_once(cmd, env, cwd)
                runs[name].append((wall, cpu, peak, main_cpu))
                print(f"round {r + 1} {name:8s} wall {wall:5.2f} s  CPU {cpu:5.2f} s  main thread {main_cpu:5.2f} s"
                      f"  peak {peak:4.0f} MiB  exit {code}  load {os.getloadavg()[0]:.2f}")
        print(f"load at end {os.getloadavg()[0]:.2f}")
        med = {n: [statistics.median(x[i] for x in v) for i in range(4)] for n, v in runs.items()}
        for name, (wall, cpu, peak, main_cpu) in med.items():
            ratio = ""
            if "rembg" in med and name != "rembg":
                ratio = f"  = {wall / med['rembg'][0]:.2f}x rembg wall, {cpu / med['rembg'][1]:.2f}x CPU"
            print(f"median {name:8s} wall {wall:5.2f} s  CPU {cpu:5.2f} s  main thread {main_cpu:5.2f} s  "
                  f"peak {max(x[2] for x in runs[name]):4.0f} MiB (max){ratio}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
