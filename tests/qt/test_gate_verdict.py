"""Issue 23 (e): the gate asks for every fail and for painted-in shoulders, one sentence per problem with its
photo's name; the checks panel's header agrees with the report's status."""
from __future__ import annotations

from idphoto_gui.core.findings import Finding, status
from idphoto_gui.qt.widgets import fail_gate
from idphoto_gui.qt.widgets.compliance_panel import CompliancePanel

YAW = Finding("yaw", "fail", -19.9, (-10.0, 10.0), "deg")
PITCH = Finding("pitch", "fail", -18.6, (-15.0, 15.0), "deg")
BODY = Finding("body_extended", "warn", 4.1, None, "mm", )
DARK = Finding("exposure", "warn", 50.0, (35.0, 240.0), "")


def test_gate_asks_for_fails_and_invented_shoulders_naming_each_photo(qtbot, monkeypatch, artifacts_dir):
    asked: list = []
    monkeypatch.setattr(fail_gate, "ask", lambda parent, lines, action, **kw: asked.append((lines, kw)) or False)
    assert fail_gate.confirm(None, [DARK], what="print")                     # a warning alone: no question
    assert not fail_gate.confirm(None, [BODY, DARK], what="print", label="anna.jpg")
    lines, kw = asked[-1]
    assert kw == {"failed": False} and len(lines) == 1 and lines[0].startswith("anna.jpg: ")
    assert "painted in" in lines[0] and "more room below the chin" in lines[0] and "4.1 mm" in lines[0]
    assert not fail_gate.confirm_photos(None, [("anna.jpg", [YAW, PITCH, DARK]), ("ben.jpg", [BODY])], what="save")
    lines, _ = asked[-1]
    assert [line.split(": ")[0] for line in lines] == ["anna.jpg", "anna.jpg", "ben.jpg"]
    assert "turn your face to your left" in lines[0] and "raise your chin" in lines[1]
    box, _ = fail_gate.build_box(None, lines, "Print anyway")
    qtbot.addWidget(box)
    box.show()
    box.grab().save(str(artifacts_dir / "gate_verdict.png"))


def test_panel_header_agrees_with_the_report(qtbot):
    panel = CompliancePanel()
    qtbot.addWidget(panel)
    found = (YAW, PITCH, BODY, DARK, Finding("background_extended", "info", 2.0, None, "mm"),
             Finding("eyes_open", "not_judged", None, None, ""))
    panel.set_findings(found)
    assert status(found) == "fail" and "3 problems" in panel.verdict.text()   # what the gate asks: 2 fails + shoulders
    panel.set_findings(found[2:])
    assert status(found[2:]) == "warn" and "2 items" in panel.verdict.text()  # info and not_judged do not count
    panel.set_findings(found[4:])
    assert status(found[4:]) == "ok" and "Meets" in panel.verdict.text()
