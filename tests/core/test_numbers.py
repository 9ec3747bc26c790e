"""The one number parser refuses NaN, infinities and out-of-range values with the field's name."""
import math

import pytest

from idphoto_gui.core.errors import OutOfRangeError
from idphoto_gui.core.numbers import parse_number


@pytest.mark.parametrize("bad", ["nan", "NaN", "inf", "-inf", "Infinity", float("nan"), math.inf, "", "x",
                                 None, True, [1]])
def test_refuses_non_finite_and_non_numbers(bad):
    with pytest.raises(OutOfRangeError) as err:
        parse_number(bad, "max_kb")
    assert err.value.field == "max_kb"
    assert "max_kb" in str(err.value)


def test_bounds_and_integers():
    assert parse_number(" 20 ", "max_kb", lo=1, hi=100) == 20.0
    assert parse_number("300", "dpi", integer=True, lo=72, hi=1200) == 300
    assert isinstance(parse_number(300.0, "dpi", integer=True), int)
    for bad, kw in (("0.5", {"lo": 1}), ("1e9", {"hi": 100}), ("2.5", {"integer": True})):
        with pytest.raises(OutOfRangeError, match="dpi"):
            parse_number(bad, "dpi", **kw)
