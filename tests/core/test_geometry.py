"""Crop geometry: synthetic faces + mattes give exact numbers; real photos land inside the ranges."""
from __future__ import annotations

import ast
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from idphoto_gui.core import geometry
from idphoto_gui.core.geometry import placement as g
from idphoto_gui.core.geometry.crop_box import HeadFrame
from idphoto_gui.core.errors import CropError
from idphoto_gui.core.faces.faces import Face
from idphoto_gui.core.render.measure import measure
from idphoto_gui.core.templates.specs import get_template

EYE_TO_CHIN, HAIR_ABOVE_EYES = 130.0, 110.0


def synthetic(eye=(500.0, 500.0), roll=0.0, hair=HAIR_ABOVE_EYES, shape=(1200, 1000)):
    """A Face and an alpha: head ellipse from `hair` px above the eyes to the chin, plus shoulders."""
    a = math.radians(roll)
    ux, uy = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    e = np.array(eye)
    pt = lambda x, y: tuple(map(float, e + x * ux + y * uy))  # noqa: E731  head frame -> image
    face = Face(box=(e[0] - 100, e[1] - 100, 200, 250), score=0.99, left_eye=pt(32, 0), right_eye=pt(-32, 0),
                chin=pt(0, EYE_TO_CHIN), forehead=pt(0, -80), roll_deg=roll, yaw_deg=0.0,
                landmarks=np.zeros((0, 2), np.float32))
    alpha = np.zeros(shape, np.float32)
    centre = pt(0, (EYE_TO_CHIN - hair) / 2)
    axes = (110, round((EYE_TO_CHIN + hair) / 2))
    cv2.ellipse(alpha, (round(centre[0]), round(centre[1])), axes, roll, 0, 360, 1.0, -1)
    body = np.array([pt(-300, 170), pt(300, 170), pt(300, 2000), pt(-300, 2000)], np.float32)
    cv2.fillConvexPoly(alpha, np.round(body).astype(np.int32), 1.0)
    return face, alpha


def test_crop_value_methods():
    c = g.Crop(100, 200, 50, 60, 2)
    assert c.moved(5, -5) == g.Crop(105, 195, 50, 60, 2)
    assert c.zoomed(2) == g.Crop(100, 200, 25, 30, 2)
    assert c.rotated(-3).angle_deg == -1
    with pytest.raises(ValueError):
        c.zoomed(0)


def test_crown_from_matte_follows_roll():
    for roll in (0.0, 12.0):
        face, alpha = synthetic(roll=roll)
        crown = np.array(g.crown_point(alpha, face))
        assert abs(np.hypot(*(crown - face.eye_mid)) - HAIR_ABOVE_EYES) <= 1.5
        assert g.crown_y(alpha, face) == pytest.approx(crown[1])


def test_skull_crown_ignores_tall_hair():
    face, alpha = synthetic(hair=200)
    assert face.eye_mid[1] - g.crown_y(alpha, face) == pytest.approx(200, abs=1.5)
    assert face.eye_mid[1] - g.crown_y(alpha, face, include_hair=False) == pytest.approx(EYE_TO_CHIN)
    face, alpha = synthetic(hair=100)  # short hair: the skull estimate never goes above the hair
    assert face.eye_mid[1] - g.crown_y(alpha, face, include_hair=False) == pytest.approx(100, abs=1.5)



def test_the_head_frame_measures_the_head_once_in_the_faces_own_frame():
    face, alpha = synthetic(roll=12.0, hair=200)
    skull = HeadFrame.of(face, alpha, include_hair=False)       # the crown on the skull, the hair above it
    assert skull.crown_up == pytest.approx(EYE_TO_CHIN) and skull.hair_up == pytest.approx(200, abs=1.5)
    assert skull.head_px == pytest.approx(2 * EYE_TO_CHIN) and skull.chin_x == pytest.approx(0.0, abs=1e-6)
    hair = HeadFrame.of(face, alpha, include_hair=True)
    assert hair.crown_up == hair.hair_up == pytest.approx(200, abs=1.5)
    assert hair.head_px == pytest.approx(200 + EYE_TO_CHIN, abs=1.5)
    users = HeadFrame.of(face, alpha, include_hair=False, crown=skull.crown)   # the user's crown is the top
    assert users.crown == skull.crown and users.hair_up == users.crown_up == pytest.approx(EYE_TO_CHIN)


