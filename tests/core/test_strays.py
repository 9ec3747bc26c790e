"""Faint veils floating off the person fade; solid hair and the person's core never change (issue 37 round 4,
docs/adr/0021)."""
from __future__ import annotations

import numpy as np
import pytest

from idphoto_gui.core.analysis.person_core import GUARD, core_mask
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.matting.frames import clear_frames
from idphoto_gui.core.matting.strays import fade_strays

from tests.conftest import SHARED_PHOTOS

CURLY = SHARED_PHOTOS / "portraits" / "05_u2net_curly_dark_skin_woman.jpg"
BLOB = (slice(226, 278), slice(683, 713))   # the purple blob beside the hair's top left, working-image px


def _before(image):
    """The faces, the core kept and the matte as the pipeline has it just before the pass."""
    faces = face_outcome(image).faces
    keep = core_mask(image.rgb.shape, faces, grow=GUARD)
    raw = get_matter("rvm").matte(image.rgb, tuple(f.box for f in faces), keep=keep).alpha
    return faces, keep, clear_frames(raw, image.rgb, faces, keep)


@pytest.mark.skipif(not CURLY.is_file(), reason="shared photos not present")
def test_the_purple_blob_beside_the_curls_fades():
    image = load_image(CURLY)
    faces, keep, before = _before(image)
    after = fade_strays(before, faces, keep)
    assert before[BLOB].sum() > 100 and before[BLOB].max() < 0.35    # a faint veil, ~1 100 px (166 alpha-px)
    assert matte_of(image).alpha[BLOB].sum() < 0.5 * before[BLOB].sum()
    lowered = after < before
    assert not (lowered & (before >= 0.5)).any()     # solid hair and body: never lowered
    assert not (lowered & keep).any()                # the core: never
    assert (after <= before).all()                   # the pass only fades


@pytest.mark.parametrize("name", ["woman_fur_hat_lowres.jpg", "blonde_woman.jpg", "child.png"])
def test_soft_hair_at_the_edge_stays(data_dir, name):
    """Light, fine and blurred hair: what the pass takes is a sliver of the soft band, nowhere solid."""
    image = load_image(data_dir / name)
    faces, keep, before = _before(image)
    after = fade_strays(before, faces, keep)
    band = (before > 0.05) & (before < 0.95)
    assert (before - after)[band].sum() < 0.05 * before[band].sum()
    assert not ((after < before) & (before >= 0.5)).any()
