"""Issue 39: disk cache entries are checked before they are trusted (crafted ones are deleted and computed
again), and its upkeep survives a full or read-only disk, killed writes and a lowered cap."""
from __future__ import annotations

import errno
import io
import json
import logging
import os
import struct
import subprocess
import sys
import time
import tracemalloc
import zipfile
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from idphoto_gui.core.analysis import analysis_codec as codec
from idphoto_gui.core.analysis import disk_cache, pipeline
from idphoto_gui.core.analysis.cache import CacheKey
from idphoto_gui.core.analysis.disk_cache import DiskCache
from idphoto_gui.core.imaging.imageio import load_image
from tests.core.test_disk_cache import _tiered

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def photo(data_dir):
    return load_image(data_dir / "man_suit.jpg")


@pytest.fixture(scope="module")
def good(photo, tmp_path_factory):
    """A real analysis and its two good entries' bytes: {key: bytes}."""
    folder = tmp_path_factory.mktemp("good")
    memory, disk = _tiered(folder)
    first = pipeline.analyse(photo, cache=memory)
    assert disk.flush()
    keys = pipeline.analysis_keys(photo.digest, "rvm")
    return first, {k: disk._path(k).read_bytes() for k in keys}


def _crafted(tmp_path: Path, good: dict, key: CacheKey, value) -> Path:
    """A cache folder with the good entries and `value` written in the place of `key`'s (right format and key)."""
    for k, data in good.items():
        DiskCache(tmp_path)._path(k).write_bytes(data)
    entry = DiskCache(tmp_path)._path(key)
    entry.write_bytes(codec.encode(key, value))
    return entry


def _runs() -> tuple[int, int]:
    s = pipeline.stats()
    return s.face_runs, s.matte_runs


def _matte_case(first, alpha):
    """The photo's matte with `alpha` in its place (and colours of its shape): right format, key and types."""
    return replace(first.whole_matte or first.matte, alpha=alpha.astype(np.float32),
                   foreground=np.zeros((*alpha.shape, 3), np.uint8))


@pytest.mark.parametrize("case", ["nan", "ten_by_ten", "above_one"])
def test_a_crafted_matte_is_deleted_and_computed_again(photo, good, tmp_path, case, caplog):
    """A NaN matte rendered an all-black photo, a 10x10 one an all-white one: now neither is used."""
    first, entries = good
    h, w = photo.rgb.shape[:2]
    alpha = {"nan": np.full((h, w), np.nan), "ten_by_ten": np.ones((10, 10)), "above_one": np.full((h, w), 7.0)}[case]
    key = pipeline.analysis_keys(photo.digest, "rvm")[1]
    entry = _crafted(tmp_path, entries, key, _matte_case(first, alpha))
    memory, disk = _tiered(tmp_path)
    before = _runs()
    again = pipeline.analyse(photo, cache=memory)
    assert _runs() == (before[0], before[1] + 1)          # the faces came from disk, the matte was computed
    assert np.array_equal(again.matte.alpha, first.matte.alpha)
    assert disk.corrupt == 1 and disk.flush()
    assert entry.read_bytes() == entries[key]              # written again, good
    assert not [r for r in caplog.records if r.exc_info]


def test_crafted_faces_with_nan_landmarks_are_computed_again(photo, good, tmp_path):
    """NaN landmarks broke that photo in the window for ever (3 tracebacks)."""
    first, entries = good
    key = pipeline.analysis_keys(photo.digest, "rvm")[0]
    bad = replace(first.face, landmarks=np.full_like(first.face.landmarks, np.nan))
    entry = _crafted(tmp_path, entries, key, pipeline.FaceOutcome((bad,), bad, None))
    memory, disk = _tiered(tmp_path)
    before = _runs()
    again = pipeline.analyse(photo, cache=memory)
    assert _runs() == (before[0] + 1, before[1])
    assert np.isfinite(again.face.landmarks).all() and again.face == first.face
    assert disk.flush() and entry.read_bytes() == entries[key]


@pytest.mark.parametrize("case", ["mesh_of_ten", "box_far_away", "nan_score"])
def test_other_crafted_faces_are_refused(photo, good, tmp_path, case):
    first, entries = good
    key = pipeline.analysis_keys(photo.digest, "rvm")[0]
    f = first.face
    bad = {"mesh_of_ten": replace(f, landmarks=f.landmarks[:10]),
           "box_far_away": replace(f, box=(1e7, 1e7, 50.0, 50.0)),
           "nan_score": replace(f, score=float("nan"))}[case]
    _crafted(tmp_path, entries, key, pipeline.FaceOutcome((bad,), bad, None))
    memory, _disk = _tiered(tmp_path)
    before = _runs()
    again = pipeline.analyse(photo, cache=memory)
    assert _runs()[0] == before[0] + 1 and again.face == first.face


