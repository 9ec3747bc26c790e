"""Face detection and landmarks on real photographs: properties, not pixel-exact values."""
from __future__ import annotations

import math
import threading
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.core.errors import MultipleFacesError, NoFaceError, NotFrontalError
from idphoto_gui.core.faces.faces import Face, detect_faces, find_face

DATA = Path(__file__).resolve().parents[1] / "data"
PORTRAITS = ("woman_white_wall.jpg", "man_suit.jpg", "woman_grey_bg.jpg", "man_glasses.jpg",
             "curly_young_man.jpg", "astronaut.png", "child.png")  # as tests/conftest.py
FRONTAL = (*PORTRAITS, "curly_dark_skin_woman.jpg")  # the last one is tilted ~23 degrees, still frontal
ALL_FACES = (*FRONTAL, "blonde_woman.jpg")           # a three-quarter view: found, turned to her right


def load(name: str) -> np.ndarray:
    """8-bit RGB pixels of a test photo (RGBA and palette files flattened by Pillow)."""
    with Image.open(DATA / name) as im:
        return np.asarray(im.convert("RGB"))


def rotated(name: str, degrees: float) -> np.ndarray:
    """The photo turned counter-clockwise on screen by `degrees` (Pillow's convention), canvas grown."""
    with Image.open(DATA / name) as im:
        out = im.convert("RGB").rotate(degrees, resample=Image.BICUBIC, expand=True, fillcolor=(128, 128, 128))
    return np.asarray(out)


@pytest.fixture(scope="module")
def found() -> dict[str, Face]:
    """find_face on every frontal portrait, once."""
    return {name: find_face(load(name)) for name in FRONTAL}


@pytest.mark.parametrize("name", ALL_FACES)
def test_one_face_with_mesh_in_every_portrait(name):
    faces = detect_faces(load(name))
    assert len(faces) == 1
    face = faces[0]
    assert face.score > 0.6 and face.has_mesh and face.mesh_score > 0.9
    assert face.landmarks.shape == (468, 2) and face.landmarks.dtype == np.float32


@pytest.mark.parametrize("name", FRONTAL)
def test_eyes_in_upper_half_and_left_right_the_right_way_round(found, name):
    f = found[name]
    x, y, w, h = f.box
    for ex, ey in (f.left_eye, f.right_eye):
        assert x < ex < x + w and y < ey < y + h / 2
    # the subject's right eye is on the image left; the direction holds even on a tilted head
    dx, dy = np.subtract(f.left_eye, f.right_eye)
    assert dx > 0 and abs(dy) < dx
    assert 0.25 * w < f.eye_distance < 0.6 * w


@pytest.mark.parametrize("name", FRONTAL)
def test_chin_below_eyes_near_box_bottom_and_forehead_above(found, name):
    f = found[name]
    x, y, w, h = f.box
    up = np.array([math.sin(math.radians(f.roll_deg)), -math.cos(math.radians(f.roll_deg))])
    eye_to_chin = float(np.dot(np.subtract(f.eye_mid, f.chin), up))
    assert eye_to_chin > 0.8 * f.eye_distance          # chin well below the eyes along the face axis
    assert abs(f.chin[1] - (y + h)) < 0.12 * h          # BlazeFace's box ends at the chin
    assert x < f.chin[0] < x + w
    assert float(np.dot(np.subtract(f.forehead, f.eye_mid), up)) > 0.3 * eye_to_chin


@pytest.mark.parametrize("name", PORTRAITS)
def test_upright_photos_have_small_roll_and_yaw(found, name):
    f = found[name]
    assert abs(f.roll_deg) < 8
    assert abs(f.yaw_deg) < 10  # man_suit is turned slightly: ~8.5 (mesh fit)


@pytest.mark.parametrize("name", ["woman_white_wall.jpg", "man_glasses.jpg", "child.png"])
def test_roll_sign_follows_the_rotation(found, name):
    base = found[name].roll_deg
    clockwise = find_face(rotated(name, -10)).roll_deg     # Pillow: negative angle = clockwise
    counter = find_face(rotated(name, 10)).roll_deg
    assert clockwise - base == pytest.approx(10, abs=3)
    assert counter - base == pytest.approx(-10, abs=3)


def test_roll_of_a_tilted_head(found):
    # her head leans to the image left: the image-right eye is higher, counter-clockwise, negative
    assert -30 < found["curly_dark_skin_woman.jpg"].roll_deg < -15


def test_yaw_sign_and_mirror_symmetry():
    rgb = load("blonde_woman.jpg")
    turned = detect_faces(rgb)[0].yaw_deg
    mirrored = detect_faces(np.ascontiguousarray(rgb[:, ::-1]))[0].yaw_deg
    assert -45 < turned < -15        # she turns to her right (towards the image left): negative
    assert mirrored == pytest.approx(-turned, abs=8)


def test_profile_is_refused_as_not_frontal():
    with pytest.raises(NotFrontalError) as info:
        find_face(load("profile_woman_sea.jpg"))
    assert isinstance(info.value.face, Face) and info.value.face.yaw_deg > 25
    assert info.value.code == "not_frontal"


def test_three_quarter_view_still_found_when_the_limit_allows():
    assert find_face(load("blonde_woman.jpg"), max_yaw_deg=45).yaw_deg < 0
    with pytest.raises(NotFrontalError):
        find_face(load("blonde_woman.jpg"), max_yaw_deg=15)


