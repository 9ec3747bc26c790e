"""Core benchmark: load, face, matte, foreground, re-composite, cold start, memory; rembg as the peer.

Run from the repository root:  .venv/bin/python benchmarks/bench_core.py [--repeat 5] [--no-peer]
Prints figures with their targets; it is not a test (see benchmarks/README.md).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
PEER_VENV = REPO / "benchmarks" / ".venv-peer"
PEER_REQ = "rembg[cpu]==2.0.86"
PORTRAIT = REPO.parent / "shared" / "photos" / "portraits" / "05_u2net_curly_dark_skin_woman.jpg"
FALLBACK = REPO / "tests" / "data" / "curly_dark_skin_woman.jpg"
COUPLE = REPO / "tests" / "data" / "couple_expedition12.jpg"   # two real people, one shot (issue 27)
PAIR_LIMIT = 1.3   # a two-face analysis may cost at most this many times a one-face one
SIZES = {"2MP": (1732, 1155), "12MP": (4240, 2830)}
OUT_SIZE = (295, 413)
TARGETS = {"analysis 12MP": 0.6, "analysis 2MP": 0.4, "re-composite": 0.010, "cold start": 1.5,
           "peak memory MB": 400}

COLD = """
import time, sys
t0 = time.perf_counter()
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.analysis import pipeline
r = pipeline.analyse(load_image(sys.argv[1]))
assert r.face is not None
print(time.perf_counter() - t0)
"""
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over fork + exec, so a child would report the parent's.
HWM = "int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1]) / 1024"
PEAK = f"""
import sys
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.analysis import pipeline
pipeline.analyse(load_image(sys.argv[1]))
print({HWM})
"""
PEER = """
import json, os, statistics, sys, time
t0 = time.perf_counter()
from PIL import Image
from rembg import new_session, remove
session = new_session("u2netp")
remove(Image.open(sys.argv[2]), session=session)
cold = time.perf_counter() - t0
out = {"cold start": cold}
for name, path in json.loads(sys.argv[1]).items():
    ts = []
    for _ in range(int(sys.argv[3])):
        t = time.perf_counter()
        remove(Image.open(path), session=session)
        ts.append(time.perf_counter() - t)
    out["cut-out " + name] = statistics.median(ts)
out["peak memory MB"] = HWM
print(json.dumps(out))
""".replace("HWM", HWM)


def median_time(fn, repeat: int) -> float:
    """Median wall time of fn() over `repeat` runs."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def make_photos(folder: Path) -> dict[str, Path]:
    """The test portrait upscaled to 2 MP and 12 MP, saved as quality-90 JPEGs."""
    src = cv2.imread(str(PORTRAIT if PORTRAIT.exists() else FALLBACK))
    out = {}
    for name, size in SIZES.items():
        path = folder / f"portrait_{name}.jpg"
        cv2.imwrite(str(path), cv2.resize(src, size, interpolation=cv2.INTER_CUBIC),
                    [cv2.IMWRITE_JPEG_QUALITY, 90])
        out[name] = path
    return out


def make_pair_photos(folder: Path) -> dict[str, Path]:
    """12 MP JPEGs of the same pixel size: two faces (the couple, its aspect kept) and one (the portrait)."""
    out = {}
    couple = cv2.imread(str(COUPLE))
    h, w = couple.shape[:2]
    k = (12e6 / (w * h)) ** 0.5
    size = (round(w * k), round(h * k))
    for name, src in (("one face", cv2.imread(str(PORTRAIT if PORTRAIT.exists() else FALLBACK))),
                      ("two faces", couple)):
        out[name] = folder / f"{name.replace(' ', '_')}_12MP.jpg"
        cv2.imwrite(str(out[name]), cv2.resize(src, size, interpolation=cv2.INTER_CUBIC),
                    [cv2.IMWRITE_JPEG_QUALITY, 90])
    return out


