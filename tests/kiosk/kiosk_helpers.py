"""Driving the kiosk like a customer: tap through the steps, wait for jobs."""
from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton

from idphoto_gui.core.kiosk import kiosk_config as kc

PIN = "2468"
TOUCH_PX = 57
ANALYSIS_MS = 120_000     # a loaded 2-core machine can take a while for the first model run


def card(w, template_id: str):
    """The document card of a template."""
    i = [t.id for t in w.documents._templates].index(template_id)
    return w.documents.cards[i]


def take_photo(qtbot, w, frames: list = None) -> list:
    """On the camera step: wait for the live view, press capture (countdown shortened), wait for the review."""
    got = []
    w.camera.captured.connect(got.append)
    page = w.camera.page
    page._countdown.setInterval(60)
    qtbot.waitUntil(lambda: page.frames_shown > 0, timeout=10_000)
    page.capture()
    qtbot.waitUntil(lambda: w.current() is w.review, timeout=ANALYSIS_MS)
    return got


def to_review(qtbot, w, template_id: str = "cn-1inch") -> list:
    """Start -> document -> camera -> review."""
    w.start_page.start_button.click()
    assert w.current() is w.documents
    card(w, template_id).click()
    assert w.current() is w.camera
    return take_photo(qtbot, w)


def enter_pin(w, pin: str) -> None:
    for digit in pin:
        w.pin.keys[digit].click()
    w.pin.keys["K"].click()


def small_targets(page) -> list[str]:
    """Visible buttons smaller than 15 mm at 96 dpi on a page."""
    return [f"{b.objectName()}:{b.text()!r} {b.width()}x{b.height()}" for b in page.findChildren(QAbstractButton)
            if b.isVisible() and min(b.width(), b.height()) < TOUCH_PX]


def counts(w) -> dict:
    return dict(kc.load_config(w.config_path).counters)


def listing(*roots) -> set[str]:
    """Every file and folder under the roots (relative names), to prove nothing else was written."""
    return {f"{r.name}/{p.relative_to(r)}" for r in roots for p in r.rglob("*")}
