"""The batch's worker processes: started with the allocator settings, the parent left as it was."""
from __future__ import annotations

import os

from idphoto_gui.cli.batch_pool import WORKER_MALLOC, WORKER_PEAK_BYTES, available_memory, default_jobs, run_pool


def _crashed(item, exc):
    return f"crashed: {exc}"


def test_workers_start_with_the_tuned_allocator_and_the_parent_is_restored(monkeypatch):
    monkeypatch.setenv("GLIBC_TUNABLES", "glibc.malloc.arena_max=4")
    results = dict(run_pool(os.getenv, ["GLIBC_TUNABLES"], 1, _crashed))
    seen = results["GLIBC_TUNABLES"].split(":")
    assert seen[0] == "glibc.malloc.arena_max=4"  # the user's own setting is kept, ours follow
    assert seen[1:] == list(WORKER_MALLOC)
    assert os.environ["GLIBC_TUNABLES"] == "glibc.malloc.arena_max=4"


def test_no_tunables_are_left_in_the_parent(monkeypatch):
    monkeypatch.delenv("GLIBC_TUNABLES", raising=False)
    list(run_pool(os.getenv, ["HOME"], 1, _crashed))
    assert "GLIBC_TUNABLES" not in os.environ


def _dies_on_three(n: int) -> int:
    """A photo job that kills its worker process (as a native crash or the OOM killer would) for item 3."""
    if n == 3:
        os._exit(9)
    return n * 10


def test_a_photo_that_kills_its_worker_is_the_only_one_lost():
    results = dict(run_pool(_dies_on_three, range(8), 2, _crashed))
    assert sorted(results) == list(range(8)), "every photo answered once"
    assert results[3].startswith("crashed: ")
    assert all(results[n] == n * 10 for n in range(8) if n != 3), results


def test_default_jobs_is_one_per_core_as_far_as_memory_goes():
    gib = 1024 ** 3
    assert default_jobs(cores=2, memory=16 * gib) == 2
    assert default_jobs(cores=8, memory=2 * WORKER_PEAK_BYTES + 1) == 2    # memory is the limit
    assert default_jobs(cores=4, memory=WORKER_PEAK_BYTES // 2) == 1       # never fewer than one
    assert default_jobs(cores=64, memory=None) == 8                        # unknown memory: cores, capped
    assert default_jobs() >= 1


def test_available_memory_reads_the_system():
    mem = available_memory()
    assert mem is None or mem > 0
