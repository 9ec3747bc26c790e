"""Print-sheet layout in millimetres: shelf packing of one or several photo sizes onto one paper.

Every gap is handled by inflating each photo and the printable area by `gap_mm`, so photos placed edge
to edge in the inflated space are exactly `gap_mm` apart on paper. Rows of photos ("shelves") are packed
top-down, largest size first; each shelf may be upright or rotated, and its spare width is filled with
smaller sizes. The same packer runs on both paper orientations and transposed (columns instead of
rows); the arrangement with the most copies wins, then the fewest rotated photos, then the smallest block.
The block is centred on the sheet by default: a studio sheet looks deliberate, and the equal margins all
round leave room for a caption and cut ticks (`align="top_left"` keeps the rest of the paper in one piece).
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from itertools import product
from typing import Literal, Sequence

from ..errors import OutOfRangeError

log = logging.getLogger(__name__)

EPS = 1e-6
DEFAULT_MARGIN_MM = 3.0
DEFAULT_GAP_MM = 2.0
CAPTION_TEXT_MM = 1.8      # caption line height (about 5 pt)
CAPTION_CLEAR_MM = 0.5     # free space kept between a caption and photos / the paper edge
CAPTION_NEAR_MM = 1.2      # preferred distance from the photos when there is room
PAPER_MM_RANGE = (20, 1200)   # a business card's short side up to A0's long side
PHOTO_MM_RANGE = (5, 300)     # as templates (specs._check_ranges)
MAX_COPIES = 1000
Align = Literal["center", "top_left"]


@dataclass(frozen=True)
class SheetItem:
    """One photo size to place: `count` copies, or as many as fit when `count` is None."""

    width_mm: float
    height_mm: float
    count: int | None = None


@dataclass(frozen=True)
class Slot:
    """Where one copy goes on the sheet; w/h are as placed (swapped when `rotated`)."""

    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    rotated: bool
    item_index: int


@dataclass(frozen=True)
class Unplaced:
    """Copies of an item that did not fit (a fill item that fits not even once reports 1)."""

    item_index: int
    count: int


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in millimetres from the sheet's top-left corner."""

    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float


@dataclass(frozen=True)
class SheetLayout:
    """A laid-out sheet; `paper_mm` is (width, height) in the orientation used (landscape: width > height)."""

    paper_mm: tuple[float, float]
    landscape: bool
    slots: tuple[Slot, ...]
    unplaced: tuple[Unplaced, ...] = ()
    margin_mm: float = DEFAULT_MARGIN_MM
    gap_mm: float = DEFAULT_GAP_MM

    def block(self) -> Rect | None:
        """Bounding box of all photos (None for an empty sheet)."""
        if not self.slots:
            return None
        x0 = min(s.x_mm for s in self.slots)
        y0 = min(s.y_mm for s in self.slots)
        x1 = max(s.x_mm + s.w_mm for s in self.slots)
        y1 = max(s.y_mm + s.h_mm for s in self.slots)
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def copies(self, item_index: int) -> int:
        """How many copies of one item were placed."""
        return sum(1 for s in self.slots if s.item_index == item_index)


# ---- shelf packer (inflated coordinates, origin at the printable area's top-left) -------------------

_Place = tuple[float, float, int, bool]          # x, y, type, rotated
_Plan = tuple[tuple[float, ...], tuple[_Place, ...]]  # score, placements
_EMPTY: _Plan = ((0, 0, 0, 0.0), ())


