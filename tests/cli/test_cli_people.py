"""`idphoto make group.jpg --face all`: one photo per person, left to right, each measured again."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from remeasure import remeasure  # tests/cli is on sys.path, like corpus.py

from idphoto_gui.cli import EXIT_OK, main
from idphoto_gui.core.faces.faces import detect_faces
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting.subject import isolate_subject
from idphoto_gui.core.render.people import left_to_right
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template


TOL_MM = 0.5  # re-detection on a 300-600 px photo moves landmarks about a pixel (as test_cli_make)


GROUP = "group_expedition1.jpg"   # NASA, public domain: three people, one shot


@pytest.fixture(scope="module")
def group(tmp_path_factory, data_dir) -> Path:
    folder = tmp_path_factory.mktemp("group")
    shutil.copy2(data_dir / GROUP, folder / GROUP)
    return folder / GROUP


def test_face_all_makes_one_photo_per_face_each_in_range(capsys, group, tmp_path):
    t = get_template("cn-1inch")
    out, report = tmp_path / "g.jpg", tmp_path / "g.json"
    code = main(["make", str(group), "-t", t.id, "-b", "blue", "--face", "all", "-o", str(out),
                 "--report", str(report)])
    stdout = capsys.readouterr().out
    assert code == EXIT_OK
    faces = detect_faces(np.asarray(Image.open(group).convert("RGB")))
    assert len(faces) == 3
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["faces_found"] == 3 and [p["person"] for p in data["people"]] == [1, 2, 3]
    made = [p for p in data["people"] if p.get("status") not in ("skipped", "refused")]
    assert len(made) == 3, data["people"]              # three real people: none refused as a bad frame
    # compliant: no check fails for anyone (warnings allowed), and no enlargement past 2x
    assert all(p["status"] in ("ok", "warn") for p in made), [(p["person"], p["status"]) for p in made]
    assert all(p["measurements"]["upscale"] <= 2.0 for p in made)
    xs = [p["face_box"][0] for p in data["people"]]
    assert xs == sorted(xs)  # left to right
    for n in range(1, 4):
        path = tmp_path / f"g-{n}.jpg"
        assert str(path) in stdout
        with Image.open(path) as im:
            assert im.size == t.pixel_size()
        m = remeasure(path, t)
        lo, hi = t.head_height_mm
        assert lo - TOL_MM <= m.head_height_mm <= hi + TOL_MM, (n, m.head_height_mm)
        lo, hi = t.eye_line_mm
        assert lo - TOL_MM <= m.eye_line_mm <= hi + TOL_MM, (n, m.eye_line_mm)
        # one face only: the neighbours were cut out by the matte
        assert len(detect_faces(load_image(path).rgb)) == 1


def test_faces_too_small_are_listed_as_skipped(capsys, group, tmp_path):
    """At 1200 dpi every face of this 2000 px group photo would be enlarged about 4x (over 3x): skipped, with the reason."""
    out, report = tmp_path / "s.jpg", tmp_path / "s.json"
    code = main(["make", str(group), "-t", "cn-1inch", "--dpi", "1200", "--face", "all", "-o", str(out),
                 "--report", str(report)])
    stderr = capsys.readouterr().err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert code != EXIT_OK and "too small" in stderr
    assert [p["code"] for p in data["people"]] == ["too_small"] * 3
    assert not list(tmp_path.glob("s-*.jpg"))


def test_touching_people_are_parted_between_their_faces():
    """Two solid blobs joined at the shoulders: the chosen side keeps its half, the neighbour's goes."""
    alpha = np.zeros((200, 400), np.float32)
    alpha[40:200, 40:200] = 1.0
    alpha[40:200, 200:360] = 1.0      # one connected shape: two people shoulder to shoulder
    left, right = (80.0, 50.0, 80.0, 80.0), (240.0, 50.0, 80.0, 80.0)
    out = isolate_subject(alpha, left, (right,))
    assert out[150, 100] == pytest.approx(1.0) and out[150, 300] == 0.0
    assert isolate_subject(alpha, left) is alpha  # no neighbours named: unchanged (single-face path)


def test_left_to_right_orders_by_the_eyes():
    faces = detect_faces(np.asarray(Image.open(Path(__file__).parents[1] / "data" / GROUP).convert("RGB")))
    order = left_to_right(faces)
    xs = [faces[i].eye_mid[0] for i in order]
    assert xs == sorted(xs)


def test_batch_face_all_writes_every_person_and_lists_them(capsys, data_dir, tmp_path):
    indir, outdir = tmp_path / "in", tmp_path / "out"
    indir.mkdir()
    shutil.copy2(data_dir / GROUP, indir / "group.jpg")
    report = outdir / "r.json"
    code = main(["batch", str(indir), str(outdir), "-t", "cn-1inch", "--face", "all", "--report", str(report)])
    capsys.readouterr()
    assert code == EXIT_OK
    rows = json.loads(report.read_text(encoding="utf-8"))
    assert len(rows) == 1 and rows[0]["faces_found"] == 3
    assert [p["person"] for p in rows[0]["people"]] == [1, 2, 3]
    assert sorted(p.name for p in outdir.glob("group_cn-1inch-*.jpg")) == [
        f"group_cn-1inch-{n}.jpg" for n in (1, 2, 3)]


