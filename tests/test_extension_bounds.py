"""tools/extension_bounds.py on synthetic fabric: the bounds measure what they say (issue 25)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import extension_bounds as eb  # noqa: E402


def _fabric(seed: int = 1, shape=(160, 240)) -> np.ndarray:
    """A grey garment with an even, fine weave (uint8 RGB)."""
    rng = np.random.default_rng(seed)
    grain = 120 + 12 * rng.standard_normal(shape)
    return np.repeat(np.clip(grain, 0, 255)[..., None], 3, axis=2).astype(np.uint8)


def test_shuffled_fabric_keeps_an_even_weaves_energy():
    truth = _fabric()
    region = np.zeros(truth.shape[:2], bool)
    region[60:150, 20:220] = True
    ratios = []
    for grain in (False, True):
        fill = eb.fabric_fill(truth, region, grain)
        ratios.append(eb.energy(eb.grey(fill), region) / eb.energy(eb.grey(truth), region))
    assert 0.8 < ratios[0] < 1.2
    assert ratios[1] > 0.7          # an even weave is all grain: the product's filters keep most of it


def test_structure_is_not_grain():
    truth = _fabric().astype(np.int16)
    truth[:, 100:103] = 250         # a collar's edge: a few columns of strong structure
    truth[:, 160:163] = 10
    truth = truth.astype(np.uint8)
    region = np.zeros(truth.shape[:2], bool)
    region[60:150, 20:220] = True
    shuffled = eb.energy(eb.grey(eb.fabric_fill(truth, region, False)), region)
    grain = eb.energy(eb.grey(eb.fabric_fill(truth, region, True)), region)
    assert grain < 0.6 * shuffled


def test_a_flat_colour_paints_only_the_painted_subject():
    ours = np.full((20, 10, 3), 200, np.uint8)
    alpha = np.ones((20, 10), np.float32)
    alpha[:, :2] = 0.0
    painted = np.zeros((20, 10), bool)
    painted[12:] = True
    out = eb.painted_with(ours, alpha, painted, np.array([10.0, 20.0, 30.0]))
    assert (out[:12] == 200).all()
    assert (out[12:, 2:] == (10, 20, 30)).all() and (out[12:, :2] == 255).all()


def test_empty_columns_take_their_neighbours_colour():
    fg = np.zeros((4, 5, 3), np.float32)
    fg[:, 0], fg[:, 4] = 100.0, 200.0
    wt = np.zeros((4, 5), np.float32)
    wt[:, 0] = wt[:, 4] = 1.0
    col = eb._per_column(fg, wt)
    assert np.allclose(col[:, 0], [100, 125, 150, 175, 200])
