"""`idphoto make group.jpg -t cn-1inch --face all`: one photo per person, left to right."""
from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

from . import EXIT_FAILURE, EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_STRICT
from ._common import err, fail, out, photo_report

log = logging.getLogger(__name__)


def person_path(dest: Path, number: int) -> Path:
    """`name.jpg` -> `name-<number>.jpg` (person 1 is the leftmost)."""
    return dest.with_name(f"{dest.stem}-{number}{dest.suffix}")


def make_all(src: Path, template, *, background, dpi, model: str, cache=None):
    """Load and analyse once, then make every person's photo: core People."""
    from ..core.analysis.pipeline import analyse, face_outcome, matte_of
    from ..core.errors import NoFaceError
    from ..core.imaging.imageio import load_image
    from ..core.render.people import make_people

    image = load_image(src)
    outcome = face_outcome(image, cache=cache)
    if not outcome.faces:
        raise NoFaceError(path=str(src))
    full = matte_of(image, model_id=model, cache=cache).alpha
    return make_people(lambda i: analyse(image, model_id=model, face_index=i, cache=cache), outcome.faces,
                       template, background=background, dpi=dpi, full_alpha=full)


def produce_all(src: Path, dest: Path, settings, *, cache=None):
    """Make and save every person's photo (batch and make): (People, {number: ExportResult})."""
    from ..core.render.photo import save_result

    people = make_all(src, settings.template, background=settings.background,
                      dpi=settings.dpi, model=settings.model, cache=cache)
    saved = {p.number: save_result(p.result, person_path(dest, p.number), max_kb=settings.max_kb,
                                   source_path=src) for p in people.made}
    return people, saved


def people_report(src: Path, people, saved: dict) -> dict:
    """The JSON report: every person (their photo's report, or why they were skipped), left to right."""
    rows = []
    for p in people.people:
        x, y, w, h = (round(v, 1) for v in p.face.box)
        row = {"person": p.number, "face_box": [x, y, w, h]}
        if p.result is None:
            row.update(status=p.status, code=p.code, reason=p.skipped)
        else:
            row.update(photo_report(source=str(src), result=p.result, saved=saved[p.number]))
        rows.append(row)
    return {"input": str(src), "faces_found": people.found, "capped": people.capped,
            "message": people.message, "people": rows}


def run_all(args: argparse.Namespace, template, src: Path, dest: Path) -> int:
    """Make, save and report every person; exit 4 when nobody could be made."""
    from ..core.errors import ExportError, FaceError, IdPhotoError, LoadError
    from ..core.render.photo import save_result

    try:
        people = make_all(src, template, background=args.background, dpi=args.dpi, model=args.model)
    except (LoadError, FaceError) as exc:
        return fail(str(exc), EXIT_INPUT)
    except IdPhotoError as exc:
        return fail(str(exc), EXIT_FAILURE)
    saved = {}
    for p in people.made:
        path = person_path(dest, p.number)
        try:
            saved[p.number] = save_result(p.result, path, max_kb=args.max_kb, source_path=src)
        except ExportError as exc:
            return fail(str(exc), EXIT_OUTPUT)
    report = people_report(src, people, saved)
    _print(report)
    if args.report:
        code = _write_report(report, Path(args.report), src)
        if code != EXIT_OK:
            return code
    if not people.made:
        return fail("no person's photo could be made (see the reasons above)", EXIT_INPUT)
    failed = any(f.severity == "fail" for p in people.made for f in p.result.findings)
    if getattr(args, "strict", False) and failed:
        return fail("a check failed (--strict); see the findings above", EXIT_STRICT)
    return EXIT_OK


def _write_report(report: dict, path: Path, src: Path) -> int:
    """Write the JSON report atomically (never over the input)."""
    from ..core.errors import ExportError
    from ..core.imaging.files import write_atomic

    try:
        write_atomic(json.dumps(report, ensure_ascii=False, indent=2).encode("utf-8"), path, source_path=src)
    except ExportError as exc:
        return fail(f"photos saved, but the report could not be written: {exc}", EXIT_OUTPUT)
    return EXIT_OK


def _print(report: dict) -> None:
    """One line per person on stdout; skipped people and findings needing attention on stderr."""
    from ._common import QUIET

    if report["message"]:
        err(f"note: {report['message']}")
    for row in report["people"]:
        n = row["person"]
        if row.get("status") in ("skipped", "refused"):
            err(f"person {n}: {row['status']}: {row['reason']}")
            continue
        o = row["output"]
        w, h = o["pixel_size"]
        out(f"person {n}: {o['path']}  {w}x{h} px  {o['dpi']} dpi  {o['bytes'] / 1000:.0f} KB")
        for f in row["findings"]:
            if str(f["severity"]).lower() not in QUIET:
                err(f"person {n}: {f['severity']}: {f['message']}")
