"""No output of `batch` (report, contact sheet, any page of it) and no contact sheet from the window's strip
may replace a photo: once `--contact-sheet` named an input photo, it was overwritten after the whole batch."""
from __future__ import annotations

import shutil

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_OUTPUT, main
from idphoto_gui.core.errors import OverwriteSourceError
from idphoto_gui.core.sheets.contact_sheet import ContactEntry, save_contact_sheet


@pytest.fixture
def indir(tmp_path, data_dir):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(data_dir / "man_suit.jpg", folder / "zhang.jpg")
    return folder


@pytest.mark.parametrize("option", ["--contact-sheet", "--report"])
def test_batch_refuses_to_write_a_review_file_over_an_input_photo(capsys, indir, tmp_path, option):
    photo = indir / "zhang.jpg"
    before = photo.read_bytes()
    code = main(["batch", str(indir), str(tmp_path / "out"), "-t", "cn-1inch", option, str(photo)])
    err = capsys.readouterr().err
    assert code == EXIT_OUTPUT and f"would replace the photo {photo}: choose another file name" in err
    assert photo.read_bytes() == before
    assert not list((tmp_path / "out").iterdir())      # refused before any photo was made


def test_no_page_of_an_image_contact_sheet_replaces_a_photo(tmp_path, data_dir):
    face = np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB").resize((120, 160)))
    entries = [ContactEntry(f"p{i}.jpg", face, "ok") for i in range(60)]   # two pages: review.png, review-2.png
    photo = tmp_path / "review-2.png"
    shutil.copy(data_dir / "child.png", photo)
    before = photo.read_bytes()
    with pytest.raises(OverwriteSourceError):
        save_contact_sheet(entries, tmp_path / "review.png", source_paths=[photo])
    assert photo.read_bytes() == before and not (tmp_path / "review.png").exists()   # checked before page one
    written = save_contact_sheet(entries, tmp_path / "review.png", source_paths=[tmp_path / "other.jpg"])
    assert [p.name for p in written] == ["review.png", "review-2.png"]