def _textures() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    gradient = np.tile(np.linspace(0, 255, 640, dtype=np.uint8)[None, :, None], (480, 1, 3))
    noise = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    return {"gradient": gradient, "noise": noise,
            "sea_and_rocks": load("profile_woman_sea.jpg")[250:450, 450:800],
            "white_wall": load("woman_white_wall.jpg")[:, :200],
            "grey": np.full((64, 48, 3), 128, np.uint8)}


@pytest.mark.parametrize("kind", ["gradient", "noise", "sea_and_rocks", "white_wall", "grey"])
def test_no_person_gives_no_face(kind):
    rgb = _textures()[kind]
    assert detect_faces(rgb) == ()
    with pytest.raises(NoFaceError):
        find_face(rgb)


def _side_by_side(left: str, right: str, right_face_ratio: float) -> np.ndarray:
    """Two portraits on one canvas, the right one scaled so its face is `right_face_ratio` of the left's."""
    a, b = load(left), load(right)
    wa, wb = find_face(a).box[2], find_face(b).box[2]
    s = right_face_ratio * wa / wb
    b = np.asarray(Image.fromarray(b).resize((round(b.shape[1] * s), round(b.shape[0] * s)), Image.LANCZOS))
    h = max(a.shape[0], b.shape[0])
    canvas = np.full((h, a.shape[1] + b.shape[1], 3), 200, np.uint8)
    canvas[:a.shape[0], :a.shape[1]] = a
    canvas[:b.shape[0], a.shape[1]:] = b
    return canvas


def test_two_people_give_multiple_faces_error():
    rgb = _side_by_side("woman_white_wall.jpg", "man_suit.jpg", 0.9)
    with pytest.raises(MultipleFacesError) as info:
        find_face(rgb)
    faces = info.value.faces
    assert len(faces) == 2 and all(isinstance(f, Face) for f in faces)
    assert faces[0].box[2] >= faces[1].box[2]                  # main (widest) face first
    assert faces[0].eye_mid[0] < rgb.shape[1] / 2 < faces[1].eye_mid[0]


def test_a_small_background_face_is_ignored():
    rgb = _side_by_side("woman_white_wall.jpg", "man_suit.jpg", 0.25)
    assert len(detect_faces(rgb)) == 2
    face = find_face(rgb)
    assert face.eye_mid[0] < rgb.shape[1] / 2


def test_large_image_matches_small_one_and_scaled_maps_coordinates(found):
    small = load("woman_grey_bg.jpg")
    big = np.asarray(Image.fromarray(small).resize((small.shape[1] * 3, small.shape[0] * 3), Image.BICUBIC))
    f_big = find_face(big)
    f_small = found["woman_grey_bg.jpg"]
    back = f_big.scaled(1 / 3)
    tol = 0.05 * f_small.eye_distance
    for a, b in ((back.left_eye, f_small.left_eye), (back.right_eye, f_small.right_eye),
                 (back.chin, f_small.chin)):
        assert np.hypot(*np.subtract(a, b)) < tol
    assert back.roll_deg == f_big.roll_deg and back.eye_distance == pytest.approx(f_big.eye_distance / 3)
    assert np.allclose(back.landmarks, f_big.landmarks / 3, atol=1e-3)


def test_close_up_filling_the_frame_is_found(found):
    rgb = load("man_glasses.jpg")
    x, y, w, h = found["man_glasses.jpg"].box
    crop = np.ascontiguousarray(rgb[int(y - 0.05 * h):int(y + 1.05 * h), int(x):int(x + w)])
    face = find_face(crop)
    assert face.has_mesh and abs(face.roll_deg) < 8


def test_grey_and_rgba_inputs_accepted_and_bad_input_refused():
    rgb = load("woman_white_wall.jpg")
    grey = np.asarray(Image.fromarray(rgb).convert("L"))
    assert len(detect_faces(grey)) == 1
    rgba = np.dstack([rgb, np.full(rgb.shape[:2], 255, np.uint8)])
    assert len(detect_faces(rgba)) == 1
    with pytest.raises(ValueError):
        detect_faces(rgb.astype(np.float32))


def test_threads_get_their_own_nets():
    rgb = load("astronaut.png")
    expected = find_face(rgb).chin
    results: list[tuple[float, float]] = []
    threads = [threading.Thread(target=lambda: results.append(find_face(rgb).chin)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and all(np.allclose(r, expected, atol=1e-3) for r in results)


def test_same_result_with_a_classic_engine_net(monkeypatch):
    # tflite_net may hand out a new-engine net (one output per pass) or a classic one (all at once)
    import cv2

    from idphoto_gui.core.faces import face_nets
    from idphoto_gui.core.models import model_info

    rgb = load("child.png")
    expected = find_face(rgb)
    monkeypatch.setattr(face_nets, "tflite_net", lambda model_id: cv2.dnn.readNetFromTFLite(
        str(model_info(model_id).path), cv2.dnn.ENGINE_CLASSIC))
    results: list[Face] = []
    worker = threading.Thread(target=lambda: results.append(find_face(rgb)))  # fresh per-thread nets
    worker.start()
    worker.join()
    assert np.allclose(results[0].landmarks, expected.landmarks, atol=1e-3)
