"""How close the continued body (core/body/extend.py) comes to the real one (issue 25's "Done when").

Usage: python tools/eval_extension.py [--templates cn-1inch us-passport] [--fracs 0.1 0.25 0.4]
                                      [--photos SUBSTR ...] [--sheet PNG] [--json OUT]
       python tools/eval_extension.py --crops     # the issue's tight photos at 300 dpi, bottoms at 200 %
       python tools/eval_extension.py --bounds --cache DIR   # also what the cut photo can tell (extension_bounds.py)

Roomy photos (shared portraits, the P3M images in tests/data, the expression photos) whose crop fits
inside the photo are cut at a few heights between the chin and chin + 0.5 face heights (face height:
forehead to chin). The product makes the photo from the cut and from the uncut photo with the same crop
(same head size), each analysed on its own (its own matte); the painted area (output pixels that map
below the cut) is compared with the real one inside the subject of both:

- texture energy ratio: mean high-frequency energy (luminance minus a Gaussian blur, sigma 1.5 px) of
  the painted area / of the real area there (a smear reads ~0.1, a copy of real cloth ~1);
- seam step: mean |difference| between the first painted row and the row above it / median row-to-row
  difference of the real photo over the same area (1 = no visible step);
- colour dE: mean CIE76 difference of the two at the scale of 2 % of the width (Gaussian blur), i.e. the
  colour, not where each fold lies. The blur mixes in the white background wherever the two silhouettes
  differ near the edge; subject dE (a check, not a target) blurs only inside each matte (normalised).
A contact sheet of cut / ours / truth (the bottom of each photo) is written to look at.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from idphoto_gui.core.analysis.pipeline import analyse  # noqa: E402
from idphoto_gui.core.geometry.placement import output_to_source_matrix, plan_crop  # noqa: E402
from idphoto_gui.core.imaging.imageio import from_array, load_image  # noqa: E402
from idphoto_gui.core.render.photo import make_photo  # noqa: E402
from idphoto_gui.core.templates.colours import Background  # noqa: E402
from idphoto_gui.core.templates.specs import get_template  # noqa: E402

import extension_bounds as eb  # noqa: E402  (tools/, beside this file)

SHARED = next((p for p in (ROOT.parent / "shared" / "photos", ROOT.parent.parent / "shared" / "photos") if p.exists()),
              ROOT.parent / "shared" / "photos")  # a checkout beside shared/, or a worktree one level deeper
SOURCES = [SHARED / "portraits", ROOT / "tests" / "data", SHARED / "expressions"]
SHEET = ROOT / "tests" / "artifacts" / "eval_extension_sheet.png"
MIN_AREA_PX = 150          # a painted area smaller than this (output px inside the subject) is not judged
MIN_PAINTED_FRAC = 0.04    # ... nor a cut that paints less than 4 % of the output's height
TILE_H = 150


@dataclass(frozen=True)
class Case:
    """One cut photo's figures."""
    name: str
    template: str
    frac: float
    painted_rows: int
    texture: float
    seam: float
    de: float
    subject_de: float
    dlab: tuple[float, float, float] = (0.0, 0.0, 0.0)   # mean signed Lab difference ours - truth (the bias)
    oracle_de: float = float("nan")   # dE had ours taken the truth's mean colour in each column (a colour model's bound)
    bounds: eb.Bounds | None = None   # with --bounds: what the cut photo can tell (extension_bounds.py)


def photos(filters: list[str]) -> list[Path]:
    """The roomy candidates: portraits, the P3M images in tests/data and the expression photos."""
    out = []
    for folder in SOURCES:
        for p in sorted(folder.iterdir()):
            if p.suffix.lower() not in (".jpg", ".png") or "alpha" in p.stem:
                continue
            if folder.name == "data" and not p.stem.startswith("p3m_"):
                continue
            if not filters or any(f in p.name for f in filters):
                out.append(p)
    return out


def render_pair(analysis, template, crop) -> tuple[np.ndarray, np.ndarray]:
    """The product's photo on white and its alpha (from a white and a black render of the same crop)."""
    white = make_photo(analysis, template, background=Background.colour((255, 255, 255)), crop=crop)
    black = make_photo(analysis, template, background=Background.colour((0, 0, 0)), crop=crop)
    alpha = 1.0 - (white.rgb.astype(np.float32) - black.rgb.astype(np.float32)).mean(axis=2) / 255.0
    return white.rgb, np.clip(alpha, 0.0, 1.0)


