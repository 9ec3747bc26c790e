"""The GUI's checks include every core finding, so padding past the photo's edge is never silent."""
from __future__ import annotations

import math
from types import SimpleNamespace

import cv2
import numpy as np

from idphoto_gui.core.geometry import placement as g
from idphoto_gui.core.faces.faces import Face
from idphoto_gui.core.templates.specs import get_template
from idphoto_gui.qt.common import messages
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.templates.colours import Background


def _head_near_top_edge():
    """A synthetic sitter whose hair reaches 5 px below the top edge of a plain grey photo."""
    eye, eye_to_chin, hair = np.array([500.0, 115.0]), 130.0, 110.0
    face = Face(box=(400.0, 15.0, 200, 250), score=0.99, left_eye=(532.0, 115.0), right_eye=(468.0, 115.0),
                chin=(500.0, 115.0 + eye_to_chin), forehead=(500.0, 35.0), roll_deg=0.0, yaw_deg=0.0,
                landmarks=np.zeros((0, 2), np.float32))
    alpha = np.zeros((1200, 1000), np.float32)
    cy = eye[1] + (eye_to_chin - hair) / 2
    cv2.ellipse(alpha, (500, round(cy)), (110, round((eye_to_chin + hair) / 2)), 0, 0, 360, 1.0, -1)
    cv2.fillConvexPoly(alpha, np.array([[200, 285], [800, 285], [800, 1200], [200, 1200]], np.int32), 1.0)
    assert math.isclose(cy - (eye_to_chin + hair) / 2, 5, abs_tol=1)
    rgb = np.full((1200, 1000, 3), 200, np.uint8)
    return face, alpha, rgb


def test_slow_findings_report_background_extended_in_plain_words():
    t = get_template("us-passport")
    face, alpha, rgb = _head_near_top_edge()
    plan = g.plan_crop(face, alpha, t)
    assert plan.fits and plan.extended.top > 0
    analysis = SimpleNamespace(image=SimpleNamespace(rgb=rgb), matte=SimpleNamespace(alpha=alpha), face=face,
                               ok=True, require_face=lambda: face)
    findings = PhotoSession.for_template(analysis, t, background=Background.parse("white"), crop=plan.crop).source_findings()
    extended = [f for f in findings if f.code == "background_extended"]
    assert extended and extended[0].severity == "info"   # issue 23: a fact that needs no action
    assert messages.finding_text(extended[0]).startswith("Background extended past the photo's edge by ")