def _inflating(key: CacheKey, shape: tuple[int, int]) -> bytes:
    """A matte entry whose float32 alpha is `shape` of zeros, deflated: ~1 MB on disk for 1.4 GB inflated.
    Made from one deflated megabyte repeated (a full flush makes each copy stand alone), zipped by hand."""
    meta = {"format": codec.FORMAT, "key": codec._key_list(key), "kind": "matte", "model_id": "rvm"}
    small = io.BytesIO()
    with zipfile.ZipFile(small, "w") as npz:
        with npz.open("meta.npy", "w") as fh:
            np.lib.format.write_array(fh, np.frombuffer(json.dumps(meta).encode(), np.uint8))
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(head, {"descr": "<f4", "fortran_order": False, "shape": shape})
    mb = bytes(10 ** 6)
    copies, rest = divmod(shape[0] * shape[1] * 4, len(mb))
    assert rest == 0

    def deflated(data: bytes) -> bytes:
        pack = zlib.compressobj(9, zlib.DEFLATED, -15)
        return pack.compress(data) + pack.flush(zlib.Z_FULL_FLUSH)

    body = deflated(head.getvalue()) + deflated(mb) * copies + zlib.compressobj(9, zlib.DEFLATED, -15).flush()
    crc = zlib.crc32(head.getvalue())
    for _ in range(copies):
        crc = zlib.crc32(mb, crc)
    size = len(head.getvalue()) + copies * len(mb)
    entries = zipfile.ZipFile(small).infolist()
    offset = small.getvalue().index(b"PK\x01\x02")            # the meta member's own bytes come first
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 33, crc, len(body), size, 9, 0) + b"alpha.npy"
    central = [small.getvalue()[offset:small.getvalue().index(b"PK\x05\x06")],
               struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 33, crc, len(body), size, 9, 0, 0, 0,
                           0, 0, offset) + b"alpha.npy"]
    cd = b"".join(central)
    cd_at = offset + len(local) + len(body)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries) + 1, len(entries) + 1, len(cd), cd_at, 0)
    return small.getvalue()[:offset] + local + body + cd + end


def test_an_entry_that_inflates_to_gigabytes_is_refused_before_inflating(photo, tmp_path):
    """A 1.3 MB entry inflated to 1.4 GB: the sizes are read from the zip and the array header first."""
    key = pipeline.analysis_keys(photo.digest, "rvm")[1]
    disk = DiskCache(tmp_path)
    data = _inflating(key, (19_000, 19_000))
    assert len(data) < 2 << 20
    with zipfile.ZipFile(io.BytesIO(data)) as npz, npz.open("alpha.npy") as fh:   # a real zip of 1.44 GB
        assert npz.getinfo("alpha.npy").file_size > 1.4e9 and fh.read(6) == b"\x93NUMPY"
    disk._path(key).write_bytes(data)
    tracemalloc.start()
    assert disk.load(key) is None
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 << 20, peak                                  # 1.45 GB on d7d28ac
    assert disk.corrupt == 1 and not disk._path(key).exists()


class _SmallDisk:
    """open() for the cache module on a disk of `capacity` bytes: a write that does not fit fails ENOSPC."""

    def __init__(self, folder: Path, capacity: int) -> None:
        self.folder, self.capacity, self.full = folder, capacity, 0

    def __call__(self, path, mode="r", *args, **kwargs):
        disk = self

        class _File(io.FileIO):
            def write(self, data):
                used = sum(p.stat().st_size for p in disk.folder.iterdir() if p.is_file())
                if used + len(data) > disk.capacity:
                    disk.full += 1
                    raise OSError(errno.ENOSPC, "No space left on device")
                return super().write(data)

        return _File(path, mode.replace("b", ""))


