"""main.py runs the command line for a command (the installed app has no separate console script)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "sample" / "sample_portrait.jpg"
sys.path.insert(0, str(REPO))

import main as entry  # noqa: E402


@pytest.mark.parametrize(("program", "args", "cli"), [
    ("idphoto", ["make", "photo.jpg"], True),
    ("idphoto", ["--version"], True),
    ("idphoto", ["photo.jpg"], False),          # a photo to open in the window
    ("idphoto", ["--kiosk"], False),
    ("idphoto", [], False),
    ("idphoto-cli", [], True),                  # the console program: always the command line (help)
    ("/opt/idphoto/idphoto-cli.exe", ["--help"], True),
])
def test_command_line_or_window(program: str, args: list[str], cli: bool) -> None:
    assert entry._is_cli(program, args) is cli


def test_main_py_check_prints_json() -> None:
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "check", str(SAMPLE), "--json"],
                          capture_output=True, text=True, timeout=300, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert any(f["code"] == "head_height" for f in report["findings"])
