"""Sheet captions from user text: a tiny template language, never `str.format` on what the user typed.

`{name}`, `{order}`, `{date}`, `{template}` (and `{template_zh}`, `{size}`) are filled in; `{{` and `}}`
are literal braces; everything else is literal text. An unknown field, a format spec (`{name:>9}`), an
index (`{name[0]}`) or a lone brace is a CaptionError naming it. Text and result are capped in length.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Mapping

from ..errors import OutOfRangeError

log = logging.getLogger(__name__)

FIELDS = ("name", "order", "date", "template", "template_zh", "size")
MAX_CHARS = 200          # one line in the sheet's margin: far more than fits at 1.8 mm
ELLIPSIS = "…"
_BREAKS = re.compile(r"[\r\n\t\v\f\x85\u2028\u2029]+")


class CaptionError(OutOfRangeError):
    """A caption the template language cannot read; the message says what to write instead."""

    def __init__(self, message: str, *, field: str = "caption", path: str | None = None) -> None:
        super().__init__(message, field=field, path=path)


@dataclass(frozen=True)
class Part:
    """A piece of a parsed caption: literal text, or a field to fill in (`field` set)."""

    text: str = ""
    field: str = ""


def _hint() -> str:
    return "use " + ", ".join("{" + f + "}" for f in FIELDS) + "; write {{ and }} for braces"


def _field_at(text: str, start: int) -> tuple[Part, int]:
    """The field whose `{` is at `start`, and the index after its `}`."""
    end = text.find("}", start + 1)
    brace = text.find("{", start + 1)
    if end < 0 or (0 <= brace < end):
        raise CaptionError(f"caption: a lone {{ at character {start + 1}; {_hint()}")
    name = text[start + 1:end]
    if name not in FIELDS:
        shown = name if len(name) <= 30 else name[:30] + ELLIPSIS
        raise CaptionError(f"caption: unknown field {{{shown}}}; {_hint()}")
    return Part(field=name), end + 1


def parse_caption(text: str) -> tuple[Part, ...]:
    """The caption's literal pieces and fields, or CaptionError (too long, unknown field, lone brace)."""
    if len(text) > MAX_CHARS:
        raise CaptionError(f"caption: {len(text)} characters, at most {MAX_CHARS}")
    parts: list[Part] = []
    literal: list[str] = []
    i = 0
    while i < len(text):
        pair = text[i:i + 2]
        if pair in ("{{", "}}"):
            literal.append(pair[0])
            i += 2
        elif text[i] == "{":
            if literal:
                parts.append(Part("".join(literal)))
                literal = []
            part, i = _field_at(text, i)
            parts.append(part)
        elif text[i] == "}":
            raise CaptionError(f"caption: a lone }} at character {i + 1}; {_hint()}")
        else:
            literal.append(text[i])
            i += 1
    if literal:
        parts.append(Part("".join(literal)))
    return tuple(parts)


def fill_caption(text: str, values: Mapping[str, str]) -> str:
    """The caption with its fields filled in (missing values empty), cut to MAX_CHARS with an ellipsis."""
    filled = "".join(p.text if not p.field else str(values.get(p.field, "")) for p in parse_caption(text))
    return limit(filled)


def limit(text: str) -> str:
    """`text` on one line, at most MAX_CHARS (an ellipsis marks the cut)."""
    text = _BREAKS.sub(" ", text)
    if len(text) <= MAX_CHARS:
        return text
    log.info("caption cut to %d characters (was %d)", MAX_CHARS, len(text))
    return text[:MAX_CHARS - 1] + ELLIPSIS
