"""Halo measure on real photos, no ground truth: how much of the old wall a made photo keeps at the edges.

Each photo is analysed as the product does (faces, matte of the chosen person), made on black and on white,
and the alpha and colours are read back from the two composites (a = 1 - (white - black) / 255,
F = black / a). Looked at: the soft band (0.05 < a < 0.95) and the opaque ring just inside the cut-out's
outline (a >= 0.95 within RING face widths of a < 0.5, within PATCH of the wall's colour: wall the matte called
person), in the head
and neck area, and the faint veil just outside the outline (FAINT < a <= 0.05 within RING of a >= 0.5).
Opaque pixels below the chin are left out (a white shirt on a white wall is not a halo). A pixel counts as halo when its colour F is closer to the old background (the nearest clear
pixels of the photo) than to the person's nearest opaque colours (solid pixels unlike that wall); pixels
where those two are closer than SEPARATION are left out (grey hair on a grey wall: no telling). The figure
is the share of halo pixels among those looked at, in %, per photo and per region (crown, sides, neck), ADR 0021.

    PYTHONPATH=$PWD .venv/bin/python tools/eval_halo.py [--shared ../shared] [--only REGEX] [--save DIR]
        [--json OUT] [--reference]

`--reference` measures the bound of the figure: on the photos that carry a hand-made reference alpha (P3M's
alpha_ref/, tests/data's *_alpha.png) it also measures the photo made from that alpha, its colours estimated
as the product does (blur-fusion, then the wall unmixed: `decontaminate`). What the reference scores is halo no
matte can remove: hair coloured like the wall, which the measure cannot tell from it (ADR 0039).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import statistics
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from idphoto_gui.core.analysis.cache import LruCache  # noqa: E402
from idphoto_gui.core.analysis.pipeline import analyse  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.matting.colour_line import decontaminate  # noqa: E402
from idphoto_gui.core.matting.fill import Fills, push_pull, small_image  # noqa: E402
from idphoto_gui.core.matting.foreground import estimate_foreground  # noqa: E402
from idphoto_gui.core.render.compose import blend, composite_full  # noqa: E402

BAND = (0.05, 0.95)     # the soft band
FAINT = 0.02            # just outside the band, alpha above this still shows (4 levels of white on blue)
RING = 0.12             # opaque ring depth, in face widths
PATCH = 0.08           # an opaque pixel is wall only this close to it (0-1 RGB; a pink hair band is not)
SEPARATION = 0.12       # |person - wall| (0-1 RGB) below which a pixel is not judged
UNLIKE = 0.12           # solid pixels at least this far from the local wall count as the person's colours
SIDE = 500              # long side of the copies the local colours are estimated on
THRESHOLD = 10.0        # % of halo above which a photo fails (chosen before the change was measured, ADR 0021)
EXTS = {".jpg", ".jpeg", ".png", ".webp"}


def photos(repo: Path, shared: Path) -> list[Path]:
    """Every real photo of tests/data and shared/photos, each content once (no alpha references)."""
    roots = [repo / "tests" / "data", shared / "photos"]
    seen, out = set(), []
    for root in roots:
        for p in sorted(root.rglob("*")):
            if (p.suffix.lower() not in EXTS or "alpha" in p.name or "alpha_ref" in p.parts or "golden" in p.parts
                    or "rvm_reference" in p.parts):
                continue
            keys = {hashlib.sha1(p.read_bytes()).hexdigest(), f"{p.parent.name}/{p.name}"}
            if not keys & seen:   # tests/data/expressions are copies of shared ones
                seen |= keys
                out.append(p)
    return out


def _small(img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    s = min(1.0, SIDE / max(h, w))
    return cv2.resize(img, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)


def _up(img: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    return cv2.resize(img, (shape[1], shape[0]), interpolation=cv2.INTER_LINEAR)


def read_back(black: np.ndarray, white: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Alpha and colours (0-1) recovered from the photo made on black and on white."""
    k, w = black.astype(np.float32) / 255.0, white.astype(np.float32) / 255.0
    a = np.clip(1.0 - (w - k).mean(axis=2), 0.0, 1.0)
    f = np.clip(k / np.maximum(a, 1e-3)[..., None], 0.0, 1.0)
    return a, f


