"""Capture page with a file-backed camera: hints follow the sitter, capture is full-size, view never stalls."""
from __future__ import annotations

import time

import cv2
import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtMultimedia import QCameraDevice

from idphoto_gui.core.faces import capture_guide
from idphoto_gui.qt.common import camera as cam
from idphoto_gui.qt.common import camera_qt
from idphoto_gui.core.templates.specs import get_template
from idphoto_gui.qt.widgets.capture_page import CapturePage

ICAO = get_template("icao-35x45")

SIZE = (1280, 820)

@pytest.fixture
def settings(app_settings):
    """The QSettings store behind the shared settings fixture."""
    return app_settings.store


def rgb_of(path) -> np.ndarray:
    return cv2.cvtColor(cv2.imread(str(path)), cv2.COLOR_BGR2RGB)


def moved(rgb: np.ndarray, *, scale=1.0, dx=0.0, dy=0.0, angle=0.0) -> np.ndarray:
    """The frame as if the sitter had moved: scaled/shifted/rotated about the centre."""
    h, w = rgb.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 2] += dx * w
    m[1, 2] += dy * h
    return cv2.warpAffine(rgb, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


def camera_frame(data_dir, name="woman_white_wall.jpg", width=960) -> np.ndarray:
    """A 'camera' frame of a real photo at a typical preview width."""
    rgb = rgb_of(data_dir / name)
    s = width / rgb.shape[1]
    return cv2.resize(rgb, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)


def make_page(qtbot, settings, source, **kw) -> CapturePage:
    page = CapturePage(settings, source=source, template=kw.pop("template", ICAO), **kw)
    qtbot.addWidget(page)
    page.resize(*SIZE)
    return page


def shoot(page: CapturePage, path) -> None:
    """Save what the user sees."""
    page.grab().save(str(path))


def test_no_camera_shows_a_message(qtbot, settings, artifacts_dir):
    page = make_page(qtbot, settings, None)      # real Qt camera source; offscreen has none
    page.show()
    qtbot.waitUntil(lambda: page._view._message == cam.NO_CAMERA, timeout=3000)
    assert not page._shutter.isEnabled()
    title, body = page._view.message_texts(cam.NO_CAMERA)
    assert title == "No camera found" and "import" in body
    page.capture()                                # nothing happens, nothing raises
    shoot(page, artifacts_dir / "capture_no_camera.png")
    page.shutdown()


def test_hints_follow_the_sitter(qtbot, settings, data_dir, artifacts_dir):
    base = moved(camera_frame(data_dir), dy=0.08)     # eyes on the template's eye line
    phases = [(capture_guide.MOVE_CLOSER, moved(base, scale=0.6)), (capture_guide.READY, base),
              (capture_guide.MOVE_RIGHT, moved(base, dx=0.2)), (capture_guide.LEVEL_HEAD, moved(base, angle=12))]
    frames = [f for _, f in phases for _ in range(12)]
    source = cam.FileFrameSource(frames, fps=15, loop=False)
    page = make_page(qtbot, settings, source)
    seen: list[set[str]] = []

    def on_state(state):
        codes = {h.code for h in state.hints}
        for code, _ in phases:
            if code in codes and not any(code in s for s in seen):
                shoot(page, artifacts_dir / f"capture_hint_{code}.png")
        seen.append(codes)

    page.guide_changed.connect(on_state)
    page.show()
    qtbot.waitUntil(lambda: not source.is_active() and not page._guide.busy, timeout=15000)
    first = {code: next((i for i, s in enumerate(seen) if code in s), None) for code, _ in phases}
    assert None not in first.values(), (first, seen)
    assert first[capture_guide.MOVE_CLOSER] < first[capture_guide.READY] < first[capture_guide.MOVE_RIGHT] < first[capture_guide.LEVEL_HEAD]
    page.shutdown()


def test_capture_by_space_is_full_resolution_and_not_mirrored(qtbot, settings, data_dir):
    path = data_dir / "man_suit.jpg"
    source = cam.FileFrameSource([path], fps=20, preview_max_side=320)
    page = make_page(qtbot, settings, source)
    page.show()
    qtbot.waitUntil(lambda: page.frames_shown > 0, timeout=3000)
    assert page._view._image.width() <= 320           # the preview is small ...
    page.setFocus()
    with qtbot.waitSignal(page.captured, timeout=3000) as blocker:
        qtbot.keyClick(page, Qt.Key.Key_Space)
    still = blocker.args[0]
    assert still.shape == rgb_of(path).shape          # ... the still is the source's full size
    assert np.abs(still.astype(int) - rgb_of(path).astype(int)).mean() < 3   # same pixels, unmirrored
    page.shutdown()


def test_countdown_then_capture(qtbot, settings, data_dir, artifacts_dir):
    source = cam.FileFrameSource([camera_frame(data_dir, "man_suit.jpg", 720)], fps=20)
    page = make_page(qtbot, settings, source)
    page._timer.setChecked(True)
    page._countdown.setInterval(150)
    page.show()
    qtbot.waitUntil(lambda: page.frames_processed > 0, timeout=5000)
    captured = []
    page.captured.connect(captured.append)
    page._shutter.click()
    assert page._view._count == 3 and page._shutter.text() == "Cancel"
    shoot(page, artifacts_dir / "capture_countdown.png")
    qtbot.waitUntil(lambda: bool(captured), timeout=3000)
    assert page._view._count == 0 and page._shutter.text() == "Capture"
    assert settings.value(camera_qt.SETTINGS_KEY) is None and settings.value("capture/timer") == "true"
    # a second press during the countdown cancels it
    page._shutter.click()
    page._shutter.click()
    assert not page._countdown.isActive() and len(captured) == 1
    page.shutdown()


class ScriptedStills(cam.FileFrameSource):
    """Returns prepared stills in order (a camera whose burst frames differ in sharpness)."""

    def __init__(self, preview, stills):
        super().__init__([preview], fps=20)
        self._stills = list(stills)

    def capture_still(self):
        self.still_captured.emit(self._stills.pop(0))


def test_burst_keeps_the_sharpest(qtbot, settings, data_dir):
    sharp = rgb_of(data_dir / "man_suit.jpg")
    blurred = cv2.GaussianBlur(sharp, (15, 15), 5)
    page = make_page(qtbot, settings, ScriptedStills(sharp, [blurred, sharp, blurred]), burst_size=3)
    page._burst.setChecked(True)
    page.show()
    with qtbot.waitSignal(page.captured, timeout=5000) as blocker:
        page.capture()
    assert blocker.args[0] is sharp
    assert page._shutter.isEnabled()
    page.shutdown()


def test_view_keeps_running_while_detection_is_slow(qtbot, settings, data_dir):
    from idphoto_gui.core.faces.faces import detect_faces

    def slow_detector(rgb):
        time.sleep(0.4)
        return detect_faces(rgb)

    source = cam.FileFrameSource([camera_frame(data_dir)], fps=30)
    page = make_page(qtbot, settings, source, detector=slow_detector)
    page.show()
    qtbot.wait(2000)
    page.stop()
    qtbot.waitUntil(lambda: not page._guide.busy, timeout=3000)
    shown, processed = page.frames_shown, page.frames_processed
    assert shown >= 30, shown                     # ~60 expected at 30 fps; the GUI never waited
    assert 1 <= processed <= 6, processed         # one in flight, the rest dropped
    assert shown >= 5 * processed
    page.shutdown()


def test_detection_failure_leaves_the_view_running(qtbot, settings, data_dir):
    def broken(rgb):
        raise RuntimeError("model damaged")

    source = cam.FileFrameSource([camera_frame(data_dir)], fps=30)
    page = make_page(qtbot, settings, source, detector=broken)
    page.show()
    qtbot.waitUntil(lambda: page.frames_processed >= 2 and page.frames_shown >= 10, timeout=5000)
    assert page._view._unavailable
    page.shutdown()


def test_no_template_means_no_detection(qtbot, settings, data_dir):
    source = cam.FileFrameSource([camera_frame(data_dir)], fps=30)
    page = make_page(qtbot, settings, source, template=None)
    page.show()
    qtbot.waitUntil(lambda: page.frames_shown >= 5, timeout=3000)
    assert page.frames_processed == 0 and not page._guide.busy
    page.shutdown()


def test_mirror_choice_is_remembered(qtbot, settings, data_dir):
    source = cam.FileFrameSource([camera_frame(data_dir)], fps=30)
    page = make_page(qtbot, settings, source)
    assert page._view._mirrored                  # mirror by default (kiosk)
    page._mirror.setChecked(False)
    again = make_page(qtbot, settings, cam.FileFrameSource([camera_frame(data_dir)]))
    assert not again._view._mirrored
    page.shutdown()
    again.shutdown()


def test_camera_format_helpers_without_a_device():
    null = QCameraDevice()
    assert not camera_qt.best_photo_resolution(null).isValid()
    assert camera_qt.pick_video_format(null, camera_qt.best_photo_resolution(null)) is None


def test_unplug_and_replug_show_then_clear_the_message(qtbot, settings, data_dir, artifacts_dir):
    source = cam.FileFrameSource([camera_frame(data_dir)], fps=30)
    page = make_page(qtbot, settings, source)
    page.show()
    qtbot.waitUntil(lambda: page.frames_shown > 0, timeout=3000)
    source.stop()
    source.failed.emit(cam.CAMERA_LOST)          # what QtCameraSource says when its device vanishes
    assert page._view._message == cam.CAMERA_LOST and not page._shutter.isEnabled()
    assert page._cameras.isHidden()              # no camera list here, so the advice names none
    assert "below" not in page._view.message_texts(cam.CAMERA_LOST)[1]
    shoot(page, artifacts_dir / "capture_camera_lost.png")
    from idphoto_gui.qt.common.i18n import translations
    translations.apply("zh_CN")
    try:
        assert "下方" not in page._view.message_texts(cam.CAMERA_LOST)[1]
        qtbot.wait(100)
        shoot(page, artifacts_dir / "capture_camera_lost_zh.png")
    finally:
        translations.apply("en")
    page._view.set_other_cameras(True)           # a list with a choice below: then it is named
    assert "below" in page._view.message_texts(cam.CAMERA_LOST)[1]
    source.start()                               # the camera is back: active_changed(True)
    assert page._view._message is None and page._shutter.isEnabled()
    qtbot.waitUntil(lambda: page._view._image is not None, timeout=3000)
    page.shutdown()


def test_the_marriage_photo_guide_draws_two_head_ovals(qtbot, settings, data_dir, artifacts_dir):
    """A pair template on the live view: two head ovals side by side and the pair's hints (screenshots en, zh)."""
    from idphoto_gui.qt.common.i18n import translations

    frames = [camera_frame(data_dir, "couple_expedition12.jpg")] * 12
    source = cam.FileFrameSource(frames, fps=15, loop=False)
    page = make_page(qtbot, settings, source, template=get_template("cn-marriage"))
    states = []
    page.guide_changed.connect(states.append)
    page.show()
    qtbot.waitUntil(lambda: bool(states), timeout=15000)
    codes = {h.code for h in states[-1].hints}
    assert capture_guide.BOTH_OF_YOU not in codes and capture_guide.ONE_PERSON not in codes
    assert len(capture_guide.geometry(SIZE, page._view._template).head_ovals) == 2
    shoot(page, artifacts_dir / "capture_pair_ovals_en.png")
    translations.apply("zh_CN")
    try:
        qtbot.wait(100)
        shoot(page, artifacts_dir / "capture_pair_ovals_zh.png")
    finally:
        translations.apply("en")
    qtbot.waitUntil(lambda: not source.is_active() and not page._guide.busy, timeout=15000)
    page.shutdown()


@pytest.mark.parametrize("size", [SIZE, (620, 820), (420, 820)], ids=["wide", "narrow", "very_narrow"])
def test_the_eye_label_stays_whole_on_screen(qtbot, settings, data_dir, size):
    source = cam.FileFrameSource([camera_frame(data_dir, "man_suit.jpg", 720)], fps=20)
    page = make_page(qtbot, settings, source)
    page.resize(*size)
    page.show()
    qtbot.waitUntil(lambda: page.frames_shown > 2, timeout=5000)
    view = page._view
    # the label is drawn once the guide has found the eyes (a worker's analysis: later on a loaded machine)
    qtbot.waitUntil(lambda: page.grab() is not None and not view.eye_label_box.isEmpty(), timeout=15000)
    box = view.eye_label_box
    assert view.rect().toRectF().contains(box), (box, view.rect())
    page.shutdown()
