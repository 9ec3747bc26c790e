"""The whole kiosk flow offscreen on a file-backed camera: print to PDF, privacy, print gate, PIN, timeout, faults."""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtTest import QTest

from idphoto_gui.core.kiosk import kiosk_config as kc
from idphoto_gui.core.analysis.cache import default_cache
from idphoto_gui.qt.common import camera as cam
from idphoto_gui.qt.kiosk import printer as kprinter
from idphoto_gui.qt.kiosk.base import PhotoView
from idphoto_gui.qt.kiosk.text import check_sentence
from idphoto_gui.qt.widgets.capture_page import CapturePage

from kiosk_helpers import PIN, card, counts, enter_pin, listing, small_targets, take_photo, to_review


def _corner(view: PhotoView) -> tuple[int, int, int] | None:
    """The top left pixel of the photo a kiosk page shows (the new background)."""
    image = view._image
    return None if image is None else image.pixelColor(2, 2).getRgb()[:3]


def test_whole_flow_prints_true_size_and_forgets_the_customer(qtbot, rig, make_kiosk):
    w = make_kiosk(count=True)
    w.warm_up()                                           # at start-up, before any customer
    assert w.workers.wait()
    before, shared = listing(rig.home, rig.tmp), set(default_cache().keys())
    to_review(qtbot, w)
    review = w.customer.review
    assert review.printable and w.review.accept_button.isVisible(), review.result.findings
    assert all(check_sentence(f) in w.review.checks.text() for f in review.result.findings)   # one sentence each
    w.review.accept_button.click()
    assert w.current() is w.background                    # cn-1inch allows white, blue and red
    assert [b.text() for b in w.background.buttons] == ["White", "Blue", "Red"]
    w.background.buttons[1].click()
    assert w.customer.session.edit.background.hex == "#438EDB"
    qtbot.waitUntil(lambda: _corner(w.background.photo) == (0x43, 0x8E, 0xDB), timeout=30_000)  # drawn on a worker
    w.background.next_button.click()
    assert w.current() is w.product
    qtbot.waitUntil(lambda: _corner(w.product.photo) == (0x43, 0x8E, 0xDB), timeout=30_000)
    w.product.buttons[0].click()                          # 4 photos
    w.product.next_button.click()
    qtbot.waitUntil(lambda: w.last_print is not None, timeout=60_000)
    assert w.current() is w.message and w.message.primary_button.text() == "Done"
    pdf = w.last_print
    assert pdf.parent == rig.prints and pdf.suffix == ".pdf" and pdf.stat().st_size > 10_000
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        size = next(line for line in info.splitlines() if line.startswith("Page size"))
        pts = [float(v) for v in size.split(":")[1].split("pts")[0].split("x")]
        assert sorted(round(v / 72 * 25.4) for v in pts) == [102, 152], size   # 4R at 100 %
    w.message.primary_button.click()                     # Done -> Start
    assert w.current() is w.start_page
    # privacy: the customer is gone from memory, and nothing was written but the print and the counts
    assert w.customer.empty and w.camera.page is None and w.customer.review is None
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert w.findChildren(CapturePage) == []               # the camera page (last frame, stills) is gone
    assert not any(v.has_photo() for v in w.findChildren(PhotoView))
    assert set(default_cache().keys()) == shared           # the analysis never entered the shared cache
    after = listing(rig.home, rig.tmp)
    assert after == before, (sorted(after - before), sorted(before - after))
    assert sorted(p.name for p in rig.prints.iterdir()) == [pdf.name]
    assert counts(w) == {"customers": 1, "photos": 1, "prints": 1}
    assert "png" not in rig.config_path.read_text() and "jpg" not in rig.config_path.read_text()


def test_a_failing_photo_cannot_be_printed(qtbot, rig, data_dir, make_kiosk):
    rig.frames = [data_dir / "man_glasses.jpg"]           # fails cn-1inch (no room around the head; open mouth)
    w = make_kiosk()
    to_review(qtbot, w)
    review = w.customer.review
    assert not review.printable and review.blockers and all(f.severity == "fail" for f in review.blockers)
    assert not w.review.accept_button.isVisible() and w.review.retake_button.isVisible()
    assert w.review.verdict.text() == f"This photo cannot be printed. {check_sentence(review.blockers[0])} " \
                                      "Please take it again."
    w.review.accept.emit()                                # even a forged tap goes nowhere
    w._print()
    assert w.current() is w.review and w.workers.latest("kiosk-print") == 0
    assert list(rig.prints.iterdir()) == []
    w.review.retake_button.click()                        # the way out: a new photo
    assert w.current() is w.camera and w.customer.review is None


