"""numpy <-> QImage conversions copy, so the image survives its source buffer."""
from __future__ import annotations

import gc

import numpy as np
from PySide6.QtGui import QColor, QImage

from idphoto_gui.qt.common.images import qimage_to_rgb, rgb_to_qimage, rgba_to_qimage, thumbnail


def test_rgb_round_trip_and_independence():
    rgb = np.random.default_rng(1).integers(0, 255, (31, 17, 3), dtype=np.uint8)
    image = rgb_to_qimage(rgb)
    expect = rgb.copy()
    rgb[:] = 0
    del rgb
    gc.collect()
    assert np.array_equal(qimage_to_rgb(image), expect)


def test_non_contiguous_input_and_alpha_flattening():
    rgb = np.zeros((20, 40, 3), np.uint8)
    rgb[:, :, 0] = 200
    image = rgb_to_qimage(rgb[:, ::2])
    assert image.width() == 20 and QColor(image.pixel(3, 3)).red() == 200
    rgba = np.zeros((4, 4, 4), np.uint8)
    out = qimage_to_rgb(rgba_to_qimage(rgba))
    assert (out == 255).all()  # transparent -> white


def test_thumbnail_is_small():
    rgb = np.zeros((2000, 3000, 3), np.uint8)
    assert max(thumbnail(rgb, 192).shape[:2]) <= 200
    assert isinstance(rgb_to_qimage(thumbnail(rgb, 192)), QImage)
