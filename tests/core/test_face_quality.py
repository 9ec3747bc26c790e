"""Face checks on real labelled photos (tests/data/expressions, CC0) and on justified synthetic edits."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

import importlib.util
import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from idphoto_gui.core.render.compliance import THRESHOLDS
from idphoto_gui.core.faces.face_quality import head_pose, mouth
from idphoto_gui.core.faces.face_quality.covering import BRIM_MIN
from idphoto_gui.core.faces.face_quality.findings import face_findings_for
from idphoto_gui.core.findings import failures
from idphoto_gui.core.faces.face_quality.iris import eyes
from idphoto_gui.core.faces.face_quality.measures import cached_measures, measure_face
from idphoto_gui.core.faces.faces import detect_faces
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.templates.specs import get_template

ROOT = Path(__file__).resolve().parents[2]


def _eval_module():
    spec = importlib.util.spec_from_file_location("eval_face_checks", ROOT / "tools" / "eval_face_checks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def table(data_dir):
    rows, no_face = _eval_module().table(data_dir / "expressions")
    return {r[0]: r for r in rows}, no_face


# Checks that meet the bar (>= 90 % of labelled problems flagged); the others are known gaps.
MEETS = {"eyes_open", "glasses", "tinted_lenses", "pitch"}   # pitch: issue 23's rule (a face beyond 30 deg of
# pose fails on pose: caught) with the accepted label rulings
GAPS = {"yaw": "054 reads -6 deg (her eyes turn more than her head); 062 reads -1.9 and looks frontal with a roll "
               "(label_disputes.csv: with the inspected labels yaw meets the bar)",
        "eyes_visible": "the blonde wind-blown strands over 042's eye make no across-eye edges",
        "mouth_closed": "083's lips part by a dark line only (no teeth show) and 002 is not judged at 43 deg of yaw",
        "expression": "035's faint closed-lip smile (the classifier's P(happy) 0.16, neutral faces up to 0.26), a "
                      "mouth hidden by a hand (003) and 002, not judged at 43 deg of yaw",
        "glasses_glare": "faint veils of reflection on clear lenses (045's dark frames, 062's thin ones) stay below "
                         "the near-white cut, and their brightest lens pixels (0.95, 0.91 of the skin's) below the "
                         "peak cut (1.15, issue 42), inside the clear lenses' range on every measure tried (ADR 0007)",
        "shadows": "one mildly side-lit face (058) reads like the evenly lit ones",
        "head_covering": "045's straw hat is hair-coloured; it was found for a wrong reason (his ear and purple scarf "
                         "read as fair hanging hair), which hair-coloured hanging hair (issue 42) no longer allows",
        "gaze": "045 (head 14 deg one way, eyes back the other) reads 10 deg with the gain and limit chosen on the "
                "tune half of faces_open (issue 42: 180, 14 deg), 11 with the old ones fitted to this set (110, 11)"}


# What the checks with a gap flag today (glare: the mirrored lenses and the sunlit highlights; head covering:
# 7 of the 8 covered heads, 045 missed; expression: 15 of 18 with the learned smile).
FLOORS = {"glasses_glare": 3, "head_covering": 7, "shadows": 3, "expression": 15, "gaze": 7}


@pytest.mark.parametrize("check", sorted(MEETS) + sorted(GAPS))
def test_labelled_problems_are_flagged(table, check):
    check_, hit, n_bad, *_ = table[0][check]
    if check in GAPS:
        assert hit >= FLOORS.get(check, 0), table[0][check]  # a gap may stay, but not widen
        pytest.xfail(GAPS[check])
    assert hit >= 0.9 * n_bad, table[0][check]


@pytest.mark.parametrize("check", ["yaw", "pitch", "eyes_open", "gaze", "red_eye", "eyes_visible",
                                   "mouth_closed", "expression", "glasses", "tinted_lenses", "glasses_glare",
                                   "head_covering", "shadows"])
def test_few_false_alarms_on_faces_labelled_fine(table, check):
    _, _, _, fa, fine, _, alarms = table[0][check]
    assert fa <= 0.1 * fine, alarms


def test_compliant_faces_are_counted_by_warn_and_by_fail_with_the_checks_that_flag_them(table):
    # issue 42: judged by us-passport as shipped: 057 turned 9.6 deg warns (near the 10 deg limit); 082 wears clear
    # glasses, which the US forbids: not a compliant face for it (left out), and no fail under the labels' ICAO rule
    rows = table[0]
    *_, fa, fine, _, alarms, by_code = rows["compliant"]
    assert (fa, fine) == (1, 3) and set(alarms) == {"interfaces_057.jpg"}
    assert by_code == {"yaw": 1}
    *_, fa, fine, _, alarms, by_code = rows["compliant_fail"]
    assert (fa, fine) == (0, 4) and by_code == {}


def test_yaw_meets_the_bar_with_the_disputed_labels_as_inspected(data_dir):
    # label_disputes.csv: 021 "frontal" is visibly turned (20.6 deg), 062 "left 15" is a roll (-1.9 deg)
    rows, _ = _eval_module().table(data_dir / "expressions", inspected=True)
    _, hit, n_bad, fa, fine, misses, alarms = {r[0]: r for r in rows}["yaw"]
    assert hit >= 0.9 * n_bad and fa <= 0.1 * fine, (misses, alarms)


def test_teeth_between_barely_parted_lips_warn_mouth_closed(data_dir):
    # 054: lips a few pixels apart, teeth showing; the mesh's inner-lip gap reads like a closed mouth
    _, found = _findings(data_dir / "expressions" / "interfaces_054.jpg")
    assert found["mouth_closed"].value < THRESHOLDS["mouth_warn"]
    assert found["mouth_closed"].severity == "warn"
    for name in ("interfaces_001.jpg", "interfaces_057.jpg", "interfaces_082.jpg"):  # closed lips hide the teeth
        image = load_image(data_dir / "expressions" / name)
        face = detect_faces(image.rgb)[0]
        m = measure_face(rgb=image.rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)
        assert m.lip_teeth < THRESHOLDS["lip_teeth_warn"] / 2, name


@pytest.mark.parametrize("name", ["woman_white_wall.jpg", "woman_grey_bg.jpg", "child.png", "curly_young_man.jpg",
                                  "woman_fur_hat_lowres.jpg"])
def test_neutral_id_style_faces_get_no_mouth_or_expression_warning(data_dir, name):
    _, found = _findings(data_dir / name)
    assert found["mouth_closed"].severity == "ok" and found["expression"].severity == "ok"


def test_a_lowered_neutral_face_is_not_a_smile(data_dir):
    # woman_grey_bg (= portraits/11) is 17 deg chin-down: in 2D her mouth corners, ~1 cm behind the lips'
    # centre, rise above the smile limit; the pitch correction puts them back
    image = load_image(data_dir / "woman_grey_bg.jpg")
    face = detect_faces(image.rgb)[0]
    m = measure_face(rgb=image.rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)
    seen_in_2d = m.corner_lift - mouth.corner_depth() * math.sin(math.radians(face.pitch_deg))
    assert face.pitch_deg < -10 and seen_in_2d > THRESHOLDS["smile_lift"] > m.corner_lift
    assert 0.06 < mouth.corner_depth() < 0.1  # the canonical face's corners sit ~1 cm behind, eye-to-chin ~12 cm


def test_shadow_false_alarms_come_from_the_left_right_lighting_check(table):
    # the uniformity term adds none; the older left/right brightness check flags 4 of 31 sunlit faces
    _, hit, n_bad, fa, fine, _, alarms = table[0]["shadows"]
    assert hit >= 3 and fa <= 4, alarms


def test_only_the_occluded_face_is_not_found(table):
    assert table[1] == ["interfaces_024.jpg"]  # a cap brim hides the eyes, head bowed 45 deg


def _findings(path: Path, template: str = "icao-35x45"):
    image = load_image(path)
    face = detect_faces(image.rgb)[0]
    found = face_findings_for(source=image.rgb, face=face, template=get_template(template), thresholds=THRESHOLDS)
    return face, {f.code: f for f in found}


def test_portrait_05_teeth_smile_fails_expression(data_dir):
    _, found = _findings(data_dir / "curly_dark_skin_woman.jpg")  # = shared portraits/05
    assert found["expression"].severity == "fail"


def test_lenient_template_only_warns_for_a_teeth_smile(data_dir):
    image = load_image(data_dir / "curly_dark_skin_woman.jpg")
    face = detect_faces(image.rgb)[0]
    lenient = replace(get_template("icao-35x45"), expression="lenient")
    found = {f.code: f for f in face_findings_for(source=image.rgb, face=face, template=lenient,
                                                   thresholds=THRESHOLDS)}
    assert found["expression"].severity == "warn"


def test_portrait_03_glasses_warn_or_fail_per_template(data_dir):
    _, icao = _findings(data_dir / "man_glasses.jpg")  # = shared portraits/03
    _, us = _findings(data_dir / "man_glasses.jpg", "us-passport")
    assert icao["glasses"].severity == "warn" and us["glasses"].severity == "fail"
    assert icao["tinted_lenses"].severity == "ok"


def test_portrait_09_is_near_frontal(data_dir):
    face, _ = _findings(data_dir / "man_suit.jpg")  # = shared portraits/09; the old estimate read 13.7
    assert abs(face.yaw_deg) <= 10
    if abs(face.yaw_deg) > 8:
        # every fit tried (landmark sets, solvePnP, the camera ray) reads 7.6-10.3 and the mirrored photo +9.1
        pytest.xfail(f"mesh fit reads {face.yaw_deg:.1f} deg: he is turned a little to his right (ADR 0007)")


def _covering(path: Path):
    """The head_covering finding of a photo, judged with the person's matte as the app does (None: not made)."""
    analysis = analyse(load_image(path))
    face = analysis.require_face()
    found = face_findings_for(source=analysis.image.rgb, face=face, template=get_template("icao-35x45"),
                              thresholds=THRESHOLDS, alpha=analysis.matte.alpha)
    return next((f for f in found if f.code == "head_covering"), None)


