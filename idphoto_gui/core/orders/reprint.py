"""An order's sheet, made the same way for the first print and every reprint: each item's session is
rebuilt from its source photo (checked against its digest), rendered for print, laid out on the paper."""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Sequence

from ..analysis.cache import LruCache
from ..analysis.pipeline import analyse
from ..imaging.imageio import load_image
from ..render.compliance import Finding
from ..render.session import PhotoSession
from ..render.result import Target
from ..sheets.sheet import SheetPhoto, get_paper, make_sheet
from ..sheets.sheet_render import RenderedSheet
from .order import FILL, Order, OrderError, OrderItem, edit_of, file_digest

log = logging.getLogger(__name__)


@dataclass(frozen=True, eq=False)
class OrderSheet:
    """The rendered sheet and, per item index, the findings of severity "fail" of its print render."""

    sheet: RenderedSheet
    failures: tuple[tuple[int, Finding], ...]


NOT_KEPT, GONE, CHANGED = "not_kept", "gone", "changed"


def source_state(item: OrderItem) -> str | None:
    """NOT_KEPT (photos are not stored), GONE, CHANGED (its digest differs), or None when it is usable."""
    if not item.source_path:
        return NOT_KEPT
    if not os.path.isfile(item.source_path):
        return GONE
    if item.digest and file_digest(item.source_path) != item.digest:
        return CHANGED
    return None


def source_problem(item: OrderItem) -> str | None:
    """Why an item's photo cannot be used again (not kept, gone, changed), or None."""
    state = source_state(item)
    if state == NOT_KEPT:
        return "this order keeps only its settings (photos are not stored): open the photo again"
    if state == GONE:
        return f"the source photo {item.source_path} is gone: open it again from where it is now"
    if state == CHANGED:
        return f"the source photo {item.source_path} has changed since the order: check it before printing"
    return None


def session_for(item: OrderItem, *, cache: LruCache | None = None) -> PhotoSession:
    """The item's photo analysed again with its model and face, on its recorded edit (OrderError if the
    photo is not usable)."""
    problem = source_problem(item)
    if problem:
        raise OrderError(problem, path=item.source_path)
    analysis = analyse(load_image(item.source_path), model_id=item.model_id, face_index=item.face_index,
                       cache=cache)
    return PhotoSession(edit_of(item), analysis=analysis)


def order_sheet(order: Order, sessions: Sequence[PhotoSession], *, copies: int | None = None) -> OrderSheet:
    """Render each item by its session with the order's edit at the order's dpi and lay them out.

    `copies` overrides every item's count (a reprint of N each); FILL (0) means as many as fit.
    """
    if len(sessions) != len(order.items):
        raise ValueError("one session per order item")
    photos, failures = [], []
    for i, (item, session) in enumerate(zip(order.items, sessions)):
        same = session.template() if session.template().id == item.template_id else None
        result = session.renderer.render(edit_of(item, template=same), Target.export(order.dpi))
        t = result.template
        n = item.copies if copies is None else copies
        photos.append(SheetPhoto(result.rgb, t.width_mm, t.height_mm, None if n == FILL else max(1, int(n))))
        failures += [(i, f) for f in result.findings if f.severity == "fail"]
    sheet = make_sheet(photos=photos, paper_mm=get_paper(order.paper).size_mm, dpi=order.dpi,
                       caption=order.caption or None)
    return OrderSheet(sheet, tuple(failures))


def reprint(order: Order, *, copies: int | None = None, cache: LruCache | None = None) -> OrderSheet:
    """The order's sheet again from its source photos (OrderError if one is gone or changed)."""
    sessions = [session_for(item, cache=cache) for item in order.items]
    log.info("reprinting order %d (%d photos)", order.id, len(sessions))
    return order_sheet(order, sessions, copies=copies)
