"""New photos start with the default template from Settings; the last one used carries over to the same
session's next photo only, and never becomes the saved default."""
from __future__ import annotations

from idphoto_gui.qt.window.main_window import MainWindow
from idphoto_gui.qt.widgets.settings_dialog import SettingsDialog


def _new_photo_template(w, path) -> str:
    (key,) = w.controller.open_paths([str(path)])
    return w.controller.photos.by_key(key).edit.template.id


def test_default_template_from_settings_not_the_last_used(qtbot, qapp, app_settings, data_dir):
    default = app_settings.template_id
    w = MainWindow(app_settings)
    qtbot.addWidget(w)
    assert _new_photo_template(w, data_dir / "man_suit.jpg") == default
    w.controller.set_template("us-passport")
    assert _new_photo_template(w, data_dir / "man_glasses.jpg") == "us-passport"    # same customer session
    assert app_settings.template_id == default                                     # not saved as the default
    w.controller.workers.shutdown()
    w.close()

    again = MainWindow(app_settings)                                               # a restart
    qtbot.addWidget(again)
    assert _new_photo_template(again, data_dir / "man_suit.jpg") == default
    dialog = SettingsDialog(app_settings, again.engine.models(), again,
                            templates=list(again.engine.templates().values()))
    dialog.template.setCurrentIndex(dialog.template.findData("schengen"))
    dialog.accept()
    assert app_settings.template_id == "schengen"
    again.controller.workers.shutdown()
    again.close()
    third = MainWindow(app_settings)
    qtbot.addWidget(third)
    assert _new_photo_template(third, data_dir / "man_suit.jpg") == "schengen"
    third.controller.workers.shutdown()
