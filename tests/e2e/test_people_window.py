"""A group photo in the window: numbered face markers left to right, "Every person" fills the strip."""
from __future__ import annotations

from PySide6.QtCore import Qt

from idphoto_gui.qt.i18n import translations
from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready


def test_group_photo_markers_and_every_person(qtbot, window, data_dir, artifacts_dir):
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "group_three.jpg")])
    doc = c.photos.current
    assert doc.error is not None and doc.error.code == "multiple_faces"
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
    assert all(d.error is None and d.analysis is not None for d in people)
    # each item is its own person, left to right
    xs = [d.analysis.face.eye_mid[0] for d in people]
    assert xs == sorted(xs) and len(set(round(x) for x in xs)) == 3
    assert [d.name.rsplit("· ", 1)[1] for d in people] == ["1", "2", "3"]
    assert window.engine.model_runs() == runs, "every person re-uses the cached faces and matte"
    shot(window, artifacts_dir, "27_every_person_en")
