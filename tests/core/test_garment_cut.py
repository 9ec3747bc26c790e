"""Making a garment from a roomy photo (issue 38): the clothing below the collar cut out, the neck's opening
found, the anchors sane, written beside nothing it would replace; a tight photo or no face refused in words."""
from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.body import dress, dress_body, garment_cut, garments
from idphoto_gui.core.body.garment import GarmentError
from idphoto_gui.core.geometry import placement
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.words import finding_text
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.render.retouch.look import Look
from idphoto_gui.core.render.retouch.regions import to_output
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.templates.specs import get_template
from tests.conftest import SHARED_PHOTOS

pytestmark = pytest.mark.skipif(not (SHARED_PHOTOS / "portraits").is_dir(), reason="shared photos not present")
ROOMY = [("man_suit", "men"), ("11_hivision_woman_blazer_grey_bg", "women")]


def _photo(data_dir, stem):
    path = data_dir / f"{stem}.jpg"
    return path if path.exists() else SHARED_PHOTOS / "portraits" / f"{stem}.jpg"


@pytest.fixture(scope="module")
def made(data_dir, tmp_path_factory):
    """Each roomy photo made into a garment in one studio folder."""
    folder = tmp_path_factory.mktemp("studio")
    out = {}
    for stem, kind in ROOMY:
        a = analyse(load_image(_photo(data_dir, stem)))
        cut = garment_cut.cut_garment(a.image.rgb, a.matte.alpha, a.face, kind)
        garment_cut.save(cut, folder, f"own-{kind}", kind=kind, source=stem)
        out[stem] = (a, cut)
    return folder, out


@pytest.mark.parametrize("stem", [s for s, _ in ROOMY])
def test_the_made_garment_has_sane_anchors_and_an_open_neck(made, stem):
    folder, out = made
    a, cut = out[stem]
    f = a.face
    face_w = f.box[2]
    h, w = cut.rgba.shape[:2]
    (lx, ly), (rx, ry) = cut.collar_inner
    cx, cy = cut.neck_centre
    assert lx < cx < rx and ly == ry and cy >= ly                       # the front between the inner points
    assert 0.3 * face_w < rx - lx < 1.2 * face_w                        # the opening about a neck wide
    assert 1.8 * face_w < cut.shoulder_width < min(3.6 * face_w, w + 1)  # shoulders wider than the neck
    assert (cut.rgba[int(ly) + 2, int(lx) + 3: int(rx) - 2, 3] < 128).mean() > 0.9   # the neck: transparent
    assert (cut.rgba[int(ly): int(cy) - 1, int(cx) - 1: int(cx) + 2, 3] < 128).mean() > 0.9   # down to the front
    assert (cut.rgba[int(cy) + 5:, int(cx) - 2: int(cx) + 3, 3] > 200).mean() > 0.9   # cloth down the front
    # the chin's row and everything above it: never in the garment (the head is the photo's own)
    assert (cut.rgba[:, :, 3] > 0).any(axis=1).argmax() <= garment_cut.MARGIN
    loaded = garments.find(f"own-{'men' if stem == 'man_suit' else 'women'}", folder)
    assert loaded.licence == "the studio's own" and loaded.pixels().shape == cut.rgba.shape


def test_dressing_a_tight_photo_in_a_made_garment_keeps_everything_above_the_chin(made, data_dir, tmp_path):
    folder, _ = made
    src = analyse(load_image(data_dir / "man_glasses.jpg"))
    f = src.face
    y = int(f.chin[1] + 0.15 * (f.chin[1] - f.forehead[1]))
    path = tmp_path / "tight.png"
    Image.fromarray(np.ascontiguousarray(src.image.rgb[:y])).save(path)
    tight = analyse(load_image(path))
    garments.use_studio_folder(folder)
    try:
        s = PhotoSession.for_template(tight, get_template("cn-1inch"))
        s.set_look(Look(garment="own-men"))
        s.zoom_by(1.0)   # the dressed crop (the template's ideal, ADR 0035) pinned: the plain render shares it
        dressed = s.render(Target())
        s.set_look(Look())
        plain = s.render(Target())
        assert plain.crop == dressed.crop
    finally:
        garments.use_studio_folder(None)
    face = s.face()
    pts = placement.map_points(dressed.matrix, np.array([face.chin, face.forehead]))
    body = dress.body_of(pts[0], pts[1], to_output(face.landmarks, dressed.matrix), 1.0)
    head = dress.head_mask(body, plain.rgb.shape[:2]) > 0
    np.testing.assert_array_equal(dressed.rgb[head], plain.rgb[head])
    top = int(body.chin[1] - dress_body.SHOULDER_RISE * body.face_h)
    np.testing.assert_array_equal(dressed.rgb[:top], plain.rgb[:top])
    below = slice(int(body.chin[1] + 0.5 * body.face_h), None)
    assert np.abs(dressed.rgb[below].astype(int) - plain.rgb[below]).mean() > 10   # the garment is on
    assert any(x.code == "garment" and "own-men" in finding_text(x, "en") for x in dressed.findings)
    Image.fromarray(dressed.rgb).save(tmp_path / "dressed.png")


