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
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from ..findings import Finding
from ..imaging.nearest import nearest_colours
from ..templates.template import Template
from .garments import Garment

log = logging.getLogger(__name__)

SHOULDERS_PER_FACE = {"men": 2.85, "women": 2.65, "children": 2.5}   # shoulder tip to tip / cheek to cheek
SHOULDER_RANGE = (2.3, 3.5)   # a matte's shoulder width is believed inside this many face widths
SHOULDER_RISE = 0.4           # beside the face the shoulders may be dressed from this many face heights above the chin
HEAD_HALF = 0.55              # without a face mesh the head is this many face widths either side of the chin
COLLAR_TOP = 0.06             # the collar's inner top points (beside the neck) sit this many face heights (forehead to
                              # chin) below the chin; its front lower, the neck showing down into it
NECK_HALF = 0.36              # half a neck's width under the jaw, in face widths, at the least
MIRROR_FADE = 0.08            # the skin's texture mirrored below the photo's last rows fades over this many face
                              # heights (farther down a mirror repeats the jaw)
FILL_GRAIN = 0.6              # the painted neck takes this share of the photo's grain (its mirrored texture the rest)
OWN_NECK = 0.2                # the photo's own skin is the neck down to this many face heights below the collar
NECK_FIT = 0.15               # the scale follows the neck's width within this share of the shoulders' scale
SHOULDER_ROW = 1.1            # the matte's shoulders are read this many face heights below the chin
NECK_ROW = 0.2                # the neck's width is read this far below the chin
JAW_SHADOW = (0.14, 0.12)     # the neck is this much darker just under the jaw, fading over this many face heights
COLLAR_SHADOW = (0.3, 0.035)  # ... and where the collar meets it, over this share of the face height
HEAD_SHADOW = (0.16, 0.45)    # the head's shadow on the garment: this much darker, this many face widths/heights
COLLAR_RIM = (0.22, 0.02)     # the collar's own edge round the neck this much darker, over this share of it
COLLAR_BACK = 0.55           # the inside of the collar behind the neck is this much of its cloth's light
OPEN_WIDE = 1.15             # the garment's neck opening is this many of its own neck half widths either side
UNDER_JAW = 0.16             # the photo's own pixels under the jaw: a rounded patch this many face heights deep
JUST_LIKE = 0.4              # ... those coloured at least this much like the head (a beard, its shade) or skin
JAW_SKIN = 1.0               # beside the jaw the neck's shaded skin is this much farther from its colour
NECK_LOOSE = 1.8             # within the neck's own width a shadowed skin this much farther counts
SHADE_AB = 1.2               # ... in lightness; in hue only this much farther
SKIN_AB, SKIN_L = 10.0, 18.0  # Lab distance (chroma, lightness) to the neck's colour that counts as skin
RISE_MAX = 0.6                # the garment's shoulders rise at most this many face heights to the real ones
DROP_MAX = 0.1                # ... and drop at most this many to them
NECK_CUT = 0.25              # hair is traced from the head apart from the neck below this many face heights over the chin
NECK_BAND = 0.4             # ... within this many face widths of the chin's column (the neck)
EAR_END = 0.3               # skin-coloured pixels beside the face above this many face heights over the chin stay
EAR_WIDE = 0.62             # ... within this many face widths of the chin's column
COLLAR_SPAN = 1.3           # the collar (this many neck-opening half widths either side) moves whole
COLLAR_HIGH = 0.0           # ... rising to an old collar that sits high, never above this many face heights below the chin
SHOULDER_FALL = 0.45        # a body's shoulder line falls this many face heights per face width from the neck
SLOPE = 0.4                 # the shoulders bend from the collar's height to their own over this many face widths
CLOTH_SOFT = 0.7            # the garment's outline softened this much (px, sigma) over the hair and the wall
CROWN_ROUND = 0.2           # the collar's top rounds into the shoulders' fall over this many face widths
LINE_SOFT = 0.08            # the shoulder line is smoothed over this many face widths (sigma: a cloth's curve)
HIDE_CUT = 0.04             # the garment's top reaches this many face heights above the photo's last row there
CAP_REACH = 0.25            # ... from this many face widths beyond the person's sides in that row
SLIVER = 0.14               # gaps of background narrower than this many face widths beside the neck are closed,
GAP_BLEND = 0.02            # ... with their neighbours' colours blended over this many face widths (sigma)
SLIVER_SPAN = 1.3           # ... within this many face widths of the chin's column
HANG_FROM = 0.45            # hair beside the jaw hangs from this many face heights above the chin
LONG_HAIR = 0.15            # ... unless long hair this many face widths wide frames the face on that side
HAIR_WIDE = 1.0               # hair and ears lie within this many face widths of the chin's column
HAIR_TIPS = 0.05              # hair over the garment ends, strand by strand, within this many face heights above
                              # the painted rows
HAIR_DRAPE = 0.2              # ... its ends rising this many face heights one face width out (draped over a shoulder)
HAIR_GAPS = 0.06              # gaps between strands narrower than this many face widths are hair (no cloth blobs)
EDGE_SOFT = 0.8               # the dressed body's outline below the chin is antialiased over this many px (sigma)
BLUE_B = 5.0                  # a colour this much bluer (Lab b) than neutral and than the head's is not the head's
HEAD_RARE = 0.05              # a colour this rare on the head (share of its commonest) can be the old clothing
SAMPLE_MIN = 40                 # head and clothing sample pixels needed to tell them apart
LIGHT_SHARE = 0.8             # the garment takes this share of the photo's own exposure and colour cast
SIDE_LIGHT = 0.5              # ... and this share of the face's left-right light difference
BASE_BLUR = 0.45              # a camera's own softness at output size (px), before any up-scaling
CHEEKS = (234, 454)           # mesh points at the face's widest
SEED = 38


