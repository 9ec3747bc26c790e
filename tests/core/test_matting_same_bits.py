"""The refinement's faster forms give the same bits as the plain ones they replaced (ADR 0016 round 5)."""
from __future__ import annotations

import cv2
import numpy as np

from idphoto_gui.core.matting.colour_line import _norm3, _reach
from idphoto_gui.core.matting.fill import CLEAR, Fills, push_pull, small_image, wide

NAME = "p3m_p_07141906"


def _photo(data_dir) -> tuple[np.ndarray, np.ndarray]:
    """A real photo at 500 px (float 0-1) and its reference alpha there."""
    rgb = cv2.cvtColor(cv2.imread(str(data_dir / f"{NAME}.jpg")), cv2.COLOR_BGR2RGB)
    gt = cv2.imread(str(data_dir / f"{NAME}_alpha.png"), cv2.IMREAD_GRAYSCALE).astype(np.float32) / 255.0
    img = small_image(rgb)
    return img, cv2.resize(gt, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_AREA)


def _push_pull_broadcast(img: np.ndarray, weight: np.ndarray, gain: float = 2.0) -> np.ndarray:
    """push_pull as it was written before round 5: (H, W, 3) x (H, W, 1) broadcasts."""
    nums, dens = [img * weight[..., None]], [weight]
    while min(dens[-1].shape) > 4:
        nums.append(cv2.pyrDown(nums[-1]))
        dens.append(cv2.pyrDown(dens[-1]))
    out = nums[-1] / (dens[-1][..., None] + 1e-6)
    for num, den in zip(reversed(nums[:-1]), reversed(dens[:-1])):
        up = cv2.pyrUp(out, dstsize=(den.shape[1], den.shape[0]))
        t = np.clip(den * np.float32(gain), 0.0, 1.0)
        out = num / (den + np.float32(1e-6))[..., None]
        out *= t[..., None]
        up *= np.subtract(np.float32(1.0), t, out=t)[..., None]
        out += up
    return out


def test_push_pull_and_its_kept_fills_match_the_broadcast_form(data_dir):
    img, al = _photo(data_dir)
    for mask in (al < CLEAR, al > 0.95):
        weight = mask.astype(np.float32)
        assert np.array_equal(push_pull(img, weight), _push_pull_broadcast(img, weight))
    fills = Fills(img)
    first = fills.fill(al < CLEAR)
    assert fills.fill((al < CLEAR).copy()) is first          # the same mask: made once
    assert not first.flags.writeable                          # shared, so nobody may change it
    assert np.array_equal(first, push_pull(img, (al < CLEAR).astype(np.float32)))


def test_wide_repeats_a_plane_and_a_row_of_values():
    plane = np.arange(12, dtype=np.float32).reshape(3, 4)
    assert np.array_equal(wide(plane), np.repeat(plane[..., None], 3, axis=2))
    row = np.arange(5, dtype=np.float32)
    assert wide(row).shape == (5, 3) and np.array_equal(wide(row)[:, 2], row)


def test_wall_distance_is_numpys_norm_bit_for_bit(data_dir):
    img, al = _photo(data_dir)
    bg = push_pull(img, (al < CLEAR).astype(np.float32))
    assert np.array_equal(_norm3(img - bg), np.linalg.norm(img - bg, axis=2))


def test_disc_reach_within_a_box_is_the_full_dilation_there(data_dir):
    _, al = _photo(data_dir)
    edge = (al < 0.98).astype(np.uint8)
    hair = np.zeros_like(edge)
    h, w = hair.shape
    hair[h // 8:h // 3, w // 4:3 * w // 4] = (al[h // 8:h // 3, w // 4:3 * w // 4] > 0.5)
    for r in (1, 12, 24):
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
        assert np.array_equal(_reach(edge, r, hair) & hair, cv2.dilate(edge, disc) & hair)
    assert not _reach(edge, 12, np.zeros_like(edge)).any()
