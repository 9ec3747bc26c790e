"""Every kiosk step fits the screen at 1920x1080, 1366x768 and portrait 1080x1920, for one person and for the
marriage photo with the longest findings: the window never grows past the screen (with no window manager a
window as tall as its layout wants leaves the buttons below the edge), Accept, Retake and Staff are inside it,
and after a timeout the Start page is laid out afresh. Screenshots of each step at 1366x768 in tests/artifacts/."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect

KIOSK_TESTS = Path(__file__).resolve().parents[1] / "kiosk"
sys.path.insert(0, str(KIOSK_TESTS))

from kiosk_helpers import PIN, card, enter_pin, take_photo, to_review  # noqa: E402

_spec = importlib.util.spec_from_file_location("kiosk_fixtures", KIOSK_TESTS / "conftest.py")
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)
rig, make_kiosk = _fixtures.rig, _fixtures.make_kiosk       # the kiosk tests' rig: file camera, PDF printing

DOCUMENTS = ["cn-1inch", "cn-2inch", "cn-passport", "icao-35x45", "us-passport", "cn-marriage"]   # two rows
SIZES = [(1920, 1080), (1366, 768), (1080, 1920)]


def outside(w, *buttons) -> list[str]:
    """Buttons not shown, or not wholly inside the window's rectangle."""
    bad = []
    for b in buttons:
        box = QRect(b.mapTo(w, b.rect().topLeft()), b.size())
        if not b.isVisible() or not w.rect().contains(box):
            bad.append(f"{b.text()!r} at {box.getRect()} in {w.width()}x{w.height()}")
    return bad


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_kiosk_step_fits_the_screen(qtbot, rig, data_dir, make_kiosk, artifacts_dir, size):
    folder = artifacts_dir / "kiosk_fits"
    folder.mkdir(parents=True, exist_ok=True)
    rig.frames = [data_dir / "man_glasses.jpg"]           # fails: the longest list of one person's findings
    w = make_kiosk(size=size, documents=DOCUMENTS, timeout_s=3600, warning_s=10)
    problems: list[str] = []
    n = [0]

    def shot(name: str, page, *buttons) -> None:
        qtbot.wait(40)
        assert w.current() is page, f"{name}: {w.current()} on screen"
        n[0] += 1
        if size == (1366, 768):
            w.grab().save(str(folder / f"{n[0]:02d}_{name}.png"))
        if (w.width(), w.height()) != size:
            problems.append(f"{name}: the window grew to {w.width()}x{w.height()}")
        hint = w.minimumSizeHint()
        if hint.width() > size[0] or hint.height() > size[1]:
            problems.append(f"{name}: the page needs {hint.width()}x{hint.height()}, more than the screen")
        problems.extend(f"{name}: button off screen {t}" for t in outside(w, *buttons))
        problems.extend(f"{name}: name cut {c.text()!r}" for c in getattr(page, "cards", ()) if c.isVisible()
                        and c.sizeHint().width() > c.width() + 2)

    start = w.start_page
    shot("start", start, start.staff_button, start.start_button, *start.lang_buttons.values())
    to_review(qtbot, w, "cn-1inch")
    shot("review_one_failing", w.review, w.review.retake_button)
    rig.frames = [data_dir / "man_suit.jpg"]
    w.review.retake_button.click()
    qtbot.waitUntil(lambda: w.camera.page.frames_shown > 0, timeout=10_000)
    shot("camera", w.camera, w.camera.back_button)
    take_photo(qtbot, w)
    shot("review_one_ok", w.review, w.review.retake_button, w.review.accept_button)
    w.review.accept_button.click()
    shot("background", w.background, w.background.back_button, w.background.next_button)
    w.background.next_button.click()
    shot("product", w.product, w.product.back_button, w.product.next_button)
    w.reset()
    rig.frames = [data_dir / "couple_expedition12.jpg"]
    w.start_page.start_button.click()
    shot("documents", w.documents, w.documents.back_button, *w.documents.cards)
    card(w, "cn-marriage").click()
    take_photo(qtbot, w)
    accept = [w.review.accept_button] if w.customer.review.printable else []
    shot("review_marriage", w.review, w.review.retake_button, *accept)
    w.idle.configure(1, 1)
    w.idle.arm()
    qtbot.waitUntil(lambda: w.current() is w.start_page, timeout=10_000)
    shot("start_after_timeout", start, start.staff_button, start.start_button, *start.lang_buttons.values())
    w.idle.configure(3600, 10)
    start.staff_button.click()
    shot("pin", w.pin, *w.pin.keys.values())
    enter_pin(w, PIN)
    shot("operator", w.operator, *w.operator.buttons.values())
    w.operator.buttons["leave"].click()
    assert problems == [], "\n".join(problems)