@pytest.mark.parametrize("name", ["woman_fur_hat_lowres.jpg",  # = shared portraits/13: a black fur hat
                                  "p3m_p_07141906.jpg"])       # a navy cap
def test_hats_warn_head_covering(data_dir, name):
    assert _covering(data_dir / name).severity == "warn"


def test_santa_hats_warn_head_covering_for_each_person(data_dir):
    # couple_expedition12 (NASA): the white fur band fills the crown band and reads as white hair (fabric 0.0);
    # the red top lies beyond it. Each face alone, with the photo's matte, as `idphoto check --face N` judges it
    assert BRIM_MIN < THRESHOLDS["covering_brim"], "below BRIM_MIN the band beyond the crown is not read"
    analysis = analyse(load_image(data_dir / "couple_expedition12.jpg"))
    assert len(analysis.faces) == 2
    for face in analysis.faces:
        m = cached_measures(rgb=analysis.image.rgb, face=face, alpha=analysis.matte.alpha)
        c = m.covering
        assert c.fabric < THRESHOLDS["covering_fabric"] < c.top_fabric and c.light_brim > THRESHOLDS["covering_brim"]
        found = face_findings_for(source=analysis.image.rgb, face=face, template=get_template("cn-1inch"),
                                  thresholds=THRESHOLDS, alpha=analysis.matte.alpha)
        covering = next(f for f in found if f.code == "head_covering")
        assert covering.severity == "warn" and "religious or medical" in said(covering)


