"""The desktop front ends' engine lives in core (test_architecture runs this file without Qt): folders,
templates, save names, a real analysis."""
from __future__ import annotations

import shutil

from idphoto_gui.core.desktop.engine import Engine, collect_images, default_name


def test_collect_images_takes_a_folders_photos_once(tmp_path, data_dir):
    folder = tmp_path / "day"
    folder.mkdir()
    for name in ("b.jpg", "a.png"):
        shutil.copy(data_dir / ("blonde_woman.jpg" if name.endswith("jpg") else "child.png"), folder / name)
    (folder / "notes.txt").write_text("not a photo")
    (folder / "nested").mkdir()
    loose = str(data_dir / "blonde_woman.jpg")
    found = collect_images([str(folder), loose, loose])
    assert found == [str(folder / "a.png"), str(folder / "b.jpg"), loose]


def test_templates_load_once_and_an_unknown_id_falls_back():
    engine = Engine()
    assert engine.templates() is engine.templates()
    assert engine.template("cn-1inch").id == "cn-1inch"
    assert engine.template("no-such-template").id == next(iter(engine.templates()))
    assert default_name("/photos/ann.heic", "cn-1inch", ".jpg") == "ann_cn-1inch.jpg"
    assert default_name(None, "us-passport", ".png") == "photo_us-passport.png"


def test_a_real_photo_loads_and_analyses(data_dir):
    engine = Engine()
    image = engine.load(str(data_dir / "blonde_woman.jpg"))
    analysis = engine.analyse(image, model_id=engine.models()[0])
    assert analysis.face_error is None and analysis.face is not None
