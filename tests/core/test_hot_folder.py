"""The hot folder scanner: complete images once each, oldest first; half-written files, temp names,
sidecars and RAW files never reported; a vanished folder reported and picked up again."""
from __future__ import annotations

import logging
import os
import shutil

from idphoto_gui.core.imaging.hot_folder import FolderScanner, Scan, decodes, kind_of


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_kinds():
    assert [kind_of(n) for n in ("IMG_1.JPG", "a.heic", ".~lock", "b.jpg.part", "x.tmp", "IMG_1.CR3", "IMG_1.xmp",
                                 "notes.pdf")] == ["image", "image", "temp", "temp", "temp", "raw", "sidecar", "other"]


def test_complete_images_once_half_files_never(tmp_path, data_dir, caplog):
    (tmp_path / "old.jpg").write_bytes((data_dir / "man_suit.jpg").read_bytes())
    clock = Clock()
    scanner = FolderScanner(tmp_path, settle_s=1.0, clock=clock)
    data = (data_dir / "man_suit.jpg").read_bytes()
    half = tmp_path / "IMG_0002.jpg"
    half.write_bytes(data[: len(data) // 2])                   # the writer paused half way
    shutil.copy(data_dir / "blonde_woman.jpg", tmp_path / "IMG_0001.jpg")
    for name in ("IMG_0003.jpg.part", "IMG_0001.xmp", "IMG_0001.CR2"):
        (tmp_path / name).write_bytes(b"x" * 100)
    caplog.set_level(logging.INFO)
    assert scanner.scan().ready == ()                          # first sight: not settled yet
    clock.t = 1.5
    assert [os.path.basename(p) for p in scanner.scan().ready] == ["IMG_0001.jpg"]   # half file: no decode
    clock.t = 3.0
    assert scanner.scan().ready == ()                          # nothing twice, the half file still refused
    assert not decodes(str(half))
    half.write_bytes(data)                                     # the writer finished
    os.utime(half, ns=(os.stat(half).st_atime_ns, os.stat(half).st_mtime_ns + 10**9))
    (tmp_path / "IMG_0003.jpg.part").rename(tmp_path / "IMG_0003.jpg")
    (tmp_path / "IMG_0003.jpg").write_bytes((data_dir / "man_glasses.jpg").read_bytes())
    assert scanner.scan().ready == ()
    clock.t = 4.5
    assert sorted(os.path.basename(p) for p in scanner.scan().ready) == ["IMG_0002.jpg", "IMG_0003.jpg"]
    clock.t = 6.0
    assert scanner.scan().ready == ()
    raw_lines = [r for r in caplog.records if "IMG_0001.CR2" in r.getMessage()]
    assert len(raw_lines) == 1 and "RAW" in raw_lines[0].getMessage()
    assert not any("old.jpg" in r.getMessage() for r in caplog.records)


def test_folder_vanishes_and_returns(tmp_path, data_dir):
    folder = tmp_path / "tether"
    folder.mkdir()
    clock = Clock()
    scanner = FolderScanner(folder, settle_s=0.5, clock=clock)
    folder.rename(tmp_path / "away")
    gone = scanner.scan()
    assert not gone.available and "gone" in gone.problem
    (tmp_path / "away").rename(folder)
    shutil.copy(data_dir / "man_suit.jpg", folder / "a.jpg")
    assert scanner.scan().available
    clock.t = 1.0
    assert [os.path.basename(p) for p in scanner.scan().ready] == ["a.jpg"]


def test_a_shot_that_never_decodes_is_reported_once(tmp_path, data_dir):
    clock = Clock()
    scanner = FolderScanner(tmp_path, settle_s=0.5, give_up_s=2.0, clock=clock)
    data = (data_dir / "man_suit.jpg").read_bytes()
    (tmp_path / "IMG_0001.jpg").write_bytes(data[: len(data) // 2])   # cut short and never finished
    assert scanner.scan() == Scan()
    clock.t = 1.0
    assert scanner.scan() == Scan()                                     # maybe still being written: wait
    clock.t = 2.5
    assert scanner.scan() == Scan(damaged=(str(tmp_path / "IMG_0001.jpg"),))
    clock.t = 4.0
    assert scanner.scan() == Scan()                                     # said once
