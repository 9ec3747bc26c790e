"""Digests of 20 real photos rendered through the public API: proof that a refactor changed no output byte.

Run it on the code before and after a change and compare (`--check` against tests/data/render_digests.json):

    PYTHONPATH=/path/to/old nice -n 10 python tools/render_digests.py > old.json
    PYTHONPATH=$PWD nice -n 10 python tools/render_digests.py --check old.json

After a deliberate change of the output, record again with `--write tests/data/render_digests.json` (this
replaces every machine's record: the others are stale). To make the test compare on another kind of machine too,
run the same code there with `--add tests/data/render_digests.json` (its record joins the others).

Each case renders the export, a preview and `judge` (every finding), with a template, background and look
chosen to walk the render's branches (its own background, the retouch, light, a garment, a tight crop).
The matte's digest is recorded too: where it differs, the machine's float maths differ (another CPU), and
the output cannot be compared byte for byte (tests/core/test_render_identical.py then skips the case). The
machine's float paths are recorded under `_machine` (library versions, the SIMD OpenCV and numpy dispatch to):
on a machine whose paths differ the export can differ by a last bit with the very same matte, so the file holds
one record per kind of machine ({"records": [...]}) and the test compares against this machine's record.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared" / "photos"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/photos")

# (photo, template, background ("" = the template's default, "original" = the photo's own), look fields)
CASES: tuple[tuple[str, str, str, dict], ...] = (
    ("data/woman_white_wall.jpg", "icao-35x45", "", {}),
    ("data/man_suit.jpg", "us-passport", "", {}),
    ("data/woman_grey_bg.jpg", "cn-1inch", "#438EDB", {"retouch": 60}),
    ("data/man_glasses.jpg", "uk-passport", "", {"light": "auto"}),
    ("data/curly_young_man.jpg", "cn-2inch", "#FF0000", {"brightness": 20, "warmth": -10}),
    ("data/astronaut.png", "schengen", "", {}),
    ("data/child.png", "cn-1inch", "original", {"light": "auto", "retouch": 40}),
    ("data/blonde_woman.jpg", "cn-cet", "", {}),
    ("data/curly_dark_skin_woman.jpg", "in-passport", "", {"contrast": 15}),
    ("data/woman_fur_hat_lowres.jpg", "de-passport", "", {}),
    ("data/p3m_p_07141906.jpg", "cn-1inch", "#FFFFFF", {"garment": "men-suit-tie"}),
    ("data/expressions/interfaces_001.jpg", "jp-passport", "", {}),
    ("shared/portraits/02_fdlite_portrait_woman.jpg", "ca-passport", "", {}),
    ("shared/portraits/07_u2net_redhead_lowres.jpg", "cn-civil-service", "", {"retouch": 30}),
    ("shared/portraits/08_u2net_south_asian_woman_halfbody.jpg", "in-visa", "", {}),
    ("data/expressions/interfaces_016.jpg", "fr-passport", "", {"retouch": 50, "light": "auto"}),
    ("shared/portraits/11_hivision_woman_blazer_grey_bg.jpg", "us-passport", "original", {}),
    ("data/expressions/interfaces_005.jpg", "cn-1inch", "#FFFFFF", {}),
    ("data/expressions/interfaces_010.jpg", "kr-passport", "", {"light": "auto"}),
    ("shared/p3m/images/p_a09f6d7a.jpg", "au-passport", "", {}),
)


def photo_path(name: str) -> Path:
    """A case's photo: tests/data or the shared photographs."""
    where, rest = name.split("/", 1)
    return (DATA if where == "data" else SHARED) / rest


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:24]


def _result_digests(result) -> tuple[str, str]:  # noqa: ANN001 - PhotoResult
    """(the pixels with crop, measurements, bands and dpi; the findings, words included) of a render."""
    h = hashlib.sha256(result.rgb.tobytes())
    h.update(repr((result.rgb.shape, result.crop, result.measurements, result.bands, result.dpi)).encode())
    return h.hexdigest()[:24], _sha(repr(result.findings).encode())


