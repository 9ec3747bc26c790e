"""Saving onto the photo that was opened: refused, the original untouched, and the banner says why and what to
do in English and in Chinese (the old hint, "check the folder is writable", was wrong here)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from window_helpers import wait_ready


def _save(qtbot, window, path: Path) -> tuple[str, str]:
    window.ui.banner.dismiss()
    assert window.exporter.save_photo(str(path), fmt="jpeg", dpi=300, max_kb=None)
    qtbot.waitUntil(lambda: window.ui.banner.isVisible(), timeout=20000)
    return window.ui.banner.title.text(), window.ui.banner.text.text()


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_saving_over_the_original_is_refused_with_what_to_do(qtbot, window, tmp_path, data_dir, lang):
    src = tmp_path / "张三 证件照.jpg"
    shutil.copy(data_dir / "man_suit.jpg", src)
    before = src.read_bytes()
    window.set_language(lang)
    key = window.open_paths([str(src)])[0]
    wait_ready(qtbot, window, key)
    title, text = _save(qtbot, window, src)
    assert src.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    if lang == "en":
        assert title == "Not saved: that is the original photo"
        assert text.startswith("The original photo is never overwritten: choose another file name.")
        assert "writable" not in text
    else:
        assert title == "未保存：这是原始照片" and text.startswith("原始照片永远不会被覆盖：请换一个文件名。")
        assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", text.replace(str(src), "")), text   # no English sentence
    title, _ = _save(qtbot, window, tmp_path / "out.jpg")
    assert (tmp_path / "out.jpg").exists() and title in ("Saved", "已保存")


def test_the_composer_refuses_to_save_over_its_photo_in_chinese_words(qtbot, window, tmp_path, data_dir):
    src = tmp_path / "王芳.jpg"
    shutil.copy(data_dir / "man_suit.jpg", src)
    before = src.read_bytes()
    key = window.open_paths([str(src)])[0]
    wait_ready(qtbot, window, key)
    window.set_language("zh_CN")
    composer = window.open_composer()
    composer.entries.clear()
    composer.add_photo(key, template_id="cn-1inch", copies=4)
    with qtbot.waitSignal(composer.rendered, timeout=60000):
        composer.request()
    with qtbot.waitSignal(composer.saved, timeout=60000) as saved:
        composer.save_to(str(src.with_suffix(".jpg")))
    assert saved.args == [""] and src.read_bytes() == before
    text = composer.status.text()
    assert text.startswith("未保存：这是原始照片\n原始照片永远不会被覆盖：请换一个文件名。"), text
    assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", text.replace(str(src), "")), text
