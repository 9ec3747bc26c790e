"""Order-book rows back into Orders, each value checked against what the app writes (a row another program
or a damaged file wrote is a BadRow: the book skips it with one log line, or says the order is damaged)."""
from __future__ import annotations

import datetime
import json
import logging
import math
import sqlite3
from typing import Any

from ..errors import IdPhotoError
from ..templates.colours import Background
from .order import STATUSES, Order, OrderItem, look_fields, look_of

log = logging.getLogger(__name__)

DPI_RANGE = (72, 1200)          # what `sheet --dpi` accepts
MAX_COPIES = 1000


class BadRow(ValueError):
    """A stored row whose values are not what the app writes."""


def orders_of(db: sqlite3.Connection, rows: list[sqlite3.Row]) -> list[Order]:
    """The rows as Orders; a row that is not what the app writes is skipped with one log line."""
    found = []
    for row in rows:
        try:
            found.append(order_of(db, row))
        except BadRow as exc:
            log.warning("order book: order #%s skipped: %s", row["id"], exc)
    return found


def order_of(db: sqlite3.Connection, row: sqlite3.Row) -> Order:
    """An Order from its row and its items, each value checked (BadRow says which is wrong)."""
    items = tuple(_item(r) for r in db.execute(
        "SELECT * FROM items WHERE order_id = ? ORDER BY position", (row["id"],)))
    created = _text_of(row, "created", empty=False)
    try:
        datetime.datetime.fromisoformat(created)
    except ValueError:
        raise BadRow(f"its date {shown(created)} is not a date") from None
    return Order(items=items, name=_text_of(row, "name"), number=_text_of(row, "number"), created=created,
                 paper=_text_of(row, "paper", empty=False), dpi=_whole(row, "dpi", *DPI_RANGE),
                 caption=_text_of(row, "caption"), status=_one_of(row, "status", STATUSES), id=int(row["id"]))


def _item(row: sqlite3.Row) -> OrderItem:
    """An OrderItem from its row (the edit's numbers from their JSON), each value checked."""
    try:
        edit = json.loads(_text_of(row, "edit"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadRow("its edit is not JSON the app writes") from None
    if not isinstance(edit, dict):
        raise BadRow("its edit is not JSON the app writes")
    crop = _numbers(edit.get("crop"), 5, "crop")
    if crop is not None and not (crop[2] > 0 and crop[3] > 0):
        raise BadRow(f"its crop {crop} has no size")
    background = _text_of(row, "background", empty=False)
    try:
        Background.parse(background)
    except (IdPhotoError, ValueError):
        raise BadRow(f"its background {shown(background)} is not a colour") from None
    return OrderItem(template_id=_text_of(row, "template_id", empty=False), background=background,
                     copies=_whole(row, "copies", 0, MAX_COPIES), source_path=_text_of(row, "source_path", none=True),
                     digest=_text_of(row, "digest", none=True), crop=crop,
                     crown=_numbers(edit.get("crown"), 2, "crown"), chin=_numbers(edit.get("chin"), 2, "chin"),
                     model_id=_text_of(row, "model_id", empty=False),
                     face_index=_whole(row, "face_index", 0, 10_000, none=True),
                     look=look_fields(look_of(edit.get("look"))))


def _text_of(row: sqlite3.Row, column: str, *, empty: bool = True, none: bool = False) -> Any:
    """A text column's value: UTF-8 text (non-empty unless `empty`; None allowed when `none`)."""
    value = row[column]
    if value is None and none:
        return None
    if not isinstance(value, str):
        raise BadRow(f"its {column} is {type(value).__name__}, not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRow(f"its {column} is not UTF-8 text") from None
    if not value and not empty:
        raise BadRow(f"its {column} is empty")
    return value


def _whole(row: sqlite3.Row, column: str, low: int, high: int, *, none: bool = False) -> Any:
    """A whole-number column's value within low..high (None allowed when `none`)."""
    value = row[column]
    if value is None and none:
        return None
    if type(value) is not int or not low <= value <= high:
        raise BadRow(f"its {column} is {shown(value)}, not a whole number {low}-{high}")
    return value


def _one_of(row: sqlite3.Row, column: str, choices: tuple[str, ...]) -> str:
    """A column whose value must be one of `choices` (a status)."""
    value = row[column]
    if value not in choices:
        raise BadRow(f"its {column} is {shown(value)}, not one of {', '.join(choices)}")
    return value


def _numbers(value: Any, n: int, what: str) -> tuple[float, ...] | None:
    """A list of n finite numbers from the edit's JSON as floats (None stays None)."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != n
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)):
        raise BadRow(f"its {what} is {shown(value)}, not {n} numbers")
    return tuple(float(v) for v in value)


def _no_constant(name: str) -> Any:
    """json.loads hook: NaN and Infinity are never written by the app."""
    raise ValueError(name)


def shown(value: Any) -> str:
    """A stored value for a log line or message: repr (control characters escaped), at most 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def text(data: bytes) -> str:
    """SQLite text as str; bytes that are not UTF-8 kept as surrogates (the row check then refuses that row
    alone, where the default decoder made the whole query fail)."""
    return data.decode("utf-8", "surrogateescape")
