"""pipeline: real photos give a face and a matte; a second call runs no model; face problems are data."""
from __future__ import annotations

import threading

import cv2
import numpy as np
import pytest

from idphoto_gui.core.analysis import pipeline
from idphoto_gui.core.analysis.cache import LruCache
from idphoto_gui.core.errors import ModelError, MultipleFacesError, NoFaceError, NotFrontalError
from idphoto_gui.core.imaging.imageio import from_array, load_image


@pytest.fixture()
def cache() -> LruCache:
    """A private cache so tests do not see each other's results."""
    pipeline.reset_stats()
    return LruCache(256 * 1024 * 1024)


def _alpha_at(alpha: np.ndarray, point) -> float:
    x, y = int(point[0]), int(point[1])
    return float(alpha[y - 2:y + 3, x - 2:x + 3].mean())


def test_real_photo_has_face_and_matte(data_dir, cache):
    img = load_image(data_dir / "woman_white_wall.jpg")
    result = pipeline.analyse(img, cache=cache)
    assert result.ok and result.face_error is None and result.face == result.faces[0]
    alpha = result.matte.alpha
    assert alpha.shape == img.rgb.shape[:2] and alpha.dtype == np.float32
    assert result.matte.foreground.shape == img.rgb.shape
    assert _alpha_at(alpha, result.face.eye_mid) > 0.95
    h, w = alpha.shape
    for y, x in ((5, 5), (5, w - 6)):
        assert _alpha_at(alpha, (x, y)) < 0.05
    assert result.require_face() is result.face


def test_second_call_runs_no_model(data_dir, cache):
    img = load_image(data_dir / "man_suit.jpg")
    first = pipeline.analyse(img, cache=cache)
    after_first = pipeline.stats()
    assert (after_first.face_runs, after_first.matte_runs) == (1, 1)
    again = pipeline.analyse(load_image(data_dir / "man_suit.jpg"), cache=cache)
    after = pipeline.stats()
    assert (after.face_runs, after.matte_runs) == (1, 1)
    assert after.cache_hits == after_first.cache_hits + 2
    assert again.matte is first.matte and again.faces == first.faces


def test_other_model_reuses_faces(data_dir, cache):
    img = load_image(data_dir / "man_suit.jpg", max_side=400)
    rvm = pipeline.analyse(img, cache=cache)
    u2 = pipeline.analyse(img, model_id="u2netp", cache=cache)
    s = pipeline.stats()
    assert (s.face_runs, s.matte_runs) == (1, 2)
    assert u2.model_id == "u2netp" and u2.matte.model_id == "u2netp" and rvm.matte is not u2.matte


def test_profile_face_reported_then_raised_on_request(data_dir, cache):
    img = load_image(data_dir / "profile_woman_sea.jpg")
    result = pipeline.analyse(img, cache=cache)
    assert isinstance(result.face_error, NotFrontalError) and not result.ok
    assert result.face is not None and result.matte.alpha.max() > 0.9
    with pytest.raises(NotFrontalError):
        pipeline.analyse(img, cache=cache, require_face=True)
    with pytest.raises(NotFrontalError):
        result.require_face()
    s = pipeline.stats()
    assert (s.face_runs, s.matte_runs) == (1, 1)  # the strict call ran no model either


def test_no_face_still_mattes(cache):
    y, x = np.mgrid[0:240, 0:320]
    scene = np.dstack([x % 256, y % 256, (x // 2) % 256]).astype(np.uint8)
    result = pipeline.analyse(from_array(scene), cache=cache)
    assert result.face is None and result.faces == ()
    assert isinstance(result.face_error, NoFaceError)
    assert result.matte.alpha.shape == (240, 320)
    with pytest.raises(NoFaceError):
        pipeline.analyse(from_array(scene), cache=cache, require_face=True)


def test_two_people_choose_by_index(data_dir, cache):
    a = cv2.imread(str(data_dir / "man_suit.jpg"))[:, :, ::-1]
    b = cv2.imread(str(data_dir / "woman_grey_bg.jpg"))[:, :, ::-1]
    h = 500
    pair = np.hstack([cv2.resize(im, (round(im.shape[1] * h / im.shape[0]), h)) for im in (a, b)])
    img = from_array(np.ascontiguousarray(pair))
    result = pipeline.analyse(img, cache=cache)
    assert isinstance(result.face_error, MultipleFacesError)
    assert len(result.faces) == 2 and result.face == result.faces[0]
    assert len(result.face_error.faces) == 2
    picked = pipeline.analyse(img, face_index=1, cache=cache)
    assert picked.face is result.faces[1] and picked.face_error is None and picked.ok
    with pytest.raises(ValueError):
        pipeline.analyse(img, face_index=2, cache=cache)
    s = pipeline.stats()
    assert (s.face_runs, s.matte_runs) == (1, 1)


def test_concurrent_calls_run_the_model_once(data_dir, cache):
    img = load_image(data_dir / "curly_young_man.jpg", max_side=500)
    results = []
    threads = [threading.Thread(target=lambda: results.append(pipeline.analyse(img, cache=cache)))
               for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and all(r.matte is results[0].matte for r in results)
    s = pipeline.stats()
    assert (s.face_runs, s.matte_runs) == (1, 1)


def test_default_cache_used_when_none_given(data_dir):
    pipeline.reset_stats()
    img = load_image(data_dir / "man_glasses.jpg", max_side=300)
    pipeline.analyse(img)
    pipeline.analyse(img)
    assert pipeline.stats().matte_runs <= 1


def test_warm_up_and_unknown_model(cache):
    pipeline.warm_up("u2netp")
    assert pipeline.stats().warm_ups == 1
    with pytest.raises(ModelError):
        pipeline.analyse(from_array(np.zeros((32, 32, 3), np.uint8)), model_id="nope", cache=cache)