def test_geometry_only_places_and_its_modules_meet_through_public_names():
    """geometry paints nothing (no OpenCV: the body is painted in core/body), and no module of it imports
    another's private name (crop_policy reads a face through HeadFrame and states its plan by CropPlan.of)."""
    crossing = []
    for path in sorted(Path(geometry.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                crossing += [f"{path.name}: import {a.name}" for a in node.names if a.name == "cv2"]
            elif isinstance(node, ast.ImportFrom):
                crossing += [f"{path.name}: {node.module} {a.name}" for a in node.names
                             if a.name.startswith("_") or node.module == "cv2"]
    assert crossing == []


@pytest.mark.parametrize("tid", ["us-passport", "de-passport", "cn-2inch-small", "gr-passport"])
def test_auto_crop_hits_middle_of_head_and_eye_ranges(tid):
    t = get_template(tid)
    face, alpha = synthetic()
    crop = g.auto_crop(face, alpha, t)
    m = measure(face, alpha, crop, t)
    assert m.head_height_mm == pytest.approx(sum(t.head_height_mm) / 2, abs=1e-6)
    assert m.eye_line_mm == pytest.approx(sum(t.eye_line_mm) / 2, abs=1e-6)
    assert m.centre_offset_mm == pytest.approx(0, abs=1e-6) and m.roll_deg == pytest.approx(0, abs=1e-9)
    assert m.output_px == t.pixel_size()


def test_crown_margin_rule_alone_is_met_at_its_middle():
    t = get_template("jp-passport")
    face, alpha = synthetic()
    m = measure(face, alpha, g.auto_crop(face, alpha, t), t)
    assert m.crown_margin_mm == pytest.approx(4.0, abs=1e-6) and m.head_height_mm == pytest.approx(34.0)


def test_rotated_face_gives_crop_angle_and_level_eyes():
    t = get_template("icao-35x45")
    face, alpha = synthetic(roll=9.0)
    crop = g.auto_crop(face, alpha, t)
    assert crop.angle_deg == pytest.approx(9.0)
    m = measure(face, alpha, crop, t)
    assert m.roll_deg == pytest.approx(0.0, abs=1e-6)
    assert 32 <= m.head_height_mm <= 36 and 22.5 <= m.eye_line_mm <= 31.5 and 3 <= m.crown_margin_mm <= 6


def test_head_near_the_edge_gets_plain_background_extended():
    face, alpha = synthetic(eye=(500.0, 115.0))  # hair top at y = 5: the edge itself is background
    plan = g.plan_crop(face, alpha, get_template("us-passport"))
    assert plan.fits and plan.extended.top > 0
    assert g.auto_crop(face, alpha, get_template("us-passport")) == plan.crop


def test_head_cut_by_the_edge_raises_crop_error_with_shortfall():
    face, alpha = synthetic(eye=(100.0, 500.0))  # the head touches the left edge (x = -10): never invented
    with pytest.raises(CropError) as info:
        g.auto_crop(face, alpha, get_template("us-passport"))
    assert info.value.shortfall.left > 0 and not info.value.shortfall.fits
    assert "mm at the left" in str(info.value) and "head" in str(info.value)
    plan = g.plan_crop(face, alpha, get_template("us-passport"))
    assert not plan.fits and plan.mode == "head_cut" and plan.shortfall == info.value.shortfall == plan.head_cut


def test_hair_cut_by_the_photo_top_is_made_with_the_hair_touching_the_edge():
    t = get_template("cn-1inch")
    face, alpha = synthetic(eye=(500.0, 104.0))  # hair top at y = -6: the photo itself cut the hair
    plan = g.plan_crop(face, alpha, t)
    assert plan.fits and plan.extended.top == 0 and plan.head_cut.fits
    m = measure(face, alpha, plan.crop, t)
    assert m.hair_margin_mm <= 0.05 and t.eye_line_mm[0] <= m.eye_line_mm <= t.eye_line_mm[1]


def test_eye_line_kept_in_range_even_if_that_cuts_the_head():
    t = get_template("us-passport")
    face, alpha = synthetic(eye=(500.0, 100.0))  # eyes 100 px under a cut hair top: too close for the eye rule
    plan = g.plan_crop(face, alpha, t)
    assert plan.mode == "head_cut" and plan.head_cut.top > 0
    m = measure(face, alpha, plan.crop, t)
    assert t.eye_line_mm[0] <= m.eye_line_mm <= t.eye_line_mm[1]


def test_tight_photo_uses_the_ranges_to_fit_instead_of_failing():
    t = get_template("us-passport")
    face, alpha = synthetic(eye=(500.0, 140.0))  # the ideal 5.2 mm (42 px) above the hair; 30 px exist
    plan = g.plan_crop(face, alpha, t)
    assert plan.fits and plan.crop == g.auto_crop(face, alpha, t)
    m = measure(face, alpha, plan.crop, t)
    assert t.head_height_mm[0] <= m.head_height_mm <= t.head_height_mm[1]
    assert t.eye_line_mm[0] <= m.eye_line_mm <= t.eye_line_mm[1] and 0 < m.crown_margin_mm < 4.0


def test_matrix_maps_corners_and_inverts():
    crop = g.Crop(300.0, 400.0, 200.0, 260.0, 15.0)
    m = g.crop_to_output_matrix(crop, 413, 531)
    out = g.map_points(m, g.crop_corners(crop))
    assert np.allclose(out, [[-0.5, -0.5], [412.5, -0.5], [412.5, 530.5], [-0.5, 530.5]])
    back = g.map_points(g.output_to_source_matrix(crop, 413, 531), out)
    assert np.allclose(back, g.crop_corners(crop))


def test_matrix_is_warp_affine_ready():
    img = np.zeros((800, 700), np.float32)
    img[395:406, 245:256] = 1.0  # a bright square centred on (250, 400)
    crop = g.Crop(300.0, 380.0, 240.0, 300.0, -7.0)
    m = g.crop_to_output_matrix(crop, 480, 600)
    out = cv2.warpAffine(img, m, (480, 600), flags=cv2.INTER_LINEAR)
    ys, xs = np.nonzero(out > 0.5)
    expected = g.map_points(m, [(250.0, 400.0)])[0]
    assert abs(xs.mean() - expected[0]) < 0.6 and abs(ys.mean() - expected[1]) < 0.6


# ---- real photographs through the real face + matting pipeline ------------------------------------

TEMPLATES = ("cn-1inch", "cn-2inch", "us-passport", "icao-35x45", "cn-passport")
MEASURED = ("man_suit.jpg", "child.png", "astronaut.png")      # room for all five templates
TIGHT = ("woman_white_wall.jpg", "woman_grey_bg.jpg")          # made by extending past the photo's edge


@pytest.fixture(scope="module")
def analyses(data_dir):
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.analysis.pipeline import analyse
    return {name: analyse(load_image(data_dir / name), require_face=True) for name in MEASURED + TIGHT}


def _in(value, rng, slack=1e-6):
    return rng is None or rng[0] - slack <= value <= rng[1] + slack


@pytest.mark.parametrize("photo", MEASURED + TIGHT)
def test_real_photos_land_inside_ranges(analyses, photo):
    a = analyses[photo]
    for tid in TEMPLATES:
        t = get_template(tid)
        plan = g.plan_crop(a.face, a.matte.alpha, t)
        assert plan.fits and plan.crop == g.auto_crop(a.face, a.matte.alpha, t), (photo, tid, plan)
        m = measure(a.face, a.matte.alpha, plan.crop, t)
        assert _in(m.head_height_mm, t.head_height_mm), (photo, tid, m)
        assert _in(m.eye_line_mm, t.eye_line_mm), (photo, tid, m)
        assert abs(m.roll_deg) < 0.01 and abs(m.centre_offset_mm) <= 0.05 * t.width_mm + 1e-6
        assert m.crop_mode == plan.mode
        if photo in MEASURED:
            assert _in(m.crown_margin_mm, t.crown_margin_mm) and m.crown_margin_mm > 0, (photo, tid, m)
            assert plan.mode == "in_range", (photo, tid, plan)
            corners = g.crop_corners(plan.crop)
            h, w = a.matte.alpha.shape
            assert corners.min() >= -1.0 and corners[:, 0].max() <= w and corners[:, 1].max() <= h


def test_extension_findings_tell_plain_background_from_a_cut_head():
    from idphoto_gui.core.render.compliance import extension_findings

    t = get_template("us-passport")
    face, alpha = synthetic(eye=(500.0, 115.0))  # room above the hair: background extended
    (f,) = extension_findings(g.plan_crop(face, alpha, t).crop, alpha, t, face)
    assert (f.code, f.severity) == ("background_extended", "info") and f.value > 0   # issue 23: a fact
    face, alpha = synthetic(eye=(100.0, 500.0))  # the photo cuts the head at the left: the best crop shows it
    found = {f.code: f for f in extension_findings(g.plan_crop(face, alpha, t).crop, alpha, t, face)}
    assert found["head_cut"].severity == "fail" and found["head_cut"].value > 0
