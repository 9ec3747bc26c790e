"""The product inspects its own cut-out at output size: background through the person, stray islands, ghosts.

Three looks, each a `fail` finding (code "cutout") with the outline of the area, cheap enough for every
render (~5 ms of CPU at 295x413, docs/adr/0020):
- core: the photo composited on two contrasting colours differs inside the person's core (face, eyes, neck,
  torso middle: analysis/person_core.py), i.e. the new background shows through the person;
- island: a part of the cut-out not joined to the person (an object, a neighbour's hand, a scrap of wall);
- ghost: a broad half-transparent patch beside the head or shoulders: the old background kept as a veil
  (hair is thin, a ghost is thick);
- frame: a half-transparent patch behind a straight edge of the cut-out that goes on as an edge of the photo
  (an object's frame the network kept, matting/frames.py; the matte clears these, so this is a backstop).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from ..findings import Finding
from ..matting.frames import beside_heads, frame_mask, frames

CONTRAST = ((255, 0, 0), (0, 0, 255))   # the two backgrounds compared (red, blue)
CORE_STEP = 24          # a core pixel differing by more than this (0-255, any channel) shows the background...
CORE_MIN = 12           # ...and this many such pixels fail (a few at the core's rim are resampling, not holes)
CORE_RIM = 2            # output px of the core's rim left out (linear warping mixes in the edge outside)
SOLID = 0.5             # alpha above this is part of some thing in the cut-out
ISLAND_MIN = 0.002      # an island this share of the output's area or larger fails (smaller: specks)
GHOST_ALPHA = (0.15, 0.85)   # a veil: alpha between these...
GHOST_DEPTH = 0.012     # ...still there after eroding by this share of the output's height (hair strands are thinner)...
GHOST_MIN = 0.006       # ...over this share of the output's area (smaller: wisps at the hair's edge, left to the hair work)
GHOST_REACH = 0.6       # ...within this many face widths of the face box (beside the head and shoulders)...
GHOST_COLOUR = 12       # ...where the photo's colour is within this (0-255, each channel) of the nearest clear pixel's
GHOST_SOLID = 0.95      # ...and the nearest pixel of the person (alpha above this)...
GHOST_SEPARATION = 60   # ...is this far (0-255, largest channel) from that wall: else hair like the wall, not judged
GHOST_WINDOW = 0.08     # (the wall and the person are looked for this share of the height around the veils)
CLEAR = 0.02            # alpha below this is the new background
HALF_SIDE = 300         # outputs taller than this have their islands and ghosts judged at half size (cost)

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Inspection:
    """What the self-inspection found: findings (fail only) and the areas they are about (x, y, w, h output px)."""

    findings: tuple[Finding, ...] = ()
    areas: tuple[Box, ...] = ()


def inspect(alpha: np.ndarray, core: np.ndarray, faces: tuple, source=None) -> Inspection:
    """Inspect an output-size cut-out's alpha: `core` is the person's core on the output grid (`on_grid`: False
    where the body was painted in), `faces` in output pixels (`face_in_output`), `source` the photo on the same
    grid, or a function making it at a given (w, h) (`warp_source`, called only when a veil needs it; None: no
    ghost look).
    Islands and ghosts are broad by definition: on outputs taller than HALF_SIDE they are judged at half size."""
    found: list[Finding] = []
    areas: list[Box] = []
    hit = _core_holes(alpha, core)
    if hit is not None:
        found.append(hit[0])
        areas.extend(hit[1])
    make = source if callable(source) or source is None else (lambda size: _shrunk(source, size))
    full = (alpha.shape[1], alpha.shape[0])
    photo = None if make is None else _once(lambda: make(full))
    hit = _frames(alpha, core, faces, photo)   # at full size: a frame's straight run is short
    if hit is not None:
        found.append(hit[0])
        areas.extend(hit[1])
    k = 2 if alpha.shape[0] > HALF_SIDE else 1
    if k > 1:
        size = (alpha.shape[1] // k, alpha.shape[0] // k)
        alpha = cv2.resize(alpha, size, interpolation=cv2.INTER_AREA)
        core = cv2.resize(core.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST) > 0
        faces = tuple(replace(f, box=tuple(v / k for v in f.box)) for f in faces)
    want = (alpha.shape[1], alpha.shape[0])
    if k > 1 and make is not None:
        photo = _once(lambda: make(want))
    for hit in (_islands(alpha, core), _ghosts(alpha, faces, photo)):
        if hit is not None:
            found.append(hit[0])
            areas.extend(tuple(k * v for v in box) for box in hit[1])
    return Inspection(tuple(found), tuple(areas))


def _once(make):
    """`make` called at most once (the ghost and frame looks share the photo)."""
    kept: list = []

    def get():
        if not kept:
            kept.append(make())
        return kept[0]
    return get


def _shrunk(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """`image` at `size` (w, h) (area-averaged when smaller)."""
    if (image.shape[1], image.shape[0]) == size:
        return image
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


def _core_holes(alpha: np.ndarray, core: np.ndarray):
    """The background seen through the core: the photo composited on the two CONTRAST colours differs there.
    The difference of the two composites is (1 - alpha) |c1 - c2| per channel, so it is read off alpha."""
    if not core.any():
        return None
    k = 2 * CORE_RIM + 1
    inner = cv2.erode(core.astype(np.uint8), np.ones((k, k), np.uint8))
    x, y, bw, bh = cv2.boundingRect(inner)
    if not (bw and bh):
        return None
    spread = float(np.abs(np.subtract(*CONTRAST)).max())
    a = alpha[y:y + bh, x:x + bw]
    holes = (a < np.float32(1.0 - CORE_STEP / spread)) & (inner[y:y + bh, x:x + bw] > 0)
    n = int(np.count_nonzero(holes))
    if n < CORE_MIN:
        return None
    share = 100.0 * n / max(1, int(np.count_nonzero(inner)))
    return (_fail("core", share, "%"),
            _boxes(holes, x, y))


def _islands(alpha: np.ndarray, core: np.ndarray):
    """Solid parts of the cut-out not joined to the person (the part holding the core)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((alpha > SOLID).astype(np.uint8), connectivity=8)
    if n <= 2 or not core.any():
        return None
    stray = stats[:, cv2.CC_STAT_AREA] >= ISLAND_MIN * alpha.size
    stray[0] = False
    stray[labels[core]] = False   # the parts holding the core are the person
    stray = np.flatnonzero(stray)
    if not stray.size:
        return None
    area = float(sum(stats[i, cv2.CC_STAT_AREA] for i in stray))
    share = 100.0 * area / alpha.size
    return (_fail("island", share, "%"),
            tuple(tuple(int(v) for v in stats[i, :4]) for i in stray))


