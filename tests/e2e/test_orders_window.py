"""The window's order book: a saved sheet and a composed sheet become orders (written off the GUI thread),
the Orders view finds and reopens them (or says the photo is gone), the composer's draft survives a restart,
quitting with an unprinted sheet asks. The reprint of a window order equals the sheet the window saved."""
from __future__ import annotations

import shutil
import threading

import numpy as np
from PIL import Image

from idphoto_gui.core.orders import OrderBook
from idphoto_gui.core.orders.order import PRINTED, SAVED
from idphoto_gui.core.orders.reprint import reprint
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.window.main_window import MainWindow
from idphoto_gui.qt.window.order_hooks import OrderHooks, orders_path

from window_helpers import ANALYSIS_TIMEOUT_MS, shot, wait_ready


def _open(qtbot, window, path):
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(path)])
    qtbot.waitUntil(lambda: window.controller.result is not None, timeout=20000)
    wait_ready(qtbot, window)


def _writes_off_the_gui_thread(monkeypatch):
    threads = []
    real = OrderBook.add

    def add(self, order, **kw):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(self, order, **kw)

    monkeypatch.setattr(OrderBook, "add", add)
    return threads


def test_saved_and_composed_sheets_become_orders_that_reopen(qtbot, window, data_dir, tmp_path, artifacts_dir,
                                                             monkeypatch):
    on_gui = _writes_off_the_gui_thread(monkeypatch)
    photo = tmp_path / "zhang.jpg"
    shutil.copy(data_dir / "man_suit.jpg", photo)
    _open(qtbot, window, photo)
    c = window.controller
    c.set_background(Background.parse("#438EDB"))
    c.move_by(5.0, -3.0)
    c.end_gesture()
    window.exporter.sheet_options = ("4r", 4)
    sheet_png = tmp_path / "sheet.png"
    with qtbot.waitSignal(window.orders.desk.recorded, timeout=60000) as got:
        window.exporter.save_sheet(str(sheet_png))
    one = got.args[0]
    assert one.status == SAVED and one.paper == "4r" and one.items[0].copies == 4
    assert one.items[0].source_path == str(photo) and len(one.items[0].digest) == 64
    assert one.items[0].background == "#438EDB" and one.items[0].crop is not None

    # the window's order reprints to the very pixels the window saved
    again = reprint(OrderBook(orders_path(window.settings)).get(one.id)).sheet.rgb
    assert np.array_equal(np.asarray(Image.open(sheet_png).convert("RGB")), again)

    composer = window.open_composer()
    composer.name.setText("张三")
    composer.order.setText("13800138000")
    with qtbot.waitSignal(composer.rendered, timeout=60000):
        composer.request()
    with qtbot.waitSignal(window.orders.desk.recorded, timeout=60000) as got:
        composer.save_to(str(tmp_path / "mixed.pdf"))
    two = got.args[0]
    assert two.name == "张三" and two.number == "13800138000" and "张三" in two.caption
    assert two.id == one.id + 1                    # the draft became this order: no gap in the numbers
    assert on_gui and not any(on_gui)              # every write ran in a worker
    composer.close()

    dialog = window.orders.open_orders()
    qtbot.waitUntil(lambda: len(dialog.orders) == 2, timeout=10000)
    dialog.search.setText("138001")
    qtbot.waitUntil(lambda: [o.id for o in dialog.orders] == [two.id], timeout=10000)
    dialog.search.setText("")
    qtbot.waitUntil(lambda: len(dialog.orders) == 2, timeout=10000)
    shot(dialog, artifacts_dir, "orders_view_en")
    translations.apply("zh_CN")
    window.retranslate()
    qtbot.wait(50)
    assert dialog.windowTitle() == "订单" and dialog.reopen_button.text() == "重新打开"
    shot(dialog, artifacts_dir, "orders_view_zh")
    translations.apply("en")
    window.retranslate()

    before = len(c.photos.items)
    dialog.table.selectRow(dialog.orders.index(next(o for o in dialog.orders if o.id == one.id)))
    with qtbot.waitSignal(dialog.reopened, timeout=20000) as done:
        dialog.reopen_selected()
    (key,), problems = done.args
    assert problems == [] and len(c.photos.items) == before + 1
    wait_ready(qtbot, window, key)
    doc = c.photos.by_key(key)
    assert doc.edit.background.hex == "#438EDB" and doc.edit.crop is not None
    assert (doc.edit.crop.cx, doc.edit.crop.cy) == one.items[0].crop[:2]

    photo.rename(tmp_path / "moved.jpg")
    with qtbot.waitSignal(dialog.reopened, timeout=20000) as done:
        dialog.reopen_selected()
    assert done.args[0] == [] and done.args[1][0][0] == "gone"
    assert "gone" in dialog.status.text() and str(photo) in dialog.status.text()


