"""Measures tried on the face checks' remaining gaps (ADR 0007, "Gaps re-examined"): prints them per photo.

Usage: python tools/probe_face_gaps.py [FOLDER ...]   (default tests/data/expressions and ../shared/photos/portraits)
None of these is shipped: each overlaps the faces labelled fine (numbers in ADR 0007). They are kept here so
the figures can be reproduced and the next attempt starts from them, not from scratch.
- veil: a reflection over one lens, seen against the other eye mirrored onto it (affine fit between the iris
  model's points of both eyes), as the share of the lens box whose blurred luminance differs by > 20 %;
- contrast: |log| of the two lenses' gradient/luminance ratio (an additive veil brightens without adding edges);
- near_far: log median luminance of the face half nearer the camera over the far half (light from the camera
  brightens the near half, light from the far half's side darkens it);
- eye_con: the lower of the eyes' contrast between the corners, (p97 - p3) / (p97 + p3) (a veil lifts the dark);
- steep: share of the thin-ridge energy (Hessian, sigma 1 px) more than 45 deg off the eye line around each eye
  (strands of hair run down the face, lids and brows along the eye line);
- lines: the same with an elongated line filter (Gabor, 2 px across, 10 px along), steep over level response;
- fabric, dark/light, brim, top: the head-covering cues of covering.py, printed at every pose (the checks judge
  them only within judge_pose_max), with the pitch as the findings measure it (from pitch_zero); top is nan where
  the crown band holds no light brim (not read).
"""
from __future__ import annotations

import csv
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from idphoto_gui.core.render.compliance import THRESHOLDS  # noqa: E402
from idphoto_gui.core.faces.face_quality.covering import covering  # noqa: E402
from idphoto_gui.core.faces.face_quality.glasses import bridge_edge  # noqa: E402
from idphoto_gui.core.faces.face_quality.iris import INNER, OUTER, Eye, eyes  # noqa: E402
from idphoto_gui.core.faces.face_quality.patch import (CHIN, FOREHEAD, FacePatch, box, disk_mask, face_patch,  # noqa: E402
                                                 poly_mask, upright_window)
from idphoto_gui.core.faces.face_quality.shadows import FACE_OVAL  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.analysis.pipeline import analyse  # noqa: E402

LABELS = (("glare_on_glasses", 5), ("shadow_on_face", 8), ("hair_over_eyes", 4), ("head_covering", 5))


def _lens(p: FacePatch, eye: Eye) -> tuple[slice, slice]:
    """The lens box of glasses.py."""
    return box(p.luma.shape, eye.iris[0], 0.42 * p.ied, 0.26 * p.ied)


def veil(p: FacePatch) -> float:
    """Largest share of a lens box whose blurred luminance differs by > 20 % from the other eye mirrored onto it."""
    shares = []
    for a, b in ((p.right, p.left), (p.left, p.right)):
        src = np.vstack([b.contour, b.iris]).astype(np.float32)
        dst = np.vstack([a.contour, a.iris]).astype(np.float32)
        m, _ = cv2.estimateAffine2D(src, dst, method=cv2.LMEDS)   # the points' order is mirrored already
        h, w = p.luma.shape
        warped = cv2.warpAffine(p.luma, m, (w, h), flags=cv2.INTER_LINEAR)
        valid = cv2.warpAffine(np.ones_like(p.luma), m, (w, h)) > 0.99
        s = 0.06 * p.ied
        rows, cols = _lens(p, a)
        r = (np.log(cv2.GaussianBlur(p.luma, (0, 0), s) + 8) - np.log(cv2.GaussianBlur(warped, (0, 0), s) + 8))
        r = r[rows, cols][valid[rows, cols]]
        shares.append(float((np.abs(r - np.median(r)) > 0.2).mean()) if r.size else 0.0)
    return max(shares)


def contrast(p: FacePatch) -> float:
    """|log| of the ratio of the two lens boxes' mean gradient / mean luminance (irises left out)."""
    c = []
    for e in (p.right, p.left):
        rows, cols = _lens(p, e)
        g = cv2.GaussianBlur(p.luma[rows, cols], (0, 0), 1.0)
        grad = np.hypot(cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1)) / 8
        keep = ~disk_mask(p.luma.shape, e.iris[0], 1.3 * e.iris_radius)[rows, cols]
        c.append(float(grad[keep].mean()) / max(float(p.luma[rows, cols][keep].mean()), 1.0))
    return abs(float(np.log(c[0] / c[1])))


def near_far(p: FacePatch, yaw: float) -> float:
    """log(median luminance of the near face half / the far half) inside 80 % of the face oval."""
    pts = p.mesh[list(FACE_OVAL)]
    inner = pts.mean(0) + 0.8 * (pts - pts.mean(0))
    ys, xs = np.nonzero(poly_mask(p.luma.shape, inner))
    a, b = p.mesh[FOREHEAD], p.mesh[CHIN]
    x_line = a[0] + (b[0] - a[0]) * (ys - a[1]) / (b[1] - a[1] if abs(b[1] - a[1]) > 1e-6 else 1e-6)
    img_left, img_right = p.luma[ys, xs][xs < x_line], p.luma[ys, xs][xs >= x_line]
    near, far = (img_left, img_right) if yaw > 0 else (img_right, img_left)  # yaw > 0: nose to the image right
    return float(np.log(max(np.median(near), 1.0) / max(np.median(far), 1.0)))


