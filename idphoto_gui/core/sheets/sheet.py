"""Print sheets: papers (resources/papers.json), one-call layout + render, and saving JPEG/PNG/PDF.

Layout lives in `sheet_layout` (millimetres only), pixels in `sheet_render`; this module is the front door.
"""
from __future__ import annotations

import io
import json
import logging
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import numpy as np
from PIL import Image

from ..errors import OutOfRangeError, TemplateError, UnsupportedOutputError
from ..imaging.export import DPI_RANGE, check_pixel_budget
from ..imaging.files import check_destination, write_atomic
from ..paths import resources_dir
from .sheet_layout import (DEFAULT_GAP_MM, DEFAULT_MARGIN_MM, Align, Rect, SheetItem, SheetLayout, Slot,
                           Unplaced, caption_box, layout_sheet, max_copies)
from .sheet_render import (DEFAULT_DPI, DPI_CHOICES, CUT_MARK_STYLES, CutMarks, RenderedSheet, fit_photo,
                           cut_mark_segments, render_sheet, slot_rect_px)

__all__ = [
    "Paper", "SheetPhoto", "load_papers", "get_paper", "parse_size_mm", "make_sheet", "encode_sheet",
    "save_sheet", "SHEET_FORMATS", "SheetItem", "SheetLayout", "Slot", "Unplaced", "Rect", "Align",
    "layout_sheet", "max_copies", "caption_box", "RenderedSheet", "render_sheet", "fit_photo",
    "cut_mark_segments", "slot_rect_px", "CutMarks", "CUT_MARK_STYLES", "DPI_CHOICES", "DEFAULT_DPI",
    "DEFAULT_MARGIN_MM", "DEFAULT_GAP_MM",
]

log = logging.getLogger(__name__)

SHEET_FORMATS = {".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG", ".pdf": "PDF"}
JPEG_QUALITY = 95
_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Paper:
    """A print paper, stored portrait (width <= height) in mm, with Chinese and English names."""

    id: str
    name_en: str
    name_zh: str
    width_mm: float
    height_mm: float
    aliases: tuple[str, ...] = ()

    @property
    def size_mm(self) -> tuple[float, float]:
        """(width, height) portrait."""
        return (self.width_mm, self.height_mm)


@dataclass(frozen=True, eq=False)
class SheetPhoto:
    """One finished photo for a mixed sheet: its pixels, its print size, and how many copies (None: fill)."""

    rgb: np.ndarray = field(repr=False)
    width_mm: float
    height_mm: float
    count: int | None = None


def sheet_photo(result: Any, copies: int | None = None) -> SheetPhoto:
    """A rendered photo (session PhotoResult, rendered at the sheet's dpi) as a cell at its print size."""
    t = result.template
    return SheetPhoto(result.rgb, t.width_mm, t.height_mm, copies)


def one_photo_sheet(result: Any, *, paper: str, copies: int | None = None) -> RenderedSheet:
    """The sheet of one photo (a render at the sheet's dpi): `copies` of it, or as many as fit; the window's
    and the kiosk's one-photo print."""
    return make_sheet(photos=[sheet_photo(result, copies)], paper_mm=get_paper(paper).size_mm, dpi=result.dpi)


@dataclass(frozen=True)
class PhotoSize:
    """What the sheet needs from a template: print size, name for the caption, and (if any) the template."""

    width_mm: float
    height_mm: float
    label: str
    template: object | None = None


def resolve_size(template_arg: str, *, ready: bool) -> PhotoSize:
    """A template by id, or (for --ready photos) a bare WxHmm size; raises TemplateError."""
    from ..errors import OutOfRangeError
    from .sheet_layout import PHOTO_MM_RANGE
    from ..templates.specs import get_template

    size = parse_size_mm(template_arg) if ready else None
    if size:
        lo, hi = PHOTO_MM_RANGE
        if not all(lo <= v <= hi for v in size):
            raise OutOfRangeError(f"photo size {template_arg}: each side must be {lo}-{hi} mm", field="photo")
        return PhotoSize(size[0], size[1], f"{size[0]:g}x{size[1]:g} mm")
    t = get_template(template_arg)
    return PhotoSize(t.width_mm, t.height_mm, t.name_en, t)


