"""What the cut photo can tell about the painted area, measured (issue 25; `eval_extension.py --bounds`).

Everything is in the output frame of the eval's cut (the product's own warp, nothing painted). The *band*
is what the product samples (body/clothing.clothing on the cut photo's rows above the cut): from 0.3 face
heights above the chin down to the last row above the cut; the matte's alpha > 0.97, 2 px in from its edge;
without the face (0.55 face widths either side of the chin, to chin + 0.1 face heights) and the neck (0.4
face widths, to chin + 0.45); without skin- and hair-coloured pixels (the colour mask keeps hair when under
40 % of the clothing would be left, the texture mask when under 15 %).

- source: the eval's high-frequency energy of the band's texture pixels (on the foreground colours, so
  neither the background nor the white below the cut leaks in) / the truth's painted area's energy; 0 when
  the band holds under 50 px (nothing to copy); 4 px inside: only the band's pixels at least 4 px from
  anything it leaves out (hair, skin, face, the matte's edge), so no left-out pixel enters the measure's blur;
- oracle fabric: the truth's painted area filled with its own residual patches (texture.py's synthesis on
  the truth's detail finer than 4 % of the width, over its local mean), all patches ("shuffled") or without
  the product's motif patches and peaks ("grain"): how much of the truth's energy is grain, not structure;
- source, its patches laid: the same fill with the band's residual patches, all of them; through the
  product's filters: strands out, peaks eased, motif patches out (0 when under 12 patches fit: the product
  then paints plain);
- colour predictors that see only the cut photo (flat colours composited with our matte over the painted
  area, else our photo): each column's last rows carried down (smear), the band's mean, its per-column mean
  (both the product's dark garment grey without a band), its darkest tenth (the product's plain shade); and
  the column oracle (the truth's mean per column, flat);
- across the cut in reality: CIE76 between the truth's painted area's mean Lab and its own visible band's
  (the uncut photo's band above the same row), the same column by column against the last rows above the
  cut, and the dE of the uncut photo's band mean painted flat.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from idphoto_gui.core.body import clothing, texture
from idphoto_gui.core.geometry.placement import crop_to_output_matrix, map_points
from idphoto_gui.core.body.silhouette import Hint
from idphoto_gui.core.render import compose

PATCH_FRAC, MIN_PATCH_PX, DETAIL_FRAC = 0.05, 6, 0.04   # as extend.py's texture
INTERIOR_PX = 4         # the band's interior: this far from anything left out (the measure's blur reaches ~4 px)
LAST_ROWS_FRAC = 0.04   # the smear's edge colour: a column's last rows over 4 % of the rows above the cut
# What lies below the cut, labelled by eye on the contact sheet (rounds 3 and 4); everything else: casual top.
GROUPS = {"jacket": ("01_skimage", "09_hivision", "11_hivision", "interfaces_010", "interfaces_028"),
          "long hair": ("05_u2net", "13_u2net", "interfaces_021", "interfaces_035", "interfaces_042",
                        "interfaces_044", "interfaces_057", "interfaces_060", "interfaces_083")}


@dataclass(frozen=True)
class Bounds:
    """One cut photo's bounds (texture ratios; dE CIE76 at the eval's 2 %-of-width scale)."""
    source_texture: float
    source_interior_texture: float
    source_patches_texture: float
    filtered_texture: float
    shuffled_texture: float
    grain_texture: float
    smear_de: float
    band_mean_de: float
    band_column_de: float
    dark_de: float
    column_oracle_de: float
    cross_cut_de: float
    truth_band_de: float
    cross_cut_column_de: float
    band_px: int


def group(name: str) -> str:
    """What lies below the cut of this photo: jacket, long hair or casual top."""
    return next((g for g, names in GROUPS.items() if name.startswith(names)), "casual top")


@dataclass(frozen=True)
class View:
    """A photo in the output frame above the cut row: foreground colours, alpha and the product's band."""
    fg: np.ndarray        # (rows, w, 3) float32
    alpha: np.ndarray     # (rows, w) float32
    y0: int               # first band row
    colour: np.ndarray    # band rows' colour mask (rows - y0, w)
    texture: np.ndarray   # band rows' texture mask
    hair: list            # the hair's colours (RGB), as the product reads them


