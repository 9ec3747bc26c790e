"""`idphoto check` judges any photo with a face, crop or not; `make --strict` exits 6 on a failed check."""
from __future__ import annotations

import json
import shutil

from idphoto_gui.cli import EXIT_INPUT, EXIT_OK, EXIT_STRICT, main


def test_check_judges_an_avatar_whose_head_fills_the_frame(data_dir, capsys):
    photo = data_dir / "expressions" / "interfaces_009.jpg"  # teeth smile, head fills the frame
    assert main(["check", str(photo), "-t", "icao-35x45", "--json"]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    found = {f["code"]: f for f in report["findings"]}
    assert found["hair_cut"]["severity"] == "warn"  # the geometry says what is wrong: hair past the top edge
    assert found["expression"]["severity"] == "fail" and report["failures"] >= 2
    assert {"pitch", "gaze", "eyes_open", "mouth_closed", "glasses", "shadows"} <= set(found)


def test_check_judges_a_photo_that_cannot_make_a_legal_crop(head_cut_photo, capsys):
    assert main(["check", str(head_cut_photo), "-t", "cn-passport", "--json"]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    found = {f["code"]: f for f in report["findings"]}
    assert report["legal_crop"] is False
    assert found["head_cut"]["severity"] == "fail"  # the geometry says why: the photo ends at the head
    assert {"expression", "eyes_open", "glasses"} <= set(found)


def test_check_prints_a_table_worst_first(data_dir, capsys):
    assert main(["check", str(data_dir / "man_glasses.jpg"), "-t", "us-passport"]) == EXIT_OK
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["result", "check", "finding"]
    rows = [line.split()[:2] for line in lines[2:]]
    assert ["fail", "glasses"] in rows
    order = [("fail", "warn", "not_judged", "ok", "info").index(r[0]) for r in rows]   # issue 23: five severities
    assert order == sorted(order)


def test_check_refuses_what_it_cannot_judge(tmp_path, capsys):
    bad = tmp_path / "not_a_photo.jpg"
    bad.write_bytes(b"no image here")
    assert main(["check", str(bad)]) == EXIT_INPUT
    assert "idphoto: error" in capsys.readouterr().err


def test_make_strict_exits_6_when_a_check_fails(data_dir, tmp_path, capsys):
    src = tmp_path / "smile.jpg"
    shutil.copy2(data_dir / "curly_dark_skin_woman.jpg", src)  # teeth smile: expression fails
    out = tmp_path / "out.jpg"
    assert main(["make", str(src), "-t", "icao-35x45", "-o", str(out), "--strict"]) == EXIT_STRICT
    assert out.is_file()  # saved all the same; the exit code tells a script it is not fit to submit
    assert "--strict" in capsys.readouterr().err
    assert main(["make", str(src), "-t", "icao-35x45", "-o", str(out)]) == EXIT_OK
