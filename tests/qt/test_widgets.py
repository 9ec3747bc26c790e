"""Widgets in isolation: template search, swatches, checks panel, banner, preview gestures, original view."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from idphoto_gui.core.templates.specs import load_templates
from idphoto_gui.qt.common.images import rgb_to_qimage
from idphoto_gui.qt.widgets.banner import Banner
from idphoto_gui.qt.widgets.compliance_panel import CompliancePanel
from idphoto_gui.qt.widgets.original_view import OriginalView
from idphoto_gui.core.render.head_bands import HeadBands
from idphoto_gui.qt.widgets.preview import PhotoPreview
from idphoto_gui.qt.widgets.swatches import ColourSwatches
from idphoto_gui.qt.widgets.template_picker import TemplatePicker, matches
from idphoto_gui.core.templates.colours import Background


@pytest.fixture(scope="module")
def templates():
    return list(load_templates().values())


@pytest.mark.parametrize("query, expect", [("一寸", "cn-1inch"), ("us passport", "us-passport"),
                                           ("签证 美国", "us-visa-ds160"), ("35x45", "icao-35x45")])
def test_template_search_in_both_languages(templates, query, expect):
    assert any(t.id == expect for t in templates if matches(t, query))


def test_template_popup_groups_and_enter_chooses(qtbot, templates):
    picker = TemplatePicker()
    qtbot.addWidget(picker)
    picker.set_templates(templates)
    picker.set_current("cn-1inch")
    assert "25 × 35 mm" in picker.detail.text() and "295 × 413 px" in picker.detail.text()
    picker.open_popup()
    tree = picker.popup.tree
    countries = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert countries[0] == "China" and len(countries) > 5
    with qtbot.waitSignal(picker.templateChosen) as chosen:
        qtbot.keyClicks(picker.popup.search, "schengen")
        qtbot.keyClick(picker.popup.search, Qt.Key.Key_Return)
    assert chosen.args == ["schengen"] and not picker.popup.isVisible()


def test_swatches_keep_one_colour_order_and_remember_recent(qtbot):
    sw = ColourSwatches()
    qtbot.addWidget(sw)
    b = Background.parse
    sw.set_presets([(b("#FFFFFF"), "White"), (b("#438EDB"), "Blue"), (b("#FF0000"), "Red"), (b("#F2F0F0"), "Grey")])
    orders = []
    for allowed in (["#F2F0F0"], ["#FFFFFF", "#438EDB", "#FF0000"], ["#64C5FF", "#F2F0F0"]):
        sw.set_allowed([b(h) for h in allowed])
        orders.append([c.hex for c in sw.swatch_colours()[:4]])
    assert orders == [["#FFFFFF", "#F2F0F0", "#438EDB", "#FF0000"]] * 3  # white, light grey, blue, red
    assert sw.swatch_colours()[4] == b("#64c5ff")  # then the template's own
    sw.set_recent([b("#123456")])
    assert b("#123456") in sw.swatch_colours()
    with qtbot.waitSignal(sw.backgroundChosen) as got:
        next(c for c in sw._buttons if c.background.hex == "#FF0000").click()
    assert got.args == [b("red")] and sw.current() == b("#FF0000")


def F(code: str, severity: str, value: float | None = None, allowed: tuple | None = None, unit: str = ""):
    from idphoto_gui.core.findings import Finding
    return Finding(code, severity, value, allowed, unit)


def test_checks_panel_verdict_and_order(qtbot):
    panel = CompliancePanel()
    qtbot.addWidget(panel)
    panel.set_findings((F("head_height", "ok", 33.0, (32, 36), "mm"), F("roll", "fail", 9.0, (-5, 5), "deg"),
                        F("eye_line", "warn", 21.0, (22.5, 31.5), "mm")))
    rows = panel.texts()
    assert [s for s, _ in rows] == ["error", "warning", "ok"]
    assert rows[0][1] == "Head tilt 9°, needs ±5°: hold the head level"   # issue 23: what to do
    assert panel.verdict.text() == "Does not meet the rules: 1 problem"   # issue 23: what the gate will ask about
    panel.set_findings(())
    assert panel.texts() == [] and "Meets" in panel.verdict.text()
    panel.set_findings(None)
    assert panel.texts() == []


def test_banner_action_and_dismiss(qtbot):
    banner = Banner()
    qtbot.addWidget(banner)
    banner.show_message("error", "Title", "Text", action="Retry", action_id="retry")
    assert banner.isVisible() and banner.kind == "error"
    with qtbot.waitSignal(banner.actionClicked) as clicked:
        banner.action.click()
    assert clicked.args == ["retry"]
    banner.close_button.click()
    assert not banner.isVisible()


def shown_preview(qtbot, size: tuple[int, int], image: tuple[int, int], grey: int) -> PhotoPreview:
    """A preview of `size` on screen showing a plain grey image of `image` (w, h) pixels."""
    preview = PhotoPreview()
    qtbot.addWidget(preview)
    preview.resize(*size)
    preview.show()
    preview.set_image(rgb_to_qimage(np.full((image[1], image[0], 3), grey, np.uint8)))
    return preview


def test_preview_emits_drag_in_output_pixels_and_zoom(qtbot):
    preview = shown_preview(qtbot, (600, 700), (295, 413), 200)
    preview.set_head_bands(HeadBands((295, 413), 147.5, (10, 20), (300, 330), (180, 240), 15, 310, 210))
    scale = preview.photo_rect().width() / 295
    start = preview.photo_rect().center().toPoint()
    moves = []
    preview.dragged.connect(lambda dx, dy: moves.append((dx, dy)))
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(preview, start + QPoint(20, 0))
    with qtbot.waitSignal(preview.dragFinished):
        qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=start + QPoint(20, 0))
    assert sum(m[0] for m in moves) == pytest.approx(-20 / scale, rel=0.05)


LEGEND_PX = 24


def test_head_bands_paint_as_in_their_golden_image(qtbot):
    from golden import assert_golden

    from idphoto_gui.qt.common.images import qimage_to_rgb

    preview = shown_preview(qtbot, (420, 560), (295, 413), 128)
    bands = HeadBands((295, 413), 147.5, (10, 30), (300, 340), (180, 240), 20, 320, 210)
    preview.set_head_bands(bands)
    with_bands = qimage_to_rgb(preview.grab().toImage())
    preview.set_show_bands(False)
    without = qimage_to_rgb(preview.grab().toImage())
    changed = np.abs(with_bands.astype(int) - without).max(axis=2) > 0
    rows = np.flatnonzero(changed.any(axis=1))
    assert rows.size and rows.min() < rows.max(), "the bands draw over the photo"
    r = preview.photo_rect().toRect()  # the photo only, above the legend (its font follows the app's style)
    assert_golden(with_bands[r.top():r.bottom() - LEGEND_PX, r.left():r.right() + 1], "head_bands_on_photo")


def test_original_view_click_picks_face(qtbot):
    view = OriginalView()
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    view.set_image(rgb_to_qimage(np.zeros((200, 400, 3), np.uint8)))
    view.set_faces([(40, 50, 60, 60), (260, 50, 60, 60)], chosen=0, pick=True)
    rects = view.face_rects()
    with qtbot.waitSignal(view.faceClicked) as picked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=rects[1].center().toPoint())
    assert picked.args == [1]


def test_checks_panel_words_only_a_changed_finding(qtbot, monkeypatch):
    """A colour click changes one finding of twenty: only that row is worded again (issue: window speed)."""
    from idphoto_gui.core.findings import Finding
    from idphoto_gui.qt.widgets import compliance_panel

    worded = []
    real = compliance_panel.messages.person_text
    monkeypatch.setattr(compliance_panel.messages, "person_text", lambda f: worded.append(f.code) or real(f))
    panel = CompliancePanel()
    qtbot.addWidget(panel)
    found = tuple(Finding(f"c{i}", "ok", float(i), (0.0, 50.0), "mm", "") for i in range(19))
    colour = Finding("background_colour", "ok", None, None, "")
    panel.set_findings((*found, colour))
    assert len(worded) == 20
    worded.clear()
    panel.set_findings((*found, colour))
    assert worded == []
    panel.set_findings((*found, Finding("background_colour", "fail", None, None, "", "colour")))
    assert worded == ["background_colour"]
    assert panel.texts()[0][0] == "error" and "not allowed" in panel.texts()[0][1]
    assert panel.verdict.text() == "Does not meet the rules: 1 problem"
    worded.clear()
    panel.retranslate()   # a language switch words every row again
    assert len(worded) == 20


def test_swatches_re_colour_their_chips_on_a_template_change(qtbot):
    """A template change re-uses the chips (no widget made or destroyed) and rebuilds once."""
    sw = ColourSwatches()
    qtbot.addWidget(sw)
    b = Background.parse
    sw.set_presets([(b("#FFFFFF"), "White"), (b("#438EDB"), "Blue"), (b("#FF0000"), "Red"), (b("#F2F0F0"), "Grey")])
    sw.set_template_colours([b("#FFFFFF"), b("#438EDB")], False)
    chips = list(sw._buttons)
    rebuilt = []
    real = sw._rebuild
    sw._rebuild = lambda: rebuilt.append(1) or real()
    sw.set_template_colours([b("#FFFFFF"), b("#438EDB")], False)   # a colour click re-sends the same
    assert rebuilt == []
    sw.set_template_colours([b("#FFFFFF")], True)                  # e.g. to a US passport
    assert rebuilt == [1] and sw.swatch_colours()[0].is_original
    assert all(any(c is old for old in chips) for c in sw._buttons)
    with qtbot.waitSignal(sw.backgroundChosen) as got:
        next(c for c in sw._buttons if c.background.hex == "#FF0000").click()
    assert got.args == [b("#FF0000")]


def test_preview_shows_a_render_made_for_its_card_pixel_for_pixel(qtbot):
    """The preview is rendered at the card's size: drawn 1:1, never resampled on each render."""
    preview = shown_preview(qtbot, (852, 750), (600, 600), 200)
    side = round(preview.photo_rect().width()) + 2   # the render's rounding: 2 px over the card
    preview.set_image(rgb_to_qimage(np.full((side, side, 3), 200, np.uint8)))
    rect = preview.photo_rect()
    assert (rect.width(), rect.height()) == (side, side)
    preview.set_image(rgb_to_qimage(np.full((200, 200, 3), 200, np.uint8)))   # far from the card: fitted
    assert preview.photo_rect().width() > 600


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_card_shadow_ring_paints_as_the_whole_shadow_under_an_opaque_photo(qtbot, dpr):
    """Only the ring of the shadow is painted under an opaque photo: the same pixels, less to draw."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from idphoto_gui.qt.common.images import qimage_to_rgb
    from idphoto_gui.qt.widgets.canvas import paint_shadow

    def painted(covered: bool) -> np.ndarray:
        out = QImage(round(500 * dpr), round(600 * dpr), QImage.Format.Format_RGB32)
        out.setDevicePixelRatio(dpr)
        out.fill(QColor("#E9ECEF"))
        p = QPainter(out)
        card = QRectF(60, 50, 371, 497)
        paint_shadow(p, card, dpr=dpr, covered=covered)
        p.fillRect(card, QColor("#438EDB"))
        p.end()
        return qimage_to_rgb(out)

    assert np.array_equal(painted(True), painted(False))


def test_checks_panel_moves_a_row_whose_severity_changed(qtbot, monkeypatch):
    """A finding turning into a fail moves to the top: one row is re-set, the others are moved as they are,
    and the rows read as a fresh panel's would."""
    import random

    from idphoto_gui.core.findings import Finding
    from idphoto_gui.qt.widgets.compliance_panel import FindingRow

    panel = CompliancePanel()
    qtbot.addWidget(panel)
    found = tuple(Finding("head_height", "ok", float(i), (0.0, 50.0), "mm", "") for i in range(20))
    panel.set_findings((*found, Finding("background_colour", "ok", None, None, "")))
    sets = []
    real = FindingRow.set
    monkeypatch.setattr(FindingRow, "set", lambda row, *a: sets.append(a) or real(row, *a))
    panel.set_findings((*found, Finding("background_colour", "fail", None, None, "", "colour")))
    assert len(sets) == 1 and panel.texts()[0][0] == "error"
    random.seed(7)
    for _ in range(40):
        findings = tuple(Finding(random.choice(("head_height", "roll")), random.choice(("ok", "warn", "fail", "info")),
                                 float(random.randint(0, 4)), (0.0, 3.0), "mm", "") for _ in range(random.randint(0, 24)))
        panel.set_findings(findings)
        fresh = CompliancePanel()
        fresh.set_findings(findings)
        assert panel.texts() == fresh.texts()
        fresh.deleteLater()


