"""`idphoto garments make PHOTO --name N --out DIR` (issue 38): a garment from a roomy photo, listed and used by
--dress at once; a tight photo refused with the room it needs; nothing replaced; bad studio files said."""
from __future__ import annotations

import json

import numpy as np
from PIL import Image

from idphoto_gui.cli import EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE
from tests.cli.cli_run import run_cli


def test_make_writes_a_garment_that_lists_and_dresses(capsys, data_dir, tmp_path):
    code, out, err = run_cli(capsys, "garments", "make", data_dir / "man_suit.jpg", "--name", "navy-shawl",
                             "--out", tmp_path)
    assert code == EXIT_OK, err
    assert (tmp_path / "navy-shawl.png").exists() and "--dress navy-shawl" in out
    meta = json.loads((tmp_path / "navy-shawl.json").read_text(encoding="utf-8"))
    assert meta["source"] == "cut from man_suit.jpg" and meta["shoulder_width"] > 200
    code, out, _ = run_cli(capsys, "garments", "--json", "--garments", tmp_path)
    assert code == EXIT_OK and any(g["id"] == "navy-shawl" for g in json.loads(out))
    again = (tmp_path / "navy-shawl.png").read_bytes()
    code, _, err = run_cli(capsys, "garments", "make", data_dir / "man_suit.jpg", "--name", "navy-shawl",
                           "--out", tmp_path)
    assert code == EXIT_OUTPUT and "already there" in err
    assert (tmp_path / "navy-shawl.png").read_bytes() == again
    photo = tmp_path / "made.jpg"
    code, _, err = run_cli(capsys, "make", data_dir / "man_glasses.jpg", "-t", "cn-1inch", "-o", photo,
                           "--garments", tmp_path, "--dress", "navy-shawl")
    assert code in (EXIT_OK, 6) and photo.exists(), err


def test_a_tight_photo_is_refused_with_the_room_it_needs(capsys, data_dir, tmp_path):
    img = Image.open(data_dir / "man_suit.jpg")
    img.crop((0, 0, img.width, 400)).save(tmp_path / "tight.png")
    code, _, err = run_cli(capsys, "garments", "make", tmp_path / "tight.png", "--name", "x", "--out", tmp_path)
    assert code == EXIT_INPUT
    assert "face heights below the chin; a garment needs 1.4" in err and "px more here" in err
    assert not (tmp_path / "x.png").exists()


def test_bad_names_and_bad_studio_files_are_said(capsys, data_dir, tmp_path):
    code, _, err = run_cli(capsys, "garments", "make", data_dir / "man_suit.jpg", "--name", "../x", "--out", tmp_path)
    assert code == EXIT_USAGE and "cannot name a garment" in err
    Image.fromarray(np.full((60, 60, 3), 90, np.uint8)).save(tmp_path / "flat.png")
    Image.fromarray(np.zeros((60, 60, 4), np.uint8)).save(tmp_path / "empty.png")
    Image.fromarray(np.full((60, 60, 3), 90, np.uint8)).save(tmp_path / "suit.jpg")
    code, out, err = run_cli(capsys, "garments", "--garments", tmp_path)
    assert code == EXIT_OK and "men-suit-tie" in out
    assert "flat.png has no transparency" in err and "empty.png" in err and "no garment in it" in err
    assert "suit.jpg: a garment must be a PNG with transparency" in err
