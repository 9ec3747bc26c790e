"""Jobs run off the GUI thread, call back on it, report failures with codes, cancel, and the latest wins."""
from __future__ import annotations

import threading
import time

from idphoto_gui.core.errors import NoFaceError
from idphoto_gui.qt.common.workers import INFERENCE, IO, SERIAL, Workers


def test_success_arrives_on_gui_thread(qtbot):
    workers = Workers()
    seen = {}

    def body():
        seen["worker"] = threading.get_ident()
        return 42

    done = []
    workers.submit(body, pool=IO, on_done=lambda r: done.append((r, threading.get_ident())))
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    assert done == [(42, threading.get_ident())], "the callback runs on the GUI thread"
    assert seen["worker"] != threading.get_ident()


def test_exception_goes_to_on_failed_with_its_code(qtbot):
    workers = Workers()
    failed, done = [], []

    def body():
        raise NoFaceError("none here")

    workers.submit(body, pool=INFERENCE, on_done=done.append, on_failed=failed.append)
    qtbot.waitUntil(lambda: bool(failed), timeout=10000)
    assert failed[0].code == "no_face" and not done


def test_inference_pool_runs_one_at_a_time(qtbot):
    workers = Workers()
    running, peak, lock = [0], [0], threading.Lock()

    def body():
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1

    ids = [workers.submit(body, pool=INFERENCE) for _ in range(3)]
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    assert len(ids) == 3 and peak[0] == 1


def test_serial_jobs_run_one_at_a_time_in_the_order_asked(qtbot):
    workers = Workers()
    order, running, peak, lock = [], [0], [0], threading.Lock()

    def body(i):
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        time.sleep(0.01 * (5 - i))          # the older jobs are the slower ones
        with lock:
            running[0] -= 1
            order.append(i)

    for i in range(5):
        workers.submit(lambda i=i: body(i), pool=SERIAL)
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    assert order == [0, 1, 2, 3, 4] and peak[0] == 1


def test_shutdown_lets_pending_serial_writes_land_and_drops_the_rest(qtbot):
    workers = Workers()
    gate, written, read = threading.Event(), [], []
    workers.submit(lambda: gate.wait(5), pool=SERIAL)           # a write in progress
    workers.submit(lambda: written.append(1), pool=SERIAL)      # an order printed a moment ago, still queued
    workers.submit(lambda: gate.wait(5), pool=INFERENCE)
    unread = workers.submit(lambda: read.append(1), pool=INFERENCE)  # a photo's analysis nobody waits for now
    flagged = workers._jobs[unread][0]._cancel

    def release() -> None:   # the running jobs end only once shutdown has flagged the pending ones
        flagged.wait(5)
        gate.set()

    threading.Thread(target=release, daemon=True).start()
    workers.shutdown()
    assert written == [1] and read == []


def test_cancel_pending_job_reports_cancelled_and_never_runs(qtbot):
    workers = Workers()
    gate = threading.Event()
    ran, failed = [], []
    workers.submit(lambda: gate.wait(5), pool=INFERENCE)
    pending = workers.submit(lambda: ran.append(1), pool=INFERENCE, on_failed=failed.append)
    workers.cancel(pending)
    assert [f.code for f in failed] == ["cancelled"]
    gate.set()
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    assert ran == []


def test_cancelled_running_job_result_is_dropped(qtbot):
    workers = Workers()
    gate = threading.Event()
    results, failed = [], []
    job = workers.submit(lambda: (gate.wait(5), "late")[1], pool=INFERENCE, on_done=results.append,
                         on_failed=failed.append)
    qtbot.wait(50)
    workers.cancel(job)
    gate.set()
    qtbot.waitUntil(lambda: bool(failed), timeout=10000)
    assert results == [] and failed[0].code == "cancelled"


def test_latest_in_a_lane_wins(qtbot):
    workers = Workers()
    gate = threading.Event()
    results = []
    workers.submit(lambda: gate.wait(5), pool=INFERENCE)  # keeps the lane's jobs queued
    first = workers.submit(lambda: "old", pool=INFERENCE, lane="sheet", on_done=results.append,
                           on_failed=results.append)
    second = workers.submit(lambda: "new", pool=INFERENCE, lane="sheet", on_done=results.append)
    assert workers.latest("sheet") == second != first
    gate.set()
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    qtbot.wait(20)
    assert results == ["new"], "a superseded job reports nothing"
    assert workers.latest("sheet") == 0


def test_a_finished_or_dropped_job_lets_go_of_what_it_held(qtbot):
    """The pool keeps every Job object; the callable (and the photo its closure holds) must not stay with it."""
    import gc
    import weakref

    class Photo:
        pass

    workers = Workers()
    ran, kept = Photo(), Photo()
    ran_ref, kept_ref = weakref.ref(ran), weakref.ref(kept)
    gate = threading.Event()
    done = []
    workers.submit(lambda p=ran: gate.wait(10) and 1, pool=INFERENCE, on_done=done.append)
    queued = workers.submit(lambda p=kept: 2, pool=INFERENCE)   # waits behind the first: taken back
    workers.drop(queued)
    del ran, kept
    gate.set()
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    assert workers.wait(10000)
    gc.collect()
    assert ran_ref() is None and kept_ref() is None
