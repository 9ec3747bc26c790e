"""HTTP API throughput: requests/s and p50/p95 latency at 1, 4 and 8 concurrent clients.

Run: .venv/bin/python benchmarks/bench_server.py [--levels 1 4 8] [--per-client 3] [--hits 40]

Starts `idphoto serve` in its own process on a free loopback port (models loaded at start), then
- new photos: 2 MP JPEGs that all differ (each one a real cache miss: face detection + matting),
- cache hits: one photo in 5 background colours (the analysis is cached, no model runs),
all through POST /photo to cn-1inch. Prints a table, the model runs seen by /health, the server's
memory, and the machine's load average. The workshop this project grew from publishes 3.2 s per
photo on CPU after tuning and 0.2 -> 1.1 requests/s; those are printed beside ours.
"""
from __future__ import annotations

import argparse
import io
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "photos" / "portraits"
SOURCE = SHARED / "05_u2net_curly_dark_skin_woman.jpg"   # room around the head for cn-1inch
FALLBACK = ROOT / "tests" / "data" / "curly_dark_skin_woman.jpg"
PIXELS = 2_000_000
COLOURS = ("blue", "red", "white", "#6A8CAF", "200,200,200")
TEMPLATE = "cn-1inch"
WORKSHOP = "workshop (published): 3.2 s per photo on CPU after tuning; 0.2 -> 1.1 requests/s"


def two_mp_photos(count: int) -> list[bytes]:
    """`count` different 2 MP JPEGs: the portrait at 2 MP, then mirrored, each pair cropped 2 px more."""
    from PIL import Image, ImageOps

    base = _two_mp(Image.open(SOURCE if SOURCE.exists() else FALLBACK).convert("RGB"))
    images = (base, ImageOps.mirror(base))
    out = []
    for i in range(count):
        img = images[i % 2]
        k = 2 * (i // 2)
        buf = io.BytesIO()
        img.crop((k, 0, img.width - k, img.height)).save(buf, "JPEG", quality=90)
        out.append(buf.getvalue())
    return out


def _two_mp(img):
    """The image scaled (Lanczos, aspect kept) to about 2 megapixels."""
    s = (PIXELS / (img.width * img.height)) ** 0.5
    return img.resize((round(img.width * s), round(img.height * s)), 1)


def start_server(port: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "idphoto_gui.cli", "serve", "--port", str(port), "--queue", "16"]
    return subprocess.Popen(cmd, cwd=tempfile.gettempdir(), env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_ready(client, proc: subprocess.Popen) -> float:
    start = time.perf_counter()
    while True:
        try:
            if client.get("/health").status == 200:
                return time.perf_counter() - start
        except OSError:
            if proc.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.1)


def timed(client, data: bytes, colour: str) -> tuple[float, int]:
    start = time.perf_counter()
    reply = client.post("/photo", [("image", "p.jpg", data)], template=TEMPLATE, background=colour)
    return time.perf_counter() - start, reply.status


def run_level(client, jobs: list[tuple[bytes, str]], clients: int) -> dict:
    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        results = list(pool.map(lambda j: timed(client, *j), jobs))
    wall = time.perf_counter() - start
    ok = sorted(t for t, s in results if s == 200)
    q = statistics.quantiles(ok, n=20, method="inclusive") if len(ok) > 1 else ok * 19
    return {"n": len(jobs), "ok": len(ok), "rps": len(ok) / wall, "p50": statistics.median(ok), "p95": q[18]}


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        return int(next(row for row in fh if row.startswith("VmRSS:")).split()[1]) / 1024


def main() -> int:
    from idphoto_gui.server.client import Client

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 4, 8])
    ap.add_argument("--per-client", type=int, default=3, help="new photos per client at each level")
    ap.add_argument("--hits", type=int, default=40, help="cache-hit requests at each level")
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    photos = two_mp_photos(sum(args.per_client * c for c in args.levels) + 1)
    print(f"{len(photos)} different 2 MP JPEGs (~{len(photos[0]) // 1000} KB each), "
          f"POST /photo -> {TEMPLATE}")
    proc = start_server(port)
    client = Client(f"http://127.0.0.1:{port}", timeout=600)
    try:
        print(f"server ready in {wait_ready(client, proc):.1f} s (models loaded), RSS {rss_mb(proc.pid):.0f} MB")
        rows, used = [], 1
        for c in args.levels:
            jobs = [(photos[used + i], COLOURS[0]) for i in range(args.per_client * c)]
            used += len(jobs)
            rows.append(("new photo", c, run_level(client, jobs, c)))
        hit_photo = photos[0]
        assert timed(client, hit_photo, COLOURS[0])[1] == 200
        runs = client.get("/health").json()["pipeline"]
        for c in args.levels:
            jobs = [(hit_photo, COLOURS[i % len(COLOURS)]) for i in range(args.hits)]
            rows.append(("same photo, 5 colours", c, run_level(client, jobs, c)))
        after = client.get("/health").json()["pipeline"]
        print(f"\n{'requests':<22} {'clients':>7} {'n':>4} {'ok':>4} {'req/s':>7} {'p50 s':>7} {'p95 s':>7}")
        for kind, c, r in rows:
            print(f"{kind:<22} {c:>7} {r['n']:>4} {r['ok']:>4} {r['rps']:>7.2f} {r['p50']:>7.3f} {r['p95']:>7.3f}")
        print(f"\nmodel runs during the cache-hit rows: matte {after['matte_runs'] - runs['matte_runs']}, "
              f"face {after['face_runs'] - runs['face_runs']}; cache hits +{after['cache_hits'] - runs['cache_hits']}")
        print(f"server RSS at the end: {rss_mb(proc.pid):.0f} MB")
        print(WORKSHOP)
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