BARE_HEADS = ["astronaut.png", "blonde_woman.jpg", "child.png", "curly_dark_skin_woman.jpg", "curly_young_man.jpg",
              "man_glasses.jpg", "man_suit.jpg", "woman_grey_bg.jpg", "woman_white_wall.jpg",
              "expressions/interfaces_083.jpg",   # ginger hair: no light brim under it
              # dark hair over a white collar (faces_open, tune half) and auburn curls beside a shadowed jaw (issue 42)
              "faces_open/nasa_STS-106_3.jpg", "expressions/interfaces_032.jpg"]


@pytest.mark.parametrize("name", BARE_HEADS)
def test_ordinary_hair_is_no_head_covering(data_dir, name):
    # ID-style portraits (fair, dark, curly, short and long hair, a child's hairband): a warning here would
    # fall on many customers
    assert _covering(data_dir / name).severity == "ok"


def test_no_matte_no_head_covering_judgement(data_dir):
    _, found = _findings(data_dir / "woman_fur_hat_lowres.jpg")  # detector only, no matte
    assert "head_covering" not in found


def test_a_wide_open_mouth_is_no_neutral_expression(data_dir):
    # 005 talks with her upper teeth in shadow: too few bright pixels for the teeth cue, lips far apart
    _, found = _findings(data_dir / "expressions" / "interfaces_005.jpg")
    assert found["mouth_closed"].severity == "fail" and found["expression"].severity == "fail"


