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
    from idphoto_gui.qt.i18n import translations

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
    from idphoto_gui.qt import names
    from idphoto_gui.qt.i18n import translations

    translations.apply("zh_CN")
    try:
        assert names.size_mm(101.6, 152.4) == "101.6 × 152.4 毫米"
    finally:
        translations.apply("en")
    assert names.size_mm(25, 35) == "25 × 35 mm"
