"""Sheet captions: a small template language, never str.format on user text."""
from __future__ import annotations

import tracemalloc

import pytest

from idphoto_gui.core.sheets.captions import MAX_CHARS, CaptionError, Part, fill_caption, limit, parse_caption
from idphoto_gui.core.errors import OutOfRangeError
from idphoto_gui.core.sheets.mixed import caption_text

VALUES = {"name": "张三", "order": "1024", "date": "2026-12-01", "template": "ICAO 35x45"}


def test_fields_and_literal_text():
    assert fill_caption("{name} · #{order} · {date} · {template}", VALUES) == \
        "张三 · #1024 · 2026-12-01 · ICAO 35x45"
    assert parse_caption("a{name}b") == (Part("a"), Part(field="name"), Part("b"))


def test_double_braces_are_literal_braces():
    assert fill_caption("{{name}} is {name}", VALUES) == "{name} is 张三"
    assert fill_caption("}}{{", VALUES) == "}{"


def test_missing_values_are_empty():
    assert fill_caption("[{order}]", {}) == "[]"


@pytest.mark.parametrize("text, says", [
    ("{name[999]}", "unknown field {name[999]}"),
    ("{name:>999999999}", "unknown field {name:>999999999}"),
    ("{name.__class__}", "unknown field"),
    ("{0}", "unknown field {0}"),
    ("{}", "unknown field {}"),
    ("{", "lone {"),
    ("a { b {name}", "lone {"),
    ("}", "lone }"),
    ("{nope}", "unknown field {nope}"),
])
def test_bad_captions_are_a_clear_error(text, says):
    with pytest.raises(CaptionError) as info:
        fill_caption(text, VALUES)
    assert says in str(info.value) and "{name}" in str(info.value)
    assert isinstance(info.value, OutOfRangeError) and info.value.field == "caption"


def test_a_format_spec_never_allocates():
    tracemalloc.start()
    try:
        with pytest.raises(CaptionError):
            fill_caption("{name:>999999999}", VALUES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_length_is_capped():
    with pytest.raises(CaptionError, match="at most 200"):
        parse_caption("x" * (MAX_CHARS + 1))
    filled = fill_caption("{name}", {"name": "n" * 5000})
    assert len(filled) == MAX_CHARS and filled.endswith("…")
    assert limit("a\nb\tc") == "a b c"


def test_the_composer_caption_is_literal_and_capped():
    assert caption_text(name="{name[0]}", order="{", date="2026") == "{name[0]}  ·  {  ·  2026"
    assert len(caption_text(name="李" * 500)) == MAX_CHARS
