"""`idphoto orders [--search TEXT] [--json]`: the order book (settings folder, orders.db), newest first."""
from __future__ import annotations

import argparse

from . import EXIT_INPUT, EXIT_OK
from ._common import err, fail, int_between, json_shown, out, search_arg, shown, table

MAX_LIMIT = 100_000


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser(
        "orders", help="list the order book",
        description="List the orders the window recorded (customer, number, date, photos), newest first. "
                    "Reprint one with `idphoto reprint ORDER`.")
    p.add_argument("--search", type=search_arg, default="", metavar="TEXT",
                   help="name, phone/order number, date (2026-12-01) or #id")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--limit", type=int_between(1, MAX_LIMIT), default=500,
                   metavar="N", help=f"at most this many, 1-{MAX_LIMIT} (default 500)")
    p.set_defaults(func=run)


def order_dict(order) -> dict:
    """An order as JSON values."""
    return {"id": order.id, "name": order.name, "number": order.number, "created": order.created,
            "status": order.status, "paper": order.paper, "dpi": order.dpi, "caption": order.caption,
            "items": [{"source_path": i.source_path, "digest": i.digest, "template": i.template_id,
                       "background": i.background, "copies": i.copies, "crop": i.crop, "crown": i.crown,
                       "chin": i.chin, "model": i.model_id, "face_index": i.face_index} for i in order.items]}


def run(args: argparse.Namespace) -> int:
    """Print the matching orders as a table or JSON (stored text escaped: `shown`); exit 4 if the book cannot be
    opened or read (as `reprint`). The book is opened read-only: listing takes no write lock and works on a
    read-only book."""
    from ..core.orders import open_book
    from ..core.orders.order import OrderError
    from ..core.orders.store import default_path

    if not default_path().exists():          # listing never creates the book
        if args.json:
            out("[]")
        else:
            err("no orders yet")
        return EXIT_OK
    try:
        book = open_book(readonly=True)
        if book.notice:
            err(f"note: {shown(book.notice)}")
        orders = book.search(args.search, limit=args.limit)
    except OrderError as exc:
        return fail(str(exc), EXIT_INPUT)
    if args.json:
        out(json_shown([order_dict(o) for o in orders]))
        return EXIT_OK
    if not orders:
        err("no orders" + (f" match '{shown(args.search)}'" if args.search else " yet"))
        return EXIT_OK
    rows = [("order", "date", "name", "number", "status", "photos")]
    rows += [tuple(shown(str(cell)) for cell in (
        f"#{o.id}", o.created.replace("T", " ")[:16], o.name, o.number, o.status,
        ", ".join(f"{i.template_id} x{i.copies or 'fill'}" for i in o.items))) for o in orders]
    for line in table(rows):
        out(line)
    return EXIT_OK
