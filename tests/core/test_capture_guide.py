"""Live-guide hints from synthetic faces and from real photos moved around the frame."""
from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from idphoto_gui.core.faces import capture_guide
from idphoto_gui.core.faces.faces import Face
from idphoto_gui.core.templates.specs import get_template

FRAME = (1280, 720)

ICAO = get_template("icao-35x45")


def make_face(cx: float, eye_y: float, head: float, *, roll: float = 0.0, yaw: float = 0.0) -> Face:
    """A face whose eye midpoint is (cx, eye_y) and whose chin-to-crown is `head` pixels."""
    half = head * 0.27 / 2
    a = math.radians(roll)
    dx, dy = half * math.cos(a), -half * math.sin(a)
    chin = (cx - math.sin(a) * head / 2, eye_y + math.cos(a) * head / 2)
    box = (cx - head * 0.35, eye_y - head * 0.3, head * 0.7, head * 0.75)
    return Face(box=box, score=0.9, left_eye=(cx + dx, eye_y + dy), right_eye=(cx - dx, eye_y - dy),
                chin=chin, forehead=(cx, eye_y - head * 0.25), roll_deg=roll, yaw_deg=yaw,
                landmarks=np.zeros((0, 2), np.float32))


def ideal_face(**kw) -> Face:
    """A face exactly where the guide wants it."""
    geo = capture_guide.geometry(FRAME, ICAO)
    eye_y = geo.head_oval[1] + geo.head_oval[3] / 2
    return make_face(geo.centre_x, eye_y, sum(geo.head_range_px) / 2, **kw)


def codes(state: capture_guide.GuideState) -> set[str]:
    return {h.code for h in state.hints}


def test_geometry_matches_the_template():
    geo = capture_guide.geometry(FRAME, ICAO)
    x, y, w, h = geo.crop_rect
    assert w / h == pytest.approx(35 / 45)
    assert h == pytest.approx(720 * capture_guide.DEFAULT_THRESHOLDS.crop_fill)
    assert x + w / 2 == pytest.approx(640)
    assert geo.head_oval[3] / geo.px_per_mm == pytest.approx(34)
    top, bottom = geo.eye_band
    assert y < top < bottom < y + h
    # crown margin 3-6 mm narrows the eye band 22.5-31.5 mm to 22.5-26 mm from the bottom
    assert capture_guide.eye_band_mm(ICAO) == pytest.approx((22.5, 26.0, 23.5))


def test_portrait_frame_limits_by_width():
    x, y, w, h = capture_guide.crop_rect((400, 1000), ICAO, fill=0.9)
    assert w == pytest.approx(360) and h == pytest.approx(360 * 45 / 35)


def test_ideal_face_is_ready():
    state = capture_guide.assess(ideal_face(), FRAME, ICAO, luma=140.0, previous=ideal_face())
    assert state.ok and state.headline.code == capture_guide.READY and state.headline.severity == "ok"
    assert state.head_ratio == pytest.approx(1.0, abs=0.01)


def test_no_face():
    state = capture_guide.assess(None, FRAME, ICAO)
    assert not state.ok and state.headline == capture_guide.Hint(capture_guide.NO_FACE, "error")


@pytest.mark.parametrize("scale, code", [(0.6, capture_guide.MOVE_CLOSER), (1.4, capture_guide.MOVE_BACK)])
def test_distance(scale, code):
    f = ideal_face()
    geo = capture_guide.geometry(FRAME, ICAO)
    small = make_face(f.eye_mid[0], f.eye_mid[1], sum(geo.head_range_px) / 2 * scale)
    state = capture_guide.assess(small, FRAME, ICAO)
    assert code in codes(state) and not state.ok
    assert state.head_ratio == pytest.approx(scale, abs=0.01)