def local_colours(rgb: np.ndarray, a: np.ndarray, deep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Old wall (nearest clear pixels) and the person's colours (nearest opaque pixels `deep` inside the
    outline, so that wall called opaque at the edge is compared with the hair behind it), 0-1."""
    img = _small(rgb).astype(np.float32) / 255.0
    al = _small(a)
    wall = push_pull(img, (al < BAND[0]).astype(np.float32))
    person = push_pull(img, (_small(deep.astype(np.float32)) > 0.5).astype(np.float32))
    return _up(wall, a.shape), _up(person, a.shape)


def regions(shape: tuple[int, int], box: tuple[float, float, float, float]) -> dict[str, np.ndarray]:
    """Crown (above the brows), sides (brows to chin) and neck (chin to 0.8 face heights below), within
    1.6 face widths of the face's centre."""
    h, w = shape
    x, y, fw, fh = box
    cx = x + fw / 2
    ys, xs = np.mgrid[0:h, 0:w]
    near = np.abs(xs - cx) < 1.6 * fw
    brow, chin = y + 0.25 * fh, y + fh
    return {"crown": near & (ys < brow), "sides": near & (ys >= brow) & (ys < chin),
            "neck": near & (ys >= chin) & (ys < chin + 0.8 * fh)}


def halo(rgb: np.ndarray, black: np.ndarray, white: np.ndarray,
         box: tuple[float, float, float, float]) -> tuple[dict[str, float], np.ndarray]:
    """Halo share (% of the pixels looked at) overall and per region, and the mask of halo pixels."""
    a, f = read_back(black, white)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * max(1, round(RING * box[2])) + 1,) * 2)
    near_out = cv2.dilate((a < 0.5).astype(np.uint8), disc) > 0
    near_in = cv2.dilate((a >= 0.5).astype(np.uint8), disc) > 0
    wall, person = local_colours(rgb, a, (a >= BAND[1]) & ~near_out)
    band = (a > BAND[0]) & (a < BAND[1])
    haze = (a > FAINT) & (a <= BAND[0]) & near_in          # just outside: a faint veil of the old wall
    patch = (a >= BAND[1]) & near_out                      # just inside: wall the matte called person
    sep = np.linalg.norm(person - wall, axis=2) > SEPARATION
    to_wall = np.linalg.norm(f - wall, axis=2)
    bad_colour = (to_wall < np.linalg.norm(f - person, axis=2)) & (~patch | (to_wall < PATCH))
    areas = regions(a.shape, box)
    looked = (band | haze | patch) & sep
    bad = looked & bad_colour
    out = {name: _share(bad & area, looked & area) for name, area in areas.items()}
    whole = areas["crown"] | areas["sides"] | areas["neck"]
    out["all"] = _share(bad & whole, looked & whole)
    return out, bad & whole


def _share(bad: np.ndarray, looked: np.ndarray) -> float:
    n = int(looked.sum())
    return 100.0 * int(bad.sum()) / n if n else 0.0


def made(path: Path, keep: Path | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple] | None:
    """The working image, the photo made on black and on white, and the face box (None: no face); kept
    in / read back from the folder `keep` when given, so the figure can be re-read without the models."""
    npz = keep / f"{path.parent.name}_{path.stem}.npz" if keep is not None else None
    if npz is not None and npz.exists():
        d = np.load(npz)
        return d["rgb"], d["black"], d["white"], tuple(d["box"]) if d["box"].size else None
    image = load_image(path)
    an = analyse(image, cache=LruCache(1 << 30))
    box = an.face.box if an.face is not None else ()
    black = composite_full(an.matte, background=(0, 0, 0))
    white = composite_full(an.matte, background=(255, 255, 255))
    if npz is not None:
        keep.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(npz, rgb=image.rgb, black=black, white=white, box=np.asarray(box, np.float64))
    return image.rgb, black, white, (tuple(box) or None)


def reference_alpha(path: Path) -> Path | None:
    """The hand-made alpha of a photo: P3M's alpha_ref/<stem>.png beside images/, or <stem>_alpha.png."""
    for cand in (path.parent.parent / "alpha_ref" / f"{path.stem}.png", path.with_name(f"{path.stem}_alpha.png")):
        if cand.exists():
            return cand
    return None


