"""The pair crop by hand (issue 27): drag and zoom a marriage photo like a one-person photo; reset goes back."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

import pytest

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.history import Edit
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template


@pytest.fixture(scope="module")
def couple(data_dir):
    """Two people shoulder to shoulder, one shot (NASA, public domain)."""
    return analyse(load_image(data_dir / "couple_expedition12.jpg"))


def test_the_pair_crop_drags_zooms_undoes_and_resets(couple):
    t = get_template("cn-marriage")
    s = PhotoSession(Edit(t, Background.parse("red")), analysis=couple)
    assert s.ready
    before = s.render(Target.preview())
    auto = s.crop()
    assert before.crop == auto and s.edit.crop is None
    size = before.pixel_size
    assert s.move_by(-20, 0, out_size=size) and s.move_by(-20, 0, out_size=size)
    moved = s.render(Target.preview())
    assert moved.crop.cx < auto.cx, "the crop follows the drag (as a one-person photo's)"
    assert abs(moved.measurements.centre_offset_mm - before.measurements.centre_offset_mm) > 1.0
    assert s.history.undo().crop is None, "one drag, one undo step"
    assert s.set_zoom(1.1) and s.zoom_rotation()[0] == pytest.approx(1.1)
    zoomed = s.render(Target.preview())
    assert zoomed.measurements.head_height_mm == pytest.approx(before.measurements.head_height_mm * 1.1, rel=0.02)
    assert len(zoomed.bands.people) == 2, "both heads keep their own lines"
    assert not s.set_head_line("crown", 10, out_size=size), "two crowns: no single crown line to drag"
    assert s.reset_crop() and s.render(Target.preview()).crop == auto


def test_both_santa_hats_warn_head_covering_by_person(couple):
    # the white fur band fills the crown band (it passes for white hair), the red top lies beyond it
    s = PhotoSession(Edit(get_template("cn-marriage"), Background.parse("red")), analysis=couple)
    found = [f for f in s.render(Target.export()).findings if f.code == "head_covering"]
    assert sorted(f.person for f in found) == ["left", "right"]
    assert all(f.severity == "warn" and f.reason == "brim" and "religious" in said(f) for f in found), found
