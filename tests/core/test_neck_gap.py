"""The old wall between the neck and the hair opens; the neck, the face and photos without such a gap never change
(issue 37 round 5, docs/adr/0021)."""
from __future__ import annotations

import numpy as np
import pytest

from idphoto_gui.core.analysis.person_core import GUARD, core_mask, raised
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.matting.frames import clear_frames
from idphoto_gui.core.analysis.neck_gap import open_neck_gaps
from idphoto_gui.core.matting.strays import fade_strays
from idphoto_gui.core.render.compose import composite_full

GAP = (slice(205, 222), slice(456, 468))   # the lit wall between her neck and her curls (working-image px)


def _before(image):
    """The faces, the core kept and the matte as the pipeline has it just before the pass."""
    faces = face_outcome(image).faces
    keep = core_mask(image.rgb.shape, faces, grow=GUARD)
    raw = get_matter("rvm").matte(image.rgb, tuple(f.box for f in faces), keep=keep).alpha
    return faces, keep, fade_strays(clear_frames(raw, image.rgb, faces, keep), faces, keep)


def test_the_wall_between_neck_and_hair_opens(data_dir):
    image = load_image(data_dir / "curly_dark_skin_woman.jpg")
    faces, keep, before = _before(image)
    after = open_neck_gaps(before, image.rgb, faces, keep)
    assert before[GAP].mean() > 0.6 and before[GAP].min() > 0.5     # kept opaque by the network: 0.86
    assert after[GAP].mean() < 0.1 and (after[GAP] < 0.15).mean() > 0.9   # opened: 0.02 mean
    lowered = after < before
    assert not (lowered & keep).any()                               # the core and its guard: never
    assert (after <= before).all()                                  # the pass only opens
    ys, xs = np.nonzero(lowered)                                    # beside the neck only: below the jaw
    assert ys.min() > 185 and ys.max() < 250 and xs.min() > 440 and xs.max() < 510

    matte = matte_of(image)
    assert matte.alpha[GAP].mean() < 0.1
    core = raised(matte.alpha, faces)
    assert (matte.alpha[core] == 1.0).all()                         # face and neck untouched: opaque
    red = composite_full(matte, background=(255, 0, 0)).astype(int)
    blue = composite_full(matte, background=(0, 0, 255)).astype(int)
    assert np.abs(red - blue)[GAP].max(axis=-1).mean() > 200        # beside the neck: the new background
    assert np.abs(red - blue)[core].max() == 0                      # the neck and face: the photo's own


@pytest.mark.parametrize("name", ["astronaut.png", "blonde_woman.jpg", "child.png", "woman_white_wall.jpg",
                                  "curly_young_man.jpg", "woman_fur_hat_lowres.jpg"])
def test_no_gap_no_change(data_dir, name):
    """Hair on shoulders, a jacket the colour of the wall, fine blond hair: nothing is opened."""
    image = load_image(data_dir / name)
    faces, keep, before = _before(image)
    assert open_neck_gaps(before, image.rgb, faces, keep) is before
