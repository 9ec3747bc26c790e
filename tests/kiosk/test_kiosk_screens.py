"""Every kiosk step at 1920x1080 and 1080x1920, in Chinese and English: saved for a person to look at,
and checked for touch-sized targets, clipped buttons and text in the wrong language."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QAbstractButton, QLabel, QListWidget

from idphoto_gui.qt.common import camera as cam

from kiosk_helpers import PIN, enter_pin, small_targets, take_photo, to_review

ALLOWED_LATIN = {"English", "ICAO", "PDF", "kiosk", "json", "mm", "PIN"}
CJK = re.compile(r"[\u4e00-\u9fff]")


def visible_texts(page) -> list[str]:
    out = []
    for w in page.findChildren(QLabel) + page.findChildren(QAbstractButton):
        if w.isVisible() and w.text():
            out.append(re.sub(r"<[^>]+>|&nbsp;", " ", w.text()))
    return out


def wrong_language(page, lang: str) -> list[str]:
    """Texts that are not in the interface language (the other language's own button is allowed)."""
    bad = []
    for text in visible_texts(page):
        if lang == "zh_CN":
            words = {w for w in re.findall(r"[A-Za-z]{3,}", text)} - ALLOWED_LATIN
            if words:
                bad.append(text)
            if re.search(r"。 [\u4e00-\u9fff]", text):   # two sentences joined with an English space
                bad.append(f"a space after 。: {text}")
        elif CJK.search(text) and text != "中文":
            bad.append(text)
    return bad


def clipped(page) -> list[str]:
    """Visible buttons narrower than their text needs."""
    return [b.text() for b in page.findChildren(QAbstractButton)
            if b.isVisible() and b.text() and b.sizeHint().width() > b.width() + 2]


def elided_items(page) -> list[str]:
    """List entries wider than their list (text, plus the 36 px check box and its margins): drawn ending in '…'."""
    out = []
    for box in page.findChildren(QListWidget):
        if box.isVisible():
            room, fm = box.viewport().width(), box.fontMetrics()
            out += [f"{box.item(i).text()!r} in {room} px" for i in range(box.count())
                    if fm.horizontalAdvance(box.item(i).text()) + 36 + 16 > room]
    return out


def ragged(page) -> list[str]:
    """Cards of one row that do not share its top and height (a two-line name must not shift its card)."""
    rows: dict[int, set[tuple[int, int]]] = {}
    for card in getattr(page, "cards", ()):
        if card.isVisible():
            r, _c, _rs, _cs = page.grid.getItemPosition(page.grid.indexOf(card))
            rows.setdefault(r, set()).add((card.y(), card.height()))
    return [f"row {r}: {sorted(v)}" for r, v in rows.items() if len(v) > 1]


def last_line(label: QLabel) -> str:
    """The last line of a word-wrapped label's text as laid out at its width ('' for one line)."""
    text = re.sub(r"<[^>]+>|&nbsp;", " ", label.text())
    layout = QTextLayout(text, label.font())
    layout.setTextOption(QTextOption(label.alignment()))
    option = layout.textOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(label.contentsRect().width() - 2 * label.margin() - max(label.indent(), 0))
        lines.append(text[line.textStart():line.textStart() + line.textLength()])
    layout.endLayout()
    return lines[-1].strip() if len(lines) > 1 else ""


def orphans(page) -> list[str]:
    """Wrapped Chinese labels whose last line is one or two characters alone ('张。')."""
    out = []
    for w in page.findChildren(QLabel):
        if w.isVisible() and w.wordWrap() and w.text():
            tail = last_line(w)
            if tail and len(tail) <= 2 and CJK.search(tail):
                out.append(f"{w.text()!r} ends with {tail!r} alone")
    return out


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)], ids=["landscape", "portrait"])
def test_every_step_on_screen(qtbot, rig, data_dir, make_kiosk, artifacts_dir, lang, size):
    folder = artifacts_dir / "kiosk"
    folder.mkdir(parents=True, exist_ok=True)
    w = make_kiosk(size=size, language=lang, timeout_s=3600, warning_s=10)
    problems: list[str] = []
    n = [0]

    def shot(name: str, page=None, wait: int = 30) -> None:
        if wait:
            qtbot.wait(wait)
        else:       # lay the page out without letting a finished job move on to the next step
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        page = page or w.current()
        n[0] += 1
        w.grab().save(str(folder / f"{lang}_{size[0]}x{size[1]}_{n[0]:02d}_{name}.png"))
        if (w.width(), w.height()) != size:
            problems.append(f"{name}: the window grew to {w.width()}x{w.height()} (something needs more room)")
        problems.extend(f"{name}: small {t}" for t in small_targets(page))
        problems.extend(f"{name}: clipped {t!r}" for t in clipped(page))
        problems.extend(f"{name}: wrong language {t!r}" for t in wrong_language(page, lang))
        problems.extend(f"{name}: cards not aligned {t}" for t in ragged(page))
        problems.extend(f"{name}: list cut off {t}" for t in elided_items(page))
        problems.extend(f"{name}: {t}" for t in orphans(page))

    shot("start")
    w.start_page.start_button.click()
    shot("documents")
    w.documents.cards[0].click()
    qtbot.waitUntil(lambda: w.camera.page.frames_processed > 1, timeout=20_000)
    shot("camera")
    take_photo(qtbot, w)
    shot("review_ok")
    w.review.accept_button.click()
    shot("background")
    w.background.buttons[1].click()
    w.background.next_button.click()
    shot("product")
    w.product.next_button.click()
    shot("printing", wait=0)
    qtbot.waitUntil(lambda: w.last_print is not None, timeout=60_000)
    shot("thanks")
    w.message.primary_button.click()
    rig.frames = [data_dir / "man_glasses.jpg"]
    to_review(qtbot, w)
    shot("review_blocked")
    w.review.retake_button.click()
    qtbot.waitUntil(lambda: w.camera.page.frames_shown > 0, timeout=5000)
    rig.sources[-1].stop()
    rig.sources[-1].failed.emit(cam.CAMERA_LOST)
    shot("fault_camera")
    w.message.primary_button.click()
    w.idle.configure(1, 10)
    w.start_page.start_button.click()
    qtbot.waitUntil(lambda: w.overlay.isVisible(), timeout=5000)
    shot("timeout_warning", w.overlay)
    w.reset()
    w.start_page.staff_button.click()
    shot("pin")
    enter_pin(w, PIN)
    shot("operator")
    w.operator.buttons["leave"].click()
    assert problems == [], "\n".join(problems)


