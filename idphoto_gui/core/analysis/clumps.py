"""A clump of the person the network left see-through, made solid where the photo's own colours say it is the
person (docs/adr/0033).

RVM sometimes leaves a whole clump of hair or clothing at alpha 0.4-0.8 (portraits/04: a blonde curl over the
shoulder): on any new background that colour shows through it. The soft band along hair's edge is thin; such a
clump is thick (still soft after an erosion of THICK face widths). A clump is raised only when
- it lies where an ID photo shows the shoulders: below a face's eyes, beside and under it (the crown has its own
  passes, and objects behind the head their frames');
- it touches the person's solid pixels (not an object floating beside them);
- on the local colour line (the person's solid colours and the wall's sure ones round it) much of it is the
  person's colour, far more opaque than the network has it.
Each pixel is raised to its own colour line's alpha at most (strands over the wall stay mixed: no old wall made
opaque), its colour unmixed from the wall's. u2netp as a second opinion was tried: it held the wrong clumps too
(an object above a head, a Christmas tree) and cost half a second.
"""
from __future__ import annotations

import logging
from typing import Iterable

import cv2
import numpy as np

from ..matting.base import Matte
from ..matting.fill import wide
from ..matting.foreground import sample_at

log = logging.getLogger(__name__)

SOFT = (0.15, 0.95)     # the network's doubt: alpha between these
THICK = 0.03            # a clump stays soft after an erosion of this many face widths (a hair's soft edge does not)
WORK_WIDTH = 60         # clumps are found on a copy whose widest face is at most this many px
SOLID, SURE = 0.98, 0.02  # the person's and the wall's colours: alpha at least / at most these
REACH = 0.1             # ... averaged this many face widths round each pixel (Gaussian sigma)
SEP = 40.0              # the person's and the wall's colours at least this far apart (0-255 RGB) for the line to judge
LINE = 0.35             # a pixel farther off the line than this share of its length is not judged...
OFF = 24.0              # ...nor farther than this (0-255 RGB): another thing's colour, not a mix of these two
PERSON = (0.9, 1.6)     # a pixel of the person's colour: its colour line's alpha between these (farther on is
                        # darker or lighter than the person: something else)...
GAIN = 0.2              # ...and this much above the network's
SHARE = 0.35            # a clump is raised when at least this share of it is of the person's colour...
AREA = 0.03             # ...it is at least this many face widths squared (smaller ones were wisps at a shoulder's
                        # edge, raised into a dark blob: couple_expedition12, judged blind)...
TOUCH = 0.2             # ...and at least this share of its rim is the person's solid pixels (alpha >= SOFT[1])
SIDE = 2.0              # clumps lie below a face's eyes and within this many face widths of its middle...
DOWN = 2.0              # ...and at most this many face widths below its eyes
KNOWN = 0.02            # the local colours are known where their pixels weigh at least this (Gaussian share)
COARSE = 4              # the local colours are averaged on a grid this many times coarser than the work copy


def solid_clumps(matte: Matte, rgb: np.ndarray, faces: Iterable) -> Matte:
    """The matte with its see-through clumps raised (module docstring), the same object when there is none."""
    faces = tuple(faces)
    if not faces:
        return matte
    fw = max(float(f.box[2]) for f in faces)
    a_s, rgb_s = _small(matte.alpha, rgb, min(1.0, WORK_WIDTH / fw))
    k = a_s.shape[1] / matte.alpha.shape[1]
    found = _clumps(a_s, rgb_s, fw * k, _zone(a_s.shape, faces, k))
    if found is None:
        return matte
    picked, colours = found
    return _raised(matte, rgb, _full(picked, matte.alpha.shape), colours, fw)


def _small(alpha: np.ndarray, rgb: np.ndarray, k: float) -> tuple[np.ndarray, np.ndarray]:
    """The alpha and colours at scale k (INTER_AREA; the same arrays at 1)."""
    if k >= 1.0:
        return alpha, rgb
    size = (max(1, round(alpha.shape[1] * k)), max(1, round(alpha.shape[0] * k)))
    return cv2.resize(alpha, size, interpolation=cv2.INTER_AREA), cv2.resize(rgb, size, interpolation=cv2.INTER_AREA)


