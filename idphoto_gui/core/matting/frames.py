"""Straight-edged veils: an object's frame the network kept half transparent beside a person (docs/adr/0020).

Hair's outer edge is ragged; an object's (a poster, a door frame, a shelf) is straight. Where the cut-out's
outline runs straight for FRAME_LENGTH face widths or more while the alpha just inside it is half transparent
(a median between VEIL[0] and VEIL[1]), the veil behind that edge is an object, not hair: `frames` finds
such edges that go on past the cut-out as a straight edge of the photo itself (the object's edge continues
into the background; hair's outline never does), `clear_frames` clears the veil from each edge inward until the person's opaque alpha. Opaque
edges (a shoulder, a collar) are not veils and are never touched; the person's core is never touched.
"""
from __future__ import annotations

import cv2
import numpy as np

OUTLINE = 0.1          # the cut-out's outline: where alpha crosses this
FRAME_LENGTH = 0.15    # a straight run of the outline this many face widths long (hair: never)...
MIN_RUN = 12           # ...and at least this many px (shorter straight runs are chance, even on hair)
STRAIGHT = 1.0         # ...within this many px of a line (polygon approximation's tolerance, at the matte's size)
VEIL = (0.15, 0.9)     # ...with the median alpha INSIDE px in from it between these: half transparent
INSIDE = 3             # px in from the outline where the veil is read
OPAQUE = 0.95          # clearing stops at the person's alpha above this
DEPTH = 0.35           # and at most this many face widths in from the edge
NEAR = 0.6             # only beside the head and shoulders (face widths around a face box, twice below)
FEATHER = 1.0          # px (Gaussian sigma): the cleared veil's rim on the person is softened
REACH = 0.5            # the object's edge is followed this many face widths on along the photo (veil beside it)
SCENE_STEP = 30        # the edge goes on past the cut-out as a step of the photo's colour this large (0-255)...
SCENE_RUN = 0.5        # ...over this share of the edge's length beyond one of its ends...
SCENE_SHARE = 0.9      # ...at this share of the clear background pixels sampled there: a straight edge of the scene
SCENE_CLEAR = 0.8      # (the cut-out clear at this share of those pixels at least: the edge runs on the wall)

Segment = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]   # two ends, the inward normal


def frames(alpha: np.ndarray, face_width: float, rgb) -> list[Segment]:
    """Straight half-transparent runs of the cut-out's outline in `alpha` (float 0-1) that go on as a straight
    edge of the photo `rgb` past the cut-out, for a face `face_width` px wide: each as its two ends (x, y),
    followed on along the photo's edge, and the unit normal pointing into the cut-out. `rgb` may be a function
    making the photo (called only when a straight veil is found)."""
    found = _straight_veils(alpha, face_width)
    if not found:
        return []
    photo = rgb() if callable(rgb) else rgb
    out: list[Segment] = []
    for a, b, normal in found:
        run = _goes_on(alpha, photo, a, b, normal, REACH * face_width)
        if run is not None:   # the object's edge: the straight run and its photo edge's run on
            u = (b - a) / float(np.hypot(*(b - a)))
            a, b = a - run[0] * u, b + run[1] * u
            out.append(((float(a[0]), float(a[1])), (float(b[0]), float(b[1])),
                        (float(normal[0]), float(normal[1]))))
    return out


