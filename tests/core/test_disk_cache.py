"""The disk cache of analyses: survives a restart, keeps its cap, rewrites a corrupt entry, runs no model on a hit."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from idphoto_gui.core.analysis import pipeline
from idphoto_gui.core.analysis.cache import CacheKey, LruCache
from idphoto_gui.core.analysis.disk_cache import DiskCache
from idphoto_gui.core.imaging.imageio import load_image

ROOT = Path(__file__).resolve().parents[2]


def _runs() -> int:
    s = pipeline.stats()
    return s.face_runs + s.matte_runs


def _tiered(folder: Path, max_bytes: int = 1 << 30) -> tuple[LruCache, DiskCache]:
    """A fresh memory cache over a fresh disk cache object on `folder` (what a new window start makes)."""
    memory, disk = LruCache(1 << 30), DiskCache(folder, max_bytes)
    memory.backing = disk
    return memory, disk


@pytest.fixture(scope="module")
def photo(data_dir):
    return load_image(data_dir / "man_suit.jpg")


@pytest.fixture(scope="module")
def stored(photo, tmp_path_factory):
    """One real analysis written to a disk cache folder: (folder, the analysis, model runs it took)."""
    folder = tmp_path_factory.mktemp("disk")
    memory, disk = _tiered(folder)
    before = _runs()
    first = pipeline.analyse(photo, cache=memory)
    assert disk.flush()
    return folder, first, _runs() - before


def _same(a, b) -> None:
    assert np.array_equal(a.matte.alpha, b.matte.alpha) and a.matte.alpha.dtype == b.matte.alpha.dtype
    assert np.array_equal(a.matte.foreground, b.matte.foreground)
    assert a.face == b.face and a.faces == b.faces
    assert np.array_equal(a.face.landmarks, b.face.landmarks) and a.face.landmarks.dtype == b.face.landmarks.dtype
    assert type(a.face.score) is type(b.face.score)


def test_a_new_cache_object_reads_the_analysis_back_without_a_model(photo, stored):
    folder, first, runs = stored
    assert runs == 2  # faces + matte, once
    assert len(list(folder.glob("*.npz"))) == 2
    memory, _disk = _tiered(folder)  # a restart: nothing in memory
    before = _runs()
    again = pipeline.analyse(photo, cache=memory)
    assert _runs() == before
    _same(first, again)


def test_a_new_process_reads_it_back_without_a_model(photo, stored, data_dir):
    folder, _first, _runs_ = stored
    code = (
        "import sys; from idphoto_gui.core.analysis import pipeline; from idphoto_gui.core.analysis.cache import LruCache;"
        "from idphoto_gui.core.analysis.disk_cache import DiskCache; from idphoto_gui.core.imaging.imageio import load_image;"
        "m = LruCache(1 << 30); m.backing = DiskCache(sys.argv[1]);"
        "a = pipeline.analyse(load_image(sys.argv[2]), cache=m); s = pipeline.stats();"
        "print(s.face_runs + s.matte_runs, a.ok, float(a.matte.alpha.sum()))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code, str(folder), str(data_dir / "man_suit.jpg")],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    runs, ok, total = out.stdout.split()
    assert runs == "0" and ok == "True"
    assert float(total) == pytest.approx(float(_first.matte.alpha.sum()), rel=1e-6)


def test_a_corrupt_entry_is_ignored_then_rewritten(photo, tmp_path, caplog):
    memory, disk = _tiered(tmp_path)
    pipeline.analyse(photo, cache=memory)
    assert disk.flush()
    key = pipeline.model_key(photo.digest, "rvm", version=pipeline.PROCESSING_VERSION)
    entry = disk._path(key)
    good = entry.read_bytes()
    entry.write_bytes(good[: len(good) // 2])  # a truncated write, a full disk, a bad sector
    memory, disk = _tiered(tmp_path)
    before = pipeline.stats()
    again = pipeline.analyse(photo, cache=memory)
    after = pipeline.stats()
    assert after.matte_runs == before.matte_runs + 1 and after.face_runs == before.face_runs
    assert disk.corrupt == 1 and "unreadable" in caplog.text
    assert again.ok
    assert disk.flush()
    assert entry.read_bytes() == good  # rewritten whole
    assert disk.load(key) is not None


def test_the_cap_removes_the_least_recently_used_entries(stored, tmp_path):
    folder, first, _ = stored
    matte = first.matte
    source = DiskCache(folder)
    size = max(p.stat().st_size for p in folder.glob("*.npz"))
    disk = DiskCache(tmp_path, max_bytes=int(size * 3.5))
    keys = [CacheKey(f"{i:064x}", "rvm", "sha", pipeline.PROCESSING_VERSION) for i in range(5)]
    for i, key in enumerate(keys[:3]):
        disk.store(key, replace(matte, alpha=matte.alpha))
        assert disk.flush()
        os.utime(disk._path(key), (time.time() - 100 + i, time.time() - 100 + i))
    assert disk.load(keys[0]) is not None  # used: now the most recent
    for key in keys[3:]:
        disk.store(key, matte)
        assert disk.flush()
    on_disk = {p.name for p in tmp_path.glob("*.npz")}
    assert disk.bytes <= disk.max_bytes
    assert sum(p.stat().st_size for p in tmp_path.glob("*.npz")) <= disk.max_bytes
    assert disk._path(keys[0]).name in on_disk        # recently used: kept
    assert disk._path(keys[1]).name not in on_disk    # least recently used: gone first
    assert disk._path(keys[2]).name not in on_disk
    assert disk._path(keys[4]).name in on_disk
    assert source.bytes > 0


def test_derived_values_and_other_caches_are_not_stored(photo, stored, tmp_path):
    _folder, first, _ = stored
    disk = DiskCache(tmp_path)
    disk.store(("image", photo.digest), photo)   # a decoded photo is never written
    subject = CacheKey(photo.digest, "rvm:subject:1,2,3,4", "sha", 1)
    disk.store(subject, first.matte)
    assert disk.flush()
    assert list(tmp_path.iterdir()) == []


def test_a_working_image_comes_back_pixel_for_pixel_and_a_tampered_one_is_refused(photo, tmp_path):
    from idphoto_gui.core.analysis.analysis_codec import image_key

    disk = DiskCache(tmp_path)
    key = image_key(photo.digest)
    disk.store(key, photo)
    assert disk.flush()
    back = DiskCache(tmp_path).load(key)
    assert np.array_equal(back.rgb, photo.rgb) and back.digest == photo.digest
    assert (back.source_size, back.scale, back.format) == (photo.source_size, photo.scale, photo.format)
    other = load_image(ROOT / "tests" / "data" / "woman_grey_bg.jpg")
    disk._path(image_key(other.digest)).write_bytes(disk._path(key).read_bytes())  # right format, wrong pixels
    assert disk.load(image_key(other.digest)) is None and disk.corrupt == 1


def test_the_window_budget_follows_the_machine_within_bounds():
    from idphoto_gui.core.analysis.cache import MAX_BUDGET, MIN_BUDGET, auto_budget

    assert auto_budget(3 << 30) == int(0.1 * (3 << 30))        # a 3 GB laptop: 307 MB
    assert auto_budget(4 << 30) == MAX_BUDGET                  # a 4 GB counter PC: 350 MB
    assert auto_budget(64 << 30) == MAX_BUDGET                 # never more than 350 MB
    assert auto_budget(512 << 20) == MIN_BUDGET                # never less than 128 MB
    assert auto_budget(0) == MAX_BUDGET                        # unknown machine
    assert MIN_BUDGET <= auto_budget() <= MAX_BUDGET


class _Counting(DiskCache):
    """A disk cache that counts what it is handed."""

    stores = 0

    def store(self, key, value) -> None:
        self.stores += 1
        super().store(key, value)


def test_a_memory_hit_is_written_to_a_disk_that_lacks_it_once(photo, stored, tmp_path):
    """Write-through: an analysis held in memory but missing on disk (evicted, cleared, never written)
    is written on its next use, and only once (the disk cache's index answers, no disk access)."""
    from idphoto_gui.core.analysis.analysis_codec import image_key

    folder, first, _ = stored
    memory, _old = _tiered(folder)
    pipeline.analyse(photo, cache=memory)            # read back from disk into memory, no model
    memory.put(image_key(photo.digest), photo)        # the working image too (the window keeps it)
    empty = _Counting(tmp_path)                       # a disk without them (cleared or evicted)
    memory.backing = empty
    before = _runs()
    pipeline.analyse(photo, cache=memory)            # memory hits
    assert memory.held(image_key(photo.digest)) is photo
    assert empty.flush() and _runs() == before
    assert empty.stores == 3 and len(list(tmp_path.glob("*.npz"))) == 3   # faces, matte, image
    pipeline.analyse(photo, cache=memory)
    memory.held(image_key(photo.digest))
    assert empty.stores == 3                          # known on disk now: not handed again
    _same(first, pipeline.analyse(photo, cache=_tiered(tmp_path)[0]))    # and what was written reads back
    empty._forget(empty._path(pipeline.model_key(photo.digest, "rvm", version=pipeline.PROCESSING_VERSION)))
    pipeline.analyse(photo, cache=memory)            # the disk dropped the matte: written again
    assert empty.flush() and empty.stores == 4 and len(list(tmp_path.glob("*.npz"))) == 3