def _full(small: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """A work-copy bool map at the photo's size."""
    if small.shape[:2] == tuple(shape[:2]):
        return small
    return cv2.resize(small.view(np.uint8), (shape[1], shape[0]), interpolation=cv2.INTER_NEAREST) > 0


def _disc(r: int) -> np.ndarray:
    """An elliptic structuring element 2r+1 px across."""
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))


def _zone(shape: tuple[int, ...], faces: Iterable, k: float) -> np.ndarray:
    """(h, w) bool on the work copy (scale k): beside and below each face, from its eyes' row DOWN face widths down
    and SIDE face widths either side of its middle: what an ID photo shows of the shoulders (above the eyes the
    crown's own passes and the frames' decide; farther down lie hands and things held)."""
    out = np.zeros(shape[:2], bool)
    for f in faces:
        x, _, w, _ = (float(v) * k for v in f.box)
        eyes = min(f.left_eye[1], f.right_eye[1]) * k
        x0, x1 = int(max(0, x + w / 2 - SIDE * w)), int(max(0, x + w / 2 + SIDE * w))
        out[int(max(0, eyes)):int(max(0, eyes + DOWN * w)), x0:x1] = True
    return out


def _clumps(a: np.ndarray, rgb: np.ndarray, fw: float, zone: np.ndarray) -> tuple[np.ndarray, tuple] | None:
    """(bool map of the clumps to raise, the local colours (`local_colours`: a coarse map over the whole photo))
    on the work copy (`fw`: the widest face there; clumps mostly in `zone`), or None."""
    soft = ((a > SOFT[0]) & (a < SOFT[1])).view(np.uint8)
    r = max(1, round(THICK * fw))
    core = cv2.erode(soft, _disc(r))
    if not core.any():
        return None
    n, labels, stats, _ = cv2.connectedComponentsWithStats(
        ((cv2.dilate(core, _disc(r + 1)) > 0) & (soft > 0)).view(np.uint8))
    area = stats[:, cv2.CC_STAT_AREA]
    inside = np.bincount(labels.ravel(), zone.ravel(), n)
    big = (area >= AREA * fw * fw) & (inside >= 0.5 * area) & np.isin(np.arange(n), labels[core > 0])
    big[0] = False
    if not big.any():
        return None
    colours = local_colours(a, rgb, fw)
    ys, xs = np.nonzero(big[labels])
    img = rgb[ys, xs].astype(np.float32)
    p, w, known = (sample_at(c, ys, xs, a.shape) for c in colours)
    t = line_alpha(img, p, w)
    of_person = (on_line(img, p, w) & (known[:, 0] >= KNOWN) & (t >= PERSON[0]) & (t <= PERSON[1])
                 & (t - a[ys, xs] >= GAIN))
    share = np.bincount(labels[ys, xs], of_person, n) / np.maximum(area, 1)
    pick = big & (share >= SHARE)
    for i in np.flatnonzero(pick):
        pick[i] = _touches(labels, i, stats[i], a)
    if not pick.any():
        return None
    return pick[labels], colours


def _touches(labels: np.ndarray, i: int, stat: np.ndarray, a: np.ndarray) -> bool:
    """Whether at least TOUCH of the pixels round component `i` (`stat`: its box) are the person's solid pixels."""
    x, y, w, h = (int(v) for v in stat[:4])
    box = (slice(max(0, y - 1), y + h + 1), slice(max(0, x - 1), x + w + 1))
    clump = labels[box] == i
    ring = (cv2.dilate(clump.view(np.uint8), np.ones((3, 3), np.uint8)) > 0) & ~clump
    return bool(ring.any()) and float((a[box][ring] >= SOFT[1]).mean()) >= TOUCH


