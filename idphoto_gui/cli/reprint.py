"""`idphoto reprint ORDER [--copies N] -o sheet.pdf`: an order's sheet again, from its source photos."""
from __future__ import annotations

import argparse

from . import EXIT_FAILURE, EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE
from ._common import count_arg, err, error_code, fail, out, shown

MAX_ORDER = 2 ** 63 - 1   # SQLite's largest row id


def order_id(text: str) -> int:
    """argparse type: an order number, "12" or "#12", 1 to MAX_ORDER."""
    try:
        value = int(text.strip().lstrip("#"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an order number: '{shown(text[:40])}' (see `idphoto orders`)") \
            from None
    if not 1 <= value <= MAX_ORDER:
        raise argparse.ArgumentTypeError(f"not an order number: '{shown(text[:40])}' (1 to {MAX_ORDER})")
    return value


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser(
        "reprint", help="reprint an order's sheet",
        description="Render an order's sheet again from its source photos with the edits it was printed with "
                    "(same template, background, crop, paper and caption).")
    p.add_argument("order", type=order_id, metavar="ORDER", help="order number (see `idphoto orders`)")
    p.add_argument("--copies", type=count_arg, default=None, metavar="N",
                   help="copies of each photo (default: as the order had them)")
    p.add_argument("-o", "--output", required=True, help="output .jpg, .png or .pdf")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Exit 2 unknown order; 4 the book cannot be opened (as `orders`), the order is damaged, or its source
    photo is gone or changed; 5 unwritable output."""
    from ..core.errors import ExportError, IdPhotoError, LoadError, TemplateError
    from ..core.imaging.files import check_destination
    from ..core.orders import open_book
    from ..core.orders.order import BookUnavailable, DamagedOrder, OrderError
    from ..core.orders.reprint import reprint
    from ..core.orders.store import default_path
    from ..core.sheets.sheet import save_sheet, sheet_format

    try:
        sheet_format(args.output)
        check_destination(args.output)   # the name fits, the folder takes a file: before any work
    except ExportError as exc:           # -o x.gif is a bad argument (2), a missing folder 5
        return fail(str(exc), error_code(exc))
    if not default_path().exists():          # reprinting never creates the book
        return fail(f"there is no order {args.order} (the order book is empty)", EXIT_USAGE)
    try:
        book = open_book(readonly=True)
        if book.notice:
            err(f"note: {shown(book.notice)}")
        order = book.get(args.order)
    except (BookUnavailable, DamagedOrder) as exc:
        return fail(str(exc), EXIT_INPUT)
    except OrderError as exc:
        return fail(str(exc), EXIT_USAGE)
    sources = [i.source_path for i in order.items if i.source_path]
    try:
        made = reprint(order, copies=args.copies)
        path = save_sheet(made.sheet, args.output, source_paths=sources)
    except ExportError as exc:
        return fail(str(exc), EXIT_OUTPUT)
    except (OrderError, LoadError, TemplateError) as exc:
        return fail(f"order #{order.id}: {exc}", EXIT_INPUT)
    except IdPhotoError as exc:
        return fail(f"order #{order.id}: {exc}", EXIT_FAILURE)
    for i, finding in made.failures:
        err(f"warning: photo {i + 1} fails {finding.code}")
    n = len(made.sheet.layout.slots)
    out(f"{path}  order #{order.id}  {shown(order.name)}  {n} photo{'s' if n != 1 else ''}")
    return EXIT_OK
