"""Measure matting quality on exact-ground-truth composites built from the P3M reference alphas.

Each P3M photo gives a reference alpha and (estimated) foreground colours; these are composited onto
backgrounds people meet (plain wall, gradient, coloured noise, a checkerboard with eye-catching objects, a
cluttered photo region, a light grey home wall, a bright window, a wall close to the hair's own colour) and,
for the grey wall and the window, also cut so the hair runs past the top edge ("-top"): the true alpha of
every composite is known exactly. Every model is run raw (alpha and colours exactly as the network gives
them) and through the default `matte()` pipeline.

Printed per model and variant: SAD (sum |alpha - gt| / 1000), MSE (x1e3), edge-band colour error
(mean |RGB| difference 0-255, inside the transition band, between the prediction composited on #438EDB
and the ground truth composited on #438EDB), leakage (share of the old background left in that blue
composite where 0.05 < gt < 0.95, see `leakage`) and the mean time per image.

    .venv/bin/python tools/eval_matting.py [--shared ../shared] [--models rvm,u2netp] [--variants]
        [--per-kind] [--only REGEX] [--backgrounds wall,gradient,...] [--save DIR]
"""
from __future__ import annotations

import argparse
import dataclasses
import re
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from idphoto_gui.core.matting.foreground import estimate_foreground  # noqa: E402
from idphoto_gui.core.matting import get_matter  # noqa: E402
from idphoto_gui.core.analysis.crown_gap import open_crown_gaps  # noqa: E402
from idphoto_gui.core.analysis.neck_gap import open_neck_gaps  # noqa: E402
from idphoto_gui.core.matting.pale_edge import deglow_edge  # noqa: E402
from idphoto_gui.core.matting.strays import fade_strays  # noqa: E402
from idphoto_gui.core.faces.faces import detect_faces  # noqa: E402
from idphoto_gui.core.analysis.person_core import GUARD, core_mask, protect  # noqa: E402
from idphoto_gui.core.analysis.clumps import solid_clumps  # noqa: E402
from idphoto_gui.core.analysis.ears import solid_ears  # noqa: E402

BLUE = np.array([0x43, 0x8E, 0xDB], np.float32)
BACKGROUNDS = ("wall", "gradient", "noise", "checker", "photo", "greywall", "window", "hairlike",
               "greywall-top", "window-top")
LEAK_BAND = (0.05, 0.95)   # the semi-transparent band the leakage figure looks at
TOP_MARGIN = 0.02          # "-top" cases: rows cut so the hair runs this share of the height past the edge
Variant = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def read_rgb(path: Path) -> np.ndarray:
    """An 8-bit RGB image from disk."""
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise SystemExit(f"cannot read {path}")
    return cv2.cvtColor(img, cv2.COLOR_BGR2RGB)


def read_alpha(path: Path) -> np.ndarray:
    """A reference alpha in [0, 1] as float32."""
    a = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    if a is None:
        raise SystemExit(f"cannot read {path}")
    return a.astype(np.float32) / 255.0


