"""Document cards: a name is never cut ('US pass…x2 in)'), in either language and on any of the three screens;
the marriage card shows two people."""
from __future__ import annotations

import numpy as np
import pytest

from idphoto_gui.core.templates.specs import get_template, load_templates
from idphoto_gui.qt.app import apply_style
from idphoto_gui.qt.common.i18n import translations
from idphoto_gui.qt.kiosk.pages import DocumentsPage, document_picture


def heads(template_id: str) -> int:
    """Dark figures across the picture's head row (one per person drawn)."""
    img = document_picture(get_template(template_id), 200).toImage()
    y = round(2 + 200 * (0.14 + 0.21))                 # the middle of the head
    row = np.array([img.pixelColor(x, y).alpha() > 200 and img.pixelColor(x, y).lightness() < 120
                    for x in range(img.width())])
    return int(np.count_nonzero(row[1:] & ~row[:-1]) + row[0])


def test_the_marriage_card_shows_two_people_a_passport_one(qapp):
    assert heads("cn-marriage") == 2 and heads("cn-passport") == 1


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_document_name_is_cut(qtbot, qapp, lang, size):
    apply_style(qapp, kiosk=True)
    translations.apply(lang)
    try:
        page = DocumentsPage()
        page.setObjectName("kiosk")        # the kiosk's style applies under #kiosk
        qtbot.addWidget(page)
        page.resize(*size)
        page.show()
        qtbot.waitExposed(page)
        longest = sorted(load_templates().values(), key=lambda t: -len(t.name_en))[:6]
        page.set_documents(longest)
        qtbot.wait(50)
        cut = [c.text() for c in page.cards if c.sizeHint().width() > c.width() + 2 or "…" in c.text()]
        assert cut == [], cut
        assert page.minimumSizeHint().height() <= size[1]
    finally:
        translations.apply("en")
