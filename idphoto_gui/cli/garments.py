"""`idphoto garments`: list the garments a photo can be dressed in (id, names, kind, licence)."""
from __future__ import annotations

import argparse
import json

from . import EXIT_OK
from ._common import out, table


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser("garments", help="list the garments for --dress",
                              description="List the built-in garments (and the studio's own, with --garments).")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--garments", default=None, metavar="DIR", help="also the studio's own garments in DIR")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON)."""
    from ..core.body.garments import catalogue

    every = catalogue(args.garments)
    if args.json:
        out(json.dumps([g.as_dict() for g in every], ensure_ascii=False, indent=2))
        return EXIT_OK
    for line in table([("id", "名称", "name", "kind", "licence"),
                       *((g.id, g.name_zh, g.name_en, g.kind, g.licence) for g in every)]):
        out(line)
    return EXIT_OK
