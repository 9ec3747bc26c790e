"""Print sheets: papers, layout arithmetic in mm, true-size rendering, cut marks, captions, files."""
from __future__ import annotations

import io
import itertools
import re
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from idphoto_gui.core.errors import ExportError, TemplateError
from idphoto_gui.core.sheets.sheet import (DPI_CHOICES, SheetItem, SheetPhoto, caption_box, encode_sheet, fit_photo,
                                    get_paper, layout_sheet, load_papers, make_sheet, max_copies,
                                    render_sheet, save_sheet, slot_rect_px)
from idphoto_gui.core.templates.specs import mm_to_px

R4 = (101.6, 152.4)  # 4x6 in exactly
A4 = (210.0, 297.0)
PT_PER_MM = 72 / 25.4


def solid(w_mm: float, h_mm: float, colour, dpi: int = 300) -> np.ndarray:
    """A one-colour photo at its exact size."""
    a = np.zeros((mm_to_px(h_mm, dpi), mm_to_px(w_mm, dpi), 3), np.uint8)
    a[:] = colour
    return a


def components(rgb: np.ndarray, colour) -> list[tuple[int, int, int, int, int]]:
    """(x, y, w, h, area) of every connected region of exactly `colour`."""
    mask = np.all(rgb == np.array(colour, np.uint8), axis=2).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    return [tuple(int(v) for v in stats[i]) for i in range(1, n)]


def media_box(pdf: bytes) -> tuple[float, float]:
    """Width and height in points of the (single) page."""
    m = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf)
    assert m, "no MediaBox"
    x0, y0, x1, y1 = (float(v) for v in m.groups())
    return x1 - x0, y1 - y0


# ---- papers ------------------------------------------------------------------------------------------

def test_papers_have_both_names_and_sizes():
    papers = load_papers()
    assert {"3r", "4r", "10x15", "5r", "a4", "a5", "letter"} <= set(papers)
    assert papers["3r"].size_mm == (88.9, 127) and papers["4r"].size_mm == (101.6, 152.4)  # 4x6 in exactly
    assert papers["10x15"].size_mm == (100, 150)  # metric 10x15 cm is its own paper, not 4R
    assert papers["5r"].size_mm == (127, 177.8) and papers["letter"].size_mm == (215.9, 279.4)
    for p in papers.values():
        assert p.name_en and p.name_zh and p.width_mm <= p.height_mm
    assert "6" in papers["4r"].name_en and "6寸" in papers["4r"].name_zh


def test_get_paper_by_id_alias_and_custom_size():
    assert get_paper("4R").id == "4r"
    assert get_paper("6寸").id == "4r"
    assert get_paper("5inch").id == "3r"
    custom = get_paper("150x100mm")
    assert custom.size_mm == (100, 150)
    assert get_paper("89 x 127").size_mm == (89, 127)
    with pytest.raises(TemplateError):
        get_paper("tabloid")


# ---- layout arithmetic -------------------------------------------------------------------------------

@pytest.mark.parametrize("photo, grid, best", [
    ((35, 45), 8, 8),          # ICAO on 6-inch
    ((25, 35), 12, 13),        # 1-inch: 12 in a grid, 13 with one upright row over two rotated rows
    ((35, 49), 4, 6),          # 2-inch: 4 in a grid, 6 with a row of 4 over 2 rotated
    ((50.8, 50.8), 2, 2),      # US 2x2 in
])
def test_copies_on_4r_with_default_margin_and_gap(photo, grid, best):
    assert max_copies(paper_mm=R4, photo_mm=photo) == grid
    assert max_copies(paper_mm=R4, photo_mm=photo, uniform=False) == best


@pytest.mark.parametrize("photo, count", [((25, 35), 50), ((35, 45), 30), ((35, 49), 28), ((50.8, 50.8), 15)])
def test_a4_grid_counts_match_the_reference_table(photo, count):
    assert max_copies(paper_mm=A4, photo_mm=photo, uniform=True) == count


def test_tight_and_wide_spacing_change_the_count():
    assert max_copies(paper_mm=R4, photo_mm=(25, 35), margin_mm=0, gap_mm=0, uniform=True) == 16
    assert max_copies(paper_mm=R4, photo_mm=(35, 45), margin_mm=5, gap_mm=3, uniform=True) == 6


def test_mixed_4r_two_icao_and_eight_one_inch_fit():
    layout = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45, 2), SheetItem(25, 35, 8)])
    assert layout.unplaced == ()
    assert (layout.copies(0), layout.copies(1)) == (2, 8)
    assert_valid(layout, [SheetItem(35, 45, 2), SheetItem(25, 35, 8)])


