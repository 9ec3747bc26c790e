"""Dress a rendered person in a garment: fitted to the shoulders and the neck, matched to the photo (issue 38).

Works on the output grid (the matte resampled, the body already continued past the photo's edge), so it
costs the same at any source size. The garment is scaled from the person's shoulder width (the matte's,
where the photo shows the shoulders, else the face's width times the kind's ratio) and its collar put at
the base of the neck; then it is bent column by column so its top follows the real shoulders' line and the
old collar as a garment's clean edge (falling steadily from the rounded collar to the frame's sides, the hair's
cut ends behind it), and every pixel of the old clothing it still misses is covered; narrow gaps of background
beside the neck are closed with the nearest cloth or skin (no background between). The
person's own neck runs down into the collar (their skin where the photo has it, else each column's last
real colour carried down, shaded where the collar meets it). What is the old clothing and what is the head
(hair, ears) is told by this photo's own colours and by what touches the head; hair hanging over the
shoulders stays in front. The garment takes the photo's light (its exposure and white
balance, the side the light comes from), its softness and its noise. The face, the hair and everything
above the shoulders' top row are never touched (`head_mask`).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import cv2
import numpy as np

from ..findings import Finding
from ..templates.template import Template
from .dress_body import (CHEEKS, SHOULDER_RISE, Body, face_mask, first_row, fits, near_skin, per_channel,
                         skin_colour, skin_distance, summed)
from .dress_fit import bent_to, bled, garment_scale, matched, neck_half, noise_level, placed
from .dress_hair import (hair_band, hair_in_front, hanging_hair, head_like, head_parts, jaw_hair, shut_head,
                         soft_fringe, strands, worn_clothing)
from .dress_line import COLLAR_SPAN, COLLAR_TOP, RISE_MAX, covered, crown, first_rows, follow, top_cap
from .dress_neck import (NECK_LOOSE, OWN_NECK, clothish, collar_back, head_shadow, neck_column, neck_layer,
                         neck_opening, neck_run, rim)
from .dress_outline import closed, hair_weight, smooth_edge, softened
from .garments import Garment

log = logging.getLogger(__name__)

NECK_HALF = 0.36              # half a neck's width under the jaw, in face widths, at the least
OPEN_WIDE = 1.15             # the garment's neck opening is this many of its own neck half widths either side
JUST_LIKE = 0.4              # the photo's own pixels under the jaw (dress_neck.UNDER_JAW) kept: those coloured at
                             # least this much like the head (a beard, its shade) or skin
SEAM = 5                     # thin dips of coverage inside the dressed body this many px across are closed...
SEAM_LOW = 0.2               # ... where it already covers this much
CLOTH_SOFT = 0.3            # the garment's outline softened this much (px, sigma): as crisp as the head's own edge
                            # (blind round 16: a softer one read as haze against the wall) ...
HAIR_SOFT = 0.7             # ... and this much over the hair (crisp, a cut through hair reads as teeth)
OWN_MIN = 0.1               # the neck reads the photo's rows above the body's repainted edge when they hold this
                            # many face heights below the chin (else its measured end: the repainted rows join it)
TURN_REACH = 0.7            # a turned neck's collar moves with it, the move fading out over this many face widths
SLIVER_SPAN = 1.3           # gaps of background beside the neck are closed (dress_outline.SLIVER) within this
                            # many face widths of the chin's column


@dataclass(frozen=True)
class Dressed:
    """The person in the garment: foreground, alpha (both the output grid's) and what was done."""

    foreground: np.ndarray
    alpha: np.ndarray
    scale: float           # garment px -> output px
    hair_px: int           # hair pixels kept in front of the garment


def body_of(chin, forehead, points: np.ndarray | None, box_w: float) -> Body:
    """The Body from the face's points already on the output grid."""
    face_h = max(4.0, float(chin[1] - forehead[1]))
    if points is not None and len(points) > max(CHEEKS):
        face_w = float(np.hypot(*(points[CHEEKS[1]] - points[CHEEKS[0]])))
    else:
        face_w = 0.9 * box_w
    return Body((float(chin[0]), float(chin[1])), face_h, max(4.0, face_w), points)


def own_rows(body: Body, measured: int, repainted: int) -> int:
    """The output rows the dressing reads as the photo's own: above the rows the body's continuation repainted
    (extend.edge_rows: the matte darkens at a photo's edge, so a neck carried on from them had a seam), unless
    that leaves under OWN_MIN face heights below the chin (then the fill would start at the chin: a cut line)."""
    if repainted >= measured or repainted - body.chin[1] < OWN_MIN * body.face_h:
        return measured
    return repainted


def dress(fg: np.ndarray, alpha: np.ndarray, body: Body, garment: Garment, *, gains=(1.0, 1.0, 1.0),
          ev: float = 0.0, upscale: float = 1.0, real_rows: int | None = None) -> Dressed:
    """The person on the output grid dressed in `garment`; the head is returned unchanged (`head_mask`).

    `gains`, `ev`: the photo's light correction (retouch/light.LightFix): the garment takes the photo's cast
    (the inverse). `upscale`: output px per source px (an up-scaled photo is softer: so is the garment).
    `real_rows`: the output rows the photo itself covers (below them the body was painted): hair is kept
    down to there, never the painted strands."""
    h, w = alpha.shape
    y0 = int(np.floor(body.chin[1])) + 1          # the first row where the neck may change
    yt = int(np.clip(np.floor(body.chin[1] - SHOULDER_RISE * body.face_h), 0, h))   # ... the shoulders
    if yt >= h:
        return Dressed(fg, alpha, 0.0, 0)
    lab8 = cv2.cvtColor(fg, cv2.COLOR_RGB2LAB)
    lab = lab8.astype(np.float32)
    rows_own = h if real_rows is None else real_rows
    skin = skin_colour(lab, alpha, body, rows_own)
    sd = skin_distance(lab, skin)       # (computed once: every skin test below reads it)
    run = neck_run(alpha, sd, body, y0, rows_own)     # the neck's own skin under the chin
    nx = neck_column(run, body)     # the collar round the neck, a turned one's too
    neck = replace(body, chin=(nx, body.chin[1]))
    scale = garment_scale(alpha, body, garment)
    collar_y = (garment.collar_inner[0][1] + garment.collar_inner[1][1]) / 2
    x0 = body.chin[0] - garment.neck_centre[0] * scale
    top = body.chin[1] + COLLAR_TOP * body.face_h - collar_y * scale
    ext = int(np.ceil(RISE_MAX * body.face_h)) + 2     # rows below the picture, for the garment to rise from
    g_rgb, g_a = placed(garment, scale, x0, top, w, h + ext)
    worn = None if real_rows is None else lambda: worn_clothing(fg, alpha, body, real_rows)  # noqa: E731
    like = head_like(lab8, alpha, body, g_a[:h], worn, rows_own)
    hole = 0.95 * garment.neck_half * scale      # the collar closes round the neck ...
    skin_px = near_skin(sd)
    head = head_parts(like, alpha, body, skin_px)   # hair and ears: the photo's own
    # hair beside the jaw and the neck touching the head's hair (not cut into a box round the neck)
    head = head | jaw_hair(head, like, alpha, body, y0, rows_own,
                           max(neck_half(alpha, body), NECK_HALF * body.face_w),
                           near_skin(sd, NECK_LOOSE) if like.min() < 1.0 else None)
    told = bool(like.min() < 1.0)
    hanging = hanging_hair(like, alpha, body, skin_px) if told else np.ones((h, w), bool)
    if told:      # below the eyes beside the face, hair hangs from above (a collar coloured like it does not)
        ears = skin_px.copy()    # (the ears: skin beside the face, above the chin)
        ears[y0:] = False
        head &= hanging | ears
    head = shut_head(head, alpha, body)
    head |= soft_fringe(head, alpha, body)     # (its see-through outer strands: no step in them at the shoulders' row)
    band = hair_band(head, body, y0)
    hair, gaps = hair_in_front(band, body, rows_own), band.gaps
    above = head.astype(np.float32)
    above[y0:] = 0
    hull = head_mask(body, (h, w))
    old = (alpha > 0.5) & (hull < 0.5) & (above < 0.5) & (hair < 0.5)     # the old clothing (and its strip)
    old[:yt] = False
    neck_skin = skin_px & (np.abs(np.arange(w) - nx) < 1.4 * hole)[None, :]
    neck_skin[int(min(h, body.chin[1] + (COLLAR_TOP + OWN_NECK) * body.face_h)):] = False
    old &= ~neck_skin
    cap = top_cap(alpha, body, real_rows, old)
    g_rgb, g_a, lift = follow(g_rgb, g_a, old, body, hole, cap)   # the garment's top on the shoulders' line
    g_rgb = bled(g_rgb, g_a)     # (its colour past its outline: what its soft edge and blur below mix in)
    lit = first_row(g_a)     # (the garment's rows: above them it is 0, and stays so)
    g_a[lit:] *= crown(g_a.shape, body, hole, body.chin[1] + COLLAR_TOP * body.face_h - lift, cap, first=lit)
    # a turned neck: the collar bent across round it, the shoulders where they were (TURN_REACH)
    g_rgb, g_a = bent_to(g_rgb, g_a, body.chin[0], nx - body.chin[0], TURN_REACH * body.face_w)
    hairy = hair_weight(head[yt:])
    g_a[yt:] = softened(g_a[yt:], hairy, CLOTH_SOFT, HAIR_SOFT)   # its outline as soft as the photo's, not a cut-out's
    if real_rows is not None and real_rows < h:   # the strands' ends down to the garment's top, behind it
        hair = hair_in_front(band, body, real_rows, first_rows(g_a > 0.5), lab)
    kept = first_row(hair)     # the hair's cut ends go behind the garment's clean edge (above its rows: none)
    hair[kept:] *= 1.0 - g_a[kept:]
    noise = noise_level(fg, body)     # (the garment's grain and the neck's: measured once)
    # in the photo's light (above the garment's rows its colour is never shown, nor read: left as it was)
    shown = max(yt, first_row(g_a))
    g_rgb[shown:] = matched(g_rgb[yt:], g_a[yt:], fg, lab, body, gains, ev, upscale, noise, first=shown - yt)
    shadow = head_shadow(neck, (h - yt, w), body.chin[1] + COLLAR_TOP * body.face_h - lift - yt)
    per_channel(np.multiply, g_rgb[shown:], shadow[shown - yt:], out=g_rgb[shown:])
    own = max(neck_half(alpha, body), NECK_HALF * body.face_w)   # ... its own width under the jaw (a neck, not a stalk)
    opening = neck_opening(g_a, int(np.ceil(body.chin[1] + COLLAR_TOP * body.face_h - lift)), nx,
                           OPEN_WIDE * garment.neck_half * scale)
    n_rgb, n_a = neck_layer(fg, sd, alpha, body, skin, (own, hole), g_a, yt, y0, COLLAR_TOP - lift / body.face_h,
                            opening[yt:], rows_own, told=told,
                            headish=(like > JUST_LIKE) | (not told), cloth=clothish(lab[yt:], skin, body),
                            noise=noise, nx=nx)
    g_rgb = rim(g_rgb, g_a, neck, COLLAR_SPAN * hole, int(body.chin[1] + COLLAR_TOP * body.face_h - lift))
    g_rgb, g_a = collar_back(g_rgb, g_a, opening, n_a, yt)   # beside a narrow neck: the collar's inside
    # an old collar on the neck above the new one: the neck's own skin carried over it
    band = (np.abs(np.arange(w) - nx) < 1.05 * own)[None, :]   # beside it: the garment's (covered)
    scrap = (old[yt:] & (g_a[yt:] < 0.5) & (n_a < 0.5) & band).astype(np.float32)
    scrap[:max(0, y0 - yt)] = 0.0     # (from the chin's row down: beside the jaw no neck, the wall shows)
    n_a = np.maximum(n_a, cv2.GaussianBlur(cv2.dilate(scrap, np.ones((3, 3), np.uint8)), (0, 0), 0.8))
    g_rgb, g_a = covered(g_rgb, g_a, old, n_a, yt)   # no old clothing, no background left between
    free = 1.0 - head_mask(body, (h, w), (hair > 0.5) | (above > 0.5))[yt:]
    # layers, premultiplied, from the shoulders' top row down: the neck, the garment over it, the hair over both
    # (each sum made in place on the layers' own arrays: the same numbers, fewer copies of the picture)
    rows = slice(yt, h)
    out = per_channel(np.multiply, n_rgb, n_a)
    out = per_channel(np.multiply, out, 1.0 - g_a[rows], out=fits(out, g_a[rows]))
    out = summed(per_channel(np.multiply, g_rgb[rows], g_a[rows]), out)
    a = g_a[rows] + n_a * (1.0 - g_a[rows])
    ha = hair[rows] * np.where(gaps[rows], 1.0, alpha[rows])
    # the hair's soft end over the old clothing is lifted opaque below (`solid`): in the hair's colour, not the
    # clothing's (a red top's sliver between the hair and the garment, blind round 36)
    fringe = gaps | ((hair > 0.0) & old & ~head & (like < JUST_LIKE))
    out = summed(per_channel(np.multiply, strands(fg, head, fringe)[rows], ha),
                 per_channel(np.multiply, out, 1.0 - ha, out=out))
    a = ha + a * (1.0 - ha)
    # inside the person's own outline no layer's soft edge lets the background through (no light seams)
    solid = np.where(a > 0.02, np.maximum(a, alpha[rows]), a)
    per_channel(np.divide, out, np.maximum(a, 1e-4), out=out)
    per_channel(np.multiply, out, solid, out=out)
    a = solid
    # the head (and what lies above the shoulders' row) as it was, over the layers: they show only through its
    # soft edge (the neck behind the jaw, the garment behind the hair), never in place of its own pixels
    keep = 1.0 - free
    head_a = alpha[rows] * keep
    per_channel(np.multiply, out, 1.0 - head_a, out=out)
    out += per_channel(np.multiply, fg[rows].astype(np.float32), head_a)
    a = a * (1.0 - head_a) + head_a
    # no background slivers beside the neck and the shoulders next to it
    reach = SLIVER_SPAN * body.face_w
    span = slice(int(max(0, nx - reach)), int(min(w, nx + reach)))
    held = above[rows, span] + hair[rows, span]      # (the head's and its hair's: no gap closed over them)
    closed(out[:, span], a[:, span], free[:, span], held, body, nx - span.start, g_a[rows, span] > 0.5)   # (in place)
    sealed(out, a, free)    # (in place)
    out, a = smooth_edge(out, a, free, 0, hairy)   # (beside the jaw too: the face's outline cuts it there, ADR 0035)
    new_fg, new_a = fg.copy(), alpha.copy()
    per_channel(np.divide, out, np.maximum(a, 1e-4), out=out)
    out += 0.5
    new_fg[rows] = np.clip(out, 0, 255, out=out).astype(np.uint8)
    new_a[rows] = np.clip(a, 0.0, 1.0)
    return Dressed(new_fg, new_a, scale, int((hair[rows] > 0.5).sum()))


def sealed(pre: np.ndarray, a: np.ndarray, free: np.ndarray) -> None:
    """The layers (premultiplied) with their thin dips of coverage raised to their surroundings (a grey closing over
    SEAM px), in place: where a gap closed next to the neck's soft top, or the neck fades out as the collar fades in,
    a line of the wall showed through (blind round 22: "faint blue lines cross the neck"). Nearly clear pixels are
    left as they are (`closed` gave every gap it closed its colour), and so is the head (`free` 0)."""
    shut = cv2.morphologyEx(a, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (SEAM, SEAM)))
    up = (shut > a + 0.004) & (a > SEAM_LOW) & (free > 0.5)
    pre[up] *= (shut[up] / a[up])[:, None]
    a[up] = shut[up]