def steep(p: FacePatch) -> float:
    """Largest share of ridge energy running > 45 deg off the eye line around an eye (Hessian, sigma 1 px)."""
    out = []
    for e in (p.right, p.left):
        win = cv2.GaussianBlur(upright_window(p, (e.contour[OUTER] + e.contour[INNER]) / 2, 0.6 * e.width,
                                              0.3 * p.ied), (0, 0), 1.0)
        xx, yy = cv2.Sobel(win, cv2.CV_32F, 2, 0), cv2.Sobel(win, cv2.CV_32F, 0, 2)
        xy = cv2.Sobel(win, cv2.CV_32F, 1, 1)
        tr, dev = (xx + yy) / 2, np.sqrt(((xx - yy) / 2) ** 2 + xy ** 2)
        first = np.abs(tr + dev) > np.abs(tr - dev)
        mag = np.where(first, np.abs(tr + dev), np.abs(tr - dev))
        across = 0.5 * np.arctan2(2 * xy, xx - yy) + np.where(first, 0.0, np.pi / 2)  # the curvature's direction
        along = np.abs(np.degrees(np.arctan(np.tan(across + np.pi / 2))))             # the ridge's, 0-90 deg
        out.append(float(mag[along > 45].sum() / max(float(mag.sum()), 1e-6)))
    return max(out)


def eye_contrast(p: FacePatch) -> float:
    """Lower of the two eyes' (p97 - p3) / (p97 + p3) in the upright box between the corners."""
    out = []
    for e in (p.right, p.left):
        win = upright_window(p, (e.contour[OUTER] + e.contour[INNER]) / 2, 0.5 * e.width, 0.12 * p.ied)
        lo, hi = np.percentile(win, 3), np.percentile(win, 97)
        out.append(float((hi - lo) / max(hi + lo, 1.0)))
    return min(out)


def _line_kernel(normal_deg: int) -> np.ndarray:
    """Zero-mean even Gabor: a line 2 px across and ~10 px along, its normal at normal_deg."""
    k = cv2.getGaborKernel((31, 31), 2.0, np.radians(normal_deg), 5.0, 0.2, 0)
    k = k - k.mean()
    return (k / np.abs(k).sum()).astype(np.float32)


def lines(p: FacePatch) -> float:
    """Larger of the eyes' ratio: strongest line response > 45 deg off the eye line / along it (99th pct)."""
    out = []
    for e in (p.right, p.left):
        win = upright_window(p, (e.contour[OUTER] + e.contour[INNER]) / 2, 0.6 * e.width + 16, 0.25 * p.ied + 16)
        resp = {t: float(np.percentile(np.abs(cv2.filter2D(win, cv2.CV_32F, _line_kernel(t)))[16:-16, 16:-16], 99))
                for t in range(0, 180, 15)}
        level = max(resp[75], resp[90], resp[105])          # normal near vertical: a line along the eye
        out.append(max(v for t, v in resp.items() if not 45 < t < 135) / max(level, 1e-3))
    return max(out)


def row(path: Path, lab: dict[str, str]) -> str | None:
    """One photo's line: its labels, pose, glasses edge and the measures; None without a face mesh."""
    image = load_image(path)
    analysis = analyse(image)
    faces = [f for f in analysis.faces if f.has_mesh]
    if not faces:
        return None
    f = faces[0]
    alpha = analysis.matte.alpha if analysis.face is None or analysis.face is f else None
    right, left = eyes(image.rgb, f.landmarks)
    p = face_patch(image.rgb, mesh=f.landmarks, right=right, left=left)
    cues = ""
    if alpha is not None:
        cov = covering(image.rgb, alpha=alpha, mesh=f.landmarks, right=right.iris[0], left=left.iris[0])
        cues = f" {cov.fabric:6.2f} {cov.dark_over_light:10.1f} {cov.light_brim:5.2f} {cov.top_fabric:5.2f}"
    labels = " ".join(f"{lab.get(col, '-'):{w}s}" for col, w in LABELS)
    return (f"{path.name[:26]:26s} {labels} {f.yaw_deg:6.1f} {bridge_edge(p):7.1f} {veil(p):5.2f} "
            f"{contrast(p):5.2f} {eye_contrast(p):7.2f} {near_far(p, f.yaw_deg):+7.2f} {steep(p):5.2f} "
            f"{lines(p):5.2f} "
            f"{f.pitch_deg - THRESHOLDS['pitch_zero']:6.1f}{cues}")


def main() -> int:
    """Print the measures for every face found, with the labels that concern them."""
    folders = [Path(a) for a in sys.argv[1:]] or [ROOT / "tests/data/expressions",
                                                   ROOT.parent / "shared/photos/portraits"]
    print(f"{'photo':26s} {'glare':5s} {'shadow':8s} {'hair':4s} {'cover':5s} {'yaw':>6s} {'glasses':>7s} "
          f"{'veil':>5s} {'contr':>5s} {'eye_con':>7s} {'nearfar':>7s} {'steep':>5s} {'lines':>5s} "
          f"{'pitch':>6s} {'fabric':>6s} dark/light {'brim':>5s} {'top':>5s}")
    for folder in folders:
        labels = {}
        if (folder / "labels.csv").exists():
            labels = {r["file"]: r for r in csv.DictReader((folder / "labels.csv").open(encoding="utf-8"))}
        for path in sorted(q for q in folder.iterdir() if q.suffix.lower() in (".jpg", ".png")):
            line = row(path, labels.get(path.name, {}))
            if line:
                print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