def test_a_full_disk_makes_room_by_eviction_and_is_one_line(photo, good, tmp_path, monkeypatch, caplog):
    first, entries = good
    size = max(len(d) for d in entries.values())
    small = _SmallDisk(tmp_path, capacity=int(size * 3.2))
    monkeypatch.setattr(disk_cache, "open", small, raising=False)
    disk = DiskCache(tmp_path)                      # its cap (2 GB) is far above what the disk holds
    keys = [CacheKey(f"{i:064x}", "rvm", "sha", 1) for i in range(6)]
    for i, key in enumerate(keys):
        disk.store(key, first.matte)
        assert disk.flush()
        os.utime(disk._path(key), (time.time() - 100 + i,) * 2)
    on_disk = sorted(p.name for p in tmp_path.glob("*.npz"))
    assert small.full >= 1 and disk.writes == 6 and disk.failed == 0
    assert disk._path(keys[-1]).name in on_disk and disk._path(keys[0]).name not in on_disk
    assert not [r for r in caplog.records if r.exc_info]


def test_a_disk_that_stays_full_or_cannot_be_written_is_one_line_not_a_traceback_per_write(
        photo, good, tmp_path, monkeypatch, caplog):
    first, _ = good
    caplog.set_level(logging.INFO)
    (tmp_path / "file").write_bytes(b"x")
    unwritable = DiskCache(tmp_path / "file" / "analyses")   # the cache folder cannot be made
    full = tmp_path / "full"
    full.mkdir()
    monkeypatch.setattr(disk_cache, "open", _SmallDisk(full, capacity=100), raising=False)
    no_room = DiskCache(full)
    for i in range(5):
        key = CacheKey(f"{i:064x}", "rvm", "sha", 1)
        for disk in (unwritable, no_room):
            disk.store(key, first.matte)
            assert disk.flush()
    assert unwritable.failed == 5 and no_room.failed == 5
    lines = [r for r in caplog.records if "cannot write" in r.getMessage()]
    assert len(lines) == 2 and not [r for r in caplog.records if r.exc_info]
    assert "the disk is full" in lines[1].getMessage()
    assert list(full.iterdir()) == []                        # no temporary file left behind


def test_a_killed_writer_leaves_a_temporary_file_that_is_swept_and_counted(photo, good, tmp_path):
    """kill -9 during a write: the temporary file of a process that is gone is removed at the next opening;
    one of a live process (another window writing) is counted against the cap and kept."""
    first, entries = good
    code = ("import os, sys, signal; from idphoto_gui.core.analysis import disk_cache, pipeline;"
            "from idphoto_gui.core.imaging.imageio import load_image;"
            "os.replace = lambda a, b: os.kill(os.getpid(), signal.SIGKILL);"
            "d = disk_cache.DiskCache(sys.argv[1]); image = load_image(sys.argv[2]);"
            "d.store(pipeline.analysis_keys(image.digest, 'rvm')[0], "
            "pipeline.face_outcome(image)); d.flush()")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path), photo.path], cwd=ROOT, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True)
    assert run.returncode == -9, run.stderr
    (killed,) = tmp_path.glob(".*.tmp")
    live = tmp_path / f".{'a' * 64}.npz.1.7.tmp"          # pid 1 runs: a write in progress elsewhere
    live.write_bytes(b"\0" * 5000)
    disk = DiskCache(tmp_path)
    assert disk.flush()
    assert not killed.exists() and live.exists() and disk.swept == 1
    assert disk.bytes == 5000
    os.utime(live, (time.time() - 2 * disk_cache.STALE_S,) * 2)   # an hour later: its writer is stuck or gone
    disk = DiskCache(tmp_path)
    assert disk.flush() and not live.exists() and disk.swept == 1 and disk.bytes == 0


def test_a_lowered_cap_applies_when_the_cache_opens(good, tmp_path):
    first, _ = good
    disk = DiskCache(tmp_path)
    keys = [CacheKey(f"{i:064x}", "rvm", "sha", 1) for i in range(5)]
    for i, key in enumerate(keys):
        disk.store(key, first.matte)
        assert disk.flush()
        os.utime(disk._path(key), (time.time() - 100 + i,) * 2)
    size = disk._path(keys[0]).stat().st_size
    smaller = DiskCache(tmp_path, max_bytes=int(size * 2.5))   # the user lowered the cap; no new write yet
    assert smaller.flush()
    on_disk = {p.name for p in tmp_path.glob("*.npz")}
    assert sum(p.stat().st_size for p in tmp_path.glob("*.npz")) <= smaller.max_bytes
    assert on_disk == {disk._path(k).name for k in keys[-2:]}   # the two most recent kept
    smaller.resize(int(size * 1.5))                              # lowered while running: at once too
    assert smaller.flush() and {p.name for p in tmp_path.glob("*.npz")} == {disk._path(keys[-1]).name}
