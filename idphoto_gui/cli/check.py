"""`idphoto check PHOTO [-t TEMPLATE] [--json]`: every finding on a photo without making one.

It judges photos that cannot make a legal crop too: the geometry findings then say what is missing.
Exit 0 when the photo could be judged (whatever the findings say), 4 when it cannot (unreadable, no face).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from . import EXIT_INPUT, EXIT_OK, EXIT_USAGE
from ..core.findings import status
from ..core.render.words import person_text
from ._common import error_code, face_arg, fail, finding_dict, out, table, template_and_photo

DEFAULT_TEMPLATE = "icao-35x45"


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser("check", help="judge a photo against a template without making one",
                              description="List every finding (geometry, exposure, background, pose, eyes, "
                                          "mouth, expression, glasses, head covering, shadows) for one photo.")
    p.add_argument("input", help="the photo (JPEG, PNG, WebP, ...)")
    p.add_argument("-t", "--template", default=DEFAULT_TEMPLATE,
                   help="template id (see `idphoto templates`; default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.add_argument("--face", type=face_arg, default=None, metavar="N", help="judge face N when there are several")
    p.set_defaults(func=run)


def judge(src: Path, template, *, face_index: int | None = None) -> tuple:
    """(findings worst first, whether a legal crop exists) for one photo, however turned its face.

    Raises LoadError / FaceError only when the photo cannot be judged at all (unreadable, no face).
    """
    from ..core.analysis.pipeline import analyse, person_index
    from ..core.imaging.imageio import load_image
    from ..core.render.verdict import judge_photo

    image = load_image(src)
    verdict = judge_photo(analyse(image, face_index=person_index(image, face_index)), template)
    return verdict.findings, verdict.legal_crop


def run(args: argparse.Namespace) -> int:
    """Judge and print; exit 0 when judged, 4 when the photo cannot be judged, 2 for a bad template."""
    from ..core.errors import IdPhotoError, MultipleFacesError
    from .make import faces_message

    found = template_and_photo(args)
    if isinstance(found, int):
        return found
    template, src = found
    try:
        findings, legal = judge(src, template, face_index=args.face)
    except MultipleFacesError as exc:
        return fail(faces_message(exc), EXIT_INPUT)
    except ValueError as exc:  # --face out of range
        return fail(f"--face {args.face + 1}: {exc}", EXIT_USAGE)
    except IdPhotoError as exc:  # unreadable 4, no face 4, damaged model 7
        return fail(str(exc), error_code(exc))
    if args.json:
        out(json.dumps({"input": str(src), "template": template.id, "legal_crop": legal,
                        "findings": [finding_dict(f) for f in findings],
                        "status": status(findings),
                        "failures": sum(f.severity == "fail" for f in findings)}, ensure_ascii=False, indent=2))
    else:
        for line in table([("result", "check", "finding"),
                           *((f.severity, f.code, person_text(f)) for f in findings)]):
            out(line)
    return EXIT_OK
