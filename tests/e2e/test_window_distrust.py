"""Issue 39 in the window: crafted disk-cache entries (NaN landmarks, a NaN matte) for a photo are not used
(they broke that photo in the window for good, with tracebacks, and rendered it black): the photo is analysed
again and shown; another program's orders.db is kept aside with the banner instead of "cannot be opened"."""
from __future__ import annotations

import logging
import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace

import numpy as np
from PIL import Image

from window_helpers import wait_ready
from idphoto_gui.core.analysis import analysis_codec as codec
from idphoto_gui.core.analysis.cache import default_cache
from idphoto_gui.core.analysis.pipeline import FaceOutcome, analysis_keys
from idphoto_gui.qt.window.main_window import MainWindow
from idphoto_gui.qt.common.settings import AppSettings
from idphoto_gui.qt.common.settings_file import PlainSettings


def test_crafted_cache_entries_are_not_shown_in_the_window(qtbot, window, data_dir, tmp_path, caplog):
    photo = tmp_path / "mirrored.png"                     # pixels of its own: no other test's cache entries
    Image.open(data_dir / "man_suit.jpg").transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(photo)
    c = window.controller
    first = window.open_paths([str(photo)])[0]
    wait_ready(qtbot, window, first)
    qtbot.waitUntil(lambda: c.result is not None, timeout=20000)
    doc = c.photos.current
    good_faces, good_matte = doc.analysis.faces, doc.analysis.whole_matte or doc.analysis.matte
    disk = default_cache().backing
    assert disk is not None and disk.flush()
    faces_key, matte_key = analysis_keys(doc.digest, doc.model_id)
    face = good_faces[0]
    nan_face = replace(face, landmarks=np.full_like(face.landmarks, np.nan))
    disk._path(faces_key).write_bytes(codec.encode(faces_key, FaceOutcome((nan_face,), nan_face, None)))
    disk._path(matte_key).write_bytes(codec.encode(matte_key, replace(
        good_matte, alpha=np.full_like(good_matte.alpha, np.nan))))
    default_cache().clear()                              # memory forgot: the next opening reads the disk
    again = tmp_path / "again.png"
    shutil.copy(photo, again)
    caplog.clear()
    caplog.set_level(logging.INFO)
    second = window.open_paths([str(again)])[0]
    wait_ready(qtbot, window, second)
    qtbot.waitUntil(lambda: c.result is not None and c.photos.current.key == second, timeout=20000)
    doc = c.photos.current
    assert doc.analysis.ok and np.isfinite(doc.analysis.face.landmarks).all()
    assert np.array_equal(doc.analysis.face.landmarks, face.landmarks)
    assert np.isfinite(doc.analysis.matte.alpha).all() and doc.analysis.matte.alpha.max() > 0.5
    rgb = c.result.rgb
    assert 40 < float(rgb.mean()) < 250                   # a photo, not an all-black or all-white frame
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert disk.corrupt >= 2


def test_another_programs_order_book_is_kept_aside_with_the_banner(qtbot, qapp, tmp_path):
    with closing(sqlite3.connect(tmp_path / "orders.db")) as db, db:
        db.execute("CREATE TABLE orders (sku TEXT, quantity INTEGER)")
        db.execute("INSERT INTO orders VALUES ('X-1', 3)")
    foreign = (tmp_path / "orders.db").read_bytes()
    window = MainWindow(AppSettings(PlainSettings(tmp_path / "idphoto.conf")))
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.ui.banner.isVisible(), timeout=20000)
        text = window.ui.banner.text.text()
    finally:
        window.controller.workers.shutdown()
        window.close()
    kept = [p for p in tmp_path.glob("orders.db.bad-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == foreign and str(kept[0]) in text
    assert text.startswith("The order book could not be read. It was kept as")
