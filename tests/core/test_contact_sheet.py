"""Contact sheet: a clerk reviews every batch output on one page, names and worst findings included."""
from __future__ import annotations

import shutil

import numpy as np
from PIL import Image

from idphoto_gui.cli import EXIT_PARTIAL, main
from idphoto_gui.core.sheets.contact_sheet import (SEVERITY_RGB, ContactEntry, render_contact_pages,
                                            save_contact_sheet)


def _near(page: np.ndarray, rgb) -> int:
    return int((np.abs(page.astype(int) - rgb).sum(axis=2) < 30).sum())


def test_fifty_photos_fit_on_one_page_with_their_status_colours(tmp_path, artifacts_dir):
    face = np.full((413, 295, 3), (67, 142, 219), np.uint8)
    entries = [ContactEntry(f"photo_{i:02d}.jpg", face, "ok") for i in range(48)]
    entries += [ContactEntry("dark.jpg", face, "warn", "Exposure 80/255"),
                ContactEntry("broken.jpg", None, "failed", "unreadable: not an image")]
    pages = render_contact_pages(entries, title="Batch · cn-1inch")
    assert len(pages) == 1
    page = pages[0]
    assert page.shape[:2] == (1754, 1240)                # A4 at 150 dpi
    assert _near(page, SEVERITY_RGB["failed"]) > 50 and _near(page, SEVERITY_RGB["warn"]) > 50
    assert _near(page, (67, 142, 219)) > 48 * 2000       # every thumbnail is there
    Image.fromarray(page).save(artifacts_dir / "contact_sheet_50.png")
    more = render_contact_pages(entries * 2)
    assert len(more) == 2                                 # 100 photos: 56 per page
    written = save_contact_sheet(entries, tmp_path / "review.pdf")
    assert written[0].read_bytes().startswith(b"%PDF")


def test_batch_writes_a_contact_sheet(capsys, tmp_path, data_dir):
    indir = tmp_path / "in"
    indir.mkdir()
    shutil.copy2(data_dir / "man_suit.jpg", indir / "man_suit.jpg")
    (indir / "corrupt.jpg").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00garbage" * 50)
    sheet = tmp_path / "review.png"
    code = main(["batch", str(indir), str(tmp_path / "out"), "-t", "cn-1inch", "-b", "blue",
                 "--contact-sheet", str(sheet)])
    assert code == EXIT_PARTIAL
    assert "contact sheet:" in capsys.readouterr().out
    page = np.asarray(Image.open(sheet).convert("RGB"))
    assert _near(page, (67, 142, 219)) > 1000            # the finished photo's blue background
    assert _near(page, SEVERITY_RGB["failed"]) > 50      # the corrupt file's red mark
