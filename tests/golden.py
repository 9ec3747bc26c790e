"""Golden-image comparison for deterministic renders (a sheet, the head bands), with a small tolerance."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from PIL import Image

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
UPDATE = os.environ.get("IDPHOTO_UPDATE_GOLDEN") == "1"  # set once to re-bless after a deliberate change


def assert_golden(rgb: np.ndarray, name: str, *, mean_tol: float = 1.0, pixel_tol: int = 40,
                  share_tol: float = 0.005) -> None:
    """`rgb` equals tests/data/golden/<name>.png: mean |diff| <= mean_tol and few pixels off by more."""
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        GOLDEN.mkdir(parents=True, exist_ok=True)
        Image.fromarray(np.ascontiguousarray(rgb[..., :3])).save(path, optimize=True)
        assert not UPDATE or path.exists()
        if not UPDATE:
            raise AssertionError(f"no golden image yet: wrote {path}; look at it, commit it and run again")
    want = np.asarray(Image.open(path).convert("RGB"), dtype=np.int16)
    got = np.asarray(rgb[..., :3], dtype=np.int16)
    assert got.shape == want.shape, f"{name}: size {got.shape} != golden {want.shape}"
    diff = np.abs(got - want).max(axis=2)
    assert diff.mean() <= mean_tol, f"{name}: mean difference {diff.mean():.2f} > {mean_tol}"
    assert (diff > pixel_tol).mean() <= share_tol, f"{name}: {(diff > pixel_tol).mean():.2%} pixels differ"
