"""Image quilting (Efros & Freeman 2001): fill an area with patches of a sample texture, each chosen to
match what is already there and joined to it along a minimum-error boundary cut (issue 25).

Deterministic: candidates are drawn and ties broken by a fixed-seed generator. Matching and the cuts run on
the patches subsampled to about a dozen pixels a side, so a fill costs a few milliseconds whatever the size.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SEED = 25
MAX_CANDIDATES = 160    # patches of the sample considered for each cell
MATCH_SIDE = 12         # patches are compared subsampled to about this many pixels a side
TOLERANCE = 0.15        # any candidate within 15 % of the best overlap error may be picked (variety)
OVERLAP_FRAC = 0.25     # overlap between neighbouring patches
POSITION_GAIN = 20.0    # a candidate from one patch width further along the row costs this much (grey levels^2):
                        # a shirt front continues under the shirt front, a lapel under the lapel
CUT_BIAS = 0.5          # the cut through the top overlap keeps the existing rows unless the patch matches them
VALID_SHARE = 1.0       # a candidate patch lies wholly on clothing (a few skin pixels become teeth at the seam)


@dataclass(frozen=True)
class Sample:
    """Candidate patches of the sample texture: where they lie, and subsampled for matching."""

    image: np.ndarray     # (h, w, 3) uint8: the sample
    corners: np.ndarray   # (n, 2) top-left (y, x) of each candidate
    size: int             # patch side in pixels
    small: np.ndarray     # (n, q*q*3) float32: each candidate subsampled by `step`, flattened
    step: int
    columns: np.ndarray   # (n,) centre column of each candidate in the sample

    def patch(self, i: int) -> np.ndarray:
        """Candidate i at full size (p, p, 3) float32."""
        y, x = self.corners[i]
        return self.image[y:y + self.size, x:x + self.size].astype(np.float32)

    def mean(self) -> np.ndarray:
        """Mean colour of the candidates (a base under the quilt)."""
        return self.small.reshape(len(self.corners), -1, 3).mean(axis=(0, 1))


def sample_patches(image: np.ndarray, valid: np.ndarray, size: int, rng: np.random.Generator) -> Sample | None:
    """Candidate patches lying wholly on valid pixels of `image` (None when fewer than 4 fit)."""
    h, w = valid.shape
    if size < 4 or h < size or w < size:
        return None
    count = cv2.integral(valid.astype(np.uint8))
    inside = (count[size:, size:] - count[:-size, size:] - count[size:, :-size] + count[:-size, :-size])
    ys, xs = np.nonzero(inside >= VALID_SHARE * size * size)
    if len(ys) < 4:
        return None
    pick = np.sort(rng.choice(len(ys), size=min(MAX_CANDIDATES, len(ys)), replace=False))
    corners = np.stack([ys[pick], xs[pick]], axis=1)
    step = max(1, size // MATCH_SIDE)
    offs = np.arange(0, size, step)
    small = image[corners[:, 0, None, None] + offs[None, :, None], corners[:, 1, None, None] + offs[None, None, :]]
    return Sample(image, corners, size, small.reshape(len(corners), -1).astype(np.float32), step,
                  corners[:, 1] + size / 2.0)


def _choose(sample: Sample, target: np.ndarray, known: np.ndarray, column: float, rng: np.random.Generator) -> int:
    """Index of a candidate whose known pixels match the target and which lies near `column` of the sample
    (random among the near-best)."""
    s = sample.step
    k = known[::s, ::s]
    err = POSITION_GAIN * ((sample.columns - column) / sample.size) ** 2
    if k.any():
        sel = np.repeat(k.reshape(-1), 3)
        diff = sample.small[:, sel] - target[::s, ::s].reshape(-1)[sel][None]
        err = err + (diff * diff).mean(axis=1)
    best = float(err.min())
    near = np.flatnonzero(err <= best * (1 + TOLERANCE) + 1e-6)
    return int(near[rng.integers(len(near))])


def _cut_paths(cost: np.ndarray) -> np.ndarray:
    """Minimum-cost paths down the rows of each cost map (n, h, w): the column of each path in each row."""
    n, h, w = cost.shape
    acc = cost.copy()
    inf = np.full((n, 1), np.inf, np.float32)
    for y in range(1, h):
        prev = acc[:, y - 1]
        acc[:, y] += np.minimum(prev, np.minimum(np.hstack([inf, prev[:, :-1]]), np.hstack([prev[:, 1:], inf])))
    path = np.empty((n, h), np.int64)
    path[:, -1] = np.argmin(acc[:, -1], axis=1)
    idx = np.arange(n)
    for y in range(h - 2, -1, -1):
        c = path[:, y + 1]
        three = np.stack([acc[idx, y, np.maximum(c - 1, 0)], acc[idx, y, c], acc[idx, y, np.minimum(c + 1, w - 1)]], 1)
        path[:, y] = np.clip(c + np.argmin(three, axis=1) - 1, 0, w - 1)
    return path


def _takes(errs: np.ndarray, knowns: np.ndarray, overlap: int, step: int) -> np.ndarray:
    """Per cell (n, p, p): where the patch replaces what is there: past the minimum-error cuts through
    the top and left overlaps, and everywhere nothing is known yet."""
    n, p, _ = errs.shape
    q = max(2, p // step)
    e = np.where(knowns, errs, 0.0).astype(np.float32)
    small = np.stack([cv2.resize(x, (q, q), interpolation=cv2.INTER_AREA) for x in e])
    o = max(1, int(round(overlap * q / p)))
    if o > 1:   # cutting high into what is there costs more: a bad match leaves it alone
        scale = np.median(small[:, :o], axis=(1, 2), keepdims=True) + 1.0
        small[:, :o] += CUT_BIAS * scale * (o - 1 - np.arange(o, dtype=np.float32))[None, :, None] / (o - 1)
    centres = (np.arange(p) + 0.5) * q / p - 0.5                 # each full row/column on the small grid
    rows = np.arange(p, dtype=np.float32)
    take = np.ones((n, p, p), bool)
    top = knowns[:, :overlap].any(axis=(1, 2))
    if top.any():      # a horizontal cut through the top overlap: the patch below it
        cut = _smooth_cut(_cut_paths(np.ascontiguousarray(small[top, :o].transpose(0, 2, 1))), centres, p / q)
        take[top] &= rows[None, :, None] >= cut[:, None, :]
    side = knowns[:, :, :overlap].any(axis=(1, 2))
    if side.any():     # a vertical cut through the left overlap: the patch right of it
        cut = _smooth_cut(_cut_paths(np.ascontiguousarray(small[side, :, :o])), centres, p / q)
        take[side] &= rows[None, None, :] >= cut[:, :, None]
    return take | ~knowns


def _smooth_cut(paths: np.ndarray, centres: np.ndarray, scale: float) -> np.ndarray:
    """Cut paths found on the small grid (n, q), interpolated to every full pixel (n, p): no saw teeth."""
    grid = np.arange(paths.shape[1], dtype=np.float64)
    return np.stack([(np.interp(centres, grid, path) + 0.5) * scale for path in paths])


def fill(canvas: np.ndarray, known: np.ndarray, todo: np.ndarray, sample: Sample, origin: tuple[int, int],
         rng: np.random.Generator, columns: tuple[float, float] = (1.0, 0.0)) -> None:
    """Quilt `sample` into `canvas` (float32, in place) over the cells that touch `todo`, in raster order
    from `origin` (the top-left cell's corner, overlapping what is known above and to the left).

    `known` (bool, updated) marks pixels to match and cut against; unknown pixels inside a cell are
    always written. A row of cells is chosen one by one, then cut all at once. `columns` (a, b) maps a
    canvas column x to the sample's column a*x + b (patches from near there are preferred).
    """
    h, w = known.shape
    p = sample.size
    overlap = max(1, int(round(OVERLAP_FRAC * p)))
    stride = p - overlap
    y0, x0 = origin
    todo_count = cv2.integral(todo.astype(np.uint8))
    for y in range(y0, h, stride):
        ya, yb = max(0, y), min(h, y + p)
        xs = [x for x in range(x0, w, stride) if min(w, x + p) > max(0, x) and _any(todo_count, ya, yb, max(0, x), min(w, x + p))]
        if yb <= ya or not xs:
            continue
        before = canvas[ya:yb].copy()
        patches, targets, knowns = [], [], []
        for x in xs:
            xa, xb = max(0, x), min(w, x + p)
            target = np.zeros((p, p, 3), np.float32)
            kn = np.zeros((p, p), bool)
            target[ya - y:yb - y, xa - x:xb - x] = canvas[ya:yb, xa:xb]
            kn[ya - y:yb - y, xa - x:xb - x] = known[ya:yb, xa:xb]
            patch = sample.patch(_choose(sample, target, kn, columns[0] * (x + p / 2.0) + columns[1], rng))
            canvas[ya:yb, xa:xb] = patch[ya - y:yb - y, xa - x:xb - x]   # the next cell matches against it
            known[ya:yb, xa:xb] = True
            patches.append(patch), targets.append(target), knowns.append(kn)
        pt, tg = np.stack(patches), np.stack(targets)
        takes = _takes(((pt - tg) ** 2).sum(axis=3), np.stack(knowns), overlap, sample.step)
        canvas[ya:yb] = before
        for x, patch, take in zip(xs, pt, takes):
            xa, xb = max(0, x), min(w, x + p)
            t = take[ya - y:yb - y, xa - x:xb - x]
            view = canvas[ya:yb, xa:xb]
            view[t] = patch[ya - y:yb - y, xa - x:xb - x][t]


def _any(count: np.ndarray, ya: int, yb: int, xa: int, xb: int) -> bool:
    """True when the integral image `count` has anything in [ya, yb) x [xa, xb)."""
    return bool(count[yb, xb] - count[ya, xb] - count[yb, xa] + count[ya, xa] > 0)