def test_the_pin_gates_the_operator_menu(qtbot, rig, make_kiosk):
    w = make_kiosk()
    w.start_page.staff_button.click()
    assert w.current() is w.pin
    enter_pin(w, "1111")
    assert w.current() is w.pin and w.pin.message.text() == "Wrong PIN."
    for _ in range(4):
        enter_pin(w, "0000")
    enter_pin(w, PIN)                                     # locked after five wrong tries, even the right PIN
    assert w.current() is w.pin and "Too many" in w.pin.message.text()
    w.pin._locked_until = 0
    enter_pin(w, PIN)
    assert w.current() is w.operator
    assert PIN not in rig.config_path.read_text()         # only the salted hash is stored
    w.operator.buttons["leave"].click()
    assert w.current() is w.start_page


def test_first_start_asks_for_a_pin(qtbot, rig, qapp):
    from idphoto_gui.qt.kiosk import KioskWindow

    w = KioskWindow(rig.home / "new" / "kiosk.json", source_factory=rig.source)
    qtbot.addWidget(w)
    assert w.current() is w.pin and w.pin.mode == "set"
    enter_pin(w, "12")
    assert w.pin._note == "short" and w.pin.message.text() == "密码为 4 到 8 位数字。"   # default language: zh_CN
    enter_pin(w, "13579")
    enter_pin(w, "13570")
    assert w.pin._note == "mismatch"
    enter_pin(w, "13579")
    enter_pin(w, "13579")
    assert w.current() is w.operator and w.config.has_pin
    assert (rig.home / "new" / "kiosk.json").exists()
    w.quit_kiosk()


def test_inactivity_warns_then_resets_and_wipes(qtbot, rig, make_kiosk):
    w = make_kiosk(timeout_s=1, warning_s=2)
    to_review(qtbot, w)
    assert w.customer.session is not None
    qtbot.waitUntil(lambda: w.overlay.isVisible(), timeout=5000)
    assert "starts again in" in w.overlay.body.text()
    QTest.mouseClick(w.overlay, Qt.MouseButton.LeftButton)     # a touch keeps the session
    assert not w.overlay.isVisible() and w.current() is w.review
    qtbot.waitUntil(lambda: w.current() is w.start_page, timeout=8000)
    assert w.customer.empty and not w.overlay.isVisible()


def test_locked_down(qtbot, rig, make_kiosk):
    w = make_kiosk()
    w.close()
    assert w.isVisible()
    for key, mod in ((Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier),
                     (Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier),
                     (Qt.Key.Key_F4, Qt.KeyboardModifier.AltModifier)):
        QTest.keyClick(w, key, mod)
    assert w.isVisible() and w.current() is w.start_page
    assert small_targets(w.start_page) == []


def test_faults_leave_a_usable_kiosk(qtbot, rig, make_kiosk, monkeypatch):
    w = make_kiosk(pdf_folder=str(rig.home / "missing"))        # no printer
    assert not w.start_page.start_button.isEnabled() and "printer is not available" in w.start_page.notice.text()
    rig.prints.joinpath("x").mkdir()
    w._save_config(replace(w.config, pdf_folder=str(rig.prints / "x")))     # the operator fixes it
    assert w.start_page.start_button.isEnabled()
    # the camera is unplugged mid-session
    w.start_page.start_button.click()
    card(w, "cn-1inch").click()
    qtbot.waitUntil(lambda: w.camera.page.frames_shown > 0, timeout=5000)
    rig.sources[-1].stop()
    rig.sources[-1].failed.emit(cam.CAMERA_LOST)
    assert w.current() is w.message and "disconnected" in w.message.body.text()
    assert w.camera.page is None                                   # camera released
    w.message.secondary_button.click()                             # Try again: the camera is back
    assert w.current() is w.camera
    take_photo(qtbot, w)
    # the printer refuses the job
    monkeypatch.setattr(kprinter.printing, "print_sheet", lambda *a, **k: False)
    w.review.accept_button.click()
    w.background.next_button.click()
    w.product.next_button.click()
    qtbot.waitUntil(lambda: w.current() is w.message and "did not accept" in w.message.body.text(), timeout=60_000)
    assert list((rig.prints / "x").iterdir()) == [] and w.faults[-1] == "print_refused"
    w.message.primary_button.click()
    assert w.current() is w.start_page and w.customer.empty
    w.start_page.staff_button.click()
    enter_pin(w, PIN)
    assert "refused" in w.operator.faults.text()


