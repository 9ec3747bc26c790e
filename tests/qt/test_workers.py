"""Jobs run off the GUI thread, report failures as signals with codes, and can be cancelled."""
from __future__ import annotations

import threading
import time

from idphoto_gui.core.errors import NoFaceError
from idphoto_gui.qt.workers import INFERENCE, IO, Workers


def test_success_arrives_on_gui_thread(qtbot):
    workers = Workers()
    seen = {}

    def body():
        seen["thread"] = threading.get_ident()
        return 42

    with qtbot.waitSignal(workers.succeeded, timeout=10000) as blocker:
        job_id = workers.submit(body, pool=IO)
    assert blocker.args == [job_id, 42]
    assert seen["thread"] != threading.get_ident()


def test_exception_becomes_failed_with_code(qtbot):
    workers = Workers()

    def body():
        raise NoFaceError("none here")

    with qtbot.waitSignal(workers.failed, timeout=10000) as blocker:
        job_id = workers.submit(body, pool=INFERENCE)
    assert blocker.args[0] == job_id
    assert blocker.args[1].code == "no_face"


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


def test_cancel_pending_job_reports_cancelled_and_never_runs(qtbot):
    workers = Workers()
    gate = threading.Event()
    ran = []
    workers.submit(lambda: gate.wait(5), pool=INFERENCE)
    pending = workers.submit(lambda: ran.append(1), pool=INFERENCE)
    with qtbot.waitSignal(workers.failed, timeout=5000) as blocker:
        workers.cancel(pending)
    assert blocker.args[0] == pending and blocker.args[1].code == "cancelled"
    gate.set()
    qtbot.waitUntil(lambda: workers.pending() == 0, timeout=10000)
    assert ran == []


def test_cancelled_running_job_result_is_dropped(qtbot):
    workers = Workers()
    gate = threading.Event()
    results = []
    workers.succeeded.connect(lambda i, r: results.append(r))
    job = workers.submit(lambda: (gate.wait(5), "late")[1], pool=INFERENCE)
    qtbot.wait(50)
    workers.cancel(job)
    gate.set()
    assert workers.wait(10000)
    qtbot.wait(50)
    assert "late" not in results
