"""Rendering at output size: exact blend, no black borders, no aliasing, fast enough to drag."""
from __future__ import annotations


import cv2
import numpy as np
import pytest

from idphoto_gui.core.render import compose
from idphoto_gui.core.matting import Matte

BLUE = (67, 142, 219)


def crop_matrix(cx, cy, crop_w, out_w, out_h, angle=0.0):
    """Source -> output affine for a crop of width crop_w centred at (cx, cy)."""
    m = cv2.getRotationMatrix2D((cx, cy), angle, out_w / crop_w)
    m[0, 2] += out_w / 2 - cx
    m[1, 2] += out_h / 2 - cy
    return m


@pytest.fixture(scope="module")
def photo_matte(data_dir):
    """A 2000 px working image of a real photo with an elliptic soft matte."""
    from PIL import Image

    rgb = np.asarray(Image.open(data_dir / "woman_white_wall.jpg").convert("RGB"))
    s = 2000 / max(rgb.shape[:2])
    rgb = cv2.resize(rgb, (round(rgb.shape[1] * s), round(rgb.shape[0] * s)), interpolation=cv2.INTER_AREA)
    h, w = rgb.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    alpha = (((xx - w / 2) / (w / 3)) ** 2 + ((yy - h / 2) / (h / 2.5)) ** 2 < 1).astype(np.float32)
    return Matte(cv2.GaussianBlur(alpha, (0, 0), 3), np.ascontiguousarray(rgb), "test")


def test_blend_is_exact_at_alpha_0_and_1_and_linear_between():
    fg = np.full((4, 4, 3), 200, np.uint8)
    alpha = np.array([[0, 1, 0.5, 0.25]] * 4, np.float32)
    out = compose.blend(fg, alpha, (0, 100, 255))
    assert out[0, 0].tolist() == [0, 100, 255]
    assert out[0, 1].tolist() == [200, 200, 200]
    assert np.abs(out[0, 2].astype(int) - [100, 150, 228]).max() <= 1
    assert np.abs(out[0, 3].astype(int) - [50, 125, 241]).max() <= 1


def test_identity_crop_reproduces_the_matte():
    rng = np.random.default_rng(1)
    fg = rng.integers(0, 256, (60, 80, 3), dtype=np.uint8)
    alpha = np.ones((60, 80), np.float32)
    m = np.float64([[1, 0, -10], [0, 1, -5]])
    out = compose.render(Matte(alpha, fg, "t"), matrix=m, size=(40, 30), background=BLUE)
    assert out.shape == (30, 40, 3)
    assert np.array_equal(out, fg[5:35, 10:50])


def test_outside_the_source_is_background_not_black(photo_matte):
    h, w = photo_matte.alpha.shape
    opaque = Matte(np.ones_like(photo_matte.alpha), photo_matte.foreground, "t")
    # a crop hanging 100 px off the left edge of the photo, rotated; no body continued there
    m = crop_matrix(200, h / 2, 600, 295, 413, angle=5)
    out = compose.render(opaque, matrix=m, size=(295, 413), background=BLUE, synthesise_body=False)
    left = out[150:260, :10].reshape(-1, 3)
    assert np.abs(left.astype(int) - BLUE).max() <= 1
    assert not (out.sum(axis=2) < 30).any(), "black pixels leaked from outside the source"


def test_downscale_does_not_alias():
    # 1-px checkerboard shrunk 6.8x: a correct low-pass gives flat grey; point sampling gives noise
    h, w = 1400, 1000
    board = ((np.indices((h, w)).sum(axis=0) % 2) * 255).astype(np.uint8)
    matte = Matte(np.ones((h, w), np.float32), np.dstack([board] * 3), "t")
    m = crop_matrix(w / 2, h / 2, 800, 118, 165, angle=3)
    out = compose.render(matte, matrix=m, size=(118, 165), background=(0, 0, 0))
    assert abs(out.mean() - 127.5) < 3
    assert out.std() < 6


def test_render_rgba_has_the_warped_alpha(photo_matte):
    h, w = photo_matte.alpha.shape
    m = crop_matrix(w / 2, h / 2, 800, 295, 413)
    rgba = compose.render_rgba(photo_matte, matrix=m, size=(295, 413))
    assert rgba.shape == (413, 295, 4) and rgba.dtype == np.uint8
    assert rgba[206, 147, 3] == 255          # centre of the ellipse
    rgb = compose.render(photo_matte, matrix=m, size=(295, 413), background=(255, 255, 255))
    assert np.array_equal(rgba[206, 147, :3], rgb[206, 147])


def test_composite_full_keeps_size(photo_matte):
    out = compose.composite_full(photo_matte, background=(255, 0, 0))
    assert out.shape == photo_matte.foreground.shape
    assert out[0, 0].tolist() == [255, 0, 0]


def test_recomposite_at_output_size_reads_the_matte_only(photo_matte):
    """The re-composite is a pure function of matte, crop and colour (its speed is in benchmarks/bench_core.py)."""
    h, w = photo_matte.alpha.shape
    m = crop_matrix(w / 2, h / 2, 900, 295, 413, angle=2)
    first = compose.render(photo_matte, matrix=m, size=(295, 413), background=BLUE)
    again = compose.render(photo_matte, matrix=m, size=(295, 413), background=BLUE)
    assert first.shape == (413, 295, 3) and np.array_equal(first, again)


def test_photo_rows_end_where_the_continuation_repaints_the_photos_last_rows():
    """`photo_rows` (ADR 0036): the output rows that show only the photo's own pixels end above the rows the
    body's continuation repaints (extend.edge_rows of the region), whatever the box factor; a photo reaching past
    the output's bottom has all its rows."""
    from idphoto_gui.core.body import extend

    h, w = 400, 300
    for scale in (1.0, 0.3):     # (0.3: the region is box-shrunk by 2 before the warp)
        m = np.array([[scale, 0.0, 0.0], [0.0, scale, 0.0]])
        size = (int(w * scale), int(h * scale) + 40)      # the output reaches 40 rows past the photo's bottom
        rows = compose.photo_rows(m, size, (h, w))
        k = compose._box_factor(scale)
        edge = extend.edge_rows(h // k) * k * scale
        assert abs((h * scale - rows) - edge) <= 1.5, (scale, rows, edge)
    whole = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, -50.0]])     # the photo goes on below the output
    assert compose.photo_rows(whole, (w, h - 100), (h, w)) == h - 100