def view(analysis, crop, size: tuple[int, int], rows: int) -> View:
    """The photo warped as the product warps it (nothing painted), its rows above `rows`, and its band."""
    m = crop_to_output_matrix(crop, *size)
    warped = compose.warp(analysis.matte, matrix=m, size=size, synthesise_body=False)
    fg, alpha = warped.foreground[:rows], warped.alpha[:rows]
    f = analysis.face
    k = float(np.sqrt(abs(np.linalg.det(m[:, :2]))))
    chin = map_points(m, np.array([f.chin]))[0]
    hint = Hint(float(chin[0]), float(chin[1]), f.box[2] * k, max(1.0, f.chin[1] - f.forehead[1]) * k)
    seen = clothing.looks(fg, alpha, hint)
    y0, colour, tex = clothing.clothing(fg, alpha, hint, seen)
    return View(fg.astype(np.float32), alpha, y0, colour, tex, [clothing.rgb(m) for m in seen[1]])


def energy(grey: np.ndarray, mask: np.ndarray) -> float:
    """The eval's texture energy: mean squared (luminance - its Gaussian blur, sigma 1.5) over the mask."""
    hf = grey - cv2.GaussianBlur(grey, (0, 0), 1.5)
    return float((hf[mask] ** 2).mean()) if mask.any() else float("nan")


