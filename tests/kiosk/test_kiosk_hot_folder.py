"""The kiosk with a tethered camera: "camera": "folder:PATH". Start -> document -> the photographer's shot
(the newest in the folder) -> review -> print to the PDF folder, 4R at 100 %."""
from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np

from idphoto_gui.qt.common import camera as cam

from kiosk_helpers import ANALYSIS_MS, card


def test_folder_camera_start_to_print(qtbot, rig, make_kiosk, data_dir, tmp_path):
    folder = tmp_path / "tether"
    folder.mkdir()
    shutil.copy(data_dir / "blonde_woman.jpg", folder / "earlier_customer.jpg")   # there before: not this one
    w = make_kiosk(camera=f"folder:{folder}")
    w.start_page.start_button.click()
    card(w, "cn-1inch").click()
    assert w.current() is w.camera and w.camera.page.objectName() == "kioskFolderWait"
    words = w.camera.hint.text() + w.camera.page.text()
    assert "red button" not in words and "photographer" in words, words    # no button to press here
    qtbot.waitUntil(lambda: w.camera.hot is not None and w.camera.hot.started, timeout=10_000)
    older, newest = folder / "IMG_0001.jpg", folder / "IMG_0002.jpg"
    shutil.copy(data_dir / "woman_white_wall.jpg", older)
    shutil.copy(data_dir / "man_suit.jpg", newest)
    os.utime(older, (1_700_000_000, 1_700_000_000))                                # two shots, one scan
    qtbot.waitUntil(lambda: w.current() is w.review, timeout=ANALYSIS_MS)
    review = w.customer.review
    shown = w.customer.session.analysis.image.rgb
    assert np.array_equal(shown, cam._decode(newest))                               # the newest shot
    assert review.printable, review.result.findings
    w.review.accept_button.click()
    w.background.buttons[1].click()
    w.background.next_button.click()
    w.product.buttons[0].click()
    w.product.next_button.click()
    qtbot.waitUntil(lambda: w.last_print is not None, timeout=60_000)
    pdf = w.last_print
    assert pdf.parent == rig.prints and pdf.suffix == ".pdf"
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        size = next(line for line in info.splitlines() if line.startswith("Page size"))
        pts = [float(v) for v in size.split(":")[1].split("pts")[0].split("x")]
        assert sorted(round(v / 72 * 25.4) for v in pts) == [102, 152], size   # 4R at 100 %
    w.message.primary_button.click()
    assert w.current() is w.start_page and w.camera.hot is None


def test_folder_camera_missing_folder_is_a_camera_fault(qtbot, rig, make_kiosk, tmp_path):
    w = make_kiosk(camera=f"folder:{tmp_path / 'not-plugged-in'}")
    w.start_page.start_button.click()
    card(w, "cn-1inch").click()
    qtbot.waitUntil(lambda: w.current() is not w.camera, timeout=10_000)
    assert w.faults == ["no_camera"], w.faults


def test_staff_menu_names_the_camera_or_the_folder(qtbot, rig, make_kiosk, tmp_path):
    from kiosk_helpers import PIN, enter_pin

    from idphoto_gui.core.kiosk import kiosk_config as kc
    from idphoto_gui.qt.kiosk.text import fault_operator

    assert "Staff -> Camera" in fault_operator("no_camera")          # the no-camera note points to it
    w = make_kiosk()
    w.start_page.staff_button.click()
    enter_pin(w, PIN)
    combo, folder = w.operator._fields["camera"], w.operator._fields["camera_folder"]
    assert combo.itemData(0) == "" and combo.itemData(combo.count() - 1) == "folder:"
    folder.setText(str(tmp_path / "tether"))
    folder.textEdited.emit(folder.text())                            # typing a folder chooses the folder option
    assert combo.currentData() == "folder:"
    w.operator.buttons["save"].click()
    assert kc.load_config(rig.config_path).camera == f"folder:{tmp_path / 'tether'}"
    assert w.camera._camera_id == f"folder:{tmp_path / 'tether'}"
    w.start_page.staff_button.click()
    enter_pin(w, PIN)
    assert w.operator._fields["camera"].currentData() == "folder:"    # shown as chosen next time
    w.operator._fields["camera"].setCurrentIndex(0)
    w.operator.buttons["save"].click()
    assert kc.load_config(rig.config_path).camera == ""


def test_folder_camera_shot_that_never_decodes_is_a_camera_fault(qtbot, rig, make_kiosk, data_dir, tmp_path,
                                                                  monkeypatch):
    from idphoto_gui.qt.kiosk import camera_step

    monkeypatch.setattr(camera_step, "FOLDER_GIVE_UP_S", 2.0)   # 15 s in use
    folder = tmp_path / "tether"
    folder.mkdir()
    w = make_kiosk(camera=f"folder:{folder}")
    w.start_page.start_button.click()
    card(w, "cn-1inch").click()
    qtbot.waitUntil(lambda: w.camera.hot is not None and w.camera.hot.started, timeout=10_000)
    data = (data_dir / "man_suit.jpg").read_bytes()
    (folder / "IMG_0001.jpg").write_bytes(data[: len(data) // 2])     # the camera software's write broke off
    qtbot.waitUntil(lambda: bool(w.faults), timeout=15_000)            # not a customer waiting for ever
    assert w.faults == ["bad_shot"] and w.current() is w.message
    from idphoto_gui.qt.kiosk.text import fault_customer, fault_operator

    assert fault_customer("bad_shot") == "Your photo could not be read. Please try again."
    assert "check the tethering software" in fault_operator("bad_shot")
