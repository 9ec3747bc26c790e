"""Make a garment from a roomy photo of a person or a mannequin wearing it (issue 38).

The clothing below the collar is cut out by the matte; the head (every row down to the chin, and the
face's outline) and the neck's skin (pixels of the face's own colour connected to the throat under the
chin) are made transparent, so the neck's opening is where the photo's own collar is. The anchors are read
the way `dress` fits them: the collar's inner top points beside the neck, the collar's front in the chin's
column, the shoulder width as `dress` measures a person's (the matte 1.1 face heights below the chin, leaning
on the face's width). The result is `<name>.png` + `<name>.json` in the studio's folder, written atomically
and never over a file that is there.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from ..imaging.files import write_atomic
from . import dress, dress_body, dress_fit
from .garment import KINDS, Garment, GarmentError

log = logging.getLogger(__name__)

ROOM = 1.4          # the photo must reach this many face heights below the chin (shoulders at 1.1, and cloth below)
SKIN_LOOSE = 1.4    # the neck's skin: `dress_body`'s chroma test this much looser (the throat's shade, its light)
SKIN_LIGHTER = 64.0  # ... up to this much lighter than the neck (8-bit Lab L), and down to
DARKEST = 30.0       # ... this L (the shadow under the jaw)
NECK_REACH = 0.9    # the neck's skin is looked for within this many face widths of the chin's column ...
NECK_DEPTH = 1.2    # ... and down to this many face heights below the chin (an open collar shows skin low)
NEAR_NECK = 0.08    # skin this many face widths from the neck's is the neck's too
COLLAR_BAND = 0.22  # the collar's inner top points are read this many face widths beside the neck's edge
OPENING_MIN = 0.25  # the neck's opening is at least this many face widths across
SOLID = 0.5
MARGIN = 4          # px of transparency kept round the cut garment
MIN_WIDTH = 300     # px: a narrower garment would be scaled up past its detail
BARE_MAX = 0.12     # a cut more than this share skin-coloured is made with a warning (bare arms?)
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


class CutRefused(GarmentError):
    """The photo cannot give a garment (no face, too little room below the chin, no clothing); says what to do."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message, code)


@dataclass(frozen=True)
class Cut:
    """A garment cut from a photo: RGBA pixels and the anchors (`dress`'s, in these pixels)."""

    rgba: np.ndarray
    neck_centre: tuple[float, float]
    collar_inner: tuple[tuple[float, float], tuple[float, float]]
    shoulder_width: float
    bare: float = 0.0      # the share of the cloth coloured like the person's skin

    @property
    def warning(self) -> str:
        """What to look at before using the garment ("" when nothing)."""
        if self.bare <= BARE_MAX:
            return ""
        return (f"{self.bare:.0%} of the garment is coloured like skin: bare arms, shoulders or a hand would be "
                f"pasted on with it (fine for a skin-coloured cloth): look at it, or use a photo of the garment "
                f"on a mannequin.")

    def garment(self, png: Path, name: str, kind: str, source: str) -> Garment:
        """The garment this cut is once written to `png`."""
        return Garment(name, name, name, kind, "the studio's own", png, self.neck_centre, self.collar_inner,
                       self.shoulder_width, source)


def room_needed(face_h: float) -> float:
    """Pixels the photo must reach below the chin to give a garment."""
    return ROOM * face_h


def cut_garment(rgb: np.ndarray, alpha: np.ndarray, face, kind: str = "men") -> Cut:
    """The clothing of the person in `rgb` (matte `alpha`, the chosen `face`) as a garment; CutRefused says why not."""
    if face is None:
        raise CutRefused("No face was found in the photo: a garment is cut below a face's chin, so use a photo "
                         "of a person or a mannequin whose face shows.", "no_face")
    h, w = alpha.shape
    body = dress.body_of(face.chin, face.forehead, face.landmarks if face.has_mesh else None, face.box[2])
    cx, chin_y = body.chin
    need = room_needed(body.face_h)
    have = h - chin_y
    if have < need:
        raise CutRefused(f"The photo ends {have / body.face_h:.2f} face heights below the chin; a garment needs "
                         f"{ROOM:.1f} ({int(np.ceil(need - have))} px more here): use a photo taken from farther "
                         f"away that shows the shoulders and the chest.", "no_room")
    lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB).astype(np.float32)
    neck = _neck_skin(lab, alpha, body)
    keep = (alpha >= 0.02).astype(np.float32) * alpha
    keep[: int(np.floor(chin_y)) + 1] = 0.0
    keep[dress.head_mask(body, (h, w)) > 0.5] = 0.0
    keep[neck] = 0.0
    keep = _largest(keep)
    if (keep > SOLID).sum() < 0.5 * body.face_w * body.face_h:
        raise CutRefused("No clothing was found below the chin: use a photo where the garment shows whole "
                         "(a person or a mannequin wearing it, against a plain background).")
    bare = _check_cloth(lab, keep, body, neck)
    centre, inner = _opening(keep, body)
    shoulders = dress_fit.shoulder_width(alpha, body, kind)
    return replace(_cropped(rgb, keep, centre, inner, shoulders), bare=bare)


