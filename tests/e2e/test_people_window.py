"""A group photo in the window: numbered face markers left to right, "Every person" fills the strip."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from idphoto_gui.qt.common.i18n import translations
from window_helpers import ANALYSIS_TIMEOUT_MS, drag_preview, shot, shot_en_zh, wait_ready


def _open_several(qtbot, window, path):
    """Open a photo of several people: analysed, and asking which face (a one-person template)."""
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(path)])
    doc = window.controller.photos.current
    assert doc.error is not None and doc.error.code == "multiple_faces"
    return doc


def test_group_photo_markers_and_every_person(qtbot, window, data_dir, artifacts_dir):
    c = window.controller
    _open_several(qtbot, window, data_dir / "group_expedition1.jpg")
    view = window.ui.original
    assert view.pick_mode and view.every.isVisible()
    rects = view.face_rects()
    assert len(rects) == 3
    # the badges count from the left: the leftmost box is 1, the rightmost 3
    by_x = sorted(range(3), key=lambda i: rects[i].center().x())
    assert [view._numbers[i] for i in by_x] == [1, 2, 3]
    shot(window, artifacts_dir, "27_face_markers_en")
    translations.apply("zh_CN")
    try:
        qtbot.wait(50)
        assert view.every.text() == "每人各做一张"
        shot(window, artifacts_dir, "27_face_markers_zh")
    finally:
        translations.apply("en")
        qtbot.wait(50)
    runs = window.engine.model_runs()
    qtbot.mouseClick(view.every, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(c.photos.items) == 3, timeout=5000)
    for d in c.photos.items:
        wait_ready(qtbot, window, d.key)
    people = c.photos.items
    assert all(d.error is None and d.analysed for d in people)
    # each item is its own person, left to right (a photo out of view is parked: selecting it brings it back)
    xs = []
    for d in people:
        c.select(d.key)
        qtbot.waitUntil(lambda d=d: d.analysis is not None, timeout=20000)
        xs.append(d.analysis.face.eye_mid[0])
    assert xs == sorted(xs) and len(set(round(x) for x in xs)) == 3
    assert [d.name.rsplit("· ", 1)[1] for d in people] == ["1", "2", "3"]
    assert window.engine.model_runs() == runs, "every person re-uses the cached faces and matte"
    shot(window, artifacts_dir, "27_every_person_en")


def test_marriage_photo_in_the_window_names_each_person(qtbot, window, data_dir, artifacts_dir):
    c, doc = window.controller, _open_several(qtbot, window, data_dir / "couple_expedition12.jpg")
    c.set_template("cn-marriage")
    qtbot.waitUntil(lambda: c.result is not None, timeout=20000)
    assert doc.error is None and c.result.pixel_size[0] > c.result.pixel_size[1]
    assert len(c.result.people) == 2
    assert any(f.person == "left" for f in c.result.findings)
    assert any(f.person == "right" for f in c.result.findings)
    shot_en_zh(qtbot, window, artifacts_dir, "27_marriage")
    # the pair crop by hand, like a one-person crop: drag the photo, then zoom with the slider
    auto, head = c.result.crop, c.result.measurements.head_height_mm
    drag_preview(qtbot, window.ui.preview)
    assert c.result.crop.cx < auto.cx - 1     # dragging the photo right moves the crop left on the source
    window.ui.adjust.zoom.setValue(108)
    assert c.result.crop.height == pytest.approx(auto.height / 1.08, rel=0.02)
    assert c.result.measurements.head_height_mm > head and len(c.result.bands.people) == 2
    shot_en_zh(qtbot, window, artifacts_dir, "27_marriage_by_hand")
    window.actions.reset.trigger()
    assert c.edit().crop is None and c.result.crop == auto
    c.set_template("cn-1inch")
    qtbot.waitUntil(lambda: doc.error is not None, timeout=5000)
    assert doc.error.code == "multiple_faces"


def test_one_face_with_the_marriage_template_says_both_are_needed(qtbot, window, data_dir):
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    doc = c.photos.current
    assert doc.error is None
    c.set_template("cn-marriage")
    qtbot.waitUntil(lambda: doc.error is not None, timeout=5000)
    assert doc.error.code == "pair_needs_two" and c.result is None
    assert window.ui.banner.isVisible()


def test_every_person_items_stay_together_in_the_strip(qtbot, window, data_dir):
    """Opened before another photo, the group's people land right after it, not after the last photo."""
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "group_expedition1.jpg")])
    group = c.photos.current
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    c.select(group.key)
    qtbot.waitUntil(lambda: group.analysis is not None and not group.busy, timeout=20000)
    keys = c.every_person()
    assert len(keys) == 3
    order = [d.key for d in c.photos.items]
    assert order[:3] == keys and c.photos.items[3].name == "man_suit.jpg", [d.name for d in c.photos.items]
    strip = window.ui.strip
    assert [strip.item(i).text() for i in range(strip.count())] == [d.name for d in c.photos.items]
    assert c.photos.current.key == keys[0]