def test_no_camera_is_told_and_the_kiosk_stays_usable(qtbot, rig, make_kiosk):
    w = make_kiosk()
    w.camera._factory = None                      # the real Qt camera source; offscreen has no camera
    w.start_page.start_button.click()
    card(w, "cn-1inch").click()
    qtbot.waitUntil(lambda: w.current() is w.message, timeout=5000)
    assert "camera is not working" in w.message.body.text() and w.faults[-1] == "no_camera"
    w.message.primary_button.click()
    assert w.current() is w.start_page and w.start_page.start_button.isEnabled()


def test_the_operator_changes_what_is_offered(qtbot, rig, make_kiosk):
    w = make_kiosk()
    w.start_page.staff_button.click()
    enter_pin(w, PIN)
    docs = w.operator._fields["documents"]
    for i in range(docs.count()):
        item = docs.item(i)
        keep = item.data(Qt.ItemDataRole.UserRole) in ("us-passport", "cn-2inch")
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)
    w.operator._fields["paper"].setCurrentIndex(w.operator._fields["paper"].findData("a5"))
    w.operator.buttons["save"].click()
    assert w.current() is w.start_page
    saved = kc.load_config(rig.config_path)
    assert set(saved.documents) == {"us-passport", "cn-2inch"} and saved.paper == "a5" and saved.pin == w.config.pin
    w.start_page.start_button.click()
    assert sorted(t.id for t in w.documents._templates) == ["cn-2inch", "us-passport"]


def test_a_document_with_one_colour_skips_the_colour_step(qtbot, rig, make_kiosk):
    w = make_kiosk()
    to_review(qtbot, w, "cn-passport")                    # white only
    w.review.accept_button.click()
    assert w.current() is w.product and w.customer.session.edit.background.hex == "#FFFFFF"
    w.product.back_button.click()
    assert w.current() is w.review


def test_the_marriage_photo_when_the_operator_offers_it(qtbot, rig, data_dir, make_kiosk):
    """kiosk.json lists cn-marriage: its card is offered; a photo of two is reviewed as a pair, each finding
    naming the person, and the analysis stays in the customer's own cache."""
    rig.frames = [data_dir / "couple_expedition12.jpg"]
    w = make_kiosk(documents=["cn-1inch", "cn-marriage"])
    shared = set(default_cache().keys())
    to_review(qtbot, w, "cn-marriage")
    assert [t.id for t in w.documents._templates] == ["cn-1inch", "cn-marriage"]
    review = w.customer.review
    assert review.result is not None, review.error
    assert review.result.pixel_size == (626, 413) and len(review.result.people) == 2
    assert {f.person for f in review.result.findings} >= {"left", "right"}
    named = [f for f in review.result.findings if f.person == "left"]
    assert check_sentence(named[0]).startswith("Left person: ")
    assert set(default_cache().keys()) == shared


def test_the_marriage_photo_of_one_person_asks_for_both(qtbot, rig, make_kiosk):
    w = make_kiosk(documents=["cn-marriage"])
    to_review(qtbot, w, "cn-marriage")
    review = w.customer.review
    assert review.result is None and getattr(review.error, "code", "") == "pair_needs_two"


def test_the_us_passport_gets_the_rules_white(qtbot, rig, data_dir, make_kiosk):
    """The rule's background by default, as in the window and on the command line: a grey wall becomes white."""
    rig.frames = [data_dir / "woman_grey_bg.jpg"]
    w = make_kiosk(documents=["cn-1inch", "us-passport"])
    to_review(qtbot, w, "us-passport")
    assert w.customer.session.edit.background.hex == "#FFFFFF"
    assert not [f for f in w.customer.review.result.findings
                if f.code.startswith("background") and f.severity == "fail"]