def test_the_timeout_question_hides_the_page_behind_it(qtbot, make_kiosk):
    from PySide6.QtCore import QRect

    w = make_kiosk(timeout_s=3600, warning_s=10)
    w.start_page.start_button.click()
    qtbot.wait(30)
    title = w.documents.title
    spot = QRect(title.mapTo(w, title.rect().topLeft()), title.size())
    w.overlay.show_seconds(10)
    qtbot.wait(30)
    image = w.grab(spot).toImage()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)}
    assert len(colours) == 1, "the page's title shows through the question (faded text behind the overlay)"


def test_sentences_are_spaced_as_each_language_spaces_them():
    from idphoto_gui.qt.kiosk.text import sentences

    assert sentences("This photo cannot be printed. Close your mouth.", "Please take it again.") == \
        "This photo cannot be printed. Close your mouth. Please take it again."
    assert sentences("这张照片不能打印。请闭上嘴巴。", "请重新拍摄。") == "这张照片不能打印。请闭上嘴巴。请重新拍摄。"
    assert sentences("", "Please take it again.") == "Please take it again."


@pytest.mark.parametrize("lang, colon", [("en", ": "), ("zh_CN", "：")])
def test_every_problem_sentence_says_what_to_do(qapp, lang, colon):
    """The review's amber and red lines: each says what to do, not only what is wrong (hair, shoulders, light...)."""
    from idphoto_gui.core.findings import Finding
    from idphoto_gui.qt.common.i18n import translations
    from idphoto_gui.qt.kiosk.text import check_sentence

    def Found(code: str, value: float | None = None, allowed: tuple | None = None) -> Finding:
        return Finding(code, "warn", value, allowed, "")

    cases = [Found("exposure", value=20, allowed=(35, 240)), Found("exposure", value=250, allowed=(35, 240)),
             Found("lighting"), Found("shadows"), Found("background_evenness"), Found("background_texture"),
             Found("hair_cut"), Found("body_extended"), Found("head_covering")]
    translations.apply(lang)
    try:
        bare = [check_sentence(f) for f in cases if colon not in check_sentence(f)]
    finally:
        translations.apply("en")
    assert bare == [], bare
