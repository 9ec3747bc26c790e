"""The dressed body's outline from the shoulders' top row down (issue 38): antialiased, narrow gaps closed."""
from __future__ import annotations

import cv2
import numpy as np

from ..imaging.nearest import nearest, nearest_colours
from .dress_body import Body, blur_reach, labelled, per_channel

EDGE_SOFT = 0.7               # the dressed outline (the jaw beside it too) is antialiased over this many px (sigma):
                              # as a photo's own edge on the template's grid (blind rounds 26-27: 0.4 read as steps)
HAIR_EDGE_SOFT = 0.8          # ... and over this many where it crosses hair
HAIR_NEAR = 2.0               # a pixel's hair weight: the hair's coverage blurred this much (px, sigma), doubled
SLIVER = 0.14               # gaps of background narrower than this many face widths beside the neck are closed,
SLIVER_NECK = 0.6           # ... within this many face widths of the chin's column (the neck: held together)
SLIVER_EDGE = 0.05          # ... and beyond it (towards the frame's edges) only gaps narrower than this
GAP_BLEND = 0.02            # ... with their neighbours' colours blended over this many face widths (sigma) ...
GAP_PART = 1.0              # ... or, the garment's apart from the neck's, each over this many px (sigma)


def hair_weight(hair: np.ndarray) -> np.ndarray:
    """(h, w) 0-1: how much a pixel lies by the person's hair (the edges there are softened more)."""
    return np.clip(2.0 * cv2.GaussianBlur(hair.astype(np.float32), (0, 0), HAIR_NEAR), 0.0, 1.0)


def softened(img: np.ndarray, hairy: np.ndarray | None, sigma: float, hair_sigma: float) -> np.ndarray:
    """`img` blurred by `sigma`, by `hair_sigma` where `hairy` (0-1): an outline crisp against the wall as the
    head's own, softer where it cuts through hair (there a crisp cut reads as teeth; blind round 16)."""
    crisp = cv2.GaussianBlur(img, (0, 0), sigma)
    if hairy is None or not hairy.any():
        return crisp
    w = hairy if img.ndim == 2 else hairy[..., None]
    return crisp + (cv2.GaussianBlur(img, (0, 0), hair_sigma) - crisp) * w


def smooth_edge(pre: np.ndarray, a: np.ndarray, free: np.ndarray, top: int, hairy: np.ndarray | None = None):
    """The layers (premultiplied) with the outline from row `top` down antialiased (a hard matte, a carried-over
    scrap, a closed gap or the face's outline cutting the jaw gives a stepped edge): only along the outline outside
    the head, the cloth inside stays sharp; more where it crosses hair (`hairy`, 0-1). `pre` and `a` (the caller's
    own) are changed in place and returned."""
    top = max(0, top)
    if top >= a.shape[0]:
        return pre, a
    p, q = pre[top:], a[top:]
    near = None if hairy is None else hairy[top:]
    sa = softened(q, near, EDGE_SOFT, HAIR_EDGE_SOFT)
    edge = ((q < 0.995) | (sa < 0.995)) & (free[top:] > 0.5) & ((q > 0.005) | (sa > 0.005))
    np.copyto(q, sa, where=edge)
    rows = np.flatnonzero(edge.any(axis=1))
    if not rows.size:
        return pre, a
    # the colour's two blurs worked out on the outline's rows and their reach, mixed only on the outline (the
    # same numbers there; nothing else is read)
    reach = blur_reach(max(EDGE_SOFT, HAIR_EDGE_SOFT))
    band = slice(max(0, rows[0] - reach), min(len(p), rows[-1] + 1 + reach))
    p, edge = p[band], edge[band]
    crisp = cv2.GaussianBlur(p, (0, 0), EDGE_SOFT)
    if near is not None and near.any():
        w = near[band][edge][:, None]
        mixed = crisp[edge]
        mixed += (cv2.GaussianBlur(p, (0, 0), HAIR_EDGE_SOFT)[edge] - mixed) * w
        p[edge] = mixed
    else:
        np.copyto(p, crisp, where=edge[..., None])
    return pre, a


