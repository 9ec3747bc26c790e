"""The bad-input corpus through make, matte, sheet and batch: a documented exit code, never a traceback."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from idphoto_gui.cli import main

from corpus import build, photo_files  # tests/cli is on sys.path (rootdir-relative test modules)

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, data_dir):
    folder = tmp_path_factory.mktemp("corpus")
    return folder, {c.name: c for c in build(data_dir, folder)}


def _run(capsys, argv) -> tuple[int, str]:
    """Run the command in-process; any exception escaping main() fails the test (it would be a traceback)."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse
        code = exc.code
    return code, capsys.readouterr().err


def _names() -> list[str]:
    """The case names (the corpus is small and quick to build)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        return [c.name for c in build(DATA, Path(tmp) / "c")]


NAMES = _names()


COMMANDS = {  # command -> (arguments after the input, the file it writes)
    "make": (["-t", "cn-1inch", "-o", "{out}/o.jpg"], "o.jpg"),
    "matte": (["-o", "{out}/o.png"], "o.png"),
    "sheet": (["-t", "cn-1inch", "-o", "{out}/s.jpg"], "s.jpg"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("name", NAMES)
def test_command(corpus, name, command, tmp_path, capsys):
    folder, cases = corpus
    args, written = COMMANDS[command]
    code, err = _run(capsys, [command, folder / name, *(a.format(out=tmp_path) for a in args)])
    assert code == getattr(cases[name], command), err
    assert "Traceback" not in err and (code == 0 or "error:" in err)
    assert (tmp_path / written).exists() == (code == 0)


def test_batch_reports_every_file_once(corpus, tmp_path):
    folder, cases = corpus
    report = tmp_path / "r.csv"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", "batch", str(folder), str(tmp_path / "out"),
                           "-t", "cn-1inch", "--jobs", "2", "--report", str(report)],
                          capture_output=True, text=True, env=env, timeout=900)
    assert proc.returncode == 3, proc.stderr   # partly done
    assert "Traceback" not in proc.stderr
    with open(report, encoding="utf-8-sig", newline="") as fh:
        rows = {Path(r["input"]).name: r for r in csv.DictReader(fh)}
    assert sorted(rows) == photo_files(folder)
    for name, row in rows.items():
        expected = cases[name].make if name in cases else 4   # loop-b.jpg: the other half of the loop
        assert (row["status"] != "refused") == (expected == 0), row
