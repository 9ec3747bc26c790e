"""`idphoto make` imports what making a photo needs, not the other commands and their libraries."""
import subprocess
import sys
from pathlib import Path

from idphoto_gui.cli import COMMANDS, build_parser, chosen_command

PHOTO = Path(__file__).resolve().parents[1] / "data" / "man_suit.jpg"
NOT_FOR_MAKE = ("idphoto_gui.core.sheets.", "idphoto_gui.core.orders.", "idphoto_gui.core.kiosk.",
                "idphoto_gui.server.", "PySide6.") + tuple(f"idphoto_gui.cli.{c}." for c in COMMANDS if c != "make")


def test_the_command_is_the_first_word_that_is_not_an_option():
    assert chosen_command(["-v", "make", "x.jpg", "-t", "cn-1inch"]) == "make"
    assert chosen_command(["--help", "make"]) is None   # the top-level help lists every command
    assert chosen_command(["frob"]) is None
    assert chosen_command([]) is None


def test_full_parser_without_a_command_lists_every_command(capsys):
    parser = build_parser(["--help"])
    help_text = parser.format_help()
    for name in COMMANDS:
        assert name in help_text


def test_make_imports_no_other_command(tmp_path):
    code = ("import sys\n"
            "from idphoto_gui.cli import main\n"
            f"code = main(['make', {str(PHOTO)!r}, '-t', 'cn-1inch', '-o', {str(tmp_path / 'out.jpg')!r}])\n"
            "assert code in (0, 6), code\n"
            f"bad = sorted(m for m in sys.modules if (m + '.').startswith({NOT_FOR_MAKE!r}))\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, timeout=120)
    assert (tmp_path / "out.jpg").stat().st_size > 10_000
