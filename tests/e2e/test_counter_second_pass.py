"""Issue 40 at the counter: the rule's background by default, a turned face explained, no retouch unasked,
the last colour the clerk chose restored; screenshots in English and Chinese."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

from idphoto_gui.core.templates.colours import Background
from idphoto_gui.qt.common.settings import AppSettings
from window_helpers import ANALYSIS_TIMEOUT_MS, shot_en_zh, wait_ready

WHITE = Background.parse("#FFFFFF")


def _open(qtbot, window, path) -> None:
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(path)])
    wait_ready(qtbot, window)


def test_us_passport_selects_white_when_the_original_does_not_pass(qtbot, window, data_dir, artifacts_dir):
    """The photo's own grey wall, kept for the 1-inch photo, is replaced by the rule's white on switching to US
    passport (the command line's choice); the background does not fail and Save is not refused for it."""
    c = window.controller
    _open(qtbot, window, data_dir / "woman_grey_bg.jpg")
    c.set_background(Background.ORIGINAL)
    assert c.edit().background.is_original
    c.set_template("us-passport")
    assert c.edit().background == WHITE, c.edit().background
    qtbot.waitUntil(lambda: c.result is not None, timeout=20_000)
    assert not [f for f in c.findings() if f.code.startswith("background") and f.severity == "fail"]
    assert window.ui.swatches.current() == WHITE
    c.undo()
    assert c.edit().template.id == "cn-1inch" and c.edit().background.is_original   # one step, undone whole
    c.redo()
    qtbot.wait(50)
    assert "600 × 600 px" in window.ui.info.fitted(), window.ui.info.fitted()   # the header keeps the pixels
    shot_en_zh(qtbot, window, artifacts_dir, "i40_us_passport_white")


def test_a_turned_face_shows_its_angle_the_way_to_turn_and_the_checks(qtbot, window, data_dir, artifacts_dir):
    c = window.controller
    _open(qtbot, window, data_dir / "expressions" / "interfaces_040.jpg")
    doc = c.photos.current
    assert doc.error is not None and getattr(doc.error, "code", "") == "not_frontal"
    text = window.ui.banner.text.text()
    yaw = abs(doc.error.face.yaw_deg)
    assert f"{yaw:.1f}°" in text and "turn the face to the person's" in text, text
    rows = window.ui.compliance.texts()
    assert any("turn your face" in t.lower() or "turned" in t.lower() for _s, t in rows), rows
    assert len(rows) > 3, rows                         # the pose and the other checks still judged
    shot_en_zh(qtbot, window, artifacts_dir, "i40_turned_face")
    c.set_template("us-passport")                     # judged again for the new template, in a worker
    qtbot.waitUntil(lambda: any(f.code == "head_height" and f.allowed == (25.4, 34.9) for f in c.findings() or ()),
                    timeout=60_000)


def test_retouch_is_off_until_the_clerk_opts_in_then_remembered_per_template(qtbot, window, data_dir,
                                                                             artifacts_dir, app_settings):
    c, look = window.controller, window.ui.look
    _open(qtbot, window, data_dir / "woman_white_wall.jpg")
    assert c.edit().template.id == "cn-1inch" and c.edit().template.alteration == "free"
    assert c.edit().look.retouch == 0 and not [f for f in c.result.findings if f.code == "retouch"]
    look.sliders["retouch"].setValue(100)
    qtbot.waitUntil(lambda: c.result is not None and c.result.look.retouch == 100 and not c.drafting,
                    timeout=60_000)
    done = next(f for f in c.result.findings if f.code == "retouch")
    shown = [t for _s, t in window.ui.compliance.texts() if "100" in t]
    assert shown and "freckles" in shown[0] and "removed" in shown[0], shown
    assert "spot" in said(done) and "freckles" in said(done)
    window.ui.right.ensureWidgetVisible(look)
    shot_en_zh(qtbot, window, artifacts_dir, "i40_retouch_opt_in")
    qtbot.wait(100)                                         # the rows are worded in English again
    row = next(r for r in window.ui.compliance._rows if not r.isHidden() and "freckles" in r.text.text())
    window.ui.right.ensureWidgetVisible(row, 0, 200)
    shot_en_zh(qtbot, window, artifacts_dir, "i40_retouch_finding")
    assert app_settings.retouch_for("cn-1inch") == 100 and app_settings.retouch_for("cn-2inch") == 0
    _open(qtbot, window, data_dir / "man_suit.jpg")           # the next photo of the template starts there
    assert c.edit().template.id == "cn-1inch" and c.edit().look.retouch == 100
    c.set_template("cn-2inch")
    assert c.edit().look.retouch == 0


def test_the_last_colour_chosen_is_restored_not_a_templates_own(qtbot, window, data_dir, app_settings):
    c = window.controller
    _open(qtbot, window, data_dir / "woman_white_wall.jpg")
    blue = Background.parse("#438EDB")
    c.set_background(blue)
    c.set_template("cn-marriage")                   # imposes red on the photo, not on the next start
    assert c.edit().background != blue
    assert AppSettings(app_settings.store).background == blue


def test_one_badge_rule_a_photo_whose_checks_fail_is_badged(qtbot, window, data_dir):
    """man_glasses fails several checks (mouth, expression): badged like a photo that could not be made."""
    from idphoto_gui.core.findings import status
    from idphoto_gui.qt.window.photo_strip import FAILS_ROLE

    c = window.controller
    _open(qtbot, window, data_dir / "man_glasses.jpg")
    qtbot.waitUntil(lambda: c.result is not None, timeout=20_000)
    assert status(c.findings()) == "fail"
    item = window.ui.strip.item(0)
    assert item.data(FAILS_ROLE) is True
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_suit.jpg")])
    wait_ready(qtbot, window)
    assert window.ui.strip.item(0).data(FAILS_ROLE) is True      # still badged while another photo is shown
    passing = window.ui.strip.item(1)
    assert bool(passing.data(FAILS_ROLE)) == (status(c.findings() or ()) == "fail")
