"""Dressing a photo in a garment (issue 38): the catalogue, the fitting, the head untouched, hair in front,
the document's rule, and the retake past the natural bound where nothing may be invented."""
from __future__ import annotations

from idphoto_gui.core.render.words import person_text as said

from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.body import dress, dress_body, dress_line, dress_neck, dress_outline, garments
from idphoto_gui.core.body.own_garments import find_anchors
from idphoto_gui.core.findings import status
from idphoto_gui.core.geometry import placement
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.render.retouch.look import Look
from idphoto_gui.core.render.retouch.regions import to_output
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template

SHARED_PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "photos"


@pytest.fixture(scope="module")
def suit(data_dir):
    return analyse(load_image(data_dir / "man_suit.jpg"))


def _body(session: PhotoSession, result) -> dress.Body:
    face = session.face()
    pts = placement.map_points(result.matrix, np.array([face.chin, face.forehead]))
    return dress.body_of(pts[0], pts[1], to_output(face.landmarks, result.matrix), 1.0)


def _renders(analysis, garment: str, template="cn-1inch"):
    s = PhotoSession.for_template(analysis, get_template(template))
    plain = s.render(Target())
    s.set_look(Look(garment=garment))
    return s, plain, s.render(Target())


def test_at_least_eight_builtin_garments_each_with_a_licence_and_anchors():
    every = garments.catalogue()
    assert len(every) >= 8
    assert {g.kind for g in every} == {"men", "women", "children"}
    for g in every:
        assert g.licence in ("GPL-3.0-or-later", "CC0-1.0", "Apache-2.0") and g.name_en and g.name_zh
        px = g.pixels()
        # drawn ones at 1600 px; a photographed one as wide as its photo gives (man_suit's cloth: 550 px)
        assert px.shape[1] >= (1600 if g.source.startswith("drawn") else 500) and px.shape[2] == 4
        x = int(g.neck_centre[0])
        (lx, ly), (rx, ry) = g.collar_inner
        assert px[int(ly) + 5, x, 3] == 0                                        # the neck's opening ...
        assert px[int(ly) + 40, int(lx) - 40, 3] > 200 and px[int(ry) + 40, int(rx) + 40, 3] > 200, g.id  # its sides
        assert 0 < g.neck_half < g.shoulder_width / 2


def test_own_garment_anchors_are_found_from_the_neck_opening():
    g = garments.find("men-suit-tie")
    found = find_anchors(g.pixels())
    assert abs(found["neck_centre"][0] - g.neck_centre[0]) < 8
    assert abs(found["shoulder_width"] - g.shoulder_width) < 0.12 * g.shoulder_width


def test_dressing_replaces_the_clothing_and_never_touches_the_head(suit):
    s, plain, dressed = _renders(suit, "men-suit-tie")
    body = _body(s, dressed)
    head = dress.head_mask(body, plain.rgb.shape[:2]) > 0
    assert head[: int(body.chin[1])].sum() > 0.3 * head.shape[1] * body.chin[1]
    np.testing.assert_array_equal(dressed.rgb[head], plain.rgb[head])       # the head: every pixel as it was
    top = int(body.chin[1] - dress_body.SHOULDER_RISE * body.face_h)
    np.testing.assert_array_equal(dressed.rgb[:top], plain.rgb[:top])        # every row above the shoulders
    below = slice(int(body.chin[1] + 0.6 * body.face_h), None)
    assert np.abs(dressed.rgb[below].astype(int) - plain.rgb[below]).mean() > 10   # the clothing did change
    found = {f.code: f for f in dressed.findings}
    assert found["garment"].severity == "info" and "Clothing replaced with Dark suit" in said(found["garment"])
    assert "body_extended" not in found


@pytest.mark.skipif(not (SHARED_PHOTOS / "portraits").is_dir(), reason="shared photos not present")
def test_long_hair_stays_in_front_of_the_garment():
    photo = next((SHARED_PHOTOS / "portraits").glob("04_*"))
    a = analyse(load_image(photo))
    s, plain, dressed = _renders(a, "women-blazer")
    body = _body(s, dressed)
    rows = slice(int(body.chin[1]) + 1, None)
    same = np.all(dressed.rgb[rows] == plain.rgb[rows], axis=2)
    # the blonde strands over the right shoulder: pixels below the chin kept from the photo, beside the neck
    beside = np.abs(np.arange(same.shape[1]) - body.chin[0]) > 0.45 * body.face_w
    assert (same & beside[None, :]).sum() > 300


def test_the_garment_is_refused_where_the_document_forbids_alteration(suit):
    s, plain, dressed = _renders(suit, "men-suit-tie", template="us-passport")
    np.testing.assert_array_equal(dressed.rgb, plain.rgb)
    g = next(f for f in dressed.findings if f.code == "garment")
    assert g.reason == "not_allowed" and "allows no such change" in said(g)


def _cut_below_chin(analysis, tmp_path, depth: float):
    """The photo cut `depth` face heights below the chin: a tight photo."""
    f = analysis.face
    y = int(f.chin[1] + depth * (f.chin[1] - f.forehead[1]))
    path = tmp_path / f"tight_{depth}.png"
    Image.fromarray(np.ascontiguousarray(analysis.image.rgb[:y])).save(path)
    return analyse(load_image(path))