def painted_mask(crop, size: tuple[int, int], cut_y: float) -> np.ndarray:
    """Output pixels whose source point lies below the cut (what the product had to paint)."""
    w, h = size
    inv = output_to_source_matrix(crop, w, h)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    sy = inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]
    return sy > cut_y - 0.5


def texture_ratio(ours: np.ndarray, truth: np.ndarray, region: np.ndarray) -> float:
    """High-frequency energy of ours / of the truth over the region."""
    return eb.energy(eb.grey(ours), region) / max(eb.energy(eb.grey(truth), region), 1e-6)


def seam_step(ours: np.ndarray, truth: np.ndarray, painted: np.ndarray, subject: np.ndarray) -> float:
    """Mean |first painted row - row above| over subject columns / median real row-to-row difference."""
    o, t = ours.astype(np.float32), truth.astype(np.float32)
    first = np.argmax(painted, axis=0)
    cols = np.flatnonzero(painted.any(axis=0) & (first > 0))
    cols = cols[subject[first[cols], cols] & subject[first[cols] - 1, cols]]
    if len(cols) < 5:
        return float("nan")
    step = np.abs(o[first[cols], cols] - o[first[cols] - 1, cols]).mean()
    rows = np.abs(np.diff(t, axis=0)).mean(axis=2)            # (h-1, w): |t[y+1] - t[y]|
    real = rows[(subject & painted)[1:] & (subject & painted)[:-1]]
    per_row = [rows[y][(subject[y] & subject[y + 1] & painted[y + 1])].mean()
               for y in range(rows.shape[0]) if (subject[y] & subject[y + 1] & painted[y + 1]).sum() >= 5]
    norm = float(np.median(per_row)) if per_row else float(real.mean() if real.size else 1.0)
    return float(step / max(norm, 1e-3))


def colour_de(ours: np.ndarray, truth: np.ndarray, region: np.ndarray) -> float:
    """Mean CIE76 dE at the scale of 2 % of the width."""
    sigma = 0.02 * ours.shape[1]
    lab = [cv2.cvtColor(cv2.GaussianBlur(x, (0, 0), sigma).astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)
           for x in (ours, truth)]
    return float(np.linalg.norm(lab[0] - lab[1], axis=2)[region].mean())


def mean_dlab(ours: np.ndarray, truth: np.ndarray, region: np.ndarray) -> tuple[float, float, float]:
    """Mean signed Lab difference (ours - truth) over the region at the dE's scale: the colour's bias."""
    sigma = 0.02 * ours.shape[1]
    lab = [cv2.cvtColor(cv2.GaussianBlur(x, (0, 0), sigma).astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)
           for x in (ours, truth)]
    d = (lab[0] - lab[1])[region].mean(axis=0)
    return float(d[0]), float(d[1]), float(d[2])


def oracle_de(ours: np.ndarray, truth: np.ndarray, region: np.ndarray) -> float:
    """dE of ours with each column's painted colour moved to the truth's mean there (texture kept): the best
    any colour model made of one colour a column could reach, knowing what lies below the cut."""
    o, t = ours.astype(np.float32), truth.astype(np.float32)
    wt = region.astype(np.float32)[..., None]
    n = np.maximum(wt.sum(axis=0), 1.0)
    shift = ((t - o) * wt).sum(axis=0) / n
    fixed = np.clip(o + shift[None] * wt, 0, 255).astype(np.uint8)
    return colour_de(fixed, truth, region)


def cached_analyse(image, key: str, cache: Path | None):
    """analyse(image), kept in `cache` (a folder) between runs: the matte and face do not depend on the painting."""
    if cache is None:
        return analyse(image)
    import pickle
    path = cache / f"{key}.pkl"
    if path.exists():
        return pickle.loads(path.read_bytes())
    result = analyse(image)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(result))
    return result


def subject_de(ours: np.ndarray, truth: np.ndarray, region: np.ndarray, ours_a: np.ndarray,
               truth_a: np.ndarray) -> float:
    """Mean CIE76 dE at the scale of 2 % of the width, each blurred inside its own matte only."""
    sigma = 0.02 * ours.shape[1]
    lab = []
    for rgb, a in ((ours, ours_a), (truth, truth_a)):
        wt = (a > 0.5).astype(np.float32)
        num = cv2.GaussianBlur(rgb.astype(np.float32) * wt[..., None], (0, 0), sigma)
        den = cv2.GaussianBlur(wt, (0, 0), sigma)[..., None]
        lab.append(cv2.cvtColor(np.clip(num / np.maximum(den, 1e-3), 0, 255) / 255.0, cv2.COLOR_RGB2LAB))
    return float(np.linalg.norm(lab[0] - lab[1], axis=2)[region].mean())