class _RowPacker:
    """Packs shelves of photos (rows) into a strip `width` wide; memoised depth-first search."""

    def __init__(self, width: float, sizes: Sequence[tuple[float, float]], fixed: Sequence[bool],
                 orients: tuple[bool, ...] = (False, True)) -> None:
        self.width = width
        self.sizes = tuple(sizes)
        self.fixed = tuple(fixed)
        self.orients = orients
        self._memo: dict[tuple, _Plan] = {}

    def dims(self, i: int, rot: bool) -> tuple[float, float]:
        """Inflated (w, h) of type i in one orientation."""
        w, h = self.sizes[i]
        return (h, w) if rot else (w, h)

    def _fits(self, i: int, rot: bool, x: float) -> int:
        """How many of type i fit side by side from x to the strip's end."""
        return int((self.width - x + EPS) // self.dims(i, rot)[0])

    def fill_shelf(self, lead: int, rot: bool, counts: tuple[int, ...]) -> tuple[list, tuple[int, ...]]:
        """One shelf: the lead type in one orientation, spare width filled with whatever fits under it."""
        left = list(counts)
        shelf_h = self.dims(lead, rot)[1]
        placed: list[tuple[float, int, bool]] = []
        x = 0.0
        order = [(lead, (rot,))] + [(i, self.orients) for i in range(len(left)) if i != lead]
        for i, orients in order:
            best: tuple[int, bool] | None = None
            for r in orients:
                if left[i] and self.dims(i, r)[1] <= shelf_h + EPS:
                    k = min(left[i], self._fits(i, r, x))
                    if k > 0 and (best is None or k > best[0]):
                        best = (k, r)
            if best:
                for _ in range(best[0]):
                    placed.append((x, i, best[1]))
                    x += self.dims(i, best[1])[0]
                left[i] -= best[0]
        return placed, tuple(left)

    def _score(self, placed: list, shelf_h: float) -> tuple[float, ...]:
        """(fixed copies, all copies, -rotated, -height) of one shelf."""
        fixed = sum(1 for _, i, _ in placed if self.fixed[i])
        rotated = sum(1 for _, _, r in placed if r)
        return (fixed, len(placed), -rotated, -shelf_h)

    def best(self, counts: tuple[int, ...], height: float) -> _Plan:
        """The best plan for the remaining counts in the remaining height."""
        key = (counts, round(height, 6))
        if key not in self._memo:
            self._memo[key] = self._search(counts, height)
        return self._memo[key]

    def _search(self, counts: tuple[int, ...], height: float) -> _Plan:
        """Try the lead type upright and rotated as the next shelf; drop it when it fits nowhere."""
        lead = next((i for i, c in enumerate(counts) if c > 0), None)
        if lead is None:
            return _EMPTY
        options: list[_Plan] = []
        w, h = self.sizes[lead]
        for rot in self.orients if abs(w - h) > EPS else (False,):
            sw, sh = self.dims(lead, rot)
            if sw > self.width + EPS or sh > height + EPS:
                continue
            placed, rest = self.fill_shelf(lead, rot, counts)
            sub_score, sub_places = self.best(rest, height - sh)
            score = tuple(a + b for a, b in zip(self._score(placed, sh), sub_score))
            shift = [(px, py + sh, i, r) for px, py, i, r in sub_places]
            options.append((score, tuple((x, 0.0, i, r) for x, i, r in placed) + tuple(shift)))
        if not options:
            return self.best(tuple(0 if i == lead else c for i, c in enumerate(counts)), height)
        return max(options, key=lambda plan: plan[0])


# ---- public API ---------------------------------------------------------------------------------------

def _validate(paper_mm: tuple[float, float], items: Sequence[SheetItem], margin_mm: float, gap_mm: float) -> None:
    """Refuse sizes that make no geometric sense or that no printer takes (OutOfRangeError names which)."""
    lo, hi = PAPER_MM_RANGE
    values = (*paper_mm, margin_mm, gap_mm, *(v for it in items for v in (it.width_mm, it.height_mm)))
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
        raise OutOfRangeError(f"sheet sizes must be finite numbers: paper {paper_mm} mm, margin {margin_mm}, "
                              f"gap {gap_mm}", field="paper")
    if not all(lo <= v <= hi for v in paper_mm):
        raise OutOfRangeError(f"paper {paper_mm[0]:g}x{paper_mm[1]:g} mm: each side must be {lo}-{hi} mm",
                              field="paper")
    if not 0 <= margin_mm < min(paper_mm) / 2:
        raise OutOfRangeError(f"margin {margin_mm:g} mm must be 0 or more and leave room on the "
                              f"{min(paper_mm):g} mm side", field="margin")
    if not 0 <= gap_mm <= min(paper_mm):
        raise OutOfRangeError(f"gap {gap_mm:g} mm must be 0 to {min(paper_mm):g} mm", field="gap")
    for it in items:
        if not (PHOTO_MM_RANGE[0] <= min(it.width_mm, it.height_mm)
                and max(it.width_mm, it.height_mm) <= PHOTO_MM_RANGE[1]):
            raise OutOfRangeError(f"photo {it.width_mm:g}x{it.height_mm:g} mm: each side must be "
                                  f"{PHOTO_MM_RANGE[0]}-{PHOTO_MM_RANGE[1]} mm", field="photo")
        if it.count is not None and not 0 <= it.count <= MAX_COPIES:
            raise OutOfRangeError(f"copies {it.count}: must be 0-{MAX_COPIES}", field="copies")


def _candidate(paper: tuple[float, float], items: Sequence[SheetItem], order: list[int],
               margin: float, gap: float, transpose: bool,
               orients: tuple[bool, ...]) -> tuple[tuple, list[tuple[float, float, int, bool]]]:
    """Pack on one paper orientation, by rows or (transposed) by columns; real mm placements."""
    uw, uh = paper[0] - 2 * margin, paper[1] - 2 * margin
    if uw <= 0 or uh <= 0:
        return (0, 0, 0, 0.0), []
    W, H = uw + gap, uh + gap
    sizes = [(items[k].width_mm + gap, items[k].height_mm + gap) for k in order]
    fixed = [items[k].count is not None for k in order]
    counts = tuple(items[k].count if items[k].count is not None else int(W * H / (w * h)) + 1
                   for k, (w, h) in zip(order, sizes))
    if transpose:
        W, H, sizes = H, W, [(h, w) for w, h in sizes]
    score, places = _RowPacker(W, sizes, fixed, orients).best(counts, H)
    out = [((y, x) if transpose else (x, y)) + (order[i], r) for x, y, i, r in places]
    return score, out


def _slots(items: Sequence[SheetItem], places: list, origin: tuple[float, float]) -> list[Slot]:
    """Placements (mm relative to the block) as slots at `origin`."""
    out = []
    for x, y, k, rot in places:
        w, h = items[k].width_mm, items[k].height_mm
        w, h = (h, w) if rot else (w, h)
        out.append(Slot(origin[0] + x, origin[1] + y, w, h, rot, k))
    return sorted(out, key=lambda s: (round(s.y_mm, 3), s.x_mm))


def _extent(items: Sequence[SheetItem], places: list) -> tuple[float, float]:
    """(width, height) in mm of the block the placements cover."""
    bw = max((x + (items[k].height_mm if r else items[k].width_mm) for x, _, k, r in places), default=0.0)
    bh = max((y + (items[k].width_mm if r else items[k].height_mm) for _, y, k, r in places), default=0.0)
    return bw, bh


def _best_candidate(paper_mm, items, margin_mm, gap_mm, uniform):
    """Best (paper as used, placements, block size) over orientations, rows/columns and rotations."""
    order = sorted(range(len(items)), key=lambda k: (items[k].count is None,
                                                      -items[k].width_mm * items[k].height_mm, k))
    short, long_ = sorted((float(paper_mm[0]), float(paper_mm[1])))
    orient_sets = ((False,), (True,)) if uniform else ((False, True),)
    best = None
    for paper, transpose, orients in product(((short, long_), (long_, short)), (False, True), orient_sets):
        score, places = _candidate(paper, items, order, margin_mm, gap_mm, transpose, orients)
        bw, bh = _extent(items, places)
        rank = score[:3] + (-round(bw * bh, 6), paper[0] <= paper[1])
        if best is None or rank > best[0]:
            best = (rank, paper, places, (bw, bh))
    return best[1:]


def layout_sheet(*, paper_mm: tuple[float, float], items: Sequence[SheetItem],
                 margin_mm: float = DEFAULT_MARGIN_MM, gap_mm: float = DEFAULT_GAP_MM,
                 align: Align = "center", uniform: bool = True) -> SheetLayout:
    """Lay out items (fixed counts first, then fill items, largest first) with the most copies.

    By default (`uniform=True`) every photo keeps one orientation: a plain grid, straight cuts, the
    counts studios expect. `uniform=False` may mix upright and rotated rows when that fits more
    (13 one-inch photos on 4R instead of 12).
    """
    _validate(paper_mm, items, margin_mm, gap_mm)
    paper, places, (bw, bh) = _best_candidate(paper_mm, items, margin_mm, gap_mm, uniform)
    uw, uh = paper[0] - 2 * margin_mm, paper[1] - 2 * margin_mm
    off = (max(0.0, (uw - bw) / 2), max(0.0, (uh - bh) / 2)) if align == "center" else (0.0, 0.0)
    slots = tuple(_slots(items, places, (margin_mm + off[0], margin_mm + off[1])))
    unplaced = tuple(_missing(items, slots))
    if unplaced:
        log.info("sheet: did not fit %s", unplaced)
    return SheetLayout(paper, paper[0] > paper[1], slots, unplaced, margin_mm, gap_mm)


def _missing(items: Sequence[SheetItem], slots: Sequence[Slot]):
    """Unplaced entries for items short of their count (or fill items with no copy at all)."""
    for k, it in enumerate(items):
        n = sum(1 for s in slots if s.item_index == k)
        want = it.count if it.count is not None else max(1, n)
        if n < want:
            yield Unplaced(k, want - n)


def max_copies(*, paper_mm: tuple[float, float], photo_mm: tuple[float, float],
               margin_mm: float = DEFAULT_MARGIN_MM, gap_mm: float = DEFAULT_GAP_MM, uniform: bool = True) -> int:
    """How many copies of one size fit on a paper (either orientation, photos rotated if that helps)."""
    item = SheetItem(photo_mm[0], photo_mm[1], None)
    layout = layout_sheet(paper_mm=paper_mm, items=[item], margin_mm=margin_mm, gap_mm=gap_mm, uniform=uniform)
    return len(layout.slots)


def caption_box(layout: SheetLayout, *, text_mm: float = CAPTION_TEXT_MM,
                clear_mm: float = CAPTION_CLEAR_MM) -> Rect | None:
    """A one-line caption band below the photos (else above), clear of photos; None when no room."""
    block = layout.block()
    pw, ph = layout.paper_mm
    if block is None:
        return Rect(layout.margin_mm, clear_mm, pw - 2 * layout.margin_mm, text_mm)
    need = text_mm + 2 * clear_mm
    below = ph - (block.y_mm + block.h_mm)
    # close under (or over) the photos, as far from the paper edge as borderless overscan needs
    if below >= need - EPS:
        y = block.y_mm + block.h_mm + max(clear_mm, min((below - text_mm) / 2, CAPTION_NEAR_MM))
    elif block.y_mm >= need - EPS:
        y = block.y_mm - text_mm - max(clear_mm, min((block.y_mm - text_mm) / 2, CAPTION_NEAR_MM))
    else:
        log.info("sheet: no room for a caption (%.1f mm below, %.1f mm above)", below, block.y_mm)
        return None
    return Rect(block.x_mm, y, block.w_mm, text_mm)
