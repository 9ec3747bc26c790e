"""20 real photos rendered through the public API (export, cut-out, preview, judge) give the bytes recorded from
the code before the Renderer / PhotoSession split (tests/data/render_digests.json, made by tools/render_digests.py).

A deliberate change of the output (a new check, other words) records them again:
`python tools/render_digests.py --write tests/data/render_digests.json`, with the reason in the commit.
The file holds one record per kind of machine (`_machine`: library versions, SIMD): on a machine like none of
them the bytes cannot be compared and the cases skip; `tools/render_digests.py --add` there makes them compare."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("render_digests", ROOT / "tools" / "render_digests.py")
digests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(digests)
WANT = digests.record_for(json.loads((ROOT / "tests" / "data" / "render_digests.json").read_text()),
                          digests.machine())


@pytest.mark.parametrize("case", digests.CASES, ids=lambda c: f"{Path(c[0]).stem}-{c[1]}")
def test_render_is_byte_identical_to_the_recorded_one(case):
    path = digests.photo_path(case[0])
    if not path.exists():
        pytest.skip(f"{path} is not here (the shared photographs)")
    if WANT is None:
        pytest.skip("no record made on a machine with these float paths (_machine): tools/render_digests.py --add")
    want = WANT[f"{case[0]}|{case[1]}"]
    got = digests.digest_case(case)
    if got["matte"] != want["matte"]:   # another CPU's float maths: the model's matte differs already
        pytest.skip("the matte differs from the recorded one (another machine); run tools/render_digests.py")
    assert "Error" not in got["preview"], "every case renders (a refused photo proves nothing)"
    changed = {k: (want.get(k), v) for k, v in got.items() if want.get(k) != v}
    assert not changed, f"the render changed (deliberately? record again: see the docstring): {changed}"
