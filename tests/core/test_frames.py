"""An object's frame the network kept as a veil beside a person is cleared, and reported if it survives
(issue 36, docs/adr/0020 Round 2); hair is never taken for one."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said


import pytest

from idphoto_gui.core.analysis.person_core import GUARD, core_mask
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.matting.frames import clear_frames

BOX = (slice(200, 262), slice(704, 718))   # the poster beside the left man's hat, working-image px


def _raw(image):
    """The network's matte as before the rule (the same run the pipeline makes, without the clearing)."""
    faces = face_outcome(image).faces
    keep = core_mask(image.rgb.shape, faces, grow=GUARD)
    return faces, get_matter("rvm").matte(image.rgb, tuple(f.box for f in faces), keep=keep)


def test_the_box_beside_the_hat_is_gone(data_dir):
    image = load_image(data_dir / "couple_expedition12.jpg")
    faces, raw = _raw(image)
    assert raw.alpha[BOX].mean() > 0.1 and raw.alpha[BOX].max() > 0.8     # the poster's veil (0.13, 0.93)
    assert matte_of(image).alpha[BOX].max() < 0.02
    # the self-inspection names it when it is still there, and is silent once it is gone
    assert "frame" in _pair_fails(image, raw)
    assert "frame" not in _pair_fails(image, matte_of(image))


@pytest.mark.parametrize("name", ["child.png", "curly_dark_skin_woman.jpg", "curly_young_man.jpg",
                                  "woman_fur_hat_lowres.jpg", "profile_woman_sea.jpg", "blonde_woman.jpg"])
def test_hair_is_never_taken_for_a_frame(data_dir, name):
    """Straight hair (child.png) has straight veiled outline runs too; they do not go on in the photo."""
    image = load_image(data_dir / name)
    faces, raw = _raw(image)
    assert clear_frames(raw.alpha, image.rgb, faces) is raw.alpha


def _pair_fails(image, matte) -> list[str]:
    """The cut-out findings of the cn-marriage render made with `matte`."""
    from idphoto_gui.core.render.pair import pair_alpha, pair_inputs, pair_of, render_pair
    from idphoto_gui.core.templates.specs import get_template

    template = get_template("cn-marriage")
    faces, _ = pair_inputs(image)
    pair = pair_of(faces, None)
    r = render_pair(image, faces, matte, template, background=None, size=template.pixel_size(None),
                    dpi=template.dpi, alpha=pair_alpha(matte.alpha, pair, ()))
    return [f.reason for f in r.findings if f.code == "cutout"]


def test_the_orange_held_before_the_middle_mans_chest_is_named(data_dir):
    """group_expedition1, --face 2: the orange is opaque (in front of his chest) and reported as held; no other
    person of the group is."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.render.photo import make_photo
    from idphoto_gui.core.templates.specs import get_template

    from idphoto_gui.core.analysis.pipeline import person_index

    image = load_image(data_dir / "group_expedition1.jpg")
    for person, held in ((0, False), (1, True), (2, False)):   # left to right, as --face numbers them
        result = make_photo(analyse(image, face_index=person_index(image, person)), get_template("cn-1inch"))
        found = [f for f in result.findings if f.code == "cutout" and f.reason == "held"]
        assert bool(found) == held, person
        if held:
            assert found[0].severity == "warn" and "held in front of the chest" in said(found[0])
            assert result.defects


@pytest.mark.parametrize("name", ["man_suit.jpg", "child.png", "couple_sts98.jpg"])
def test_nothing_held_is_reported_without_one(data_dir, name):
    from idphoto_gui.core.render.inspection import held_object

    image = load_image(data_dir / name)
    assert all(held_object(image.rgb, f) is None for f in face_outcome(image).faces)


def test_the_whole_frame_matte_names_the_held_orange_too(data_dir):
    """`idphoto matte` and /matte: the group's whole-frame cut-out warns about the orange, outlined in the photo."""
    from idphoto_gui.core.render.inspection import inspect_matte

    image = load_image(data_dir / "group_expedition1.jpg")
    found = inspect_matte(image.rgb, matte_of(image), face_outcome(image).faces)
    held = [f for f in found.findings if f.reason == "held"]
    assert len(held) == 1 and held[0].severity == "warn"
    x, y, w, h = found.areas[-1]   # the held things' boxes come last
    assert 850 < x + w / 2 < 1060 and 560 < y + h / 2 < 720   # the orange before the middle man's chest
