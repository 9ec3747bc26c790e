"""The photo session: one render path for preview, export, sheet and command line; edits with undo."""
from __future__ import annotations

import numpy as np
import pytest

from idphoto_gui.core.errors import CropError
from idphoto_gui.core.render.history import Edit, History
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.photo import make_photo
from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.templates.specs import get_template
from idphoto_gui.core.templates.colours import Background


@pytest.fixture(scope="module")
def suit(data_dir):
    """A photo with room around the head for every common template."""
    return analyse(load_image(data_dir / "man_suit.jpg"))


@pytest.fixture(scope="module")
def tight(data_dir):
    """A photo whose hair touches the top edge: too little room for a US passport crop."""
    return analyse(load_image(data_dir / "woman_white_wall.jpg"))


def E(template_id: str, colour: str) -> Edit:
    """An edit from the texts a user would type (parsed at the door)."""
    return Edit(get_template(template_id), Background.parse(colour))


def _session(analysis, template_id="cn-1inch", colour="#438EDB"):
    return PhotoSession(E(template_id, colour), analysis=analysis)


def test_history_push_undo_redo_and_branch():
    h = History(E("cn-1inch", "#438EDB"))
    assert h.push(E("cn-1inch", "#FFFFFF"))
    assert h.push(E("us-passport", "#FFFFFF"))
    assert h.undo().template.id == "cn-1inch"
    assert h.undo().background.hex == "#438EDB" and not h.can_undo()
    assert h.redo().background.hex == "#FFFFFF"
    h.push(E("cn-1inch", "#FF0000"))
    assert not h.can_redo()
    assert not h.push(h.current)


def test_a_gesture_is_one_undo_step_until_it_ends():
    now = [0.0]
    h = History(E("cn-1inch", "#000000"), clock=lambda: now[0])
    for i in range(1, 6):
        now[0] += 0.1
        h.commit(E("cn-1inch", f"#00000{i}"), "drag")
    assert h.current.background.hex == "#000005" and h.undo().background.hex == "#000000"
    h.redo()
    h.end_gesture()
    h.commit(E("cn-1inch", "#000009"), "drag")
    assert h.undo().background.hex == "#000005"
    now[0] += 5
    h.commit(E("cn-1inch", "#00000A"), "drag")
    h.commit(E("cn-1inch", "#00000B"), "drag")
    assert h.undo().background.hex == "#000005", "a pause is not long enough to split while the same gesture goes on"


def test_preview_and_export_render_the_same_photo(suit):
    s = _session(suit)
    export = s.render(Target.export())
    preview = s.render(Target.preview())
    assert export.pixel_size == preview.pixel_size == get_template("cn-1inch").pixel_size()
    assert np.abs(export.rgb.astype(int) - preview.rgb.astype(int)).mean() == 0
    assert export.measurements == preview.measurements
    assert {f.code for f in preview.findings} < {f.code for f in export.findings}, "preview: quick checks only"
    big = s.render(Target.preview(2.0))
    assert big.pixel_size == (2 * export.pixel_size[0], 2 * export.pixel_size[1]) and big.dpi == 600
    assert big.measurements == export.measurements, "measured at the output dpi, not the preview's"


def test_make_photo_is_the_session_render(suit):
    t = get_template("us-passport")
    s = _session(suit, "us-passport", "#FFFFFF")
    a, b = make_photo(suit, t, background=Background.parse("white"), dpi=300), s.render(Target.export(300))
    assert np.array_equal(a.rgb, b.rgb) and a.findings == b.findings and a.crop == b.crop


def test_head_bands_follow_the_template_in_output_pixels(suit):
    r = _session(suit).render(Target.preview(2.0))
    t, (w, h) = r.template, r.pixel_size
    k = h / t.height_mm
    assert r.bands.size == (w, h) and r.bands.centre_x == w / 2
    assert r.bands.eye_y == pytest.approx(h - r.measurements.eye_line_mm * k)
    assert r.bands.chin_y - r.bands.crown_y == pytest.approx(r.measurements.head_height_mm * k)


def test_a_tight_photo_is_made_by_extending_and_reported(tight):
    s = _session(tight, "us-passport", "#FFFFFF")
    assert s.crop_problem() is None
    r = s.render(Target.export())
    assert r.measurements.crop_mode in ("background_extended", "body_extended")
    codes = {f.code for f in r.findings}
    assert codes & {"background_extended", "body_extended"}, "an extension is never silent"


def test_a_tight_photo_with_its_own_background_is_refused(tight):
    s = _session(tight, "us-passport", "original")
    assert s.edit.background.is_original
    problem = s.crop_problem()
    assert isinstance(problem, CropError), "nothing is synthesised with the original background"
    with pytest.raises(CropError):
        s.render(Target.export())
    preview = s.render(Target.preview())
    assert preview.original_background and preview.pixel_size == get_template("us-passport").pixel_size()


def test_a_cut_head_is_refused_for_export_and_shown_for_preview(head_cut_photo):
    cut = analyse(load_image(head_cut_photo))
    s = _session(cut, "cn-passport", "#FFFFFF")
    problem = s.crop_problem()
    assert isinstance(problem, CropError) and problem.shortfall.left > 0
    with pytest.raises(CropError):
        s.render(Target.export())
    with pytest.raises(CropError):
        make_photo(cut, get_template("cn-passport"))
    preview = s.render(Target.preview())
    assert preview.crop == problem.crop
    assert any(f.severity == "fail" and f.code == "head_cut" for f in
               (*preview.findings, *s.source_findings()))


