"""The background a photo gets: a colour, or the photo's own (where an authority forbids altered photos)."""
from __future__ import annotations

from ..templates.colours import RGB, Background, allows, default_colour
from ..templates.specs import Template


def default_background(template: Template) -> Background:
    """What a new photo gets: the photo's own background where the authority forbids alteration, else
    the template's first colour."""
    return Background.ORIGINAL if template.original_background_default else default_colour(template)


def fill_rgb(template: Template, background: Background) -> RGB:
    """The colour a cut-out is blended on: the chosen one; for the photo's own, the template's first."""
    return (default_colour(template) if background.is_original else background).rgb  # type: ignore[return-value]


def background_for(template: Template, background: Background) -> Background:
    """The background kept after a template change: the same if the template allows it, else its default."""
    return background if allows(template, background) else default_background(template)
