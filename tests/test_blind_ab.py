"""tools/blind_ab.py: pairs shuffled with the key kept apart, which code made each side recorded, unchanged pairs
marked, answers scored (the changed pairs apart)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import blind_ab as tool  # noqa: E402

PHOTOS = ["expressions/a.jpg", "portraits/b.png"]


def _folder(path: Path, grey: int, commit: str | None, first: int | None = None) -> Path:
    """PHOTOS made in `grey`, the first in `first` when given (a pair that did not change)."""
    path.mkdir()
    for i, photo in enumerate(PHOTOS):
        p = Path(photo)
        g = first if i == 0 and first is not None else grey
        Image.fromarray(np.full((20, 16, 3), g, np.uint8)).save(path / f"{p.parent.name}_{p.stem}.png")
    if commit:
        (path / "made.json").write_text(json.dumps({"commit": commit, "dirty": False}))
    return path


def test_the_key_says_which_code_made_each_side_and_answers_are_scored(tmp_path, caplog):
    main, branch = _folder(tmp_path / "main", 40, "aaa"), _folder(tmp_path / "branch", 200, "bbb")
    out, key_path = tmp_path / "judge", tmp_path / "secret" / "key.json"
    assert tool.main(["--main", str(main), "--branch", str(branch), "--photos", *PHOTOS, "--out", str(out),
                      "--key", str(key_path), "--seed", "7"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["P01.png", "P02.png"]
    key = json.loads(key_path.read_text())
    assert key["main_made"]["commit"] == "aaa" and key["branch_made"]["commit"] == "bbb"
    for code, pair in key["pairs"].items():     # the branch's side is the bright one
        pic = np.asarray(Image.open(out / f"{code}.png").convert("L"))
        left_bright = pic[:, : pic.shape[1] // 4].mean() > pic[:, -pic.shape[1] // 4:].mean()
        assert left_bright == (pair["branch_side"] == "L")
    p1, p2 = key["pairs"]["P01"], key["pairs"]["P02"]
    answers = (f"P01 L:{'yes' if p1['branch_side'] == 'L' else 'no'} R:{'yes' if p1['branch_side'] == 'R' else 'no'} "
               f"better:{p1['branch_side']} cleaner neck\nP02 L:no R:no better:same both bad\nnoise\n"
               f"P09 L:yes R:yes better:L not in the key\n")
    got = tool.score(key, answers)
    assert got["better"] == {"branch": 1, "main": 0, "same": 1}
    assert got["sold"] == {"branch": 1, "main": 0}
    assert got["per_photo"] == {p1["photo"]: "branch", p2["photo"]: "same"}
    assert got["changed"]["better"] == got["better"] and got["unchanged"] == {"pairs": 0, "picked_a_side": 0}
    stale = _folder(tmp_path / "stale", 40, "bbb")     # the same code on both sides is said
    tool.lay(stale, branch, PHOTOS, tmp_path / "j2", tmp_path / "k2.json", 1)
    assert "same code" in caplog.text


def test_unchanged_pairs_are_marked_and_scored_apart(tmp_path):
    """Rounds 33 and 35 (ADR 0037): between halves with no visible difference judges still picked a side ("crisper")."""
    main, branch = _folder(tmp_path / "main", 40, "aaa", first=90), _folder(tmp_path / "branch", 200, "bbb", first=90)
    key = tool.lay(main, branch, PHOTOS, tmp_path / "judge", tmp_path / "key.json", 3)
    changed = {pair["photo"]: pair["changed_px"] for pair in key["pairs"].values()}
    assert changed == {PHOTOS[0]: 0, PHOTOS[1]: 20 * 16}
    code = {pair["photo"]: c for c, pair in key["pairs"].items()}
    changed = key["pairs"][code[PHOTOS[1]]]
    answers = (f"{code[PHOTOS[0]]} L:yes R:yes better:L the left looks crisper\n"
               f"{code[PHOTOS[1]]} L:no R:no better:{changed['branch_side']} cleaner collar\n")
    got = tool.score(key, answers)
    assert sum(got["better"].values()) == 2 and got["better"]["same"] == 0
    assert got["changed"]["better"] == {"branch": 1, "main": 0, "same": 0}
    assert got["changed"]["sold"] == {"branch": 0, "main": 0}
    assert got["unchanged"] == {"pairs": 1, "picked_a_side": 1}
