"""One kiosk customer on real photos: review, print gate, sheet, and a wipe that leaves nothing behind."""
from __future__ import annotations

import cv2
import pytest

from idphoto_gui.core.analysis.cache import default_cache
from idphoto_gui.core.errors import CropError
from idphoto_gui.core.kiosk.kiosk_customer import SCREEN, Customer, PrintBlockedError, print_sheet_for
from idphoto_gui.core.render.retouch.look import Look
from idphoto_gui.core.sheets.sheet import get_paper
from idphoto_gui.core.templates.specs import get_template
from idphoto_gui.core.templates.colours import Background

CN1 = get_template("cn-1inch")


def rgb(data_dir, name):
    return cv2.cvtColor(cv2.imread(str(data_dir / name)), cv2.COLOR_BGR2RGB)


def test_a_good_photo_prints_and_the_wipe_forgets_it(data_dir):
    c = Customer()
    c.template = CN1
    shared = set(default_cache().keys())
    session, review = c.analyse_still(rgb(data_dir, "man_suit.jpg"), CN1, Background.parse("#FFFFFF"))
    assert review.printable and review.blockers == () and len(c.cache) > 0
    assert set(default_cache().keys()) == shared          # the customer's analysis stays in their own cache
    sheet = print_sheet_for(session, copies=4, paper="4r", dpi=300)
    assert sheet.paper_mm == get_paper("4r").size_mm and sheet.dpi == 300 and len(sheet.layout.slots) == 4
    c.session, c.review = session, review
    c.wipe()
    assert c.empty and session.analysis is None


def test_a_failing_photo_is_never_printed(data_dir):
    c = Customer()
    session, review = c.analyse_still(rgb(data_dir, "man_glasses.jpg"), CN1, Background.parse("#FFFFFF"))
    assert not review.printable and review.blockers and {f.severity for f in review.blockers} == {"fail"}
    with pytest.raises((PrintBlockedError, CropError)):
        print_sheet_for(session, copies=4, paper="4r", dpi=300)



def test_the_screen_look_is_rendered_by_the_worker_so_a_colour_tap_only_re_blends(data_dir):
    c = Customer()
    look = Look(retouch=50)
    session, review = c.analyse_still(rgb(data_dir, "man_suit.jpg"), CN1, Background.parse("#FFFFFF"), look)
    assert review.error is None and session.edit.look == look
    assert not session.retouch_due(SCREEN)    # the review's judge rendered the look: the GUI thread re-blends
    session.set_background(Background.parse("#438EDB"))
    assert not session.retouch_due(SCREEN)