def measure_reference(rgb: np.ndarray, ref: Path, box: tuple) -> dict[str, float]:
    """The halo figures of the photo (`rgb`, the working image `made` gives) made from its reference alpha,
    colours estimated as the product does."""
    a = np.asarray(load_image(ref).rgb, np.float32).mean(axis=2) / 255.0
    if a.shape != rgb.shape[:2]:
        a = cv2.resize(a, (rgb.shape[1], rgb.shape[0]), interpolation=cv2.INTER_LINEAR)
    fg = decontaminate(rgb, a, estimate_foreground(rgb, a), small=Fills(small_image(rgb)))
    return halo(rgb, blend(fg, a, (0, 0, 0)), blend(fg, a, (255, 255, 255)), box)[0]


def bound(photo_list: list[tuple[str, Path]], keep: Path | None) -> None:
    """Print each reference photo's figure, ours and its reference alpha's, and both medians."""
    ours, refs = [], []
    for name, p in photo_list:
        ref = reference_alpha(p)
        if ref is None:
            continue
        rgb, black, white, box = made(p, keep)
        if box is None:
            print(f"{name:60s} no face")
            continue
        mine, theirs = halo(rgb, black, white, box)[0], measure_reference(rgb, ref, box)
        ours.append(mine["all"])
        refs.append(theirs["all"])
        print(f"{name:60s} ours {mine['all']:6.2f}  reference {theirs['all']:6.2f}  (crown {mine['crown']:5.2f} / "
              f"{theirs['crown']:5.2f}, sides {mine['sides']:5.2f} / {theirs['sides']:5.2f}, neck "
              f"{mine['neck']:5.2f} / {theirs['neck']:5.2f})", flush=True)
    if ours:
        print(f"photos {len(ours)}  median ours {statistics.median(ours):.2f}  reference {statistics.median(refs):.2f}"
              f"  over {THRESHOLD}%: ours {sum(v > THRESHOLD for v in ours)}, reference "
              f"{sum(v > THRESHOLD for v in refs)}")


def measure(path: Path, save: Path | None, keep: Path | None = None) -> dict[str, float] | None:
    """The halo figures of one photo (None when no face is found)."""
    rgb, black, white, box = made(path, keep)
    if box is None:
        return None
    figs, bad = halo(rgb, black, white, box)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        pic = black.copy()
        pic[bad] = (255, 0, 255)
        cv2.imwrite(str(save / f"{path.parent.name}_{path.stem}.png"), cv2.cvtColor(pic, cv2.COLOR_RGB2BGR))
    return figs


def main(argv: list[str] | None = None) -> int:
    """Measure every photo; print a table, the median and the count over THRESHOLD."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    repo = Path(__file__).resolve().parents[1]
    ap.add_argument("--shared", type=Path, default=repo.parent / "shared")
    ap.add_argument("--only", default="")
    ap.add_argument("--save", type=Path)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--keep", type=Path, help="folder keeping each photo made on black and white (re-reads)")
    ap.add_argument("--reference", action="store_true", help="the bound: ours beside the reference alphas'")
    args = ap.parse_args(argv)
    chosen = [(f"{p.parent.name}/{p.name}", p) for p in photos(repo, args.shared)]
    chosen = [(n, p) for n, p in chosen if not args.only or re.search(args.only, n)]
    if args.reference:
        bound(chosen, args.keep)
        return 0
    rows = {}
    for name, p in chosen:
        figs = measure(p, args.save, args.keep)
        if figs is None:
            print(f"{name:60s} no face")
            continue
        rows[name] = figs
        print(f"{name:60s} all {figs['all']:6.2f}  crown {figs['crown']:6.2f}  sides {figs['sides']:6.2f}  "
              f"neck {figs['neck']:6.2f}", flush=True)
    alls = [r["all"] for r in rows.values()]
    if alls:
        over = [n for n, r in rows.items() if r["all"] > THRESHOLD]
        print(f"photos {len(alls)}  median {statistics.median(alls):.2f}  mean {statistics.mean(alls):.2f}  "
              f"over {THRESHOLD}%: {len(over)} {over}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