def _outcome(out: dict, name: str, make):  # noqa: ANN001, ANN202 - a render, a cut-out or an error
    """Record the digest of `make()` (or its error, an outcome to compare too) under `name`; the value."""
    try:
        value = make()
    except Exception as exc:  # noqa: BLE001
        out[name] = f"{type(exc).__name__}: {exc}"
        return None
    if hasattr(value, "tobytes"):
        out[name] = _sha(value.tobytes())
    else:
        out[name], out[f"{name} findings"] = _result_digests(value)
    return value


def _numpy_simd() -> dict:
    """The CPU features numpy found (a private table, in numpy 2's place or numpy 1's)."""
    try:
        from numpy._core._multiarray_umath import __cpu_features__
    except ImportError:
        from numpy.core._multiarray_umath import __cpu_features__
    return __cpu_features__


def machine() -> dict:
    """What decides the render's float maths here: the libraries and the SIMD they dispatch to."""
    import cv2
    import numpy as np
    import onnxruntime
    import PIL

    simd = ("FMA3", "AVX2", "AVX512F", "AVX512_SKX", "AVX512_ICL", "AVX512_SPR")
    return {
        "arch": platform.machine(),
        "opencv": f"{cv2.__version__} {cv2.getCPUFeaturesLine()}",
        "numpy": f"{np.__version__} {' '.join(f for f in simd if _numpy_simd().get(f))}",
        "onnxruntime": onnxruntime.__version__,
        "pillow": PIL.__version__,
    }


def records(data: dict) -> list[dict]:
    """The records of a digests file: one per kind of machine (a single flat record: `--check` of one run)."""
    return list(data["records"]) if "records" in data else [data]


def record_for(data: dict, here: dict) -> dict | None:
    """The record made on a machine like `here` (its `_machine`), or None."""
    return next((r for r in records(data) if r.get("_machine") == here), None)


def digest_case(case: tuple[str, str, str, dict]) -> dict:
    """Render one case three ways (export, preview, judge) and the cut-out; their digests."""
    from idphoto_gui.core.analysis.pipeline import analyse
    from idphoto_gui.core.imaging.imageio import load_image
    from idphoto_gui.core.render.photo import make_photo, render_cutout
    from idphoto_gui.core.render.retouch.look import Look
    from idphoto_gui.core.render.session import PhotoSession
    from idphoto_gui.core.templates.colours import Background
    from idphoto_gui.core.templates.specs import get_template

    name, tid, bg, look_fields = case
    logging.getLogger(__name__).warning("%s %s", name, tid)
    analysis = analyse(load_image(photo_path(name)))
    template, look = get_template(tid), Look(**look_fields)
    background = Background.parse(bg) if bg else None
    out = {"matte": _sha(analysis.matte.alpha.tobytes())}
    export = _outcome(out, "export", lambda: make_photo(analysis, template, background=background, look=look))
    if export is not None:
        _outcome(out, "cutout", lambda: render_cutout(analysis, export))
    session = PhotoSession.for_template(analysis, template, background=background, look=look)
    _outcome(out, "preview", lambda: session.preview(1.5))
    judged = _outcome(out, "judge", lambda: session.judge()[0])
    if judged is not None:
        out["legal"] = session.judge()[1]
    return out


def main() -> int:
    logging.basicConfig(level=logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", help="compare with this JSON of digests (exit 1 when any differs)")
    parser.add_argument("--write", help="record the digests in this JSON (after a deliberate change of output)")
    parser.add_argument("--add", help="add this machine's record to this JSON (the same code, another machine)")
    args = parser.parse_args()
    got = {f"{c[0]}|{c[1]}": digest_case(c) for c in CASES}
    got["_machine"] = machine()
    if args.add:
        kept = [r for r in records(json.loads(Path(args.add).read_text())) if r.get("_machine") != got["_machine"]]
        Path(args.add).write_text(json.dumps({"records": kept + [got]}, indent=1) + "\n")
        return 0
    if not args.check:
        text = json.dumps({"records": [got]}, indent=1) + "\n"
        Path(args.write).write_text(text) if args.write else sys.stdout.write(json.dumps(got, indent=1) + "\n")
        return 0
    want = record_for(json.loads(Path(args.check).read_text()), got["_machine"]) or {}
    bad = [k for k in got if got[k] != want.get(k)]
    for k in bad:
        print(f"DIFFERS {k}: {want.get(k)} -> {got[k]}")
    print(f"{len(got) - len(bad)}/{len(got)} cases byte-identical")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
