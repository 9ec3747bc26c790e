"""The hot folder scanner: complete images once each, oldest first; half-written files, temp names,
sidecars and RAW files never reported; a vanished folder reported and picked up again."""
from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from idphoto_gui.core.imaging.hot_folder import FolderScanner, Scan, decodes, kind_of

ROOT = Path(__file__).resolve().parents[2]


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


def test_a_link_loop_is_skipped_once_and_new_photos_still_arrive(tmp_path, data_dir, caplog):
    """Issue 39: two links pointing at each other made the whole folder "gone" and stopped the watching."""
    os.symlink(tmp_path / "b.jpg", tmp_path / "a.jpg")
    os.symlink(tmp_path / "a.jpg", tmp_path / "b.jpg")
    clock = Clock()
    caplog.set_level(logging.INFO)
    scanner = FolderScanner(tmp_path, settle_s=0.5, clock=clock)
    shutil.copy(data_dir / "man_suit.jpg", tmp_path / "IMG_0001.jpg")
    first = scanner.scan()
    assert first.available and first.ready == ()
    clock.t = 1.0
    assert [os.path.basename(p) for p in scanner.scan().ready] == ["IMG_0001.jpg"]
    shutil.copy(data_dir / "man_glasses.jpg", tmp_path / "IMG_0002.jpg")
    scanner.scan()
    clock.t = 2.0
    second = scanner.scan()
    assert second.available and [os.path.basename(p) for p in second.ready] == ["IMG_0002.jpg"]
    lines = [r.getMessage() for r in caplog.records if "loops back" in r.getMessage()]
    assert sorted(line.split()[2] for line in lines) == ["a.jpg", "b.jpg"]   # one line each, over 4 scans
    assert not any("gone" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("fmt, suffix", [("PNG", ".png"), ("TIFF", ".tif"), ("WEBP", ".webp"), ("BMP", ".bmp"),
                                         ("GIF", ".gif"), ("JPEG", ".jpg")])
def test_whole_files_are_whole_and_cut_ones_are_not_in_every_format(tmp_path, data_dir, fmt, suffix):
    """The completeness check reads structure, not pixels: each format cut at 60 % is still being written."""
    whole = tmp_path / f"whole{suffix}"
    Image.open(data_dir / "man_suit.jpg").convert("RGB").save(whole, fmt)
    cut = tmp_path / f"cut{suffix}"
    data = whole.read_bytes()
    cut.write_bytes(data[: len(data) * 6 // 10])
    assert decodes(str(whole)) and not decodes(str(cut))


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="peak memory read from /proc")
def test_a_png_bomb_is_judged_from_its_header_in_little_memory(tmp_path):
    """Issue 39: the check decoded a 169 MP PNG in full (712 MB) before the loader refused it anyway. Now the
    header's size is read first: the file counts as whole (the loader refuses it from the header with its
    sentence) and the scan stays under 100 MB, measured as the peak resident size of a fresh process (VmHWM:
    ru_maxrss would carry over the pytest parent's peak through fork and exec)."""
    from idphoto_gui.core.errors import ImageTooLargeError
    from idphoto_gui.core.imaging.imageio import load_image
    from tests.bad_files import png_bomb

    bomb = png_bomb(tmp_path / "IMG_0001.png")
    code = ("import re, sys; from idphoto_gui.core.imaging.hot_folder import decodes; ok = decodes(sys.argv[1]);"
            "print(ok, int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)) // 1024)")
    run = subprocess.run([sys.executable, "-c", code, str(bomb)], capture_output=True, text=True, timeout=120,
                         cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    ok, peak_mb = run.stdout.split()
    assert ok == "True" and int(peak_mb) < 100, run.stdout + run.stderr
    with pytest.raises(ImageTooLargeError, match="169 MP"):
        load_image(bomb)
