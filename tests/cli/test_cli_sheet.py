"""`idphoto sheet`: finished photos (--ready) and real photos onto a sheet; exit codes."""
from __future__ import annotations

import re

import cv2
import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, main
from idphoto_gui.cli.sheet import split_copies
from idphoto_gui.core.sheets.sheet import DEFAULT_GAP_MM, DEFAULT_MARGIN_MM, get_paper, max_copies
from idphoto_gui.core.templates.specs import get_template
from idphoto_gui.core.templates.template import mm_to_px

BLUE, RED = (40, 60, 210), (200, 30, 30)


def ready_photo(path, colour, size_mm=(35, 45), dpi=300):
    """A finished one-colour ID photo file."""
    a = np.zeros((mm_to_px(size_mm[1], dpi), mm_to_px(size_mm[0], dpi), 3), np.uint8)
    a[:] = colour
    Image.fromarray(a).save(path)
    return str(path)


def count_photos(path, colour):
    """How many photo rectangles of exactly `colour` the output holds, and their (w, h)."""
    rgb = np.asarray(Image.open(path).convert("RGB"))
    mask = np.all(rgb == np.array(colour, np.uint8), axis=2).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    return n - 1, {(int(s[2]), int(s[3])) for s in stats[1:]}


def test_split_copies_evenly():
    assert split_copies(8, 2) == [4, 4]
    assert split_copies(13, 2) == [7, 6]
    assert split_copies(3, 3) == [1, 1, 1]


def test_two_people_share_a_4r_sheet(tmp_path, capsys):
    a, b = ready_photo(tmp_path / "a.png", BLUE), ready_photo(tmp_path / "b.png", RED)
    out = tmp_path / "sheet.png"
    assert main(["sheet", a, b, "--ready", "-t", "35x45mm", "-o", str(out), "--caption", "{name} {date}"]) == EXIT_OK
    assert count_photos(out, BLUE) == (4, {(413, 531)})
    assert count_photos(out, RED) == (4, {(413, 531)})
    with Image.open(out) as im:
        assert im.size == (1800, 1200) and round(im.info["dpi"][0]) == 300
    assert "8 photos" in capsys.readouterr().out


def test_copies_paper_dpi_and_pdf(tmp_path):
    a = ready_photo(tmp_path / "a.png", BLUE)
    out = tmp_path / "sheet.pdf"
    args = ["sheet", a, "--ready", "-t", "35x45mm", "-o", str(out), "--paper", "a5", "--copies", "3",
            "--dpi", "600", "--cut-marks", "ticks", "--margin", "5", "--gap", "1"]
    assert main(args) == EXIT_OK
    m = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", out.read_bytes())
    assert sorted(float(v) for v in m.groups()) == pytest.approx([148 / 25.4 * 72, 210 / 25.4 * 72])
    png = tmp_path / "three.png"
    assert main(args[:5] + ["-o", str(png)] + args[7:]) == EXIT_OK
    n, sizes = count_photos(png, BLUE)
    assert n == 3 and sizes <= {(827, 1063), (1063, 827)}
    with Image.open(png) as im:
        assert sorted(im.size) == [mm_to_px(148, 600), mm_to_px(210, 600)]


def test_real_template_with_ready_photos(tmp_path):
    a = ready_photo(tmp_path / "a.png", BLUE, (33, 48))
    out = tmp_path / "sheet.png"
    assert main(["sheet", a, "--ready", "-t", "cn-1inch-large", "-o", str(out)]) == EXIT_OK
    t, paper = get_template("cn-1inch-large"), get_paper("4r")
    fits = max_copies(paper_mm=paper.size_mm, photo_mm=(t.width_mm, t.height_mm), margin_mm=DEFAULT_MARGIN_MM,
                      gap_mm=DEFAULT_GAP_MM, uniform=True)
    n, sizes = count_photos(out, BLUE)
    assert n == fits >= 4 and sizes == {(mm_to_px(t.width_mm, 300), mm_to_px(t.height_mm, 300))}


def test_too_many_copies_are_reported_not_fatal(tmp_path, capsys):
    a = ready_photo(tmp_path / "a.png", BLUE)
    out = tmp_path / "sheet.png"
    assert main(["sheet", a, "--ready", "-t", "35x45mm", "-o", str(out), "--copies", "10"]) == EXIT_OK
    assert count_photos(out, BLUE)[0] == 8
    assert "did not fit" in capsys.readouterr().err


@pytest.mark.parametrize("case, code", [
    ("bad_paper", EXIT_USAGE),
    ("bad_template", EXIT_USAGE),
    ("fewer_copies_than_people", EXIT_USAGE),
    ("bad_extension", EXIT_USAGE),       # an unsupported output type is a bad argument (docs/cli.md, Exit codes)
    ("over_input", EXIT_OUTPUT),
    ("missing_input", EXIT_INPUT),
])
def test_exit_codes(tmp_path, case, code):
    a = ready_photo(tmp_path / "a.png", BLUE)
    out = str(tmp_path / "s.png")
    args = {
        "bad_paper": [a, "-t", "35x45mm", "-o", out, "--paper", "tabloid"],
        "bad_template": [a, "-t", "no-such-template", "-o", out],
        "fewer_copies_than_people": [a, a, "-t", "35x45mm", "-o", out, "--copies", "1"],
        "bad_extension": [a, "-t", "35x45mm", "-o", str(tmp_path / "s.tiff")],
        "over_input": [a, "-t", "35x45mm", "-o", a],
        "missing_input": [str(tmp_path / "missing.png"), "-t", "35x45mm", "-o", out],
    }[case]
    assert main(["sheet", "--ready"] + args) == code


def test_wrong_shape_ready_photo_is_an_input_error(tmp_path):
    a = ready_photo(tmp_path / "a.png", BLUE, (25, 35))
    assert main(["sheet", a, "--ready", "-t", "35x45mm", "-o", str(tmp_path / "s.png")]) == EXIT_INPUT


@pytest.mark.slow
def test_real_photo_is_made_into_an_id_photo_sheet(data_dir, tmp_path, artifacts_dir):
    out = artifacts_dir / "cli_sheet_cn_2inch_small.png"
    args = ["sheet", str(data_dir / "man_suit.jpg"), "-t", "cn-2inch-small", "-b", "blue", "-o", str(out),
            "--caption", "{template_zh} · {date}"]
    assert main(args) == EXIT_OK
    with Image.open(out) as im:
        assert im.size == (1800, 1200)
