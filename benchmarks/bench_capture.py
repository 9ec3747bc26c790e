"""Capture page figures on this machine: hint-loop rate (detection at the small size) and view rate.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_capture.py [seconds]
"""
from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # run from a checkout without installing


import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PySide6.QtCore import QEventLoop, QSettings, QTemporaryDir, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from idphoto_gui.core.faces import capture_guide# noqa: E402
from idphoto_gui.core.faces.faces import detect_faces  # noqa: E402
from idphoto_gui.core.templates.specs import get_template  # noqa: E402
from idphoto_gui.qt.common.camera import FileFrameSource  # noqa: E402
from idphoto_gui.qt.common.capture_guide import _small_rgb  # noqa: E402
from idphoto_gui.qt.widgets.capture_page import CapturePage  # noqa: E402

log = logging.getLogger("bench_capture")
DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
ICAO = get_template("icao-35x45")


def run_for(seconds: float) -> None:
    """Run the event loop (idle between events, like the app) for a while."""
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def camera_frames(width: int = 1280, height: int = 720) -> list[np.ndarray]:
    """Camera-sized frames of a real sitter, shifted a little each frame (so nothing is cached)."""
    rgb = cv2.cvtColor(cv2.imread(str(DATA / "woman_white_wall.jpg")), cv2.COLOR_BGR2RGB)
    rgb = cv2.resize(rgb, (width, height), interpolation=cv2.INTER_AREA)
    out = []
    for i in range(12):
        m = np.float32([[1, 0, (i - 6) * 4], [0, 1, 40 + (i % 3) * 3]])
        out.append(cv2.warpAffine(rgb, m, (width, height), borderMode=cv2.BORDER_REPLICATE))
    return out


def bench_hint_loop(frames: list[np.ndarray], side: int, seconds: float) -> float:
    """Frames/second of shrink + detect + assess, back to back, one thread (what the worker does)."""
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        small = _small_rgb(frames[n % len(frames)], side)
        capture_guide.evaluate_frame(small, ICAO, detector=detect_faces)
        n += 1
    return n / (time.perf_counter() - t0)


def bench_page(app: QApplication, frames: list[np.ndarray], fps: float, seconds: float) -> dict:
    """The real page fed at `fps`: frames shown, painted and analysed per second."""
    tmp = QTemporaryDir()
    settings = QSettings(tmp.filePath("s.ini"), QSettings.Format.IniFormat)
    source = FileFrameSource(frames, fps=fps)
    page = CapturePage(settings, source=source, template=ICAO)
    page.resize(1280, 820)
    page.show()
    run_for(1.0)                                          # warm-up: the worker thread loads its nets
    s0, p0, v0, t0 = page.frames_shown, page.frames_processed, page._view.paints, time.perf_counter()
    run_for(seconds)
    dt = time.perf_counter() - t0
    out = {"shown": (page.frames_shown - s0) / dt, "painted": (page._view.paints - v0) / dt,
           "analysed": (page.frames_processed - p0) / dt}
    repaint_ms = []
    for _ in range(20):
        t = time.perf_counter()
        page._view.repaint()
        repaint_ms.append((time.perf_counter() - t) * 1000)
    out["paint_ms"] = float(np.median(repaint_ms))
    page.shutdown()
    page.deleteLater()
    return out


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    app = QApplication.instance() or QApplication([])
    frames = camera_frames()
    detect_faces(_small_rgb(frames[0], 400))             # load the models once
    log.info("cores: %s", os.cpu_count())
    for side in (320, 400, 480):
        log.info("hint loop, detection at %d px: %.1f frames/s", side, bench_hint_loop(frames, side, seconds))
    for fps in (30.0, 60.0):
        r = bench_page(app, frames, fps, seconds)
        log.info("page fed 1280x720 at %.0f fps: view %.1f frames/s shown, %.1f paints/s, "
                 "hints %.1f frames/s analysed (detection at 400 px); one paint %.1f ms",
                 fps, r["shown"], r["painted"], r["analysed"], r["paint_ms"])


if __name__ == "__main__":
    main()