def _ghosts(alpha: np.ndarray, faces: tuple, source):
    """Broad half-transparent patches beside the head and shoulders whose photo colour is the wall next to
    them: the old background kept as a veil (a veil of hair mixes the hair's colour in). `source` makes the
    photo at alpha's size."""
    if source is None:
        return None
    h, w = alpha.shape
    veil = ((alpha > GHOST_ALPHA[0]) & (alpha < GHOST_ALPHA[1])).astype(np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * max(1, round(GHOST_DEPTH * h)) + 1,) * 2)
    thick = cv2.erode(veil, disc) & _beside(faces, (h, w))
    if not thick.any():
        return None
    source = source()
    bx, by, bw, bh = cv2.boundingRect(thick)   # the colours are looked up near the veils only
    m = round(GHOST_WINDOW * h)
    x0, y0, x1, y1 = max(0, bx - m), max(0, by - m), min(w, bx + bw + m), min(h, by + bh + m)
    win_a, win_s = alpha[y0:y1, x0:x1], source[y0:y1, x0:x1]
    ys, xs = np.nonzero(thick[y0:y1, x0:x1])
    wall = _nearest(win_a < CLEAR, win_s, ys, xs)
    person = _nearest(win_a > GHOST_SOLID, win_s, ys, xs)
    if wall is None or person is None:
        return None
    here = win_s[ys, xs].astype(np.int16)
    like = ((np.abs(here - wall).max(axis=1) <= GHOST_COLOUR)
            & (np.abs(person - wall).max(axis=1) >= GHOST_SEPARATION))
    ys, xs = ys + y0, xs + x0
    ghost = np.zeros((h, w), np.uint8)
    ghost[ys[like], xs[like]] = 1
    if not ghost.any():
        return None
    ghost = cv2.dilate(ghost, disc) & veil
    n, _, stats, _ = cv2.connectedComponentsWithStats(ghost, connectivity=8)
    big = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= GHOST_MIN * alpha.size]
    if not big:
        return None
    share = 100.0 * float(sum(stats[i, cv2.CC_STAT_AREA] for i in big)) / alpha.size
    return (_fail("ghost", share, "%"),
            tuple(tuple(int(v) for v in stats[i, :4]) for i in big))


