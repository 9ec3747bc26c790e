"""Contact sheet: every output of a batch (or the window's strip) as a thumbnail with its name and worst finding.

A clerk checks fifty photos in one look: up to 56 fit on one A4 page; red marks a failure, amber a
warning. Written as a PDF (one page per 56 photos) or, for .png/.jpg, one image per page.
"""
from __future__ import annotations

import io
import logging
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
from PIL import Image, ImageDraw

from ..imaging.files import check_destination, write_atomic
from .sheet_render import caption_font
from ..templates.template import mm_to_px
from ..render.words import person_text

log = logging.getLogger(__name__)

A4_MM = (210.0, 297.0)
MARGIN_MM = 8.0
MAX_COLUMNS, MAX_ROWS = 7, 8
TEXT_MM = 2.6          # one text line under a thumbnail
CELL_ASPECT = 1.75     # cell height / width: a 35x45 photo plus two lines of text
SEVERITY_RGB = {"ok": (46, 160, 90), "warn": (222, 150, 20), "fail": (210, 40, 40), "failed": (210, 40, 40),
                "refused": (210, 40, 40)}
FORMATS = {".pdf": "PDF", ".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}


@dataclass(frozen=True, eq=False)
class ContactEntry:
    """One photo: display name, pixels (None when it failed), worst severity and a short note."""

    name: str
    rgb: np.ndarray | None = field(repr=False)
    severity: str
    note: str = ""


def worst_note(findings: Iterable) -> tuple[str, str]:
    """(severity, English message) of the worst finding; ("ok", "") when all passed."""
    order = {"fail": 0, "warn": 1}
    bad = sorted((f for f in findings if f.severity in order), key=lambda f: order[f.severity])
    return (bad[0].severity, person_text(bad[0])) if bad else ("ok", "")


def entries_from_rows(rows: Sequence[dict]) -> list[ContactEntry]:
    """Batch report rows (cli/batch.py) -> entries, reading each output file that was written."""
    out = []
    for row in rows:
        name = Path(row.get("input", "")).name
        rgb = None
        if row.get("output"):
            try:
                with Image.open(row["output"]) as im:
                    im.thumbnail((600, 600))
                    rgb = np.asarray(im.convert("RGB"))
            except OSError as exc:
                log.warning("contact sheet: cannot read %s: %s", row["output"], exc)
        if row.get("status") in ("failed", "refused") or rgb is None:
            out.append(ContactEntry(name, rgb, "failed", str(row.get("reason", ""))))
            continue
        detail = [d for d in row.get("findings_detail", ()) if d.get("severity") in ("fail", "warn")]
        detail.sort(key=lambda d: d["severity"] != "fail")
        note = str(detail[0].get("message", detail[0].get("code", ""))) if detail else ""
        out.append(ContactEntry(name, rgb, detail[0]["severity"] if detail else "ok", note))
    return out


def _grid(n: int) -> tuple[int, int]:
    """Columns and rows per page: as large as possible, at most 7 x 8."""
    cols = min(MAX_COLUMNS, max(3, math.ceil(math.sqrt(max(n, 1) * 0.75))))
    return cols, min(MAX_ROWS, math.ceil(min(n, MAX_COLUMNS * MAX_ROWS) / cols) or 1)


def _fit(rgb: np.ndarray, box: tuple[int, int]) -> Image.Image:
    img = Image.fromarray(np.ascontiguousarray(rgb[..., :3]), "RGB")
    img.thumbnail(box, Image.Resampling.LANCZOS)
    return img


def _cell(draw: ImageDraw.ImageDraw, page: Image.Image, e: ContactEntry, box: tuple[int, int, int, int],
          line_px: int) -> None:
    x, y, w, h = box
    thumb_h = h - 2 * line_px - line_px // 2
    colour = SEVERITY_RGB.get(e.severity, SEVERITY_RGB["warn"])
    if e.rgb is not None:
        img = _fit(e.rgb, (w, thumb_h))
        page.paste(img, (x + (w - img.width) // 2, y + thumb_h - img.height))   # text right under it
    else:
        draw.rectangle((x, y, x + w - 1, y + thumb_h - 1), outline=colour, width=max(2, line_px // 6))
    font = caption_font(max(8, int(line_px * 0.8)))
    dot = line_px // 2
    ty = y + thumb_h + line_px // 4
    draw.ellipse((x, ty + dot // 2, x + dot, ty + dot // 2 + dot), fill=colour)
    for i, text in enumerate((e.name, e.note)):
        line = text
        while line and draw.textlength(line, font=font) > w - dot - 4:
            line = line[:-2] + "…" if len(line) > 2 else ""
        fill = (40, 40, 40) if i == 0 else colour
        draw.text((x + dot + 4, ty + i * line_px), line, font=font, fill=fill)


def render_contact_pages(entries: Sequence[ContactEntry], *, paper_mm: tuple[float, float] = A4_MM,
                         dpi: int = 150, title: str = "") -> list[np.ndarray]:
    """Pages of thumbnails (name and worst finding under each), as RGB arrays."""
    cols, rows = _grid(len(entries))
    per_page = cols * rows
    pw, ph = mm_to_px(paper_mm[0], dpi), mm_to_px(paper_mm[1], dpi)
    margin, line_px = mm_to_px(MARGIN_MM, dpi), mm_to_px(TEXT_MM, dpi)
    top = margin + (line_px * 2 if title else 0)
    cw = (pw - 2 * margin) // cols
    ch = min((ph - top - margin) // rows, int(cw * CELL_ASPECT))   # a few photos stay photo-shaped
    pages = []
    for start in range(0, max(len(entries), 1), per_page):
        page = Image.new("RGB", (pw, ph), (255, 255, 255))
        draw = ImageDraw.Draw(page)
        if title:
            draw.text((margin, margin), title, font=caption_font(int(line_px * 1.2)), fill=(40, 40, 40))
        for i, e in enumerate(entries[start:start + per_page]):
            r, c = divmod(i, cols)
            pad = max(2, cw // 20)
            _cell(draw, page, e, (margin + c * cw + pad, top + r * ch + pad, cw - 2 * pad, ch - 2 * pad), line_px)
        pages.append(np.asarray(page))
    return pages


def save_contact_sheet(entries: Sequence[ContactEntry], path: str | os.PathLike, *, dpi: int = 150,
                       title: str = "", source_paths: Sequence[str | os.PathLike] = ()) -> list[Path]:
    """Write the pages atomically: one PDF, or one .png/.jpg per page (`name-2.png`...); no page may replace
    any of `source_paths` (the photos it shows): checked for every page before the first is written."""
    out = Path(path)
    fmt = FORMATS.get(out.suffix.lower(), "PDF")
    pages = [Image.fromarray(p) for p in render_contact_pages(entries, dpi=dpi, title=title)]
    names = [out] if fmt == "PDF" else [page_path(out, i) for i in range(len(pages))]
    for name in names:
        for src in source_paths:
            check_destination(name, source_path=src)
    if fmt == "PDF":
        buf = io.BytesIO()
        pages[0].save(buf, "PDF", resolution=dpi, save_all=True, append_images=pages[1:], title=title or "Contact sheet")
        return [write_atomic(buf.getvalue(), out)]
    written = []
    for name, page in zip(names, pages):
        buf = io.BytesIO()
        page.save(buf, fmt, dpi=(dpi, dpi), **({"quality": 90} if fmt == "JPEG" else {}))
        written.append(write_atomic(buf.getvalue(), name))
    return written


def page_path(out: Path, index: int) -> Path:
    """The file of page `index` (0-based) of an image contact sheet: `out`, then `name-2.png` ..."""
    return out if index == 0 else out.with_name(f"{out.stem}-{index + 1}{out.suffix}")
