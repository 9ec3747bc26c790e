"""Issue 23: reports tell the truth (status fail, batch counts), `check` always answers for a face."""
from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from idphoto_gui.cli import EXIT_OK, EXIT_PARTIAL, EXIT_STRICT, main

ROOT = Path(__file__).resolve().parents[2]
SHARED = next((p for p in (ROOT.parent / "shared" / "photos", ROOT.parents[1] / "shared" / "photos") if p.is_dir()),
              None)
needs_shared = pytest.mark.skipif(SHARED is None, reason="shared photos not present")
TURNED = ("interfaces_040.jpg", "interfaces_018.jpg", "interfaces_055.jpg", "interfaces_002.jpg")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@needs_shared
def test_make_report_says_fail_when_a_check_fails_and_strict_exits_6(capsys, tmp_path):
    src = next((SHARED / "portraits").glob("03_*"))
    report = tmp_path / "r.json"
    code, _, stderr = run(capsys, "make", src, "-t", "cn-1inch", "-o", tmp_path / "o.jpg", "--report", report)
    assert code == EXIT_OK, stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    fails = [f["code"] for f in data["findings"] if f["severity"] == "fail"]
    assert fails and data["status"] == "fail", data["findings"]
    code, _, stderr = run(capsys, "make", src, "-t", "cn-1inch", "-o", tmp_path / "o2.jpg", "--strict")
    assert code == EXIT_STRICT and "--strict" in stderr


@needs_shared
def test_batch_counts_ok_warn_fail_and_refused_apart(capsys, tmp_path, data_dir):
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy2(next((SHARED / "portraits").glob("03_*")), src / "glasses.jpg")
    shutil.copy2(data_dir / "man_suit.jpg", src / "suit.jpg")
    (src / "broken.jpg").write_bytes(b"broken")
    code, stdout, stderr = run(capsys, "batch", src, tmp_path / "out", "-t", "cn-1inch", "-b", "white",
                               "--report", tmp_path / "r.csv")
    assert code == EXIT_PARTIAL, stderr
    with open(tmp_path / "r.csv", encoding="utf-8-sig", newline="") as fh:
        rows = {Path(r["input"]).name: r for r in csv.DictReader(fh)}
    assert rows["glasses.jpg"]["status"] == "fail" and rows["broken.jpg"]["status"] == "refused"
    n = {s: sum(r["status"] == s for r in rows.values()) for s in ("ok", "warn", "fail", "refused")}
    assert f"{n['ok']} ok, {n['warn']} warn, {n['fail']} fail, {n['refused']} refused" in stderr
    assert f"{n['fail']} with a failed check" in stdout and "1 refused" in stdout


@pytest.mark.parametrize("name", TURNED)
def test_check_answers_for_a_turned_face(capsys, data_dir, name):
    code, stdout, stderr = run(capsys, "check", data_dir / "expressions" / name, "-t", "cn-1inch", "--json")
    assert code == EXIT_OK, stderr
    data = json.loads(stdout)
    found = {f["code"]: f for f in data["findings"]}
    assert data["status"] == "fail"
    pose = [found[c] for c in ("yaw", "pitch") if c in found and found[c]["severity"] == "fail"]
    assert pose and all(abs(f["value"]) > 10 for f in pose)   # the pose fails, with its angle
    skipped = [f for f in data["findings"] if f["severity"] == "not_judged"]
    assert skipped and all("not judged" in f["message"] for f in skipped)


def test_check_judges_the_main_face_of_several(capsys, data_dir):
    code, stdout, stderr = run(capsys, "check", data_dir / "expressions" / "interfaces_003.jpg", "-t", "cn-1inch",
                               "--json")
    assert code == EXIT_OK, stderr
    found = {f["code"]: f for f in json.loads(stdout)["findings"]}
    assert found["faces"]["severity"] == "fail" and found["faces"]["value"] == 2
