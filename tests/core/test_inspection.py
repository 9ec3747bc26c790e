"""The self-inspection fails a cut-out with a hole in the face or a stray island, and is silent on clean ones."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

from dataclasses import replace

import cv2

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.inspection import inspect_matte
from idphoto_gui.core.render.photo import make_photo
from idphoto_gui.core.templates.specs import get_template


def _cutout_fails(result) -> dict[str, float]:
    return {f.reason: f.value for f in result.findings if f.code == "cutout" and f.severity == "fail"}


def _with_alpha(analysis, alpha):
    return replace(analysis, matte=replace(analysis.matte, alpha=alpha))


def test_clean_real_photo_passes_the_inspection(data_dir):
    for name in ("man_suit.jpg", "woman_grey_bg.jpg", "child.png"):
        result = make_photo(analyse(load_image(data_dir / name)), get_template("cn-1inch"))
        assert _cutout_fails(result) == {}, name
        assert result.defects == ()


def test_a_hole_punched_into_the_face_fails_and_is_outlined(data_dir):
    a = analyse(load_image(data_dir / "man_suit.jpg"))
    alpha = a.matte.alpha.copy()
    cx, cy = (int(v) for v in a.face.eye_mid)
    cv2.circle(alpha, (cx, cy + int(0.3 * a.face.box[3])), max(4, int(0.06 * a.face.box[2])), 0.0, -1)   # the cheek
    result = make_photo(_with_alpha(a, alpha), get_template("cn-1inch"))
    fails = _cutout_fails(result)
    assert "core" in fails and fails["core"] > 0
    assert result.defects   # the area the window outlines
    finding = next(f for f in result.findings if f.code == "cutout")
    assert "background through" in said(finding) and "make the photo again" in said(finding)


def test_a_stray_island_fails(data_dir):
    a = analyse(load_image(data_dir / "man_suit.jpg"))
    alpha = a.matte.alpha.copy()
    x, y, w, h = (int(v) for v in a.face.box)
    centre, r = (x - w // 3, y + h // 3), max(6, w // 7)
    assert a.matte.alpha[centre[1], centre[0]] < 0.05                 # wall beside the ear
    cv2.circle(alpha, centre, r, 1.0, -1)   # a blob beside the head, not touching the person
    fails = _cutout_fails(make_photo(_with_alpha(a, alpha), get_template("cn-1inch")))
    assert "island" in fails


def test_the_whole_frame_matte_is_inspected_too(data_dir):
    """`idphoto matte` and /matte: the same looks on the whole frame, areas in the photo's pixels."""
    a = analyse(load_image(data_dir / "man_suit.jpg"))
    assert inspect_matte(a.image.rgb, a.matte, a.faces).findings == ()
    alpha = a.matte.alpha.copy()
    cx, cy = (int(v) for v in a.face.eye_mid)
    cv2.circle(alpha, (cx, cy + int(0.3 * a.face.box[3])), max(4, int(0.06 * a.face.box[2])), 0.0, -1)
    found = inspect_matte(a.image.rgb, replace(a.matte, alpha=alpha), a.faces)
    assert [f.reason for f in found.findings] == ["core"]
    x, y, w, h = found.areas[0]
    assert x <= cx + a.face.box[2] and abs(y - cy) < a.face.box[3]


def test_the_pair_render_is_inspected_too(data_dir):
    """cn-marriage: clean as made; a hole punched into the right person's face fails."""
    from idphoto_gui.core.render.pair import pair_alpha, pair_inputs, pair_of, render_pair

    image = load_image(data_dir / "couple_expedition12.jpg")
    template = get_template("cn-marriage")
    faces, matte = pair_inputs(image)
    pair = pair_of(faces, None)
    alpha = pair_alpha(matte.alpha, pair, ())
    size = template.pixel_size(None)
    assert not [f for f in render_pair(image, faces, matte, template, background=None, size=size, dpi=template.dpi,
                                       alpha=alpha).findings if f.code == "cutout"]
    face = pair.faces[1]
    cx, cy = (int(v) for v in face.eye_mid)
    cv2.circle(alpha, (cx, cy + int(0.3 * face.box[3])), max(4, int(0.06 * face.box[2])), 0.0, -1)
    r = render_pair(image, faces, matte, template, background=None, size=size, dpi=template.dpi, alpha=alpha)
    assert [f.reason for f in r.findings if f.code == "cutout"] == ["core"] and r.defects
