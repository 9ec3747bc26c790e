"""One exit-code table: each failure class gives the same code through every command that can meet it
(docs/cli.md, "Exit codes"); no traceback anywhere."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import (EXIT_INPUT, EXIT_MODEL, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, main)
from idphoto_gui.core.models import model_info
from idphoto_gui.core.paths import MODELS_ENV, models_dir

REPO = Path(__file__).resolve().parents[2]
FACE = "man_suit.jpg"


def run(argv: list[str]) -> int:
    """main(argv) in process; argparse's own refusals come back as their exit code too."""
    try:
        return main([str(a) for a in argv])
    except SystemExit as exc:
        return int(exc.code)


@pytest.fixture
def face(tmp_path, data_dir) -> Path:
    src = tmp_path / "in" / FACE
    src.parent.mkdir()
    shutil.copy(data_dir / FACE, src)
    return src


@pytest.fixture
def ready(tmp_path) -> Path:
    """A finished 35x45 mm photo for `sheet --ready` (no models)."""
    path = tmp_path / "ready.png"
    Image.fromarray(np.full((531, 413, 3), (40, 60, 210), np.uint8)).save(path)
    return path


def _args(command: str, face: Path, ready: Path, tmp: Path, **over) -> list:
    """A valid command line for `command`, with some options replaced by `over`."""
    out = {"make": tmp / "o.jpg", "matte": tmp / "o.png", "sheet": tmp / "s.jpg", "batch": tmp / "outdir"}
    base = {
        "make": ["make", over.get("input", face), "-t", over.get("template", "cn-1inch"), "-o",
                 over.get("output", out["make"])],
        "matte": ["matte", over.get("input", face), "-o", over.get("output", out["matte"])],
        "sheet": ["sheet", over.get("input", ready), "--ready", "-t", over.get("template", "icao-35x45"), "-o",
                  over.get("output", out["sheet"])],
        "check": ["check", over.get("input", face), "-t", over.get("template", "cn-1inch")],
        "batch": ["batch", over.get("input", face.parent), over.get("output", out["batch"]), "-t",
                  over.get("template", "cn-1inch")],
    }[command]
    return base + list(over.get("extra", ()))


# (failure class, expected code, {command: options that produce it})
CASES = [
    ("unsupported output type", EXIT_USAGE, {
        "make": {"output": "{tmp}/o.gif"}, "matte": {"output": "{tmp}/o.jpg"}, "sheet": {"output": "{tmp}/s.gif"}}),
    ("bad model name", EXIT_USAGE, {c: {"extra": ["--model", "nope"]} for c in ("make", "matte", "sheet", "batch")}),
    ("unknown template", EXIT_USAGE, {c: {"template": "no-such-template"} for c in ("make", "sheet", "check", "batch")}),
    ("number not finite", EXIT_USAGE, {"make": {"extra": ["--max-kb", "nan"]}, "batch": {"extra": ["--dpi", "inf"]},
                                       "sheet": {"extra": ["--margin", "nan"]}}),
    ("out of range", EXIT_USAGE, {"make": {"extra": ["--dpi", "5"]}, "sheet": {"extra": ["--dpi", "99999"]},
                                  "check": {"extra": ["--face", "0"]}, "batch": {"extra": ["--jobs", "0"]}}),
    ("input missing", EXIT_INPUT, {c: {"input": "{tmp}/missing.jpg"} for c in ("make", "matte", "sheet", "check")}
     | {"batch": {"input": "{tmp}/missing-folder"}}),
    ("output folder missing", EXIT_OUTPUT, {"make": {"output": "{tmp}/no/o.jpg"}, "matte": {"output": "{tmp}/no/o.png"},
                                           "sheet": {"output": "{tmp}/no/s.jpg"}, "batch": {"output": "{face}"}}),
]
PARAMS = [pytest.param(name, code, cmd, over, id=f"{name}-{cmd}")
          for name, code, commands in CASES for cmd, over in commands.items()]


@pytest.mark.parametrize("name, code, command, over", PARAMS)
def test_each_failure_class_has_one_code_in_every_command(name, code, command, over, face, ready, tmp_path,
                                                          capsys):
    fill = {"tmp": tmp_path, "face": face}
    over = {k: ([str(a).format(**fill) for a in v] if isinstance(v, list) else str(v).format(**fill))
            for k, v in over.items()}
    assert run(_args(command, face, ready, tmp_path, **over)) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip()


