"""Issue 39, items 10 and 11: plain bad input gets its documented exit code, never 1 "please report this"
(text that is not UTF-8 or 60 KB long, 20-digit numbers, output names too long for the file system), and
`idphoto orders` prints stored names and numbers escaped (a newline cannot forge a row, no escape code
reaches the terminal)."""
from __future__ import annotations

import json

import pytest

from idphoto_gui.cli import EXIT_OK, EXIT_OUTPUT, EXIT_USAGE
from idphoto_gui.core.orders import Order, OrderBook
from idphoto_gui.core.orders.order import PRINTED, OrderItem
from idphoto_gui.core.paths import SETTINGS_ENV

from cli_run import run_cli  # tests/cli is on sys.path (rootdir-relative test modules)

NOT_UTF8 = b"\xff\xfe\xe5".decode("utf-8", "surrogateescape")   # as Python receives such argv bytes
LONG = "a" * 300                                                  # over any file system's 255-byte name


_run = run_cli   # tests/cli/cli_run.py


@pytest.fixture
def book(tmp_path, monkeypatch):
    """An order book in a private settings folder holding one order whose name and number carry a newline,
    escape codes, a C1 control and a right-to-left override."""
    monkeypatch.setenv(SETTINGS_ENV, str(tmp_path / "settings"))
    books = OrderBook(tmp_path / "settings" / "orders.db")
    item = OrderItem(template_id="cn-1inch", background="#ffffff", copies=2)
    books.add(Order(items=(item,), name="张三\n#99     2026-01-01 00:00  forged", status=PRINTED,
                    number="138\x1b[2J\x1b[31mRED\x9b\u202e"))
    return books


def test_orders_prints_stored_text_escaped(capsys, book):
    code, out, _ = _run(capsys, "orders")
    assert code == EXIT_OK
    lines = out.splitlines()
    assert len(lines) == 3 and not any(ch in out for ch in "\x1b\x9b\u202e\r"), out   # header, rule, one row
    assert "张三\\n#99" in lines[2] and "138\\x1b[2J\\x1b[31mRED\\x9b\\u202e" in lines[2]
    code, out, _ = _run(capsys, "orders", "--json")
    assert code == EXIT_OK and not any(ch in out for ch in "\x1b\x9b\u202e")
    (order,) = json.loads(out)                                  # escaped for the terminal, the same values
    assert order["name"] == "张三\n#99     2026-01-01 00:00  forged"
    assert order["number"] == "138\x1b[2J\x1b[31mRED\x9b\u202e"


@pytest.mark.parametrize("argv", [
    ["orders", "--search", NOT_UTF8], ["orders", "--search", "a" * 60_000], ["orders", "--search", "%" * 60_000],
    ["orders", "--limit", "9" * 20], ["orders", "--limit", "-5"], ["reprint", "9" * 20, "-o", "{tmp}/s.pdf"],
    ["reprint", "#0", "-o", "{tmp}/s.pdf"], ["reprint", "1", "-o", "{tmp}/s.gif"],
], ids=["not-utf8", "60KB", "60KB-wildcards", "limit-20-digits", "limit-negative", "order-20-digits", "order-0",
        "reprint-gif"])
def test_bad_order_arguments_are_exit_2(capsys, book, tmp_path, argv):
    code, out, err = _run(capsys, *(a.format(tmp=tmp_path) for a in argv))
    assert code == EXIT_USAGE and "please report" not in err and "Traceback" not in err, err
    assert len(err) < 2000, err                                 # the 60 KB is not echoed back


def test_search_with_a_20_digit_order_number_finds_nothing(capsys, book):
    code, _, err = _run(capsys, "orders", "--search", "#" + "9" * 20)
    assert code == EXIT_OK and "no orders match" in err


@pytest.mark.parametrize("command", ["make", "make-folder", "sheet", "matte", "batch", "batch-report", "reprint"])
def test_output_name_too_long_is_exit_5(capsys, data_dir, tmp_path, book, command):
    photo, long = data_dir / "man_suit.jpg", tmp_path / LONG
    argv = {"make": ["make", photo, "-t", "cn-1inch", "-o", f"{long}.jpg"],
            "make-folder": ["make", photo, "-t", "cn-1inch", "-o", long / "x.jpg"],
            "sheet": ["sheet", photo, "-t", "cn-1inch", "-o", f"{long}.pdf"],
            "matte": ["matte", photo, "-o", f"{long}.png"],
            "batch": ["batch", data_dir, long, "-t", "cn-1inch"],
            "batch-report": ["batch", data_dir, tmp_path / "out", "-t", "cn-1inch", "--report", f"{long}.csv"],
            "reprint": ["reprint", "1", "-o", f"{long}.pdf"]}[command]
    code, _, err = _run(capsys, *argv)
    assert code == EXIT_OUTPUT, err
    assert "too long" in err and "please report" not in err and len(err) < 600, err
    made = {p.name for p in tmp_path.iterdir()} - {"settings", "out"}     # batch makes OUTDIR first
    assert not made, made                                                   # nothing written, no long folder


def test_a_name_that_fits_but_leaves_no_room_for_the_part_file(capsys, data_dir, tmp_path):
    """250 bytes is a legal name, but the hidden `.<name>.<8>.part` written first is 265: said before any work."""
    code, _, err = _run(capsys, "make", data_dir / "man_suit.jpg", "-t", "cn-1inch", "-o", tmp_path / ("b" * 246 + ".jpg"))
    assert code == EXIT_OUTPUT and "at most 240" in err, err
    assert list(tmp_path.iterdir()) == []
