"""What a person sees: no widget of a screen drawn over another, nothing stray at a window's corner."""
from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from idphoto_gui.core.templates.specs import load_templates
from idphoto_gui.qt.widgets.settings_dialog import SettingsDialog


def overlaps(root: QWidget) -> list[tuple[str, str]]:
    """Pairs of visible text-bearing widgets under root whose rectangles cross (in root's coordinates)."""
    kinds = (QLabel, QAbstractButton, QComboBox, QLineEdit, QSpinBox)
    shown = [w for w in root.findChildren(QWidget) if isinstance(w, kinds) and w.isVisible()
             and w.parentWidget() is root]
    rects = [(w, w.geometry()) for w in shown]
    out = []
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1:]:
            if ra.intersects(rb):
                out.append((type(a).__name__ + ":" + getattr(a, "text", lambda: "")(),
                            type(b).__name__ + ":" + getattr(b, "text", lambda: "")()))
    return out


def test_settings_without_templates_draw_no_row_over_the_language(qtbot, app_settings):
    dialog = SettingsDialog(app_settings, ("rvm", "u2netp"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.template.isVisible() and not dialog.labels[5].isVisible()
    assert not overlaps(dialog), overlaps(dialog)


def test_settings_with_templates_show_the_row_in_its_place(qtbot, app_settings):
    dialog = SettingsDialog(app_settings, ("rvm", "u2netp"), templates=list(load_templates().values()))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.template.isVisible() and dialog.labels[5].geometry().top() > dialog.labels[0].geometry().top()
    assert not overlaps(dialog), overlaps(dialog)


def test_settings_show_the_watch_folder_hint_whole(qtbot, app_settings):
    from idphoto_gui.qt.common.i18n import translations

    for lang in ("en", "zh_CN"):
        translations.apply(lang)
        try:
            dialog = SettingsDialog(app_settings, ("rvm",), templates=list(load_templates().values()))
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            field = dialog.watch
            need = field.fontMetrics().horizontalAdvance(field.placeholderText())
            assert field.width() >= need + 20, (lang, field.width(), need)
        finally:
            translations.apply("en")


def test_a_chinese_screen_says_one_unit_word_for_millimetres():
    from idphoto_gui.qt.common import names
    from idphoto_gui.qt.common.i18n import translations

    translations.apply("zh_CN")
    try:
        assert names.size_mm(101.6, 152.4) == "101.6 × 152.4 毫米"
    finally:
        translations.apply("en")
    assert names.size_mm(25, 35) == "25 × 35 mm"


def test_the_template_list_shows_every_name_whole(qtbot):
    from PySide6.QtWidgets import QHBoxLayout

    from idphoto_gui.qt.widgets.template_picker import TemplatePicker

    host = QWidget()                     # the picker at the right of a counter-sized window, as in the panel
    host.resize(1366, 200)
    row = QHBoxLayout(host)
    row.addStretch(1)
    picker = TemplatePicker(host)
    picker.setFixedWidth(300)
    row.addWidget(picker)
    qtbot.addWidget(host)
    host.show()
    qtbot.waitExposed(host)
    picker.set_templates(list(load_templates().values()))
    picker.set_current("cn-1inch")
    picker.open_popup()
    qtbot.wait(30)
    tree = picker.popup.tree
    assert tree.sizeHintForColumn(0) <= tree.columnWidth(0), (tree.sizeHintForColumn(0), tree.columnWidth(0))
    picker.popup.hide()


def test_the_template_card_drops_whole_parts_never_a_cut_number(qtbot):
    from idphoto_gui.qt.widgets.template_picker import TemplatePicker

    picker = TemplatePicker()
    qtbot.addWidget(picker)
    picker.set_templates(list(load_templates().values()))
    picker.set_current("us-passport")
    picker.setFixedWidth(300)     # the panel's card: "50.8 × 50.8 mm · 600 × 600 px · United States" is wider
    picker.show()
    qtbot.waitExposed(picker)
    detail = picker.detail
    shown = detail.fitted()
    assert detail.fontMetrics().horizontalAdvance(shown) <= detail.width()
    assert shown in detail.text() and "…" not in shown, shown
    assert shown.endswith("600 × 600 px"), "the pixel size stays; the country, named by the template, drops first"


def test_the_photo_header_keeps_its_size_while_tighter_spacing_would_do(qtbot):
    from idphoto_gui.qt.widgets.elided_label import ElidedLabel

    label = ElidedLabel(separator="·")
    qtbot.addWidget(label)
    label.setText("Marriage registration (China)  ·  53 × 35 mm")
    tight = "Marriage registration (China) · 53 × 35 mm"
    label.setFixedWidth(label.fontMetrics().horizontalAdvance(tight))   # a few px short of the text as set
    assert label.width() < label.fontMetrics().horizontalAdvance(label.text())
    assert label.fitted() == tight                       # one space each side, the size still shown
    label.setFixedWidth(label.width() - 1)
    assert label.fitted() == "Marriage registration (China)"   # then the whole part drops, never a cut number