def head_mask(body: Body, shape: tuple[int, int], hair: np.ndarray | None = None) -> np.ndarray:
    """(h, w) 1 where the head is (never changed): every row above the shoulders' top row, and above the
    chin's row the face (inside the mesh's outline, 2 px grown; without a mesh the band of the face's width)
    and `hair` (the hair, the ears: a hard edge, these pixels are the photo's own)."""
    h, w = shape
    yt = int(np.clip(np.floor(body.chin[1] - SHOULDER_RISE * body.face_h), 0, h))
    y0 = int(np.clip(np.floor(body.chin[1]) + 1, 0, h))
    m = face_mask(body, shape)
    if hair is not None:
        m |= (hair > 0.5).astype(np.uint8)
    m[y0:] = 0
    m[:yt] = 1
    return m.astype(np.float32)


def finding(garment: Garment) -> Finding:
    """The info finding saying the clothing was replaced (its reason is the garment's id)."""
    return Finding("garment", "info", None, None, "", garment.id)


def refusal(template: Template, garment_id: str) -> Finding:
    """The info finding saying the clothing was not replaced: the document allows no alteration."""
    return Finding("garment", "info", None, None, "", "not_allowed")


def missing(garment_id: str) -> Finding:
    """The info finding saying the clothing was not replaced: the garment is no longer there (its folder)."""
    return Finding("garment", "info", None, None, "", "missing")


def why_not(template: Template, garment_id: str) -> str | None:
    """Why a photo for `template` cannot be dressed in `garment_id` (unknown, or the document's rule), or None."""
    from .garments import GarmentError, find, studio_folder

    if garment_id == "none":
        return None
    try:
        g = find(garment_id, studio_folder())
    except GarmentError as exc:
        return str(exc)
    if not allowed(template):
        return (f"{g.id}: the {template.id} photo must show the person's own clothing; a garment may only be put "
                f"on where the document allows alteration ('free'). Rule: {template.alteration_source}")
    return None


def allowed(template: Template) -> bool:
    """True when the template's document lets the clothing be replaced (alteration `free`)."""
    return template.alteration == "free" and not template.is_pair
