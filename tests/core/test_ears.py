"""A patch the network left soft inside an ear is made opaque; the ear's outline and the hair keep their alpha
(issue 37 round 10, docs/adr/0029)."""
from __future__ import annotations

import cv2
import numpy as np

from idphoto_gui.core.analysis.ears import ear_mask, solid_ears
from idphoto_gui.core.analysis.person_core import GUARD, core_mask
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter

CONTRAST = np.float32([255, 0, 0]) - np.float32([0, 0, 255])   # red against blue


def _network(image):
    """The network's matte of `image` and its faces (before any pass)."""
    faces = face_outcome(image).faces
    keep = core_mask(image.rgb.shape, faces, grow=GUARD)
    return faces, get_matter("rvm").matte(image.rgb, tuple(f.box for f in faces), keep=keep)


def _ear_box(face, shape) -> np.ndarray:
    """The right ear's top half in the photo (its left side on screen is the face)."""
    x, y, w, h = face.box
    box = np.zeros(shape[:2], bool)
    box[int(y + 0.2 * h):int(y + 0.45 * h), int(x + 0.97 * w):int(x + 1.15 * w)] = True
    return box


def test_the_see_through_top_of_an_ear_is_made_opaque(data_dir):
    image = load_image(data_dir / "man_suit.jpg")   # the network keeps its right ear's top at alpha ~0.85
    faces, matte = _network(image)
    ear = _ear_box(faces[0], image.rgb.shape)
    patch = ear_mask(image.rgb, matte.alpha, faces[0])
    assert patch.sum() >= 80 and not (patch & ~ear).any()
    inner = ear & (cv2.erode((matte.alpha >= 0.5).view(np.uint8), np.ones((7, 7), np.uint8)) > 0)   # in the ear
    seen = lambda alpha: int(((1.0 - alpha[inner]) * np.abs(CONTRAST).max() > 24).sum())   # red vs blue differs
    assert seen(matte.alpha) > 40
    finished = matte_of(image)
    assert seen(finished.alpha) < seen(matte.alpha) // 3                 # was 70 px through the ear, now a few
    rim = ear & (matte.alpha > 0.05) & (matte.alpha < 0.5)
    assert rim.any() and np.array_equal(finished.alpha[rim], matte.alpha[rim])   # the ear's own soft edge stays
    assert np.array_equal(finished.foreground[patch], image.rgb[patch])   # the photo's own colours


def test_curls_beside_the_ears_are_left_alone(data_dir):
    for name in ("curly_young_man.jpg", "curly_dark_skin_woman.jpg", "woman_white_wall.jpg"):
        image = load_image(data_dir / name)   # soft curls beside the face, some the colour of skin
        faces, matte = _network(image)
        assert not ear_mask(image.rgb, matte.alpha, faces[0]).any(), name
        assert solid_ears(matte, image.rgb, faces) is matte
