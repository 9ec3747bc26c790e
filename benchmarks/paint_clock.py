"""When the window's preview last finished painting: the end point of every latency the GUI benchmarks quote."""
from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paint_clock(preview) -> Iterator[dict]:
    """While inside, `clock["t"]` is the perf_counter time at the end of the preview's latest paint."""
    clock = {"t": 0.0}
    original = preview.paintEvent

    def paint(event):  # noqa: ANN001
        original(event)
        clock["t"] = time.perf_counter()

    preview.paintEvent = paint
    try:
        yield clock
    finally:
        preview.paintEvent = original