def test_a_tight_photo_is_refused_with_the_room_it_needs(data_dir, tmp_path):
    src = analyse(load_image(data_dir / "man_suit.jpg"))
    f = src.face
    y = int(f.chin[1] + 0.5 * (f.chin[1] - f.forehead[1]))
    with pytest.raises(garment_cut.CutRefused, match=r"ends 0\.\d\d face heights below the chin; a garment needs "
                                                     r"1\.4 \(\d+ px more here\)"):
        garment_cut.cut_garment(src.image.rgb[:y], src.matte.alpha[:y], f)


def test_no_face_is_refused_in_words():
    with pytest.raises(garment_cut.CutRefused, match="No face was found"):
        garment_cut.cut_garment(np.zeros((40, 40, 3), np.uint8), np.zeros((40, 40), np.float32), None)


def test_saving_never_replaces_a_file_and_names_are_checked(made):
    folder, out = made
    png = folder / "own-men.png"
    before = png.read_bytes()
    cut = next(iter(out.values()))[1]
    with pytest.raises(GarmentError, match="already there"):
        garment_cut.save(cut, folder, "own-men")
    assert png.read_bytes() == before
    assert garment_cut.free_name(folder, "own-men") == "own-men-2"
    with pytest.raises(GarmentError, match="cannot name a garment"):
        garment_cut.save(cut, folder, "../escape")
    meta = json.loads((folder / "own-men.json").read_text(encoding="utf-8"))
    assert meta["kind"] == "men" and meta["source"] == "man_suit"
    assert not list(folder.glob("*.part*")) and not list(folder.glob(".*"))


def test_a_small_photo_is_refused_and_skin_coloured_cloth_is_made_with_a_warning():
    small = analyse(load_image(SHARED_PHOTOS / "portraits" / "13_u2net_woman_fur_hat_lowres.jpg"))
    with pytest.raises(garment_cut.CutRefused, match=r"only \d+ px wide in this photo; a garment needs at least 300"):
        garment_cut.cut_garment(small.image.rgb, small.matte.alpha, small.face)
    bare = analyse(load_image(SHARED_PHOTOS / "portraits" / "08_u2net_south_asian_woman_halfbody.jpg"))
    cut = garment_cut.cut_garment(bare.image.rgb, bare.matte.alpha, bare.face, "women")   # bare arms crossed
    assert cut.bare > garment_cut.BARE_MAX and "coloured like skin" in cut.warning
    suit = analyse(load_image(SHARED_PHOTOS / "portraits" / "09_hivision_man_suit.jpg"))
    assert garment_cut.cut_garment(suit.image.rgb, suit.matte.alpha, suit.face).warning == ""


def test_a_garment_gone_from_the_folder_renders_undressed_and_says_so(made, data_dir):
    folder, _ = made
    src = analyse(load_image(data_dir / "man_suit.jpg"))
    garments.use_studio_folder(folder)
    try:
        s = PhotoSession.for_template(src, get_template("cn-1inch"))
        plain = s.render(Target())
        s.set_look(Look(garment="own-men"))
        assert any(f.code == "garment" and f.reason == "own-men" for f in s.render(Target()).findings)
        garments.use_studio_folder(None)                    # Settings -> Garments cleared
        gone = s.render(Target())
    finally:
        garments.use_studio_folder(None)
    np.testing.assert_array_equal(gone.rgb, plain.rgb)
    f = next(f for f in gone.findings if f.code == "garment")
    assert f.reason == "missing" and "not in the garment folder" in finding_text(f, "en")