def grey(rgb: np.ndarray) -> np.ndarray:
    """The luminance the texture energy is measured on (float32)."""
    return cv2.cvtColor(np.clip(rgb, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY).astype(np.float32)


def fabric_fill(truth: np.ndarray, region: np.ndarray, grain: bool, seed: int = texture.SEED,
                source: tuple | None = None) -> np.ndarray | None:
    """The truth with its region re-laid from its own residual patches (all, or only the grain: without
    motif patches and peaks, as the product keeps its source's), over the truth's local mean there.
    `source` = (image, valid, hair RGB colours): the patches come from there instead, all of them or (`grain`)
    through the product's filters (strands out, peaks eased, motif patches out)."""
    w = truth.shape[1]
    detail = max(3, int(round(DETAIL_FRAC * w)))
    res = texture.residual(truth, region, detail)
    base = truth.astype(np.float32) - res
    valid = region
    if source is not None:
        image, valid, hair = source
        res = texture.residual(image, valid, detail)
        res = texture.without_strands(res, image, valid, hair) if grain else res
    if grain:
        res = texture.tamed(res, valid)
    rng = np.random.default_rng(seed)
    size = max(MIN_PATCH_PX, int(round(PATCH_FRAC * w)))
    while size >= MIN_PATCH_PX:
        found = texture.candidates(res, valid, size, rng) if grain else _all_patches(res, valid, size, rng)
        if found is not None and len(found.corners) >= 12:
            out = truth.astype(np.float32).copy()
            out[region] = (base + texture.synthesise(truth.shape[:2], found, rng))[region]
            return out
        size = int(size * 0.7)
    return None


def _all_patches(res: np.ndarray, valid: np.ndarray, size: int, rng) -> texture.Residual | None:
    """Every patch lying wholly on valid pixels (up to texture.MAX_CANDIDATES of them), outliers kept."""
    h, w = valid.shape
    if h < size or w < size:
        return None
    i = cv2.integral(valid.astype(np.uint8))
    inside = i[size:, size:] - i[:-size, size:] - i[size:, :-size] + i[:-size, :-size]
    ys, xs = np.nonzero(inside >= size * size)
    if len(ys) < 4:
        return None
    pick = np.sort(rng.choice(len(ys), size=min(texture.MAX_CANDIDATES, len(ys)), replace=False))
    return texture.Residual(res, np.stack([ys[pick], xs[pick]], axis=1), size)


def _per_column(fg: np.ndarray, wt: np.ndarray) -> np.ndarray | None:
    """Mean colour of each column over wt (w, 3); empty columns take their nearest filled neighbours'."""
    den = wt.sum(axis=0)
    filled = np.flatnonzero(den > 0)
    if len(filled) == 0:
        return None
    mean = (fg * wt[..., None]).sum(axis=0)[filled] / den[filled, None]
    x = np.arange(fg.shape[1])
    return np.stack([np.interp(x, filled, mean[:, c]) for c in range(3)], axis=1)


def painted_with(ours: np.ndarray, ours_a: np.ndarray, painted: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Our photo with the painted area's subject a flat colour ((3,) or per column (w, 3)) on white."""
    col = np.broadcast_to(np.asarray(colour, np.float32), (ours.shape[1], 3))[None]
    a = ours_a[..., None]
    flat = col * a + 255.0 * (1.0 - a)
    return np.where(painted[..., None], np.clip(flat + 0.5, 0, 255), ours).astype(np.uint8)


def bounds(cut: View, real: View, ours, ours_a, truth, region, painted, colour_de) -> Bounds:
    """Every bound of one cut photo (`colour_de`: the eval's dE function; `real`: the uncut photo's view)."""
    tex = texture_bounds(cut, truth, region)
    def de(colour) -> float:
        return float("nan") if colour is None else colour_de(painted_with(ours, ours_a, painted, colour), truth, region)
    colours = [de(c) for c in predictors(cut, truth, region)]
    real_c = real.fg[real.y0:][real.colour]
    if len(real_c) >= 50:
        lab_band = cv2.cvtColor(real_c[None] / 255.0, cv2.COLOR_RGB2LAB)[0].mean(axis=0)
        lab_truth = cv2.cvtColor(truth.astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)[region].mean(axis=0)
        cross, flat = float(np.linalg.norm(lab_band - lab_truth)), de(real_c.mean(axis=0))
    else:
        cross = flat = float("nan")
    return Bounds(*tex[:-1], *colours, cross, flat, across_columns(real, truth, region), tex[-1])


def texture_bounds(cut: View, truth: np.ndarray, region: np.ndarray) -> tuple:
    """(source, 4 px inside, its patches laid, through the filters, truth shuffled, truth's grain, band px)."""
    e_truth = max(energy(grey(truth), region), 1e-6)
    band_t = np.zeros(cut.alpha.shape, bool)
    band_t[cut.y0:] = cut.texture
    inner = cv2.erode(band_t.astype(np.uint8), np.ones((2 * INTERIOR_PX + 1,) * 2, np.uint8)) > 0
    source = [energy(grey(cut.fg), m) / e_truth if m.sum() >= 50 else 0.0 for m in (band_t, inner)]
    band_src = (np.clip(cut.fg[cut.y0:], 0, 255).astype(np.uint8), cut.texture, cut.hair)
    ratios = []
    for grain, src in ((False, band_src), (True, band_src), (False, None), (True, None)):
        fill = fabric_fill(truth, region, grain, source=src)
        none = 0.0 if src is not None else float("nan")    # no patches from the band: the product paints plain
        ratios.append(none if fill is None else energy(grey(fill), region) / e_truth)
    return (*source, *ratios, int(band_t.sum()))


def predictors(cut: View, truth: np.ndarray, region: np.ndarray) -> list:
    """Flat colours for the painted area: smear, band mean, band per column, darkest tenth, column oracle."""
    rows = max(2, int(round(LAST_ROWS_FRAC * cut.alpha.shape[0])))
    smear = _per_column(cut.fg[-rows:], (cut.alpha[-rows:] > 0.5).astype(np.float32))
    band_c = cut.fg[cut.y0:][cut.colour]
    dark = clothing.plain_shade(np.clip(cut.fg, 0, 255).astype(np.uint8), cut.alpha, cut.y0, cut.colour)
    band_mean = band_c.mean(axis=0) if len(band_c) >= 50 else dark   # no band: the product's dark garment
    band_col = _per_column(cut.fg[cut.y0:], cut.colour.astype(np.float32)) if len(band_c) >= 50 else dark
    return [smear, band_mean, band_col, dark, _per_column(truth.astype(np.float32), region.astype(np.float32))]


def across_columns(real: View, truth: np.ndarray, region: np.ndarray) -> float:
    """How much each column's colour changes across the cut in reality: CIE76 between the mean Lab of the
    truth's painted area in a column and of the uncut photo's last rows there (LAST_ROWS_FRAC, alpha > 0.5),
    averaged over the painted area's pixels (the smear's error without the colour's variation down a column)."""
    rows = max(2, int(round(LAST_ROWS_FRAC * real.alpha.shape[0])))
    lab = lambda rgb: cv2.cvtColor(np.clip(rgb, 0, 255).astype(np.float32) / 255.0, cv2.COLOR_RGB2LAB)  # noqa: E731
    above = (real.alpha[-rows:] > 0.5).astype(np.float32)
    below = region.astype(np.float32)
    n_a, n_b = above.sum(axis=0), below.sum(axis=0)
    cols = (n_a > 0) & (n_b > 0)
    if not cols.any():
        return float("nan")
    m_a = (lab(real.fg[-rows:]) * above[..., None]).sum(axis=0)[cols] / n_a[cols, None]
    m_b = (lab(truth) * below[..., None]).sum(axis=0)[cols] / n_b[cols, None]
    return float((np.linalg.norm(m_a - m_b, axis=1) * n_b[cols]).sum() / n_b[cols].sum())


def line(b: Bounds) -> str:
    """One case's bounds, on one line."""
    return (f"texture source {b.source_texture:5.2f} interior {b.source_interior_texture:5.2f}"
            f" patches {b.source_patches_texture:5.2f} filtered {b.filtered_texture:5.2f}"
            f" shuffled {b.shuffled_texture:5.2f} grain {b.grain_texture:5.2f}"
            f" | dE smear {b.smear_de:5.1f} band {b.band_mean_de:5.1f} band/col {b.band_column_de:5.1f}"
            f" dark {b.dark_de:5.1f} col-oracle {b.column_oracle_de:5.1f} | across the cut {b.cross_cut_de:5.1f}"
            f" by column {b.cross_cut_column_de:5.1f} truth band flat {b.truth_band_de:5.1f} (band {b.band_px} px)")


PREDICTORS = ("smear_de", "band_mean_de", "band_column_de", "dark_de")
COLUMNS = [("n", None), ("texture: ours", "texture"), ("source", "source_texture"),
           ("source, 4 px inside", "source_interior_texture"), ("source, its patches laid", "source_patches_texture"),
           ("source, product's filters", "filtered_texture"),
           ("oracle fabric, shuffled", "shuffled_texture"), ("oracle grain", "grain_texture"),
           ("dE: ours", "de"), ("smear", "smear_de"), ("band mean", "band_mean_de"),
           ("band per column", "band_column_de"), ("darkest tenth", "dark_de"),
           ("best of the 4 per case", "best_de"), ("column oracle (flat)", "column_oracle_de"),
           ("column oracle (ours' texture)", "oracle_de"), ("across the cut (means)", "cross_cut_de"),
           ("across the cut (by column)", "cross_cut_column_de"),
           ("truth's band flat", "truth_band_de")]


def _value(case, key: str) -> float:
    if key == "best_de":
        return float(np.nanmin([getattr(case.bounds, k) for k in PREDICTORS]))
    return float(getattr(case.bounds, key) if hasattr(case.bounds, key) else getattr(case, key))


def table(cases: list) -> str:
    """Medians of every figure, for all cases, by cut height and by what lies below (a Markdown table)."""
    cases = [c for c in cases if c.bounds is not None]
    fracs = sorted({c.frac for c in cases})
    parts = [("all", cases)] + [(f"cut +{f:.2f}", [c for c in cases if c.frac == f]) for f in fracs] + \
        [(g, [c for c in cases if group(c.name) == g]) for g in (*GROUPS, "casual top")]
    out = ["| median | " + " | ".join(name for name, _ in COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    for label, cs in parts:
        if not cs:
            continue
        cells = [str(len(cs))]
        for _, key in COLUMNS[1:]:
            v = float(np.nanmedian([_value(c, key) for c in cs]))
            cells.append(f"{v:.2f}" if "texture" in key else f"{v:.1f}")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    means = [c.bounds.cross_cut_de for c in cases if np.isfinite(c.bounds.cross_cut_de)]
    cols = [c.bounds.cross_cut_column_de for c in cases if np.isfinite(c.bounds.cross_cut_column_de)]
    out.append(f"colour change across the cut over dE 8: {np.mean(np.array(means) > 8):.0%} of {len(means)} "
               f"cases (means; the rest show no clothing band), {np.mean(np.array(cols) > 8):.0%} of {len(cols)} "
               f"(by column); no band to copy (source 0): {sum(c.bounds.band_px < 50 for c in cases)} cases; "
               f"the best honest predictor per case (ties count for each): " + ", ".join(
                   f"{k[:-3]} {sum(_value(c, 'best_de') == getattr(c.bounds, k) for c in cases)}" for k in PREDICTORS))
    return "\n".join(out)
