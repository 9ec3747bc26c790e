"""Issue 23: portraits/04 at cn-1inch in the window: the header, the print gate and the report agree."""
from __future__ import annotations

from pathlib import Path

import pytest

from idphoto_gui.core.findings import gated, status
from idphoto_gui.core.render.result import Target
from idphoto_gui.qt.widgets import fail_gate

from window_helpers import ANALYSIS_TIMEOUT_MS, shot

ROOT = Path(__file__).resolve().parents[2]
SHARED = next((p for p in (ROOT.parent / "shared" / "photos", ROOT.parents[1] / "shared" / "photos") if p.is_dir()),
              None)


@pytest.mark.skipif(SHARED is None, reason="shared photos not present")
def test_portrait_04_header_and_gate_agree_with_the_report(qtbot, window, artifacts_dir, monkeypatch):
    c = window.controller
    photo = next((SHARED / "portraits").glob("04_*"))
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(photo)])
    assert c.edit().template.id == "cn-1inch"
    qtbot.waitUntil(lambda: c.result is not None and any(f.code == "pitch" for f in (c.findings() or ())),
                    timeout=ANALYSIS_TIMEOUT_MS)
    shown = c.findings()
    report = c.photos.current.session.render(Target.export()).findings   # what `make --report` writes
    assert status(report) == status(shown) == "fail"
    by_code = {f.code: f for f in shown}
    assert by_code["yaw"].severity == "fail" and by_code["pitch"].severity == "fail"
    qtbot.waitUntil(lambda: "rules" in window.ui.compliance.verdict.text(), timeout=10000)
    fails = len(gated(report))   # the header counts what the gate will ask about
    assert window.ui.compliance.verdict.text().startswith("Does not meet the rules") and str(fails) in \
        window.ui.compliance.verdict.text()
    asked: list = []
    monkeypatch.setattr(fail_gate, "ask", lambda parent, lines, action, **kw: asked.append(lines) or False)
    assert not window.exports._gate("print")
    assert len(asked[0]) == len(gated(report))            # one sentence per problem the report has
    assert all(line.startswith(photo.name) for line in asked[0])
    assert any("turn your face" in line for line in asked[0]) and any("chin" in line for line in asked[0])
    shot(window, artifacts_dir, "verdict_portrait_04")