def test_original_background_keeps_the_photo_and_is_the_us_default(suit):
    t = get_template("us-passport")
    # issue 23: the original stays only when it is already white/off-white and even; this wall is not
    assert PhotoSession.for_template(suit, t).edit.background.hex == "#FFFFFF"
    from dataclasses import replace
    rgb = suit.image.rgb.copy()
    rgb[suit.matte.alpha < 0.05] = 246
    white_wall = replace(suit, image=replace(suit.image, rgb=rgb))
    assert PhotoSession.for_template(white_wall, t).edit.background.is_original
    s = _session(suit, "us-passport", "original")
    r = s.render(Target.export())
    assert r.original_background
    crop = s.crop()
    from idphoto_gui.core.render import compose
    from idphoto_gui.core.geometry import placement
    m = placement.crop_to_output_matrix(crop, *r.pixel_size)
    assert np.array_equal(r.rgb, compose.warp_original(suit.image.rgb, matrix=m, size=r.pixel_size))
    assert s.set_background(Background.parse("white")) and s.render(Target.export()).original_background is False


def test_edits_move_zoom_rotate_and_undo_without_a_model(suit):
    s = _session(suit)
    auto = s.crop()
    size = s.render(Target.preview()).pixel_size
    assert s.move_by(10, 0, out_size=size)
    assert s.move_by(10, 0, out_size=size), "the second move of a drag"
    assert s.crop().cx > auto.cx and s.history.undo().crop is None, "a drag is one undo step"
    assert s.set_zoom(1.25) and s.zoom_rotation()[0] == pytest.approx(1.25)
    assert s.set_rotation(2.0) and s.zoom_rotation()[1] == pytest.approx(2.0)
    assert s.reset_crop() and s.crop() == auto
    assert s.set_background(Background.parse("red")) and s.edit.background.hex == "#FF0000"
    assert s.set_template(get_template("icao-35x45")) and s.edit.background.hex == "#FFFFFF", "red is not allowed for ICAO: its first colour"
    assert s.set_template(get_template("us-passport")) and s.edit.background.hex == "#FFFFFF", "white is allowed: kept"
    assert s.edit.crop is None


def test_source_findings_are_cached_per_crop(suit):
    s = _session(suit)
    assert s.source_findings(compute=False) is None
    found = s.source_findings()
    assert found and s.source_findings(compute=False) is found
    s.set_background(Background.parse("#FFFFFF"))
    assert s.source_findings(compute=False) is found, "a colour change keeps the source checks"


def test_a_session_before_analysis_keeps_edits(data_dir):
    s = PhotoSession(E("cn-1inch", "#438EDB"))
    assert not s.ready and s.crop_problem() is None and s.source_findings() is None
    assert s.set_template(get_template("cn-2inch")) and not s.move_by(5, 5, out_size=(100, 100))


def test_moving_the_crown_line_recrops_around_it_and_undoes(suit):
    s = _session(suit, "cn-1inch", "#FFFFFF")
    before = s.render(Target.preview(2.0))
    t = before.template
    up = before.bands.crown_y - 30  # a hat: the top of the head is higher than the matte says
    assert s.set_head_line("crown", up, out_size=before.pixel_size)
    assert s.set_head_line("crown", up - 4, out_size=before.pixel_size), "a drag goes on"
    after = s.render(Target.preview(2.0))
    assert s.edit.crown is not None and s.edit.crop is None, "the crop follows the line"
    assert t.head_height_mm[0] <= after.measurements.head_height_mm <= t.head_height_mm[1]
    assert after.crop.height > before.crop.height, "a taller head needs a larger crop of the photo"
    assert s.history.undo().crown is None, "one drag, one undo step"
    assert s.set_head_line("chin", before.bands.chin_y + 10, out_size=before.pixel_size)
    assert s.edit.chin is not None and s.reset_crop() and s.edit.chin is None


def test_each_edit_says_what_it_changed(suit):
    from idphoto_gui.core.render.history import NOTHING, Changes

    s = _session(suit, "cn-1inch", "red")
    assert s.set_background(Background.parse("white")) == Changes(background=True, history=True)
    assert s.set_background(Background.parse("white")) == NOTHING
    assert s.zoom_by(1.1) == Changes(crop=True, history=True)
    moved = s.set_template(get_template("icao-35x45"))
    assert moved.template and moved.crop and not moved.background, "white is allowed for ICAO; the crop is new"
    assert s.set_template(get_template("icao-35x45")) == NOTHING, "the same template changes nothing"
    s.set_template(get_template("cn-1inch"))
    s.set_background(Background.parse("red"))
    changed = s.set_template(get_template("icao-35x45"))
    assert changed.template and changed.background, "red is not allowed for ICAO: the colour follows"
    back = s.undo()
    assert back.template and back.background and back.history and s.edit.background.hex == "#FF0000"
    assert s.redo().template and s.redo() == NOTHING, "nothing left to redo"


def test_the_renderer_renders_the_edit_it_is_given_not_the_one_shown(suit):
    s = _session(suit, "cn-1inch", "#438EDB")
    other = s.edit.but(template=get_template("us-passport"), background=Background.parse("white"))
    r = s.renderer.render(other, Target.export())
    assert r.template.id == "us-passport" and r.background == (255, 255, 255)
    assert s.edit.template.id == "cn-1inch", "rendering another edit leaves the session's as it was"
    alone = PhotoSession(other, analysis=suit).render(Target.export())
    assert np.array_equal(r.rgb, alone.rgb) and r.findings == alone.findings
    assert s.renderer.crop(other) == PhotoSession(other, analysis=suit).crop() != s.crop()
