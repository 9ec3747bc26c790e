"""The photographed suit's neck opening is a clean V (tools/straighten_opening.py, issue 38 round 7): its sides
are straight lines from the top row's edges to the point, not the wearer's rounded neck outline."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("straighten_opening", ROOT / "tools" / "straighten_opening.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


def test_the_suit_opening_runs_straight_to_its_point():
    alpha = np.asarray(Image.open(ROOT / "resources" / "garments" / "men-suit-photo.png"))[..., 3] / 255.0
    left, right = 211.0, 336.0    # the edges the V was drawn from (its antialiased rim reads 1 px in)
    found = tool.top_edges(alpha, 273.5)
    assert abs(found[0] - left) <= 1 and abs(found[1] - right) <= 1
    for y in range(8, 100, 8):
        run = np.flatnonzero(alpha[y, 200:350] < 0.5) + 200
        t = y / 104.0
        assert abs(run.min() - (left + (273.5 - left) * t)) <= 1.5, y
        assert abs(run.max() - (right + (273.5 - right) * t)) <= 1.5, y
    assert (alpha[106:140, 200:350] > 0.99).all()    # below the point: the shirt, no hole


def test_straightening_fills_the_old_rounded_opening_with_cloth():
    rgba = np.zeros((60, 80, 4), np.uint8)
    rgba[..., :3] = 230
    rgba[..., 3] = 255
    yy, xx = np.mgrid[0:60, 0:80]
    rgba[((xx - 40) ** 2 / 15 ** 2 + yy ** 2 / 40 ** 2) < 1, 3] = 0     # a rounded U, 30 px across, 40 deep
    out = tool.straightened(rgba, (25.0, 55.0), (40.0, 40.0))
    a = out[..., 3] / 255.0
    assert a[20, 40] == 0.0 and a[20, 25] == 1.0      # inside the V clear; beside it (once the U) cloth
    assert (out[a > 0.99][:, :3] > 200).all()          # the filled cloth takes the cloth's colour