def local_colours(a: np.ndarray, rgb: np.ndarray, fw: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three (h', w', 3) float32 maps on a grid COARSE times coarser than `a` (smooth: no finer grid needed): the
    person's and the wall's local colours (their solid and sure pixels' mean REACH face widths round each place)
    and how much the lesser of the two weighs there (in each channel: `sample_at` reads three)."""
    size = (max(1, a.shape[1] // COARSE), max(1, a.shape[0] // COARSE))
    s = max(1.0, REACH * fw / COARSE)
    img = rgb.astype(np.float32)
    (person, wp), (wall, ww) = _local(img, a >= SOLID, size, s), _local(img, a <= SURE, size, s)
    return person.astype(np.float32), wall.astype(np.float32), wide(np.minimum(wp, ww).astype(np.float32))


def _known(weight: np.ndarray) -> np.ndarray:
    """How far the local colours are known, 0-1: both weigh at least KNOWN (a soft step, no grid's blocks)."""
    return np.clip(weight / KNOWN, 0.0, 1.0)


def line_alpha(img: np.ndarray, person: np.ndarray, wall: np.ndarray) -> np.ndarray:
    """Each pixel's place on the line from the wall's colour (0) to the person's (1), unclipped."""
    d = person - wall
    return ((img - wall) * d).sum(axis=-1) / np.maximum((d * d).sum(axis=-1), 1e-6)


def on_line(img: np.ndarray, person: np.ndarray, wall: np.ndarray) -> np.ndarray:
    """bool: the line judges the pixel: its ends SEP apart, the pixel within LINE of its length off it."""
    d = person - wall
    n2 = (d * d).sum(axis=-1)
    off = np.linalg.norm(img - wall - line_alpha(img, person, wall)[..., None] * d, axis=-1)
    return (n2 > SEP * SEP) & (off < np.minimum(LINE * np.sqrt(n2), OFF))


def _local(img: np.ndarray, where: np.ndarray, size: tuple[int, int], sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """(the mean colour of `where`'s pixels round each place of a `size` grid (Gaussian, sigma cells), how much
    they weigh there)."""
    w = cv2.GaussianBlur(cv2.resize(where.astype(np.float32), size, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    sums = cv2.GaussianBlur(cv2.resize(img * where[..., None], size, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    return sums / np.maximum(w, 1e-6)[..., None], w


def _raised(matte: Matte, rgb: np.ndarray, clumps: np.ndarray, colours: tuple, fw: float) -> Matte:
    """The matte raised on `clumps` (grown THICK, its soft pixels only, feathered 1 px) to each pixel's colour line
    alpha, its colour unmixed from the wall's (`colours`: `local_colours`)."""
    a = matte.alpha
    ys, xs = np.nonzero(clumps)
    r = max(1, round(THICK * fw))
    pad = 3 * r
    h, w = a.shape
    box = (slice(max(0, ys.min() - pad), min(h, ys.max() + pad + 1)),
           slice(max(0, xs.min() - pad), min(w, xs.max() + pad + 1)))
    ab = a[box]   # (the clump read at the photo's own soft pixels: its outline is the matte's, not the work copy's)
    own = (cv2.dilate(clumps[box].view(np.uint8), _disc(r)) > 0) & (ab > SOFT[0]) & (ab < SOFT[1])
    near = cv2.GaussianBlur(own.astype(np.float32), (0, 0), 1.0)
    img = rgb[box].astype(np.float32)
    gy, gx = np.mgrid[box]
    person, wall, known = (sample_at(c, gy.ravel(), gx.ravel(), a.shape).reshape(img.shape) for c in colours)
    t = line_alpha(img, person, wall)
    t = np.where(on_line(img, person, wall) & (t <= PERSON[1]), np.clip(t, 0.0, 1.0), 0.0) * _known(known[..., 0])
    t = cv2.GaussianBlur(t.astype(np.float32), (0, 0), 1.0)
    new = np.maximum(ab, near * t)
    up = new > ab + 1e-3
    if not up.any():
        return matte
    alpha, fg = a.copy(), matte.foreground.copy()
    alpha[box] = new
    unmixed = (img - (1.0 - new[..., None]) * wall) / np.maximum(new[..., None], 1e-3)
    fg[box][up] = np.clip(unmixed[up] + 0.5, 0, 255).astype(fg.dtype)
    log.info("see-through clump: %d px raised", int(up.sum()))
    return Matte(alpha=alpha.astype(np.float32), foreground=fg, model_id=matte.model_id)
