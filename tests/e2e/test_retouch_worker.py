"""The preview's retouch runs on a worker: the GUI thread never runs it, the preview shows the retouched
render when it arrives and never a stale one, and a photo closed or switched meanwhile is safe."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

import gc
import threading
import weakref

import numpy as np
import pytest

from idphoto_gui.core.render.result import Target
from idphoto_gui.core.render.retouch import apply as apply_mod
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.qt.common.images import qimage_to_rgb
from idphoto_gui.qt.window.retouch_lane import LANE, Shown
from window_helpers import ANALYSIS_TIMEOUT_MS, wait_ready


class RetouchSpy:
    """Wraps the retouch: records the thread of every call; `hold()` makes the next calls wait for `release()`."""

    def __init__(self, monkeypatch) -> None:
        self.threads: list[threading.Thread] = []
        self.gate = threading.Event()
        self.gate.set()
        self.started = threading.Event()
        original = apply_mod.retouch

        def spy(*args, **kwargs):
            self.threads.append(threading.current_thread())
            self.started.set()
            self.gate.wait(30)
            return original(*args, **kwargs)

        monkeypatch.setattr(apply_mod, "retouch", spy)

    def hold(self) -> None:
        self.started.clear()
        self.gate.clear()

    def release(self) -> None:
        self.gate.set()

    def on_gui_thread(self) -> int:
        return sum(t is threading.main_thread() for t in self.threads)


def _open(qtbot, w, *paths) -> None:
    w.open_paths([str(p) for p in paths])
    for doc in list(w.controller.photos.items):
        wait_ready(qtbot, w, doc.key, timeout=ANALYSIS_TIMEOUT_MS)
    qtbot.waitUntil(lambda: w.controller.result is not None, timeout=20000)


def _full(qtbot, c) -> None:
    qtbot.waitUntil(lambda: c.result is not None and c.result.look == c.edit().look and not c.look_pending,
                    timeout=15000)


def _shown_rgb(w) -> np.ndarray:
    return qimage_to_rgb(w.ui.preview.image())


def _cv_photo(qtbot, w, data_dir) -> None:
    """The test photo open on the CV template with its full look shown."""
    _open(qtbot, w, data_dir / "woman_white_wall.jpg")
    w.controller.set_template("cn-resume")
    _full(qtbot, w.controller)


@pytest.fixture
def spy(monkeypatch):
    s = RetouchSpy(monkeypatch)
    yield s
    s.release()


def test_a_retouch_step_runs_on_a_worker_without_flicker_and_shows_its_result(qtbot, window, data_dir, spy):
    w, c = window, window.controller
    _cv_photo(qtbot, w, data_dir)
    slider = w.ui.look.sliders["retouch"]
    frames: list[int] = []
    c.rendered.connect(lambda r: frames.append(-1 if r is None else r.look.retouch))
    before_gui = spy.on_gui_thread()
    kept = c.result
    slider.setValue(70)                      # one step; returns to the event loop at once
    assert c.look_pending and c.edit().look.retouch == 70
    assert c.result is kept and not c.drafting, "the last full render stays until the new one arrives"
    for value in (72, 74, 76):               # a drag: latest wins
        slider.setValue(value)
    _full(qtbot, c)
    assert spy.on_gui_thread() == before_gui, "the retouch ran on the GUI thread"
    assert spy.threads and spy.threads[-1] is not threading.main_thread()
    assert c.result.look.retouch == 76 and not c.drafting
    assert np.array_equal(_shown_rgb(w), c.result.rgb), "the preview shows the arrived render"
    assert all(f > 0 for f in frames), f"an un-retouched frame was shown during the drag: {frames}"
    assert any(f.code == "retouch" and "76" in said(f) for f in c.result.findings)
    fresh = PhotoSession(c.edit(), analysis=c.photos.current.analysis).render(Target.preview(c.preview_scale))
    assert np.array_equal(fresh.rgb, c.result.rgb), "the worker's render is the one the GUI thread made before"
    assert fresh.findings == c.result.findings


def test_a_photo_saved_while_its_retouch_is_on_the_way_carries_it(qtbot, window, data_dir, tmp_path):
    from PIL import Image

    w, c = window, window.controller
    _cv_photo(qtbot, w, data_dir)
    w.ui.look.sliders["retouch"].setValue(65)
    assert c.look_pending                    # the preview still shows the last full render
    path = tmp_path / "cv.png"
    with qtbot.waitSignal(w.exporter.exported, timeout=60000):
        assert w.exporter.save_photo(str(path), fmt="png", dpi=300, max_kb=None)
    saved = np.asarray(Image.open(path).convert("RGB"))
    doc = c.photos.current
    want = PhotoSession(doc.edit, analysis=doc.analysis).render(Target.export(300))
    plain = PhotoSession(doc.edit.but(look=doc.edit.look.but(retouch=0)), analysis=doc.analysis).render(
        Target.export(300))
    assert np.array_equal(saved, want.rgb) and not np.array_equal(saved, plain.rgb)


def test_a_stale_result_is_not_shown(qtbot, window, data_dir, spy):
    w, c = window, window.controller
    _cv_photo(qtbot, w, data_dir)
    slider = w.ui.look.sliders["retouch"]
    slider.setValue(60)
    _full(qtbot, c)
    spy.hold()
    slider.setValue(90)                      # its render waits on the worker
    assert spy.started.wait(20)
    slider.setValue(60)                      # back to a cached look: shown at once, the 90 job is stale
    assert c.result.look.retouch == 60 and not c.look_pending
    spy.release()
    assert c.workers.wait(20000)
    qtbot.wait(100)
    assert c.result.look.retouch == 60 and c.edit().look.retouch == 60
    doc = c.photos.current                   # a result for an edit that is no longer current is dropped
    shown = c.result
    c._on_look(Shown(doc.key, doc.edit.but(look=doc.edit.look.but(retouch=5)), shown.pixel_size), object())
    assert c.result is shown


def test_switching_or_closing_while_a_retouch_runs(qtbot, window, data_dir, spy):
    w, c = window, window.controller
    _open(qtbot, w, data_dir / "woman_white_wall.jpg", data_dir / "man_suit.jpg")
    first, second = (d.key for d in c.photos.items)
    c.select(first)
    c.set_template("cn-resume")
    _full(qtbot, c)
    spy.hold()
    w.ui.look.sliders["retouch"].setValue(80)
    assert spy.started.wait(20)
    c.select(second)                         # switched while the first photo's retouch runs
    spy.release()
    assert c.workers.wait(20000)
    qtbot.wait(100)
    assert c.photos.current.key == second and c.result is not None
    _full(qtbot, c)
    assert c.result.look == c.photos.current.edit.look
    c.set_template("cn-resume")
    _full(qtbot, c)
    spy.hold()
    w.ui.look.sliders["retouch"].setValue(85)
    assert spy.started.wait(20)
    gone = weakref.ref(c.photos.current.session)
    c.close_photo(second)                    # closed while its retouch runs
    spy.release()
    assert c.workers.wait(20000)
    qtbot.wait(100)
    assert c.photos.current.key == first and c.workers.latest(LANE) == 0
    _full(qtbot, c)
    assert c.result.look.retouch == 80
    gc.collect()
    assert gone() is None, "the closed photo's session is still held"