def test_past_the_bound_a_forbidding_document_asks_for_a_retake(suit, tmp_path):
    tight = _cut_below_chin(suit, tmp_path, 0.1)
    s = PhotoSession.for_template(tight, get_template("us-passport"))
    r = s.judge()[0]
    body = next(f for f in r.findings if f.code == "body_extended")
    assert body.severity == "fail" and "retake with more room below the chin" in said(body)
    assert status(r.findings) == "fail"
    free = PhotoSession.for_template(tight, get_template("cn-1inch")).judge()[0]
    offer = next(f for f in free.findings if f.code == "body_extended")
    assert offer.severity == "warn" and "put on a garment" in said(offer)


def test_within_the_bound_the_strip_is_painted_as_before(suit, tmp_path):
    within = _cut_below_chin(suit, tmp_path, 0.5)
    r = PhotoSession.for_template(within, get_template("us-passport")).judge()[0]
    body = next(f for f in r.findings if f.code == "body_extended")
    assert body.severity == "warn" and "retake" not in said(body) and "painted in" in said(body)
    assert r.measurements.synthesised_px.bottom > 0 and status(r.findings) != "fail" or \
        any(f.severity == "fail" and f.code != "body_extended" for f in r.findings)


def test_a_tight_cut_is_dressed_from_the_real_shoulders_down_with_no_background_between(data_dir, tmp_path):
    """The blind look's round 1 (ADR 0019): a white band between the photo's last row and the garment, and the
    old grey jacket left above the garment's shoulders. The garment must cover the person below the neck (and,
    since issue 38's round 12, below a body's falling shoulder line: the flat cap across the frame is gone)."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "man_glasses.jpg")), tmp_path, 0.15)
    s, plain, dressed = _renders(tight, "men-suit-tie")
    body = _body(s, dressed)
    h, w = dressed.rgb.shape[:2]
    cx, cy, fh, fw = body.chin[0], body.chin[1], body.face_h, body.face_w
    near = np.abs(np.arange(w) - cx) < 1.0 * fw
    bg = np.all(np.abs(dressed.rgb.astype(int) - np.array(dressed.background)) <= 6, axis=2)
    # from 0.1 face heights under the chin down, and beyond half a face width below a body's shoulder line
    # (falling SHOULDER_FALL face heights per face width: the wall above the sloping shoulders is no band)
    d = np.abs(np.arange(w) - cx)
    line = cy + 0.1 * fh + dress_line.SHOULDER_FALL * fh * np.maximum(d - 0.5 * fw, 0.0) / fw
    below = bg[int(cy + 0.1 * fh):][:, near] & (np.arange(int(cy + 0.1 * fh), h)[:, None] >= line[near][None, :])
    assert below.sum() < 0.01 * (np.arange(int(cy + 0.1 * fh), h)[:, None] >= line[near][None, :]).sum(), \
        f"{below.sum()} px of background below the neck and the shoulders' line"
    # the old jacket beside the jaw (what the undressed photo shows there) is replaced
    d = np.abs(np.arange(w) - cx)
    rows = slice(int(cy - 0.2 * fh), int(cy))
    jacket = ~np.all(np.abs(plain.rgb[rows].astype(int) - np.array(plain.background)) <= 6, axis=2) & \
        ((d > 0.75 * fw) & (d < 1.2 * fw))[None, :]
    assert jacket.sum() > 100
    same = np.all(dressed.rgb[rows] == plain.rgb[rows], axis=2)
    assert (same & jacket).sum() < 0.1 * jacket.sum()


def test_the_persons_own_neck_shows_below_the_chin_down_into_the_collar(suit):
    """The kiosk's screenshot (issue 38): man_suit dressed in the drawn suit had its collar pushed up to the chin,
    no neck. The collar sits at the neck's base: under the chin the neck is the person's skin, its colour as in
    the undressed render, down to 0.2 face heights."""
    s, plain, dressed = _renders(suit, "men-suit-tie")
    body = _body(s, dressed)
    cx, cy, fh, fw = body.chin[0], body.chin[1], body.face_h, body.face_w
    lab_plain = cv2.cvtColor(plain.rgb, cv2.COLOR_RGB2LAB).astype(float)
    lab = cv2.cvtColor(dressed.rgb, cv2.COLOR_RGB2LAB).astype(float)
    cols = slice(int(cx - 0.1 * fw), int(cx + 0.1 * fw))
    skin = np.median(lab_plain[int(cy + 0.03 * fh):int(cy + 0.1 * fh), cols].reshape(-1, 3), axis=0)
    neck = np.linalg.norm(lab[int(cy + 0.04 * fh):int(cy + 0.2 * fh), cols] - skin, axis=2) < 30
    assert neck.mean() > 0.5, f"only {neck.mean():.0%} of the neck under the chin is skin (the collar is at the chin)"


@pytest.mark.parametrize("photo", ["expressions/interfaces_061.jpg", "portraits/03_u2net_man_glasses.jpg"])
def test_no_sliver_of_background_between_the_jaw_the_neck_and_the_garment(photo, tmp_path):
    """Blind look round 3 (ADR 0019): white slivers, lines and notches of background beside the neck and in the
    shoulders on 9 of 14 dressed tight cuts. On blue, no background narrower than SLIVER face widths is left
    between the jaw, the neck and the garment (main at 6a3812b: 317 and 518 such pixels; now a few at the
    outline's antialiased corners)."""
    if not (SHARED_PHOTOS / photo).is_file():
        pytest.skip("the shared photos are not here")

    tight = _cut_below_chin(analyse(load_image(SHARED_PHOTOS / photo)), tmp_path, 0.25)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"), background=Background.parse("#438EDB"),
                                  look=Look(garment="men-suit-photo"))
    r = s.render(Target())
    body = _body(s, r)
    cx, cy, fh, fw = body.chin[0], body.chin[1], body.face_h, body.face_w
    h, w = r.rgb.shape[:2]
    wall = np.all(np.abs(r.rgb.astype(int) - np.array(r.background)) <= 40, axis=2)
    k = max(3, int(dress_outline.SLIVER * fw) | 1)
    wide = cv2.morphologyEx(wall.astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    sliver = wall & (wide == 0)
    sliver[:int(cy - 0.15 * fh)] = False                           # from beside the jaw down
    sliver[:, np.abs(np.arange(w) - cx) > 0.9 * fw] = False        # the neck and the shoulders beside it
    assert sliver.sum() < 40, f"{sliver.sum()} px of background in narrow gaps beside the neck"


def test_the_garments_shoulder_line_falls_steadily_from_the_collar_to_the_frames_sides():
    """Blind look round 5 (issue 38): 12 of 14 judges saw a pasted suit whose top edge ran ragged across the hair
    and shoulders (it followed the old clothing's and the hair's outline). The top is now a garment's edge: from
    the collar out it never rises (no wave), and it reaches above the photo's last row (the hair's cut ends)."""
    body = dress.Body((100.0, 100.0), 100.0, 80.0, None)
    w = 201
    x = np.arange(w, dtype=np.float32)
    wavy = 150 + 20 * np.sin(x / 6.0) - 0.3 * np.abs(x - 100)     # the old clothing's ragged, rising top
    cap = np.full(w, 160.0, np.float32)
    top = np.zeros(w, np.float32) + dress_line.shoulder_line(wavy, np.zeros(w, np.float32), body, 30.0, cap)
    right, left = top[140:], top[:61][::-1]
    assert np.all(np.diff(right) > -0.5) and np.all(np.diff(left) > -0.5)     # outwards: level or falling
    assert top[np.abs(x - 100) >= 30].max() <= 160.5               # beside the collar never below the cap


def test_gaps_close_beside_the_neck_but_stay_the_wall_towards_the_frames_edges():
    """Blind A/B round 10 (issue 38): closing every gap narrower than SLIVER face widths smeared the old wall's
    colours into brown blocks between the hair's ends and the shoulders at the frame's edges (001, 02, 12, 035);
    narrow closing there only, wide beside the neck (round 9 pinched the men's necks) won 10 and 11 of 14."""
    fw, h, w = 100.0, 120, 400
    body = dress.Body((200.0, 20.0), 120.0, fw, None)
    a = np.zeros((h, w), np.float32)
    a[80:] = 1.0                                          # the shoulders
    gap = int(0.1 * fw)                                   # wider than SLIVER_EDGE, narrower than SLIVER
    for x in (200 - 40, 200 + 120):                       # a lock beside the neck, another near the frame's edge
        a[20:80 - gap, x - 15:x + 15] = 1.0
    pre = np.repeat(a[..., None], 3, axis=2) * 100.0
    free = np.ones((h, w), np.float32)
    _, out = dress_outline.closed(pre, a, free, np.zeros((h, w), np.float32), body, 200.0)
    assert out[80 - gap // 2, 160] == 1.0                 # beside the neck: closed
    assert out[80 - gap // 2, 320] == 0.0                 # towards the frame's edge: the wall stays


def test_the_garments_colour_runs_on_past_its_outline_before_its_edge_is_softened():
    """Black dashes on the collar's top (061, 033, 03, 028, 082, named by both judges of round 10): the garment's
    soft edge mixed its cloth with the black where it has no colour, and was made opaque over the old clothing."""
    from idphoto_gui.core.body import dress_fit
    rgb = np.zeros((20, 20, 3), np.float32)
    ga = np.zeros((20, 20), np.float32)
    rgb[:, :10], ga[:, :10] = 200.0, 1.0                  # a white shirt's left half; nothing to its right
    out = dress_fit.bled(rgb, ga)
    assert np.all(out[:, 10:10 + dress_fit.BLEED] == 200.0)  # its own colour past the outline, never black
    assert np.all(out[:, :10] == rgb[:, :10])             # inside: untouched
    assert cv2.GaussianBlur(out, (0, 0), 0.7)[:, 8:12].min() > 190.0   # its blur mixes cloth with cloth


def test_a_garments_soft_edge_takes_its_cloths_colour_never_the_wall_it_was_cut_from():
    """A light fringe along the shoulders' top (028, 033, 035, named by both judges of round 12): the photographed
    suit's edge pixels hold the studio wall it was cut from (alpha 0.2, colour 150 beside cloth of 25)."""
    from idphoto_gui.core.body import dress_fit
    g = garments.find("men-suit-photo")
    rgb, ga = dress_fit.placed(g, 0.5, 0.0, 0.0, 280, 220)
    soft = (ga > 0.05) & (ga < 0.9)
    rows = np.arange(ga.shape[0])[:, None] < 40          # the shoulders' top edge, not the shirt's collar
    cols = (np.arange(ga.shape[1]) < 80) | (np.arange(ga.shape[1]) > 200)
    edge = soft & rows & cols[None, :]
    assert edge.sum() > 40
    solid = (ga > 0.99) & rows & cols[None, :]
    assert rgb[edge].mean() < rgb[solid].mean() + 15.0   # (before: 40 levels lighter than the cloth)


def test_an_old_white_collar_or_a_red_tie_is_never_kept_as_the_necks_skin():
    """Blind A/B round 11 (issue 38): on 047 the neck kept the photo's own white collar and red tie as skin (a
    pale strip and a red speck beside the neck); skin and its shade are kept, those colours are not."""
    from idphoto_gui.core.body import dress_neck
    body = dress.Body((50.0, 20.0), 100.0, 80.0, None)
    skin_rgb = np.uint8([200, 150, 125])
    img = np.tile(skin_rgb, (60, 100, 1)).astype(np.float32)
    img[:, 60:] *= 0.7                                    # the neck's shaded side
    img[30:50, 5:25] = (235, 235, 232)                    # an old white collar
    img[30:50, 75:90] = (190, 30, 40)                     # a red tie
    skin = cv2.cvtColor(skin_rgb[None, None], cv2.COLOR_RGB2LAB)[0, 0].astype(np.float32)
    cloth = dress_neck.clothish(cv2.cvtColor(img.astype(np.uint8), cv2.COLOR_RGB2LAB).astype(np.float32), skin, body)
    assert cloth[40, 15] and cloth[40, 82]
    assert not cloth[10, 40] and not cloth[10, 70]        # skin and shaded skin stay the neck's own


def test_on_a_tight_photo_the_garments_shoulders_fall_to_the_frames_sides(data_dir, tmp_path):
    """Blind A/B round 12 (issue 38): on tight photos the garment's top ran as one flat bar across the frame just
    under the chin ("a pasted strip", "missing shoulders"); now it falls from the collar like a body's shoulders
    (sold 6 of 14 with both judges, main 2 and 1)."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "man_glasses.jpg")), tmp_path, 0.15)
    s, _, dressed = _renders(tight, "men-suit-tie")
    body = _body(s, dressed)
    h, w = dressed.rgb.shape[:2]
    bg = np.all(np.abs(dressed.rgb.astype(int) - np.array(dressed.background)) <= 6, axis=2)

    def top(dx: float) -> float:
        """The mean first non-background row at dx face widths either side of the chin, from the chin down."""
        rows = []
        for x in (int(body.chin[0] - dx * body.face_w), int(body.chin[0] + dx * body.face_w)):
            col = ~bg[int(body.chin[1]):, int(np.clip(x, 0, w - 1))]
            rows.append(int(np.argmax(col)) if col.any() else h - int(body.chin[1]))
        return float(np.mean(rows))

    assert top(0.8) - top(0.5) > 0.05 * body.face_h      # farther out, lower: a falling shoulder, not a flat bar


def test_the_garments_outline_against_the_wall_is_as_soft_as_the_heads_no_haze_no_steps(data_dir, tmp_path):
    """Blind A/B round 16 (issue 38): the garment's shoulders against the wall were a soft band (4-5 px from wall
    to cloth on 082, the head's own edge 1-2 px), read as haze ("a blurred band", "smeared against the blue"); as crisp
    as the head's they won 12 / 0 / 2 and 8 / 5 / 1. Round 27 (ADR 0035): cut that crisp, 24 of these 27 columns had
    no pixel between wall and cloth, "jagged, stair-stepped shoulders"; over 2 px they won 9 / 0 / 5 for both judges."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "man_glasses.jpg")), tmp_path, 0.15)
    s, _, dressed = _renders(tight, "men-suit-tie")
    body = _body(s, dressed)
    bg = np.array(dressed.background, np.float32)
    rgb = dressed.rgb.astype(np.float32)
    widths = []
    for x in range(rgb.shape[1]):
        if abs(x - body.chin[0]) < 0.8 * body.face_w:
            continue
        col = rgb[int(body.chin[1]):, x] - bg
        far = np.linalg.norm(col, axis=1)
        y = int(np.argmax(far > 0.5 * far.max())) if far.max() > 60 else -1
        if y < 6 or y + 6 >= len(col):
            continue
        cloth = col[y + 5]                                 # the wall -> cloth line, each pixel's share along it
        share = col[y - 6:y + 6] @ cloth / float(cloth @ cloth)
        widths.append(int(((share > 0.1) & (share < 0.9)).sum()))
    assert len(widths) > 10
    widths = np.array(widths)       # pixels between wall and cloth per column (round 14: 4-5, haze; the head's 1-2)
    assert np.mean(widths == 0) < 0.2, f"{int((widths == 0).sum())} of {len(widths)} columns cut hard (steps)"
    assert widths.max() <= 3, f"a band of {widths.max()} px (haze)"


def test_a_dressed_tight_cut_sits_at_the_templates_ideal_with_room_for_neck_and_shoulders(data_dir, tmp_path):
    """Blind A/B round 20 (issue 38, ADR 0035): undressed, a tight cut's crop pushes the head to the largest
    size and the lowest eye line to spare painting the body, and dressed it kept that crop: the beard sat on the
    collar, a strip of shoulders below. Dressed, the body is the garment's, so the head takes the template's
    middle and the room below the chin grows."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "expressions" / "interfaces_050.jpg")), tmp_path, 0.25)
    room = {}
    for garment in ("none", "men-suit-photo"):
        s = PhotoSession.for_template(tight, get_template("cn-1inch"))
        s.set_look(Look(garment=garment))
        r = s.render(Target())
        chin = placement.map_points(r.matrix, np.array([s.face().chin]))[0][1]
        room[garment] = (r.rgb.shape[0] - chin) * 35.0 / r.rgb.shape[0]     # mm below the chin
        if garment != "none":
            lo, hi = get_template("cn-1inch").head_height_mm
            assert abs(r.measurements.head_height_mm - (lo + hi) / 2) < 0.3
    assert room["men-suit-photo"] > room["none"] + 2.0, room


def test_the_jaws_outline_above_the_chin_is_antialiased_not_stair_stepped(data_dir, tmp_path):
    """Blind singles round 21 (issue 38, ADR 0035): the jaw beside a dressed neck was cut by the face's outline
    hard, 1 -> 0 in a pixel ("jagged, stair-stepped edges at the chin", 5 of 14 photos); antialiased like the
    outline below the chin it won 4 / 0 / 10 and 5 / 0 / 9 (round 22). Rows of the jaw's outline with no pixel
    between the skin and the wall: 92 of 144 before, 46 after (interfaces_028)."""
    hard = _rows_cut_hard(data_dir / "expressions" / "interfaces_028.jpg", tmp_path, -0.35, 0.0)
    assert len(hard) > 100
    assert np.mean(hard) < 0.45, f"{sum(hard)} of {len(hard)} rows cut hard"


def test_the_jaws_and_necks_outline_by_the_neck_is_as_soft_as_a_photos_edge(data_dir, tmp_path):
    """Blind singles round 25 (issue 38, ADR 0035): the jaw's and the neck's outline was still "stair-stepped" or
    "jagged" to both judges (050, 047, 082, 03, 028, 061). Antialiased over 0.7 px by the neck (round 26): rows from
    0.35 face heights above the chin to 0.3 below with no pixel between the skin and the wall, 73 of 237 before,
    1 after (interfaces_050; on the 14 dressed cuts 685 of 2323 -> 118)."""
    hard = _rows_cut_hard(data_dir / "expressions" / "interfaces_050.jpg", tmp_path, -0.35, 0.3)
    assert len(hard) > 150
    assert np.mean(hard) < 0.1, f"{sum(hard)} of {len(hard)} rows cut hard"


def _rows_cut_hard(photo, tmp_path, above: float, below: float) -> list[bool]:
    """Per row of the dressed outline beside the chin's column (from `above` to `below` face heights off the chin,
    both sides): True where no pixel lies between the skin and the wall (0.1-0.9 of the way along their line)."""
    tight = _cut_below_chin(analyse(load_image(photo)), tmp_path, 0.25)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"))
    s.set_look(Look(garment="men-suit-photo"))
    r = s.render(Target())
    body = _body(s, r)
    bg, rgb = np.array(r.background, np.float32), r.rgb.astype(np.float32)
    hard = []
    for y in range(int(body.chin[1] + above * body.face_h), int(body.chin[1] + below * body.face_h)):
        for step in (-1, 1):
            xs = np.arange(int(body.chin[0]), rgb.shape[1] if step > 0 else -1, step)
            wall = np.linalg.norm(rgb[y, xs] - bg, axis=1) < 12
            i = int(np.argmax(wall))
            if not wall.any() or i < 4:
                continue
            inside = rgb[y, xs[i - 4]] - bg            # the skin -> wall line, each pixel's share along it
            share = (rgb[y, xs[i - 4:i + 1]] - bg) @ inside / float(inside @ inside)
            hard.append(not ((share > 0.1) & (share < 0.9)).any())
    return hard


def test_no_line_of_the_wall_shows_through_where_the_neck_meets_the_collar(data_dir, tmp_path):
    """Blind A/B rounds 20 and 22 (issue 38, ADR 0035): on 047 both judges saw "thin bluish lines" across the neck
    where it meets the collar: a gap closed beside the neck's soft top and the neck fading out as the collar fades
    in left thin dips of coverage between opaque rows. Made on blue and on red, no pixel there may let the
    background through between opaque pixels above and below (26 px before round 24)."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "expressions" / "interfaces_047.jpg")), tmp_path, 0.25)
    made = []
    for colour in ("#438EDB", "#FF0000"):
        s = PhotoSession.for_template(tight, get_template("cn-1inch"), background=Background.parse(colour))
        s.set_look(Look(garment="men-suit-photo"))
        r = s.render(Target())
        made.append((r.rgb.astype(np.float32), np.array(r.background, np.float32)))
    (blue, b), (red, c) = made
    cover = 1.0 - np.abs((blue - red) @ (b - c)) / float((b - c) @ (b - c))   # 1: nothing of the background
    body = _body(s, r)
    fh, (cx, cy) = body.face_h, body.chin
    area = cover[int(cy):int(cy + 0.4 * fh), int(cx - 0.35 * fh):int(cx + 0.35 * fh)]
    k = 3
    above = np.max([np.roll(area, i, 0) for i in range(1, k + 1)], axis=0)
    below = np.max([np.roll(area, -i, 0) for i in range(1, k + 1)], axis=0)
    seam = (area < 0.93) & (above > 0.99) & (below > 0.99)
    assert not seam[k:-k].any(), f"{int(seam[k:-k].sum())} px of the wall in a line inside the body"


def test_the_neck_runs_on_from_the_photos_own_skin_with_no_line_where_the_photo_ended(data_dir, tmp_path):
    """Blind singles rounds 25 and 28 (issue 38, ADR 0035): a "seam" across the painted neck (02, 035, 001). The
    body's continuation repaints the photo's last rows (the matte darkens at an edge: extend.edge_rows), but the
    neck read them as the photo's own and carried their darker colour on: on interfaces_035 the neck's light fell
    by 4-5 levels in two rows at the join, then stayed there. Now no two rows of the neck's middle across the
    join differ by more than 2 levels of L."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "expressions" / "interfaces_035.jpg")), tmp_path, 0.25)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"))
    s.set_look(Look(garment="women-blazer"))
    r = s.render(Target())
    body = _body(s, r)
    join = r.rgb.shape[0] - round(r.measurements.synthesised_px.bottom)    # the photo's measured last row
    cols = slice(int(body.chin[0] - 0.15 * body.face_w), int(body.chin[0] + 0.15 * body.face_w))
    light = cv2.cvtColor(r.rgb, cv2.COLOR_RGB2LAB)[..., 0].astype(np.float32)[:, cols].mean(axis=1)
    rows = light[join - 10:join + 6]
    assert body.chin[1] + 0.15 * body.face_h < join - 10, "the join is on the neck, below the jaw"
    assert np.abs(rows[2:] - rows[:-2]).max() <= 2.0, np.round(rows, 1)
    assert np.ptp(rows) < 4.0, np.round(rows, 1)


def test_the_collar_closes_round_a_turned_neck_not_under_the_chin(data_dir, tmp_path, monkeypatch):
    """Blind singles round 31 (issue 38, ADR 0037): on 033 a "skin chunk floating beside the neck" and on 047 "the
    neck smeared grey on the left". Both heads are turned: under the chin the neck's skin lies 0.25-0.3 face widths
    to one side, and a collar centred on the chin left the far side's skin outside it and filled the near side of
    its opening with a flat patch. Now the collar and the neck move towards the neck's middle; a neck facing the
    camera keeps the chin's column (a shadowed side is not a turn)."""
    seen = {}
    real = dress.dress

    def spy(fg, alpha, body, garment, **kw):
        seen.update(fg=fg, alpha=alpha, body=body, rows=kw["real_rows"])
        return real(fg, alpha, body, garment, **kw)

    monkeypatch.setattr(dress, "dress", spy)
    moved = {}
    for name in ("interfaces_033.jpg", "interfaces_047.jpg", "interfaces_028.jpg"):
        tight = _cut_below_chin(analyse(load_image(data_dir / "expressions" / name)), tmp_path, 0.25)
        s = PhotoSession.for_template(tight, get_template("cn-1inch"))
        s.set_look(Look(garment="men-suit-photo"))
        s.render(Target())
        b, alpha, rows = seen["body"], seen["alpha"], seen["rows"]
        lab = cv2.cvtColor(seen["fg"], cv2.COLOR_RGB2LAB).astype(np.float32)
        sd = dress_body.skin_distance(lab, dress_body.skin_colour(lab, alpha, b, rows))
        nx = dress_neck.neck_column(dress_neck.neck_run(alpha, sd, b, int(np.floor(b.chin[1])) + 1, rows), b)
        moved[name] = (nx - b.chin[0]) / b.face_w
    assert moved["interfaces_033.jpg"] > 0.1 and moved["interfaces_047.jpg"] > 0.1, moved
    assert abs(moved["interfaces_028.jpg"]) < 0.01, moved     # (the move starts from nothing past TURN_DEAD)


def test_a_garment_bent_round_a_turned_neck_keeps_its_shoulders_where_they_were():
    """Blind A/B round 32 (ADR 0037): the whole garment moved with a turned neck read as "sitting off centre with a
    lower, sagging shoulder". `bent_to` moves only its middle: the collar's column by the full move, the shoulders
    a face width out by almost nothing, its colour past the outline (`bled`) with it."""
    from idphoto_gui.core.body import dress_fit

    h, w, cx, dx, reach = 40, 300, 150.0, 20.0, 60.0
    ga = np.zeros((h, w), np.float32)
    ga[:, 145:156] = 1.0          # the collar's middle ...
    ga[:, 20:31] = 1.0            # ... and a seam out on each shoulder
    ga[:, 270:281] = 1.0
    rgb = np.full((h, w, 3), 90.0, np.float32)
    out_rgb, out_a = dress_fit.bent_to(rgb, ga, cx, dx, reach)
    mid = lambda a, lo, hi: float((a[0, lo:hi] * np.arange(lo, hi)).sum() / a[0, lo:hi].sum())  # noqa: E731
    assert abs(mid(out_a, 100, 220) - (150 + dx)) < 0.5
    assert abs(mid(out_a, 0, 60) - 25) < 0.05 * dx and abs(mid(out_a, 240, 300) - 275) < 0.05 * dx
    assert np.all(out_rgb == 90.0)
    assert dress_fit.bent_to(rgb, ga, cx, 0.2, reach)[1] is ga     # (no move: the same arrays)


def _walled_in(rgb: np.ndarray, bg, body: dress.Body) -> int:
    """Pixels of the wall below the chin, out beyond 0.75 face widths, with the person both above and below them
    in their column: holes between the hair's ends and the garment's shoulders."""
    wall = np.all(np.abs(rgb.astype(int) - np.array(bg)) <= 12, axis=2)[int(body.chin[1]):]
    person = ~wall
    above = np.maximum.accumulate(person, axis=0)
    below = np.maximum.accumulate(person[::-1], axis=0)[::-1]
    out = np.abs(np.arange(rgb.shape[1]) - body.chin[0]) > 0.75 * body.face_w
    return int((wall & above & below & out[None, :]).sum())


def test_long_hair_reaches_down_behind_the_garments_shoulders_with_no_wall_between(data_dir, tmp_path):
    """Blind singles round 28 (issue 38, ADR 0036): blue holes where the hair meets the shoulders at the frame's
    sides (083, 035). The strands ended above the painted rows, higher outwards, while the garment's shoulders
    fall lower there. Now they reach down behind its top (in their own colour): on interfaces_083, 424 walled-in
    pixels of the wall before, 89 after."""
    tight = _cut_below_chin(analyse(load_image(data_dir / "expressions" / "interfaces_083.jpg")), tmp_path, 0.25)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"))
    s.set_look(Look(garment="women-blazer"))
    r = s.render(Target())
    walled = _walled_in(r.rgb, r.background, _body(s, r))
    assert walled < 150, walled


def test_the_neck_layer_worked_out_on_its_own_columns_is_the_whole_widths(data_dir, tmp_path, monkeypatch):
    """The neck layer is worked out only on the columns round the neck and its opening, with its blurs' reach
    to spare (`neck_columns`: about half a 295x413 render's width, a faster dressing). Beside them it is 0, and
    within them the same as worked out on the whole width, on a neck facing the camera and a turned one."""
    seen = []
    real = dress.neck_layer

    def spy(*args, **kw):
        out = real(*args, **kw)
        seen.append((args, kw, out))
        return out

    monkeypatch.setattr(dress, "neck_layer", spy)
    suit_tight = _cut_below_chin(analyse(load_image(data_dir / "man_suit.jpg")), tmp_path, 0.25)
    for a in (suit_tight, _cut_below_chin(analyse(load_image(data_dir / "expressions" / "interfaces_033.jpg")),
                                          tmp_path, 0.25)):
        s = PhotoSession.for_template(a, get_template("cn-1inch"))
        s.set_look(Look(garment="men-suit-photo"))
        s.render(Target())
        (fg, sd, alpha, body, skin, halves, ga, yt, y0, collar, opening, rows), kw, (rgb, cover) = seen[-1]
        whole = dress_neck._neck_layer(fg, sd, alpha, body, skin, halves, ga, yt, y0, collar, opening, rows,
                                       kw["told"], kw["headish"], kw["cloth"], kw["noise"], kw["nx"],
                                       (0, alpha.shape[1]))
        c0, c1 = dress_neck.neck_columns(body, halves, opening, kw["nx"], alpha.shape[1])
        assert c1 - c0 < 0.8 * alpha.shape[1]
        assert not whole[1][:, :c0].any() and not whole[1][:, c1:].any()
        assert np.abs(whole[1] - cover).max() < 1e-3 and np.abs(whole[0] - rgb)[cover > 0].max() < 1e-2


def test_the_head_colours_median_from_a_histogram_is_numpys():
    """`head_like` reads the head's median blue-yellow from a histogram of its 8-bit Lab (ADR 0038): the same
    number as np.median, for odd and even counts, narrow and wide spreads."""
    from idphoto_gui.core.body.dress_hair import _median

    rng = np.random.default_rng(7)
    for i in range(300):
        h, w = rng.integers(1, 30, 2)
        lab = rng.integers(100, 110 if i % 2 else 256, (h, w, 3)).astype(np.uint8)
        mask = rng.random((h, w)) < rng.random()
        if mask.any():
            assert _median(lab, 2, mask) == float(np.median(lab[..., 2].astype(np.float32)[mask]))


@pytest.mark.parametrize("photo", ["man_glasses.jpg", "shared:expressions/interfaces_071.jpg"])
def test_the_body_under_a_garment_is_not_textured_and_the_picture_is_the_same(data_dir, tmp_path, monkeypatch,
                                                                              photo):
    """The garment covers the body continued past a tight photo's edge, so that body is not textured (ADR 0038:
    the texture was most of the continuation's cost). The dressed picture is the same as on a textured body.
    071's denim shirt (the 1000 px photo) ends at the photo's edge: it is still told from the head, by the
    colours of its own rows (`worn_clothing`; without them 7000 pixels change)."""
    from idphoto_gui.core.render import compose

    path = SHARED_PHOTOS / photo[7:] if photo.startswith("shared:") else data_dir / photo
    if not path.exists():
        pytest.skip("shared photos not here")
    tight = _cut_below_chin(analyse(load_image(path)), tmp_path, 0.25)
    seen = []
    real = compose.warp

    def spy(*args, **kw):
        seen.append(kw.get("texture", True))
        return real(*args, **kw)

    monkeypatch.setattr(compose, "warp", spy)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"), look=Look(garment="men-suit-tie"))
    bare = s.render(Target()).rgb
    assert seen == [False]
    monkeypatch.setattr(compose, "warp", lambda *a, **kw: real(*a, **{**kw, "texture": True}))
    textured = PhotoSession.for_template(tight, get_template("cn-1inch"), look=Look(garment="men-suit-tie"))
    moved = np.abs(bare.astype(int) - textured.render(Target()).rgb.astype(int)).max(axis=2) > 8
    assert moved.sum() < 60, moved.sum()


@pytest.mark.parametrize("garment", ["women-blazer", "men-suit-photo"])
def test_the_hairs_soft_end_over_the_old_clothing_has_the_hairs_colour(tmp_path, garment):
    """portraits/02's hair ends on her red top. Dressed, the hair's soft end over that top was made opaque inside
    the person's outline in the top's own red: a red sliver between the hair and the garment (blind round 36: "an
    orange-red patch ... between the hair and the suit"). It takes the hair's colour: no red below the chin (main
    had 41 and 17 such pixels). tests/data's woman_white_wall is the same picture encoded again, and shows no
    sliver: hence the shared one (skipped without it)."""
    path = SHARED_PHOTOS / "portraits" / "02_fdlite_portrait_woman.jpg"
    if not path.exists():
        pytest.skip("shared photos not here")
    tight = _cut_below_chin(analyse(load_image(path)), tmp_path, 0.25)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"), look=Look(garment=garment))
    r = s.render(Target())
    rgb = r.rgb.astype(int)
    red = rgb[..., 0] - rgb[..., 1] > 85       # (her top; the hair's reddest ends stay under 70)
    assert not red[int(np.ceil(_body(s, r).chin[1])):].any(), np.argwhere(red)[-5:]

BLUE = "#438EDB"     # cn-1inch's blue, the tight cuts' background below


def _wall(rgb: np.ndarray, within: int) -> np.ndarray:
    """(h, w) bool: pixels within `within` levels of BLUE in every channel."""
    return np.abs(rgb.astype(int) - np.array([int(BLUE[i:i + 2], 16) for i in (1, 3, 5)])).max(axis=2) <= within


def _tight_on_blue(tmp_path, path: Path, garment: str):
    """A shared photo cut a quarter face height below the chin, dressed at cn-1inch on its blue (skipped when the
    shared photos are not beside the checkout): the session and its render."""
    if not path.exists():
        pytest.skip("shared photos not here")
    tight = _cut_below_chin(analyse(load_image(path)), tmp_path, 0.25)
    s = PhotoSession.for_template(tight, get_template("cn-1inch"), look=Look(garment=garment),
                                  background=Background.parse(BLUE))
    return s, s.render(Target())


def test_a_lone_strand_by_the_garment_stays_hair_not_a_dark_speck(tmp_path):
    """interfaces_035's blonde hair ends on the blazer with darker strands among it. A lighter strand pixel unlike
    its column's mean colour was taken for old clothing and covered in the garment's dark: black specks on the hair
    by the shoulder (blind round 64b, both judges). A pixel most of whose neighbours are the same hair is hair: no
    dark pixel below the chin ringed by light hair (main had 4). Shared photo: skipped without it."""
    s, r = _tight_on_blue(tmp_path, SHARED_PHOTOS / "expressions" / "interfaces_035.jpg", "women-blazer")
    luma = r.rgb.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    light = (luma > 120).astype(np.float32)
    ringed = cv2.filter2D(light, -1, np.ones((3, 3), np.float32), borderType=cv2.BORDER_REPLICATE) - light >= 6
    speck = (luma < 70) & ringed
    assert not speck[int(np.ceil(_body(s, r).chin[1])):].any(), np.argwhere(speck)[-5:]


def test_long_hair_in_shade_reaches_down_to_the_garment_with_no_wall_between(tmp_path):
    """interfaces_083's red hair darkens in shade near its tight cut. Its strands reach down behind the garment's
    top only through pixels coloured like the hair just above their ends; 8-bit Lab counts lightness 2.55 times
    over, so shaded hair failed and the new background showed between the hair and the shoulder (blind round 65a,
    both judges: "a round blue hole between the hair and the right shoulder"). Lightness counted in CIE units: at
    most a few background pixels lie between the hair and the garment in any column (main had 84). Shared photo:
    skipped without it."""
    s, r = _tight_on_blue(tmp_path, SHARED_PHOTOS / "expressions" / "interfaces_083.jpg", "women-blazer")
    wall = _wall(r.rgb, 12)
    below = wall[int(np.ceil(_body(s, r).chin[1])):]
    between = 0
    for col in below.T:     # the wall between a column's first and last pixel of the person
        person = np.flatnonzero(~col)
        between += int(col[person[0]:person[-1]].sum()) if person.size > 1 else 0
    assert between < 20, between


def test_the_hairs_see_through_outer_strands_carry_on_past_the_shoulders_row(tmp_path):
    """interfaces_001's bob has see-through outer strands (alpha 0.1 to 0.6) beside its opaque part. Above the
    shoulders' row they were kept as the photo has them; from that row down they were dropped, as the head's parts
    take only pixels over 0.6 opaque: a hard horizontal step in the hair's outline (both judges of rounds 64b and
    65a: "a hard stepped horizontal cut in the left hair"). They are the head's now (`soft_fringe`): the outline's
    leftmost pixel moves by at most a few pixels from row to row round that row (main: a step of 11 px). Shared
    photo: skipped without it."""
    s, r = _tight_on_blue(tmp_path, SHARED_PHOTOS / "expressions" / "interfaces_001.jpg", "women-blazer")
    body = _body(s, r)
    wall = _wall(r.rgb, 44)
    row = int(body.chin[1] - dress_body.SHOULDER_RISE * body.face_h)
    left = [int(np.argmax(~wall[y])) for y in range(row - 15, row + 15)]
    assert np.abs(np.diff(left)).max() <= 5, left
