"""The light wall's colour leaves the hair's rim and soft ramp; alpha and the core never change (issue 37 round 9,
docs/adr/0028)."""
from __future__ import annotations

import numpy as np

from idphoto_gui.core.analysis.person_core import GUARD, core_mask
from idphoto_gui.core.analysis.pipeline import face_outcome, matte_of
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.matting.pale_edge import deglow_edge

LUMA = np.array([0.299, 0.587, 0.114])


def _stepped(image):
    """The network's matte of `image` before and after the step, with its faces and core."""
    rgb = image.rgb
    faces = face_outcome(image).faces
    keep = core_mask(rgb.shape, faces, grow=GUARD)
    matte = get_matter("rvm").matte(rgb, tuple(f.box for f in faces), keep=keep)
    return faces, keep, matte, deglow_edge(matte.alpha, matte.foreground, rgb, faces, keep)


def test_the_white_walls_glow_leaves_the_hairs_edge(data_dir):
    image = load_image(data_dir / "woman_white_wall.jpg")
    faces, keep, matte, after = _stepped(image)
    moved = np.abs(after.astype(int) - matte.foreground).sum(axis=2) > 3
    x, y, w, h = faces[0].box
    right = np.zeros_like(moved)
    right[int(y):int(y + h), int(x + 0.8 * w):int(x + 1.3 * w)] = True   # the hair's right edge on the white wall
    edge = moved & right & (matte.alpha > 0.05)
    assert edge.sum() > 300
    lum_before = (matte.foreground[edge] @ LUMA).mean()
    lum_after = (after[edge] @ LUMA).mean()
    assert lum_after < lum_before - 5                 # towards the darker hair, away from the white wall
    assert not (moved & keep).any()                   # the core: never
    assert not (moved & (matte.alpha <= 0.05)).any()  # only the ramp and the rim
    finished = matte_of(image)
    assert finished.alpha.shape == matte.alpha.shape
    pale = finished.foreground[edge] @ LUMA
    assert pale.mean() < lum_before - 5               # the pipeline keeps it
    assert deglow_edge(matte.alpha, matte.foreground, image.rgb, ()) is matte.foreground   # no face: nothing moves


def test_alpha_is_the_same_with_and_without_the_step(data_dir, monkeypatch):
    from idphoto_gui.core.analysis import pipeline
    image = load_image(data_dir / "woman_white_wall.jpg")
    faces = face_outcome(image).faces
    with_step = pipeline._run_matte(image.rgb, "rvm", faces)
    monkeypatch.setattr(pipeline, "deglow_edge", lambda alpha, fg, *a, **k: fg)
    without = pipeline._run_matte(image.rgb, "rvm", faces)
    assert np.array_equal(with_step.alpha, without.alpha)   # as soft as the network made it: no ramp steepened
    assert not np.array_equal(with_step.foreground, without.foreground)


def test_an_ear_the_network_half_kept_keeps_its_colours(data_dir):
    faces, _, matte, after = _stepped(load_image(data_dir / "man_suit.jpg"))   # its right ear half kept, a light wall
    moved = np.abs(after.astype(int) - matte.foreground).sum(axis=2) > 6
    x, y, w, h = faces[0].box
    ear = np.zeros_like(moved)
    ear[int(y + 0.25 * h):int(y + 0.45 * h), int(x + 0.97 * w):int(x + 1.15 * w)] = True
    soft = ear & (matte.alpha > 0.05) & (matte.alpha < 0.95)
    assert soft.sum() > 50                       # the ear is half kept here
    assert (moved & ear).sum() <= 5              # ear skin is no hair: its colours stay (no grey patch on blue; was 122)
    crown = np.zeros_like(moved)
    crown[:int(y), :] = True
    assert (moved & crown).sum() > 500           # the hair's edge over the crown still loses the wall's glow
