"""`idphoto templates`: list the photo templates (id, names, mm, pixels, dpi)."""
from __future__ import annotations

import argparse
import json

from ..core.errors import IdPhotoError
from ..core.render.report import template_dict
from . import EXIT_FAILURE, EXIT_OK
from ._common import fail, fmt_mm, out, table


def add_parser(subparsers) -> None:
    """Register the command."""
    p = subparsers.add_parser("templates", help="list photo templates",
                              description="List the built-in (and user) ID-photo templates.")
    p.add_argument("--search", "-s", metavar="Q", default=None,
                   help="only templates whose id, names, country or use contain every word of Q")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--colours", "--colors", action="store_true",
                   help="list the named background colours instead")
    p.add_argument("--paths", action="store_true",
                   help="show where templates are read from (built-in file, your settings folder's file)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON); exit 0 even when the search finds nothing."""
    from ..core.templates.specs import load_template_set, search_templates

    if args.colours:
        return _colours(args.json)
    if args.paths:
        return _paths()
    try:
        loaded = load_template_set()
    except IdPhotoError as exc:
        return fail(str(exc), EXIT_FAILURE)
    pool = loaded.templates  # skipped user entries were logged as warnings
    templates = list(search_templates(args.search, templates=pool) if args.search else pool.values())
    if args.json:
        out(json.dumps([template_dict(t) for t in templates], ensure_ascii=False, indent=2))
        return EXIT_OK
    rows = [("id", "名称", "name", "mm", "pixels", "dpi", "max KB")]
    for t in templates:
        w, h = t.pixel_size()
        rows.append((t.id, t.name_zh, t.name_en, f"{fmt_mm(t.width_mm)}x{fmt_mm(t.height_mm)}",
                     f"{w}x{h}", str(t.dpi), str(t.max_kb) if t.max_kb else ""))
    for line in table(rows):
        out(line)
    if not templates:
        out(f"(no template matches {args.search!r})")
    return EXIT_OK


def _paths() -> int:
    """The built-in templates file and the user's file (which may not exist yet)."""
    from ..core.paths import resources_dir, user_templates_file
    from ..core.templates.specs import load_template_set

    user = user_templates_file()
    out(f"built-in: {resources_dir() / 'templates.json'}")
    out(f"user:     {user}" + ("" if user.is_file() else "  (not there yet: create it to add templates)"))
    if user.is_file():
        result = load_template_set(user)  # skipped entries are logged as warnings
        out(f"          {len(result.templates)} templates, {len(result.problems)} user entries skipped")
    return EXIT_OK


def _colours(as_json: bool) -> int:
    """The named background colours usable with -b."""
    from ..core.templates.colours import presets

    colours = presets()
    if as_json:
        out(json.dumps([{"id": c.id, "hex": c.hex, "name_zh": c.name_zh, "name_en": c.name_en,
                         "aliases": list(c.aliases)} for c in colours], ensure_ascii=False, indent=2))
        return EXIT_OK
    rows = [("id", "hex", "名称", "name", "also")]
    rows += [(c.id, c.hex, c.name_zh, c.name_en, " ".join(c.aliases)) for c in colours]
    for line in table(rows):
        out(line)
    return EXIT_OK
