"""What the user chose for light, colour and retouch: a small frozen value kept in the session's Edit."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

LIGHT_MODES = ("off", "auto")
HAND_RANGE = (-50, 50)        # brightness, contrast, warmth: slider steps either side of "as taken"
RETOUCH_RANGE = (0, 100)      # retouch strength; 0 = none (the start everywhere: the clerk opts in)


@dataclass(frozen=True)
class Look:
    """Light mode, hand adjustments and retouch strength; the default changes nothing."""

    light: str = "off"        # "auto": exposure and white balance from the photo's own skin and neutrals
    brightness: int = 0       # HAND_RANGE; +50 = +1 EV
    contrast: int = 0         # HAND_RANGE; +50 = 1.5x slope at mid-grey
    warmth: int = 0           # HAND_RANGE; +50 = red x1.1, blue /1.1 (linear light)
    retouch: int = 0          # RETOUCH_RANGE
    garment: str = "none"     # a garment id (core/body/garments.py) the person is dressed in; "none": their own

    def __post_init__(self) -> None:
        if self.light not in LIGHT_MODES:
            raise ValueError(f"light must be one of {LIGHT_MODES}, not {self.light!r}")
        for name in ("brightness", "contrast", "warmth"):
            _check(name, getattr(self, name), HAND_RANGE)
        _check("retouch", self.retouch, RETOUCH_RANGE)
        if not isinstance(self.garment, str) or not self.garment:
            raise ValueError(f"garment must be a garment id or 'none', not {self.garment!r}")

    def but(self, **changes: Any) -> "Look":
        """A copy with some fields changed."""
        return replace(self, **changes)

    @property
    def changes_light(self) -> bool:
        """True when light or colour is changed at all."""
        return self.light == "auto" or any((self.brightness, self.contrast, self.warmth))

    @property
    def is_plain(self) -> bool:
        """True when the photo's light and skin are rendered as taken (a garment is dressed before the look)."""
        return not self.changes_light and self.retouch == 0

    @property
    def dressed(self) -> bool:
        """True when a garment replaces the person's clothing."""
        return self.garment != "none"

    @property
    def light_key(self) -> tuple:
        """The fields that change the light and colour (cache keys of the checks that read the pixels)."""
        return self.light, self.brightness, self.contrast, self.warmth


def _check(name: str, value: int, bounds: tuple[int, int]) -> None:
    """A whole number inside bounds, else ValueError naming the field."""
    if isinstance(value, bool) or not isinstance(value, int) or not bounds[0] <= value <= bounds[1]:
        raise ValueError(f"{name} must be a whole number {bounds[0]}-{bounds[1]}, not {value!r}")
