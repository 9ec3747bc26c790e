"""`idphoto sheet INPUT... -t TEMPLATE -o OUT`: a print sheet of ID photos at true size (JPEG/PNG/PDF)."""
from __future__ import annotations

import argparse
import datetime
import logging
from pathlib import Path

import numpy as np

from . import EXIT_INPUT, EXIT_OK, EXIT_USAGE
from ..core.sheets.sheet import PhotoSize, resolve_size, split_copies  # noqa: F401 - re-exported
from ._common import _number, colour_arg, count_arg, dpi_arg, err, error_code, fail, out

log = logging.getLogger(__name__)


def _mm(text: str) -> float:
    """argparse type: millimetres, finite, 0-100 (whether they fit the paper is checked later)."""
    return _number(text, float, at_least=0, at_most=100)


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser(
        "sheet", help="print sheet of ID photos",
        description="Lay out ID photos at true size on a paper (3 mm margin, 2 mm gap by default), with "
                    "cut marks. Several inputs share the sheet (copies split evenly).")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="photos (one per person)")
    p.add_argument("-t", "--template", required=True,
                   help="template id; with --ready also a size such as 35x45mm")
    p.add_argument("-o", "--output", required=True, help="output .jpg, .png or .pdf")
    p.add_argument("--paper", default="4r", help="4r (6-inch, default), 3r, 5r, a4, a5, letter or WxHmm")
    p.add_argument("--copies", type=count_arg, default=None, help="total copies (default: as many as fit)")
    p.add_argument("--margin", type=_mm, default=3.0, metavar="MM", help="paper edge to photos (default 3)")
    p.add_argument("--gap", type=_mm, default=2.0, metavar="MM", help="between photos (default 2)")
    p.add_argument("--dpi", type=dpi_arg, default=300, help="254, 300 (default), 350 or 600 (72-1200)")
    p.add_argument("--cut-marks", "--guides", dest="cut_marks", choices=("lines", "ticks", "none"), default="lines",
                   help="cut marks: lines across the sheet (default), short ticks, or none")
    p.add_argument("--pack-more", dest="uniform", action="store_false",
                   help="mix upright and rotated rows when that fits more copies (default: a plain grid)")
    p.add_argument("--align", choices=("center", "top_left"), default="center", help="block position")
    p.add_argument("--caption", default=None, metavar="TEXT",
                   help="small text under the photos (up to 200 characters); {name} {order} {date} {template} "
                        "{template_zh} {size} are filled in, {{ and }} give braces")
    p.add_argument("--name", default=None, metavar="TEXT",
                   help="the customer's name for {name} (default: the photos' file names)")
    p.add_argument("--order", default="", metavar="TEXT", help="phone or order number for {order}")
    p.add_argument("-b", "--background", type=colour_arg, default=None, metavar="COLOUR",
                   help="background colour (default: the template's first)")
    p.add_argument("--ready", action="store_true", help="inputs are finished ID photos: no analysis")
    from ..core.matting import available_models

    p.add_argument("--model", choices=available_models(), default=available_models()[0],
                   help="matting model (default: %(default)s)")
    p.set_defaults(func=run)


SEVERAL_FACES_HINT = ("A sheet has no --face: make the photo first (idphoto make PHOTO -t TEMPLATE --face N, or "
                      "--face all for everyone) and put the made photos on the sheet with --ready.")


def load_photo(path: Path, size: PhotoSize, args: argparse.Namespace) -> np.ndarray:
    """The finished ID photo for one input: as is (--ready) or analysed, cropped and composited."""
    from ..core.imaging.imageio import load_image

    image = load_image(path)
    if args.ready:
        return image.rgb
    from ..core.render.photo import make_photo
    from ..core.analysis.pipeline import analyse

    if getattr(size.template, "is_pair", False):
        from ..core.render.photo import make_pair_photo

        return make_pair_photo(image, size.template, background=args.background, dpi=args.dpi,
                               model_id=args.model).rgb
    analysis = analyse(image, model_id=args.model)
    return make_photo(analysis, size.template, background=args.background, dpi=args.dpi).rgb


def caption_text(args: argparse.Namespace, size: PhotoSize) -> str | None:
    """The caption with its fields filled in by core/sheets/captions.py (CaptionError for a bad caption)."""
    from ..core.sheets.captions import fill_caption

    if not args.caption:
        return None
    t = size.template
    name = args.name if getattr(args, "name", None) else ", ".join(Path(p).stem for p in args.inputs)
    fields = dict(name=name, order=getattr(args, "order", "") or "",
                  date=datetime.date.today().isoformat(), template=size.label,
                  template_zh=getattr(t, "name_zh", size.label), size=f"{size.width_mm:g}x{size.height_mm:g} mm")
    return fill_caption(args.caption, fields)


