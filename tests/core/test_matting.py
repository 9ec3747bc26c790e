"""Matting on real photos: alpha where the person is, reference IoU, foreground colours, errors."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from idphoto_gui.core.errors import ModelError
from idphoto_gui.core.matting.foreground import estimate_foreground
from idphoto_gui.core.matting import Matte, available_models, get_matter

# (file, face centre, torso centre) as fractions (x, y) of the image; top corners are background.
SUBJECTS = (
    ("woman_white_wall.jpg", (0.50, 0.55), (0.50, 0.93)),
    ("man_suit.jpg", (0.45, 0.33), (0.50, 0.75)),
    ("woman_grey_bg.jpg", (0.50, 0.35), (0.50, 0.80)),
)
CORNERS = ((0.04, 0.04), (0.96, 0.04))
REFERENCES = ("p3m_p_07141906", "p3m_p_22fc0130")


def read_rgb(path: Path) -> np.ndarray:
    """A test photo as RGB uint8."""
    return cv2.cvtColor(cv2.imread(str(path), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)


def patch_mean(alpha: np.ndarray, at: tuple[float, float]) -> float:
    """Mean alpha in a small square (3% of the short side) centred at a fractional position."""
    h, w = alpha.shape
    r = max(2, int(0.03 * min(h, w)))
    x, y = int(at[0] * w), int(at[1] * h)
    return float(alpha[max(0, y - r):y + r, max(0, x - r):x + r].mean())


@pytest.fixture(scope="module", params=available_models())
def matter(request):
    """Each matting model in turn."""
    return get_matter(request.param)


@pytest.mark.parametrize("name,face,torso", SUBJECTS)
def test_alpha_covers_person_not_background(matter, data_dir, name, face, torso):
    rgb = read_rgb(data_dir / name)
    m = matter.matte(rgb)
    assert patch_mean(m.alpha, face) > 0.95
    assert patch_mean(m.alpha, torso) > 0.95
    for corner in CORNERS:
        assert patch_mean(m.alpha, corner) < 0.05


def test_shapes_and_types(matter, data_dir):
    rgb = read_rgb(data_dir / "man_suit.jpg")
    m = matter.matte(rgb)
    assert isinstance(m, Matte) and m.model_id == matter.model_id
    assert m.alpha.shape == rgb.shape[:2] and m.alpha.dtype == np.float32
    assert m.foreground.shape == rgb.shape and m.foreground.dtype == np.uint8
    assert 0.0 <= m.alpha.min() and m.alpha.max() <= 1.0
    raw = matter.predict(rgb)
    assert raw.shape == rgb.shape[:2] and raw.dtype == np.float32
    assert m.nbytes == m.alpha.nbytes + m.foreground.nbytes


@pytest.mark.parametrize("name", REFERENCES)
def test_rvm_matches_reference_alpha(data_dir, name):
    rgb = read_rgb(data_dir / f"{name}.jpg")
    ref = cv2.imread(str(data_dir / f"{name}_alpha.png"), cv2.IMREAD_GRAYSCALE) > 127
    pred = get_matter("rvm").matte(rgb).alpha > 0.5
    iou = (pred & ref).sum() / (pred | ref).sum()
    assert iou > 0.9, f"IoU {iou:.3f}"


def test_foreground_removes_old_background_colour(data_dir):
    rgb = read_rgb(data_dir / "p3m_p_07141906.jpg").astype(np.float32)
    alpha = cv2.imread(str(data_dir / "p3m_p_07141906_alpha.png"), cv2.IMREAD_GRAYSCALE)
    a = alpha.astype(np.float32)[..., None] / 255.0
    green = np.array([0.0, 255.0, 0.0], np.float32)
    comp = np.clip(rgb * a + green * (1 - a) + 0.5, 0, 255).astype(np.uint8)
    band = (alpha > 25) & (alpha < 230)
    assert band.sum() > 500
    fg = estimate_foreground(comp, a[..., 0])

    def greenness(img: np.ndarray) -> float:
        px = img[band].astype(np.float32)
        return float((px[:, 1] - (px[:, 0] + px[:, 2]) / 2).mean())

    assert greenness(fg) < greenness(comp) - 20
    opaque = alpha == 255
    assert np.array_equal(fg[opaque], comp[opaque])


def test_foreground_rejects_mismatched_shapes():
    with pytest.raises(ValueError):
        estimate_foreground(np.zeros((10, 10, 3), np.uint8), np.zeros((5, 5), np.float32))


def test_unknown_model_is_a_model_error():
    with pytest.raises(ModelError):
        get_matter("no-such-model")
    with pytest.raises(ModelError):
        get_matter("blazeface-full")  # a known model, but not a matting one


def test_matter_is_shared():
    assert get_matter("rvm") is get_matter("rvm")
    assert available_models()[0] == "rvm"
