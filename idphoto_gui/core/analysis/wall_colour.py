"""Colours of the old wall and of the person, compared fast: the neck and crown gap passes' common ground (ADR 0021).

Colours are compared on a grid of STEP levels, each distinct colour once (a matrix product against the samples),
on a working copy whose face is moved into its frame.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

JAW_ANGLES = (172, 397)   # the mesh's jaw angles (left and right in the photo as the mesh numbers them)
SOLID = 0.98              # the person's colours: alpha at least this
STEP = 4                  # colours are compared on a grid of this many levels (unique colours: fast)
FAR_CELLS = 200           # the transform's 'farther than reach' in uint8 cells (reach up to 7 cells)
GRID_COST = 4.0           # a grid cell's distance transform costs about as much as this many query-sample pairs


@dataclass(frozen=True)
class WorkCopy:
    """A region of the photo scaled by `k` (colours and patches need no more than a small face): its alpha, colours,
    kept core and face, and the full-size originals the opened patches are carried back onto."""
    origin: tuple[int, int, int, int]   # X0, Y0, X1, Y1 in the photo
    k: float
    alpha: np.ndarray
    rgb: np.ndarray
    keep: np.ndarray
    face: object
    full_alpha: np.ndarray
    full_keep: np.ndarray


def work_copy(alpha: np.ndarray, rgb: np.ndarray, keep: np.ndarray | None, face, origin: tuple[int, int, int, int],
              k: float) -> WorkCopy:
    """The region `origin` of the photo at scale `k` (<= 1; INTER_AREA), with the face moved into it."""
    X0, Y0, X1, Y1 = origin
    a_full, rgb_full = alpha[Y0:Y1, X0:X1], rgb[Y0:Y1, X0:X1]
    keep_full = keep[Y0:Y1, X0:X1] if keep is not None else np.zeros(a_full.shape, bool)
    a_s, rgb_s, keep_s = a_full, rgb_full, keep_full
    if k < 1.0:
        size = (max(1, round((X1 - X0) * k)), max(1, round((Y1 - Y0) * k)))
        a_s = cv2.resize(a_full, size, interpolation=cv2.INTER_AREA)
        rgb_s = cv2.resize(rgb_full, size, interpolation=cv2.INTER_AREA)
        keep_s = cv2.resize(keep_full.view(np.uint8), size, interpolation=cv2.INTER_NEAREST) > 0
    return WorkCopy(origin, k, a_s, rgb_s, keep_s, moved_face(face, -X0, -Y0).scaled(k), a_full, keep_full)


def carry_back(alpha: np.ndarray, copy: WorkCopy, opened: np.ndarray) -> tuple[np.ndarray, int]:
    """(`alpha` lowered to 1 - `opened` (the copy's scale, 0-1) outside the kept core, only where something opens;
    how many pixels went down)."""
    X0, Y0, X1, Y1 = copy.origin
    if copy.k < 1.0:
        opened = cv2.resize(opened, (X1 - X0, Y1 - Y0), interpolation=cv2.INTER_LINEAR)
    ys, xs = np.nonzero(opened.any(axis=1))[0], np.nonzero(opened.any(axis=0))[0]
    if not len(ys):
        return alpha, 0
    sub = (slice(ys[0], ys[-1] + 1), slice(xs[0], xs[-1] + 1))
    before = copy.full_alpha[sub]
    new = np.minimum(before, (1.0 - opened[sub]).astype(alpha.dtype))
    new = np.where(copy.full_keep[sub], before, new)
    out = alpha.copy()
    out[Y0:Y1, X0:X1][sub] = new
    return out, int((new < before).sum())


def moved_face(face, dx: float, dy: float):
    """The same face in a crop whose origin is at (-dx, -dy)."""
    def shift(v):
        return tuple(float(c) + (dx if i % 2 == 0 else dy) for i, c in enumerate(v))
    box = (face.box[0] + dx, face.box[1] + dy, face.box[2], face.box[3])
    return replace(face, box=box, left_eye=shift(face.left_eye), right_eye=shift(face.right_eye),
                   chin=shift(face.chin), forehead=shift(face.forehead),
                   landmarks=(np.asarray(face.landmarks, np.float32) + np.float32([dx, dy])).astype(np.float32))


def wallish(rgb: np.ndarray, where: np.ndarray, wall: np.ndarray, person: np.ndarray, *,
            near: float, ratio: float, margin: float) -> np.ndarray:
    """bool, the shape of `where`: pixels of `where` whose colour is within `near` of a `wall` colour and `ratio`
    times (plus `margin`) farther from every `person` colour."""
    out = np.zeros(where.shape, bool)
    seen, back = np.unique(_codes(rgb[where]), return_inverse=True)
    colours = _colours(seen)
    d_wall = _nearest(colours, wall, near)
    ok = d_wall < near
    if ok.any():   # the person's colours are looked up only for those near the wall
        limit = ratio * d_wall[ok] + margin
        ok[ok] = _nearest(colours[ok], person, float(limit.max())) > limit
    out[where] = ok[back.ravel()]
    return out


def far_from(colours: np.ndarray, samples: np.ndarray, distance: float) -> np.ndarray:
    """bool per colour of `colours` ((N, 3) uint8): farther than `distance` from every colour of `samples`."""
    seen, back = np.unique(_codes(colours), return_inverse=True)
    return (_nearest(_colours(seen), samples, distance) > distance)[back.ravel()]


def person_colours(alpha: np.ndarray, rgb: np.ndarray, face, parts) -> np.ndarray:
    """(N, 3) uint8: the person's solid colours round the neck: the neck and torso cores' (skin, clothing; not the
    face's: teeth and eye whites are not beside a neck) and the hair beside the face, from the eyes down to the
    jaw's angles (above the band: the wall there is rare)."""
    h, w = alpha.shape
    pts = np.asarray(face.landmarks, np.float32)
    bx, by, bw, bh = (float(v) for v in face.box)
    angle_y = float(min(pts[JAW_ANGLES[0]][1], pts[JAW_ANGLES[1]][1]))
    eyes_y = float(min(face.left_eye[1], face.right_eye[1]))
    X0, X1 = int(max(bx - 0.6 * bw, 0)), int(min(bx + 1.6 * bw, w))
    Y0, Y1 = int(max(eyes_y, 0)), int(min(angle_y, h))
    out = [rgb[parts.neck | parts.torso]] if parts is not None else []
    if Y1 > Y0 and X1 > X0:
        hair = alpha[Y0:Y1, X0:X1] >= SOLID
        if parts is not None:
            hair &= ~parts.face[Y0:Y1, X0:X1]
        out.append(rgb[Y0:Y1, X0:X1][hair])
    return np.concatenate(out) if out else np.zeros((0, 3), np.uint8)


def _codes(rgb: np.ndarray) -> np.ndarray:
    """int32 code of each colour on the STEP grid."""
    q = rgb.reshape(-1, 3).astype(np.int32) // STEP
    return (q[:, 0] << 16) | (q[:, 1] << 8) | q[:, 2]


def _colours(codes: np.ndarray) -> np.ndarray:
    """(N, 3) float32: the grid cells' centres of `codes`."""
    q = np.stack([codes >> 16, (codes >> 8) & 255, codes & 255], axis=1).astype(np.float32)
    return q * STEP + (STEP - 1) / 2.0


def unique_colours(colours: np.ndarray) -> np.ndarray:
    """(N, 3) float32: the distinct grid colours among `colours` ((M, 3) uint8)."""
    return _colours(np.unique(_codes(colours))) if len(colours) else np.zeros((0, 3), np.float32)


def _nearest(query: np.ndarray, samples: np.ndarray, reach: float) -> np.ndarray:
    """(N,) float32: RGB distance of each query colour to its nearest sample where that is at most `reach`, inf
    beyond (both grid colours): only the box of cells where queries and samples can meet is looked at, by every
    pair when they are few, else by a distance transform of the samples on the grid (ADR 0032)."""
    out = np.full(len(query), np.inf, np.float32)
    if not len(query) or not len(samples):
        return out
    r = int(reach // STEP)   # an offset within reach has every component within r cells
    q, smp = _cells(query), _cells(samples)
    top = 255 // STEP
    inner_lo = np.maximum(q.min(axis=0), smp.min(axis=0) - r)   # queries beyond these have no sample in reach
    inner_hi = np.minimum(q.max(axis=0), smp.max(axis=0) + r)
    if np.any(inner_lo > inner_hi):
        return out
    lo, hi = np.maximum(inner_lo - r, 0), np.minimum(inner_hi + r, top)
    smp = smp[np.all((smp >= lo) & (smp <= hi), axis=1)] - lo
    if not len(smp):
        return out
    if len(q) * len(smp) < GRID_COST * np.prod(hi - lo + 1):   # few pairs: every one is cheaper than the grid
        return _nearest_pairs(query, (smp + lo) * STEP + (STEP - 1) / 2.0, reach)
    inside = np.all((q >= inner_lo) & (q <= inner_hi), axis=1)
    out[inside] = _nearest_grid(q[inside] - lo, smp, tuple(hi - lo + 1), r, reach)
    return out


def _nearest_pairs(query: np.ndarray, samples: np.ndarray, reach: float) -> np.ndarray:
    """`_nearest` by every query-sample pair (OpenCV's brute-force matcher)."""
    d2, _ = cv2.batchDistance(np.ascontiguousarray(query, np.float32), np.ascontiguousarray(samples, np.float32),
                              cv2.CV_32F, normType=cv2.NORM_L2SQR, K=1)
    d = np.sqrt(np.maximum(d2.ravel(), 0.0))
    return np.where(d <= reach, d, np.float32(np.inf)).astype(np.float32)


def _nearest_grid(q: np.ndarray, smp: np.ndarray, shape: tuple[int, int, int], r: int, reach: float) -> np.ndarray:
    """`_nearest` by a squared distance transform of the sample cells `smp` over a box of `shape` cells, read at
    the query cells `q` (both relative to the box)."""
    small = 3 * r * r < FAR_CELLS and FAR_CELLS + r * r <= 255   # uint8 cells: no sum overflows
    far = FAR_CELLS if small else 10000
    grid = np.full(shape, far, np.uint8 if small else np.int16)
    grid[smp[:, 0], smp[:, 1], smp[:, 2]] = 0
    for axis in range(3):
        grid = _squared_pass(grid, axis, r, far)
    d = np.sqrt(grid[tuple(q.T)].astype(np.float32) * np.float32(STEP * STEP))
    return np.where(d <= reach, d, np.float32(np.inf))


def _cells(colours: np.ndarray) -> np.ndarray:
    """(N, 3) int32 grid cells of grid colours (cell centres)."""
    return np.rint((colours - (STEP - 1) / 2.0) / STEP).astype(np.int32)


def _squared_pass(grid: np.ndarray, axis: int, r: int, far: int) -> np.ndarray:
    """One axis of the squared distance transform: each cell's least value plus squared offset within r cells."""
    out = grid.copy()
    n = grid.shape[axis]
    for d in range(1, min(r, n - 1) + 1):
        cost = d * d
        a = [slice(None)] * 3
        b = [slice(None)] * 3
        a[axis], b[axis] = slice(d, None), slice(None, n - d)
        np.minimum(out[tuple(a)], grid[tuple(b)] + cost, out=out[tuple(a)])
        np.minimum(out[tuple(b)], grid[tuple(a)] + cost, out=out[tuple(b)])
    return np.minimum(out, far)
