"""The kiosk asks the customer to step back before it paints in more body than looks natural (issue 25)."""
from __future__ import annotations

import cv2

from idphoto_gui.core.kiosk.kiosk_customer import Customer
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template

CN1 = get_template("cn-1inch")


def rgb(data_dir, name):
    return cv2.cvtColor(cv2.imread(str(data_dir / name)), cv2.COLOR_BGR2RGB)


def test_too_much_body_to_paint_asks_for_a_step_back_first(data_dir, qtbot):
    from idphoto_gui.qt.kiosk.review import ReviewPage

    c = Customer()
    us = get_template("us-passport")
    _, tight = c.analyse_still(rgb(data_dir, "man_glasses.jpg"), us, Background.parse("#FFFFFF"))   # chin near the photo's bottom
    _, roomy = c.analyse_still(rgb(data_dir, "man_suit.jpg"), CN1, Background.parse("#FFFFFF"))
    m = tight.result.measurements
    assert tight.step_back and m.synthesised_px.bottom > 0.15 * m.output_px[1]
    assert not roomy.step_back and roomy.result.measurements.synthesised_px.bottom == 0
    page = ReviewPage()
    qtbot.addWidget(page)
    page.show_review(tight.__class__(tight.result, None, (), True))    # as if nothing else blocked it
    assert "step back a little" in page.verdict.text() and not page.retake_button.isHidden()
