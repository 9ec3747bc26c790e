"""Where the person is for dressing (issue 38): the Body, the face's outline and the neck's skin colour."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SHOULDER_RISE = 0.4           # beside the face the shoulders may be dressed from this many face heights above the chin
HEAD_HALF = 0.55              # without a face mesh the head is this many face widths either side of the chin
SKIN_AB, SKIN_L = 10.0, 18.0  # Lab distance (chroma, lightness) to the neck's colour that counts as skin
CHEEKS = (234, 454)           # mesh points at the face's widest
SEED = 38


@dataclass(frozen=True)
class Body:
    """Where the person is on the output grid (px): the chin, the face's height and width, the mesh."""

    chin: tuple[float, float]
    face_h: float               # forehead (mesh point 10) to chin
    face_w: float               # cheek to cheek
    points: np.ndarray | None   # the mesh on the output grid, or None


def face_mask(body: Body, shape: tuple[int, int]) -> np.ndarray:
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


def skin_colour(lab: np.ndarray, alpha: np.ndarray, body: Body, real_rows: int) -> np.ndarray:
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
        near = is_skin(band, face) & (a_band > 0.9)
        if near.sum() > 20:
            return np.median(band[near], axis=0).astype(np.float32)
    return (face - np.array([18.0, 0.0, 0.0])).astype(np.float32)   # 8-bit Lab: L x 255/100


def is_skin(lab: np.ndarray, ref: np.ndarray, loose: float = 1.0) -> np.ndarray:
    """Pixels near a skin colour (8-bit Lab: L 0-255, a and b offset by 128); `loose` widens the test."""
    return near_skin(skin_distance(lab, ref), loose)


def hue_gap2(lab: np.ndarray, a: float, b: float) -> np.ndarray:
    """(h, w) float32: each pixel's squared distance in Lab's a, b plane to (a, b). On 8-bit Lab's whole numbers
    and a median's halves the squares are exact: compared squared, no square roots."""
    da, db = lab[..., 1] - a, lab[..., 2] - b
    da *= da
    db *= db
    da += db
    return da


def skin_distance(lab: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """(h, w, 2): each pixel's Lab distance to a skin colour, in chroma and in lightness (for `near_skin`)."""
    sd = np.empty(lab.shape[:-1] + (2,), np.float32)
    np.sqrt(hue_gap2(lab, ref[1], ref[2]), out=sd[..., 0])     # (as np.hypot: its squares are exact; 4x faster)
    sd[..., 1] = np.abs(lab[..., 0] - ref[0])
    return sd


def blur_reach(sigma: float) -> int:
    """Rows a float image's cv2.GaussianBlur reads either side of a pixel (its kernel is round(8 sigma + 1) | 1
    wide), and 2 more to spare."""
    return (int(round(8.0 * sigma + 1.0)) | 1) // 2 + 2


def blurred_rows(img: np.ndarray, sigma: float, first: int) -> np.ndarray:
    """cv2.GaussianBlur(img, (0, 0), sigma)[first:] worked out from the rows it reads (`blur_reach` above `first`
    and below), not the whole picture: the same numbers, at the cost of the rows wanted."""
    first = min(max(first, 0), img.shape[0])
    start = max(0, first - blur_reach(sigma))
    if first >= img.shape[0]:
        return img[first:].copy()
    return cv2.GaussianBlur(img[start:], (0, 0), sigma)[first - start:]


def blurred(img: np.ndarray, sigma: float) -> np.ndarray:
    """cv2.GaussianBlur(img, (0, 0), sigma) of an image whose first rows are 0 (a garment's, a neck's), worked out
    from the rows its kernel reaches from the first one holding anything (above them it is 0): the same numbers."""
    first = max(0, first_row(img) - blur_reach(sigma))
    out = np.zeros_like(img)
    out[first:] = blurred_rows(img, sigma, first)
    return out


def first_row(m: np.ndarray) -> int:
    """The first row of `m` holding anything but 0 (its row count when none): above it the garment is not."""
    rows = np.flatnonzero(m.reshape(m.shape[0], -1).any(axis=1))
    return int(rows[0]) if rows.size else m.shape[0]


def labelled(labels: np.ndarray, n: int, chosen: np.ndarray) -> np.ndarray:
    """(h, w) bool: pixels whose label (of `n`, cv2.connectedComponents') is one of `chosen`, never the background's
    0 (a lookup table: np.isin sorts every pixel's label)."""
    pick = np.zeros(n, bool)
    pick[chosen] = True
    pick[0] = False
    return pick[labels]


def fits(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """`a` when it holds an elementwise op's result on a and b[..., None] or b exactly (its dtype and shape: the op
    may write into it, the same numbers), else None (a new array)."""
    shape = np.broadcast_shapes(a.shape, b.shape if b.ndim == a.ndim else b.shape + a.shape[-1:])
    return a if a.dtype == np.result_type(a, b) and a.shape == shape else None


def summed(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a + b, written into a or b (temporaries of the caller's) where one holds the sum exactly: no new copy."""
    for x, y in ((a, b), (b, a)):
        if x.ndim == y.ndim and fits(x, y) is not None:
            x += y
            return x
    return a + b


def per_channel(op: np.ufunc, rgb: np.ndarray, v: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """op(rgb, v[..., None]) for (..., C) `rgb` and a plane `v`, one channel at a time (into `out` as numpy's out=
    does, or new): the same numbers, about twice as fast as numpy's broadcast over a last axis of 3."""
    if out is None:
        out = np.empty(np.broadcast_shapes(rgb.shape[:-1], v.shape) + rgb.shape[-1:], np.result_type(rgb, v))
    for c in range(rgb.shape[-1]):
        op(rgb[..., c], v, out=out[..., c])
    return out


def near_skin(sd: np.ndarray, loose: float = 1.0) -> np.ndarray:
    """Pixels near the skin colour `skin_distance` measured from (as `is_skin`); `loose` widens the test."""
    return (sd[..., 0] < SKIN_AB * loose) & (sd[..., 1] < SKIN_L * 2.55 * loose)
