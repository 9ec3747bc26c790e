"""The hot folder in the window: 20 photos copied into a watched folder (some written slowly in chunks, one
under a temporary name) each appear once in the strip, analysed, never half-read; the newest is selected;
sidecars and RAW files stay out; the folder vanishing shows a banner and watching resumes when it is back."""
from __future__ import annotations

import logging
import shutil
import threading
import time

from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.qt.window.documents import Status

from window_helpers import ANALYSIS_TIMEOUT_MS

SOURCES = ("man_suit.jpg", "woman_white_wall.jpg", "man_glasses.jpg", "curly_young_man.jpg")
SLOW = {2, 5, 9, 13, 17, 19}           # these are written in 8 chunks with pauses longer than the settle time


def _write_all(folder, data_dir):
    for i in range(20):
        src = data_dir / SOURCES[i % len(SOURCES)]
        dst = folder / f"IMG_{i:04d}.jpg"
        if i in SLOW:
            data = src.read_bytes()
            step = -(-len(data) // 8)
            with open(dst, "wb") as fh:
                for k in range(0, len(data), step):
                    fh.write(data[k:k + step])
                    fh.flush()
                    time.sleep(0.35)
        elif i == 7:                    # tethering software that writes a temporary name, then renames
            tmp = folder / f"IMG_{i:04d}.jpg.part"
            shutil.copy(src, tmp)
            tmp.rename(dst)
        else:
            shutil.copy(src, dst)
        if i == 3:
            (folder / "IMG_0003.xmp").write_text("<x:xmpmeta/>")
            (folder / "IMG_0003.CR3").write_bytes(b"\0" * 4096)
        time.sleep(0.05)


def test_twenty_photos_arrive_once_each_analysed_never_half_read(qtbot, window, data_dir, tmp_path, artifacts_dir,
                                                                  caplog):
    caplog.set_level(logging.INFO)
    folder = tmp_path / "tether"
    folder.mkdir()
    shutil.copy(data_dir / "blonde_woman.jpg", folder / "from_yesterday.jpg")    # already there: not new
    hooks = window.hot_folder
    hot = hooks.watch(str(folder), poll_ms=150, settle_s=0.25)
    qtbot.waitUntil(lambda: hot.started, timeout=10000)
    c = window.controller
    writer = threading.Thread(target=_write_all, args=(folder, data_dir))
    writer.start()
    qtbot.waitUntil(lambda: len(c.photos.items) >= 8, timeout=ANALYSIS_TIMEOUT_MS)
    window.ui.strip.grab().save(str(artifacts_dir / "hot_folder_strip_filling.png"))
    qtbot.waitUntil(lambda: not writer.is_alive(), timeout=120_000)
    qtbot.waitUntil(lambda: len(c.photos.items) >= 20 and not any(d.busy for d in c.photos.items),
                    timeout=ANALYSIS_TIMEOUT_MS)
    qtbot.wait(1000)                    # a few more scans: nothing arrives twice
    window.ui.strip.grab().save(str(artifacts_dir / "hot_folder_strip_full.png"))
    paths = [d.path for d in c.photos.items]
    assert len(paths) == 20 and sorted(paths) == sorted(str(folder / f"IMG_{i:04d}.jpg") for i in range(20))
    for doc in c.photos.items:
        assert doc.status == Status.READY, (doc.name, doc.error)
        assert doc.digest == load_image(doc.path).digest, doc.name   # the whole file, not a half one (parked: digest kept)
    assert c.photos.current.key == hooks.keys[-1]                             # the newest is selected
    raw = [r for r in caplog.records if "IMG_0003.CR3" in r.getMessage()]
    assert len(raw) == 1 and "RAW" in raw[0].getMessage()

    away = tmp_path / "unplugged"
    folder.rename(away)
    qtbot.waitUntil(lambda: not hot.available, timeout=10000)
    assert window.ui.banner.isVisible()
    away.rename(folder)
    qtbot.waitUntil(lambda: hot.available, timeout=10000)
    shutil.copy(data_dir / "man_suit.jpg", folder / "IMG_0020.jpg")
    qtbot.waitUntil(lambda: len(c.photos.items) == 21, timeout=20000)
    hooks.watch(None)


def test_apply_current_template_and_background(qtbot, window, data_dir, tmp_path):
    from idphoto_gui.core.templates.colours import Background

    folder = tmp_path / "tether"
    folder.mkdir()
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    c = window.controller
    c.set_template("us-passport")
    c.set_background(Background.parse("#FFFFFF"))
    hot = window.hot_folder.watch(str(folder), apply_current=True, poll_ms=150, settle_s=0.2)
    qtbot.waitUntil(lambda: hot.started, timeout=10000)
    shutil.copy(data_dir / "man_glasses.jpg", folder / "shot.jpg")
    qtbot.waitUntil(lambda: len(c.photos.items) == 2 and not c.photos.items[1].busy, timeout=ANALYSIS_TIMEOUT_MS)
    new = c.photos.items[1]
    assert c.photos.current is new
    assert new.edit.template.id == "us-passport" and new.edit.background.hex == "#FFFFFF" and new.edit.crop is None
    window.hot_folder.watch(None)