def test_mixed_sheet_fills_the_rest_and_two_people_share_a_sheet():
    items = [SheetItem(35, 49, 2), SheetItem(25, 35, None)]
    layout = layout_sheet(paper_mm=R4, items=items)
    assert layout.copies(0) == 2 and layout.copies(1) >= 6 and layout.unplaced == ()
    people = [SheetItem(35, 45, 4), SheetItem(35, 45, 4)]
    assert [layout_sheet(paper_mm=R4, items=people).copies(i) for i in (0, 1)] == [4, 4]


def test_what_does_not_fit_is_reported():
    layout = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45, 20)])
    assert len(layout.slots) == 8 and [(u.item_index, u.count) for u in layout.unplaced] == [(0, 12)]
    huge = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45, 1), SheetItem(200, 300, None)])
    assert [(u.item_index, u.count) for u in huge.unplaced] == [(1, 1)]


def assert_valid(layout, items, tol=1e-6):
    """Slots match their item's size, stay inside the margins and keep the gap between each other."""
    pw, ph = layout.paper_mm
    m, g = layout.margin_mm, layout.gap_mm
    for s in layout.slots:
        it = items[s.item_index]
        assert (s.w_mm, s.h_mm) == ((it.height_mm, it.width_mm) if s.rotated else (it.width_mm, it.height_mm))
        assert s.x_mm >= m - tol and s.y_mm >= m - tol
        assert s.x_mm + s.w_mm <= pw - m + tol and s.y_mm + s.h_mm <= ph - m + tol
    for a, b in itertools.combinations(layout.slots, 2):
        apart_x = a.x_mm + a.w_mm + g <= b.x_mm + tol or b.x_mm + b.w_mm + g <= a.x_mm + tol
        apart_y = a.y_mm + a.h_mm + g <= b.y_mm + tol or b.y_mm + b.h_mm + g <= a.y_mm + tol
        assert apart_x or apart_y, (a, b)


@pytest.mark.parametrize("paper", [(89, 127), R4, (127, 178), A4, (148, 210), (215.9, 279.4)])
@pytest.mark.parametrize("spacing", [(3, 2), (0, 0), (5, 3)])
def test_slots_never_overlap_and_stay_inside_margins(paper, spacing):
    for items in ([SheetItem(25, 35)], [SheetItem(35, 45, 2), SheetItem(25, 35)],
                  [SheetItem(50.8, 50.8, 1), SheetItem(33, 48, 3), SheetItem(22, 32)], [SheetItem(35, 45, 5)]):
        layout = layout_sheet(paper_mm=paper, items=items, margin_mm=spacing[0], gap_mm=spacing[1])
        assert layout.landscape == (layout.paper_mm[0] > layout.paper_mm[1])
        assert sorted(layout.paper_mm) == sorted(paper)
        assert_valid(layout, items)


def test_fewer_copies_are_compact_and_centred_or_top_left():
    centred = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45, 3)])
    block = centred.block()
    assert len(centred.slots) == 3
    assert block.x_mm + block.w_mm / 2 == pytest.approx(centred.paper_mm[0] / 2)
    assert block.y_mm + block.h_mm / 2 == pytest.approx(centred.paper_mm[1] / 2)
    assert block.w_mm * block.h_mm <= 3 * 37 * 47 + 1
    corner = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45, 3)], align="top_left").block()
    assert (corner.x_mm, corner.y_mm) == (3.0, 3.0)


def test_caption_box_is_clear_of_photos_or_absent():
    layout = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45)])
    box = caption_box(layout)
    block = layout.block()
    assert box is not None and box.y_mm >= block.y_mm + block.h_mm + 0.5 - 1e-9
    assert box.y_mm + box.h_mm <= layout.paper_mm[1] - 0.5 + 1e-9
    full = layout_sheet(paper_mm=(35, 45), items=[SheetItem(35, 45)], margin_mm=0)
    assert caption_box(full) is None


def test_bad_geometry_raises_typed_errors():
    with pytest.raises(TemplateError):
        layout_sheet(paper_mm=R4, items=[SheetItem(-1, 45)])
    with pytest.raises(TemplateError):
        layout_sheet(paper_mm=R4, items=[SheetItem(35, 45)], gap_mm=-1)


# ---- rendering ---------------------------------------------------------------------------------------

COLOURS = [(200, 30, 30), (30, 160, 60), (40, 60, 210)]


