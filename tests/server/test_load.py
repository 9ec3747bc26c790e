"""A bounded concurrent run on loopback (200 requests, 8 at a time): only 200 or 503 + Retry-After, and
no memory growth; the queue refuses and times out as documented."""
from __future__ import annotations

import asyncio
import itertools
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from idphoto_gui.core.analysis import pipeline
from idphoto_gui.server.errors import ApiError
from idphoto_gui.server.queue import JobQueue

REQUESTS, CLIENTS = 200, 8
COLOURS = ("blue", "red", "white", "#6A8CAF", "200,200,200")
GROWTH_LIMIT_MB = 60


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        line = next(row for row in fh if row.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def _requests(client, data_dir):
    """An endless mix: photos in five colours, checks, templates, health."""
    photos = itertools.cycle([(data_dir / n).read_bytes() for n in ("man_suit.jpg", "child.png")])
    kinds = itertools.cycle(range(8))
    colours = itertools.cycle(COLOURS)
    while True:
        k, data = next(kinds), next(photos)
        if k < 5:
            yield lambda d=data, c=next(colours): client.post("/photo", [("image", "p.jpg", d)],
                                                              template="cn-2inch", background=c)
        elif k == 5:
            yield lambda d=data: client.post("/check", [("image", "p.jpg", d)], template="cn-2inch")
        elif k == 6:
            yield lambda: client.get("/templates", search="passport")
        else:
            yield lambda: client.get("/health")


def _run(calls, n: int) -> list:
    with ThreadPoolExecutor(CLIENTS) as pool:
        return list(pool.map(lambda f: f(), [next(calls) for _ in range(n)]))


def test_concurrent_run_gives_only_200_or_503_and_no_memory_growth(guarded, data_dir):
    calls = _requests(guarded.client, data_dir)
    _run(calls, 40)                                   # analyses cached, buffers and threads warm
    runs_before = pipeline.stats().matte_runs
    rss_before = _rss_mb()
    start = time.perf_counter()
    replies = _run(calls, REQUESTS)
    took = time.perf_counter() - start
    rss_after = _rss_mb()
    statuses = sorted({r.status for r in replies})
    busy = [r for r in replies if r.status == 503]
    assert set(statuses) <= {200, 503}, [(r.status, r.body[:200]) for r in replies if r.status not in (200, 503)]
    assert sum(r.status == 200 for r in replies) >= REQUESTS // 4
    assert all(r.json()["code"] == "busy" and int(r.headers["retry-after"]) >= 1 for r in busy)
    assert pipeline.stats().matte_runs == runs_before  # colours and re-checks ran no model
    queue = guarded.client.get("/health").json()["queue"]
    assert queue["running"] == 0 and queue["waiting"] == 0 and queue["timed_out"] == 0
    assert rss_after - rss_before < GROWTH_LIMIT_MB, (rss_before, rss_after)
    print(f"\n{REQUESTS} requests, {CLIENTS} at a time: {took:.1f} s, {len(busy)} x 503, "
          f"RSS {rss_before:.0f} -> {rss_after:.0f} MB")


def test_queue_refuses_when_full_and_times_out():
    queue = JobQueue(size=1, timeout_s=0.3)
    release = threading.Event()

    async def scenario():
        first = asyncio.ensure_future(queue.run(release.wait, 5))
        second = asyncio.ensure_future(queue.run(time.sleep, 0))
        await asyncio.sleep(0.05)
        with pytest.raises(ApiError) as full:
            await queue.run(time.sleep, 0)           # 1 running + 1 waiting: the third is refused
        assert full.value.status == 503 and full.value.code == "busy" and full.value.retry_after >= 1
        for job in (first, second):
            with pytest.raises(ApiError) as late:
                await job
            assert late.value.code == "timeout" and late.value.retry_after >= 1
        release.set()
        await asyncio.sleep(0.1)
        return await queue.run(lambda: "done")

    assert asyncio.run(scenario()) == "done"
    stats = queue.stats()
    assert (stats.refused, stats.timed_out, stats.running, stats.waiting) == (1, 2, 0, 0)
    queue.close()