def _frames(alpha: np.ndarray, core: np.ndarray, faces: tuple, source):
    """Half-transparent patches behind a straight edge of the cut-out that goes on in the photo (an object's
    frame, matting/frames.py), outside the core. `source` makes the photo at alpha's size."""
    if source is None or not faces:
        return None
    width = float(np.median([f.box[2] for f in faces]))
    segments = beside_heads(frames(alpha, width, source), faces)
    if not segments:
        return None
    patch = frame_mask(alpha, segments, width) & ~core & (alpha > GHOST_ALPHA[0])
    if not patch.any():
        return None
    share = 100.0 * float(np.count_nonzero(patch)) / alpha.size
    return (_fail("frame", share, "%"),
            _boxes(patch, 0, 0))


HELD_SHARE = 0.2      # a blob of one colour unlike the shirt covering this share of the torso core or more...
HELD_ROUND = 0.6      # ...this round (4 pi area / perimeter^2: a held fruit or ball, not a stripe or a collar)...
HELD_CHROMA = 35      # ...of a clear colour (Lab chroma)...
HELD_APART = 30       # ...this far (Lab a*b*) from the torso core's median colour: something held in front of it
LIKE_CHROMA = 20      # a background this coloured (Lab chroma; blue, red: not white or grey)...
LIKE_DE = 15          # ...and the chest's pixels within this of it (CIE76 delta E)...
LIKE_SHARE = 0.03     # ...over this share of the torso core warn: on cn blue and red, of 63 photos (tests/data,
                      # the portraits, expressions 001-060) 016's blue tie 6.7 %, 018's blue T-shirt 22.8 %, 042's red
                      # top 3.8 % (on red), no other
LIKE_MIN_PX = 100     # (a torso core smaller than this is not judged)