@dataclass(frozen=True)
class Body:
    """Where the person is on the output grid (px): the chin, the face's height and width, the mesh."""

    chin: tuple[float, float]
    face_h: float               # forehead (mesh point 10) to chin
    face_w: float               # cheek to cheek
    points: np.ndarray | None   # the mesh on the output grid, or None


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
    lab = cv2.cvtColor(fg, cv2.COLOR_RGB2LAB).astype(np.float32)
    scale = _scale(alpha, body, garment)
    collar_y = (garment.collar_inner[0][1] + garment.collar_inner[1][1]) / 2
    x0 = body.chin[0] - garment.neck_centre[0] * scale
    top = body.chin[1] + COLLAR_TOP * body.face_h - collar_y * scale
    ext = int(np.ceil(RISE_MAX * body.face_h)) + 2     # rows below the picture, for the garment to rise from
    g_rgb, g_a = _placed(garment, scale, x0, top, w, h + ext)
    like = _head_like(lab, alpha, body, g_a[:h])
    hole = 0.95 * garment.neck_half * scale      # the collar closes round the neck ...
    skin = _skin_colour(lab, alpha, body, h if real_rows is None else real_rows)
    sd = _skin_distance(lab, skin)       # (computed once: every skin test below reads it)
    skin_px = _near(sd)
    head = _head_parts(like, alpha, body, skin_px)   # hair and ears: the photo's own
    # hair beside the jaw and the neck touching the head's hair (not cut into a box round the neck)
    head = head | _jaw_hair(head, like, alpha, body, y0, h if real_rows is None else real_rows,
                            max(_neck_half(alpha, body), NECK_HALF * body.face_w),
                            _near(sd, NECK_LOOSE) if like.min() < 1.0 else None)
    told = bool(like.min() < 1.0)
    hanging = _hanging(like, alpha, body, skin_px) if told else np.ones((h, w), bool)
    if told:      # below the eyes beside the face, hair hangs from above (a collar coloured like it does not)
        ears = skin_px.copy()    # (the ears: skin beside the face, above the chin)
        ears[y0:] = False
        head &= hanging | ears
    head = _shut(head, alpha, body)
    hair, gaps = _hair(head, body, y0, h if real_rows is None else real_rows)
    above = head.astype(np.float32)
    above[y0:] = 0
    hull = head_mask(body, (h, w))
    old = (alpha > 0.5) & (hull < 0.5) & (above < 0.5) & (hair < 0.5)     # the old clothing (and its strip)
    old[:yt] = False
    neck_skin = skin_px & (np.abs(np.arange(w) - body.chin[0]) < 1.4 * hole)[None, :]
    neck_skin[int(min(h, body.chin[1] + (COLLAR_TOP + OWN_NECK) * body.face_h)):] = False
    old &= ~neck_skin
    cap = _cap(alpha, body, real_rows)
    g_rgb, g_a, lift = _follow(g_rgb, g_a, old, body, hole, cap)   # the garment's top on the shoulders' line
    g_a = g_a * _crown(g_a.shape, body, hole, body.chin[1] + COLLAR_TOP * body.face_h - lift, cap)
    g_a[yt:] = cv2.GaussianBlur(g_a[yt:], (0, 0), CLOTH_SOFT)   # its outline as soft as the photo's, not a cut-out's
    hair = hair * (1.0 - g_a)        # the hair's cut ends go behind the garment's clean edge
    g_rgb[yt:] = _matched(g_rgb[yt:], g_a[yt:], fg, lab, body, gains, ev, upscale)   # (above: never shown)
    g_rgb[yt:] *= _head_shadow(body, (h - yt, w), body.chin[1] + COLLAR_TOP * body.face_h - lift - yt)[..., None]
    own = max(_neck_half(alpha, body), NECK_HALF * body.face_w)   # ... its own width under the jaw (a neck, not a stalk)
    opening = _opening(g_a, int(np.ceil(body.chin[1] + COLLAR_TOP * body.face_h - lift)), body.chin[0],
                       OPEN_WIDE * garment.neck_half * scale)
    n_rgb, n_a = _neck(fg, sd, alpha, body, skin, (own, hole), g_a, yt, y0, COLLAR_TOP - lift / body.face_h,
                       opening[yt:], h if real_rows is None else real_rows, told=told,
                       headish=(like > JUST_LIKE) | (not told))
    g_rgb = _rim(g_rgb, g_a, body, COLLAR_SPAN * hole, int(body.chin[1] + COLLAR_TOP * body.face_h - lift))
    g_rgb, g_a = _collar_back(g_rgb, g_a, opening, n_a, yt)   # beside a narrow neck: the collar's inside
    # an old collar on the neck above the new one: the neck's own skin carried over it
    band = (np.abs(np.arange(w) - body.chin[0]) < 1.05 * own)[None, :]   # beside it: the garment's (covered)
    scrap = (old[yt:] & (g_a[yt:] < 0.5) & (n_a < 0.5) & band).astype(np.float32)
    scrap[:max(0, y0 - yt)] = 0.0     # (from the chin's row down: beside the jaw no neck, the wall shows)
    n_a = np.maximum(n_a, cv2.GaussianBlur(cv2.dilate(scrap, np.ones((3, 3), np.uint8)), (0, 0), 0.8))
    # beside the jaw, above the chin's row, what the collar does not reach and is the neck's skin or coloured
    # like the head (hair behind it) stays the photo's own: no white strip between the face and the hair; an
    # old collar there goes (all of it where this photo's colours cannot tell clothing from head: a grey
    # jacket under grey hair)
    jaw = old & (g_a < 0.5) & (_near(sd, JAW_SKIN) | ((like > 0.4) & told & hanging)) & \
        (np.abs(np.arange(w) - body.chin[0]) < COLLAR_SPAN * hole + 0.1 * body.face_w)[None, :]
    jaw[y0:] = False
    jaw[:yt] = False
    n_rgb = np.where(jaw[yt:, :, None], fg[yt:].astype(np.float32), n_rgb)
    n_a = np.maximum(n_a, jaw[yt:] * alpha[yt:])
    g_rgb, g_a = _covered(g_rgb, g_a, old & ~jaw, n_a, yt)   # no old clothing, no background left between
    free = 1.0 - head_mask(body, (h, w), np.maximum(hair, above))[yt:]
    # layers, premultiplied, from the shoulders' top row down: the neck, the garment over it, the hair over both
    rows = slice(yt, h)
    out = n_rgb * n_a[..., None]
    ga = g_a[rows, :, None]
    out = g_rgb[rows] * ga + out * (1.0 - ga)
    a = ga[..., 0] + n_a * (1.0 - ga[..., 0])
    ha = hair[rows, :, None] * np.where(gaps, 1.0, alpha)[rows, :, None]
    out = _strands(fg, head, gaps)[rows] * ha + out * (1.0 - ha)
    a = ha[..., 0] + a * (1.0 - ha[..., 0])
    # inside the person's own outline no layer's soft edge lets the background through (no light seams)
    solid = np.where(a > 0.02, np.maximum(a, alpha[rows]), a)
    out = out / np.maximum(a[..., None], 1e-4) * solid[..., None]
    a = solid
    # the head (and what lies above the shoulders' row) as it was
    keep = 1.0 - free
    out = out * free[..., None] + fg[rows].astype(np.float32) * alpha[rows, :, None] * keep[..., None]
    a = a * free + alpha[rows] * keep
    # no background slivers beside the neck and the shoulders next to it
    reach = SLIVER_SPAN * body.face_w
    span = slice(int(max(0, body.chin[0] - reach)), int(min(w, body.chin[0] + reach)))
    out[:, span], a[:, span] = _closed(out[:, span], a[:, span], free[:, span], (above + hair)[rows, span], body)
    out, a = _smooth_edge(out, a, free, y0 - yt)
    new_fg, new_a = fg.copy(), alpha.copy()
    new_fg[rows] = np.clip(out / np.maximum(a[..., None], 1e-4) + 0.5, 0, 255).astype(np.uint8)
    new_a[rows] = np.clip(a, 0.0, 1.0)
    return Dressed(new_fg, new_a, scale, int((hair[rows] > 0.5).sum()))


def _smooth_edge(pre: np.ndarray, a: np.ndarray, free: np.ndarray, top: int):
    """The layers (premultiplied) with the outline below the chin's row antialiased (a hard matte, a carried-over
    scrap or a closed gap gives a stepped edge): only along the outline, the cloth inside stays sharp."""
    top = max(0, top)
    if top >= a.shape[0]:
        return pre, a
    p, q = pre[top:], a[top:]
    sp = cv2.GaussianBlur(p, (0, 0), EDGE_SOFT)
    sa = cv2.GaussianBlur(q, (0, 0), EDGE_SOFT)
    edge = ((q < 0.995) | (sa < 0.995)) & (free[top:] > 0.5) & ((q > 0.005) | (sa > 0.005))
    pre, a = pre.copy(), a.copy()
    pre[top:][edge] = sp[edge]
    a[top:][edge] = sa[edge]
    return pre, a


def _holes(solid: np.ndarray) -> np.ndarray:
    """(h, w) bool: background enclosed by the person (not reached from the part's edge): a hole, never the wall."""
    n, labels = cv2.connectedComponents((~solid).astype(np.uint8), connectivity=4)
    if n <= 1:
        return np.zeros_like(solid)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return ~solid & ~np.isin(labels, edge)


