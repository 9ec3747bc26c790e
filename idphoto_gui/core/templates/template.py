"""One ID-photo template: its type (sizes in mm, head and eye rules, backgrounds, file limits, policies, the
source) and the rules a templates.json entry must meet to become one."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import OutOfRangeError, TemplateError
from ..numbers import parse_number

Range = tuple[float, float]

CONFIDENCE = ("official", "secondary", "uncertain", "derived")
USES = ("passport", "visa", "id", "general", "exam", "licence", "permit")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_HEX_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
_COUNTRY_RE = re.compile(r"^([A-Z]{2}|INT)$")
GLASSES = ("allowed", "forbidden")       # allowed = clear lenses without glare or tint (ICAO 9303)
# strict: a teeth smile fails, a closed smile warns; natural_smile: a closed-mouth smile passes, teeth or parted
# lips as strict (the US passport); lenient: a teeth smile only warns, a closed smile passes
EXPRESSIONS = ("strict", "natural_smile", "lenient")
ALTERATIONS = ("none", "light", "free")  # none: global light and colour only; light: + blemishes; free: + skin
NO_ALTERATION_SOURCE = "not given in this template: treated as 'none' (global light and colour only)"
_POLICY_DEFAULTS = {"glasses": "allowed", "expression": "strict",  # optional in templates.json
                    "alteration": "none", "alteration_source": NO_ALTERATION_SOURCE}
KINDS = ("single", "pair")               # pair: two people in one shot (the marriage registration photo)
_POLICY_DEFAULTS["kind"] = "single"


def mm_to_px(mm: float, dpi: float) -> int:
    """pixels = round-half-up(mm / 25.4 * dpi): the unit of truth is millimetres + dpi."""
    return int(math.floor(mm / 25.4 * dpi + 0.5))


@dataclass(frozen=True)
class Template:
    """One photo standard: physical size, head/eye rules, backgrounds, file limits, source."""
    id: str
    name_zh: str
    name_en: str
    country: str                  # ISO 3166 alpha-2, "EU" or "INT"
    use: str                      # one of USES
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
    confidence: str               # one of CONFIDENCE; "derived" = some number derived, see source
    min_px: tuple[int, int] | None = None  # smallest upload the authority accepts (w, h)
    max_px: tuple[int, int] | None = None  # largest upload the authority accepts (w, h)
    glasses: str = "allowed"      # GLASSES: "forbidden" = no glasses at all (US since 2016)
    expression: str = "strict"    # EXPRESSIONS: what smile the document allows
    original_background_default: bool = False  # the authority forbids digital alteration: keep the real background
    alteration: str = "none"      # ALTERATIONS: what retouching the document allows (light and colour always)
    alteration_source: str = NO_ALTERATION_SOURCE  # the rule behind `alteration`, or "no rule found ..."
    kind: str = "single"          # KINDS: "pair" = two people side by side, the ranges apply to both heads
    max_height_diff_mm: float | None = None  # pair: the two eye lines may differ by at most this
    min_gap_mm: float | None = None          # pair: at least this much space between the two faces

    @property
    def is_pair(self) -> bool:
        """True for a photo of two people taken together (two faces, one shot)."""
        return self.kind == "pair"

    def pixel_size(self, dpi: int | None = None) -> tuple[int, int]:
        """Output pixels: the authority's fixed size, else the mm at `dpi` (default the template's)."""
        if self.px is not None and (dpi is None or dpi == self.dpi):
            return self.px
        d = dpi or self.dpi
        return mm_to_px(self.width_mm, d), mm_to_px(self.height_mm, d)

    @property
    def default_background(self) -> str:
        """The first allowed colour ("#RRGGBB")."""
        return self.backgrounds[0]


_KINDS = {"str": (str,), "num": (int, float), "int": (int,), "bool": (bool,)}
_SPEC: dict[str, tuple[str, bool]] = {  # field -> (kind, nullable), in Template order
    **dict.fromkeys(("id", "name_zh", "name_en", "country", "use"), ("str", False)),
    "width_mm": ("num", False), "height_mm": ("num", False), "dpi": ("int", False), "px": ("size", True),
    "head_height_mm": ("range", False), "eye_line_mm": ("range", True), "crown_margin_mm": ("range", True),
    "crown_includes_hair": ("bool", False), "backgrounds": ("hexlist", False),
    **dict.fromkeys(("min_eye_distance_px", "max_kb", "min_kb"), ("int", True)),
    "digital_only": ("bool", False), "source": ("str", False), "confidence": ("str", False),
    "min_px": ("size", True), "max_px": ("size", True), "original_background_default": ("bool", True),
    "glasses": ("str", True), "expression": ("str", True),
    "alteration": ("str", True), "alteration_source": ("str", True),
    "kind": ("str", True), "max_height_diff_mm": ("num", True), "min_gap_mm": ("num", True),
}
_DEFAULTS: dict[str, Any] = {"original_background_default": False}  # optional fields: value when absent or null


def _error(tid: str, field: str, problem: str) -> TemplateError:
    """A TemplateError that names the template and the field (also as attributes)."""
    err = TemplateError(f"template {tid!r}: field {field!r}: {problem}")
    err.template_id, err.field = tid, field
    return err


# Outer bounds of the numbers a template file may hold (finer checks in _check_ranges); kb as export.KB_RANGE.
_BOUNDS: dict[str, tuple[float, float]] = {"max_kb": (1, 100_000), "min_kb": (1, 100_000),
                                           "min_eye_distance_px": (1, 10_000)}


def _number(tid: str, name: str, value: Any, *, integer: bool = False) -> float:
    """One number through core.numbers.parse_number: finite (and whole, and within _BOUNDS), or the
    template error naming the field."""
    lo, hi = _BOUNDS.get(name, (None, None))
    try:
        return parse_number(value, name, integer=integer, lo=lo, hi=hi)
    except OutOfRangeError as exc:
        raise _error(tid, name, str(exc).removeprefix(f"{name} ")) from None


def _convert(tid: str, name: str, value: Any) -> Any:
    """Type-check one raw JSON value and turn lists into tuples."""
    kind, nullable = _SPEC[name]
    if value is None:
        if nullable:
            return _DEFAULTS.get(name)
        raise _error(tid, name, "is required (missing or null)")
    if kind in _KINDS:
        ok = isinstance(value, _KINDS[kind]) and (kind == "bool" or not isinstance(value, bool))
        if not ok or (kind == "str" and not value.strip()):
            raise _error(tid, name, f"expected a {'non-empty ' if kind == 'str' else ''}{kind}, got {value!r}")
        if kind in ("num", "int"):
            number = _number(tid, name, value, integer=kind == "int")
            return float(number) if kind == "num" else int(number)
        return value
    if kind == "hexlist":
        if not isinstance(value, list) or not value or not all(isinstance(c, str) and _HEX_RE.match(c) for c in value):
            raise _error(tid, name, f"expected a non-empty list of '#RRGGBB' colours, got {value!r}")
        return tuple(c.upper() for c in value)
    item = (int,) if kind == "size" else (int, float)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, item) and not isinstance(v, bool) for v in value)):
        raise _error(tid, name, f"expected [{'w, h' if kind == 'size' else 'min, max'}], got {value!r}")
    if kind == "size":
        return tuple(value)
    return float(_number(tid, name, value[0])), float(_number(tid, name, value[1]))


def _check_ranges(t: Template) -> None:
    """Semantic checks: sizes, ranges inside the photo, consistent pixel limits."""
    def need(cond: bool, field: str, problem: str) -> None:
        if not cond:
            raise _error(t.id, field, problem)

    need(bool(_ID_RE.match(t.id)), "id", "use lower-case letters, digits and '-'")
    need(bool(_COUNTRY_RE.match(t.country)), "country", "expected ISO 3166 alpha-2, 'EU' or 'INT'")
    need(t.use in USES, "use", f"expected one of {USES}")
    need(t.confidence in CONFIDENCE, "confidence", f"expected one of {CONFIDENCE}")
    need(t.glasses in GLASSES, "glasses", f"expected one of {GLASSES}")
    need(t.expression in EXPRESSIONS, "expression", f"expected one of {EXPRESSIONS}")
    need(t.alteration in ALTERATIONS, "alteration", f"expected one of {ALTERATIONS}")
    need(t.kind in KINDS, "kind", f"expected one of {KINDS}")
    need(t.is_pair or (t.max_height_diff_mm is None and t.min_gap_mm is None), "kind",
         "max_height_diff_mm and min_gap_mm apply only to a pair template")
    for name in ("max_height_diff_mm", "min_gap_mm"):
        need(getattr(t, name) is None or 0 <= getattr(t, name) < t.width_mm, name, "expected 0 to width_mm")
    for name in ("width_mm", "height_mm"):
        need(5 <= getattr(t, name) <= 300, name, "expected 5-300 mm")
    need(72 <= t.dpi <= 2400, "dpi", "expected 72-2400")
    for name in ("px", "min_px", "max_px"):
        size = getattr(t, name)
        need(size is None or all(16 <= v <= 10000 for v in size), name, "pixels must be 16-10000")
    if t.px is not None:
        aspect_err = abs(t.px[0] / t.px[1] / (t.width_mm / t.height_mm) - 1)
        need(aspect_err < 0.01, "px", f"aspect differs from {t.width_mm}x{t.height_mm} mm by {aspect_err:.1%}")
        need(t.min_px is None or all(a >= b for a, b in zip(t.px, t.min_px)), "px", "smaller than min_px")
        need(t.max_px is None or all(a <= b for a, b in zip(t.px, t.max_px)), "px", "larger than max_px")
    lo, hi = t.head_height_mm
    need(0 < lo <= hi < t.height_mm, "head_height_mm", "expected 0 < min <= max < height_mm")
    eye = t.eye_line_mm or (1.0, 1.0)
    need(0 < eye[0] <= eye[1] < t.height_mm, "eye_line_mm", "expected 0 < min <= max < height_mm")
    if t.crown_margin_mm is not None:
        c_lo, c_hi = t.crown_margin_mm
        need(0 <= c_lo <= c_hi < t.height_mm, "crown_margin_mm", "expected 0 <= min <= max < height_mm")
        need(c_lo + lo <= t.height_mm, "crown_margin_mm", "margin + head height exceed the photo")
    for name in ("min_eye_distance_px", "max_kb", "min_kb"):
        need(getattr(t, name) is None or getattr(t, name) > 0, name, "must be positive")
    need(t.min_kb is None or t.max_kb is None or t.min_kb <= t.max_kb, "min_kb", "greater than max_kb")


def parse_template(entry: Mapping[str, Any]) -> Template:
    """One validated Template from a JSON object; TemplateError names the id and the field."""
    if not isinstance(entry, Mapping):
        raise _error("?", "(the entry)", f"each template must be a JSON object {{ ... }}, not "
                     f"{type(entry).__name__} {str(entry)[:40]!r}")
    tid = entry.get("id") if isinstance(entry.get("id"), str) else "?"
    unknown = sorted(k for k in entry if k not in _SPEC and not k.startswith("_"))
    if unknown:
        raise _error(tid, unknown[0], "unknown field")
    values = {name: _convert(tid, name, entry.get(name)) for name in _SPEC}
    t = Template(**{k: _POLICY_DEFAULTS[k] if v is None and k in _POLICY_DEFAULTS else v for k, v in values.items()})
    _check_ranges(t)
    return t