def _noise(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Multi-scale coloured noise: strong texture at every frequency."""
    out = np.zeros((h, w, 3), np.float32)
    for cell in (4, 16, 64):
        small = rng.random((h // cell + 2, w // cell + 2, 3)).astype(np.float32)
        out += cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[:h, :w]
    return np.clip(out / 3.0 * 255.0 * 1.6 - 100.0, 0, 255)


def _checker(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Checkerboard with saturated discs and bars (objects a salient-object model may pick)."""
    cell = max(8, min(h, w) // 12)
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.where((((yy // cell) + (xx // cell)) % 2 == 0)[..., None], 200.0, 60.0)
    img = np.repeat(img, 3, axis=2).astype(np.float32)
    for _ in range(6):
        colour = tuple(float(c) for c in rng.integers(0, 256, 3))
        cx, cy = int(rng.integers(0, w)), int(rng.integers(0, h))
        r = int(rng.integers(min(h, w) // 14, min(h, w) // 6))
        if rng.random() < 0.5:
            cv2.circle(img, (cx, cy), r, colour, -1, cv2.LINE_AA)
        else:
            cv2.rectangle(img, (cx - r, cy - r // 3), (cx + r, cy + r // 3), colour, -1, cv2.LINE_AA)
    return img


def _photo(h: int, w: int, other: np.ndarray, other_alpha: np.ndarray) -> np.ndarray:
    """The most person-free quadrant of another photo, scaled up to cover the frame."""
    oh, ow = other_alpha.shape
    quads = [(0, 0), (0, ow // 2), (oh // 2, 0), (oh // 2, ow // 2)]
    y, x = min(quads, key=lambda q: other_alpha[q[0]:q[0] + oh // 2, q[1]:q[1] + ow // 2].sum())
    crop = other[y:y + oh // 2, x:x + ow // 2]
    return cv2.resize(crop, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32)


def _grey_wall(h: int, w: int) -> np.ndarray:
    """A light grey home wall: lit from one side, slightly warm, with faint plaster texture."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1.0 - 0.10 * (xx / w) - 0.06 * (yy / h)
    grain = cv2.GaussianBlur(np.random.default_rng(7).normal(0, 1.5, (h, w)).astype(np.float32), (0, 0), 2)
    base = np.array([208, 206, 201], np.float32)
    return np.clip(base * light[..., None] + grain[..., None], 0, 255)


def _window(h: int, w: int) -> np.ndarray:
    """A bright window behind the head: blown-out sky, a glow around it, a dark frame bar."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.hypot((xx - 0.55 * w) / w, (yy - 0.25 * h) / h)
    glow = np.clip(1.15 - 0.9 * d, 0.0, 1.0)[..., None]
    img = np.array([120, 118, 112], np.float32) * (1 - glow) + np.array([255, 253, 248], np.float32) * glow
    bar = max(4, w // 60)
    img[:, int(0.22 * w):int(0.22 * w) + bar] = (70, 64, 58)
    img[int(0.62 * h):int(0.62 * h) + bar, :] = (70, 64, 58)
    return np.clip(img, 0, 255)


def _hair_like(h: int, w: int, fg: np.ndarray, gt: np.ndarray) -> np.ndarray:
    """A wall close to the hair's own colour (the mean colour of the soft band), gently shaded."""
    band = (gt > 0.3) & (gt < 0.99)
    colour = fg[band].astype(np.float32).mean(axis=0) if band.any() else np.full(3, 60.0, np.float32)
    yy = np.linspace(1.08, 0.92, h, dtype=np.float32)[:, None, None]
    return np.clip(np.broadcast_to(colour * yy, (h, w, 3)) + 6.0, 0, 255).astype(np.float32)


def background(kind: str, h: int, w: int, seed: int, other: tuple[np.ndarray, np.ndarray],
               own: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """One (H, W, 3) float32 0-255 background of the given kind (`own` = this photo's fg and alpha)."""
    rng = np.random.default_rng(seed)
    if kind == "greywall":
        return _grey_wall(h, w)
    if kind == "window":
        return _window(h, w)
    if kind == "hairlike" and own is not None:
        return _hair_like(h, w, *own)
    if kind == "wall":
        return np.broadcast_to(np.array([226, 214, 196], np.float32), (h, w, 3)).copy()
    if kind == "gradient":
        t = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
        top, bottom = np.array([40, 90, 60], np.float32), np.array([230, 200, 120], np.float32)
        return np.broadcast_to(top * (1 - t) + bottom * t, (h, w, 3)).copy()
    if kind == "noise":
        return _noise(h, w, rng)
    if kind == "checker":
        return _checker(h, w, rng)
    return _photo(h, w, *other)


def composite(fg: np.ndarray, alpha: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """F*alpha + B*(1-alpha) in float32 0-255."""
    a = alpha[..., None]
    return fg.astype(np.float32) * a + bg * (1.0 - a)


@dataclasses.dataclass(frozen=True)
class Case:
    """One ground-truth composite."""

    name: str
    image: np.ndarray   # uint8 composite
    alpha: np.ndarray   # exact alpha
    fg: np.ndarray      # exact foreground colours
    bg: np.ndarray      # the old background (float32 0-255), for the leakage figure


def cases(shared: Path, kinds: tuple[str, ...], limit: int) -> Iterator[Case]:
    """Composites of every P3M photo on every background kind."""
    p3m = shared / "photos" / "p3m"
    names = sorted(p.stem for p in (p3m / "images").glob("*.jpg"))[:limit]
    photos = [(read_rgb(p3m / "images" / f"{n}.jpg"), read_alpha(p3m / "alpha_ref" / f"{n}.png"))
              for n in names]
    for i, (name, (img, gt)) in enumerate(zip(names, photos)):
        fg = estimate_foreground(img, gt)
        h, w = gt.shape
        for j, kind in enumerate(kinds):
            base = kind.removesuffix("-top")
            bg = background(base, h, w, seed=i * 31 + j, other=photos[(i + 1) % len(photos)], own=(fg, gt))
            comp = np.clip(composite(fg, gt, bg) + 0.5, 0, 255).astype(np.uint8)
            top = _top_cut(gt) if kind.endswith("-top") else 0
            yield Case(f"{name}/{kind}", comp[top:], gt[top:], fg[top:], bg[top:])


def _top_cut(gt: np.ndarray) -> int:
    """Rows to cut so the crown runs past the top edge (hair touching the top of the photo)."""
    rows = np.flatnonzero((gt > 0.5).any(axis=1))
    return 0 if rows.size == 0 else int(rows[0] + TOP_MARGIN * gt.shape[0])


def edge_band(gt: np.ndarray) -> np.ndarray:
    """Transition band: 0.02 < gt < 0.98, widened by ~0.5% of the long side."""
    band = ((gt > 0.02) & (gt < 0.98)).astype(np.uint8)
    r = max(3, max(gt.shape) // 200)
    return cv2.dilate(band, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) > 0


def leakage(case: Case, pred: np.ndarray, true: np.ndarray) -> float:
    """Share of the old background left in the new composite where LEAK_BAND[0] < gt < LEAK_BAND[1].

    Keeping the photo as it is (alpha 1, colours = image) leaves (1 - gt) * (old - new) on top of the
    true composite: that is a share of 1. The figure is the least-squares share of that direction in
    the actual error (0 = none left, floored at 0), over the band of one composite.
    """
    band = (case.alpha > LEAK_BAND[0]) & (case.alpha < LEAK_BAND[1])
    if not band.any():
        return 0.0
    way = ((1.0 - case.alpha[band])[:, None] * (case.bg[band] - BLUE)).astype(np.float64)
    err = (pred[band] - true[band]).astype(np.float64)
    return max(0.0, float((err * way).sum() / max((way * way).sum(), 1e-9)))


def scores(case: Case, alpha: np.ndarray, fg: np.ndarray) -> tuple[float, float, float, float]:
    """SAD/1000, MSE x1e3, edge-band colour error on #438EDB, and the old background's leakage."""
    diff = alpha.astype(np.float64) - case.alpha
    band = edge_band(case.alpha)
    pred = composite(fg, alpha, BLUE)
    true = composite(case.fg, case.alpha, BLUE)
    colour = float(np.abs(pred - true)[band].mean()) if band.any() else 0.0
    return (float(np.abs(diff).sum() / 1000.0), float((diff ** 2).mean() * 1e3), colour,
            leakage(case, pred, true))


_faces_of: list = [None, ()]   # the last image and its face boxes (every variant runs on the same image)


def people(rgb: np.ndarray) -> tuple:
    """The face boxes the pipeline would hand the matter (detected once per composite)."""
    return tuple(f.box for f in faces_of(rgb))


def faces_of(rgb: np.ndarray) -> tuple:
    """The faces found on a composite (detected once per composite)."""
    if _faces_of[0] is not rgb:
        _faces_of[:] = [rgb, tuple(detect_faces(rgb))]
    return _faces_of[1]


def production(matter) -> Variant:
    """The pipeline's own run (analysis/pipeline._run_matte): the passes kept off the people's cores, alpha 1
    inside them (issue 36)."""
    def run(rgb):
        faces = faces_of(rgb)
        keep = core_mask(rgb.shape, faces, grow=GUARD) if faces else None
        m = matter.matte(rgb, tuple(f.box for f in faces), keep=keep)
        if faces:
            alpha = fade_strays(m.alpha, faces, keep)   # as _run_matte (ADR 0021 rounds 4 to 6)
            alpha = open_neck_gaps(alpha, rgb, faces, keep)
            m = dataclasses.replace(m, alpha=open_crown_gaps(alpha, rgb, faces, keep))
            m = dataclasses.replace(m, foreground=deglow_edge(m.alpha, m.foreground, rgb, faces, keep))   # round 9
        m = solid_ears(protect(m, rgb, faces), rgb, faces)   # round 10 (ADR 0029)
        m = solid_clumps(m, rgb, faces)   # see-through clumps (ADR 0033)
        return m.alpha, m.foreground
    return run


def variants(model_id: str, explore: bool) -> dict[str, Variant]:
    """Named ways to turn an image into (alpha, colours): raw, default, and optional alternatives."""
    matter = get_matter(model_id)

    def via_matte(m) -> Variant:
        return lambda rgb: (lambda r: (r.alpha, r.foreground))(m.matte(rgb, people(rgb)))

    out: dict[str, Variant] = {}
    if model_id == "rvm":
        out["raw (pha+fgr, full res)"] = matter.infer
    else:
        out["raw (alpha+image)"] = lambda rgb: (matter.predict(rgb), rgb)
    out["default matte()"] = via_matte(matter)
    out["production (person cores)"] = production(matter)
    if not explore:
        return out
    def est(rgb):
        """The raw alpha with blur-fusion colours."""
        a = matter.predict(rgb)
        return a, estimate_foreground(rgb, a)

    if model_id == "rvm":
        plain = dict(pad_top=0.0, colour_line=0.0, decontaminate=False, gaps=False)
        for label, knobs in (("before issue 13 (no pad/line/decon)", plain),
                             ("pad 0.1 only", dict(plain, pad_top=0.1)),
                             ("pad 0.1 + colour line", dict(plain, pad_top=0.1, colour_line=1.0)),
                             ("colour line + decon, no pad", dict(pad_top=0.0)),
                             ("pad 0.1", dict(pad_top=0.1)), ("pad 0.15", dict(pad_top=0.15)),
                             ("pad top + sides 0.1", dict(pad_top=0.1, pad_sides=0.1)),
                             ("pad 0.2, unpadded scale", dict(pad_keeps_scale=True)),
                             ("pad 0.2, unpadded scale, short 384", dict(pad_keeps_scale=True, short_side=384)),
                             ("no pad, short 384", dict(pad_top=0.0, short_side=384)),
                             ("no gap pass", dict(gaps=False)),
                             ("pad even on a plain top", dict(plain_top=0.0)),
                             ("no pad on a plain top 0.15", dict(plain_top=0.15)),
                             ("no sampling (one background colour)", dict(sampling=False)),
                             (WHOLE, dict(person_box=False))):
            out[label] = via_matte(dataclasses.replace(matter, **knobs))
        for beside, above, grid in ((2.0, 1.5, 0), (2.5, 1.5, 0), (3.0, 2.0, 0), (2.0, 1.5, 16)):
            rule = dataclasses.replace(matter.region, beside=beside, above=above)
            out[f"box beside {beside} above {above} grid {grid}"] = via_matte(
                dataclasses.replace(matter, region=rule, grid=grid))
        out["raw pha + image colours"] = lambda rgb: (matter.predict(rgb), rgb)
        out["raw pha + estimate"] = est
        for side, up, colours in ((1024, "linear", "fgr"), (1024, "guided", "estimate"),
                                  (1280, "linear", "estimate"), (768, "linear", "estimate")):
            m = dataclasses.replace(matter, net_side=side, upsample=up, colours=colours)
            out[f"net {side} {up} {colours}"] = via_matte(m)
        out["default + floor 0.05-0.95"] = via_matte(dataclasses.replace(matter, floor=(0.05, 0.95)))
    else:
        out["raw alpha + estimate"] = est
        out["default, guided upsampling"] = via_matte(dataclasses.replace(matter, upsample="guided"))
        for lo, hi in ((0.02, 0.98), (0.1, 0.9)):
            out[f"default, floor {lo}-{hi}"] = via_matte(dataclasses.replace(matter, floor=(lo, hi)))
    return out


WHOLE = "default, whole frame (no box)"


def evaluate(model_id: str, make_cases: Callable[[], Iterator[Case]], explore: bool, save: Path | None,
             per_kind: bool = False, only: str | None = None) -> None:
    """Print one table row per variant of one model (cases are built one at a time: they are large)."""
    fns = {n: f for n, f in variants(model_id, explore).items() if only is None or re.search(only, n)}
    rows: dict[str, list] = {n: [] for n in fns}
    times: dict[str, list] = {n: [] for n in fns}
    names: list[str] = []
    changed = 0   # composites whose default alpha differs from the whole frame's (the people's box)
    for i, case in enumerate(make_cases()):
        names.append(case.name)
        alphas = {}
        for name, fn in fns.items():
            if i == 0:
                fn(case.image)  # warm up
            t = time.perf_counter()
            alpha, fg = fn(case.image)
            times[name].append(time.perf_counter() - t)
            alphas[name] = alpha
            rows[name].append(scores(case, alpha, fg))
            if save is not None:
                out = np.clip(composite(fg, alpha, BLUE), 0, 255).astype(np.uint8)
                tag = re.sub(r"[^A-Za-z0-9.]+", "-", name).strip("-")
                fname = f"{model_id}_{tag}_{case.name.replace('/', '_')}.png"
                cv2.imwrite(str(save / fname), cv2.cvtColor(out, cv2.COLOR_RGB2BGR))
        if WHOLE in alphas and "default matte()" in alphas:
            changed += not np.array_equal(alphas[WHOLE], alphas["default matte()"])
    print(f"\n== {model_id}: {len(names)} composites ==")
    if WHOLE in fns and "default matte()" in fns:
        print(f"the people's box changed the default alpha of {changed} of {len(names)} composites")
    print(f"{'variant':34s} {'SAD':>7s} {'SADmed':>7s} {'MSEx1e3':>8s} {'edgeRGB':>8s} {'edgeMed':>8s} "
          f"{'leak':>7s} {'time s':>7s}")
    kinds = [n.split("/")[1] for n in names]
    for name in fns:
        r = np.array(rows[name])
        print(f"{name:34s} {_row(r)} {np.mean(times[name]):7.3f}", flush=True)
        for kind in dict.fromkeys(kinds) if per_kind else ():
            print(f"   {kind:31s} {_row(r[[i for i, n in enumerate(kinds) if n == kind]])}")


def _row(r: np.ndarray) -> str:
    """SAD mean/median, MSE, edge colour mean/median and leakage of a block of score rows."""
    return (f"{r[:, 0].mean():7.2f} {np.median(r[:, 0]):7.2f} {r[:, 1].mean():8.2f} "
            f"{r[:, 2].mean():8.2f} {np.median(r[:, 2]):8.2f} {r[:, 3].mean():7.4f}")


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, build the composites once, evaluate each model."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    ap.add_argument("--models", default="rvm,u2netp")
    ap.add_argument("--backgrounds", default=",".join(BACKGROUNDS))
    ap.add_argument("--limit", type=int, default=12, help="number of P3M photos used")
    ap.add_argument("--variants", action="store_true", help="also measure the alternatives considered")
    ap.add_argument("--save", type=Path, help="folder for blue composites (raw and default) to look at")
    ap.add_argument("--per-kind", action="store_true", help="also print one row per background kind")
    ap.add_argument("--only", help="regular expression: measure only the variants it matches")
    args = ap.parse_args(argv)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    kinds = tuple(args.backgrounds.split(","))
    for model_id in args.models.split(","):
        evaluate(model_id, lambda: cases(args.shared, kinds, args.limit), args.variants, args.save,
                 args.per_kind, args.only)


if __name__ == "__main__":
    main()