def _check_cloth(lab: np.ndarray, keep: np.ndarray, body: dress_body.Body, neck: np.ndarray) -> float:
    """Refuse a cut too small to be scaled up; the share of it coloured like skin (bare arms, or a skin-coloured
    cloth: told apart by eye, so said, not refused)."""
    solid = keep > SOLID
    cols = np.flatnonzero(solid.any(axis=0))
    width = int(cols[-1] - cols[0] + 1)
    if width < MIN_WIDTH:
        raise CutRefused(f"The clothing is only {width} px wide in this photo; a garment needs at least {MIN_WIDTH} "
                         f"px: use a larger photo.", "too_small")
    skin = dress_body.skin_colour(lab, keep, body, keep.shape[0])
    bare = dress_body.is_skin(lab, skin) & solid & ~neck
    return float(bare.sum() / max(1, solid.sum()))


def _neck_skin(lab: np.ndarray, alpha: np.ndarray, body: dress_body.Body) -> np.ndarray:
    """(h, w) bool: the neck's skin, pixels of the neck's colour connected to the throat under the chin."""
    h, w = alpha.shape
    cx, cy = body.chin
    skin = dress_body.skin_colour(lab, alpha, body, h)
    near = _neck_coloured(lab, skin) & (alpha > 0.3)
    band = np.zeros((h, w), bool)
    x0, x1 = int(max(0, cx - NECK_REACH * body.face_w)), int(min(w, cx + NECK_REACH * body.face_w))
    band[int(cy): int(min(h, cy + NECK_DEPTH * body.face_h)), x0:x1] = True
    near &= band
    _, labels = cv2.connectedComponents(near.astype(np.uint8), connectivity=8)
    seed = labels[int(cy) + 1: int(min(h, cy + 0.12 * body.face_h)) + 1,
                  int(max(0, cx - 0.2 * body.face_w)): int(min(w, cx + 0.2 * body.face_w)) + 1]
    neck = np.isin(labels, np.unique(seed[seed > 0]))
    # skin beside it, cut off by a collar's edge or a highlight (the throat in an open collar's V): neck too
    r = max(3, int(NEAR_NECK * body.face_w)) | 1
    close = cv2.dilate(neck.astype(np.uint8), np.ones((r, r), np.uint8)) > 0
    neck = np.isin(labels, np.unique(labels[close & (labels > 0)]))
    # the neck's own shading: holes inside it (a shadow, an Adam's apple) are neck too
    closed = cv2.morphologyEx(neck.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    return (cv2.dilate(closed, np.ones((5, 5), np.uint8)) > 0) & band   # and its edge blended into the collar


def _neck_coloured(lab: np.ndarray, skin: np.ndarray) -> np.ndarray:
    """Pixels of the neck's colour in its light or its deep shade: the skin's hue (warm as the skin, at least
    half its chroma: a black or white collar is not), lightness from near black up to a lit throat."""
    a, b = lab[..., 1] - 128.0, lab[..., 2] - 128.0
    sa, sb = float(skin[1]) - 128.0, float(skin[2]) - 128.0
    d_ab = np.hypot(lab[..., 1] - skin[1], lab[..., 2] - skin[2])
    warm = (a * np.sign(sa) > 0.5 * abs(sa)) & (b * np.sign(sb) > 0.5 * abs(sb))
    light = (lab[..., 0] > DARKEST) & (lab[..., 0] < skin[0] + SKIN_LIGHTER)
    return (d_ab < dress_body.SKIN_AB * SKIN_LOOSE) & warm & light


def _largest(keep: np.ndarray) -> np.ndarray:
    """Only the largest piece of cloth (no scraps of hair, hands or a neighbour)."""
    solid = (keep > SOLID).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(solid, connectivity=8)
    if count <= 2:
        return keep
    big = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    near = cv2.dilate((labels == big).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    return np.where(near, keep, 0.0).astype(np.float32)


def _opening(keep: np.ndarray, body: dress_body.Body) -> tuple[tuple[float, float], tuple[tuple[float, float], ...]]:
    """The collar's front (the first cloth down the chin's column) and its two inner top points beside the neck."""
    h, w = keep.shape
    cx, cy = body.chin
    solid = keep > SOLID
    col = int(round(cx))
    down = np.flatnonzero(solid[int(cy):, col])
    if not len(down):
        raise CutRefused("No collar was found under the chin: the clothing must cover the chest below the neck.")
    front_y = float(int(cy) + down[0])
    # the neck's edges just under the chin: the transparent run around the chin's column
    row = int(min(h - 1, cy + 0.15 * body.face_h))
    lx, rx = clear_run(solid[row], col)
    tops = []
    for edge, sign in ((lx, -1), (rx, 1)):
        x_a, x_b = sorted((edge, edge + sign * COLLAR_BAND * body.face_w))
        x_a, x_b = int(max(0, x_a)), int(min(w, x_b + 1))
        ys = np.flatnonzero(solid[int(cy):, x_a:x_b].any(axis=1))
        tops.append(int(cy) + int(ys[0]) if len(ys) else int(front_y))
    top = min(max(tops), int(front_y))
    lx, rx = clear_run(solid[top], col)
    if rx - lx < OPENING_MIN * body.face_w:
        raise CutRefused("No neck opening was found: the neck must show above the collar (a face turned "
                         "straight to the camera, the collar not covered by the hair or a scarf).")
    return (float(cx), front_y), ((float(lx), float(top)), (float(rx), float(top)))


def clear_run(line: np.ndarray, col: int) -> tuple[int, int]:
    """The edges of the transparent run around `col`: the last cloth left of it and the first right of it."""
    left = np.flatnonzero(line[:col])
    right = np.flatnonzero(line[col:])
    return (int(left[-1]) if len(left) else 0), (col + int(right[0]) if len(right) else len(line) - 1)


def _cropped(rgb: np.ndarray, keep: np.ndarray, centre, inner, shoulders: float) -> Cut:
    """The garment cropped to its cloth (a few px of margin), the anchors moved with it."""
    h, w = keep.shape
    ys, xs = np.nonzero(keep > 0.02)
    x0, y0 = max(0, int(xs.min()) - MARGIN), max(0, int(ys.min()) - MARGIN)
    x1, y1 = min(w, int(xs.max()) + 1 + MARGIN), min(h, int(ys.max()) + 1)
    a = np.round(np.clip(keep[y0:y1, x0:x1], 0, 1) * 255).astype(np.uint8)
    rgba = np.dstack([rgb[y0:y1, x0:x1], a])
    (lx, ly), (rx, ry) = inner
    return Cut(np.ascontiguousarray(rgba), (centre[0] - x0, centre[1] - y0),
               ((lx - x0, ly - y0), (rx - x0, ry - y0)), float(shoulders))


def check_name(name: str) -> str:
    """The garment's id as given, or GarmentError saying what a name may hold."""
    if not NAME_RE.match(name or ""):
        raise GarmentError(f"{name!r} cannot name a garment: use letters, digits, '-' and '_' (up to 64), "
                           f"starting with a letter or digit", "name")
    return name


def free_name(folder: Path, name: str) -> str:
    """`name`, or `name-2`, `name-3`... so no PNG or JSON in `folder` is replaced."""
    n, candidate = 1, name
    while (folder / f"{candidate}.png").exists() or (folder / f"{candidate}.json").exists():
        n += 1
        candidate = f"{name}-{n}"
    return candidate


def save(cut: Cut, folder: Path, name: str, *, kind: str = "men", source: str = "") -> Path:
    """Write `<name>.png` and `<name>.json` into `folder` atomically; refuses to replace either. Returns the PNG."""
    check_name(name)
    if kind not in KINDS:
        raise GarmentError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}", "name")
    folder = Path(folder)
    if not folder.is_dir():
        raise GarmentError(f"{folder} is not a folder: choose the studio's garment folder (Settings -> Garments)",
                           "folder")
    png, meta = folder / f"{name}.png", folder / f"{name}.json"
    for p in (png, meta):
        if p.exists():
            raise GarmentError(f"{p} is already there: choose another name (nothing was replaced)", "exists")
    ok, data = cv2.imencode(".png", cv2.cvtColor(cut.rgba, cv2.COLOR_RGBA2BGRA))
    if not ok:
        raise GarmentError(f"could not encode {png.name}")
    write_atomic(data.tobytes(), png)
    write_atomic(json.dumps(cut.garment(png, name, kind, source).meta(), ensure_ascii=False, indent=1).encode("utf-8"),
                 meta)
    log.info("garment %s written to %s (%dx%d)", name, folder, cut.rgba.shape[1], cut.rgba.shape[0])
    return png