def pair_figures(photos: dict[str, Path], repeat: int) -> dict[str, float]:
    """Analysis of a 12 MP photo with one face (the one-person path) and with two (every face kept with its
    landmarks and pose, the matte parted between the two people), alternating runs, fresh cache each."""
    from idphoto_gui.core.analysis import pipeline
    from idphoto_gui.core.analysis.cache import LruCache
    from idphoto_gui.core.imaging.imageio import load_image

    pipeline.warm_up("rvm")

    def one() -> None:
        pipeline.analyse(load_image(photos["one face"]), cache=LruCache(1 << 30))

    def two() -> None:
        cache = LruCache(1 << 30)
        image = load_image(photos["two faces"])
        faces = pipeline.face_outcome(image, cache=cache).faces
        assert len(faces) == 2, len(faces)
        for i in range(2):
            pipeline.analyse(image, face_index=i, cache=cache)

    times: dict[str, list[float]] = {"one face": [], "two faces": []}
    cpu: dict[str, list[float]] = {"one face": [], "two faces": []}
    for _ in range(repeat):   # alternate, so load changes hit both alike
        for name, fn in (("one face", one), ("two faces", two)):
            t, c = time.perf_counter(), time.process_time()
            fn()
            times[name].append(time.perf_counter() - t)
            cpu[name].append(time.process_time() - c)   # user+sys of every thread: less hit by others' load
    r = {f"analysis 12MP {k}": statistics.median(v) for k, v in times.items()}
    r.update({f"cpu s 12MP {k}": statistics.median(v) for k, v in cpu.items()})
    r["two faces / one face"] = r["analysis 12MP two faces"] / r["analysis 12MP one face"]
    r["two faces / one face (cpu)"] = r["cpu s 12MP two faces"] / r["cpu s 12MP one face"]
    return r


def crop_matrix(face, size: tuple[int, int]) -> np.ndarray:
    """An ID-like crop around the face: 4 eye distances wide, eyes 45% from the top."""
    w, h = size
    s = w / (4.0 * face.eye_distance)
    ex, ey = face.eye_mid
    return np.array([[s, 0, w / 2 - s * ex], [0, s, 0.45 * h - s * ey]], np.float64)


def recomposite(analysis):
    """The re-render a colour change costs: compose.render at output size."""
    from idphoto_gui.core.render import compose

    m = crop_matrix(analysis.face, OUT_SIZE)
    return lambda: compose.render(analysis.matte, matrix=m, size=OUT_SIZE, background=(67, 142, 219))


def ours(photos: dict[str, Path], repeat: int) -> dict[str, float]:
    """In-process figures for our pipeline (models warmed first)."""
    from idphoto_gui.core.analysis.cutout import cutout
    from idphoto_gui.core.analysis import pipeline
    from idphoto_gui.core.analysis.cache import LruCache
    from idphoto_gui.core.faces.faces import detect_faces
    from idphoto_gui.core.matting.foreground import estimate_foreground
    from idphoto_gui.core.imaging.fullres import load_full_resolution
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.matting import get_matter

    pipeline.warm_up("rvm")
    pipeline.warm_up("u2netp")
    r: dict[str, float] = {}
    for name, path in photos.items():
        img = load_image(path)
        matte = get_matter("rvm").matte(img.rgb)
        r[f"load {name}"] = median_time(lambda: load_image(path), repeat)
        r[f"face {name}"] = median_time(lambda: detect_faces(img.rgb), repeat)
        r[f"matte {name}"] = median_time(lambda: get_matter("rvm").matte(img.rgb), repeat)
        r[f"foreground {name}"] = median_time(lambda: estimate_foreground(img.rgb, matte.alpha), repeat)
        r[f"analysis {name}"] = median_time(
            lambda: pipeline.analyse(load_image(path), cache=LruCache(1 << 30)), repeat)
        result = pipeline.analyse(img)
        r[f"re-composite {name}"] = median_time(recomposite(result), 50)

        def cut(model: str) -> None:
            im = load_image(path)
            m = pipeline.matte_of(im, model_id=model, cache=LruCache(1 << 30))
            full = im.rgb if im.scale == 1.0 else load_full_resolution(path)
            cutout(full, m.alpha, im.rgb)
        r[f"cut-out u2netp {name}"] = median_time(lambda: cut("u2netp"), repeat)
        r[f"cut-out rvm {name}"] = median_time(lambda: cut("rvm"), repeat)
    return r