def _straight_veils(alpha: np.ndarray, face_width: float) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Straight runs of the outline FRAME_LENGTH face widths long, half transparent inside: (a, b, inward
    normal) as float arrays."""
    length = max(FRAME_LENGTH * face_width, MIN_RUN)
    mask = (alpha > OUTLINE).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    h, w = alpha.shape
    t = np.linspace(0.1, 0.9, 9)[:, None]
    out = []
    for contour in contours:
        if len(contour) < length:
            continue
        poly = cv2.approxPolyDP(contour, STRAIGHT, True)[:, 0].astype(np.float64)
        ends = np.roll(poly, -1, axis=0)
        d = ends - poly
        n = np.hypot(d[:, 0], d[:, 1])
        long = n >= length
        if not long.any():
            continue
        a, d, n = poly[long], d[long], n[long]
        normal = np.stack([-d[:, 1], d[:, 0]], axis=1) / n[:, None]
        pts = a[:, None, :] + t[None, :, :] * d[:, None, :]          # (S, 9, 2) along each run

        def read(side: float) -> np.ndarray:
            q = np.round(pts + side * INSIDE * normal[:, None, :]).astype(int)
            return alpha[q[..., 1].clip(0, h - 1), q[..., 0].clip(0, w - 1)]
        one, two = read(1.0), read(-1.0)
        first = one.mean(axis=1) >= two.mean(axis=1)   # the side with the higher alpha is the inside
        inside = np.median(np.where(first[:, None], one, two), axis=1)
        veil = (inside > VEIL[0]) & (inside < VEIL[1])
        for i in np.flatnonzero(veil):
            out.append((a[i], a[i] + d[i], (1.0 if first[i] else -1.0) * normal[i]))
    return out


def _goes_on(alpha: np.ndarray, rgb: np.ndarray, a: np.ndarray, b: np.ndarray, normal: np.ndarray,
             reach: float) -> tuple[float, float] | None:
    """How far (px, beyond a and beyond b) the line a-b goes on as a step of the photo's colour (SCENE_STEP
    across it) past its ends, at most `reach` px: None unless it does so where the cut-out is clear for
    SCENE_RUN of its length (at SCENE_SHARE of the pixels sampled) beyond one end."""
    h, w = alpha.shape
    d = b - a
    length = float(np.hypot(*d))
    u = d / length
    need = SCENE_RUN * length
    s = np.arange(2.0, max(need, reach) + 2.0)[:, None]
    runs, scene = [], False
    for start, way in ((a, -u), (b, u)):
        p = start + s * way
        q1, q2 = np.round(p + INSIDE * normal).astype(int), np.round(p - INSIDE * normal).astype(int)
        inside = ((q1[:, 0] >= 0) & (q1[:, 0] < w) & (q1[:, 1] >= 0) & (q1[:, 1] < h)
                  & (q2[:, 0] >= 0) & (q2[:, 0] < w) & (q2[:, 1] >= 0) & (q2[:, 1] < h))
        q1, q2 = q1[inside], q2[inside]
        step = np.abs(rgb[q1[:, 1], q1[:, 0]].astype(np.int16)
                      - rgb[q2[:, 1], q2[:, 0]].astype(np.int16)).max(axis=1) > SCENE_STEP
        clear = (alpha[q1[:, 1], q1[:, 0]] <= 0.05) & (alpha[q2[:, 1], q2[:, 0]] <= 0.05)
        near = np.arange(len(step)) < need
        if np.count_nonzero(clear & near) >= SCENE_CLEAR * need and np.mean(step[clear & near]) >= SCENE_SHARE:
            scene = True
        broken = np.flatnonzero(~step)
        runs.append(float(min(reach, broken[0] if broken.size else len(step))))
    return (runs[0], runs[1]) if scene else None


def frame_mask(alpha: np.ndarray, segments: list[Segment], face_width: float) -> np.ndarray:
    """bool mask of the veil behind `segments`: from each edge inward (at most DEPTH face widths) until the
    person's opaque alpha, only pixels joined to the edge through half-transparent ones."""
    h, w = alpha.shape
    out = np.zeros((h, w), bool)
    depth = DEPTH * face_width
    below = (alpha < OPAQUE).astype(np.uint8)
    for a, b, normal in segments:
        a, b, normal = np.asarray(a), np.asarray(b), np.asarray(normal)
        back = -1.5 * normal   # start just outside the edge, so the edge's own pixels are in
        quad = np.array([a + back, b + back, b + depth * normal, a + depth * normal])
        zone = np.zeros((h, w), np.uint8)
        cv2.fillPoly(zone, [np.round(quad * 16).astype(np.int32)], 1, lineType=cv2.LINE_8, shift=4)
        region = zone & below
        n, labels = cv2.connectedComponents(region, connectivity=4)
        if n <= 1:
            continue
        # the parts touching the edge's line
        line = np.zeros((h, w), np.uint8)
        cv2.line(line, tuple(int(round(v)) for v in a), tuple(int(round(v)) for v in b), 1, 3)
        touch = np.unique(labels[(line > 0) & (region > 0)])
        touch = touch[touch > 0]
        out |= np.isin(labels, touch)
    return out


def beside_heads(segments: list[Segment], faces) -> list[Segment]:
    """The segments whose middle lies beside a head or the shoulders: NEAR face widths around a face box,
    twice that below (where an ID photo's crop is; a deck's planks by a foot are left alone)."""
    out = []
    for seg in segments:
        mx, my = (seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2
        for face in faces:
            fx, fy, fw, fh = face.box
            if fx - NEAR * fw <= mx <= fx + fw + NEAR * fw and fy - NEAR * fw <= my <= fy + fh + 2 * NEAR * fw:
                out.append(seg)
                break
    return out


def clear_frames(alpha: np.ndarray, rgb: np.ndarray, faces, keep: np.ndarray | None = None) -> np.ndarray:
    """`alpha` with the veils behind straight half-transparent edges cleared (the same object when there are
    none); `faces` give the scale (their box widths); `keep` (bool) is never touched (the person's core)."""
    widths = [float(f.box[2]) for f in faces]
    if not widths:
        return alpha
    width = float(np.median(widths))
    segments = beside_heads(frames(alpha, width, rgb), faces)
    if not segments:
        return alpha
    clear = frame_mask(alpha, segments, width)
    if keep is not None:
        clear &= ~keep
    if not clear.any():
        return alpha
    soft = cv2.GaussianBlur(clear.astype(np.float32), (0, 0), FEATHER)   # no stair-step cut into the person
    soft[clear] = 1.0
    if keep is not None:
        soft[keep] = 0.0
    return (alpha * (1.0 - soft)).astype(alpha.dtype, copy=False)