def test_max_kb_out_of_reach_is_a_bad_argument_with_the_smallest_size(face, tmp_path, capsys):
    assert run(["make", face, "-t", "cn-1inch", "--max-kb", "1", "-o", tmp_path / "o.jpg"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "smallest reachable is" in err and "KB" in err
    assert not (tmp_path / "o.jpg").exists() and not list(tmp_path.glob(".*.part"))


# ---------------------------------------------------------------- a damaged model file: 7 everywhere


@pytest.fixture(scope="module")
def damaged_models(tmp_path_factory) -> Path:
    """The models folder with the matting model's middle byte flipped (the rest linked as they are)."""
    folder = tmp_path_factory.mktemp("damaged-models")
    rvm = model_info("rvm").file
    for item in models_dir().iterdir():
        if item.name != rvm:
            (folder / item.name).symlink_to(item)
    data = bytearray((models_dir() / rvm).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (folder / rvm).write_bytes(bytes(data))
    return folder


@pytest.mark.parametrize("command", ["check", "make", "sheet", "matte", "batch"])
def test_a_damaged_model_is_exit_7_in_every_command(command, damaged_models, face, tmp_path):
    argv = _args(command, face, face, tmp_path)
    if command == "sheet":
        argv = ["sheet", face, "-t", "cn-1inch", "-o", tmp_path / "s.jpg"]   # real photos: the models run
    env = dict(os.environ, PYTHONPATH=str(REPO), **{MODELS_ENV: str(damaged_models)})
    proc = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", *map(str, argv)], env=env, timeout=300,
                          capture_output=True, text=True)
    assert proc.returncode == EXIT_MODEL, proc.stderr
    assert "damaged" in proc.stderr and "Reinstall" in proc.stderr and "Traceback" not in proc.stderr


def test_the_models_override_is_only_a_folder(damaged_models, monkeypatch):
    monkeypatch.setenv(MODELS_ENV, str(damaged_models))
    assert models_dir() == damaged_models
    monkeypatch.delenv(MODELS_ENV)
    assert (models_dir() / "manifest.json").is_file()


# ---------------------------------------------------------------- captions (sheet --caption)


@pytest.mark.parametrize("caption", ["{name[999]}", "{", "{name:>999999999}", "{nope}", "}", "x" * 201])
def test_a_bad_caption_is_a_bad_argument(caption, ready, tmp_path, capsys):
    out = tmp_path / "s.jpg"
    assert run(["sheet", ready, "--ready", "-t", "icao-35x45", "-o", out, "--caption", caption]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "caption" in err and "Traceback" not in err and not out.exists()


def test_a_good_caption_fills_its_fields(ready, tmp_path, capsys):
    out = tmp_path / "s.png"
    assert run(["sheet", ready, "--ready", "-t", "icao-35x45", "-o", out, "--order", "1024",
                "--caption", "{{{name}}} #{order} {date}"]) == EXIT_OK
    assert out.is_file()


# ---------------------------------------------------------------- a full disk in batch


def _dev_full_writable() -> bool:
    return sys.platform.startswith("linux") and os.access("/dev/full", os.W_OK) and os.access("/dev", os.W_OK)


@pytest.mark.skipif(not _dev_full_writable(), reason="needs a writable /dev/full and /dev (Linux, root)")
def test_batch_report_on_a_full_disk_names_the_file(face, tmp_path, capsys):
    assert run(["batch", face.parent, tmp_path / "out", "-t", "cn-1inch", "--report", "/dev/full"]) == EXIT_OUTPUT
    err = capsys.readouterr().err
    assert "/dev/full" in err and "No space left on device" in err and "None" not in err
    assert Path("/dev/full").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_FSIZE")
def test_batch_that_cannot_write_its_report_leaves_no_empty_csv(face, tmp_path):
    """A file-size limit of 0 bytes: every write fails as on a full disk (EFBIG instead of ENOSPC)."""
    import resource

    out = tmp_path / "out"

    def no_room() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    proc = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", "batch", str(face.parent), str(out), "-t",
                           "cn-1inch"], env=dict(os.environ, PYTHONPATH=str(REPO)), preexec_fn=no_room,
                          timeout=120, capture_output=True, text=True)
    assert proc.returncode == EXIT_OUTPUT, proc.stderr
    assert str(out / "idphoto-report.csv") in proc.stderr and "None" not in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (out / "idphoto-report.csv").exists()