def test_left_right_are_the_sitters_own_directions():
    f = ideal_face()
    ex, ey = f.eye_mid
    # Face on the image's left = the sitter stands too far to their right: move to your left.
    left = make_face(ex - 150, ey, capture_guide.head_height_px(f))
    right = make_face(ex + 150, ey, capture_guide.head_height_px(f))
    assert codes(capture_guide.assess(left, FRAME, ICAO)) == {capture_guide.MOVE_LEFT}
    assert codes(capture_guide.assess(right, FRAME, ICAO)) == {capture_guide.MOVE_RIGHT}


def test_up_down():
    f = ideal_face()
    ex, ey = f.eye_mid
    high = make_face(ex, ey - 90, capture_guide.head_height_px(f))
    low = make_face(ex, ey + 90, capture_guide.head_height_px(f))
    assert capture_guide.MOVE_DOWN in codes(capture_guide.assess(high, FRAME, ICAO))
    assert capture_guide.MOVE_UP in codes(capture_guide.assess(low, FRAME, ICAO))


def test_roll_yaw_light_motion():
    assert codes(capture_guide.assess(ideal_face(roll=9), FRAME, ICAO)) == {capture_guide.LEVEL_HEAD}
    turned = capture_guide.assess(ideal_face(yaw=22), FRAME, ICAO)
    assert turned.hints == (capture_guide.Hint(capture_guide.FACE_CAMERA, "warning", 22),)
    assert capture_guide.assess(ideal_face(yaw=-45), FRAME, ICAO).headline.severity == "error"
    assert codes(capture_guide.assess(ideal_face(), FRAME, ICAO, luma=30)) == {capture_guide.TOO_DARK}
    assert codes(capture_guide.assess(ideal_face(), FRAME, ICAO, luma=245)) == {capture_guide.TOO_BRIGHT}
    f = ideal_face()
    moved = make_face(f.eye_mid[0] + 20, f.eye_mid[1], capture_guide.head_height_px(f))
    assert codes(capture_guide.assess(f, FRAME, ICAO, previous=moved)) == {capture_guide.HOLD_STILL}


def test_thresholds_are_data():
    loose = replace(capture_guide.DEFAULT_THRESHOLDS, max_roll_deg=12.0)
    assert capture_guide.assess(ideal_face(roll=9), FRAME, ICAO, thresholds=loose).ok


def test_main_face_counts_other_large_faces():
    a, b, tiny = ideal_face(), make_face(200, 300, 400), make_face(1100, 100, 40)
    assert capture_guide.main_face([b, a, tiny]) == (a, 1)
    assert capture_guide.main_face([a, tiny]) == (a, 0)
    assert capture_guide.main_face([]) == (None, 0)
    state = capture_guide.assess(a, FRAME, ICAO, others=1)
    assert state.headline.code == capture_guide.ONE_PERSON


def test_hint_order_puts_the_headline_first():
    f = make_face(300, 200, 150, roll=10)
    order = [h.code for h in capture_guide.assess(f, FRAME, ICAO, luma=20).hints]
    assert order == [capture_guide.MOVE_CLOSER, capture_guide.MOVE_LEFT, capture_guide.MOVE_DOWN, capture_guide.LEVEL_HEAD, capture_guide.TOO_DARK]


def test_face_luma_and_sharpness():
    rgb = np.full((100, 100, 3), 200, np.uint8)
    rgb[20:60, 20:60] = 50
    f = replace(make_face(40, 30, 60), box=(20.0, 20.0, 40.0, 40.0))
    assert capture_guide.face_luma(rgb, f) == pytest.approx(50, abs=1)
    rng = np.random.default_rng(0)
    sharp = rng.integers(0, 255, (600, 800, 3), dtype=np.uint8)
    blurred = cv2.GaussianBlur(sharp, (9, 9), 3)
    assert capture_guide.sharpness(sharp) > capture_guide.sharpness(blurred)
    assert capture_guide.pick_sharpest([blurred, sharp, blurred]) == 1


