"""The window and the command line render a photo through the same core session: same pixels, same policy."""
from __future__ import annotations

import numpy as np
from PIL import Image

from window_helpers import ANALYSIS_TIMEOUT_MS, shot
from idphoto_gui import cli
from idphoto_gui.cli import EXIT_INPUT, EXIT_OK
from idphoto_gui.core.templates.colours import Background

MAX_MEAN_DIFF = 0.5  # grey levels of 255


def _open(qtbot, window, path, template_id: str, colour: str) -> None:
    c = window.controller
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(path)])
    c.set_template(template_id)
    c.set_background(Background.parse(colour))
    assert c.edit().template.id == template_id and c.edit().background == Background.parse(colour)


def _pixels(path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"), dtype=np.int16)


def _save(qtbot, window, method, *args, **kwargs) -> str:
    with qtbot.waitSignal(window.exporter.exported, timeout=60000) as done:
        assert method(*args, **kwargs)
    return done.args[1]


def test_saved_photo_and_sheet_match_the_command_line(qtbot, window, data_dir, tmp_path):
    photo = data_dir / "man_suit.jpg"
    _open(qtbot, window, photo, "us-passport", "#FFFFFF")
    x = window.exporter
    gui_photo = _save(qtbot, window, x.save_photo, str(tmp_path / "gui.png"), fmt="PNG", dpi=300, max_kb=None)
    x.set_sheet_options("4r", None)
    gui_sheet = _save(qtbot, window, x.save_sheet, str(tmp_path / "gui_sheet.png"))

    assert cli.main(["make", str(photo), "-t", "us-passport", "-b", "white", "--dpi", "300",
                     "-o", str(tmp_path / "cli.png")]) == EXIT_OK
    assert cli.main(["sheet", str(photo), "-t", "us-passport", "-b", "white", "--paper", "4r",
                     "-o", str(tmp_path / "cli_sheet.png")]) == EXIT_OK

    a, b = _pixels(gui_photo), _pixels(tmp_path / "cli.png")
    assert a.shape == b.shape == (600, 600, 3)
    assert np.abs(a - b).mean() <= MAX_MEAN_DIFF
    s, t = _pixels(gui_sheet), _pixels(tmp_path / "cli_sheet.png")
    assert s.shape == t.shape, "same paper, same dpi"
    assert np.abs(s - t).mean() <= MAX_MEAN_DIFF, "every photo in the same place with the same pixels"


def test_a_photo_without_room_follows_one_policy(qtbot, window, head_cut_photo, tmp_path, artifacts_dir):
    photo = head_cut_photo  # the photo ends through the side of the head: no crop can avoid cutting it
    _open(qtbot, window, photo, "us-passport", "#FFFFFF")
    c = window.controller
    assert c.result is not None, "the window still shows the best try, so the user can see why"
    assert c.crop_problem() is not None and window.ui.banner.isVisible()
    qtbot.waitUntil(lambda: any(f.code == "head_cut" and f.severity == "fail" for f in c.findings()), timeout=30000)
    shot(window, artifacts_dir, "15_head_cut")
    panel = window.ui.export
    assert not panel.save_photo.isEnabled() and not panel.save_sheet.isEnabled(), "no button offers what is refused"
    assert "mm" in panel.save_photo.toolTip(), "the disabled button says what is missing"
    assert panel.save_cutout.isEnabled(), "a cut-out needs no crop"
    with qtbot.waitSignal(window.exporter.exportFailed, timeout=60000) as failed:
        window.exporter.save_photo(str(tmp_path / "gui.jpg"), fmt="JPEG", dpi=300, max_kb=None)
    assert failed.args[1].code == "crop"
    assert not (tmp_path / "gui.jpg").exists()
    code = cli.main(["make", str(photo), "-t", "us-passport", "-o", str(tmp_path / "cli.jpg")])
    assert code == EXIT_INPUT and not (tmp_path / "cli.jpg").exists()
