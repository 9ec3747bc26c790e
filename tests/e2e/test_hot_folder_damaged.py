"""A damaged shot in the watched folder is not skipped in silence: after it settled and still does not decode,
the clerk reads which file and what to do (English and Chinese)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_damaged_shot_is_named_in_the_banner(qtbot, window, data_dir, tmp_path, lang):
    window.set_language(lang)
    folder = tmp_path / "tether"
    folder.mkdir()
    hot = window.hot_folder.watch(str(folder), poll_ms=100, settle_s=0.2, give_up_s=0.6)
    qtbot.waitUntil(lambda: hot.started, timeout=5000)
    data = (data_dir / "man_suit.jpg").read_bytes()
    (folder / "IMG_0042.jpg").write_bytes(data[: len(data) // 2])
    banner = window.ui.banner
    qtbot.waitUntil(lambda: banner.isVisible() and "IMG_0042.jpg" in banner.text.text(), timeout=10000)
    if lang == "en":
        assert banner.title.text() == "A photo in the watched folder cannot be read"
        assert "Save it again from the camera software" in banner.text.text()
    else:
        assert banner.title.text() == "监视文件夹中有一张照片无法读取"
        assert banner.text.text() == "IMG_0042.jpg 已损坏或不完整，已跳过。请在相机软件中重新保存，或重新拍摄。"
    assert window.ui.strip.count() == 0
    window.hot_folder.watch(None)
