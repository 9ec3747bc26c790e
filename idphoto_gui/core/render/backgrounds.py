"""The background a photo gets: a colour, or the photo's own (where an authority forbids altered photos)."""
from __future__ import annotations

from ..templates.colours import ORIGINAL, RGB, parse_colour, to_hex
from ..templates.specs import Template


def background_rgb(template: Template, background: RGB | str | None) -> RGB:
    """The fill colour as (r, g, b): a value, a colour name/hex, or the template's default colour."""
    if background is None or background == ORIGINAL:
        return parse_colour(template.default_background)
    if isinstance(background, str):
        return parse_colour(background)
    return tuple(int(v) for v in background)  # type: ignore[return-value]


def default_background(template: Template) -> str:
    """What a new photo gets: the photo's own background where the authority forbids alteration, else
    the template's first colour."""
    return ORIGINAL if template.original_background_default else template.default_background


def background_choice(template: Template, background: RGB | str | None) -> str:
    """A background argument as an Edit colour: "#RRGGBB", or colours.ORIGINAL (keep the photo's own)."""
    if background is None:
        return default_background(template)
    if isinstance(background, str) and background.strip().lower() == ORIGINAL:
        return ORIGINAL
    return to_hex(background_rgb(template, background))


def colour_for(template: Template, colour: str) -> str:
    """The background kept after a template change: the same if the template allows it, else its default."""
    if colour == ORIGINAL:
        return colour
    allowed = [c.upper() for c in template.backgrounds]
    return colour.upper() if not allowed or colour.upper() in allowed else default_background(template)
