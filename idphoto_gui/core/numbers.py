"""One parser for numbers from every door (CLI, API form, kiosk.json, templates file): finite, in range,
named in the message, so NaN or infinity never slips past a bound."""
from __future__ import annotations

import math
from typing import Any

from .errors import OutOfRangeError


def parse_number(value: Any, field: str, *, integer: bool = False, lo: float | None = None,
                 hi: float | None = None) -> int | float:
    """`value` (text or number) as a finite int/float within [lo, hi]; OutOfRangeError naming `field`."""
    kind = "a whole number" if integer else "a number"
    if isinstance(value, bool) or value is None:
        raise OutOfRangeError(f"{field} must be {kind}, not {value!r}", field=field)
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except OverflowError:  # an int too large for a float (10**400)
        raise OutOfRangeError(f"{field} must be a finite number, not one that large", field=field) from None
    except (TypeError, ValueError):
        raise OutOfRangeError(f"{field} must be {kind}, not {value!r}", field=field) from None
    if not math.isfinite(number):
        raise OutOfRangeError(f"{field} must be a finite number, not {value!r}", field=field)
    if integer:
        if number != int(number):
            raise OutOfRangeError(f"{field} must be a whole number, not {value!r}", field=field)
        number = int(number)
    if lo is not None and number < lo:
        raise OutOfRangeError(f"{field} must be at least {lo:g}, not {number:g}", field=field)
    if hi is not None and number > hi:
        raise OutOfRangeError(f"{field} must be at most {hi:g}, not {number:g}", field=field)
    return number
