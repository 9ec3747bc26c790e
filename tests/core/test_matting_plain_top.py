"""RVM skips its top pad only when the top of the photo is plain wall, and the matte stays the same there."""
from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.matting.rvm import RvmMatter, plain_band


def read_rgb(path) -> np.ndarray:
    """A test photo as RGB uint8."""
    return cv2.cvtColor(cv2.imread(str(path), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)


def with_room_above(rgb: np.ndarray, share: float) -> np.ndarray:
    """The photo with `share` of its height of its own wall added above: the two top corners' colours,
    blended across the width (a wider shot of the same wall)."""
    h, w = rgb.shape[:2]
    left = rgb[:8, :40].reshape(-1, 3).mean(axis=0)
    right = rgb[:8, -40:].reshape(-1, 3).mean(axis=0)
    t = np.linspace(0.0, 1.0, w, dtype=np.float32)[:, None]
    row = (left * (1 - t) + right * t).round().astype(np.uint8)
    return np.concatenate([np.broadcast_to(row, (round(share * h), w, 3)), rgb])


@pytest.fixture
def network_inputs(monkeypatch) -> list[tuple[int, int]]:
    """The (h, w) of every image the network is run on."""
    seen: list[tuple[int, int]] = []
    infer = RvmMatter.infer

    def spy(self, rgb, **kw):
        seen.append(rgb.shape[:2])
        return infer(self, rgb, **kw)

    monkeypatch.setattr(RvmMatter, "infer", spy)
    return seen


def test_hair_at_the_top_keeps_the_pad(data_dir, network_inputs):
    rgb = read_rgb(data_dir / "man_suit.jpg")          # hair reaches the top edge
    assert not plain_band(rgb, 0.1, 24.0)
    get_matter("rvm").infer_padded(rgb, colours=False)
    assert network_inputs == [(rgb.shape[0] + round(0.2 * rgb.shape[0]), rgb.shape[1])]


def test_plain_wall_above_the_head_skips_the_pad_with_the_same_matte(data_dir, network_inputs):
    photo = read_rgb(data_dir / "man_suit.jpg")
    rgb = with_room_above(photo, 0.3)
    assert plain_band(rgb, 0.1, 24.0)
    matter = get_matter("rvm")
    alpha, _ = matter.infer_padded(rgb, colours=False)
    assert network_inputs == [rgb.shape[:2]]            # no rows added: ~17 % less network work
    padded, _ = dataclasses.replace(matter, plain_top=0.0).infer_padded(rgb, colours=False)
    assert network_inputs[1][0] > rgb.shape[0]
    top = rgb.shape[0] - photo.shape[0]
    assert float(alpha[:top].max()) < 0.05               # the added wall stays background
    diff = np.abs(alpha - padded)
    assert float(diff.mean()) < 0.005, f"mean |alpha change| {diff.mean():.4f}"
    assert float((diff > 0.25).mean()) < 0.002


def test_textured_or_busy_top_is_not_plain(data_dir):
    for name in ("woman_grey_bg.jpg", "curly_young_man.jpg", "profile_woman_sea.jpg"):
        assert not plain_band(read_rgb(data_dir / name), 0.1, 24.0), name
