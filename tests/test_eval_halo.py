"""tools/eval_halo.py --reference: the halo figure's floor, read off a hand-made alpha (issue 37, ADR 0039)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import eval_halo  # noqa: E402


def test_the_reference_alpha_is_found_and_scores_a_lower_halo_than_ours(data_dir):
    """p3m_p_22fc0130 carries P3M's hand-made alpha: the bound reads it, makes the photo from it with the
    product's colours, and measures it like ours (ADR 0039: 5.56 % against ours 6.60 %)."""
    photo = data_dir / "p3m_p_22fc0130.jpg"
    ref = eval_halo.reference_alpha(photo)
    assert ref == data_dir / "p3m_p_22fc0130_alpha.png"
    assert eval_halo.reference_alpha(data_dir / "man_suit.jpg") is None
    rgb, black, white, box = eval_halo.made(photo, None)
    ours = eval_halo.halo(rgb, black, white, box)[0]
    theirs = eval_halo.measure_reference(rgb, ref, box)
    assert set(theirs) == {"crown", "sides", "neck", "all"}
    assert 0.0 < theirs["all"] < ours["all"]
