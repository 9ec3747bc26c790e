"""How many portraits `idphoto make` turns into photos, and how (issue 17's "Done when").

Run: .venv/bin/python benchmarks/bench_crop_policy.py [--templates cn-1inch cn-2inch ...] [--photos 02 06]
     .venv/bin/python benchmarks/bench_crop_policy.py --synthesis     # what continuing the body costs (issue 25)
For every shared portrait x template: `idphoto make` (in-process, JSON report), then the exported
JPEG is analysed again (face + matte of the file itself) and its head height and eye line checked
against the template. Prints made / refused (with the reason) / crop modes, and writes a contact
sheet to tests/artifacts/crop_policy_contact_sheet.png to look at (shoulders must reach the edge).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PORTRAITS = ROOT.parent / "shared" / "photos" / "portraits"
SHEET = ROOT / "tests" / "artifacts" / "crop_policy_contact_sheet.png"
TILE_H = 260


def make(src: Path, tid: str, out: Path) -> tuple[int, str, dict | None]:
    """`idphoto make SRC -t TID`: exit code, stderr, the JSON report (None when refused)."""
    from idphoto_gui.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["make", str(src), "-t", tid, "-o", str(out), "--report", str(out.with_suffix(".json"))])
    report = json.loads(out.with_suffix(".json").read_text()) if code == 0 else None
    return code, err.getvalue().strip(), report


def remeasure(path: Path, template):
    """Head height and eye line of the exported file, measured on a new analysis of it."""
    from idphoto_gui.core.geometry.placement import Crop
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.render.measure import measure
    from idphoto_gui.core.analysis.pipeline import analyse

    a = analyse(load_image(path), require_face=True)
    h, w = a.matte.alpha.shape
    return measure(a.face, a.matte.alpha, Crop((w - 1) / 2, (h - 1) / 2, w, h, 0.0), template)


def tile(path: Path | None, label: str) -> np.ndarray:
    """One labelled cell of the contact sheet (dark grey when refused)."""
    if path is None:
        img = np.full((TILE_H, round(TILE_H * 0.75), 3), 60, np.uint8)
    else:
        img = cv2.imread(str(path))
        img = cv2.resize(img, (round(img.shape[1] * TILE_H / img.shape[0]), TILE_H), interpolation=cv2.INTER_AREA)
    bar = np.full((18, img.shape[1], 3), 255, np.uint8)
    cv2.putText(bar, label, (2, 13), cv2.FONT_HERSHEY_SIMPLEX, 0.36, (0, 0, 0), 1)
    return np.pad(np.vstack([bar, img]), ((3, 3), (3, 3), (0, 0)), constant_values=128)


def synthesis_cost(rounds: int = 7) -> None:
    """Milliseconds the body continuation adds to a 12 MP photo's export render (median, alternating with
    the same render without it), for a tight photo that needs it and a roomy one that does not."""
    import time

    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import from_array, load_image
    from idphoto_gui.core.render import compose
    from idphoto_gui.core.render.photo import make_photo
    from idphoto_gui.core.templates.colours import Background
    from idphoto_gui.core.templates.specs import get_template

    data = ROOT / "tests" / "data"
    for name, tid in (("man_glasses.jpg", "us-passport"), ("man_glasses.jpg", "cn-1inch"),
                      ("man_suit.jpg", "cn-1inch")):
        rgb = load_image(data / name).rgb
        k = (12e6 / (rgb.shape[0] * rgb.shape[1])) ** 0.5
        big = cv2.resize(rgb, (round(rgb.shape[1] * k), round(rgb.shape[0] * k)), interpolation=cv2.INTER_CUBIC)
        a = analyse(from_array(big), require_face=True)
        result = make_photo(a, get_template(tid), background=Background.colour((255, 255, 255)), dpi=300)
        size = (result.rgb.shape[1], result.rgb.shape[0])
        times = {True: [], False: []}
        cpu = {True: [], False: []}
        for _ in range(rounds):
            for body in (True, False):
                t0, c0 = time.perf_counter(), time.process_time()
                compose.warp(a.matte, matrix=result.matrix, size=size, synthesise_body=body, face=a.face)
                times[body].append(time.perf_counter() - t0)
                cpu[body].append(time.process_time() - c0)
        with_ms, without_ms = (1e3 * float(np.median(times[b])) for b in (True, False))
        cpu_ms = 1e3 * (float(np.median(cpu[True])) - float(np.median(cpu[False])))
        print(f"{name} {big.shape[1]}x{big.shape[0]} -> {tid} {size[0]}x{size[1]} ({result.measurements.crop_mode}, "
              f"painted {result.measurements.synthesised_px}): render {with_ms:.1f} ms with the body continued, "
              f"{without_ms:.1f} ms without: +{with_ms - without_ms:.1f} ms wall, +{cpu_ms:.1f} ms CPU (user+sys, all "
              f"threads); load {open('/proc/loadavg').read().split()[0]}")


def main() -> None:
    """Print the figures and write the contact sheet."""
    from idphoto_gui.core.templates.specs import get_template

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--templates", nargs="+", default=["cn-1inch", "cn-2inch", "us-passport", "icao-35x45"])
    ap.add_argument("--photos", nargs="*", default=None, help="name prefixes, e.g. 02 06 (default: all)")
    ap.add_argument("--sheet", type=Path, default=SHEET, help=f"contact sheet to write (default {SHEET})")
    ap.add_argument("--synthesis", action="store_true", help="only time the body continuation on 12 MP photos")
    args = ap.parse_args()
    if args.synthesis:
        synthesis_cost()
        return
    photos = sorted(p for p in PORTRAITS.iterdir() if not args.photos or p.name[:2] in args.photos)
    outcome, rows = Counter(), []
    with tempfile.TemporaryDirectory() as tmp:
        for src in photos:
            cells = []
            for tid in args.templates:
                t, out = get_template(tid), Path(tmp) / f"{src.stem}_{tid}.jpg"
                code, err, report = make(src, tid, out)
                if report is None:
                    outcome[f"refused: {err.splitlines()[0][15:70]}"] += 1
                    print(f"{src.name[:24]:24s} {tid:12s} refused (exit {code}): {err.splitlines()[0]}")
                    cells.append(tile(None, f"{src.name[:2]} {tid} refused"))
                    continue
                m, mode = remeasure(out, t), report["measurements"]["crop_mode"]
                inside = (t.head_height_mm[0] <= m.head_height_mm <= t.head_height_mm[1]
                          and (t.eye_line_mm is None or t.eye_line_mm[0] <= m.eye_line_mm <= t.eye_line_mm[1]))
                outcome[f"made: {mode}"] += 1
                outcome["made, measured again inside the ranges" if inside else "made, OUTSIDE a range"] += 1
                extra = {f["code"]: f["value"] for f in report["findings"]
                         if f["code"] in ("background_extended", "body_extended", "hair_cut")}
                print(f"{src.name[:24]:24s} {tid:12s} {mode:20s} head {m.head_height_mm:5.2f} eye "
                      f"{m.eye_line_mm:5.2f} {'in' if inside else 'OUT'} {extra}")
                cells.append(tile(out, f"{src.name[:2]} {tid} {mode}"))
            rows.append(np.hstack(cells))
    for key, n in sorted(outcome.items()):
        print(f"{n:4d}  {key}")
    width = max(r.shape[1] for r in rows)
    args.sheet.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(args.sheet), np.vstack([np.pad(r, ((0, 0), (0, width - r.shape[1]), (0, 0)), constant_values=128)
                                       for r in rows]))
    print(f"contact sheet: {args.sheet}")


if __name__ == "__main__":
    main()
