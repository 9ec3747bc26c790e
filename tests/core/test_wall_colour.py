"""The neck and crown passes' nearest-colour search: exact within its reach, whichever way it is worked out."""
from __future__ import annotations

import numpy as np
import pytest

from idphoto_gui.core.analysis import wall_colour


def _grid(rng: np.random.Generator, n: int, centre: np.ndarray, spread: float) -> np.ndarray:
    """Distinct grid colours scattered round `centre`."""
    raw = np.clip(rng.normal(centre, spread, (n, 3)), 0, 255).astype(np.uint8)
    return wall_colour.unique_colours(raw)


def _every_pair(query: np.ndarray, samples: np.ndarray) -> np.ndarray:
    """The plain answer: each query against every sample."""
    d = np.sqrt(((query[:, None, :] - samples[None, :, :]) ** 2).sum(axis=-1))
    return d.min(axis=1).astype(np.float32)


@pytest.mark.parametrize("cost", [0.0, 1e9])   # the distance transform, then every pair
def test_nearest_is_exact_within_reach_and_inf_beyond(monkeypatch, cost):
    monkeypatch.setattr(wall_colour, "GRID_COST", cost)
    rng = np.random.default_rng(7)
    for _ in range(40):
        centre = rng.uniform(0, 255, 3)
        query = _grid(rng, int(rng.integers(1, 400)), centre, rng.uniform(4, 80))
        samples = _grid(rng, int(rng.integers(1, 400)), centre + rng.normal(0, 30, 3), rng.uniform(4, 80))
        reach = float(rng.choice([10.0, 16.0, 20.0, 22.8, 31.0]))
        plain, got = _every_pair(query, samples), wall_colour._nearest(query, samples, reach)
        inside = plain <= reach
        assert np.array_equal(got[inside], plain[inside])
        assert np.isinf(got[~inside]).all()


def test_nearest_with_nothing_to_compare_is_inf():
    colours = np.float32([[1.5, 1.5, 1.5]])
    assert np.isinf(wall_colour._nearest(colours, np.zeros((0, 3), np.float32), 20.0)).all()
    assert wall_colour._nearest(np.zeros((0, 3), np.float32), colours, 20.0).shape == (0,)