def run_py(python: Path | str, code: str, *args: str, env: dict | None = None) -> str:
    """Run code in a fresh interpreter; its stdout (last line)."""
    proc = subprocess.run([str(python), "-c", code, *args], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=900)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-2000:])
    return proc.stdout.strip().splitlines()[-1]


def subprocess_figures(photos: dict[str, Path]) -> dict[str, float]:
    """Cold start (import to first analysis, 2 MP) and peak RSS (12 MP analysis), fresh processes."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cold = [float(run_py(sys.executable, COLD, str(photos["2MP"]), env=env)) for _ in range(3)]
    peak = float(run_py(sys.executable, PEAK, str(photos["12MP"]), env=env))
    return {"cold start": statistics.median(cold), "peak memory MB": peak}


def ensure_peer() -> Path:
    """benchmarks/.venv-peer with rembg (never in the project's venv); created on first use."""
    python = PEER_VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True)
        (PEER_VENV / ".gitignore").write_text("*\n")
        subprocess.run([str(python), "-m", "pip", "install", "-q", PEER_REQ], check=True)
        subprocess.run([str(python), "-c", "import rembg"], check=True)  # numba fills its cache (~1 min)
    return python


def peer(photos: dict[str, Path], repeat: int, home: Path) -> dict[str, float]:
    """rembg remove() with its u2netp session on the same files, offline (U2NET_HOME = our copy)."""
    shutil.copy(REPO / "models" / "u2netp.onnx", home / "u2netp.onnx")
    env = dict(os.environ, U2NET_HOME=str(home), MODEL_CHECKSUM_DISABLED="1", OMP_NUM_THREADS="2")
    env.pop("PYTHONPATH", None)
    paths = json.dumps({k: str(v) for k, v in photos.items()})
    return json.loads(run_py(ensure_peer(), PEER, paths, str(photos["2MP"]), str(repeat), env=env))


def report(r: dict[str, float], p: dict[str, float] | None) -> None:
    """One line per figure: value, target and PASS/MISS where there is one, ratio to the peer."""
    print(f"{'figure':28} {'ours':>10} {'target':>9} {'':5} {'rembg':>9} {'ours/rembg':>10}")
    for key, value in r.items():
        unit = "MB" if "MB" in key else "s"
        target = next((t for name, t in TARGETS.items() if key.startswith(name)), None)
        verdict = "" if target is None else ("PASS" if value <= target else "MISS")
        peer_key = key.replace("cut-out u2netp", "cut-out").replace("cut-out rvm", "cut-out")
        if key.startswith("analysis"):
            peer_key = key.replace("analysis", "cut-out")
        pv = (p or {}).get(peer_key)
        fmt = (lambda v: f"{v:.0f}") if unit == "MB" else (lambda v: f"{v * 1000:.1f}ms" if v < 0.1 else f"{v:.3f}")
        print(f"{key:28} {fmt(value):>10} {'' if target is None else fmt(target):>9} {verdict:5} "
              f"{'' if pv is None else fmt(pv):>9} {'' if pv is None else f'{value / pv:.2f}':>10}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per timed figure (median)")
    ap.add_argument("--no-peer", action="store_true", help="skip rembg")
    ap.add_argument("--pair-only", action="store_true",
                    help="only the two-face vs one-face 12 MP analysis (issue 27)")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}, repeat {args.repeat}, "
          f"load average {os.getloadavg()[0]:.1f} (other work on the machine inflates every time)")
    if args.pair_only:
        with tempfile.TemporaryDirectory(prefix="idphoto-bench-") as tmp:
            r = pair_figures(make_pair_photos(Path(tmp)), args.repeat)
        for key, value in r.items():
            verdict = "PASS" if value <= PAIR_LIMIT else "MISS"
            print(f"{key:28} {value:10.3f}" + ("" if "/" not in key else f"  target <= {PAIR_LIMIT}  {verdict}"))
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
        return 0
    with tempfile.TemporaryDirectory(prefix="idphoto-bench-") as tmp:
        photos = make_photos(Path(tmp))
        results = ours(photos, args.repeat)
        results.update(subprocess_figures(photos))
        home = Path(tmp) / "u2net_home"
        home.mkdir()
        peer_results = None if args.no_peer else peer(photos, args.repeat, home)
    report(results, peer_results)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
