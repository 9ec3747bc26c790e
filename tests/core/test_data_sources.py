"""The data files users get cite real sources (pages, standards, code), never a path outside the repository."""
from __future__ import annotations

import json
import re

import pytest

from idphoto_gui.core.paths import resources_dir


@pytest.mark.parametrize("name,key", [("papers.json", "papers"), ("colours.json", "colours"),
                                      ("templates.json", "templates")])
def test_every_entry_cites_a_source_inside_the_file(name, key):
    raw = (resources_dir() / name).read_text(encoding="utf-8")
    assert "/work/" not in raw and "photo-standards.md" not in raw and not re.search(r"\b[PG]\d+\b", raw)
    for entry in json.loads(raw)[key]:
        assert len(entry.get("source", "")) > 15, entry["id"]


def test_colours_come_in_the_one_order_the_window_uses():
    colours = json.loads((resources_dir() / "colours.json").read_text(encoding="utf-8"))["colours"]
    assert [c["id"] for c in colours[:4]] == ["white", "light-grey", "blue", "red"]
