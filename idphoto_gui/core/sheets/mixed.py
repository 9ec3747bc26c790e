"""Mixed sheets from several photo sessions: each part its own template and copies, rendered at the sheet dpi.

The window's sheet composer and any other front end call `mixed_sheet`; every photo is rendered by its
own session with `Target.export(dpi)` (never from a preview), then packed by `sheet_layout`.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Sequence

from ..findings import gated
from ..render.compliance import Finding
from ..render.history import Edit
from ..templates.template import Template
from ..render.session import PhotoSession
from ..render.result import Target
from .captions import limit
from .sheet import SheetPhoto, make_sheet
from .sheet_layout import caption_box
from .sheet_render import DEFAULT_DPI, RenderedSheet

log = logging.getLogger(__name__)

CAPTION_SEPARATOR = "  ·  "


@dataclass(frozen=True, eq=False)
class SheetPart:
    """One photo on a mixed sheet: its session, the edit to render (template, background, crop) and copies."""

    session: PhotoSession
    edit: Edit
    copies: int
    name: str = ""      # the photo's name, said by the print gate with each of its problems


def edit_for_template(edit: Edit, template: Template) -> Edit:
    """The edit for another size of the same photo: same background, automatic crop unless the template is
    the same."""
    if template == edit.template:
        return edit
    return edit.but(template=template, crop=None)


def caption_text(*, name: str = "", order: str = "", date: str = "") -> str:
    """Customer name, order number and date on one line (empty parts left out; literal text, capped)."""
    return limit(CAPTION_SEPARATOR.join(p.strip() for p in (name, order, date) if p and p.strip()))


@dataclass(frozen=True, eq=False)
class ComposedSheet:
    """The rendered sheet and, per part index, the findings of severity "fail" of its export render, and
    what the print gate asks about (fails and invented shoulders, findings.gated) with the photo's name."""

    sheet: RenderedSheet
    failures: tuple[tuple[int, Finding], ...]
    asks: tuple[tuple[str, Finding], ...] = ()


def mixed_sheet(*, parts: Sequence[SheetPart], paper_mm: tuple[float, float], dpi: int = DEFAULT_DPI,
                  caption: str | None = None) -> ComposedSheet:
    """Render every part by its own session at `dpi` and lay them out on one paper (caption in the margin)."""
    photos, failures, asks = [], [], []
    for i, part in enumerate(parts):
        result = part.session.renderer.render(part.edit, Target.export(dpi))
        t = result.template
        photos.append(SheetPhoto(result.rgb, t.width_mm, t.height_mm, max(1, int(part.copies))))
        failures += [(i, f) for f in result.findings if f.severity == "fail"]
        asks += [(part.name or f"#{i + 1}", f) for f in gated(result.findings)]
    sheet = make_sheet(photos=photos, paper_mm=paper_mm, dpi=dpi, caption=caption or None)
    return ComposedSheet(sheet, tuple(failures), tuple(asks))


def caption_fits(sheet: RenderedSheet) -> bool:
    """True when the layout leaves a margin band for the caption (it is never drawn over a photo)."""
    return caption_box(sheet.layout) is not None