def test_a_header_of_parts_drops_whole_parts_before_it_cuts_a_number(qtbot):
    from idphoto_gui.qt.widgets.elided_label import ElidedLabel
    label = ElidedLabel(separator="·")
    qtbot.addWidget(label)
    label.setText("1-inch (China)  ·  25 × 35 mm · 295 × 413 px")
    fm = label.fontMetrics()
    label.resize(fm.horizontalAdvance(label.text()) + 4, 20)
    assert label.fitted() == label.text()
    label.resize(fm.horizontalAdvance("1-inch (China)  ·  25 × 35 mm · 295 × 4"), 20)
    assert label.fitted() == "1-inch (China)  ·  25 × 35 mm"
    label.resize(fm.horizontalAdvance("1-inch (China)  ·  25"), 20)
    assert label.fitted() == "1-inch (China)"
    assert label.toolTip() == label.text()


def test_preview_outlines_what_the_self_inspection_found(qtbot, artifacts_dir):
    """The render's defects (issue 36) are outlined in red over the photo, in the photo's place."""
    from idphoto_gui.qt.common.images import qimage_to_rgb

    preview = shown_preview(qtbot, (420, 560), (295, 413), 128)
    preview.set_head_bands(None)
    plain = qimage_to_rgb(preview.grab().toImage())
    preview.set_defects(((100, 150, 40, 30),), (295, 413))
    target = preview.photo_rect()
    rect = preview.defect_rects(target)[0]
    scale = target.width() / 295
    assert rect.left() == pytest.approx(target.left() + 100 * scale - 3, abs=0.5)
    assert rect.width() == pytest.approx(40 * scale + 6, abs=0.5)
    shot = preview.grab()
    shot.save(str(artifacts_dir / "preview_cutout_defect.png"))
    outlined = qimage_to_rgb(shot.toImage())
    edge = outlined[int(rect.top()) + 1, int(rect.center().x())]
    assert edge[0] > 180 and edge[1] < 100 and not np.array_equal(outlined, plain)
    preview.set_defects((), None)
    assert preview.defect_rects(target) == []