@pytest.mark.parametrize("dpi", DPI_CHOICES)
def test_sheet_and_every_photo_have_exact_pixel_sizes(dpi):
    items = [SheetItem(35, 45, 2), SheetItem(25, 35, 8)]
    layout = layout_sheet(paper_mm=R4, items=items)
    photos = [solid(35, 45, COLOURS[0], 300), solid(25, 35, COLOURS[1], 300)]   # resampled to dpi
    sheet = render_sheet(layout, photos, dpi=dpi, cut_marks="lines")
    h, w = sheet.rgb.shape[:2]
    assert (w, h) == (mm_to_px(layout.paper_mm[0], dpi), mm_to_px(layout.paper_mm[1], dpi))
    for k, it in enumerate(items):
        found = components(sheet.rgb, COLOURS[k])
        assert len(found) == layout.copies(k)
        for x, y, cw, ch, area in found:
            size = {(mm_to_px(it.width_mm, dpi), mm_to_px(it.height_mm, dpi)),
                    (mm_to_px(it.height_mm, dpi), mm_to_px(it.width_mm, dpi))}
            assert (cw, ch) in size and area == cw * ch     # solid: no cut-mark pixel on the photo
    for s in layout.slots:
        x, y, _, _ = slot_rect_px(s, dpi)
        assert (x, y) == (round(s.x_mm / 25.4 * dpi), round(s.y_mm / 25.4 * dpi))


@pytest.mark.parametrize("marks", ["lines", "ticks", "none"])
@pytest.mark.parametrize("gap", [2.0, 0.0])
def test_cut_marks_never_cover_a_photo_pixel(marks, gap):
    items = [SheetItem(35, 49, 2), SheetItem(25, 35)]
    layout = layout_sheet(paper_mm=R4, items=items, gap_mm=gap)
    photos = [solid(35, 49, COLOURS[0]), solid(25, 35, COLOURS[1])]
    sheet = render_sheet(layout, photos, dpi=300, cut_marks=marks, caption="Test 35x49 · 2025-01-01")
    for s in layout.slots:
        x, y, w, h = slot_rect_px(s, 300)
        area = sheet.rgb[y:y + h, x:x + w]
        if gap:
            assert np.all(area == COLOURS[s.item_index])
        else:   # edge to edge, rounding may let a neighbour share one pixel column; never a cut mark
            assert np.all(np.all(area == COLOURS[0], axis=2) | np.all(area == COLOURS[1], axis=2))
    rest = sheet.rgb.copy()
    box = caption_box(layout)
    if box:                                             # anti-aliased caption text may hit the grey value
        rest[mm_to_px(box.y_mm, 300):mm_to_px(box.y_mm + box.h_mm, 300) + 1] = 255
    grey = np.all(rest == 175, axis=2).sum()
    assert (grey > 0) == (marks != "none")


def test_rotated_photos_turn_a_quarter_counter_clockwise():
    photo = solid(25, 35, (0, 0, 255))
    photo[:30] = (255, 255, 0)                         # a yellow band on top
    out = fit_photo(photo, size_px=(mm_to_px(35, 300), mm_to_px(25, 300)), rotated=True)
    assert out.shape[:2] == (mm_to_px(25, 300), mm_to_px(35, 300))
    assert np.all(out[:, :25] == (255, 255, 0)) and np.all(out[:, -5:] == (0, 0, 255))
    with pytest.raises(TemplateError):
        fit_photo(solid(25, 35, (0, 0, 0)), size_px=(413, 531), rotated=False)


def test_caption_is_written_in_the_margin():
    layout = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45)])
    sheet = render_sheet(layout, [solid(35, 45, COLOURS[2])], caption="张三 Zhang San · 2025-01-31", cut_marks="none")
    box = caption_box(layout)
    y0, y1 = mm_to_px(box.y_mm, 300), mm_to_px(box.y_mm + box.h_mm, 300)
    band = sheet.rgb[y0:y1]
    assert (band < 200).any()
    blank = sheet.rgb.copy()
    blank[y0:y1] = 255
    plain = render_sheet(layout, [solid(35, 45, COLOURS[2])], cut_marks="none").rgb
    assert np.array_equal(blank, plain)                  # nothing else changed


# ---- files -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["4r", "3r", "a4", "letter"])
def test_pdf_page_is_exactly_the_paper(paper, tmp_path):
    p = get_paper(paper)
    layout = layout_sheet(paper_mm=p.size_mm, items=[SheetItem(35, 45)])
    sheet = render_sheet(layout, [solid(35, 45, COLOURS[0])], dpi=300)
    out = save_sheet(sheet, tmp_path / "sheet.pdf")
    w, h = media_box(out.read_bytes())
    assert w == pytest.approx(layout.paper_mm[0] * PT_PER_MM, abs=1e-3)
    assert h == pytest.approx(layout.paper_mm[1] * PT_PER_MM, abs=1e-3)


