"""Light, colour and retouch: part of the edit, applied at output size as far as the template allows."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

from dataclasses import replace

import cv2
import numpy as np
import pytest

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.history import Edit
from idphoto_gui.core.render.retouch import light, regions
from idphoto_gui.core.render.retouch.look import Look
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template

EXPORT = Target(None, 1.0, strict=False, source_checks=True)


@pytest.fixture(scope="module")
def suit(data_dir):
    return analyse(load_image(data_dir / "man_suit.jpg"))


@pytest.fixture(scope="module")
def freckles(data_dir):
    return analyse(load_image(data_dir / "woman_white_wall.jpg"))


def _notes(result, code):
    return [f for f in result.findings if f.code == code]


def _mask(result, face, idx):
    pts = regions.to_output(face.landmarks, result.matrix)
    m = np.zeros(result.rgb.shape[:2], np.float32)
    regions._poly(m, pts, idx)
    return m > 0.5


def _render(session, look, target=EXPORT):
    session.set_look(look)
    return session.render(target)


def test_look_is_checked_and_plain_by_default():
    assert Look().is_plain and Edit(get_template("cn-1inch"), Background.parse("#FFFFFF")).look == Look()
    for bad in (dict(light="bright"), dict(retouch=101), dict(warmth=-51), dict(contrast=1.5)):
        with pytest.raises(ValueError):
            Look(**bad)


def test_retouch_smooths_skin_keeps_eyes_and_background_and_undoes(freckles):
    s = PhotoSession.for_template(freckles, get_template("cn-1inch"), background=Background.parse("#438EDB"))
    before_src, before_fg = freckles.image.rgb.copy(), freckles.matte.foreground.copy()
    plain = _render(s, Look())
    done = _render(s, Look(retouch=60))
    lab = cv2.cvtColor(plain.rgb, cv2.COLOR_RGB2LAB).astype(np.float32)
    skin = regions.face_regions(lab, regions.to_output(freckles.face.landmarks, plain.matrix)).skin > 0.9
    diff = np.abs(done.rgb.astype(int) - plain.rgb.astype(int)).sum(-1)
    assert diff[skin].mean() > 1.0                                   # the skin changed
    eyes = _mask(plain, freckles.face, regions.RIGHT_EYE) | _mask(plain, freckles.face, regions.LEFT_EYE)
    assert diff[eyes].mean() < 3.0                                  # the eyes did not
    assert (done.rgb[0, 0] == plain.rgb[0, 0]).all() and tuple(done.rgb[0, 0]) == (0x43, 0x8E, 0xDB)
    note = _notes(done, "retouch")[0]
    assert note.severity == "info" and note.reason == "free" and "smoothed" in said(note)
    assert (freckles.image.rgb == before_src).all() and (freckles.matte.foreground == before_fg).all()
    s.history.undo()
    assert s.edit.look == Look() and (s.render(EXPORT).rgb == plain.rgb).all()


def test_a_none_template_renders_without_retouch_and_says_so(suit):
    s = PhotoSession.for_template(suit, get_template("cn-resume"), background=Background.parse("#FFFFFF"))
    cv = _render(s, Look(retouch=50))
    assert _notes(cv, "retouch")[0].reason == "free"
    s.set_template(get_template("cn-passport"))
    passport = s.render(EXPORT)
    plain = s.renderer.render(s.edit.but(look=Look()), EXPORT)
    assert (passport.rgb == plain.rgb).all()
    note = _notes(passport, "retouch")[0]
    assert note.reason == "not_allowed" and "only light and colour" in said(note)


def test_a_light_template_removes_blemishes_only(suit):
    s = PhotoSession.for_template(suit, get_template("cn-civil-service"))
    r = _render(s, Look(retouch=80))
    note = _notes(r, "retouch")[0]
    assert note.reason == "blemishes_only" and "allows no skin smoothing" in said(note)


@pytest.mark.parametrize("cast", [(1.25, 1.0, 0.75), (0.82, 1.0, 1.22)], ids=["warm", "cold"])
def test_auto_white_balance_undoes_a_warm_or_cold_cast(suit, cast):
    # a gain cast in linear light is a shift in the estimator's log-chroma: what it reads moves by the cast
    fix = light.estimate(suit.image.rgb, suit.face.landmarks, suit.matte.alpha)
    lin = light.to_linear(suit.image.rgb.astype(np.float32) / 255.0) * np.array(cast, np.float32)
    tinted = np.round(light.to_srgb(lin) * 255).astype(np.uint8)
    tinted_fix = light.estimate(tinted, suit.face.landmarks, suit.matte.alpha)
    strong, weak = (0, 2) if cast[0] > cast[2] else (2, 0)   # red and blue of a warm cast, the reverse if cold
    assert tinted_fix.gains[strong] < 0.9 and tinted_fix.gains[weak] > 1.1
    ratio = np.array(tinted_fix.gains) * cast / np.array(fix.gains)
    assert np.allclose(ratio / ratio[1], 1.0, atol=0.06)


def test_the_exposure_check_judges_the_corrected_photo(suit):
    dark_rgb = np.round(light.to_srgb(light.to_linear(suit.image.rgb / 255.0) * 0.12) * 255).astype(np.uint8)
    dark = replace(suit, image=replace(suit.image, rgb=dark_rgb))
    s = PhotoSession.for_template(dark, get_template("cn-1inch"))
    before = _notes(s.render(EXPORT), "exposure")[0]
    after_r = _render(s, Look(light="auto"))
    after = _notes(after_r, "exposure")[0]
    assert after.value > before.value + 20
    note = _notes(after_r, "light")[0]
    assert note.severity == "info" and note.value > 0.3 and "EV" in said(note)


def test_hand_light_settings_change_the_person_not_the_background(suit):
    s = PhotoSession.for_template(suit, get_template("cn-1inch"), background=Background.parse("#FF0000"))
    plain = _render(s, Look())
    warm = _render(s, Look(warmth=40, brightness=20, contrast=20))
    assert tuple(warm.rgb[0, 0]) == (255, 0, 0)
    centre = tuple(int(v) for v in np.array(plain.rgb.shape[:2]) // 2)
    assert int(warm.rgb[centre][0]) >= int(plain.rgb[centre][0])
    assert _notes(warm, "light")[0].reason == "hand"


def test_a_slider_drag_is_one_undo_step(suit):
    s = PhotoSession.for_template(suit, get_template("cn-resume"))
    for v in (10, 20, 30):
        s.set_look(Look(retouch=v), finished=False)
    s.set_look(Look(retouch=30), finished=True)
    assert s.edit.look.retouch == 30
    s.history.undo()
    assert s.edit.look == Look()


def test_the_cutout_carries_the_look_as_far_as_the_template_allows(freckles):
    s = PhotoSession.for_template(freckles, get_template("cn-resume"))
    plain = s.cutout(s.render(EXPORT))
    look = Look(light="auto", warmth=30, retouch=60)
    done = s.cutout(_render(s, look))
    assert (done[..., 3] >= plain[..., 3]).all(), "the matte, with at most its holes in the skin closed"
    assert (done[..., 3] == plain[..., 3]).mean() > 0.97
    lab = cv2.cvtColor(np.ascontiguousarray(plain[..., :3]), cv2.COLOR_RGB2LAB).astype(np.float32)
    pts = regions.to_output(freckles.face.landmarks, s.render(EXPORT).matrix)
    skin = regions.face_regions(lab, pts).skin > 0.9
    hp = lambda x: x.astype(np.float32) - cv2.GaussianBlur(x.astype(np.float32), (0, 0), 1.5)  # noqa: E731
    lum = lambda x: x[..., :3].astype(np.float32) @ np.float32([0.299, 0.587, 0.114])  # noqa: E731
    assert (hp(lum(done))[skin] ** 2).mean() < 0.8 * (hp(lum(plain))[skin] ** 2).mean(), "smoothed"
    assert done[..., 0][skin].mean() > plain[..., 0][skin].mean(), "warmer"
    s.set_template(get_template("cn-passport"))
    passport = s.cutout(s.render(EXPORT))
    lit_only = s.cutout(s.renderer.render(s.edit.but(look=look.but(retouch=0)), EXPORT))
    assert (passport == lit_only).all(), "a passport cut-out gets light and colour, never the retouch"


def test_a_colour_change_only_reblends_the_retouched_person(freckles, monkeypatch):
    import idphoto_gui.core.render.renderer as session_mod
    calls = []
    real = session_mod.apply_look
    monkeypatch.setattr(session_mod, "apply_look", lambda *a, **k: calls.append(1) or real(*a, **k))
    s = PhotoSession.for_template(freckles, get_template("cn-resume"), background=Background.parse("#FFFFFF"))
    white = _render(s, Look(retouch=50))
    s.set_background(Background.parse("#438EDB"))
    blue = s.render(EXPORT)
    assert len(calls) == 1, "the look is computed once per grid, not per colour"
    centre = tuple(int(v) for v in np.array(white.rgb.shape[:2]) // 2)
    assert (white.rgb[centre] == blue.rgb[centre]).all() and tuple(blue.rgb[0, 0]) == (0x43, 0x8E, 0xDB)


def test_disagreeing_colour_cues_ask_to_check_the_colour():
    from idphoto_gui.core.render.retouch.apply import light_finding
    unsure = light_finding(Look(light="auto"), light.LightFix(neutral_share=0.5, sure=False))
    assert unsure.reason == "auto_unsure" and "check the colour" in said(unsure)
    sure = light_finding(Look(light="auto"), light.LightFix(neutral_share=0.5))
    assert sure.reason == "auto" and "check the colour" not in said(sure)


def test_a_strength_step_reuses_the_strength_free_work_and_gives_the_same_pixels(freckles):
    from idphoto_gui.core.render.retouch.apply import retouch
    s = PhotoSession.for_template(freckles, get_template("cn-resume"))
    plain = s.render(EXPORT)
    pts = regions.to_output(freckles.face.landmarks, plain.matrix)
    memo: dict = {}
    retouch(plain.rgb, pts, 30, memo=memo)
    assert len(memo) == 1
    again, _ = retouch(plain.rgb, pts, 70, memo=memo)
    fresh, _ = retouch(plain.rgb, pts, 70)
    assert len(memo) == 1 and (again == fresh).all()


def _lab(rgb):
    return cv2.cvtColor(rgb.astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)


@pytest.mark.parametrize("cheek", [205, 425])
def test_a_blemish_is_taken_away_and_the_skin_under_it_kept(freckles, cheek):
    from idphoto_gui.core.render.retouch.apply import retouch
    s = PhotoSession.for_template(freckles, get_template("cn-1inch"))
    plain = s.render(Target(None, 1.0, strict=False, source_checks=False))
    pts = regions.to_output(freckles.face.landmarks, plain.matrix)
    x, y = np.round(pts[cheek]).astype(int)
    yy, xx = np.indices(plain.rgb.shape[:2])
    spot = np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * 1.8 ** 2))
    lab = _lab(plain.rgb)
    lab[..., 0] -= 14 * spot
    lab[..., 1] += 10 * spot
    spotted = np.clip(cv2.cvtColor(lab, cv2.COLOR_LAB2RGB) * 255 + 0.5, 0, 255).astype(np.uint8)
    out, done = retouch(spotted, pts, 50, free=False)
    disc = (xx - x) ** 2 + (yy - y) ** 2 <= 3.6 ** 2
    area = lambda rgb: _lab(rgb)[disc].mean(0)  # noqa: E731
    assert np.linalg.norm(area(spotted) - area(plain.rgb)) > 6           # a visible spot
    assert np.linalg.norm(area(out) - area(plain.rgb)) <= 3.0            # gone
    detail = lambda rgb: (_lab(rgb)[..., 0] - cv2.GaussianBlur(_lab(rgb)[..., 0], (0, 0), 1.0))[disc]  # noqa: E731
    keep = np.corrcoef(detail(out), detail(plain.rgb))[0, 1]
    assert keep > 0.5                                                    # the pores under it stay


def test_a_plain_backdrop_is_the_grey_card_but_a_blue_one_is_not(suit):
    # man_suit's backdrop is plain and grey: a cold cast is read from it alone; the same photo on an ID-blue
    # backdrop is not balanced towards the blue (it is the backdrop's colour, not the light's)
    lin = light.to_linear(suit.image.rgb.astype(np.float32) / 255.0)
    back = suit.matte.alpha < 0.5
    assert max(light._spread(lin[back])) <= light.BACKDROP_SPREAD
    cold = lin * np.array([0.82, 1.0, 1.22], np.float32)
    fix = light.estimate(np.round(light.to_srgb(cold) * 255).astype(np.uint8), suit.face.landmarks,
                         suit.matte.alpha)
    assert fix.sure and fix.gains[0] > 1.1 and fix.gains[2] < 0.9
    blue = lin.copy()
    blue[back] = light.to_linear(np.array([0x43, 0x8E, 0xDB], np.float32) / 255.0)
    every = np.ones_like(back)
    assert light._plain_backdrop(lin, back, every) is not None and light._plain_backdrop(blue, back, every) is None


@pytest.mark.parametrize("cast", [(1.2, 1.0, 0.8), (0.82, 1.0, 1.22), (1.04, 1.0, 0.97)])
def test_the_grey_pixels_are_the_same_under_any_cast(suit, cast):
    # which pixels the grey-pixel cue picks depends on their local contrast in each channel, not on their
    # colour, so a cast moves its reading by exactly the cast (a near-neutral window would pick others)
    small = cv2.resize(suit.image.rgb, (240, 320), interpolation=cv2.INTER_AREA)
    lin = light.to_linear(small.astype(np.float32) / 255.0)
    everywhere = np.ones(lin.shape[:2], bool)
    plain = light._chroma(light._grey_pixels(lin, everywhere))
    tinted = light._chroma(light._grey_pixels(lin * np.array(cast, np.float32), everywhere))
    shift = light._chroma(np.array(cast, np.float64))
    assert np.allclose(np.subtract(tinted, plain), shift, atol=0.005)


def test_a_small_cast_is_left_and_a_large_one_removed_almost_whole():
    # an off-white wall (under 3 %) is left as it is; a 20 % cast is not left 3 % short any more, so the
    # correction follows the cast
    assert light._dead_zone(0.02, 0.01) == (0.0, 0.0)
    along, tint = light._dead_zone(0.2, -0.02)
    assert 0.19 < along < 0.2 and -0.02 < tint < -0.019


def test_a_clipped_highlight_stays_white_after_a_cast_is_removed():
    # a channel at 255 has lost its value: removing a cold cast (blue gain under 1) must not turn a blown
    # white yellow, nor a wall whose blue clipped under the cast darker in blue than its other channels
    table = light.lut(light.LightFix(tuple(light._gains(-0.2, 0.0))), Look(light="auto"))
    assert table[255, 0, 2] < 250                          # the cold correction darkens blue ...
    px = np.array([[[255, 255, 255], [230, 240, 255], [200, 180, 255], [128, 128, 255], [128, 128, 128]]], np.uint8)
    out = light.apply(px, table).astype(int)[0]
    assert tuple(out[0]) == (255, 255, 255)                # ... but a blown white stays white
    assert out[1, 2] == round((out[1, 0] + out[1, 1]) / 2)  # a clipped blue is lifted to its pixel's level
    plain = cv2.LUT(px, table.reshape(1, 256, 3)).astype(int)[0]
    assert np.array_equal(out[2:], plain[2:])              # a truly blue clipped pixel and the rest: unchanged
    assert light.apply(px, light.lut(light.LightFix(tuple(light._gains(0.0, 0.0)), ev=0.5), Look(light="auto"))
                       ).shape == px.shape


def test_a_clipped_white_wall_is_shown_neutral_after_auto_light(freckles):
    # woman_white_wall tinted cold: her bright wall clips in blue; after light auto the clipped part is as
    # neutral as the wall was in the untinted photo, not yellow
    lin = light.to_linear(freckles.image.rgb.astype(np.float32) / 255.0)
    tinted = np.round(light.to_srgb(lin * np.array([0.82, 1.0, 1.22], np.float32)) * 255).astype(np.uint8)
    clipped = (tinted[..., 2] == 255) & (freckles.matte.alpha < 0.5)
    assert clipped.mean() > 0.05
    fix = light.estimate(tinted, freckles.face.landmarks, freckles.matte.alpha)
    table = light.lut(fix, Look(light="auto"))
    lab = lambda rgb: cv2.cvtColor(rgb.astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)[clipped]  # noqa: E731
    b_fixed = lab(light.apply(tinted, table))[:, 2].mean()
    b_plain = lab(cv2.LUT(tinted, table.reshape(1, 256, 3)))[:, 2].mean()
    b_before = lab(freckles.image.rgb)[:, 2].mean()
    assert abs(b_fixed - b_before) < abs(b_plain - b_before) and abs(b_fixed - b_before) < 3
    # and the wall's lost colour is counted: the balance had little to read, so it is reported unsure
    untinted = light.estimate(freckles.image.rgb, freckles.face.landmarks, freckles.matte.alpha)
    assert fix.clipped_share > light.CLIPPED_UNSURE > untinted.clipped_share and not fix.sure


def test_a_widely_clipped_background_says_so():
    from idphoto_gui.core.render.retouch.apply import light_finding
    from idphoto_gui.core.render.words import finding_text
    blown = light_finding(Look(light="auto"), light.LightFix(neutral_share=0.5, sure=False, clipped_share=0.4))
    assert blown.reason == "auto_clipped" and "much of the background is blown out" in said(blown)
    assert "过曝" in finding_text(blown, "zh_CN")
