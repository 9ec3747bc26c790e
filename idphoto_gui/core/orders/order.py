"""An order as plain values: customer, date, paper, and per photo the source, digest, template,
background, the edit's numbers and copies. No pixels: a reprint renders again from the source."""
from __future__ import annotations

import datetime
import hashlib
import os
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IdPhotoError
from ..geometry.placement import Crop, Point
from ..render.history import Edit
from ..render.retouch.look import Look
from ..sheets.captions import CaptionError, limit, parse_caption
from ..templates.colours import Background
from ..templates.template import Template
from ..templates.specs import get_template

DRAFT, SAVED, PRINTED = "draft", "saved", "printed"
STATUSES = (DRAFT, SAVED, PRINTED)
FILL = 0   # copies: as many as fit on the paper


class OrderError(IdPhotoError):
    """An order that cannot be found or reprinted (unknown number, source photo gone or changed)."""

    code = "order"


class BookUnavailable(OrderError):
    """The order book cannot be opened or read (locked, unreadable, or damaged and not movable aside)."""

    code = "order_book"


class DamagedOrder(OrderError):
    """A stored order whose values are not what the app writes (another program's, or damaged)."""

    code = "damaged_order"


@dataclass(frozen=True)
class OrderItem:
    """One photo of an order: where it came from and everything chosen for it, as plain numbers."""

    template_id: str
    background: str                       # Background.hex: "#RRGGBB" or "original"
    copies: int = FILL
    source_path: str | None = None        # None: the studio does not store photos
    digest: str | None = None             # sha256 of the source file's bytes
    crop: tuple[float, float, float, float, float] | None = None   # cx, cy, width, height, angle_deg
    crown: Point | None = None
    chin: Point | None = None
    model_id: str = "rvm"
    face_index: int | None = None
    look: tuple[str, int, int, int, int] = ("off", 0, 0, 0, 0)   # light, brightness, contrast, warmth, retouch

    def without_photo(self) -> "OrderItem":
        """The settings only (privacy: no path, no digest)."""
        return replace(self, source_path=None, digest=None)


@dataclass(frozen=True)
class Order:
    """A customer's order; `id` is given by the book (0 until stored)."""

    items: tuple[OrderItem, ...]
    name: str = ""
    number: str = ""                      # phone or the studio's own order number
    created: str = ""                     # local ISO time, seconds ("2026-12-01T14:03:09")
    paper: str = "4r"
    dpi: int = 300
    caption: str = ""                     # as printed (fields already filled in)
    status: str = SAVED
    id: int = 0

    @property
    def date(self) -> str:
        """The day of the order (YYYY-MM-DD)."""
        return self.created[:10]

    @property
    def label(self) -> str:
        """What {order} in a caption means: the studio's number, else the book's."""
        return self.number or (f"#{self.id}" if self.id else "")

    def but(self, **changes: Any) -> "Order":
        """A copy with some fields changed."""
        return replace(self, **changes)


def now_iso() -> str:
    """Local time to the second, the form `created` uses (sorts and prefix-searches as text)."""
    return datetime.datetime.now().replace(microsecond=0).isoformat()


def file_digest(path: str | os.PathLike) -> str:
    """sha256 hex of a file's bytes: tells whether the source photo is still the one ordered."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def item_for(edit: Edit, *, source_path: str | os.PathLike | None, copies: int = FILL,
             model_id: str = "rvm", face_index: int | None = None, digest: str | None = None) -> OrderItem:
    """The order item of one photo's edit; the digest is read from the file unless given (worker thread)."""
    path = os.fspath(source_path) if source_path else None
    if path and digest is None:
        try:
            digest = file_digest(path)
        except OSError:
            digest = None
    c = edit.crop
    return OrderItem(template_id=edit.template.id, background=edit.background.hex, copies=int(copies),
                     source_path=os.path.abspath(path) if path else None, digest=digest,
                     crop=(c.cx, c.cy, c.width, c.height, c.angle_deg) if c else None,
                     crown=_point(edit.crown), chin=_point(edit.chin), model_id=model_id, face_index=face_index,
                     look=look_fields(edit.look))


def edit_of(item: OrderItem, *, template: Template | None = None) -> Edit:
    """The edit an item records (TemplateError if the template is no longer known)."""
    t = template or get_template(item.template_id)
    crop = Crop(*item.crop) if item.crop else None
    return Edit(t, Background.parse(item.background), crop, _point(item.crown), _point(item.chin),
                look=look_of(item.look))


def look_fields(look: Look) -> tuple:
    """A Look as the plain values an order keeps (the garment last, only when there is one)."""
    plain = (look.light, look.brightness, look.contrast, look.warmth, look.retouch)
    return (*plain, look.garment) if look.dressed else plain


def look_of(fields: Any) -> Look:
    """The Look an order kept (an order without one, or an unreadable one, renders as taken)."""
    try:
        light, brightness, contrast, warmth, retouch, *garment = fields
        return Look(str(light), int(brightness), int(contrast), int(warmth), int(retouch),
                    str(garment[0]) if garment else "none")
    except (TypeError, ValueError):
        return Look()


def _point(p: Any) -> Point | None:
    """(x, y) as two floats, or None."""
    return None if p is None else (float(p[0]), float(p[1]))


def fill_caption(text: str, order: Order) -> str:
    """A caption with the order's {name}, {order} and {date} filled in (its other fields kept for the sheet);
    the safe caption language of sheets/captions.py, never str.format on what a user typed."""
    if not text:
        return ""
    values = {"name": order.name, "order": order.label, "date": order.date or now_iso()[:10]}
    try:
        parts = parse_caption(text)
    except CaptionError:  # a lone "{" or an unknown field: the text as written
        return text
    return limit("".join(p.text if not p.field else values.get(p.field, "{" + p.field + "}") for p in parts))