def _holes(solid: np.ndarray) -> np.ndarray:
    """(h, w) bool: background enclosed by the person (not reached from the part's edge): a hole, never the wall."""
    n, labels = cv2.connectedComponents((~solid).astype(np.uint8), connectivity=4)
    if n <= 1:
        return np.zeros_like(solid)
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    return ~solid & ~labelled(labels, n, edge)


def _shut(solid: np.ndarray, across: float) -> np.ndarray:
    """(h, w) bool: the outline closed by a disc `across` px wide (at least 3)."""
    k = max(3, int(across) | 1)
    return cv2.morphologyEx(solid.astype(np.uint8), cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0


def closed(pre: np.ndarray, a: np.ndarray, free: np.ndarray, hairy: np.ndarray, body: Body, cx: float,
           cloth: np.ndarray | None = None):
    """The layers (premultiplied) with every narrow gap of background between the jaw, the neck and the garment
    closed (a morphological closing of the person's outline, SLIVER face widths across within SLIVER_NECK of the
    chin's column `cx`, SLIVER_EDGE beyond: the frame's edges keep the wall between hair and shoulder, not a
    smear) and every hole it leaves: each gap pixel outside the head and its hair (`free`, `hairy`) takes its
    nearest body pixel's colour (neck, garment), never the wall's; with `cloth` (the garment's pixels) each takes
    the nearer one's own colours, never a blend of skin and cloth. `pre` and `a` (the caller's own, or views of
    them) are changed in place and returned."""
    solid = a > 0.5
    k = max(3, int(SLIVER * body.face_w) | 1)
    neck = np.abs(np.arange(a.shape[1]) - cx) <= SLIVER_NECK * body.face_w
    shut = _shut(solid, SLIVER_EDGE * body.face_w)
    cols = np.flatnonzero(neck)
    if cols.size:     # (the wide closing worked out on the neck's columns and twice its reach: the same there)
        c0, c1 = max(0, cols[0] - k), min(a.shape[1], cols[-1] + k + 1)
        shut[:, cols] = _shut(solid[:, c0:c1], SLIVER * body.face_w)[:, cols - c0]
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
    own = per_channel(np.divide, pre[y0:y1, x0:x1], np.maximum(a[y0:y1, x0:x1], 1e-6))   # (read where a > 0.98)
    g = gap[y0:y1, x0:x1]
    pre[y0:y1, x0:x1][g] = _gap_colours(have, own, None if cloth is None else cloth[y0:y1, x0:x1],
                                        max(0.8, GAP_BLEND * body.face_w), g)
    a[y0:y1, x0:x1][g] = 1.0
    return pre, a


def _gap_colours(have: np.ndarray, own: np.ndarray, cloth: np.ndarray | None, sigma: float,
                 gap: np.ndarray) -> np.ndarray:
    """(n, 3) the colours the `gap` pixels take: their nearest body pixels', blurred by `sigma` (no tears). Given
    `cloth`, the garment's and the rest's (the neck, the jaw) apart, each pixel the nearer one's: a gap under the
    jaw blended from skin, a white collar and a dark jacket was a grey wedge, one by a collar a pink blob (blind
    round 34 on 047, round 33 on 061)."""
    if cloth is not None:
        worn, rest = have & cloth, have & ~cloth
        if worn.any() and rest.any():
            (c_worn, d_worn), (c_rest, d_rest) = nearest(worn, own), nearest(rest, own)
            w = np.clip((d_rest[gap] - d_worn[gap]) / 2.0 + 0.5, 0.0, 1.0)[:, None]      # 1: the garment is nearer
            soft = [cv2.GaussianBlur(c, (0, 0), GAP_PART)[gap] for c in (c_worn, c_rest)]
            return soft[0] * w + soft[1] * (1.0 - w)
    return cv2.GaussianBlur(nearest_colours(have, own), (0, 0), sigma)[gap]
