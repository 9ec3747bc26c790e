"""`idphoto check PHOTO [-t TEMPLATE] [--json]`: every finding on a photo without making one.

It judges photos that cannot make a legal crop too: the geometry findings then say what is missing.
Exit 0 when the photo could be judged (whatever the findings say), 4 when it cannot (unreadable, no face).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from . import EXIT_INPUT, EXIT_OK, EXIT_USAGE
from ._common import face_arg, fail, finding_dict, out, table, template_and_photo

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
    """(findings worst first, whether a legal crop exists) for one photo, through its photo session.

    Raises LoadError / FaceError when the photo cannot be judged at all.
    """
    from ..core.render import compliance
    from ..core.errors import CropError
    from ..core.faces.face_quality.findings import face_findings_for
    from ..core.imaging.imageio import load_image
    from ..core.analysis.pipeline import analyse
    from ..core.render.session import PhotoSession

    analysis = analyse(load_image(src), face_index=face_index)
    face = analysis.require_face()  # raises the typed face error
    try:
        result, legal = PhotoSession.for_template(analysis, template).judge()
        return result.findings, legal
    except CropError as why:  # the landmarks give no crop at all: judge the face alone
        th = compliance.THRESHOLDS
        findings = [compliance.Finding("crop", "fail", None, None, "", str(why)),
                    *compliance.face_findings(analysis.image.rgb, face, th),
                    *face_findings_for(source=analysis.image.rgb, face=face, template=template, thresholds=th,
                                       alpha=analysis.matte.alpha)]
        return compliance.worst_first(findings), False


def run(args: argparse.Namespace) -> int:
    """Judge and print; exit 0 when judged, 4 when the photo cannot be judged, 2 for a bad template."""
    from ..core.errors import FaceError, IdPhotoError, LoadError, MultipleFacesError
    from .make import faces_message

    found = template_and_photo(args)
    if isinstance(found, int):
        return found
    template, src = found
    try:
        findings, legal = judge(src, template, face_index=args.face)
    except MultipleFacesError as exc:
        return fail(faces_message(exc), EXIT_INPUT)
    except (LoadError, FaceError) as exc:
        return fail(str(exc), EXIT_INPUT)
    except ValueError as exc:  # --face out of range
        return fail(f"--face {args.face + 1}: {exc}", EXIT_USAGE)
    except IdPhotoError as exc:  # a damaged model file
        return fail(str(exc), EXIT_INPUT)
    if args.json:
        out(json.dumps({"input": str(src), "template": template.id, "legal_crop": legal,
                        "findings": [finding_dict(f) for f in findings],
                        "failures": sum(f.severity == "fail" for f in findings)}, ensure_ascii=False, indent=2))
    else:
        for line in table([("result", "check", "finding"),
                           *((f.severity, f.code, f.message) for f in findings)]):
            out(line)
    return EXIT_OK
