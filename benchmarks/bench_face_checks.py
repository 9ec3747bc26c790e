"""Cost of the face checks per photo: iris model + every pixel measure + findings (target <= 15 ms).

Run: .venv/bin/python benchmarks/bench_face_checks.py [--repeat 5] [--threads 1]
Faces and the person's matte are found first (they belong to the cached analysis, not to the checks; the
head covering reads the matte); then, for each photo
in tests/data/expressions and the tests/data portraits, the median of `repeat` uncached runs of
measure_face + face_quality_findings is taken, and the best run. Wall time waits for a core on a busy
machine, so the CPU time this thread used (time.thread_time; the checks run on one thread with one
OpenCV thread) is printed too: the cost on a quiet machine. Prints their median and worst, the iris
model alone, the expression classifier alone (its two crops and one pass, thread CPU time), and the load
average (quote it with the figure).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1, help="OpenCV threads (the checks run in a worker)")
    args = ap.parse_args()
    import cv2

    cv2.setNumThreads(args.threads)
    from idphoto_gui.core.render.compliance import THRESHOLDS
    from idphoto_gui.core.faces.face_quality.expression import emotions
    from idphoto_gui.core.faces.face_quality.findings import face_quality_findings
    from idphoto_gui.core.faces.face_quality.iris import eyes
    from idphoto_gui.core.faces.face_quality.measures import measure_face
    from idphoto_gui.core.faces.face_quality.patch import face_patch
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.templates.specs import get_template

    data = ROOT / "tests" / "data"
    paths = sorted((data / "expressions").glob("*.jpg")) + [data / n for n in (
        "man_suit.jpg", "man_glasses.jpg", "woman_grey_bg.jpg", "curly_dark_skin_woman.jpg", "child.png")]
    template = get_template("icao-35x45")
    per_photo, best, cpu, iris_ms, feel_ms = [], [], [], [], []
    for path in paths:
        analysis = analyse(load_image(path))
        if analysis.face is None:
            continue
        rgb, face, alpha = analysis.image.rgb, analysis.face, analysis.matte.alpha
        runs, cpu_runs = [], []
        for _ in range(args.repeat):
            t, c = time.perf_counter(), time.thread_time()
            m = measure_face(rgb=rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg, alpha=alpha)
            face_quality_findings(m, template=template, thresholds=THRESHOLDS)
            runs.append((time.perf_counter() - t) * 1000)
            cpu_runs.append((time.thread_time() - c) * 1000)
            t = time.perf_counter()
            right, left = eyes(rgb, face.landmarks)
            iris_ms.append((time.perf_counter() - t) * 1000)
            p = face_patch(rgb, mesh=face.landmarks, right=right, left=left)
            c = time.thread_time()
            emotions(p)
            feel_ms.append((time.thread_time() - c) * 1000)
        per_photo.append(statistics.median(runs))
        best.append(min(runs))
        cpu.append(statistics.median(cpu_runs))
    print(f"face checks on {len(per_photo)} photos, median of {args.repeat} runs each, "
          f"{args.threads} OpenCV thread(s)")
    print(f"  per photo: median {statistics.median(per_photo):.1f} ms, worst {max(per_photo):.1f} ms, "
          f"best {min(per_photo):.1f} ms  (target <= 15 ms: "
          f"{'PASS' if statistics.median(per_photo) <= 15 else 'MISS'})")
    print(f"  best of {args.repeat} per photo (CPU cost without waiting for a core): median "
          f"{statistics.median(best):.1f} ms, worst {max(best):.1f} ms")
    print(f"  CPU time of the thread per photo (the cost on a quiet machine): median "
          f"{statistics.median(cpu):.1f} ms, worst {max(cpu):.1f} ms  (target <= 15 ms: "
          f"{'PASS' if statistics.median(cpu) <= 15 else 'MISS'})")
    print(f"  iris model (both eyes, one pass): median {statistics.median(iris_ms):.1f} ms")
    print(f"  expression classifier (two crops, one pass; thread CPU): median {statistics.median(feel_ms):.1f} ms")
    print(f"  load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