def test_mouth_not_judged_on_a_head_turned_beyond_30_deg(data_dir):
    face, found = _findings(data_dir / "expressions" / "interfaces_018.jpg")  # closed mouth, yaw ~57 deg
    assert abs(face.yaw_deg) > THRESHOLDS["judge_pose_max"]
    assert found["mouth_closed"].severity == "not_judged" and found["expression"].severity == "not_judged"
    assert found["eyes_open"].severity == "not_judged" and "turned" in said(found["eyes_open"])


def test_a_dark_strand_across_the_eye_warns_and_clear_eyes_do_not(data_dir):
    """Strands of hair drawn down across both eyes (2 px dark lines, as 021's strand) make eyes_visible warn."""
    rgb, face = _open_face(data_dir)
    clear = measure_face(rgb=rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)
    assert clear.strands < THRESHOLDS["strands_warn"]
    hair = rgb.copy()
    for eye in eyes(rgb, face.landmarks):
        x, y = eye.iris[0]
        for dx in (-0.25, 0.1, 0.35):  # three strands, slightly slanted, from the brow to below the eye
            x0 = x + dx * eye.width
            cv2.line(hair, (int(x0 - 4), int(y - eye.width)), (int(x0 + 4), int(y + eye.width)), (25, 20, 18),
                     max(2, int(round(eye.width / 30))), cv2.LINE_AA)
    found = face_findings_for(source=hair, face=face, template=get_template("icao-35x45"), thresholds=THRESHOLDS)
    assert {f.code: f for f in found}["eyes_visible"].severity == "warn"


def test_no_glasses_allowed_only_where_a_template_says_so():
    assert get_template("us-passport").glasses == "forbidden"
    assert get_template("icao-35x45").glasses == "allowed" and get_template("icao-35x45").expression == "strict"


def test_failures_lists_only_fails(data_dir):
    _, found = _findings(data_dir / "man_glasses.jpg", "us-passport")
    fails = failures(found.values())
    assert fails and all(f.severity == "fail" for f in fails)
    assert "glasses" in {f.code for f in fails}


def _rotation(yaw: float, pitch: float, roll: float) -> np.ndarray:
    """R = Ry(yaw) Rx(-pitch) Rz(-roll) in the y-up, z-towards-camera frame (head_pose's conventions)."""
    y, p, r = (math.radians(v) for v in (yaw, -pitch, -roll))
    ry = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    rx = np.array([[1, 0, 0], [0, math.cos(p), -math.sin(p)], [0, math.sin(p), math.cos(p)]])
    rz = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    return ry @ rx @ rz


@pytest.mark.parametrize("yaw,pitch,roll", [(0, 0, 0), (20, 0, 0), (-15, 10, 0), (0, -12, 5), (30, 8, -6)])
def test_head_pose_recovers_a_rotated_canonical_face(yaw, pitch, roll):
    pts = head_pose.canonical_face() @ _rotation(yaw, pitch, roll).T * 40.0 + [500, 400, 0]
    image_pts = pts * [1, -1, -1]  # into image axes: y down, z away from the camera
    pose = head_pose.head_pose(image_pts)
    assert pose.yaw == pytest.approx(yaw, abs=1.5)
    assert pose.pitch == pytest.approx(pitch, abs=1.5)
    assert pose.roll == pytest.approx(roll, abs=2.0)


def test_canonical_face_is_the_symmetric_468_point_mesh():
    c = head_pose.canonical_face()
    assert c.shape == (468, 3)
    mirrored = c * [-1, 1, 1]
    assert np.abs(c[:, None] - mirrored[None]).sum(axis=2).min(axis=1).max() < 1e-6
    assert c[33, 0] == -c[263, 0] and c[152, 1] < c[10, 1]  # eye corners mirror, chin below forehead


def test_yaw_flips_sign_in_a_mirrored_photo(data_dir):
    rgb = load_image(data_dir / "expressions" / "interfaces_033.jpg").rgb  # labelled ~15 deg to the left
    turned = detect_faces(rgb)[0].yaw_deg
    mirrored = detect_faces(np.ascontiguousarray(rgb[:, ::-1]))[0].yaw_deg
    assert turned < -10 and mirrored == pytest.approx(-turned, abs=3)


def _open_face(data_dir):
    image = load_image(data_dir / "expressions" / "interfaces_057.jpg")  # frontal, eyes open, compliant
    return image.rgb, detect_faces(image.rgb)[0]