@pytest.mark.parametrize("suffix", [".jpg", ".png"])
def test_images_carry_the_dpi(suffix, tmp_path):
    layout = layout_sheet(paper_mm=R4, items=[SheetItem(35, 45)])
    sheet = render_sheet(layout, [solid(35, 45, COLOURS[0])], dpi=254)
    out = save_sheet(sheet, tmp_path / f"sheet{suffix}")
    with Image.open(out) as im:
        assert im.size == (mm_to_px(R4[1], 254), mm_to_px(R4[0], 254))
        assert tuple(round(v) for v in im.info["dpi"]) == (254, 254)


def test_save_is_atomic_and_never_over_an_input(tmp_path):
    src = tmp_path / "in.png"
    Image.fromarray(solid(35, 45, COLOURS[0])).save(src)
    sheet = make_sheet(photos=[SheetPhoto(np.asarray(Image.open(src)), 35, 45)], paper_mm=R4)
    with pytest.raises(ExportError):
        save_sheet(sheet, src, source_paths=[src])
    with pytest.raises(ExportError):
        save_sheet(sheet, tmp_path / "sheet.tiff")
    save_sheet(sheet, tmp_path / "ok.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.png", "ok.png"]   # no temporary left
    assert encode_sheet(sheet, fmt="PDF").startswith(b"%PDF")


def _portrait_crop(rgb: np.ndarray, w_mm: float, h_mm: float) -> np.ndarray:
    """A centred crop of a test photograph with the photo's aspect (stands in for a finished photo)."""
    h, w = rgb.shape[:2]
    cw = min(w, int(h * w_mm / h_mm))
    ch = int(cw * h_mm / w_mm)
    x0 = (w - cw) // 2
    return np.ascontiguousarray(rgb[:ch, x0:x0 + cw])


def test_artifact_4r_studio_sheet(data_dir, artifacts_dir):
    """Two people on one 6-inch sheet (2 x 35x45 + 1-inch fill), saved for a person to look at."""
    a = np.asarray(Image.open(data_dir / "woman_white_wall.jpg").convert("RGB"))
    b = np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB"))
    photos = [SheetPhoto(_portrait_crop(a, 35, 45), 35, 45, 2), SheetPhoto(_portrait_crop(b, 25, 35), 25, 35)]
    sheet = make_sheet(photos=photos, paper_mm=R4, caption="张三 Zhang San · 李四 Li Si · 2025-01-31")
    assert sheet.layout.unplaced == () and sheet.layout.copies(1) >= 6
    for name in ("sheet_4r_mixed.png", "sheet_4r_mixed.pdf"):
        out = save_sheet(sheet, artifacts_dir / name)
        shutil.copyfile(out, Path("/tmp") / name)
    single = make_sheet(photos=[SheetPhoto(_portrait_crop(a, 35, 45), 35, 45)], paper_mm=R4,
                        caption="ICAO 35x45 mm · 2025-01-31", cut_marks="ticks")
    out = save_sheet(single, artifacts_dir / "sheet_4r_icao_ticks.png")
    shutil.copyfile(out, Path("/tmp") / out.name)
    with Image.open(io.BytesIO(out.read_bytes())) as im:
        assert im.size == (1800, 1200)


def _gradient(w_mm: float, h_mm: float, dpi: int) -> np.ndarray:
    """A photo stand-in whose every pixel differs, so a shifted or resampled cell shows."""
    h, w = mm_to_px(h_mm, dpi), mm_to_px(w_mm, dpi)
    y, x = np.mgrid[0:h, 0:w]
    return np.dstack([x * 255 // max(w - 1, 1), y * 255 // max(h - 1, 1), (x + y) % 256]).astype(np.uint8)


def test_mixed_sheet_with_cut_marks_and_caption_matches_its_golden_image():
    from golden import assert_golden

    from idphoto_gui.core.sheets.sheet import make_sheet

    dpi = 100
    sheet = make_sheet(photos=[SheetPhoto(_gradient(25, 35, dpi), 25, 35, 4),
                               SheetPhoto(_gradient(35, 49, dpi), 35, 49, 2)],
                       paper_mm=(101.6, 152.4), dpi=dpi, cut_marks="ticks", caption="Order 1024 · 王芳 · 2026-11-30")
    assert_golden(sheet.rgb, "sheet_4x6in_mixed_ticks_caption")
