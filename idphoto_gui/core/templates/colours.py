"""Background colours by name ("blue", "红"), "#RRGGBB" or "r,g,b", from resources/colours.json."""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Sequence

from ..errors import IdPhotoError

if TYPE_CHECKING:
    from .template import Template

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
ORIGINAL = "original"  # the text of the background choice that keeps the photo's own background (crop only)


class ColourError(IdPhotoError, ValueError):
    """A colour name or value that cannot be understood."""

    code = "colour"


@dataclass(frozen=True)
class Preset:
    """One preset background: id, display names, value, extra names users type."""

    id: str
    rgb: RGB
    name_en: str = ""
    name_zh: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def hex(self) -> str:
        """"#RRGGBB"."""
        return to_hex(self.rgb)


# Used when resources/colours.json is absent or broken. None of these is official
# in any standard: blue #438EDB is the open-source convention, red the Baidu one.
BUILTIN = (
    Preset("white", (255, 255, 255), "White", "白色"),
    Preset("blue", (67, 142, 219), "Blue", "蓝色"),
    Preset("red", (255, 0, 0), "Red", "红色"),
    Preset("light-grey", (242, 240, 240), "Light grey", "浅灰色"),
)
# Short names people type for the presets above.
ALIASES = {"white": ("白", "白底"), "blue": ("蓝", "蓝底"), "red": ("红", "红底"),
           "light-grey": ("grey", "gray", "light-gray", "灰", "灰底")}

_HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
_TRIPLE = re.compile(r"^\(?\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*\)?$")


def to_hex(rgb: RGB) -> str:
    """(r, g, b) -> "#RRGGBB"."""
    return "#{:02X}{:02X}{:02X}".format(*rgb)


@lru_cache(maxsize=1)
def presets() -> tuple[Preset, ...]:
    """Colours from resources/colours.json (via specs), plus any built-in id it lacks."""
    from .specs import load_colours

    try:
        loaded = tuple(Preset(c.id, _parse_value(c.hex), c.name_en, c.name_zh, ALIASES.get(c.id, ()))
                       for c in load_colours())
    except (IdPhotoError, OSError, ValueError) as exc:
        log.warning("colours.json not usable (%s); using built-in colours", exc)
        loaded = ()
    ids = {c.id for c in loaded}
    return loaded + tuple(replace(c, aliases=ALIASES.get(c.id, ())) for c in BUILTIN if c.id not in ids)


def _parse_value(text: str) -> RGB:
    """"#RRGGBB", "#RGB" or "r,g,b" -> (r, g, b); ColourError otherwise."""
    s = text.strip()
    m = _HEX.match(s)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(ch * 2 for ch in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    m = _TRIPLE.match(s)
    if m:
        rgb = tuple(int(v) for v in m.groups())
        if all(0 <= v <= 255 for v in rgb):
            return rgb  # type: ignore[return-value]
    raise ColourError(f"Not a colour: {text!r}")


def parse_colour(text: str) -> RGB:
    """A preset name (id, English, Chinese or alias), "#RRGGBB" or "r,g,b" -> (r, g, b)."""
    key = text.strip().lower()
    for c in presets():
        names = (c.id, c.name_en.lower(), c.name_zh) + tuple(a.lower() for a in c.aliases)
        if key in names:
            return c.rgb
    try:
        return _parse_value(text)
    except ColourError:
        names = ", ".join(c.id for c in presets())
        raise ColourError(f"Unknown colour {text!r}: use one of {names}, #RRGGBB or r,g,b.") from None


@dataclass(frozen=True)
class Background:
    """A photo's background, parsed once at each door (swatch, -b, API form, kiosk.json, settings):
    a colour, or ORIGINAL, the photo's own background (crop only, no cut-out)."""

    rgb: RGB | None = None   # None: keep the photo's own background

    ORIGINAL: ClassVar["Background"]

    @classmethod
    def colour(cls, rgb: Sequence[int]) -> "Background":
        """A colour background from (r, g, b) 0..255."""
        values = tuple(int(v) for v in rgb)
        if len(values) != 3 or not all(0 <= v <= 255 for v in values):
            raise ColourError(f"Not a colour: {rgb!r}")
        return cls(values)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, value: "str | Sequence[int] | Background") -> "Background":
        """"original" (any case), a preset name, "#RRGGBB" or "r,g,b" (or an RGB triple) -> Background."""
        if isinstance(value, Background):
            return value
        if isinstance(value, str):
            if value.strip().lower() == ORIGINAL:
                return cls.ORIGINAL
            return cls(parse_colour(value))
        return cls.colour(value)

    @property
    def is_original(self) -> bool:
        """True for the photo's own background."""
        return self.rgb is None

    @property
    def hex(self) -> str:
        """"#RRGGBB", or "original": the form files, reports and the command line use."""
        return ORIGINAL if self.rgb is None else to_hex(self.rgb)

    def __str__(self) -> str:
        return self.hex


Background.ORIGINAL = Background(None)


def template_colours(template: "Template") -> tuple[Background, ...]:
    """The background colours a template allows, parsed (first is its default)."""
    return _parsed_colours(tuple(template.backgrounds))


@lru_cache(maxsize=256)
def _parsed_colours(backgrounds: tuple[str, ...]) -> tuple[Background, ...]:
    """Parsed once per list: every render and every edit asks (the presets never change in a process)."""
    return tuple(Background.parse(c) for c in backgrounds)


def default_colour(template: "Template") -> Background:
    """The template's first allowed colour."""
    return Background.parse(template.default_background)


def allows(template: "Template", background: Background) -> bool:
    """True when the authority accepts this colour (the photo's own background is judged elsewhere)."""
    return background.is_original or not template.backgrounds or background in template_colours(template)
