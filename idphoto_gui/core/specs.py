"""ID-photo templates: data in resources/templates.json (+ a user file), validated at load."""
from __future__ import annotations

from dataclasses import dataclass

Range = tuple[float, float]


def mm_to_px(mm: float, dpi: float) -> int:
    """pixels = round(mm / 25.4 * dpi): the unit of truth is millimetres + dpi."""
    return int(round(mm / 25.4 * dpi))


@dataclass(frozen=True)
class Template:
    """One photo standard: physical size, head/eye rules, backgrounds, file limits, source."""

    id: str
    name_zh: str
    name_en: str
    country: str                  # ISO 3166 alpha-2 or "INT"
    use: str                      # "passport", "visa", "id", "general", "exam", "licence", ...
    width_mm: float
    height_mm: float
    dpi: int
    px: tuple[int, int] | None    # authority-fixed pixel size (w, h), else None
    head_height_mm: Range         # chin to crown
    eye_line_mm: Range | None     # eye line measured from the photo's BOTTOM edge
    crown_margin_mm: Range | None # top of head to the photo's top edge
    crown_includes_hair: bool
    backgrounds: tuple[str, ...]  # allowed colours "#RRGGBB", first is the default
    min_eye_distance_px: int | None
    max_kb: int | None
    min_kb: int | None
    digital_only: bool            # an upload spec (pixels matter, no print size)
    source: str
    confidence: str               # "official", "secondary", "community"

    def pixel_size(self, dpi: int | None = None) -> tuple[int, int]:
        """Output pixels: the authority's fixed size, else the mm at `dpi` (default the template's)."""
        if self.px is not None and (dpi is None or dpi == self.dpi):
            return self.px
        d = dpi or self.dpi
        return mm_to_px(self.width_mm, d), mm_to_px(self.height_mm, d)

    @property
    def default_background(self) -> str:
        """The first allowed colour."""
        return self.backgrounds[0]


def load_templates(user_file: str | None = None) -> dict[str, Template]:
    """Built-in templates merged with the user's; a broken entry raises TemplateError naming it."""
    raise NotImplementedError


def get_template(template_id: str) -> Template:
    """One template by id (TemplateError listing close matches if unknown)."""
    raise NotImplementedError