def test_the_cap_makes_the_leftmost_and_says_so(capsys, group, tmp_path, monkeypatch):
    """Past max_people (20 in resources/people.json) the rest are named in one sentence: here capped at 2."""
    from idphoto_gui.core.render import people

    monkeypatch.setattr(people, "limits", lambda: people.PeopleLimits(max_people=2))
    out, report = tmp_path / "c.jpg", tmp_path / "c.json"
    code = main(["make", str(group), "-t", "cn-1inch", "--face", "all", "-o", str(out), "--report", str(report)])
    stderr = capsys.readouterr().err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert code == EXIT_OK and data["faces_found"] == 3 and data["capped"] == 1
    assert [p["person"] for p in data["people"]] == [1, 2] and "only the first 2" in stderr
    assert sorted(p.name for p in tmp_path.glob("c-*.jpg")) == ["c-1.jpg", "c-2.jpg"]


CROWD = ("man_suit.jpg", "child.png", "woman_grey_bg.jpg", "man_glasses.jpg", "blonde_woman.jpg",
         "curly_young_man.jpg", "woman_white_wall.jpg", "curly_dark_skin_woman.jpg", "astronaut.png",
         "woman_fur_hat_lowres.jpg")


@pytest.fixture(scope="module")
def crowd(tmp_path_factory, data_dir) -> Path:
    """30 portraits of the test photos tiled 6x5 on grey (issue 39's crowd): the detector finds some faces whose
    cut-out is a pale ghost, an empty frame, half a face or a face with a neighbour's edge through it."""
    tiles = [Image.open(data_dir / name).convert("RGB") for name in CROWD] * 3
    crowd = Image.new("RGB", (6 * 300, 5 * 380), (200, 200, 200))
    for i, tile in enumerate(tiles):
        tile.thumbnail((300, 380))
        crowd.paste(tile, ((i % 6) * 300 + (300 - tile.width) // 2, (i // 6) * 380 + (380 - tile.height) // 2))
    path = tmp_path_factory.mktemp("crowd") / "crowd.jpg"
    crowd.save(path, quality=92)
    return path


def test_face_all_on_a_crowd_says_what_it_found_and_refuses_frames_that_are_not_the_person(capsys, crowd,
                                                                                          tmp_path):
    out, report = tmp_path / "c.jpg", tmp_path / "c.json"
    code = main(["make", str(crowd), "-t", "cn-1inch", "-b", "blue", "--face", "all", "-o", str(out),
                 "--report", str(report)])
    stderr = capsys.readouterr().err
    data = json.loads(report.read_text(encoding="utf-8"))
    found, people = data["faces_found"], data["people"]
    assert code == EXIT_OK and 2 <= found < 30
    assert f"{found} faces were found" in stderr and "may be missed" in stderr and "may be missed" in data["message"]
    refused = [p for p in people if p["status"] == "refused"]
    made = [p for p in people if p["status"] in ("ok", "warn", "fail")]
    assert len(refused) >= 4 and made, [(p["person"], p["status"], p.get("code")) for p in people]
    assert {p["code"] for p in refused} <= {"empty_frame", "other_person", "face_cut"}
    assert all(p["reason"] and f"person {p['person']}: refused: " in stderr for p in refused)
    for p in made:                                       # what was saved shows a person, not the blue background
        with Image.open(p["output"]["path"]) as im:
            rgb = np.asarray(im.convert("RGB")).astype(int)
        blue = (np.abs(rgb - np.array(Background.parse("blue").rgb)).sum(-1) < 60).mean()
        assert blue < 0.6, (p["person"], blue)
    assert sorted(q.name for q in tmp_path.glob("c-*.jpg")) == sorted(f"c-{p['person']}.jpg" for p in made)


def test_people_limits_come_from_resources():
    from idphoto_gui.core.render.people import limits

    assert limits().max_people == 20 and limits().window_max_faces == 6 and limits().max_upscale == 3.0


def test_face_n_is_the_same_person_as_face_alls_file_n(capsys, group, tmp_path):
    """One numbering of people, left to right: `--face 1` was the largest face (the rightmost here)."""
    t = get_template("cn-1inch")
    assert main(["make", str(group), "-t", t.id, "-b", "blue", "--face", "all", "-o", str(tmp_path / "g.jpg")]) \
        == EXIT_OK
    for n in (1, 3):
        one = tmp_path / f"one-{n}.jpg"
        assert main(["make", str(group), "-t", t.id, "-b", "blue", "--face", str(n), "-o", str(one)]) == EXIT_OK
        with Image.open(one) as a, Image.open(tmp_path / f"g-{n}.jpg") as b:
            diff = np.abs(np.asarray(a, dtype=np.int16) - np.asarray(b, dtype=np.int16)).mean()
        assert diff < 2.0, f"--face {n} is not --face all's -{n} person (mean difference {diff:.1f})"
    capsys.readouterr()