def test_red_pupils_fail_and_natural_ones_do_not(data_dir):
    rgb, face = _open_face(data_dir)
    m = measure_face(rgb=rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)
    assert m.red_eye < THRESHOLDS["red_eye_fail"]
    red = rgb.copy()
    for eye in eyes(rgb, face.landmarks):  # a flash reflected off the retina fills the pupil with red
        cv2.circle(red, tuple(int(v) for v in np.round(eye.iris[0])), max(1, int(0.45 * eye.iris_radius)),
                   (200, 30, 25), -1)
    m = measure_face(rgb=red, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)
    assert m.red_eye > THRESHOLDS["red_eye_fail"]


def test_painted_closed_lids_read_narrower_than_open_eyes(data_dir):
    """Skin painted over both eye openings plus a lash line: the gap falls by a third or more.

    It does not reliably cross the warn limit (the iris model's prior redraws part of an eye), so the
    eyelid check is trusted for clearly closed eyes only; see the report.
    """
    rgb, face = _open_face(data_dir)
    before = measure_face(rgb=rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg).eyes_open
    mask = np.zeros(rgb.shape[:2], np.uint8)
    found = eyes(rgb, face.landmarks)
    for eye in found:
        c = eye.contour[:16]
        cv2.fillConvexPoly(mask, cv2.convexHull(np.round(c.mean(0) + 1.25 * (c - c.mean(0))).astype(np.int32)), 255)
    closed = cv2.inpaint(rgb, mask, 5, cv2.INPAINT_TELEA)
    for eye in found:
        cv2.polylines(closed, [np.round(eye.contour[:9]).astype(np.int32)], False, (40, 30, 30),
                      max(1, int(round(eye.width / 25))), cv2.LINE_AA)
    face2 = detect_faces(closed)[0]
    after = measure_face(rgb=closed, landmarks=face2.landmarks, yaw=face2.yaw_deg, pitch=face2.pitch_deg).eyes_open
    assert before >= THRESHOLDS["eyes_open_warn"] and after < 0.7 * before


@pytest.mark.parametrize("name", ["congress_B001242.jpg", "congress_T000466.jpg", "congress_W000800.jpg"])
def test_small_highlights_on_lenses_in_a_grey_photo_warn_glare(data_dir, name):
    # issue 42, tune half of faces_open: the lamp's reflection covers 1-5 % of the lens and never reaches
    # near-white in these grey portraits; it outshines the brightest skin (glare_peak 1.2-1.5) all the same
    _, found = _findings(data_dir / "faces_open" / name)
    assert found["glasses"].severity in ("warn", "fail")
    assert found["glasses_glare"].severity == "warn" and found["glasses_glare"].reason == "peak"


@pytest.mark.parametrize("name", ["faces_open/congress_C001078.jpg", "faces_open/congress_S000888.jpg",
                                  "expressions/interfaces_016.jpg", "expressions/interfaces_050.jpg",
                                  "expressions/interfaces_082.jpg"])
def test_clear_lenses_without_glare_stay_ok(data_dir, name):
    # a faint arc of reflection (C001078) and a squint's lit lids (S000888) read 1.11, the nearest to the limit
    _, found = _findings(data_dir / name)
    assert found["glasses"].severity in ("warn", "fail")
    assert found["glasses_glare"].severity == "ok"


def test_us_passport_lets_a_natural_closed_mouth_smile_pass_and_still_fails_teeth(data_dir):
    # the US passport allows "a neutral expression or a natural smile" with the mouth closed (templates.json
    # source); 047 smiles with closed lips (labelled smile-closed), portraits/05 shows her teeth
    folder = data_dir / "expressions"
    _, strict = _findings(folder / "interfaces_047.jpg")
    _, us = _findings(folder / "interfaces_047.jpg", "us-passport")
    assert strict["expression"].severity == "warn" and strict["expression"].reason == "smile"
    assert us["expression"].severity == "ok" and us["expression"].reason == "smile_allowed"
    assert said(us["expression"], "en") == "A natural smile with the mouth closed: allowed for this document"
    _, teeth = _findings(data_dir / "curly_dark_skin_woman.jpg", "us-passport")
    assert teeth["expression"].severity == "fail"
    assert get_template("us-visa-ds160").expression == "strict"    # the visa pages ask a neutral face