def split_copies(total: int, people: int) -> list[int]:
    """`total` copies shared as evenly as possible, the first people getting any remainder."""
    return [total // people + (1 if i < total % people else 0) for i in range(people)]


def parse_size_mm(text: str) -> tuple[float, float] | None:
    """"102x152mm" / "102x152" / "102×152" -> (102.0, 152.0); None if it is not a size."""
    m = _SIZE_RE.match(text or "")
    if not m:
        return None
    w, h = float(m.group(1)), float(m.group(2))
    return (w, h) if w > 0 and h > 0 else None


@lru_cache(maxsize=4)
def load_papers(path: str | None = None) -> dict[str, Paper]:
    """Papers by id from resources/papers.json (or `path`); a broken entry raises TemplateError."""
    file = Path(path) if path else resources_dir() / "papers.json"
    try:
        entries = json.loads(file.read_text(encoding="utf-8"))["papers"]
        papers = {}
        for e in entries:
            w, h = sorted((float(e["width_mm"]), float(e["height_mm"])))
            papers[e["id"]] = Paper(e["id"], e["name_en"], e["name_zh"], w, h, tuple(e.get("aliases", ())))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise TemplateError(f"cannot read papers from {file}: {exc}", path=str(file)) from exc
    return papers


def get_paper(spec: str) -> Paper:
    """A paper by id or alias (case-insensitive), or a custom "WxHmm" size."""
    key = spec.strip().lower()
    for paper in load_papers().values():
        if key == paper.id or key in (a.lower() for a in paper.aliases):
            return paper
    size = parse_size_mm(key)
    if size:
        w, h = sorted(size)
        name = f"{size[0]:g}x{size[1]:g}mm"
        return Paper("custom", name, name, w, h)
    known = ", ".join(load_papers())
    raise TemplateError(f"unknown paper {spec!r}: use one of {known} or a size like 102x152mm")


def make_sheet(*, photos: Sequence[SheetPhoto], paper_mm: tuple[float, float], dpi: int = DEFAULT_DPI,
               margin_mm: float = DEFAULT_MARGIN_MM, gap_mm: float = DEFAULT_GAP_MM,
               cut_marks: CutMarks = "lines", caption: str | None = None, align: Align = "center",
               uniform: bool = True) -> RenderedSheet:
    """Lay out and render finished photos in one call (see layout_sheet and render_sheet)."""
    items = [SheetItem(p.width_mm, p.height_mm, p.count) for p in photos]
    if not 0 < dpi <= DPI_RANGE[1]:
        raise OutOfRangeError(f"sheet dpi {dpi}: must be up to {DPI_RANGE[1]}", field="dpi")
    check_pixel_budget(paper_mm[0] / 25.4 * dpi, paper_mm[1] / 25.4 * dpi, what="the sheet")
    layout = layout_sheet(paper_mm=paper_mm, items=items, margin_mm=margin_mm, gap_mm=gap_mm,
                          align=align, uniform=uniform)
    from .captions import limit

    return render_sheet(layout, [p.rgb for p in photos], dpi=dpi, cut_marks=cut_marks,
                        caption=limit(caption) if caption else None)


def sheet_format(path: str | os.PathLike) -> str:
    """"JPEG", "PNG" or "PDF" from the file suffix (ExportError otherwise)."""
    suffix = Path(path).suffix.lower()
    if suffix not in SHEET_FORMATS:
        raise UnsupportedOutputError(f"unsupported sheet file type {suffix or '(none)'!r}: use .jpg, .png or "
                                     ".pdf", path=str(path))
    return SHEET_FORMATS[suffix]


def encode_sheet(sheet: RenderedSheet, *, fmt: str, quality: int = JPEG_QUALITY) -> bytes:
    """File bytes with the dpi recorded; a PDF page is exactly the paper (mm / 25.4 * 72 pt)."""
    img = Image.fromarray(np.ascontiguousarray(sheet.rgb), "RGB")
    buf = io.BytesIO()
    if fmt == "JPEG":
        img.save(buf, "JPEG", quality=quality, subsampling=0, dpi=(sheet.dpi, sheet.dpi))
    elif fmt == "PNG":
        img.save(buf, "PNG", dpi=(sheet.dpi, sheet.dpi))
    elif fmt == "PDF":
        # pixels were rounded to whole numbers; per-axis resolution makes the page the exact paper size
        xdpi = img.width / (sheet.paper_mm[0] / 25.4)
        ydpi = img.height / (sheet.paper_mm[1] / 25.4)
        img.save(buf, "PDF", dpi=(xdpi, ydpi), quality=quality, subsampling=0, title="ID photo sheet")
    else:
        raise UnsupportedOutputError(f"unsupported sheet format {fmt!r}")
    return buf.getvalue()


def save_sheet(sheet: RenderedSheet, path: str | os.PathLike, *, quality: int = JPEG_QUALITY,
               source_paths: Sequence[str | os.PathLike] = ()) -> Path:
    """Write a sheet atomically as .jpg/.png/.pdf, refusing to overwrite any of `source_paths`."""
    for src in source_paths:
        check_destination(path, source_path=src)
    out = write_atomic(encode_sheet(sheet, fmt=sheet_format(path), quality=quality), path)
    log.info("sheet: wrote %s (%dx%d px at %d dpi)", out, sheet.rgb.shape[1], sheet.rgb.shape[0], sheet.dpi)
    return out
