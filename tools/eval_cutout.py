"""Does the new background show through a face, an eye or a chest? Every real photo made on two colours.

Each real photo of tests/data and ../shared/photos (portraits, expressions, p3m) is made at cn-1inch on red
and on blue (a turned face too: judged, not refused), every person of a photo with several faces on its own (as `--face all`), the couple of
couple_expedition12 also at cn-marriage. Inside the face mesh's outline (drawn INSET of the face width in:
the mesh's edge itself may lie on the wall), the eyes and the torso core (analysis/person_core.py), drawn on the
working image and carried onto the output grid less a CORE_RIM px rim (resampling mixes in the edge outside), the
pixels whose colour changes with the background (any channel by more than STEP) are counted. The self-inspection's
findings (render/inspection.py) are listed too: on these photos, without a punched hole, it must stay silent. A face
turned past the pose limit is made and counted, marked '(turned: refused)': the product refuses it
(NotFrontalError) and makes it only to be judged, never to be sold.

    .venv/bin/python tools/eval_cutout.py [--shared ../shared] [--only REGEX] [--save DIR] [--json OUT]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from idphoto_gui.core.analysis.pipeline import analyse, face_outcome  # noqa: E402
from idphoto_gui.core.faces.face_quality.shadows import FACE_OVAL  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.analysis.person_core import core_parts  # noqa: E402
from idphoto_gui.core.errors import NotFrontalError  # noqa: E402
from idphoto_gui.core.render.inspection import CORE_RIM, on_grid  # noqa: E402
from idphoto_gui.core.render.photo import make_pair_photo, make_photo  # noqa: E402
from idphoto_gui.core.templates.colours import Background  # noqa: E402
from idphoto_gui.core.templates.specs import get_template  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
COLOURS = ((255, 0, 0), (0, 0, 255))
STEP = 24          # a pixel "changes with the background" when a channel moves by more than this (0-255)
INSET = 0.02       # the outline counted is the mesh's, this share of the face width inside
EYES = ((33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7),
        (362, 398, 384, 385, 386, 387, 388, 466, 263, 249, 390, 373, 374, 380, 381, 382))
PAIRS = {"couple_expedition12.jpg": "cn-marriage"}


def photos(shared: Path) -> list[Path]:
    """The real photos: tests/data (no references, masks or goldens) and the shared sets."""
    data = ROOT / "tests" / "data"
    out = [p for p in sorted(data.glob("*.*")) if p.suffix.lower() in (".jpg", ".png") and "_alpha" not in p.name]
    out += sorted((data / "expressions").glob("*.jpg"))
    for sub in ("portraits", "expressions", "p3m"):
        out += [p for p in sorted((shared / "photos" / sub).rglob("*.*"))
                if p.suffix.lower() in (".jpg", ".jpeg", ".png") and "alpha" not in str(p.relative_to(shared))]
    return out


def regions(shape: tuple[int, int], face) -> dict[str, np.ndarray]:
    """Bool masks of the working image: the face outline (inset), the eyes, the torso core."""
    pts = np.asarray(face.landmarks, np.float32)
    out = {}
    oval = np.zeros(shape, np.uint8)
    cv2.fillPoly(oval, [np.round(pts[list(FACE_OVAL)] * 16).astype(np.int32)], 1, shift=4)
    r = max(1, round(INSET * face.box[2]))
    out["face"] = cv2.erode(oval, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) > 0
    eyes = np.zeros(shape, np.uint8)
    for ring in EYES:
        cv2.fillPoly(eyes, [np.round(pts[list(ring)] * 16).astype(np.int32)], 1, shift=4)
    out["eyes"] = eyes > 0
    parts = core_parts(shape, face)
    out["torso"] = (parts.neck | parts.torso) if parts is not None else np.zeros(shape, bool)
    return out


def changed(one, two, masks: dict[str, np.ndarray]) -> dict[str, int]:
    """Pixels of each source-size region whose colour differs between the two outputs (PhotoResults)."""
    diff = cv2.absdiff(one.rgb, two.rgb).max(axis=2) > STEP
    size, k = one.pixel_size, np.ones((2 * CORE_RIM + 1,) * 2, np.uint8)
    return {name: int((diff & (cv2.erode(on_grid(m, one.matrix, size).astype(np.uint8), k) > 0)).sum())
            for name, m in masks.items()}


def one_case(image, template_id: str, index: int | None, save: Path | None, name: str) -> dict:
    """Make one photo on both colours and count; the inspection's findings on the first."""
    template = get_template(template_id)
    results = []
    for colour in COLOURS:
        bg = Background.colour(colour)
        if template.is_pair:
            results.append(make_pair_photo(image, template, background=bg))
        else:
            results.append(make_photo(analyse(image, face_index=index).judgeable(), template, background=bg))
    one, two = results
    faces = face_outcome(image).faces
    chosen = [faces[index]] if index is not None else [analyse(image).face]
    if template.is_pair:
        chosen = list(faces[:2])
    counts = {"face": 0, "eyes": 0, "torso": 0}
    for f in chosen:
        if f is None or not f.has_mesh:
            continue
        got = changed(one, two, regions(image.rgb.shape[:2], f))
        counts = {k: counts[k] + got[k] for k in counts}
    fails = [f"{f.reason}:{f.value}" for f in one.findings if f.code == "cutout"]
    turned = not template.is_pair and isinstance(analyse(image, face_index=index).face_error, NotFrontalError)
    if save is not None:
        vis = np.hstack([one.rgb, two.rgb])
        for x, y, bw, bh in getattr(one, "defects", ()):
            cv2.rectangle(vis, (x, y), (x + bw - 1, y + bh - 1), (255, 255, 0), 1)
        cv2.imwrite(str(save / f"{name}.png"), cv2.cvtColor(vis, cv2.COLOR_RGB2BGR))
    return {"photo": name, "template": template_id, **counts, "inspection": fails, "turned": turned}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--only", default="")
    ap.add_argument("--save", type=Path)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    rows = []
    t0 = time.perf_counter()
    for path in photos(args.shared):
        if args.only and not re.search(args.only, str(path)):
            continue
        image = load_image(path)
        faces = face_outcome(image).faces
        if not faces:
            print(f"{path.name:50s} no face", flush=True)
            continue
        cases = [(None, "cn-1inch", path.stem)] if len(faces) == 1 else \
            [(i, "cn-1inch", f"{path.stem}-{i + 1}") for i in range(len(faces))]
        if path.name in PAIRS:
            cases.append((None, PAIRS[path.name], f"{path.stem}-pair"))
        for index, template_id, name in cases:
            try:
                row = one_case(image, template_id, index, args.save, name)
            except Exception as exc:   # a refused crop, a turned face: say so, carry on
                print(f"{name:50s} skipped: {type(exc).__name__}", flush=True)
                continue
            rows.append(row)
            print(f"{name:50s} face {row['face']:5d} eyes {row['eyes']:4d} torso {row['torso']:5d} "
                  f"inspection {','.join(row['inspection']) or '-'}"
                  f"{' (turned: refused)' if row['turned'] else ''}", flush=True)
    bad = [r for r in rows if r["face"] or r["eyes"]]
    torso = [r for r in rows if r["torso"]]
    loud = [r for r in rows if r["inspection"]]
    print(f"\n{len(rows)} photos made; background in face or eyes: {len(bad)}; in the torso core: {len(torso)}; "
          f"self-inspection fired: {len(loud)} ({time.perf_counter() - t0:.0f} s)")
    made = [len([r for r in group if not r["turned"]]) for group in (rows, bad, torso, loud)]
    print(f"of the {made[0]} the product makes (not refused as turned): face or eyes {made[1]}, "
          f"torso core {made[2]}, self-inspection {made[3]}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
