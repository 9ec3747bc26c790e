"""The window outlines what was painted in past the photo's edge on demand (issue 25)."""
from __future__ import annotations

import numpy as np

from window_helpers import ANALYSIS_TIMEOUT_MS, shot
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.qt.common.images import qimage_to_rgb


def test_painted_outline_toggle(qtbot, window, data_dir, artifacts_dir):
    c, ui = window.controller, window.ui
    with qtbot.waitSignal(c.analysed, timeout=ANALYSIS_TIMEOUT_MS):
        window.open_paths([str(data_dir / "man_glasses.jpg")])   # a tight photo: shoulders painted in below
    c.set_template("us-passport")
    c.set_background(Background.parse("#FFFFFF"))
    qtbot.waitUntil(lambda: c.result is not None and c.result.measurements.synthesised_px.bottom > 0, timeout=20000)
    assert ui.painted_toggle.isVisible() and not ui.painted_toggle.isChecked()
    qtbot.waitUntil(lambda: bool(ui.preview.painted_rects(ui.preview.photo_rect())), timeout=5000)
    ui.painted_toggle.setChecked(True)
    shot(window, artifacts_dir, "painted_outline")       # the window with the outline, to look at
    ui.painted_toggle.setChecked(False)
    off = qimage_to_rgb(ui.preview.grab().toImage())
    ui.painted_toggle.setChecked(True)
    on = qimage_to_rgb(ui.preview.grab().toImage())
    changed = np.abs(on.astype(int) - off).max(axis=2) > 0
    rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
    width, height = cols.max() - cols.min() + 1, rows.max() - rows.min() + 1
    painted = c.result.measurements.synthesised_px.bottom / c.result.measurements.output_px[1]
    assert changed[rows.min():rows.max() + 1, cols.min():cols.max() + 1].mean() > 0.97  # one tinted strip ...
    assert abs(height / width - painted) < 0.02       # ... as tall as what was painted (a square photo) ...
    assert width > 0.5 * changed.shape[1]              # ... across the photo's width
    ui.painted_toggle.setChecked(False)
    assert not ui.preview._show_painted
