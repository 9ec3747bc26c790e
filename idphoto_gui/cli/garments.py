"""`idphoto garments`: list the garments a photo can be dressed in (id, names, kind, licence);
`idphoto garments make PHOTO --name N --out DIR`: make a garment from a roomy photo of someone wearing it."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from . import EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE
from ._common import err, error_code, fail, input_problem, out, table


def add_parser(subparsers) -> None:
    """Register the command and its `make` verb."""
    p = subparsers.add_parser("garments", help="list the garments for --dress, or make one from a photo",
                              description="List the built-in garments (and the studio's own, with --garments); "
                                          "`garments make` cuts a new one from a photo.")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--garments", default=None, metavar="DIR", help="also the studio's own garments in DIR")
    p.set_defaults(func=run)
    verbs = p.add_subparsers(dest="verb", metavar="make")
    m = verbs.add_parser("make", help="make a garment from a roomy photo of a person or a mannequin wearing it",
                         description="Cut the clothing below the collar out of a photo (the head and the neck's "
                                     "skin transparent) and write NAME.png and NAME.json into DIR. The photo must "
                                     "show the shoulders and the chest: 1.4 face heights below the chin.")
    m.add_argument("photo", help="the photo (JPEG, PNG, WebP, BMP, TIFF, HEIC)")
    m.add_argument("--name", required=True, help="the garment's id: letters, digits, '-' and '_'")
    m.add_argument("--out", required=True, metavar="DIR",
                   help="the studio's garment folder (nothing in it is replaced)")
    m.add_argument("--kind", choices=("men", "women", "children"), default="men",
                   help="whose garment it is (the shoulders' width for a tight photo; default: %(default)s)")
    from ..core.matting import available_models

    m.add_argument("--model", choices=available_models(), default=available_models()[0],
                   help="matting model (default: %(default)s)")
    m.set_defaults(func=run_make)


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON); the studio folder's unusable files on stderr, each with why."""
    from ..core.body.garments import scan

    every, problems = scan(args.garments)
    for p in problems:
        err(f"idphoto garments: warning: {p.message}")
    if args.json:
        out(json.dumps([g.as_dict() for g in every], ensure_ascii=False, indent=2))
        return EXIT_OK
    for line in table([("id", "名称", "name", "kind", "licence"),
                       *((g.id, g.name_zh, g.name_en, g.kind, g.licence) for g in every)]):
        out(line)
    return EXIT_OK


def run_make(args: argparse.Namespace) -> int:
    """Analyse the photo, cut its clothing, write the garment; exit 4 when the photo cannot give one."""
    from ..core.analysis import pipeline
    from ..core.body import garment_cut
    from ..core.body.garment import GarmentError
    from ..core.errors import IdPhotoError
    from ..core.imaging.imageio import load_image

    folder = Path(args.out)
    try:
        garment_cut.check_name(args.name)
    except GarmentError as exc:
        return fail(f"garments make: {exc}", EXIT_USAGE)
    if not folder.is_dir():
        return fail(f"garments make: {folder} is not a folder", EXIT_OUTPUT)
    problem = input_problem(args.photo)
    if problem:
        return fail(f"garments make: {problem}", EXIT_INPUT)
    try:
        a = pipeline.analyse(load_image(args.photo), model_id=args.model)
    except IdPhotoError as exc:
        return fail(f"garments make: {exc}", error_code(exc))
    try:
        cut = garment_cut.cut_garment(a.image.rgb, a.matte.alpha, a.face, args.kind)
        png = garment_cut.save(cut, folder, args.name, kind=args.kind, source=f"cut from {Path(args.photo).name}")
    except garment_cut.CutRefused as exc:
        return fail(f"garments make: {exc}", EXIT_INPUT)
    except GarmentError as exc:
        return fail(f"garments make: {exc}", EXIT_OUTPUT)
    except IdPhotoError as exc:
        return fail(f"garments make: {exc}", error_code(exc))
    if cut.warning:
        err(f"idphoto garments make: warning: {cut.warning}")
    out(f"{png} (and {png.with_suffix('.json').name}): use it with --garments {folder} --dress {args.name}")
    return EXIT_OK
