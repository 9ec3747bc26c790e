"""An order made and printed in one process, then listed and reprinted by `idphoto orders` / `idphoto reprint`
in new processes: the reprint's pixels equal the first print's; a moved photo is said to be gone."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.orders import Order, OrderBook, item_for
from idphoto_gui.core.orders.order import PRINTED, fill_caption
from idphoto_gui.core.orders.reprint import order_sheet
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.sheets.sheet import save_sheet
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template

ROOT = Path(__file__).resolve().parents[2]


def _cli(settings: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "IDPHOTO_SETTINGS_DIR": str(settings), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "idphoto_gui.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def printed(tmp_path_factory, data_dir):
    """A customer's order: the photo edited by hand (moved crop, red), printed 4 copies on 4R, recorded."""
    tmp = tmp_path_factory.mktemp("orders")
    photo = tmp / "zhang.jpg"
    shutil.copy(data_dir / "man_suit.jpg", photo)
    session = PhotoSession.for_template(analyse(load_image(photo)), get_template("cn-1inch"))
    session.set_background(Background.parse("red"))
    session.history.push(session.edit.but(crop=session.crop().moved(6.0, -4.0).zoomed(1.03)))
    draft = Order(items=(item_for(session.edit, source_path=photo, copies=4),), name="张三", number="13800138000",
                  status=PRINTED)
    book = OrderBook(tmp / "settings" / "orders.db")
    order = book.add(draft)
    order = book.update(order.but(caption=fill_caption("{name}  {order}  {date}", order)))
    first = order_sheet(order, [session])
    save_sheet(first.sheet, tmp / "first.png")
    return tmp, photo, order


def test_orders_lists_and_searches_in_a_new_process(printed):
    tmp, photo, order = printed
    run = _cli(tmp / "settings", "orders", "--search", "138001", "--json")
    assert run.returncode == 0, run.stderr
    (got,) = json.loads(run.stdout)
    assert got["id"] == order.id and got["name"] == "张三" and got["status"] == "printed"
    assert got["items"][0]["template"] == "cn-1inch" and got["items"][0]["background"] == order.items[0].background
    assert order.items[0].background != get_template("cn-1inch").default_background
    assert got["items"][0]["source_path"] == str(photo) and got["items"][0]["copies"] == 4
    table = _cli(tmp / "settings", "orders")
    assert f"#{order.id}" in table.stdout and "张三" in table.stdout and "cn-1inch x4" in table.stdout
    assert _cli(tmp / "settings", "orders", "--search", "nobody").stdout == ""


def test_orders_without_a_book_creates_nothing(tmp_path):
    run = _cli(tmp_path, "orders", "--json")
    assert run.returncode == 0 and json.loads(run.stdout) == [] and list(tmp_path.iterdir()) == []


def test_reprint_equals_the_first_print(printed):
    tmp, photo, order = printed
    run = _cli(tmp / "settings", "reprint", str(order.id), "-o", str(tmp / "again.png"))
    assert run.returncode == 0, run.stderr
    first = np.asarray(Image.open(tmp / "first.png").convert("RGB"))
    again = np.asarray(Image.open(tmp / "again.png").convert("RGB"))
    assert first.shape == again.shape == (1800, 1200, 3)
    assert np.array_equal(first, again)


def test_reprint_more_copies_to_a_true_size_pdf(printed):
    tmp, photo, order = printed
    run = _cli(tmp / "settings", "reprint", f"#{order.id}", "--copies", "8", "-o", str(tmp / "more.pdf"))
    assert run.returncode == 0, run.stderr
    assert "8 photos" in run.stdout
    m = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", (tmp / "more.pdf").read_bytes())
    assert sorted(float(v) for v in m.groups()) == pytest.approx([4 * 72, 6 * 72], abs=1.5)


def test_reprint_says_when_the_photo_is_gone_or_unknown(printed):
    tmp, photo, order = printed
    moved = photo.with_name("moved.jpg")
    photo.rename(moved)
    try:
        run = _cli(tmp / "settings", "reprint", str(order.id), "-o", str(tmp / "x.png"))
    finally:
        moved.rename(photo)
    assert run.returncode == 4 and "is gone" in run.stderr and "Traceback" not in run.stderr
    assert not (tmp / "x.png").exists()
    unknown = _cli(tmp / "settings", "reprint", "999", "-o", str(tmp / "x.png"))
    assert unknown.returncode == 2 and "no order 999" in unknown.stderr


def test_sheet_caption_takes_the_customer_name_and_order(tmp_path):
    import argparse

    from idphoto_gui.cli.sheet import caption_text
    from idphoto_gui.core.sheets.sheet import resolve_size

    size = resolve_size("cn-1inch", ready=False)
    args = argparse.Namespace(caption="{name} {order} {date}", inputs=["a/IMG_001.jpg"], name="张三", order="A-7")
    assert caption_text(args, size).startswith("张三 A-7 20")
    args = argparse.Namespace(caption="{name}|{order}", inputs=["a/IMG_001.jpg"], name=None, order="")
    assert caption_text(args, size) == "IMG_001|"


def test_a_damaged_order_book_is_one_note_kept_aside(tmp_path):
    settings = tmp_path / "settings"
    settings.mkdir()
    damaged = os.urandom(8192)
    (settings / "orders.db").write_bytes(damaged)
    done = _cli(settings, "orders")
    lines = done.stderr.splitlines()      # "no orders yet" is said on stderr too
    assert done.returncode == 0 and lines[1:] == ["no orders yet"], lines
    assert lines[0].startswith("note: The order book") and "orders.db.bad-" in lines[0], lines   # once, no log
    assert [p.read_bytes() for p in settings.glob("orders.db.bad-*")] == [damaged]
