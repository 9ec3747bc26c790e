"""A clump of the person the network left see-through is made solid where the photo's colours say it is the
person; strands over the wall, curls and things far from the face keep the network's alpha (issue 37,
docs/adr/0033)."""
from __future__ import annotations

import numpy as np

from idphoto_gui.core.analysis.clumps import solid_clumps
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image

RED, GREEN = np.float32([255, 0, 0]), np.float32([0, 200, 0])


def _before(image):
    """The finished matte as it was before this pass (the passes before it, in the pipeline's order), its faces."""
    import idphoto_gui.core.analysis.pipeline as pipeline

    faces = face_outcome(image).faces
    calls = []
    real = pipeline.solid_clumps
    pipeline.solid_clumps = lambda matte, rgb, kept: calls.append(kept) or matte
    try:
        return pipeline._run_matte(image.rgb, "rvm", faces), calls[0]
    finally:
        pipeline.solid_clumps = real


def _on(matte, bg):
    """The cut-out composited on a plain colour (float RGB)."""
    a = matte.alpha[..., None]
    return matte.foreground.astype(np.float32) * a + bg * (1.0 - a)


def test_the_see_through_curl_over_the_shoulder_is_made_solid(data_dir):
    image = load_image(data_dir / "blonde_woman.jpg")   # a blonde curl at alpha 0.4-0.8 over the dark shoulder
    matte, kept = _before(image)
    after = solid_clumps(matte, image.rgb, kept)
    assert after is not matte
    x, y, w, h = kept[0].box
    curl = np.zeros(matte.alpha.shape, bool)   # below the face box's left half: the curl
    curl[int(y + 0.8 * h):int(y + 1.15 * h), int(x):int(x + 0.35 * w)] = True
    curl &= matte.alpha > 0.3
    seen = lambda m: int((np.abs(_on(m, RED) - _on(m, GREEN)).max(axis=-1)[curl] > 40).sum())
    assert seen(matte) > 1500                                # red and green show through it (1774 px)
    assert seen(after) < seen(matte) // 2                     # ... no longer (778 px: its lower edge is the wall)
    assert np.all(after.alpha >= matte.alpha)                 # only raised, never lowered
    near = np.zeros(matte.alpha.shape, bool)
    near[int(y + 0.6 * h):int(y + 1.3 * h), int(x - 0.2 * w):int(x + 0.5 * w)] = True
    assert not ((after.alpha > matte.alpha) & ~near).any()    # nothing else moves


def test_curls_strands_and_plain_photos_are_left_alone(data_dir):
    for name in ("curly_dark_skin_woman.jpg", "curly_young_man.jpg", "woman_white_wall.jpg", "man_suit.jpg"):
        image = load_image(data_dir / name)   # the wall between curls, fine strands, clean edges
        matte, kept = _before(image)
        assert solid_clumps(matte, image.rgb, kept) is matte, name


def test_things_held_far_below_the_faces_are_not_raised(data_dir):
    image = load_image(data_dir / "couple_expedition12.jpg")   # a Christmas tree and stockings at waist height
    matte, kept = _before(image)
    after = solid_clumps(matte, image.rgb, kept)
    lowest = max(min(f.left_eye[1], f.right_eye[1]) + 2.0 * f.box[2] for f in kept)
    assert np.array_equal(after.alpha[int(lowest) + 1:], matte.alpha[int(lowest) + 1:])
