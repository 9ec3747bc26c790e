"""The marriage registration photo (cn-marriage, a pair template): two people, one shot, both heads in range."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE, main
from idphoto_gui.core.geometry import placement
from idphoto_gui.core.geometry.pair import pair_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.render.measure import measure
from idphoto_gui.core.templates.colours import parse_colour
from idphoto_gui.core.templates.specs import get_template

TOL_MM = 0.5      # re-detection on a 413 px photo (as test_cli_make)
COUPLE = "couple_expedition12.jpg"   # NASA, public domain: two people shoulder to shoulder, one shot
UNEVEN = "couple_sts98.jpg"          # NASA, public domain: two people, heads at different heights, grinning


@pytest.fixture(scope="module")
def couple(tmp_path_factory, data_dir) -> Path:
    folder = tmp_path_factory.mktemp("couple")
    shutil.copy2(data_dir / COUPLE, folder / "couple.jpg")
    return folder / "couple.jpg"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def test_marriage_photo_is_626x413_and_both_heads_measure_in_range(capsys, couple, tmp_path):
    t = get_template("cn-marriage")
    out, report = tmp_path / "m.jpg", tmp_path / "m.json"
    code, _, stderr = run(capsys, "make", couple, "-t", "cn-marriage", "-b", "red", "-o", out, "--report", report)
    assert code == EXIT_OK, stderr
    with Image.open(out) as im:
        assert im.size == (626, 413)
        assert tuple(round(v) for v in im.info["dpi"]) == (300, 300)
        corner = np.asarray(im.convert("RGB"))[2, 2].astype(int)
    assert np.abs(corner - parse_colour("red")).max() <= 8
    # re-analyse the saved JPEG: two faces, each measured with an identity crop in the template's mm
    image = load_image(out)
    pair = pair_of(face_outcome(image).faces)
    alpha = matte_of(image).alpha
    whole = placement.Crop((626 - 1) / 2, (413 - 1) / 2, 626, 413, 0.0)
    left, right = (measure(f, alpha, whole, t) for f in pair.faces)
    lo, hi = t.head_height_mm
    for m in (left, right):
        assert lo - 2.5 <= m.head_height_mm <= hi + 2.5, m.head_height_mm  # each head near the range
        assert t.crown_margin_mm[0] - TOL_MM <= m.crown_margin_mm <= t.crown_margin_mm[1] + TOL_MM
    mean_head = (left.head_height_mm + right.head_height_mm) / 2
    mean_eye = (left.eye_line_mm + right.eye_line_mm) / 2
    assert lo <= mean_head <= hi, mean_head          # inside the range itself, not only within the tolerance
    assert t.eye_line_mm[0] <= mean_eye <= t.eye_line_mm[1], mean_eye
    assert abs((left.centre_offset_mm + right.centre_offset_mm) / 2) <= 1.0
    data = json.loads(report.read_text(encoding="utf-8"))
    assert [p["person"] for p in data["people"]] == ["left", "right"]
    assert not [f for f in data["findings"] if f["code"] in ("pair_height", "head_height", "eye_line")
                and f["severity"] == "fail"]
    # both wear Santa hats: a white fur brim under red fabric (ADR 0007), told for each person
    hats = [f for f in data["findings"] if f["code"] == "head_covering"]
    assert [(f["person"], f["severity"]) for f in hats] == [("left", "warn"), ("right", "warn")]
    for side in ("Left", "Right"):
        assert f"{side} person: Head covering: take it off unless" in stderr


def test_uneven_heads_are_told_who_leans_in_and_findings_name_the_person(capsys, data_dir, tmp_path):
    report = tmp_path / "u.json"
    code, _, stderr = run(capsys, "make", data_dir / UNEVEN, "-t", "cn-marriage", "-b", "red",
                          "-o", tmp_path / "u.jpg", "--report", report)
    assert code == EXIT_OK, stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    level = [f for f in data["findings"] if f["code"] == "pair_height"]
    assert level and level[0]["severity"] == "fail" and "the taller one (right) lean in" in level[0]["message"]
    named = [f for f in data["findings"] if f.get("person")]
    assert {f["person"] for f in named} == {"left", "right"}
    assert all(f["message"].startswith(("Left person: ", "Right person: ")) for f in named)


def test_one_face_says_both_of_you_are_needed(capsys, data_dir, tmp_path):
    code, _, stderr = run(capsys, "make", data_dir / "man_suit.jpg", "-t", "cn-marriage", "-o", tmp_path / "x.jpg")
    assert code == EXIT_INPUT and "needs both of you in one photo" in stderr


def test_three_faces_ask_which_two(capsys, data_dir, tmp_path):
    src = data_dir / "group_expedition1.jpg"
    code, _, stderr = run(capsys, "make", src, "-t", "cn-marriage", "-o", tmp_path / "x.jpg")
    assert code == EXIT_INPUT and "--face N,M" in stderr and "face 3:" in stderr
    code, stdout, stderr = run(capsys, "make", src, "-t", "cn-marriage", "--face", "2,3", "-o", tmp_path / "y.jpg")
    assert code == EXIT_OK, stderr
    assert run(capsys, "make", src, "-t", "cn-marriage", "--face", "all", "-o", tmp_path / "z.jpg")[0] == EXIT_USAGE


def test_check_judges_a_pair_without_counting_its_second_face_as_a_stranger(capsys, couple):
    code, stdout, stderr = run(capsys, "check", couple, "-t", "cn-marriage", "--json")
    assert code == EXIT_OK, stderr
    checks = {f["code"] for f in json.loads(stdout)["findings"]}
    assert "faces" not in checks and {"pair_height", "pair_gap"} <= checks


def test_check_on_three_faces_asks_for_two_not_one(capsys, data_dir):
    code, _, stderr = run(capsys, "check", data_dir / "group_expedition1.jpg", "-t", "cn-marriage")
    assert code == EXIT_INPUT and "--face N,M" in stderr and "Choose one" not in stderr


def _cells(page: np.ndarray) -> list[tuple[int, int]]:
    """(width, height) of every photo on the rasterised white page (as tests/e2e/test_counter.py)."""
    lo, hi = page.min(axis=2).astype(int), page.max(axis=2).astype(int)
    ink = (~((lo >= 150) & (hi - lo < 16))).astype(np.uint8)   # not paper, not the grey cut marks
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    return [(int(s[2]), int(s[3])) for s in stats[1:] if s[2] > 300 and s[3] > 200]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
def test_marriage_photo_on_a_4r_sheet_measures_53x35_mm(capsys, couple, tmp_path):
    pdf = tmp_path / "sheet.pdf"
    code, stdout, stderr = run(capsys, "sheet", couple, "-t", "cn-marriage", "--paper", "4r", "-b", "red",
                               "-o", pdf)
    assert code == EXIT_OK, stderr
    subprocess.run(["pdftoppm", "-r", "300", "-png", "-singlefile", str(pdf), str(tmp_path / "p")], check=True)
    page = np.asarray(Image.open(tmp_path / "p.png").convert("RGB"))
    cells = _cells(page)
    assert len(cells) >= 4, cells
    for w, h in cells:   # the red background runs to the photo's edges on the top and sides
        assert abs(w / 300 * 25.4 - 53) <= 0.3 and abs(h / 300 * 25.4 - 35) <= 0.3, (w, h)
