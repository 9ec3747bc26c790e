"""Issue 23 (d): the face checks never raise on a face cut by the photo's edge, tiny or large, or turned.

Each test photo is analysed once; its image, matte and landmarks are then cropped (the face touching or
crossing each edge), scaled (0.25x-2x) and rotated (+-20 deg) together with a fixed seed, and every face
measure runs on the result. A patch that is empty or tiny must give `not_judged`, never an exception.
"""
from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from idphoto_gui.core.render.compliance import THRESHOLDS, face_findings
from idphoto_gui.core.faces.face_quality.findings import face_findings_for
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.templates.specs import get_template

PHOTOS = ("woman_white_wall.jpg", "man_suit.jpg", "woman_grey_bg.jpg", "man_glasses.jpg", "child.png",
          "expressions/interfaces_018.jpg", "expressions/interfaces_030.jpg", "expressions/interfaces_062.jpg")
CASES_PER_PHOTO = 36     # x 8 photos = 288 cases


def _move(face, m: np.ndarray):
    """The face with every point mapped by the 2x3 affine m (detections reused, not repeated)."""
    def pt(p):
        return tuple(float(v) for v in m[:, :2] @ np.asarray(p, np.float64) + m[:, 2])

    x, y, w, h = face.box
    corners = np.array([[x, y], [x + w, y], [x, y + h], [x + w, y + h]], np.float64) @ m[:, :2].T + m[:, 2]
    lo, hi = corners.min(0), corners.max(0)
    mesh = (np.asarray(face.landmarks, np.float64) @ m[:, :2].T + m[:, 2]).astype(np.float32)
    return replace(face, box=(*lo, *(hi - lo)), left_eye=pt(face.left_eye), right_eye=pt(face.right_eye),
                   chin=pt(face.chin), forehead=pt(face.forehead), landmarks=mesh)


def _case(rng: np.random.Generator, rgb: np.ndarray, alpha: np.ndarray, face, k: int):
    """One random scale + rotation about the face, then a crop; every 4th crop puts an edge through the face."""
    scale = float(np.exp(rng.uniform(math.log(0.25), math.log(2.0))))
    angle = float(rng.uniform(-20, 20))
    cx, cy = face.eye_mid
    m = cv2.getRotationMatrix2D((cx, cy), angle, scale)
    h, w = rgb.shape[:2]
    corners = np.array([[0, 0], [w, 0], [0, h], [w, h]], np.float64) @ m[:, :2].T + m[:, 2]
    m[:, 2] -= corners.min(0)
    size = np.ceil(corners.max(0) - corners.min(0)).astype(int)
    big = cv2.warpAffine(rgb, m, (int(size[0]), int(size[1])), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    a = cv2.warpAffine(alpha, m, (int(size[0]), int(size[1])))
    moved = _move(face, m)
    ex, ey = moved.eye_mid
    span = 3 * moved.eye_distance
    if k % 4 == 0:   # an edge through the face: left, top, right, bottom in turn
        side = (k // 4) % 4
        cut = rng.uniform(-0.6, 0.6) * span
        x0, y0, x1, y1 = 0, 0, big.shape[1], big.shape[0]
        if side == 0:
            x0 = int(np.clip(ex + cut, 0, x1 - 1))
        elif side == 1:
            y0 = int(np.clip(ey + cut, 0, y1 - 1))
        elif side == 2:
            x1 = int(np.clip(ex + cut, x0 + 1, x1))
        else:
            y1 = int(np.clip(ey + cut, y0 + 1, y1))
    else:            # a random window that may hold the face whole, in part or not at all
        x0 = int(np.clip(ex - rng.uniform(0, 2) * span, 0, big.shape[1] - 1))
        y0 = int(np.clip(ey - rng.uniform(0, 2) * span, 0, big.shape[0] - 1))
        x1 = int(np.clip(ex + rng.uniform(-0.5, 2) * span, x0 + 1, big.shape[1]))
        y1 = int(np.clip(ey + rng.uniform(-0.5, 2) * span, y0 + 1, big.shape[0]))
    shift = np.array([[1, 0, -x0], [0, 1, -y0]], np.float64)
    return (np.ascontiguousarray(big[y0:y1, x0:x1]), np.ascontiguousarray(a[y0:y1, x0:x1]), _move(moved, shift))


@pytest.mark.parametrize("name", PHOTOS)
def test_face_measures_never_raise_under_crops_scales_and_rotations(data_dir, name):
    analysis = analyse(load_image(data_dir / name))
    face = analysis.face or analysis.faces[0]
    assert face.has_mesh
    rng = np.random.default_rng(23 + PHOTOS.index(name))
    template = get_template("icao-35x45")
    judged = skipped = 0
    for k in range(CASES_PER_PHOTO):
        rgb, alpha, moved = _case(rng, analysis.image.rgb, analysis.matte.alpha.astype(np.float32), face, k)
        found = [*face_findings(rgb, moved, THRESHOLDS),
                 *face_findings_for(source=rgb, face=moved, template=template, thresholds=THRESHOLDS, alpha=alpha)]
        assert found and all(f.severity in ("ok", "warn", "fail", "not_judged", "info") for f in found)
        nj = [f for f in found if f.code == "pitch" and f.severity == "not_judged"]
        skipped += bool(nj)
        judged += not nj
    assert judged > 0   # the transforms keep most faces judgeable: the test does measure