def tile(rgb: np.ndarray, painted: np.ndarray | None, label: str) -> np.ndarray:
    """The bottom half of a photo, scaled to TILE_H, labelled; `painted` shown hatched (the cut photo)."""
    img = rgb.copy()
    if painted is not None:
        hatch = ((np.add.outer(np.arange(img.shape[0]), np.arange(img.shape[1])) // 6) % 2).astype(bool)
        img[painted] = np.where(hatch[painted][:, None], 90, 160).astype(np.uint8)
    img = img[img.shape[0] // 2:]
    img = cv2.resize(img, (round(img.shape[1] * TILE_H / img.shape[0]), TILE_H), interpolation=cv2.INTER_AREA)
    bar = np.full((14, img.shape[1], 3), 255, np.uint8)
    cv2.putText(bar, label, (2, 11), cv2.FONT_HERSHEY_SIMPLEX, 0.33, (0, 0, 0), 1)
    return np.pad(np.vstack([bar, img]), ((2, 2), (2, 2), (0, 0)), constant_values=128)


def evaluate(path: Path, template, fracs: list[float], cells: list, cache: Path | None = None,
             with_bounds: bool = False) -> list[Case]:
    """Every judged cut of one photo at one template (`cache`: a folder keeping the analyses between runs;
    `with_bounds`: each case also gets extension_bounds's figures)."""
    full = cached_analyse(load_image(path), path.stem, cache)
    if full.face is None or full.face_error is not None:
        return []
    plan = plan_crop(full.face, full.matte.alpha, template)
    if not plan.fits or plan.mode not in ("in_range", "background_extended"):
        return []  # not roomy: the uncut photo has no real body to compare with
    size = template.pixel_size(None)
    truth, truth_a = render_pair(full, template, plan.crop)
    face_h = full.face.chin[1] - full.face.forehead[1]
    out = []
    for frac in fracs:
        cut_y = int(round(full.face.chin[1] + frac * face_h))
        if cut_y >= full.image.rgb.shape[0] - 2:
            continue
        painted = painted_mask(plan.crop, size, cut_y)
        if painted.any(axis=1).sum() < MIN_PAINTED_FRAC * size[1]:
            continue
        cut = cached_analyse(from_array(np.ascontiguousarray(full.image.rgb[:cut_y])), f"{path.stem}_{cut_y}",
                             cache)
        if cut.face is None or cut.face_error is not None:
            continue
        ours, ours_a = render_pair(cut, template, plan.crop)
        subject = (truth_a > 0.5) & (ours_a > 0.5)
        region = cv2.erode((subject & painted).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
        if region.sum() < MIN_AREA_PX:
            continue
        b = None
        if with_bounds:
            rows = int(np.flatnonzero(painted.any(axis=1))[0])     # every row above is wholly real
            b = eb.bounds(eb.view(cut, plan.crop, size, rows), eb.view(full, plan.crop, size, rows),
                          ours, ours_a, truth, region, painted, colour_de)
        case = Case(path.stem, template.id, frac, int(painted.any(axis=1).sum()),
                    texture_ratio(ours, truth, region), seam_step(ours, truth, painted, subject),
                    colour_de(ours, truth, region), subject_de(ours, truth, region, ours_a, truth_a),
                    mean_dlab(ours, truth, region), oracle_de(ours, truth, region), b)
        out.append(case)
        cells.append(np.hstack([tile(ours, painted, f"{path.stem[:14]} {template.id} +{frac:.2f}"),
                                tile(ours, None, f"ours T{case.texture:.2f} S{case.seam:.2f} dE{case.de:.1f}"),
                                tile(truth, None, "truth")]))
    return out


def write_sheet(cells: list, path: Path, per_row: int = 3) -> None:
    """The contact sheet: `per_row` triples (cut / ours / truth) a row."""
    if not cells:
        return
    h = max(c.shape[0] for c in cells)
    w = max(c.shape[1] for c in cells)
    cells = [np.pad(c, ((0, h - c.shape[0]), (0, w - c.shape[1]), (0, 0)), constant_values=255) for c in cells]
    cells += [np.full((h, w, 3), 255, np.uint8)] * (-len(cells) % per_row)
    rows = [np.hstack(cells[i:i + per_row]) for i in range(0, len(cells), per_row)]
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), cv2.cvtColor(np.vstack(rows), cv2.COLOR_RGB2BGR))


CROPS = ["portraits/03_u2net_man_glasses.jpg", "portraits/04_u2net_blonde_woman.jpg",
         "expressions/interfaces_009.jpg", "expressions/interfaces_062.jpg"]


def write_crops(folder: Path, templates: list[str]) -> None:
    """The issue's tight photos made at 300 dpi; the bottom 40 % of each enlarged to 200 % (nearest) to look at."""
    folder.mkdir(parents=True, exist_ok=True)
    for rel in CROPS:
        a = analyse(load_image(SHARED / rel))
        for tid in templates:
            r = make_photo(a, get_template(tid), background=Background.colour((255, 255, 255)), dpi=300)
            h = r.rgb.shape[0]
            part = r.rgb[int(0.6 * h):]
            big = cv2.resize(part, (2 * part.shape[1], 2 * part.shape[0]), interpolation=cv2.INTER_NEAREST)
            path = folder / f"{Path(rel).stem}_{tid}_300dpi_bottom_200pct.png"
            cv2.imwrite(str(path), cv2.cvtColor(big, cv2.COLOR_RGB2BGR))
            print(f"{path}  painted {r.measurements.synthesised_px}")


def main(argv: list[str] | None = None) -> int:
    """Print every case and the medians; write the contact sheet (and JSON with --json)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--templates", nargs="+", default=["cn-1inch", "us-passport"])
    ap.add_argument("--fracs", nargs="+", type=float, default=[0.1, 0.25, 0.4])
    ap.add_argument("--photos", nargs="*", default=[], help="only photos whose name contains one of these")
    ap.add_argument("--sheet", type=Path, default=SHEET)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--cache", type=Path, default=None, help="a folder keeping the analyses between runs")
    ap.add_argument("--crops", action="store_true", help="write the issue's 200 %% crops to tests/artifacts")
    ap.add_argument("--bounds", action="store_true", help="also what the cut photo can tell, per case and as medians")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    if args.crops:
        write_crops(ROOT / "tests" / "artifacts" / "extension_crops", args.templates)
        return 0
    cases, cells, t0 = [], [], time.perf_counter()
    for path in photos(args.photos):
        for tid in args.templates:
            for c in evaluate(path, get_template(tid), args.fracs, cells, args.cache, args.bounds):
                cases.append(c)
                print(f"{c.name[:28]:28s} {c.template:12s} +{c.frac:.2f} rows {c.painted_rows:4d} "
                      f"texture {c.texture:5.2f} seam {c.seam:5.2f} dE {c.de:5.1f} (subject {c.subject_de:5.1f}) "
                      f"dLab {c.dlab[0]:+5.1f} {c.dlab[1]:+5.1f} {c.dlab[2]:+5.1f} oracle dE {c.oracle_de:5.1f}",
                      flush=True)
                if c.bounds is not None:
                    print("    bounds " + eb.line(c.bounds), flush=True)
    if not cases:
        print("no roomy photo found")
        return 1
    med = {k: float(np.nanmedian([getattr(c, k) for c in cases]))
           for k in ("texture", "seam", "de", "subject_de", "oracle_de")}
    print(f"{len(cases)} cut photos in {time.perf_counter() - t0:.0f} s: median texture energy ratio "
          f"{med['texture']:.2f} (>= 0.6), seam step {med['seam']:.2f} (<= 1.5), colour dE {med['de']:.1f} (<= 8); "
          f"subject dE {med['subject_de']:.1f}; column-oracle dE {med['oracle_de']:.1f}; mean dLab "
          + " ".join(f"{np.mean([c.dlab[i] for c in cases]):+.1f}" for i in range(3)))
    write_sheet(cells, args.sheet)
    print(f"contact sheet: {args.sheet}")
    if args.bounds:
        print(eb.table(cases))
    if args.json:
        rows = [{k: v for k, v in asdict(c).items() if k != "bounds" or v is not None} for c in cases]
        args.json.write_text(json.dumps({"median": med, "cases": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
