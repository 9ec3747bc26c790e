"""The old wall framed by fine strands at the crown opens; the core and photos without such a blob never change
(issue 37 round 6, docs/adr/0021)."""
from __future__ import annotations

import numpy as np
import pytest

from idphoto_gui.core.analysis.person_core import GUARD, core_mask, raised
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.analysis.crown_gap import open_crown_gaps
from idphoto_gui.core.matting.frames import clear_frames
from idphoto_gui.core.analysis.neck_gap import open_neck_gaps
from idphoto_gui.core.matting.strays import fade_strays
from idphoto_gui.core.render.compose import composite_full
from tests.conftest import SHARED_PHOTOS

SKY = SHARED_PHOTOS / "expressions" / "interfaces_042.jpg"   # a white-blue blob of sky under a loop of hair
BLOB = ((slice(64, 72), slice(585, 600)), (slice(92, 100), slice(628, 640)))   # inside it (working-image px)


def _before(image):
    """The faces, the core kept and the matte as the pipeline has it just before the pass."""
    faces = face_outcome(image).faces
    keep = core_mask(image.rgb.shape, faces, grow=GUARD)
    raw = get_matter("rvm").matte(image.rgb, tuple(f.box for f in faces), keep=keep).alpha
    alpha = fade_strays(clear_frames(raw, image.rgb, faces, keep), faces, keep)
    return faces, keep, open_neck_gaps(alpha, image.rgb, faces, keep)


@pytest.mark.skipif(not SKY.exists(), reason="needs ../shared/photos")
def test_the_sky_at_the_crown_opens():
    image = load_image(SKY)
    faces, keep, before = _before(image)
    after = open_crown_gaps(before, image.rgb, faces, keep)
    for gap in BLOB:
        assert before[gap].mean() > 0.7                           # kept nearly opaque by the network
        assert after[gap].mean() < 0.05 and (after[gap] < 0.1).mean() > 0.9   # opened
    lowered = after < before
    assert not (lowered & keep).any()                             # the core and its guard: never
    assert (after <= before).all()                                # the pass only opens
    ys, xs = np.nonzero(lowered)                                  # at the crown only: above the face box
    assert ys.max() < faces[0].box[1] and 520 < xs.min() and xs.max() < 690

    matte = matte_of(image)
    core = raised(matte.alpha, faces)
    assert (matte.alpha[core] == 1.0).all()
    red = composite_full(matte, background=(255, 0, 0)).astype(int)
    blue = composite_full(matte, background=(0, 0, 255)).astype(int)
    for gap in BLOB:
        assert np.abs(red - blue)[gap].max(axis=-1).mean() > 200  # the new background there
    assert np.abs(red - blue)[core].max() == 0


@pytest.mark.parametrize("name", ["astronaut.png", "blonde_woman.jpg", "woman_white_wall.jpg", "curly_young_man.jpg",
                                  "woman_fur_hat_lowres.jpg", "curly_dark_skin_woman.jpg",
                                  "expressions/interfaces_028.jpg", "expressions/interfaces_046.jpg",
                                  "faces_open/nasaportrait_terry_virts_0.jpg"])
def test_no_blob_no_change(data_dir, name):
    """Blond, grey, dark and curly hair on walls of their colour, a fur hat, a hijab: nothing is opened."""
    image = load_image(data_dir / name)
    faces, keep, before = _before(image)
    assert open_crown_gaps(before, image.rgb, faces, keep) is before