def _closed(pre: np.ndarray, a: np.ndarray, free: np.ndarray, hairy: np.ndarray, body: Body):
    """The layers (premultiplied) with every narrow gap of background between the jaw, the neck and the garment
    closed (a morphological closing of the person's outline, SLIVER face widths across) and every hole it leaves:
    each gap pixel outside the head and its hair (`free`, `hairy`) takes its nearest body pixel's colour (neck,
    garment), never the wall's."""
    solid = a > 0.5
    k = max(3, int(SLIVER * body.face_w) | 1)
    shut = cv2.morphologyEx(solid.astype(np.uint8), cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
    shut |= _holes(shut)
    gap = shut & ~solid & (hairy < 0.5) & (free > 0.5)
    if not gap.any():
        return pre, a
    ys, xs = np.nonzero(gap)
    y0, y1 = max(0, ys.min() - k), min(a.shape[0], ys.max() + k + 1)
    x0, x1 = max(0, xs.min() - k), min(a.shape[1], xs.max() + k + 1)
    have = solid[y0:y1, x0:x1] & (a[y0:y1, x0:x1] > 0.98)
    if not have.any():
        return pre, a
    own = pre[y0:y1, x0:x1] / np.maximum(a[y0:y1, x0:x1], 1e-6)[..., None]   # (looked up where a > 0.98)
    near = cv2.GaussianBlur(nearest_colours(have, own), (0, 0), max(0.8, GAP_BLEND * body.face_w))   # (no tears)
    g = gap[y0:y1, x0:x1]
    pre, a = pre.copy(), a.copy()
    pre[y0:y1, x0:x1][g] = near[g]
    a[y0:y1, x0:x1][g] = 1.0
    return pre, a


def head_mask(body: Body, shape: tuple[int, int], hair: np.ndarray | None = None) -> np.ndarray:
    """(h, w) 1 where the head is (never changed): every row above the shoulders' top row, and above the
    chin's row the face (inside the mesh's outline, 2 px grown; without a mesh the band of the face's width)
    and `hair` (the hair, the ears: a hard edge, these pixels are the photo's own)."""
    h, w = shape
    yt = int(np.clip(np.floor(body.chin[1] - SHOULDER_RISE * body.face_h), 0, h))
    y0 = int(np.clip(np.floor(body.chin[1]) + 1, 0, h))
    m = _face(body, shape)
    if hair is not None:
        m |= (hair > 0.5).astype(np.uint8)
    m[y0:] = 0
    m[:yt] = 1
    return m.astype(np.float32)


def _face(body: Body, shape: tuple[int, int]) -> np.ndarray:
    """(h, w) uint8 1 inside the face mesh's outline grown 2 px (without a mesh, the band of the face's width)."""
    h, w = shape
    m = np.zeros((h, w), np.uint8)
    if body.points is not None and len(body.points) > max(CHEEKS):
        hull = cv2.convexHull(np.round(body.points * 4).astype(np.int32))
        cv2.fillConvexPoly(m, hull, 1, cv2.LINE_8, shift=2)
        m = cv2.dilate(m, np.ones((5, 5), np.uint8))
    else:
        m[:, np.abs(np.arange(w) - body.chin[0]) <= HEAD_HALF * body.face_w] = 1
    return m


def _scale(alpha: np.ndarray, body: Body, garment: Garment) -> float:
    """Garment px -> output px: from the shoulders, leaning on the neck's width where the matte shows it."""
    by_shoulders = _shoulders(alpha, body, garment.kind) / garment.shoulder_width
    neck = _neck_half(alpha, body)
    if not neck:
        return by_shoulders
    by_neck = 1.05 * neck / garment.neck_half
    return float(np.clip(np.sqrt(by_neck * by_shoulders), by_shoulders * (1 - NECK_FIT), by_shoulders * (1 + NECK_FIT)))


def _shoulders(alpha: np.ndarray, body: Body, kind: str) -> float:
    """The shoulder width in output px: the matte's at shoulder level when it shows them whole, else the face's."""
    h, w = alpha.shape
    ratio = SHOULDERS_PER_FACE.get(kind, SHOULDERS_PER_FACE["men"])
    y = int(round(body.chin[1] + SHOULDER_ROW * body.face_h))
    if 0 <= y < h:
        xs = np.flatnonzero(alpha[y] > 0.5)
        if len(xs) and xs[0] > 1 and xs[-1] < w - 2:
            width = float(xs[-1] - xs[0])
            lo, hi = SHOULDER_RANGE
            if lo * body.face_w <= width <= hi * body.face_w:
                return 0.5 * width + 0.5 * ratio * body.face_w
    return ratio * body.face_w


def _neck_half(alpha: np.ndarray, body: Body) -> float:
    """Half the neck's width just under the chin (the matte's run around the chin's column), 0 when unsure."""
    h, w = alpha.shape
    y = int(round(body.chin[1] + NECK_ROW * body.face_h))
    if not 0 <= y < h:
        return 0.0
    row = alpha[y] > 0.5
    x = int(np.clip(round(body.chin[0]), 0, w - 1))
    if not row[x]:
        return 0.0
    left = np.flatnonzero(~row[:x])
    right = np.flatnonzero(~row[x:])
    lx = left[-1] + 1 if len(left) else 0
    rx = x + right[0] if len(right) else w
    half = (rx - lx) / 2
    return float(half) if 0.25 * body.face_w < half < 0.45 * body.face_w else 0.0


@lru_cache(maxsize=8)
def _scaled(path: str, size: tuple[int, int]) -> np.ndarray:
    """The garment picture at a size, premultiplied RGB and alpha, float32 (cached: a drag re-uses it)."""
    from .garment import _pixels

    img = _pixels(path).astype(np.float32)
    a = img[..., 3:] / 255.0
    pre = np.dstack([img[..., :3] * a, a])
    return cv2.resize(pre, size, interpolation=cv2.INTER_AREA)


def _placed(garment: Garment, scale: float, x0: float, y0: float, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """The garment on the output grid: (h, w, 3) colour (not premultiplied) and (h, w) coverage; its last rows
    carry on down when the photo reaches below the picture."""
    gh, gw = garment.pixels().shape[:2]
    size = (max(2, int(round(gw * scale))), max(2, int(round(gh * scale))))
    stack = _scaled(str(garment.path), size)
    sx, sy = size[0] / gw, size[1] / gh
    m = np.array([[scale / sx, 0, x0], [0, scale / sy, y0]], np.float32)
    bottom = max(0, int(np.ceil(h - (y0 + size[1] * scale / sy))) + 2)
    if bottom:
        stack = cv2.copyMakeBorder(stack, 0, bottom, 0, 0, cv2.BORDER_REPLICATE)
    out = cv2.warpAffine(stack, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    ga = np.clip(out[..., 3], 0.0, 1.0)
    rgb = out[..., :3] / np.maximum(ga[..., None], 1e-4)
    return rgb, ga


def _matched(rgb: np.ndarray, ga: np.ndarray, fg: np.ndarray, lab: np.ndarray, body: Body, gains, ev: float,
             upscale: float) -> np.ndarray:
    """The garment in the photo's light: its cast and exposure, the side light, its softness and noise."""
    lin = (np.clip(rgb, 0, 255) / 255.0) ** 2.2
    cast = np.array([1.0 / max(g, 1e-3) for g in gains], np.float32) ** LIGHT_SHARE
    lin = lin * cast * np.float32(2.0 ** (-ev * LIGHT_SHARE))
    side = _side_light(lab, body)
    if side:
        x = (np.arange(rgb.shape[1], dtype=np.float32) - body.chin[0]) / max(1.0, 2.0 * body.face_w)
        lin = lin * np.clip(1.0 + side * np.clip(x, -1, 1), 0.6, 1.4)[None, :, None]
    out = np.clip(lin, 0, 1) ** (1 / 2.2) * 255.0
    sigma = BASE_BLUR + 0.5 * np.sqrt(max(upscale ** 2 - 1.0, 0.0))
    out = cv2.GaussianBlur(out, (0, 0), sigma)
    noise = _noise_level(fg, body)
    if noise > 0.3:
        grain, colour = _normals(SEED, out.shape)
        out = out + grain[..., None] * noise + colour * (0.35 * noise)
    return out


@lru_cache(maxsize=4)
def _normals(seed: int, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The garment's grain: seeded normal noise, (h, w) and (h, w, 3) float32 (cached: the same each render)."""
    rng = np.random.default_rng(seed)
    grain = rng.standard_normal(shape[:2]).astype(np.float32)
    colour = rng.standard_normal(shape).astype(np.float32)
    grain.setflags(write=False)
    colour.setflags(write=False)
    return grain, colour


def _side_light(lab: np.ndarray, body: Body) -> float:
    """How much lighter the face's image-right cheek is than its left (relative, halved): the light's side."""
    if body.points is None or len(body.points) <= max(CHEEKS):
        return 0.0
    h, w = lab.shape[:2]
    vals = []
    for i in CHEEKS:
        x, y = body.points[i]
        cx = (x + body.chin[0]) / 2      # half-way in from the cheek's edge: skin, not hair
        x0, x1 = int(max(0, cx - 0.06 * body.face_w)), int(min(w, cx + 0.06 * body.face_w) + 1)
        y1, y2 = int(max(0, y - 0.06 * body.face_h)), int(min(h, y + 0.06 * body.face_h) + 1)
        if x1 - x0 < 2 or y2 - y1 < 2:
            return 0.0
        vals.append(float(np.median(lab[y1:y2, x0:x1, 0])))
    left, right = vals
    if min(left, right) < 20:
        return 0.0
    return float(np.clip(SIDE_LIGHT * (right - left) / ((right + left) / 2), -0.3, 0.3))


def _noise_level(fg: np.ndarray, body: Body) -> float:
    """The photo's grain on the output grid (grey levels): the fine residual on the forehead, robustly."""
    h, w = fg.shape[:2]
    cx, cy = body.chin
    top = cy - 0.85 * body.face_h
    x0, x1 = int(max(0, cx - 0.2 * body.face_w)), int(min(w, cx + 0.2 * body.face_w))
    y1, y2 = int(max(0, top)), int(min(h, top + 0.15 * body.face_h))
    if x1 - x0 < 6 or y2 - y1 < 6:
        return 0.0
    g = cv2.cvtColor(fg[y1:y2, x0:x1], cv2.COLOR_RGB2GRAY).astype(np.float32)
    res = g - cv2.GaussianBlur(g, (0, 0), 1.0)
    return float(min(6.0, 1.4826 * np.median(np.abs(res - np.median(res))) * 1.6))


def _skin_colour(lab: np.ndarray, alpha: np.ndarray, body: Body, real_rows: int) -> np.ndarray:
    """The neck's Lab colour: the skin just under the chin (in the photo's own rows, not the painted strip),
    else the lower cheeks' a little darker."""
    h, w = alpha.shape
    cx, cy = body.chin
    x0, x1 = int(max(0, cx - 0.15 * body.face_w)), int(min(w, cx + 0.15 * body.face_w))
    cheek = lab[int(max(0, cy - 0.35 * body.face_h)):int(max(1, cy - 0.2 * body.face_h)),
                int(max(0, cx - 0.3 * body.face_w)):int(min(w, cx + 0.3 * body.face_w))].reshape(-1, 3)
    face = np.median(cheek, axis=0) if len(cheek) else np.array([150.0, 140.0, 145.0], np.float32)
    r0 = int(min(h, cy + 0.03 * body.face_h))
    r1 = int(min(h, real_rows - 1, cy + 0.25 * body.face_h))
    band = lab[r0:r1, x0:x1]
    a_band = alpha[r0:r1, x0:x1]
    if band.size:
        near = _is_skin(band, face) & (a_band > 0.9)
        if near.sum() > 20:
            return np.median(band[near], axis=0).astype(np.float32)
    return (face - np.array([18.0, 0.0, 0.0])).astype(np.float32)   # 8-bit Lab: L x 255/100


def _is_skin(lab: np.ndarray, ref: np.ndarray, loose: float = 1.0) -> np.ndarray:
    """Pixels near a skin colour (8-bit Lab: L 0-255, a and b offset by 128); `loose` widens the test."""
    return _near(_skin_distance(lab, ref), loose)


def _skin_distance(lab: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """(h, w, 2): each pixel's Lab distance to a skin colour, in chroma and in lightness (for `_near`)."""
    d_ab = np.hypot(lab[..., 1] - ref[1], lab[..., 2] - ref[2])
    return np.dstack([d_ab, np.abs(lab[..., 0] - ref[0])]).astype(np.float32)


def _near(sd: np.ndarray, loose: float = 1.0) -> np.ndarray:
    """Pixels near the skin colour `_skin_distance` measured from (as `_is_skin`); `loose` widens the test."""
    return (sd[..., 0] < SKIN_AB * loose) & (sd[..., 1] < SKIN_L * 2.55 * loose)


def _head_shadow(body: Body, shape: tuple[int, int], top: float) -> np.ndarray:
    """(h, w) the light left on the garment under the head's soft shadow (HEAD_SHADOW): darkest just under the
    collar's front, fading out and down; a painted top in even light reads as pasted."""
    h, w = shape
    x = (np.arange(w, dtype=np.float32) - body.chin[0]) / (HEAD_SHADOW[1] * body.face_w)
    y = (np.arange(h, dtype=np.float32) - top) / (HEAD_SHADOW[1] * body.face_h)
    y = np.maximum(y, 0.0)
    return 1.0 - HEAD_SHADOW[0] * np.exp(-(y[:, None] ** 2 + x[None, :] ** 2))


def _rim(rgb: np.ndarray, ga: np.ndarray, body: Body, span: float, top: int) -> np.ndarray:
    """The garment's colour with its edge round the neck in shade (COLLAR_RIM): a collar's fold turns away from
    the light, so it has depth, not a flat cut-out's edge."""
    h, w = ga.shape
    gap = (ga < 0.5).astype(np.float32)
    gap[:, np.abs(np.arange(w) - body.chin[0]) > span] = 0.0
    gap[:max(0, top - 2)] = 0.0
    near = cv2.GaussianBlur(gap, (0, 0), max(1.0, COLLAR_RIM[1] * body.face_h))
    dark = 1.0 - COLLAR_RIM[0] * np.clip(2.0 * near, 0.0, 1.0)   # (its soft edge too: no light seam)
    return rgb * dark[..., None]


def _collar_back(rgb: np.ndarray, ga: np.ndarray, opening: np.ndarray, neck_a: np.ndarray, yt: int):
    """The garment with its opening's part the neck does not fill (a narrow or turned neck) shown as the inside
    of the collar behind the neck: its nearest cloth in shade (COLLAR_BACK), never invented skin or the wall."""
    back = (opening > 0.5) & (ga < 0.5)
    back[yt:] &= neck_a < 0.5
    if not back.any() or not (ga > 0.5).any():
        return rgb, ga
    near = nearest_colours(ga > 0.5, rgb)
    rgb, ga = rgb.copy(), ga.copy()
    rgb[back] = near[back] * COLLAR_BACK
    ga[back] = 1.0
    return rgb, ga


def _shaded(sd: np.ndarray) -> np.ndarray:
    """Pixels that may be the neck's skin in shade: NECK_LOOSE farther in lightness, but its hue (a shadow darkens,
    it does not turn a navy shirt or a dark wall into skin) within SHADE_AB of the plain test's."""
    return (sd[..., 0] < SKIN_AB * SHADE_AB) & (sd[..., 1] < SKIN_L * 2.55 * NECK_LOOSE)


def _opening(ga: np.ndarray, top: int, cx: float = 0.0, half: float | None = None) -> np.ndarray:
    """(h, w) 1 inside the garment's opening from row `top` down: uncovered pixels with the garment on both
    sides in their row (a round neckline, an open collar's V): the skin shows there."""
    g = ga > 0.5
    inside = ~g & np.maximum.accumulate(g, axis=1) & np.maximum.accumulate(g[:, ::-1], axis=1)[:, ::-1]
    inside[:max(0, top)] = False
    if half is not None:     # the neck's opening, not the gap a lowered shoulder leaves beside the neck
        inside[:, np.abs(np.arange(g.shape[1]) - cx) > half] = False
    return cv2.GaussianBlur(inside.astype(np.float32), (0, 0), 0.7)


def _neck(fg, sd, alpha, body: Body, skin: np.ndarray, halves: tuple[float, float], ga: np.ndarray, yt: int,
          y0: int, collar: float, opening: np.ndarray, real_rows: int, told: bool = True,
          headish: np.ndarray | None = None):
    """The neck from row yt on: the person's skin where it is, else (from the chin's row y0) the skin colour
    carried down, widening from its own width under the jaw to the collar's opening at the collar's top (no
    gap beside it);
    shaded where the collar meets it. `sd`: each pixel's `_skin_distance` to the neck's colour `skin`.
    (colour (n, w, 3) float, coverage (n, w))."""
    h, w = alpha.shape
    ys = np.arange(yt, h, dtype=np.float32)[:, None]
    xs = np.arange(w, dtype=np.float32)[None, :]
    top, collar = halves
    t = np.clip((ys - body.chin[1]) / max(1.0, collar * body.face_h), 0.0, 1.0)   # the collar's width at its top
    half = top + (collar - top) * t
    u = (xs - body.chin[0]) / np.maximum(half, 1.0)
    # from the chin's row down (beside the jaw the photo's own stays: hair, skin; no neck with straight sides)
    fade_in = np.clip((ys - (y0 - 1)) / 2.0, 0.0, 1.0)
    taper = np.where(ys < body.chin[1], 0.8, 1.0)    # (its first row, above the chin's: narrower)
    tube = np.clip((taper - np.abs(u)) * half / 3.0, 0.0, 1.0) * fade_in   # 3 px soft sides
    # in the photo's own rows its outline is the neck's: no neck drawn over the wall beside it
    mine_rows = np.clip((real_rows - 1 - ys) / 3.0, 0.0, 1.0)
    seen = 1.0 - mine_rows * (1.0 - alpha[yt:])     # (the wall beside the neck there: the collar's back shows)
    inside = np.maximum(tube, opening) * seen
    own = np.maximum(_near(sd[yt:]), _shaded(sd[yt:]) & (np.abs(u) < 1.0))
    own = own.astype(np.float32) * alpha[yt:] * np.clip((1.0 - np.abs(u)) * half / 2.0, 0.0, 1.0)   # its outline
    own *= ys < body.chin[1] + (collar + OWN_NECK) * body.face_h    # lower down: a top's lace, not skin
    own *= np.clip((taper - np.abs(u)) * half / 2.0, 0.0, 1.0)     # behind the jaw no wider than the neck's top
    own *= np.clip((real_rows - 1 - ys) / 3.0, 0.0, 1.0)            # not the painted smear
    # within its own width just under the chin the photo's pixels are the neck, in light or shade
    # (a rounded patch under the jaw: its shadow, a beard), not a box; and beside the jaw, up behind it, the
    # neck's sides in their shade (the neck does not start at the chin's row)
    under = ((xs - body.chin[0]) / max(1.0, 0.9 * top)) ** 2 + ((ys - body.chin[1]) / (UNDER_JAW * body.face_h)) ** 2
    just = under < 1.0     # (a rounded patch: above the chin's row it runs up behind the jaw, no box's corners)
    if headish is not None:     # ... of skin, shade or beard, never an old white collar's scrap (`headish`)
        just &= headish[yt:] | _shaded(sd[yt:])
    own = np.maximum(own, just * alpha[yt:] * np.clip((real_rows - 1 - ys) / 3.0, 0.0, 1.0))
    if not told:   # this photo's colours cannot tell hair from clothing: in its own rows, within the neck's
        # width, its own pixels (the neck, hair over it) stay; no neck drawn over hair with straight sides
        own = np.maximum(own, alpha[yt:] * (ys >= y0) * np.clip((1.0 - np.abs(u)) * half / 2.0, 0.0, 1.0)
                         * np.clip((real_rows - 1 - ys) / 3.0, 0.0, 1.0))
    own = np.clip((cv2.GaussianBlur(own, (0, 0), 1.6) - 0.3) * 2.5, 0.0, 1.0)   # an organic outline
    cover = np.maximum(inside, own)
    d = np.maximum(ys - body.chin[1], 0.0) / body.face_h
    jaw = 1.0 - JAW_SHADOW[0] * np.exp(-d / JAW_SHADOW[1])
    cyl = 1.0 - 0.12 * np.clip(np.abs(u), 0, 1.6) ** 2   # the neck's sides turn away from the light (smoothly)
    base = cv2.cvtColor(np.uint8(np.clip(skin, 0, 255))[None, None, :], cv2.COLOR_LAB2RGB)[0, 0].astype(np.float32)
    mine = fg[yt:].astype(np.float32)
    y_chin = int(np.floor(body.chin[1])) + 1 - yt
    # each column's colour from the photo's last real rows of neck (the fill continues them, no seam); its
    # light and shade across the neck come with it, so only the columns without any are shaded
    y_hi = max(y_chin + 2, real_rows - 1 - yt)
    y_lo = max(y_chin, y_hi - max(4, int(0.06 * body.face_h)))
    last = (own[y_lo:y_hi] > 0.5) & _near(sd[yt:][y_lo:y_hi], NECK_LOOSE)   # skin, not a beard's end
    cols = _column_skin(mine[y_lo:y_hi], last, base, body)
    seen = cv2.blur(last.any(axis=0).astype(np.float32)[None, :], (max(3, int(0.1 * body.face_w)) | 1, 1))[0]
    shade = 1.0 - (1.0 - jaw * cyl) * (1.0 - seen)[None, :]
    filled = _inpainted(mine, own, cover * (ga[yt:] < 0.99), cols[None, :, :] * shade[..., None],   # (seen)
                        MIRROR_FADE * body.face_h)
    noise = _noise_level(fg, body)
    if noise > 0.3:
        filled = filled + np.random.default_rng(SEED + 1).standard_normal(filled.shape[:2]).astype(np.float32)[
            ..., None] * (FILL_GRAIN * noise)
    rgb = own[..., None] * mine + (1.0 - own[..., None]) * filled
    # ambient occlusion where the collar meets the neck
    near = cv2.GaussianBlur(ga[yt:], (0, 0), max(1.0, COLLAR_SHADOW[1] * body.face_h))
    rgb *= (1.0 - COLLAR_SHADOW[0] * np.clip(near - ga[yt:], 0, 1) * 2.0)[..., None]
    return rgb, cover


def _inpainted(mine: np.ndarray, own: np.ndarray, cover: np.ndarray, filled: np.ndarray,
               depth: float = 12.0) -> np.ndarray:
    """The neck's fill continued from the photo's own neck pixels around it (an inpainting: its light, shade
    and colour run on across the join, no patch of flat colour beside the real skin); `filled` where the
    photo shows none."""
    ys, xs = np.nonzero(cover > 0.02)
    if len(ys) == 0:
        return filled
    m = 4
    y0, y1 = max(0, ys.min() - m), min(cover.shape[0], ys.max() + m + 1)
    x0, x1 = max(0, xs.min() - m), min(cover.shape[1], xs.max() + m + 1)
    known = own[y0:y1, x0:x1] > 0.5
    if known.sum() < 20:
        return filled
    src = np.clip(mine[y0:y1, x0:x1], 0, 255).astype(np.uint8)
    size = (x1 - x0, y1 - y0)
    half = (max(1, size[0] // 2), max(1, size[1] // 2))     # at half size (its colours are smooth; a quarter the cost)
    small = cv2.resize(src, half, interpolation=cv2.INTER_AREA)
    gone = cv2.resize((~known).astype(np.uint8), half, interpolation=cv2.INTER_NEAREST)
    done = cv2.resize(cv2.inpaint(small, gone, 2, cv2.INPAINT_TELEA), size, interpolation=cv2.INTER_LINEAR)
    done = np.where(known[..., None], src, done).astype(np.float32)
    # the skin's own fine texture carried on below each column's last real row, mirrored (as sharp as the
    # photo's rows above the join: no smooth band)
    part = mine[y0:y1, x0:x1]
    detail = part - cv2.GaussianBlur(part, (0, 0), 1.2)
    n = y1 - y0
    last = n - 1 - np.argmax(known[::-1], axis=0)          # each column's last known row
    rows = np.arange(n)[:, None]
    src_y = np.clip(2 * last[None, :] - rows, 0, n - 1)
    cols = np.broadcast_to(np.arange(x1 - x0)[None, :], src_y.shape)
    use = (rows > last[None, :]) & known[src_y, cols] & known.any(axis=0)[None, :]
    fade = np.clip(1.0 - (rows - last[None, :]) / max(1.0, depth), 0.0, 1.0)
    done += detail[src_y, cols] * (use * fade)[..., None]
    out = filled.copy()
    out[y0:y1, x0:x1] = done
    return out


def _column_skin(rgb: np.ndarray, skin: np.ndarray, base: np.ndarray, body: Body) -> np.ndarray:
    """(w, 3): each column's own neck colour (its skin just under the chin), smoothed, the neck's colour where
    a column has none (the neck's own light and shade carry down)."""
    n = len(rgb)
    wt = skin[:n].astype(np.float32)
    num = (rgb[:n] * wt[..., None]).sum(axis=0)
    den = wt.sum(axis=0)
    k = (max(3, int(0.15 * body.face_w)) | 1, 1)
    num = cv2.blur(num[None], k)[0]
    den = cv2.blur(den[None, :], k)[0][:, None]
    prior = 3.0
    return ((num + prior * base[None, :]) / (den + prior)).astype(np.float32)


def _head_like(lab: np.ndarray, alpha: np.ndarray, body: Body, ga: np.ndarray) -> np.ndarray:
    """(h, w) 0-1: how much each pixel's colour is the head's (hair, skin) rather than the old clothing's.

    Two colour histograms (Lab in 16 steps a channel): the head's, read beside and above the eyes and on the
    face; the old clothing's, read where the garment will lie, away from the neck. A blonde's strands, dark
    hair on dark skin or a beige top are told apart by what this photo holds, not by fixed colours."""
    h, w = alpha.shape
    cx, cy = body.chin
    q = (np.clip(lab, 0, 255) / 16).astype(np.int32)
    code = (q[..., 0] * 16 + q[..., 1]) * 16 + q[..., 2]
    xs = np.abs(np.arange(w) - cx)[None, :]
    ys = np.arange(h)[:, None]
    head = (alpha > 0.9) & (ys > cy - 1.3 * body.face_h) & (ys < cy - 0.1 * body.face_h) & (xs < 1.2 * body.face_w)
    cloth = (alpha > 0.9) & (ga > 0.5) & (ys > cy + 0.12 * body.face_h) & (xs > 0.5 * body.face_w)
    if head.sum() < SAMPLE_MIN:
        return np.ones((h, w), np.float32)          # nothing to tell them apart by: keep the photo's own
    k = np.ones(3, np.float32) / 3            # each bin shares with its neighbours (a shade darker or lighter)
    hh = np.bincount(code[head], minlength=4096).astype(np.float32) / head.sum()
    hh = cv2.filter2D(hh.reshape(256, 16), -1, k[None, :]).ravel() + 1e-4
    cloth &= hh[code] < HEAD_RARE * hh.max()    # long hair lying where the garment goes is not the clothing
    if cloth.sum() < SAMPLE_MIN:
        return np.ones((h, w), np.float32)
    hc = np.bincount(code[cloth], minlength=4096).astype(np.float32) / cloth.sum()
    hc = cv2.filter2D(hc.reshape(256, 16), -1, k[None, :]).ravel() + 1e-4
    p = (hh / (hh + hc))[code].astype(np.float32)
    # hair and skin are never blue: a shirt's blue beside the jaw (read with the head's colours) is the clothing's
    p[lab[..., 2] < min(128.0 - BLUE_B, float(np.median(lab[..., 2][head])) - BLUE_B)] = 0.0
    return cv2.GaussianBlur(p, (0, 0), 0.8)


def _head_parts(like: np.ndarray, alpha: np.ndarray, body: Body, skin: np.ndarray) -> np.ndarray:
    """(h, w) bool: head-coloured pixels connected to the head beside and above the eyes (hair, ears, the
    face), within HAIR_WIDE face widths of the chin's column. Old clothing coloured like the hair but not
    touching it (a grey jacket under grey hair, apart from it by the background) is not part of it."""
    h, w = alpha.shape
    cx, cy = body.chin
    cand = ((like > 0.6) & (alpha > 0.6)).astype(np.uint8)
    start = int(max(0, cy - 1.0 * body.face_h))     # hair hangs from beside the eyes and below
    cand[:start] = 0
    d = np.abs(np.arange(w) - cx)
    cand[:, d >= HAIR_WIDE * body.face_w] = 0
    # not through the face or the neck: old clothing touching the neck is not hair even if it looks alike
    cand[_face(body, (h, w)) > 0] = 0
    cand[int(max(0, cy - NECK_CUT * body.face_h)):, d < NECK_BAND * body.face_w] = 0
    n, labels = cv2.connectedComponents(cand, connectivity=4)
    if n <= 1:
        return np.zeros((h, w), bool)
    top = int(max(start + 1, cy - 0.45 * body.face_h))
    above = np.unique(labels[start:top][cand[start:top] > 0])
    keep = np.isin(labels, above[above > 0])
    # the ears (skin beside the face above the jaw's end): the head's, whatever touches them
    ears = skin & (alpha > 0.6) & (d < EAR_WIDE * body.face_w)[None, :]
    ears[int(max(0, cy - EAR_END * body.face_h)):] = False
    keep |= ears
    return cv2.morphologyEx(keep.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0   # no specks


def _hanging(like: np.ndarray, alpha: np.ndarray, body: Body, skin: np.ndarray) -> np.ndarray:
    """(h, w) bool: head-coloured pixels hanging from beside the eyes: an unbroken run of them from the row
    HANG_FROM face heights above the chin down (long hair), leaning outwards at most 1 px a row (a collar
    beside a beard runs inwards), the face left out; on a side framed by long hair (not `skin`) all of it."""
    cy = body.chin[1]
    y_from = int(np.clip(cy - HANG_FROM * body.face_h, 0, alpha.shape[0] - 1))
    face = _face(body, alpha.shape) == 0
    ok = (like > 0.6) & (alpha > 0.6) & face
    ok = cv2.morphologyEx(ok.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 1), np.uint8)) > 0   # a strand's gap
    out = np.ones_like(ok)
    run = ok[y_from].copy()
    c = int(np.clip(round(body.chin[0]), 1, ok.shape[1] - 1))
    from_inside = np.zeros_like(run)
    for y in range(y_from + 1, ok.shape[0]):      # row by row: a strand falls straight or leans outwards
        from_inside[:c] = run[1:c + 1]
        from_inside[c:] = run[c - 1:-1]
        run = ok[y] & (run | from_inside)
        out[y] = run
    # on a side where long hair frames the face (a wide band of hair beside the eyes), all of it hangs
    band = ok[y_from:int(y_from + 0.2 * body.face_h)] & ~skin[y_from:int(y_from + 0.2 * body.face_h)]
    for side in (slice(0, c), slice(c, ok.shape[1])):
        if band.size and np.median(band[:, side].sum(axis=1)) > LONG_HAIR * body.face_w:
            out[:, side] = True
    return out


def _jaw_hair(head: np.ndarray, like: np.ndarray, alpha: np.ndarray, body: Body, y0: int, real_rows: int,
              neck: float, skin: np.ndarray | None) -> np.ndarray:
    """The head-coloured pixels beside the jaw and the neck, in the photo's own rows, that touch the head's
    hair (the band `_head_parts` leaves out round the neck): hair there stays the photo's own, not a box of
    neck with straight sides. Below the chin the neck is left out: its skin where the colours tell skin from
    hair (`skin`), else its half width `neck`."""
    cand = ((like > 0.6) & (alpha > 0.6)).astype(np.uint8)
    cand[max(y0, min(alpha.shape[0], real_rows - 1)):] = 0
    if skin is None:
        cand[y0:, np.abs(np.arange(alpha.shape[1]) - body.chin[0]) < neck] = 0
    else:
        cand[y0:][skin[y0:]] = 0
    cand[:int(max(0, body.chin[1] - NECK_CUT * body.face_h - 2))] = 0
    cand[_face(body, alpha.shape) > 0] = 0
    seed = head.astype(np.uint8)
    _, labels = cv2.connectedComponents(np.maximum(cand, seed), connectivity=4)
    hit = np.unique(labels[seed > 0])
    return np.isin(labels, hit[hit > 0]) & (cand > 0)


def _hair(head: np.ndarray, body: Body, y0: int, real_rows: int) -> tuple[np.ndarray, np.ndarray]:
    """(h, w) share of each pixel below the chin that is hair hanging down from the head (kept in front of
    the garment): straight down, in the columns where it crosses the chin's row (a top beside it is not
    hair), never the neck's columns, and not into the rows painted past the photo's edge (a smear); and the
    (h, w) bool gaps between strands it closes (their colour is the nearest hair's, not the old clothing's)."""
    h, w = head.shape
    cx, cy = body.chin
    yt = int(max(0, cy - SHOULDER_RISE * body.face_h))
    keep = head.copy()
    cols = keep[yt:y0].any(axis=0)[None, :]
    d = np.abs(np.arange(w) - cx)[None, :]
    band = cols & (d > 0.2 * body.face_w) & (d < HAIR_WIDE * body.face_w)   # wider out: the old shoulders
    keep &= band
    # narrow gaps between strands are hair (else the garment shows through them: dark blobs in the hair)
    k = max(3, int(HAIR_GAPS * body.face_w) | 1)
    shut = cv2.morphologyEx(keep.astype(np.uint8), cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
    gaps = shut & ~keep & band
    gaps[:y0] = False
    keep |= gaps
    soft = cv2.GaussianBlur(keep.astype(np.float32), (0, 0), 0.9)    # (blurred with the rows above: no seam)
    soft *= np.clip((d - 0.2 * body.face_w) / (0.06 * body.face_w), 0.0, 1.0)   # fading in beside the neck (no edge)
    soft[:y0] = 0.0
    ys = np.arange(h, dtype=np.float32)[:, None]
    # the strands end one by one above the painted rows (each column its own end, a soft edge), higher
    # outwards as hair draped over a shoulder: tips lying on the collar, not a straight cut across the hair
    r = cv2.GaussianBlur(np.random.default_rng(SEED + 2).random((1, w)).astype(np.float32), (0, 0), 2.0)[0]
    r = (r - r.min()) / max(1e-6, float(r.max() - r.min()))
    out = np.clip((d[0] - 0.2 * body.face_w) / body.face_w, 0.0, 1.0) ** 2
    end = real_rows - 1 - body.face_h * (HAIR_TIPS * r + HAIR_DRAPE * out)
    ends = np.clip((end[None, :] - ys) / 5.0, 0.0, 1.0)
    return soft * ends, gaps


def _shut(head: np.ndarray, alpha: np.ndarray, body: Body) -> np.ndarray:
    """The head with its narrow gaps between strands closed, out beside the neck (a dark strand in shade is
    hair, not old clothing: else the garment shows through the hair in blobs)."""
    k = max(3, int(HAIR_GAPS * body.face_w) | 1)
    shut = cv2.morphologyEx(head.astype(np.uint8), cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
    d = np.abs(np.arange(head.shape[1]) - body.chin[0])[None, :]
    return head | (shut & (alpha > 0.3) & (d > NECK_BAND * body.face_w + k) & (_face(body, head.shape) == 0))


def _strands(fg: np.ndarray, head: np.ndarray, gaps: np.ndarray) -> np.ndarray:
    """(h, w, 3) float: the photo, with each gap between strands in the colour of its nearest hair pixel."""
    out = fg.astype(np.float32)
    if not gaps.any():
        return out
    ys, xs = np.nonzero(gaps)
    k = 8
    y0, y1 = max(0, ys.min() - k), min(fg.shape[0], ys.max() + k + 1)
    x0, x1 = max(0, xs.min() - k), min(fg.shape[1], xs.max() + k + 1)
    have = head[y0:y1, x0:x1] & ~gaps[y0:y1, x0:x1]
    if not have.any():
        return out
    g = gaps[y0:y1, x0:x1]
    out[y0:y1, x0:x1][g] = nearest_colours(have, out[y0:y1, x0:x1])[g]
    return out


def _first(m: np.ndarray) -> np.ndarray:
    """(w,) float: each column's first True row, nan where it has none."""
    has = m.any(axis=0)
    out = m.argmax(axis=0).astype(np.float32)
    out[~has] = np.nan
    return out


def _fill_nan(v: np.ndarray) -> np.ndarray:
    """Missing values from their neighbours (linear between, the nearest beyond the ends)."""
    ok = np.isfinite(v)
    if not ok.any():
        return np.zeros_like(v)
    x = np.arange(len(v))
    return np.interp(x, x[ok], v[ok]).astype(np.float32)


def _shoulder_line(shift: np.ndarray, g_line: np.ndarray, body: Body, span: float,
                   cap: np.ndarray | None) -> np.ndarray:
    """(w,) the shift giving a garment's edge, not the matte's: beside the collar its top falls steadily out to
    the frame's sides (no wave where the old clothing rose, no bumps at the hair's ragged ends), reaching `cap`."""
    top = _falling(g_line + shift, body.chin[0], span)
    d = np.abs(np.arange(len(top)) - body.chin[0])
    if cap is not None:     # (not the collar's own opening)
        top = np.where(d >= span, np.minimum(top, cap), top)
    soft = cv2.GaussianBlur(top[None, :].astype(np.float32), (0, 0), max(1.0, LINE_SOFT * body.face_w))[0]
    mix = np.clip((d - span) / max(1.0, LINE_SOFT * body.face_w), 0.0, 1.0)   # the collar itself stays as drawn
    return (top + (soft - top) * mix - g_line).astype(np.float32)


def _falling(top: np.ndarray, cx: float, span: float) -> np.ndarray:
    """(w,) the top line made to fall (or run level) from the collar's span outwards on each side: a shoulder
    never rises towards the frame's side, so the old clothing's bumps and the hair's ragged ends leave no wave."""
    out = top.astype(np.float32).copy()
    w = len(out)
    lo = int(np.clip(np.floor(cx - span), 0, w - 1))
    hi = int(np.clip(np.ceil(cx + span), 0, w - 1))
    out[hi:] = np.maximum.accumulate(out[hi:])
    out[:lo + 1] = np.maximum.accumulate(out[:lo + 1][::-1])[::-1]
    return out


def _follow(rgb: np.ndarray, ga: np.ndarray, old: np.ndarray, body: Body, hole: float,
            cap: np.ndarray | None = None):
    """The garment bent column by column so its top follows the old clothing's top (the real shoulders'
    line, and the old collar beside the neck): it reaches at least that line, rising at most RISE_MAX face
    heights, never dropping more than DROP_MAX, falling steadily outwards (a garment's clean shoulder line) and
    reaching `cap` (w,) where given (above the painted rows: the hair's cut ends go behind it). The neck's
    opening moves with the collar either side of it. Returns colour, coverage and the rise at the collar (px)."""
    h, w = ga.shape
    cx = body.chin[0]
    g_top = _first(ga > 0.5)
    opened = old.copy()
    opened = cv2.morphologyEx(opened.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0
    o_top = _first(opened)
    shift = o_top - g_top                               # < 0: the garment goes up
    d = np.abs(np.arange(w) - cx)
    shift = np.clip(shift, -RISE_MAX * body.face_h, DROP_MAX * body.face_h)
    # the collar moves whole (no sheared drawing): as the old clothing just beside it, rising
    # to COLLAR_HIGH below the chin at most (the neck stays a neck); the shoulders bend smoothly away from it
    span = COLLAR_SPAN * hole
    beside = (d >= 0.5 * span) & (d < span) & np.isfinite(shift)     # the old collar beside the neck
    collar = float(np.percentile(shift[beside], 30)) if beside.sum() >= 4 else 0.0
    collar = float(np.clip(collar, -max(0.0, COLLAR_TOP - COLLAR_HIGH) * body.face_h, DROP_MAX * body.face_h))
    # a shoulder rises beside the neck at least to a body's own line: from the collar's top, falling
    # SHOULDER_FALL face heights per face width outwards (no long bare neck where the old one was cut away)
    natural = body.chin[1] + body.face_h * (COLLAR_TOP + SHOULDER_FALL * np.maximum(d - span, 0.0) / body.face_w)
    need = np.maximum(natural - g_top, -RISE_MAX * body.face_h)
    shift = np.where(np.isfinite(shift) & np.isfinite(need), np.minimum(shift, need), shift)
    shift[d < span] = np.nan
    shift = _fill_nan(shift)
    # rise to the highest nearby need (a shoulder's top is covered), then smooth (no kinks in the cloth)
    k = max(3, int(0.3 * body.face_w) | 1)      # wider than the smoothing: the peaks stay covered
    shift = -cv2.dilate((-shift)[None, :].astype(np.float32), np.ones((1, k), np.uint8))[0]
    shift = cv2.GaussianBlur(shift[None, :], (0, 0), max(1.0, 0.06 * body.face_w))[0]
    blend = np.clip((d - span) / max(1.0, SLOPE * body.face_w), 0.0, 1.0) ** 1.5   # the shoulder's slope, no step
    shift = (collar + (shift - collar) * blend).astype(np.float32)
    shift = _shoulder_line(shift, _fill_nan(g_top), body, span, cap)
    ys = np.arange(h, dtype=np.float32)[:, None]
    map_y = (ys - shift[None, :]).astype(np.float32)     # new(y + shift) = old(y)
    map_x = np.broadcast_to(np.arange(w, dtype=np.float32)[None, :], (h, w)).astype(np.float32)
    pre = cv2.remap((rgb * ga[..., None]).astype(np.float32), map_x, map_y, cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_REPLICATE)
    a = np.clip(cv2.remap(ga.astype(np.float32), map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE),
                0.0, 1.0)
    col = pre / np.maximum(a[..., None], 1e-4)
    at = int(np.clip(round(cx), 0, w - 1))
    n = old.shape[0]          # the picture's rows (the garment was placed on a taller canvas)
    return col[:n], a[:n], float(max(0.0, -shift[at]))


def _crown(shape: tuple[int, int], body: Body, hole: float, top: float, cap: np.ndarray | None) -> np.ndarray:
    """(h, w) 0-1: the garment's outline beside the neck rounded as a collar lying round a neck and falling onto
    the shoulders (a curve from the collar's top at the neck's side, no flat-topped block), antialiased."""
    h, w = shape
    t = np.maximum(np.abs(np.arange(w) - body.chin[0]) - hole, 0.0) / body.face_w
    r = CROWN_ROUND
    line = top + body.face_h * SHOULDER_FALL * np.where(t < r, t * t / (2 * r), t - r / 2)
    if cap is not None:
        line = np.minimum(line, cap)
    ys = np.arange(h, dtype=np.float32)[:, None]
    return np.clip(ys - line[None, :].astype(np.float32) + 0.5, 0.0, 1.0)


def _cap(alpha: np.ndarray, body: Body, real_rows: int | None) -> np.ndarray | None:
    """(w,) the lowest row the garment's top may have in each column: HIDE_CUT above the photo's last row where
    the person reaches it (below, the body is painted), no limit elsewhere; None when nothing was painted."""
    h = alpha.shape[0]
    if real_rows is None or real_rows >= h:
        return None
    row = int(np.clip(real_rows - 1, 0, h - 1))
    cap = np.full(alpha.shape[1], np.inf, np.float32)
    xs = np.flatnonzero(alpha[row] > 0.5)
    if len(xs):    # from the person's one side to the other there (a gap in the matte is no notch in the cloth)
        reach = int(CAP_REACH * body.face_w)    # ... and on round a shoulder falling off there
        cap[max(0, xs[0] - reach):xs[-1] + 1 + reach] = real_rows - 1 - HIDE_CUT * body.face_h
    return cap


def _covered(rgb: np.ndarray, ga: np.ndarray, old: np.ndarray, neck_a: np.ndarray, yt: int):
    """The garment carried over every old-clothing pixel it does not cover yet and the neck does not take
    (the matte wider than the garment, a scrap beside the collar): its nearest cloth, at full coverage."""
    miss = old.copy()
    miss[yt:] &= (ga[yt:] < 0.5) & (neck_a < 0.5)
    # above the garment's own top the old clothing goes (the new outline: a neck, sloping shoulders); only the
    # holes inside it and the columns it does not reach are carried over
    top = _first(ga > 0.5)
    if np.isfinite(top).any():     # the columns it does not reach: its edge carried on level (no ragged scrap)
        top = _fill_nan(top)
    rows = np.arange(ga.shape[0], dtype=np.float32)[:, None]
    miss &= ~(rows < np.nan_to_num(top, nan=-1.0)[None, :])
    miss[:yt] = False
    if not miss.any():
        return rgb, ga
    miss = cv2.dilate(miss.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    have = ga[yt:] > 0.5
    if not have.any():
        return rgb, ga
    # the nearest garment pixel's colour (a distance transform's labels), softened (no streaks from the edge)
    near = nearest_colours(have, rgb[yt:])
    small = cv2.resize(near, (max(1, near.shape[1] // 4), max(1, near.shape[0] // 4)), interpolation=cv2.INTER_AREA)
    sigma = max(0.5, 0.03 * max(rgb.shape[:2]) / 4)
    soft = cv2.resize(cv2.GaussianBlur(small, (0, 0), sigma), (near.shape[1], near.shape[0]),
                      interpolation=cv2.INTER_LINEAR)
    fill = miss[yt:] & ~have
    out = rgb.copy()
    out[yt:][fill] = soft[fill]
    a = ga.copy()
    a[miss] = 1.0
    return out, a


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
