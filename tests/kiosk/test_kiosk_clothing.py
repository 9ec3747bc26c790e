"""The kiosk's Clothing step (issue 38): offered only where kiosk.json lists garments and the document allows the
clothing to be replaced; None first, big touch targets; a tap dresses the photo; the print carries the choice."""
from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QApplication

from idphoto_gui.core.kiosk import kiosk_config as kc
from idphoto_gui.core.templates.specs import get_template
from idphoto_gui.qt.common.i18n import translations

from kiosk_helpers import small_targets, to_review

OFFER = ("men-suit-tie", "women-blazer", "child-school-shirt", "no-such-garment")


def test_clothing_choices_follow_the_config_and_the_document():
    cfg = kc.from_dict({"garments": list(OFFER)})
    known = {"men-suit-tie", "women-blazer", "child-school-shirt"}
    assert kc.clothing_choices(get_template("cn-1inch"), cfg, known) == ("none", *OFFER[:3])
    assert kc.clothing_choices(get_template("us-passport"), cfg, known) == ()      # alteration none
    assert kc.clothing_choices(get_template("cn-1inch"), kc.KioskConfig(), known) == ()   # not offered
    assert kc.to_dict(cfg)["garments"] == list(OFFER)


def test_the_customer_chooses_clothing_on_a_free_document(qtbot, rig, make_kiosk, artifacts_dir):
    w = make_kiosk(garments=OFFER)
    to_review(qtbot, w, "cn-1inch")
    before = w.customer.session.render().rgb.copy()
    w.review.accept_button.click()
    qtbot.waitUntil(lambda: w.current() is w.clothing, timeout=30_000)
    page = w.clothing
    assert [c.text() for c in page.cards] == ["My own clothing", "Dark suit, white shirt and tie",
                                              "Dark blazer, white blouse", "White school shirt"]
    assert page.cards[0].isChecked() and small_targets(page) == []
    shown = page.photo._image.copy()
    page.cards[1].click()
    assert w.customer.session.edit.look.garment == "men-suit-tie"
    qtbot.waitUntil(lambda: page.photo._image != shown, timeout=30_000)
    dressed = w.customer.session.render().rgb
    assert np.abs(dressed.astype(int) - before).mean() > 1
    page.grab().save(str(artifacts_dir / "kiosk_clothing_en.png"))
    translations.apply("zh_CN")
    QApplication.processEvents()
    assert page.cards[0].text() == "本人服装" and page.next_button.text() == "下一步"
    page.grab().save(str(artifacts_dir / "kiosk_clothing_zh.png"))
    translations.apply("en")
    page.next_button.click()
    assert w.current() is w.background
    w.background.back_button.click()                                    # back to the clothing, choice kept
    qtbot.waitUntil(lambda: w.current() is w.clothing, timeout=30_000)
    assert page.cards[1].isChecked()


def test_no_clothing_step_where_the_config_or_document_says_no(qtbot, rig, make_kiosk):
    w = make_kiosk(garments=OFFER)
    to_review(qtbot, w, "cn-passport")                    # alteration not free, one colour
    w.review.accept_button.click()
    assert w.current() is w.product
    w.product.back_button.click()
    assert w.current() is w.review
    w2 = make_kiosk()                                      # no garments in kiosk.json
    to_review(qtbot, w2, "cn-1inch")
    w2.review.accept_button.click()
    assert w2.current() is w2.background
