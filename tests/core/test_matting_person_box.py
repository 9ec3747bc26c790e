"""RVM runs on the people's box at the whole frame's scale; a box side the person reaches is widened."""
from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from idphoto_gui.core.analysis import pipeline
from idphoto_gui.core.analysis.cache import LruCache
from idphoto_gui.core.faces.faces import detect_faces
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.matting import get_matter
from idphoto_gui.core.matting.region import RegionRule, person_region, touched_sides, widened
from idphoto_gui.core.matting.rvm import RvmMatter, on_grid

RULE = RegionRule()


def read_rgb(path) -> np.ndarray:
    """A test photo as RGB uint8."""
    return cv2.cvtColor(cv2.imread(str(path), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)


def with_room_beside(rgb: np.ndarray, share: float) -> np.ndarray:
    """The photo with `share` of its width of its own edge columns added left and right (a wider shot)."""
    pad = round(share * rgb.shape[1])
    return np.ascontiguousarray(np.pad(rgb, ((0, 0), (pad, pad), (0, 0)), mode="edge"))


@pytest.fixture
def network_inputs(monkeypatch) -> list[tuple[tuple[int, int], int | None]]:
    """(h, w) and the encoder's short side of every image the network is run on."""
    seen: list = []
    infer = RvmMatter.infer

    def spy(self, rgb, **kw):
        seen.append((rgb.shape[:2], kw.get("short")))
        return infer(self, rgb, **kw)

    monkeypatch.setattr(RvmMatter, "infer", spy)
    return seen


def test_region_is_the_faces_box_grown_down_to_the_bottom():
    assert person_region((400, 1000), (), RULE) is None                        # no face: the whole frame
    assert person_region((400, 1000), ((450, 150, 100, 100),), RULE) == (250, 0, 750, 400)
    assert person_region((1000, 1000), ((450, 500, 100, 100),), RULE) == (250, 350, 750, 1000)
    two = person_region((1000, 2000), ((400, 500, 100, 100), (1400, 450, 120, 120)), RULE)
    assert two == (200, 270, 1760, 1000)                                        # a couple: the union
    assert person_region((400, 450), ((175, 150, 100, 100),), RULE) is None     # saves < 15 %: whole frame


def test_a_side_the_matte_reaches_is_moved_to_the_photo_edge():
    alpha = np.zeros((100, 50), np.float32)
    region = (20, 10, 70, 110)
    assert touched_sides(alpha, region, (110, 100), RULE) == ()
    alpha[40:60, -1] = 0.8          # the person crosses the right side
    alpha[0, 10:12] = 0.9           # two pixels on the top: a speck, not the person
    assert touched_sides(alpha, region, (110, 100), RULE) == ("right",)
    assert widened(region, ("right",), (110, 100)) == (20, 10, 100, 110)
    assert touched_sides(alpha, (20, 10, 100, 110), (110, 100), RULE) == ()    # the photo's edge is no cut


def test_the_network_sees_the_box_at_the_whole_frames_scale(data_dir, network_inputs):
    rgb = with_room_beside(read_rgb(data_dir / "man_suit.jpg"), 0.5)
    faces = tuple(f.box for f in detect_faces(rgb))
    matter = get_matter("rvm")
    alpha, _, (x0, _, x1, _) = matter.person_run(rgb, faces, colours=False)
    whole, _ = dataclasses.replace(matter, person_box=False).infer_person(rgb, faces, colours=False)
    (box_shape, box_short), (whole_shape, whole_short) = network_inputs
    h, w = rgb.shape[:2]
    assert box_shape[0] == h + round(0.2 * h) and box_shape[1] < 0.8 * w     # hair at the top: padded box
    assert box_short == matter.whole_short(h, w) == min(whole_shape)          # the same encoder scale
    assert x0 <= person_region(rgb.shape, faces, matter.region)[0]            # moved left onto the grid
    assert float(alpha[:, :x0].max()) == 0.0 and float(alpha[:, x1:].max()) == 0.0
    assert float(whole[:, :x0].max()) < 0.05 and float(whole[:, x1:].max()) < 0.05   # only wall left out
    diff = np.abs(alpha - whole)
    assert float(diff.mean()) < 0.003, f"mean |alpha change| {diff.mean():.4f}"
    assert float((diff > 0.25).mean()) < 0.002


def test_a_box_that_cuts_the_person_is_widened(data_dir, network_inputs):
    rgb = with_room_beside(read_rgb(data_dir / "man_suit.jpg"), 0.5)
    x, y, bw, bh = detect_faces(rgb)[0].box
    narrow = ((x + 0.4 * bw, y, 0.2 * bw, bh),)       # a box 0.8 face widths wide: the shoulders cross it
    matter = get_matter("rvm")
    first = person_region(rgb.shape, narrow, matter.region)
    alpha, _, region = matter.person_run(rgb, narrow, colours=False)
    assert len(network_inputs) >= 2 and region != first
    whole, _ = dataclasses.replace(matter, person_box=False).infer_person(rgb, narrow, colours=False)
    assert np.abs(alpha - whole).mean() < 0.003
    shoulders = whole > 0.5
    assert float(alpha[shoulders].min()) > 0.3      # nothing of the person cut off at the first box's sides


def test_pipeline_matte_uses_the_faces_box_once_for_every_caller(data_dir, network_inputs, tmp_path):
    path = tmp_path / "wide.png"
    cv2.imwrite(str(path), cv2.cvtColor(with_room_beside(read_rgb(data_dir / "man_suit.jpg"), 0.5),
                                        cv2.COLOR_RGB2BGR))
    image, cache = load_image(path), LruCache(1 << 30)
    matte = pipeline.matte_of(image, cache=cache)          # the cut-out's way in: no face asked for
    analysis = pipeline.analyse(image, cache=cache)
    assert len(network_inputs) == 1                          # one network run serves both
    assert (analysis.whole_matte or analysis.matte).alpha is matte.alpha
    assert network_inputs[0][0][1] < 0.7 * image.rgb.shape[1]


def test_no_face_runs_the_whole_frame(network_inputs):
    rng = np.random.default_rng(3)
    rgb = cv2.GaussianBlur(rng.integers(0, 255, (300, 500, 3), dtype=np.uint8), (0, 0), 4)
    get_matter("rvm").matte(rgb, ())
    assert network_inputs[0][0][1] == 500


def test_box_corners_fall_on_the_whole_frames_grid():
    per_px = 448 / 780 / 16                     # grid cells a pixel: a 780 px short side, 16 px cells
    for pad in (0, 130):
        x0, y0, x1, y1 = on_grid((301, 77, 700, 650), per_px, pad, (650, 1024))
        assert x0 <= 301 and y0 <= 77 and (x1, y1) == (700, 650)
        for at in (x0, y0 + pad):               # within one pixel of a grid line of the (padded) frame
            cells = at * per_px
            assert abs(cells - round(cells)) < per_px
