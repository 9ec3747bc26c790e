"""Continue the body past the photo's bottom and side edges, so a crop that overhangs a tight photo
shows shoulders running on to the output's edge instead of a straight-edged gap (issue 17).

Works on the source region that the output is warped from (already box-shrunk to about output
resolution, so it costs about a millisecond). Bottom: each column's edge colour and alpha are carried
down; a mirrored band of the last rows keeps the cloth texture at the seam and fades out over a few
rows into the column's mean colour. Sides: the same along rows, but only for the subject's run that
reaches the bottom of the photo (shoulders, clothing, hair lying on them): hair or an ear touching a
side edge higher up is the head, which is never invented; there the pad is background (alpha 0).
The top is never padded: the warp leaves it to the background.
"""
from __future__ import annotations

import cv2
import numpy as np

BAND_FRAC = 0.025     # texture band: 2.5 % of the region's long side (about 10 output px at 413 px)
MIN_BAND_PX = 3
SUBJECT = 0.5         # alpha above this at a side edge is subject
MIN_RUN_FRAC = 0.02   # a side run shorter than this share of the height is noise, not a shoulder
WIDE_BANDS = 8        # far from the seam the colour is averaged over +-8 bands across, so no streaks
BLEND_BANDS = 1.5     # ... reached this many bands past the seam (the column's own colour before)
MAX_SLOPE = 1.0       # a shoulder line continued outward drops at most 45 degrees


def _band(shape: tuple[int, ...]) -> int:
    """Rows (or columns) of texture mirrored and faded at a seam."""
    return int(np.clip(round(BAND_FRAC * max(shape[:2])), MIN_BAND_PX, max(MIN_BAND_PX, min(shape[:2]))))


def _mirror_index(depth: int, band: int) -> np.ndarray:
    """For pad rows 0..depth-1 beyond the edge: the row index counted back from the edge (triangle wave)."""
    j = np.arange(depth) % (2 * band)
    return np.where(j < band, j, 2 * band - 1 - j)


def _smooth(row: np.ndarray, weight: np.ndarray, width: int) -> np.ndarray:
    """A (1, n, c) row blurred along n over `width`, weighted (so background columns do not bleed in)."""
    k = (2 * width + 1, 1)
    num = cv2.blur(row * weight[..., None], k, borderType=cv2.BORDER_REFLECT)
    den = cv2.blur(weight, k, borderType=cv2.BORDER_REFLECT)[..., None]
    return num / np.maximum(den, 1e-3)


def _continue_down(fg: np.ndarray, alpha: np.ndarray, depth: int, band: int) -> tuple[np.ndarray, np.ndarray]:
    """`depth` rows under the region: edge alpha carried down; the texture of a mirrored band fades into
    the column's mean colour, which itself widens into a smooth gradient further out (no streaks)."""
    h = fg.shape[0]
    band = min(band, h)
    edge = fg[h - band:].astype(np.float32)
    a_edge = cv2.blur(alpha[h - 2:].mean(axis=0, keepdims=True).astype(np.float32), (3, 1),
                      borderType=cv2.BORDER_REPLICATE)
    weight = a_edge + 0.02
    mean = _smooth(edge.mean(axis=0, keepdims=True), weight, band)
    wide = _smooth(mean, weight, WIDE_BANDS * band)
    d = np.arange(depth, dtype=np.float32)[:, None, None]
    pad_fg = wide + np.exp(-d / (BLEND_BANDS * band)) * (mean - wide)
    near = min(depth, 4 * band)  # the mirrored texture has faded below 2 % further out
    idx = h - 1 - _mirror_index(near, band)
    pad_fg[:near] += np.exp(-d[:near] / band) * (fg[idx].astype(np.float32) - pad_fg[:near])
    a_far = cv2.blur(a_edge, (2 * band + 1, 1), borderType=cv2.BORDER_REPLICATE)  # thin strands fade out
    pad_a = a_far + np.exp(-d[..., 0] / band) * (a_edge - a_far)
    return np.clip(pad_fg + 0.5, 0, 255).astype(np.uint8), pad_a


