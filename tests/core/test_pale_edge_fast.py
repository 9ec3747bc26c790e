"""deglow_edge's fast paths give the same bytes as the plain ones (issue 37: the candidates read per copy block,
the holes' span)."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from idphoto_gui.core.matting import pale_edge

HAIR = np.array([60, 45, 35], np.float32)
WALL = np.array([235, 232, 228], np.float32)


def _scene(size: int, width: float, seed: int = 0):
    """A dark-haired head on a light wall: alpha with a noisy soft ramp, its foreground and photo, two faces."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[:size, :size].astype(np.float32)
    r = np.hypot(yy - size * 0.5, xx - size * 0.5) + rng.normal(0, 2, (size, size)).astype(np.float32)
    alpha = np.clip((size * 0.35 - r) / (size * 0.04), 0, 1).astype(np.float32)
    alpha[int(size * 0.21):int(size * 0.25), int(size * 0.48):int(size * 0.52)] = 0.6   # a walled-in soft patch
    stray = (r > size * 0.37) & (r < size * 0.42) & (rng.random((size, size)) < 0.01)
    alpha[stray] = 0.3   # lone soft pixels just off the outline (some beyond the light edge's bounding box)
    mix = alpha[..., None] * HAIR + (1 - alpha[..., None]) * WALL
    fg = np.clip(mix + rng.normal(0, 6, mix.shape), 0, 255).astype(np.uint8)
    rgb = np.clip(mix + rng.normal(0, 3, mix.shape), 0, 255).astype(np.uint8)
    keep = np.hypot(yy - size * 0.55, xx - size * 0.5) < size * 0.12
    faces = (SimpleNamespace(box=(size * 0.5 - width / 2, size * 0.42, width, width)),
             SimpleNamespace(box=(size * 0.5 - width / 3, size * 0.40, width * 0.7, width * 0.7)))
    return alpha, fg, rgb, faces, keep


@pytest.mark.parametrize("size,width", [(260, 70.0), (420, 150.0), (700, 300.0)])
def test_the_block_reading_gives_the_dense_readings_bytes(monkeypatch, size, width):
    alpha, fg, rgb, faces, keep = _scene(size, width)
    before = fg.copy(), alpha.copy()
    fast = pale_edge.deglow_edge(alpha, fg, rgb, faces, keep)
    assert fast is not fg and (fast != fg).any()                  # something moved, in a new array
    assert np.array_equal(fg, before[0]) and np.array_equal(alpha, before[1])   # the inputs untouched
    monkeypatch.setattr(pale_edge, "_blocky", lambda *a: False)   # the plain reading over the whole bounding box
    assert np.array_equal(pale_edge.deglow_edge(alpha, fg, rgb, faces, keep), fast)


def test_holes_and_their_span():
    a = np.zeros((40, 50), np.float32)
    a[5:35, 5:45] = 1.0
    assert pale_edge._holes(a, 4)[0] is None
    a[10:14, 20:26] = 0.5   # walled in, none of it clear: a hole
    a[20:24, 10:13] = 0.5
    a[21, 11] = 0.1         # a clear pixel: the wall seen through, no hole
    holes, span = pale_edge._holes(a, 4)
    assert holes.sum() == 24 and holes[10:14, 20:26].all()
    assert span == (10, 14, 20, 26)
    assert pale_edge._holes(a, 25)[0] is None   # too small
