"""The batch's worker processes: started with the allocator settings, the parent left as it was."""
from __future__ import annotations

import os

from idphoto_gui.cli.batch_pool import WORKER_MALLOC, run_pool


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
