"""Render a laid-out sheet to pixels at a chosen dpi (true size), with cut marks and a caption."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Literal, Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..errors import TemplateError
from .sheet_layout import SheetLayout, Slot, caption_box
from ..templates.specs import mm_to_px

log = logging.getLogger(__name__)

DEFAULT_DPI = 300
DPI_CHOICES = (254, 300, 350, 600)   # 254: studio printers (1000 px = 10 cm); 300: print shops
CutMarks = Literal["lines", "ticks", "none"]
CUT_MARK_STYLES = ("lines", "ticks", "none")
CUT_MARK_RGB = (175, 175, 175)          # light grey: visible beside a white photo background, cut away
GUIDE_MM = 0.08                      # line width; at least one pixel
TICK_MM = 4.0                        # longest corner tick
TICK_CLEAR_MM = 1.0                  # ticks stop this short of the photos
MAX_ASPECT_ERROR = 0.02              # a photo whose shape differs more from its slot is refused
CAPTION_RGB = (110, 110, 110)
# A CJK-capable font first (captions often hold Chinese names); Pillow's own font last.
CAPTION_FONTS = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),       # Debian fonts-noto-cjk (SC)
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", 2),            # Arch / Fedora
    ("C:/Windows/Fonts/msyh.ttc", 0),                                    # Microsoft YaHei
    ("C:/Windows/Fonts/simhei.ttf", 0),
    ("/System/Library/Fonts/PingFang.ttc", 0),
    ("/System/Library/Fonts/Hiragino Sans GB.ttc", 0),
)
PxRect = tuple[int, int, int, int]   # x, y, w, h


@dataclass(frozen=True)
class RenderedSheet:
    """Sheet pixels with what is needed to print or save them at true size."""

    rgb: np.ndarray                  # (H, W, 3) uint8; W, H = paper mm at `dpi`
    paper_mm: tuple[float, float]    # (width, height) as rendered
    dpi: int
    layout: SheetLayout


def slot_rect_px(slot: Slot, dpi: float) -> PxRect:
    """A slot's pixels: origin round(mm/25.4*dpi), size mm_to_px of the photo's own mm (exact size)."""
    return mm_to_px(slot.x_mm, dpi), mm_to_px(slot.y_mm, dpi), mm_to_px(slot.w_mm, dpi), mm_to_px(slot.h_mm, dpi)


def _as_rgb(photo: np.ndarray) -> np.ndarray:
    """Any uint8 grey / RGB / RGBA array as RGB (alpha composited on white)."""
    a = np.asarray(photo)
    if a.dtype != np.uint8:
        raise TemplateError(f"sheet photos must be uint8, got {a.dtype}")
    if a.ndim == 2:
        return np.dstack([a, a, a])
    if a.ndim == 3 and a.shape[2] == 4:
        alpha = a[..., 3:].astype(np.float32) / 255.0
        return (a[..., :3].astype(np.float32) * alpha + 255.0 * (1.0 - alpha) + 0.5).astype(np.uint8)
    if a.ndim == 3 and a.shape[2] == 3:
        return a
    raise TemplateError(f"sheet photos must be grey, RGB or RGBA, got shape {a.shape}")


def fit_photo(photo: np.ndarray, *, size_px: tuple[int, int], rotated: bool) -> np.ndarray:
    """The photo at exactly (w, h) px, turned a quarter counter-clockwise first when `rotated`."""
    img = _as_rgb(photo)
    if rotated:
        img = np.rot90(img, k=1)
    w, h = size_px
    ih, iw = img.shape[:2]
    if abs((iw / ih) / (w / h) - 1.0) > MAX_ASPECT_ERROR:
        raise TemplateError(f"photo is {iw}x{ih} px but its place on the sheet is {w}x{h} px: wrong size?")
    if (iw, ih) == (w, h):
        return np.ascontiguousarray(img)
    interp = cv2.INTER_AREA if iw > w else cv2.INTER_LANCZOS4
    return cv2.resize(np.ascontiguousarray(img), (w, h), interpolation=interp)


def _subtract(span: tuple[int, int], cuts: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of [a, b) not covered by any of the half-open `cuts`."""
    out, (a, b) = [], span
    for c0, c1 in sorted(cuts):
        if c1 <= a or c0 >= b:
            continue
        if c0 > a:
            out.append((a, c0))
        a = max(a, c1)
    if a < b:
        out.append((a, b))
    return out


def _edges(rects: Sequence[PxRect], t: int, axis: int, limit: int) -> list[int]:
    """Start of every t-px cut mark just outside a photo edge along one axis (0: x, 1: y)."""
    found = set()
    for r in rects:
        lo, size = r[axis], r[axis + 2]
        found.update(p for p in (lo - t, lo + size) if 0 <= p and p + t <= limit)
    return sorted(found)


