"""Every out-of-range argument of issue 11 is a bad-arguments exit (2) with a message, before any work."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from idphoto_gui.cli import EXIT_OK, EXIT_OUTPUT, EXIT_USAGE

from cli_run import run_cli  # tests/cli is on sys.path (rootdir-relative test modules)


_run = run_cli   # tests/cli/cli_run.py


@pytest.mark.parametrize("args", [
    ["--dpi", "100000"], ["--dpi", "10"], ["--max-kb", "nan"], ["--max-kb", "inf"], ["--max-kb", "0"],
])
def test_make_bounds(capsys, data_dir, tmp_path, args):
    code, _, err = _run(capsys, "make", data_dir / "man_suit.jpg", "-t", "cn-1inch", "-o", tmp_path / "o.jpg", *args)
    assert code == EXIT_USAGE and "error" in err and not (tmp_path / "o.jpg").exists()


@pytest.mark.parametrize("args", [
    ["--paper", "100000x100000mm"], ["--paper", "5x5mm"], ["--margin", "nan"], ["--gap", "1e308"],
    ["--margin", "60"], ["--dpi", "100000"], ["--paper", "1200x1200mm", "--dpi", "1200"], ["--copies", "100000"],
    ["-t", "99999x99999mm", "--ready"], ["-t", "200x290mm", "--ready"],
])
def test_sheet_bounds(capsys, data_dir, tmp_path, args):
    argv = ["sheet", data_dir / "man_suit.jpg", "-o", tmp_path / "s.jpg", *args]
    if "-t" not in args:
        argv += ["-t", "cn-1inch"]
    code, _, err = _run(capsys, *argv)
    assert code == EXIT_USAGE, err
    assert "error" in err and "Traceback" not in err and not (tmp_path / "s.jpg").exists()


def test_report_cannot_be_the_photo(capsys, data_dir, tmp_path):
    out = tmp_path / "out.jpg"
    code, _, err = _run(capsys, "make", data_dir / "man_suit.jpg", "-t", "cn-1inch", "-o", out, "--report", out)
    assert code == EXIT_USAGE and "--report" in err and not out.exists()


def test_symlink_loop_as_output(capsys, data_dir, tmp_path):
    os.symlink(tmp_path / "b.jpg", tmp_path / "a.jpg")
    os.symlink(tmp_path / "a.jpg", tmp_path / "b.jpg")
    code, _, err = _run(capsys, "make", data_dir / "man_suit.jpg", "-t", "cn-1inch", "-o", tmp_path / "a.jpg")
    assert code == EXIT_OUTPUT and "loop" in err
    code, _, err = _run(capsys, "matte", data_dir / "man_suit.jpg", "-o", tmp_path / "c.png")
    os.symlink(tmp_path / "d.png", tmp_path / "e.png")
    os.symlink(tmp_path / "e.png", tmp_path / "d.png")
    code, _, err = _run(capsys, "matte", data_dir / "man_suit.jpg", "-o", tmp_path / "d.png")
    assert code == EXIT_OUTPUT and "loop" in err


def test_user_template_from_the_settings_folder(capsys, data_dir, tmp_path, monkeypatch):
    from idphoto_gui.core.templates.specs import get_template

    base = json.loads(json.dumps(get_template("cn-1inch").__dict__, default=list))
    mine = {**base, "id": "club-card", "name_en": "Club card", "px": None, "min_px": None, "max_px": None}
    clash = {**base, "name_en": "Not replaced"}
    monkeypatch.setenv("IDPHOTO_SETTINGS_DIR", str(tmp_path / "settings"))
    (tmp_path / "settings").mkdir()
    (tmp_path / "settings" / "templates.json").write_text(json.dumps({"templates": [mine, clash]}), encoding="utf-8")
    code, out, _ = _run(capsys, "templates", "--paths")
    assert code == EXIT_OK and str(tmp_path / "settings" / "templates.json") in out and "1 user entries skipped" in out
    code, out, _ = _run(capsys, "templates", "--search", "club")
    assert "club-card" in out
    assert get_template("cn-1inch").name_en != "Not replaced"
    shutil.copy2(data_dir / "man_suit.jpg", tmp_path / "p.jpg")
    code, out, err = _run(capsys, "make", tmp_path / "p.jpg", "-t", "club-card")
    assert code == EXIT_OK, err
    assert (tmp_path / "p_club-card.jpg").exists()