# -- real photographs, moved like a sitter would move ------------------------------------------
def _frame(data_dir, name: str, *, scale=1.0, dx=0.0, angle=0.0, side=400) -> np.ndarray:
    """The photo shrunk to `side`, then scaled/shifted/rotated about its centre (edges replicated)."""
    rgb = cv2.cvtColor(cv2.imread(str(data_dir / name)), cv2.COLOR_BGR2RGB)
    s = side / max(rgb.shape[:2])
    rgb = cv2.resize(rgb, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    h, w = rgb.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 2] += dx * w
    return cv2.warpAffine(rgb, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


def test_real_photo_hints(data_dir):
    from idphoto_gui.core.faces.faces import detect_faces

    def hints(**kw):
        state, face = capture_guide.evaluate_frame(_frame(data_dir, "woman_white_wall.jpg", **kw), ICAO,
                                           detector=detect_faces)
        assert face is not None
        return codes(state)

    assert capture_guide.MOVE_CLOSER in hints(scale=0.6)
    assert capture_guide.MOVE_BACK in hints(scale=1.5)
    assert capture_guide.MOVE_RIGHT in hints(dx=0.2)      # face on the image's right = too far to their left
    assert capture_guide.MOVE_LEFT in hints(dx=-0.2)
    assert capture_guide.LEVEL_HEAD in hints(angle=12)
    assert not {capture_guide.MOVE_LEFT, capture_guide.MOVE_RIGHT, capture_guide.LEVEL_HEAD} & hints()


def test_pair_template_asks_for_both_and_guides_the_pair(data_dir):
    """The marriage photo: one person in the frame is told both are needed; two real people are guided as one
    pair (size from the mean head, centring on the pair), and unlevel heads get 'the taller one lean in'."""
    from PIL import Image

    from idphoto_gui.core.faces.faces import detect_faces

    t = get_template("cn-marriage")
    one = np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB"))
    state, _ = capture_guide.evaluate_frame(one, t, detector=detect_faces)
    assert state.hints[0].code == capture_guide.BOTH_OF_YOU and not state.ok
    two = np.asarray(Image.open(data_dir / "couple_sts98.jpg").convert("RGB"))
    state, face = capture_guide.evaluate_frame(two, t, detector=detect_faces)
    codes = {h.code for h in state.hints}
    assert capture_guide.BOTH_OF_YOU not in codes and capture_guide.ONE_PERSON not in codes
    faces = sorted(detect_faces(two), key=lambda f: f.eye_mid[0])
    assert faces[0].eye_mid[0] < face.eye_mid[0] < faces[1].eye_mid[0]   # the guide's face is the pair's middle
    assert capture_guide.LEVEL_PAIR in codes                               # their eye lines differ by ~7 mm


def test_a_pair_template_draws_two_head_ovals_side_by_side():
    """The marriage photo's guide: two ovals of the template's head size, the gap apart, inside the crop and
    centred on it; a one-person template keeps its one oval."""
    t = get_template("cn-marriage")
    geo = capture_guide.geometry((1280, 720), t)
    assert len(geo.head_ovals) == 2
    (lx, ly, lw, lh), (rx, ry, rw, rh) = geo.head_ovals
    x, _, w, _ = geo.crop_rect
    assert (ly, lw, lh) == (ry, rw, rh) and lh / geo.px_per_mm == pytest.approx(sum(t.head_height_mm) / 2)
    assert (lx + rx + rw) / 2 == pytest.approx(geo.centre_x)                 # centred on the crop
    assert (rx - (lx + lw)) / geo.px_per_mm >= t.min_gap_mm                  # the template's gap at least
    assert x < lx and rx + rw < x + w                                       # both inside the crop
    assert capture_guide.geometry((1280, 720), get_template("cn-1inch")).head_ovals == (
        capture_guide.geometry((1280, 720), get_template("cn-1inch")).head_oval,)