def _spans(limit: int, block: tuple[int, int], style: str, tick: int, clear: int) -> list[tuple[int, int]]:
    """Where a cut mark may run along its length: the whole sheet (lines) or short ticks outside the block."""
    if style == "lines":
        return [(0, limit)]
    lo, hi = block[0] - clear, block[1] + clear
    return [s for s in ((max(0, lo - tick), lo), (hi, min(limit, hi + tick))) if s[1] > s[0]]


def cut_mark_segments(rects: Sequence[PxRect], *, size_px: tuple[int, int], dpi: float, style: CutMarks,
                   obstacles: Sequence[PxRect] = ()) -> list[PxRect]:
    """Cut-mark rectangles in pixels, each just outside a photo edge and clipped off every photo."""
    if style == "none" or not rects:
        return []
    if style not in CUT_MARK_STYLES:
        raise TemplateError(f"unknown cut-mark style {style!r}: use lines, ticks or none")
    t = max(1, mm_to_px(GUIDE_MM, dpi))
    tick, clear = mm_to_px(TICK_MM, dpi), mm_to_px(TICK_CLEAR_MM, dpi)
    blocked = list(rects) + list(obstacles)
    out: list[PxRect] = []
    for axis in (0, 1):                          # 0: vertical lines at x edges, 1: horizontal lines
        across, along = size_px[axis], size_px[1 - axis]
        block = (min(r[1 - axis] for r in rects), max(r[1 - axis] + r[3 - axis] for r in rects))
        for p in _edges(rects, t, axis, across):
            cuts = [(r[1 - axis], r[1 - axis] + r[3 - axis]) for r in blocked
                    if r[axis] < p + t and p < r[axis] + r[axis + 2]]
            for span in _spans(along, block, style, tick, clear):
                for a, b in _subtract(span, cuts):
                    out.append((p, a, t, b - a) if axis == 0 else (a, p, b - a, t))
    return out


def _caption_rect(layout: SheetLayout, dpi: float) -> PxRect | None:
    """The caption band in pixels (None when the layout leaves no room)."""
    box = caption_box(layout)
    if box is None:
        return None
    return (mm_to_px(box.x_mm, dpi), mm_to_px(box.y_mm, dpi), mm_to_px(box.w_mm, dpi), mm_to_px(box.h_mm, dpi))


def caption_font(size_px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The first installed CJK-capable font at `size_px`, else Pillow's default font."""
    for path, index in CAPTION_FONTS:
        try:
            return ImageFont.truetype(path, size_px, index=index)
        except OSError:
            continue
    log.info("sheet: no CJK font found; captions use Pillow's default font")
    return ImageFont.load_default(size=size_px)


def draw_caption(sheet: np.ndarray, rect: PxRect, text: str) -> bool:
    """Write one line of grey text inside `rect` (shortened with an ellipsis to fit); False if nothing fits."""
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        return False
    font = caption_font(max(6, int(h * 0.85)))   # CJK ascent + Latin descent stay inside the band
    strip = Image.new("RGB", (w, h), (255, 255, 255))
    draw = ImageDraw.Draw(strip)
    line = text.strip()
    while line and draw.textlength(line, font=font) > w:
        line = line[:-2].rstrip() + "…" if len(line) > 2 else ""
    if not line:
        log.info("sheet: caption does not fit in %d px", w)
        return False
    draw.text((0, h / 2), line, font=font, fill=CAPTION_RGB, anchor="lm")
    sheet[y:y + h, x:x + w] = np.asarray(strip)
    return True


def render_sheet(layout: SheetLayout, photos: Sequence[np.ndarray], *, dpi: int = DEFAULT_DPI,
                 cut_marks: CutMarks = "lines", caption: str | None = None,
                 mark_rgb: tuple[int, int, int] = CUT_MARK_RGB) -> RenderedSheet:
    """Paint every slot's photo (photos[slot.item_index]) at true size on white paper."""
    if dpi <= 0:
        raise TemplateError(f"bad dpi {dpi}")
    size = (mm_to_px(layout.paper_mm[0], dpi), mm_to_px(layout.paper_mm[1], dpi))
    sheet = np.full((size[1], size[0], 3), 255, np.uint8)
    rects, cache = [], {}
    for slot in layout.slots:
        x, y, w, h = slot_rect_px(slot, dpi)
        key = (slot.item_index, slot.rotated)
        if key not in cache:
            cache[key] = fit_photo(photos[slot.item_index], size_px=(w, h), rotated=slot.rotated)
        sheet[y:y + h, x:x + w] = cache[key][: size[1] - y, : size[0] - x]
        rects.append((x, y, w, h))
    cap = _caption_rect(layout, dpi) if caption else None
    for gx, gy, gw, gh in cut_mark_segments(rects, size_px=size, dpi=dpi, style=cut_marks,
                                         obstacles=[cap] if cap else ()):
        sheet[gy:gy + gh, gx:gx + gw] = mark_rgb
    if cap:
        draw_caption(sheet, cap, caption)
    return RenderedSheet(sheet, layout.paper_mm, int(dpi), layout)