def test_draft_survives_a_restart_and_quitting_asks(qtbot, qapp, app_settings, data_dir, tmp_path, monkeypatch):
    photo = tmp_path / "li.jpg"
    shutil.copy(data_dir / "man_suit.jpg", photo)
    w = MainWindow(app_settings)
    qtbot.addWidget(w)
    _open(qtbot, w, photo)
    composer = w.open_composer()
    composer.name.setText("Li Si")
    composer.entries[0].copies = 3
    with qtbot.waitSignal(composer.rendered, timeout=60000):
        composer.request()
    assert w.orders.unprinted
    asked = []
    monkeypatch.setattr(OrderHooks, "ask_quit", lambda self: asked.append(1) or False)
    w.show()
    w.close()
    assert asked == [1] and w.isVisible()           # "stay" keeps the window open
    qtbot.waitUntil(lambda: (OrderBook(orders_path(app_settings)).draft() or None) is not None
                    and OrderBook(orders_path(app_settings)).draft().items[0].copies == 3, timeout=30000)
    monkeypatch.setattr(OrderHooks, "ask_quit", lambda self: True)
    w.close()
    w.controller.workers.shutdown()

    again = MainWindow(app_settings)                  # the next day: the composer comes back
    qtbot.addWidget(again)
    again.orders.restore_draft()
    qtbot.waitUntil(lambda: again.exports.composer is not None and len(again.exports.composer.entries) == 1,
                    timeout=ANALYSIS_TIMEOUT_MS)
    restored = again.exports.composer
    assert restored.name.text() == "Li Si" and restored.entries[0].copies == 3
    assert again.controller.photos.items[0].path == str(photo)
    with qtbot.waitSignal(again.orders.desk.recorded, timeout=60000) as got:
        restored.printed.emit(True)                    # what a sent print reports
    assert got.args[0].status == PRINTED and got.args[0].name == "Li Si"
    assert not again.orders.unprinted
    qtbot.waitUntil(lambda: OrderBook(orders_path(app_settings)).draft() is None, timeout=10000)
    again.controller.workers.shutdown()


def test_settings_never_store_photos_and_keep_days(qtbot, window, tmp_path):
    from idphoto_gui.core.orders import Order, OrderItem
    from idphoto_gui.qt.widgets.settings_dialog import SettingsDialog

    dialog = SettingsDialog(window.settings, window.engine.models(), window)
    dialog.ordersChanged.connect(window.orders.apply_retention)
    dialog.keep_days.setValue(30)
    dialog.store_photos.setChecked(False)
    dialog.accept()
    assert (window.settings.order_keep_days, window.settings.order_store_photos) == (30, False)
    qtbot.waitUntil(lambda: window.orders.desk.book is not None
                    and window.orders.desk.book.retention.keep_days == 30, timeout=10000)
    photo = tmp_path / "p.jpg"
    photo.write_bytes(b"x")
    old = Order(items=(OrderItem("cn-1inch", "#FFFFFF", source_path=str(photo)),), name="old",
                created="2020-01-01T09:00:00")
    with qtbot.waitSignal(window.orders.desk.recorded, timeout=10000) as got:
        window.orders.desk.record(old)
    assert got.args[0].items[0].source_path is None and got.args[0].items[0].digest is None
    window.orders.apply_retention()                   # prunes what is older than 30 days
    qtbot.waitUntil(lambda: OrderBook(orders_path(window.settings)).search("old") == [], timeout=10000)


def test_add_all_skips_photos_already_there(qtbot, window, data_dir):
    for name in ("man_suit.jpg", "man_glasses.jpg"):
        with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
            window.open_paths([str(data_dir / name)])
    composer = window.open_composer()          # opens with the current photo in it
    assert len(composer.entries) == 1
    composer.add_all.click()
    composer.add_all.click()
    assert sorted(e.key for e in composer.entries) == sorted(d.key for d in window.controller.photos.items)


