"""A damaged or unopenable order book: the window says so in the chosen language (the core's reason is English
and goes to the log), keeps the damaged file, and carries on."""
from __future__ import annotations

import os
import re

import pytest

from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow
from idphoto_gui.qt.common.settings import AppSettings
from idphoto_gui.qt.common.settings_file import PlainSettings


def _banner_after_opening(qtbot, folder, lang: str) -> tuple[str, str]:
    translations.apply(lang)
    window = MainWindow(AppSettings(PlainSettings(folder / "idphoto.conf")))
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.ui.banner.isVisible(), timeout=20000)
        return window.ui.banner.title.text(), window.ui.banner.text.text()
    finally:
        window.controller.workers.shutdown()
        window.close()
        translations.apply("en")


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_damaged_order_book_is_kept_and_said_in_the_window_language(qtbot, qapp, tmp_path, lang):
    damaged = os.urandom(8192)
    (tmp_path / "orders.db").write_bytes(damaged)
    title, text = _banner_after_opening(qtbot, tmp_path, lang)
    kept = list(tmp_path.glob("orders.db.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged and str(kept[0]) in text
    if lang == "en":
        assert title == "Order book" and text.startswith("The order book could not be read. It was kept as")
    else:
        assert title == "订单簿" and text.startswith("无法读取订单簿。原文件已另存为")
        assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", text.replace(str(kept[0]), "")), text


def test_an_order_book_that_cannot_be_opened_is_said_in_chinese(qtbot, qapp, tmp_path):
    (tmp_path / "orders.db").mkdir()        # a folder where the file should be: sqlite cannot open it
    title, text = _banner_after_opening(qtbot, tmp_path, "zh_CN")
    assert title == "订单簿" and text.startswith("无法打开订单簿") and "设置文件夹可写入" in text
    assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", text.replace(str(tmp_path / "orders.db"), "")), text
