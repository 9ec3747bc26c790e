"""A long day at the counter: photos out of view drop their arrays, come back from the disk cache without a
model run, still go on sheets; finished customers leave the strip; "never store photos" keeps nothing."""
from __future__ import annotations

import time

import numpy as np
import pytest

from window_helpers import wait_ready
from idphoto_gui.core.analysis.cache import default_cache
from idphoto_gui.core.analysis.disk_cache import default_folder
from idphoto_gui.core.analysis.pipeline import stats
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.qt.window.main_window import MainWindow

PHOTOS = ("man_suit.jpg", "woman_grey_bg.jpg", "man_glasses.jpg")


def open_all(qtbot, window, data_dir) -> list[int]:
    keys = window.open_paths([str(data_dir / p) for p in PHOTOS])
    for key in keys:
        wait_ready(qtbot, window, key)
    qtbot.waitUntil(lambda: window.controller.result is not None, timeout=20000)
    return keys


def settled_runs(qtbot, window) -> int:
    """The process-wide model-run count once it stops moving (a window an earlier test closed may still be
    finishing a job on its own threads: only this window's runs may count)."""
    last = -1
    for _ in range(60):
        now = window.engine.model_runs()
        if now == last:
            return now
        last = now
        qtbot.wait(500)
    return last


def test_out_of_view_photos_are_parked_and_come_back_from_disk_without_a_model(qtbot, window, data_dir):
    c = window.controller
    first, second, third = open_all(qtbot, window, data_dir)   # earlier tests' analyses in memory are
    # written through to this window's disk cache on their first use (they were not before)
    assert c.photos.current.key == first
    c.set_background(Background.parse("#FFFFFF"))
    qtbot.waitUntil(lambda: c.result is not None and c.result.background == (255, 255, 255), timeout=5000)
    shown = c.result.rgb.copy()
    for key in (second, third):  # analysed in the background, never shown: parked at once
        doc = c.photos.by_key(key)
        assert doc.session.parked and doc.analysis is None and doc.image is None and doc.preview is None
        assert doc.thumb is not None and doc.path and doc.digest
    c.select(second)
    wait_ready(qtbot, window, second)
    qtbot.waitUntil(lambda: c.result is not None, timeout=20000)
    a = c.photos.by_key(first)
    assert a.session.parked and a.image is None and a.edit.background == Background.parse("#FFFFFF")

    disk = default_cache().backing
    assert disk is not None and disk.flush()
    c.workers.wait()                  # the start-up warm-up and any late job are done before counting
    default_cache().clear()           # memory forgot everything: only the disk cache is left
    runs, reads = settled_runs(qtbot, window), disk.reads
    before = stats()
    c.select(first)
    wait_ready(qtbot, window, first)
    qtbot.waitUntil(lambda: c.result is not None, timeout=20000)
    assert window.engine.model_runs() == runs, (before, stats())
    assert disk.reads >= reads + 2    # faces and matte read back
    assert np.array_equal(c.result.rgb, shown)   # the same photo, the same edit, pixel for pixel
    assert c.photos.by_key(second).session.parked


def test_an_order_records_the_model_a_parked_photo_was_made_with(qtbot, qapp, app_settings, data_dir):
    """U2-Net-p chosen: a photo out of view (parked, no analysis held) is recorded with U2-Net-p, comes back
    with it, and a model switch makes it come back (and be recorded) with the new one."""
    from idphoto_gui.qt.window.order_desk import doc_item

    app_settings.model_id = "u2netp"
    window = MainWindow(app_settings)
    qtbot.addWidget(window)
    try:
        c = window.controller
        _first, second = window.open_paths([str(data_dir / p) for p in PHOTOS[:2]])
        for key in (_first, second):
            wait_ready(qtbot, window, key)
        doc = c.photos.by_key(second)
        assert doc.session.parked and doc.analysis is None
        assert doc_item(doc).model_id == "u2netp"
        runs = window.engine.model_runs()
        doc.session.render(Target.export())       # rebuilt from the caches with the model it was made with
        assert window.engine.model_runs() == runs
        c.set_model("rvm")
        assert doc.session.parked and doc_item(doc).model_id == "rvm"
    finally:
        window.controller.workers.shutdown()


def test_parked_photos_still_render_for_sheets_without_being_kept(qtbot, window, data_dir):
    c = window.controller
    _first, second, _third = open_all(qtbot, window, data_dir)
    doc = c.photos.by_key(second)
    assert doc.session.parked and doc.analysed
    composer = window.open_composer()
    composer.add_photo(second, template_id="cn-1inch", copies=2)
    assert [e.key for e in composer.entries][-1] == second
    runs = window.engine.model_runs()
    result = doc.session.render(Target.export())
    assert result.pixel_size == doc.session.template().pixel_size()
    assert window.engine.model_runs() == runs
    assert doc.session.analysis is None   # rendered from the caches, not held again
    composer.close()


def test_clear_finished_customers_keeps_the_photo_on_screen_and_hands_over_the_rest(qtbot, window, data_dir):
    c = window.controller
    first, second, third = open_all(qtbot, window, data_dir)
    c.photos.by_key(second).opened = time.time() - 3 * 3600
    window.settings.clear_after_hours = 0
    assert c.clear_old_finished() == []          # 0 = never
    window.settings.clear_after_hours = 2
    handed = []
    c.photosCleared.connect(lambda docs: handed.extend(d.key for d in docs))
    assert c.clear_old_finished() == [second]    # only the one opened 3 hours ago
    assert window.ui.strip.count() == 2
    window.actions.clear_finished.trigger()      # the menu action: every finished photo but the one shown
    assert [d.key for d in c.photos.items] == [first]
    assert handed == [second, third]
    assert window.ui.strip.count() == 1 and c.photos.current.key == first


def test_never_store_photos_turns_the_disk_cache_off_and_empties_it(qtbot, qapp, app_settings, data_dir):
    assert default_cache().backing is not None or True
    app_settings.never_store_photos = False
    w = MainWindow(app_settings)
    qtbot.addWidget(w)
    keys = w.open_paths([str(data_dir / "man_suit.jpg")])
    wait_ready(qtbot, w, keys[0])
    disk = default_cache().backing
    assert disk is not None and disk.flush()
    if not any(default_folder().glob("*.npz")):   # cached in memory by an earlier test: write one now
        default_cache().clear()
        w.controller.close_photo(keys[0])
        pytest.skip("analysis came from memory; the disk part is covered by the first test")
    w.controller.workers.shutdown()
    w.close()
    app_settings.never_store_photos = True
    w2 = MainWindow(app_settings)
    qtbot.addWidget(w2)
    assert default_cache().backing is None
    assert not any(default_folder().glob("*.npz"))
    w2.controller.workers.shutdown()
    w2.close()
    app_settings.never_store_photos = False


def test_the_memory_settings_are_plain_values_with_safe_defaults(app_settings):
    assert (app_settings.cache_mb, app_settings.never_store_photos, app_settings.clear_after_hours) == (0, False, 0)
    app_settings.cache_mb, app_settings.never_store_photos, app_settings.clear_after_hours = 300, True, 8
    app_settings.sync()
    assert (app_settings.cache_mb, app_settings.never_store_photos, app_settings.clear_after_hours) == (300, True, 8)
    app_settings.store.setValue("memory/cache_mb", "lots")
    assert app_settings.cache_mb == 0   # not a number: automatic
