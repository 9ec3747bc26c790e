"""Red eye reads flash-red pupils only (issue 42 round 6): real faces, natural and with a flash-red pupil painted in.

A flash reflected off the retina fills the pupil with a lit, saturated red. Painted here as a disc of 0.5 iris
radii at each iris centre (anti-aliased, sub-pixel), on the committed portraits, tests/data/expressions and the
shared portraits; the same faces unpainted must read nothing.
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from idphoto_gui.core.faces.face_quality import eyes as eye_measures
from idphoto_gui.core.faces.face_quality.iris import eyes
from idphoto_gui.core.faces.face_quality.patch import face_patch
from idphoto_gui.core.faces.face_quality.thresholds import RED_DOMINANCE, RED_EXCESS, RED_PUPIL_RADIUS
from idphoto_gui.core.faces.faces import detect_faces
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.compliance import THRESHOLDS

from tests.conftest import DATA, PORTRAITS, SHARED_PHOTOS

FLASH = (200, 30, 25)   # a flash pupil: red 170 levels above green and blue
DULL_FLASH = (150, 40, 45)   # a dimmer one (a smaller pupil, less flash): 105 levels above


def _photos() -> list[Path]:
    """The committed portraits and expressions, and the shared portraits when they are here."""
    shared = SHARED_PHOTOS / "portraits"
    return ([DATA / n for n in PORTRAITS] + sorted((DATA / "expressions").glob("*.jpg"))
            + (sorted(p for p in shared.iterdir() if p.suffix in (".jpg", ".png")) if shared.is_dir() else []))


def red_eye(rgb: np.ndarray, landmarks: np.ndarray) -> float:
    """The red-eye measure as measure_face reads it (the iris model run again on these pixels)."""
    right, left = eyes(rgb, landmarks)
    p = face_patch(rgb, mesh=landmarks, right=right, left=left)
    assert p is not None
    return eye_measures.red_eye(p, radius=RED_PUPIL_RADIUS, dominance=RED_DOMINANCE, excess=RED_EXCESS)


def paint_pupils(rgb: np.ndarray, landmarks: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """The photo with a disc of 0.5 iris radii in `colour` at each iris centre (continuous coordinates)."""
    out = rgb.copy()
    for eye in eyes(rgb, landmarks):
        centre = tuple(int(round((v - 0.5) * 16)) for v in eye.iris[0])   # pixel (i, j)'s centre is i + 0.5
        cv2.circle(out, centre, int(round(RED_PUPIL_RADIUS * eye.iris_radius * 16)), colour, -1, cv2.LINE_AA, 4)
    return out


@pytest.fixture(scope="module")
def faces():
    """(name, rgb, face) for every judged face: a mesh, within judge_pose_max of frontal and level."""
    th, out = THRESHOLDS, []
    for path in _photos():
        rgb = load_image(path).rgb
        found = detect_faces(rgb)
        if not found or not found[0].has_mesh:
            continue
        face = found[0]
        if max(abs(face.yaw_deg), abs(face.pitch_deg - th["pitch_zero"])) <= th["judge_pose_max"]:
            out.append((path.name, rgb, face))
    return out


def test_natural_pupils_read_no_red_eye(faces):
    assert len(faces) >= 40
    readings = {name: red_eye(rgb, face.landmarks) for name, rgb, face in faces}
    # before round 6: 053 (a lens reflection) 0.22, 056 (amber irises) 0.15, p3m_p_07141906 (red-brown lenses) 1.0
    assert max(readings.values()) <= 0.02, {n: v for n, v in readings.items() if v > 0.02}


def test_painted_flash_red_pupils_are_found(faces):
    found = [(red_eye(paint_pupils(rgb, face.landmarks, FLASH), face.landmarks), name) for name, rgb, face in faces]
    missed = [(round(v, 2), n) for v, n in found if v <= THRESHOLDS["red_eye_fail"]]
    # the iris model, run again on the painted eye, may move its centre off a pupil with no dark in it (50 of 50
    # found when written; 232 of 233 judged faces with tests/data/faces_open and the shared p3m photos)
    assert len(missed) <= 0.05 * len(found), missed


def test_a_dimmer_flash_pupil_is_found_too(faces):
    # its blend with the dark iris at the disc's edge falls below the excess sooner: 48 of 50 when written
    found = [(red_eye(paint_pupils(rgb, face.landmarks, DULL_FLASH), face.landmarks), name) for name, rgb, face in faces]
    missed = [(round(v, 2), n) for v, n in found if v <= THRESHOLDS["red_eye_fail"]]
    assert len(missed) <= 0.1 * len(found), missed


@pytest.mark.parametrize("path", [DATA / "p3m_p_07141906.jpg",            # red-brown tinted aviator lenses
                                  DATA / "faces_open" / "interfaces_011.jpg",   # brown irises, soft light
                                  DATA / "expressions" / "interfaces_056.jpg"])  # amber irises
def test_brown_irises_and_red_tinted_lenses_are_no_red_eye(path):
    # before round 6 they read 1.0, 0.59 and 0.15 (011 failed: a face labelled compliant)
    rgb = load_image(path).rgb
    face = detect_faces(rgb)[0]
    assert red_eye(rgb, face.landmarks) == 0.0
