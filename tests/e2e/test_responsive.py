"""The GUI thread stays responsive while a 12 MP photo is decoded and analysed; several faces -> pick one."""
from __future__ import annotations

import logging
import time

import cv2
import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QTimer, Qt

from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready

log = logging.getLogger(__name__)


class GapMeter:
    """A 5 ms timer; the longest interval between ticks is how long the GUI thread was blocked.

    Each interval also records the GUI thread's own CPU time in it: a long interval in which that
    thread hardly ran was spent waiting for a core or the GIL (a busy shared machine), not working.
    """

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.last = self.last_cpu = 0.0
        self.gaps: list[float] = []
        self.busy: list[float] = []   # the GUI thread's CPU seconds in each interval

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if self.last:
            self.gaps.append(now - self.last)
            self.busy.append(cpu - self.last_cpu)
        self.last, self.last_cpu = now, cpu

    def start(self) -> None:
        self.last = 0.0
        self.timer.start()

    def stop(self) -> float:
        self.timer.stop()
        return max(self.gaps) * 1000 if self.gaps else 0.0

    def longest_work_ms(self) -> float:
        """The most CPU the GUI thread spent in one interval: its longest stretch of its own work."""
        return max(self.busy) * 1000 if self.busy else 0.0


@pytest.fixture
def photo_12mp(tmp_path, data_dir):
    """A ~12 MP JPEG (4240 x 2830) made by upscaling a test portrait."""
    rgb = np.asarray(Image.open(data_dir / "woman_white_wall.jpg").convert("RGB"))
    big = cv2.resize(rgb, (4240, 2830), interpolation=cv2.INTER_CUBIC)
    path = tmp_path / "big_12mp.jpg"
    Image.fromarray(big).save(path, quality=90)
    return path


def test_gui_thread_never_stalls_on_a_12mp_photo(qtbot, window, photo_12mp, record_property):
    meter = GapMeter()
    meter.start()
    t0 = time.perf_counter()
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(photo_12mp)])
    qtbot.wait(200)  # includes the first render and the slower checks
    longest = meter.stop()
    elapsed = time.perf_counter() - t0
    gaps = sorted(meter.gaps)
    p99 = gaps[int(len(gaps) * 0.99)] * 1000 if gaps else 0.0
    record_property("longest_gap_ms", round(longest, 1))
    log.warning("12 MP import+analysis %.1f s: longest GUI gap %.1f ms, p99 %.1f ms over %d ticks; "
                "longest GUI work %.1f ms", elapsed, longest, p99, len(gaps), meter.longest_work_ms())
    print(f"\n12 MP import+analysis {elapsed:.1f} s: longest GUI gap {longest:.1f} ms, p99 {p99:.1f} ms")
    assert window.controller.result is not None
    work = meter.longest_work_ms()
    record_property("longest_gui_work_ms", round(work, 1))
    # Analysing on the GUI thread would be hundreds of ms of its own CPU in one go. The wall-clock gap
    # also counts waiting for a core or the GIL, which a busy shared machine stretches (260 ms seen at
    # load 5 against 66 ms quiet), so the firm limit is on the GUI thread's own work, the gap's is loose.
    assert work < 150, f"GUI thread worked {work:.0f} ms without returning to the event loop"
    assert longest < 1000, f"GUI thread blocked for {longest:.0f} ms ({work:.0f} ms of its own work)"


@pytest.fixture
def two_people(tmp_path, data_dir):
    """Two portraits side by side in one photo."""
    a = np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB"))
    b = np.asarray(Image.open(data_dir / "woman_grey_bg.jpg").convert("RGB"))
    h = min(a.shape[0], b.shape[0], 900)
    a = cv2.resize(a, (round(a.shape[1] * h / a.shape[0]), h), interpolation=cv2.INTER_AREA)
    b = cv2.resize(b, (round(b.shape[1] * h / b.shape[0]), h), interpolation=cv2.INTER_AREA)
    path = tmp_path / "two_people.jpg"
    Image.fromarray(np.hstack([a, b])).save(path, quality=92)
    return path


def test_several_faces_pick_one_by_clicking(qtbot, window, two_people, artifacts_dir):
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(two_people)])
    doc = c.photos.current
    assert doc.error is not None and doc.error.code == "multiple_faces"
    assert window.ui.original.isVisible() and window.ui.original.pick_mode
    assert window.ui.banner.isVisible()
    rects = window.ui.original.face_rects()
    assert len(rects) >= 2
    shot(window, artifacts_dir, "07_pick_face")
    runs = window.engine.model_runs()
    target = max(range(len(rects)), key=lambda i: rects[i].center().x())  # the person on the right
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        qtbot.mouseClick(window.ui.original, Qt.MouseButton.LeftButton, pos=rects[target].center().toPoint())
    wait_ready(qtbot, window)
    assert doc.face_index == target and doc.error is None
    assert c.result is not None
    assert window.engine.model_runs() == runs, "picking a face re-uses the cached faces and matte"
    assert not window.ui.original.pick_mode
    shot(window, artifacts_dir, "08_picked_face")
