"""tools/blind_look.py: the judge's folder holds only shuffled pictures; answers are scored against the key."""
from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import blind_look as tool  # noqa: E402


def test_pictures_alone_in_the_judges_folder_and_answers_scored(tmp_path):
    photos = sorted(DATA.glob("*.jpg"))[:3]
    manifest = {"scale": 0.25,
                "singles": [{"path": str(photos[0]), "kind": "made"}, {"path": str(photos[1]), "kind": "real"}],
                "pairs": [{"made": str(photos[2]), "real": str(photos[1])}]}
    (tmp_path / "m.json").write_text(json.dumps(manifest))
    out, key = tmp_path / "judge", tmp_path / "secret" / "key.json"
    assert tool.main(["lay", "--manifest", str(tmp_path / "m.json"), "--out", str(out), "--key", str(key),
                      "--seed", "3"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["P01.png", "S01.png", "S02.png"]
    k = json.loads(key.read_text())
    made_single = next(c for c, v in k["singles"].items() if v["kind"] == "made")
    wrong = "L" if k["pairs"]["P01"]["made"] == "R" else "R"
    answers = tool.read_answers(f"{made_single} no: a pale halo in the hair\nP01 {wrong}\nnoise line\n")
    result = tool.score(k, answers)
    assert result["singles"]["made"] == {"shown": 1, "answered": 1, "accepted": 0, "edge_words": 1}
    assert result["pairs"] == {"shown": 1, "answered": 1, "made_picked": 0}
