"""Clothing in the background's own colour is named (issue 37: blind judges read 016's blue tie on blue as the
background showing through the person)."""
from __future__ import annotations

import pytest

from idphoto_gui.core.analysis.pipeline import analyse
from idphoto_gui.core.imaging.imageio import load_image
from idphoto_gui.core.render.result import Target
from idphoto_gui.core.render.retouch.look import Look
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.core.render.words import person_text
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template


def _named(analysis, colour: str, garment: str = "none"):
    s = PhotoSession.for_template(analysis, get_template("cn-1inch"), background=Background.parse(colour),
                                  look=Look(garment=garment))
    return [f for f in s.render(Target(source_checks=False)).findings if f.reason == "like_background"]


@pytest.fixture(scope="module")
def blue_tie(data_dir):
    return analyse(load_image(data_dir / "expressions" / "interfaces_016.jpg"))


def test_a_blue_tie_on_blue_is_named_with_what_to_do(blue_tie):
    found = _named(blue_tie, "#438EDB")
    assert len(found) == 1 and found[0].severity == "warn" and found[0].value > 3.0
    assert "background" in person_text(found[0], "en")


@pytest.mark.parametrize("colour", ["#FF0000", "#FFFFFF"])
def test_the_same_tie_on_red_or_white_is_not(blue_tie, colour):
    assert _named(blue_tie, colour) == []


def test_a_white_shirt_on_white_and_a_dark_suit_on_blue_are_not(data_dir):
    suit = analyse(load_image(data_dir / "man_suit.jpg"))
    assert _named(suit, "#FFFFFF") == [] and _named(suit, "#438EDB") == []


def test_a_garment_replaces_the_clothing_so_nothing_is_named(blue_tie):
    assert _named(blue_tie, "#438EDB", garment="men-suit-tie") == []