def _run_start(alpha_edge: np.ndarray) -> int | None:
    """First row of the subject's run that reaches the bottom row of a side edge (None: no such run)."""
    solid = alpha_edge > SUBJECT
    if not solid[-1]:
        return None
    gaps = np.flatnonzero(~solid)
    start = int(gaps[-1]) + 1 if len(gaps) else 0
    return start if len(solid) - start >= MIN_RUN_FRAC * len(solid) else None


def _body_rows(alpha_edge: np.ndarray) -> np.ndarray:
    """Weight per row of a side edge: 1 on the subject's run that reaches the bottom row, else 0."""
    out = np.zeros(len(alpha_edge), np.float32)
    start = _run_start(alpha_edge)
    if start is None:
        return out
    out[start:] = 1.0
    ramp = min(start, _band((len(alpha_edge), 1)))
    out[start - ramp:start] = np.linspace(0.0, 1.0, ramp + 2, dtype=np.float32)[1:-1]  # soft shoulder top
    return out


def _shoulder_slope(alpha: np.ndarray, band: int) -> float:
    """Rows the shoulder line drops per column towards the right edge (0 when flat or unknown)."""
    edge, inner = _run_start(alpha[:, -1]), _run_start(alpha[:, max(0, alpha.shape[1] - 1 - band)])
    if edge is None or inner is None or alpha.shape[1] <= band:
        return 0.0
    return float(np.clip((edge - inner) / band, 0.0, MAX_SLOPE))


def _continue_right(fg: np.ndarray, alpha: np.ndarray, depth: int, band: int) -> tuple[np.ndarray, np.ndarray]:
    """`depth` columns right of the region (the left side passes mirrored views).

    Rows carry the edge on outward; the shoulder line keeps its slope, so it runs on instead of
    turning flat at the photo's edge. Only the last `band` columns, and only the body's rows, are
    worked on: above the shoulders the pad is background (the edge colour, alpha 0).
    """
    h = alpha.shape[0]
    weight = _body_rows(alpha[:, -2:].mean(axis=1))
    pad_fg = np.repeat(fg[:, -1:], depth, axis=1)
    pad_a = np.zeros((h, depth), np.float32)
    rows = np.flatnonzero(weight)
    if len(rows) == 0:
        return pad_fg, pad_a
    r0 = int(rows[0])
    edge_fg = np.ascontiguousarray(fg[r0:, -band:].transpose(1, 0, 2))
    edge_a = np.ascontiguousarray(alpha[r0:, -band:].T)
    body_fg, body_a = _continue_down(edge_fg, edge_a, depth, band)
    pad_fg[r0:], pad_a[r0:] = body_fg.transpose(1, 0, 2), (body_a * weight[None, r0:]).T
    slope = _shoulder_slope(alpha[:, -band - 1:], band)
    if slope > 0:  # column j reads the edge profile slope * (j + 1) rows higher up
        ys, xs = np.mgrid[r0:h, 0:depth].astype(np.float32)
        pad_a[r0:] = cv2.remap(pad_a, xs, ys - slope * (xs + 1), cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return pad_fg, pad_a


def continue_body(fg: np.ndarray, alpha: np.ndarray, *, bottom: int = 0, left: int = 0,
                  right: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The region padded below and beside with the body continued; sizes grow by the pads (pixels)."""
    alpha = np.asarray(alpha, np.float32)
    h, w = alpha.shape
    band = min(_band(alpha.shape), h, w)
    bottom, left, right = (n if band >= 2 else 0 for n in (bottom, left, right))
    out_fg = np.empty((h + bottom, w + left + right, 3), np.uint8)
    out_a = np.empty((h + bottom, w + left + right), np.float32)
    out_fg[:h, left:left + w], out_a[:h, left:left + w] = fg, alpha
    if bottom:
        out_fg[h:, left:left + w], out_a[h:, left:left + w] = _continue_down(fg, alpha, bottom, band)
    inner_fg, inner_a = out_fg[:, left:left + w], out_a[:, left:left + w]  # with the bottom pad
    if right:
        out_fg[:, left + w:], out_a[:, left + w:] = _continue_right(inner_fg, inner_a, right, band)
    if left:
        pad_fg, pad_a = _continue_right(inner_fg[:, ::-1], inner_a[:, ::-1], left, band)
        out_fg[:, :left], out_a[:, :left] = pad_fg[:, ::-1], pad_a[:, ::-1]
    return out_fg, out_a