def _counts(args: argparse.Namespace, size: PhotoSize, paper_mm: tuple[float, float]) -> list[int]:
    """Copies per person: --copies, else as many as fit, split evenly; OutOfRangeError if none fits."""
    from ..core.errors import OutOfRangeError
    from ..core.sheets.sheet import max_copies

    fit = max_copies(paper_mm=paper_mm, photo_mm=(size.width_mm, size.height_mm),
                     margin_mm=args.margin, gap_mm=args.gap, uniform=args.uniform)
    if fit == 0:
        raise OutOfRangeError(f"a {size.width_mm:g}x{size.height_mm:g} mm photo does not fit on "
                              f"{paper_mm[0]:g}x{paper_mm[1]:g} mm paper with a {args.margin:g} mm margin",
                              field="paper")
    return split_copies(args.copies or fit, len(args.inputs))


def _prepare(args: argparse.Namespace):
    """Size, paper, copies and output checks before any photo work: (PhotoSize, Paper, counts) or an exit code."""
    from ..core.sheets.captions import parse_caption
    from ..core.errors import ExportError, TemplateError
    from ..core.imaging.files import check_destination
    from ..core.imaging.export import check_pixel_budget
    from ..core.sheets.sheet import get_paper, sheet_format

    if args.copies is not None and args.copies < len(args.inputs):
        return fail(f"--copies {args.copies} is fewer than the {len(args.inputs)} people", EXIT_USAGE)
    try:
        size = resolve_size(args.template, ready=args.ready)
        paper = get_paper(args.paper)
        check_pixel_budget(paper.width_mm / 25.4 * args.dpi, paper.height_mm / 25.4 * args.dpi,
                           what="the sheet")
        counts = _counts(args, size, paper.size_mm)
        if args.caption:
            parse_caption(args.caption)   # a bad caption fails now, before any photo work
    except TemplateError as exc:  # OutOfRangeError included
        return fail(str(exc), EXIT_USAGE)
    try:
        sheet_format(args.output)
        for src in args.inputs:
            check_destination(args.output, source_path=src)
    except ExportError as exc:  # unsupported type 2, folder missing 5
        return fail(str(exc), error_code(exc))
    return size, paper, counts


def run(args: argparse.Namespace) -> int:
    """Make each person's photo, lay out, render, save; exit 2 bad args, 4 bad input, 5 unwritable."""
    from ..core.errors import ExportError, IdPhotoError, OutOfRangeError
    from ..core.sheets.sheet import SheetPhoto, make_sheet, save_sheet

    prepared = _prepare(args)
    if isinstance(prepared, int):
        return prepared
    size, paper, counts = prepared
    photos = []
    for src, count in zip(args.inputs, counts):
        try:
            rgb = load_photo(Path(src), size, args)
        except IdPhotoError as exc:  # unreadable or no face 4, damaged model 7
            hint = f" {SEVERAL_FACES_HINT}" if exc.code == "multiple_faces" else ""
            return fail(f"{src}: {exc}{hint}", EXIT_INPUT if exc.code == "template" else error_code(exc))
        photos.append(SheetPhoto(rgb, size.width_mm, size.height_mm, count))
    try:
        sheet = make_sheet(photos=photos, paper_mm=paper.size_mm, dpi=args.dpi, margin_mm=args.margin,
                           gap_mm=args.gap, cut_marks=args.cut_marks, caption=caption_text(args, size),
                           align=args.align, uniform=args.uniform)
        path = save_sheet(sheet, args.output, source_paths=args.inputs)
    except (ExportError, OutOfRangeError) as exc:  # output 5; unsupported type, sizes, caption 2
        return fail(str(exc), error_code(exc))
    except IdPhotoError as exc:  # a ready photo of the wrong shape for its place
        return fail(str(exc), EXIT_INPUT)
    _summary(path, sheet, args.inputs)
    return EXIT_OK


def _summary(path: Path, sheet, inputs) -> None:
    """The output line on stdout; copies that did not fit on stderr."""
    h, w = sheet.rgb.shape[:2]
    pw, ph = sheet.paper_mm
    n = len(sheet.layout.slots)
    out(f"{path}  {w}x{h} px  {sheet.dpi} dpi  {pw:g}x{ph:g} mm  {n} photo{'s' if n != 1 else ''}")
    for miss in sheet.layout.unplaced:
        err(f"note: {miss.count} cop{'ies' if miss.count != 1 else 'y'} of {inputs[miss.item_index]} "
            f"did not fit on the paper")