def test_composer_sizes_grouped_searchable_names_elided(qtbot, window, data_dir, tmp_path):
    from PySide6.QtCore import Qt

    long_name = tmp_path / ("customer_with_a_very_long_file_name_from_the_camera_" * 2 + "0042.jpg")
    shutil.copy(data_dir / "man_suit.jpg", long_name)
    with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(long_name)])
    composer = window.open_composer()
    name = composer.table.cellWidget(0, 0)
    assert name.toolTip() == long_name.name and name._mode == Qt.TextElideMode.ElideMiddle
    combo = composer.table.cellWidget(0, 1)
    model = combo.model()
    assert combo.itemText(0) == "China" and not model.item(0).isEnabled()          # China's group first
    templates = window.engine.templates()
    country = None
    for i in range(combo.count()):
        if combo.itemData(i) is None:
            country = combo.itemText(i)
        else:
            assert templates[combo.itemData(i)].country in {"CN"} or country != "China", combo.itemText(i)
    completer = combo.completer()
    completer.setCompletionPrefix("schengen")
    assert completer.completionCount() >= 1 and "Schengen" in completer.currentCompletion()
    combo.setCurrentIndex(0)                                  # a header is never a size
    assert composer.entries[0].template_id == combo.itemData(combo.findData(composer.entries[0].template_id))


def test_composer_gate_says_whose_photo_failed(qtbot, window, data_dir, monkeypatch):
    from idphoto_gui.core.render.compliance import Finding
    from idphoto_gui.core.sheets.mixed import ComposedSheet
    from idphoto_gui.qt.widgets import fail_gate

    for name in ("man_suit.jpg", "man_glasses.jpg"):
        with qtbot.waitSignal(window.controller.analysed, timeout=ANALYSIS_TIMEOUT_MS):
            window.open_paths([str(data_dir / name)])
    composer = window.open_composer()
    composer.add_all.click()
    qtbot.waitUntil(lambda: composer.composed is not None and len(composer._labels) == 2, timeout=60000)
    fail = Finding("head_height", "fail", 28.0, (32.0, 36.0), "mm")
    second = composer.c.photos.by_key(composer.entries[1].key).name
    composer.composed = ComposedSheet(composer.composed.sheet, ((1, fail),), ((second, fail),))  # the second fails
    asked = []
    monkeypatch.setattr(fail_gate, "ask", lambda parent, lines, action, **kw: asked.append(lines) or False)
    assert not composer._gate("print")
    assert len(asked) == 1 and asked[0][0].startswith(f"{second}: ") and "28" in asked[0][0]


def test_a_single_photo_is_recorded_and_reprinted_as_one(qtbot, window, data_dir, tmp_path):
    _open(qtbot, window, data_dir / "man_suit.jpg")
    window.exporter.sheet_options = ("4r", None)          # the sheet choice says "full sheet"
    with qtbot.waitSignal(window.orders.desk.recorded, timeout=60000) as got:
        window.exporter.save_photo(str(tmp_path / "one.jpg"), fmt="JPEG", dpi=300, max_kb=None)
    order = got.args[0]
    assert order.items[0].copies == 1, "one saved photo is not a full sheet"
    made = reprint(OrderBook(orders_path(window.settings)).get(order.id))
    assert len(made.sheet.layout.slots) == 1


def test_escape_closes_the_orders_view_and_the_composer(qtbot, window, data_dir, monkeypatch):
    """Each opens active (keys go to it, with no window manager too), and Escape closes it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QWidget

    activated = []
    real = QWidget.activateWindow
    monkeypatch.setattr(QWidget, "activateWindow", lambda self: (activated.append(self), real(self))[1])
    _open(qtbot, window, data_dir / "man_suit.jpg")
    for open_it in (window.orders.open_orders, window.open_composer):
        dialog = open_it()
        assert dialog in activated, f"{dialog.objectName()} opened without being activated"
        qtbot.waitUntil(lambda d=dialog: QApplication.activeWindow() is d, timeout=5000)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda d=dialog: not d.isVisible(), timeout=5000)


def test_a_long_size_name_is_elided_in_the_middle_in_the_composer(qtbot, window, data_dir, artifacts_dir):
    _open(qtbot, window, data_dir / "man_suit.jpg")
    window.controller.set_template("us-passport-renewal")
    composer = window.open_composer()
    composer.table.setColumnWidth(1, 170)
    combo = composer.table.cellWidget(0, 1)
    qtbot.wait(50)
    whole = combo.itemText(combo.currentIndex())
    shown = combo.lineEdit().text()
    assert combo.currentData() == "us-passport-renewal" and combo.toolTip() == whole
    assert "…" in shown and shown.split("…")[0] and whole.startswith(shown.split("…")[0]) \
        and whole.endswith(shown.split("…")[-1].strip()), (shown, whole)        # the start and the end kept
    assert composer.entries[0].template_id == "us-passport-renewal"
    composer.grab().save(str(artifacts_dir / "i40_composer_size_cell.png"))