def held_object(rgb: np.ndarray, face) -> tuple[Finding, Box] | None:
    """A round, clearly coloured thing covering part of the chosen person's torso core in the photo `rgb`
    (a held fruit or ball; docs/adr/0020 Round 2): a warning with its box in rgb's pixels, or None. The core
    keeps it opaque (it is in front of the chest), so it is named rather than cut out."""
    from ..analysis.person_core import core_parts

    parts = core_parts(rgb.shape, face) if face is not None else None
    if parts is None or not parts.torso.any():
        return None
    x, y, bw, bh = cv2.boundingRect(parts.torso.astype(np.uint8))
    torso = parts.torso[y:y + bh, x:x + bw]
    lab = cv2.cvtColor(np.ascontiguousarray(rgb[y:y + bh, x:x + bw]), cv2.COLOR_RGB2LAB).astype(np.float32)
    a, b = lab[..., 1] - 128.0, lab[..., 2] - 128.0
    apart = np.hypot(a - np.median(a[torso]), b - np.median(b[torso]))
    odd = (torso & (apart > HELD_APART) & (np.hypot(a, b) > HELD_CHROMA)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(odd, connectivity=8)
    if n <= 1:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    share = float(stats[k, cv2.CC_STAT_AREA]) / float(np.count_nonzero(torso))
    if share < HELD_SHARE:
        return None
    contours, _ = cv2.findContours((labels == k).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    perimeter = max(1.0, cv2.arcLength(contours[0], True))
    if 4 * np.pi * stats[k, cv2.CC_STAT_AREA] / perimeter ** 2 < HELD_ROUND:
        return None
    box = tuple(int(v) for v in stats[k, :4])
    finding = Finding("cutout", "warn", round(100.0 * share, 1), None, "%", "held")   # % of the chest
    return finding, (box[0] + x, box[1] + y, box[2], box[3])


def chest_colours(rgb: np.ndarray, alpha: np.ndarray, face) -> np.ndarray | None:
    """(n, 3) CIE Lab of the chosen person's opaque torso-core pixels in the photo `rgb` (what `like_background`
    compares with a background: made once per photo, a colour click then only measures), or None."""
    from ..analysis.person_core import core_parts

    parts = core_parts(rgb.shape, face) if face is not None else None
    if parts is None:
        return None
    torso = parts.torso & (alpha > GHOST_SOLID)
    return _lab(rgb[torso]) if np.count_nonzero(torso) >= LIKE_MIN_PX else None


def like_background(chest: np.ndarray | None, colour: tuple[int, int, int]) -> Finding | None:
    """A warning when clothing in the middle of the chest (`chest_colours`) has the background's own colour (a blue
    tie on blue: blind judges read it as the background showing through the person, issue 37's 016), or None.
    Only on coloured backgrounds: a white shirt front on white is the ordinary suit photo."""
    bg = _lab((colour,))[0]
    if chest is None or float(np.hypot(bg[1], bg[2])) < LIKE_CHROMA:
        return None
    share = float((np.linalg.norm(chest - bg, axis=1) < LIKE_DE).mean())
    if share < LIKE_SHARE:
        return None
    return Finding("cutout", "warn", round(100.0 * share, 1), None, "%", "like_background")   # % of the chest


def _lab(colours) -> np.ndarray:
    """(n, 3) CIE Lab (L 0-100, a and b signed) of (n, 3) RGB uint8 colours."""
    lab = cv2.cvtColor(np.asarray(colours, np.uint8).reshape(-1, 1, 3), cv2.COLOR_RGB2LAB).reshape(-1, 3)
    return (lab.astype(np.float32) - (0.0, 128.0, 128.0)) * (100.0 / 255.0, 1.0, 1.0)


def _nearest(mask: np.ndarray, source: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray | None:
    """(N, 3) int16 photo colour of the pixel of `mask` nearest to each (ys, xs); None when mask is empty."""
    if not mask.any():
        return None
    _, label = cv2.distanceTransformWithLabels((~mask).astype(np.uint8), cv2.DIST_L2, 3,
                                               labelType=cv2.DIST_LABEL_PIXEL)
    at = np.flatnonzero(mask.ravel())[label[ys, xs] - 1]
    return source.reshape(-1, 3)[at].astype(np.int16)


def _beside(faces: tuple, shape: tuple[int, int]) -> np.ndarray:
    """uint8 mask of the head-and-shoulders zone: GHOST_REACH face widths around each face box, twice below."""
    h, w = shape
    near = np.zeros((h, w), np.uint8)
    for face in faces:
        fx, fy, fw, fh = face.box
        reach = GHOST_REACH * fw
        near[int(max(0, fy - reach)):int(min(h, fy + fh + 2 * reach)),
             int(max(0, fx - reach)):int(min(w, fx + fw + reach))] = 1
    return near


def _fail(reason: str, value: float, unit: str) -> Finding:
    """A failing cutout finding (no allowed range: any such defect fails)."""
    return Finding("cutout", "fail", round(value, 2), None, unit, reason)


def _boxes(mask: np.ndarray, x: int, y: int) -> tuple[Box, ...]:
    """Bounding boxes (x, y, w, h) of the 8-connected parts of `mask`, offset by (x, y)."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    return tuple((int(s[0]) + x, int(s[1]) + y, int(s[2]), int(s[3])) for s in stats[1:n])


def face_in_output(face, matrix: np.ndarray):
    """The face (core.faces.faces.Face) moved onto the output grid by the 2x3 `matrix` (landmarks, chin,
    forehead, box): what `inspect` needs."""
    m = np.asarray(matrix, np.float64).reshape(2, 3)
    scale = float(np.sqrt(abs(np.linalg.det(m[:, :2]))))

    def move(p):
        q = np.asarray(p, np.float64) @ m[:, :2].T + m[:, 2]
        return q

    x, y, bw, bh = face.box
    corner = move((x + bw / 2, y + bh / 2))
    lm = move(face.landmarks).astype(np.float32) if face.has_mesh else face.landmarks
    return replace(face, landmarks=lm, chin=tuple(move(face.chin)), forehead=tuple(move(face.forehead)),
                   box=(float(corner[0] - bw * scale / 2), float(corner[1] - bh * scale / 2),
                        float(bw * scale), float(bh * scale)))


def warp_source(rgb: np.ndarray, matrix: np.ndarray, size: tuple[int, int]):
    """`inspect`'s source: a function making the photo on the (w, h) output grid of `matrix`, or on a smaller
    grid of the same view."""
    from .compose import warp_original

    def make(want: tuple[int, int]) -> np.ndarray:
        m = np.asarray(matrix, np.float64).reshape(2, 3) * np.array([[want[0] / size[0]], [want[1] / size[1]]])
        return warp_original(rgb, matrix=m, size=want)
    return make


def on_grid(mask: np.ndarray, matrix: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A source-size bool mask (e.g. person_core.core_mask of the working image) on the (w, h) output grid of
    the 2x3 `matrix`: False past the photo's edge. Drawn in the source, so the body hangs down the photo's
    vertical even when the output is turned to level the eyes."""
    out = cv2.warpAffine(mask.astype(np.uint8), np.asarray(matrix, np.float64).reshape(2, 3), (int(size[0]), int(size[1])),
                         flags=cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return out > 0


def box_on_grid(box: tuple[int, int, int, int], matrix: np.ndarray, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """A working-image box (x, y, w, h) on the (w, h) output grid of the 2x3 `matrix`, clipped to it."""
    x, y, w, h = box
    m = np.asarray(matrix, np.float64).reshape(2, 3)
    pts = np.array([[x, y], [x + w, y], [x, y + h], [x + w, y + h]], np.float64) @ m[:, :2].T + m[:, 2]
    x0, y0 = np.clip(pts.min(axis=0), 0, size)
    x1, y1 = np.clip(pts.max(axis=0), 0, size)
    return int(x0), int(y0), int(round(x1 - x0)), int(round(y1 - y0))


MATTE_SIDE = 600   # a whole-frame matte is inspected on a copy this long (the looks are relative to its size)


def inspect_matte(rgb: np.ndarray, matte, faces: tuple) -> Inspection:
    """The self-inspection of a whole-frame cut-out (`idphoto matte`, the API's /matte): every face's core,
    islands joined to no person, ghosts beside any head; areas in `rgb`'s pixels."""
    from ..analysis.person_core import core_mask

    h, w = matte.alpha.shape
    k = min(1.0, MATTE_SIDE / max(h, w))
    size = (max(1, round(w * k)), max(1, round(h * k)))
    shrink = (lambda a: cv2.resize(a, size, interpolation=cv2.INTER_AREA)) if k < 1.0 else (lambda a: a)
    small = tuple(f.scaled(k) for f in faces)
    photo = shrink(rgb)
    found = inspect(shrink(matte.alpha), core_mask((size[1], size[0]), small), small,
                    lambda want: _shrunk(photo, want))
    areas = tuple(tuple(int(round(v / k)) for v in box) for box in found.areas)
    held = [h for h in (held_object(rgb, f) for f in faces) if h is not None]
    return Inspection(found.findings + tuple(h[0] for h in held), areas + tuple(h[1] for h in held))
