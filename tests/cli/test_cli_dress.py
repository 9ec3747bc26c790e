"""`make --dress ID` and `idphoto garments`: dressed where the document allows it, refused with its rule where not."""
from __future__ import annotations

import json
import shutil

from idphoto_gui.cli import EXIT_OK, EXIT_USAGE, main


def test_garments_lists_at_least_eight_with_their_licences(capsys):
    assert main(["garments", "--json"]) == EXIT_OK
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) >= 8
    assert all(g["licence"] and g["kind"] in ("men", "women", "children") and g["name_zh"] for g in listed)
    assert main(["garments"]) == EXIT_OK and "men-suit-tie" in capsys.readouterr().out


def test_dress_is_refused_with_the_rule_on_a_us_passport(tmp_path, data_dir, capsys):
    src = shutil.copy(data_dir / "man_suit.jpg", tmp_path / "p.jpg")
    code = main(["make", str(src), "-t", "us-passport", "--dress", "men-suit-tie", "-o", str(tmp_path / "o.jpg")])
    err = capsys.readouterr().err
    assert code == EXIT_USAGE and "own clothing" in err and "Rule:" in err
    assert not (tmp_path / "o.jpg").exists()
    assert main(["make", str(src), "-t", "cn-1inch", "--dress", "no-such-garment"]) == EXIT_USAGE
    assert "unknown garment" in capsys.readouterr().err


def test_dress_on_a_cn_photo_reports_the_garment(tmp_path, data_dir, capsys):
    src = shutil.copy(data_dir / "man_suit.jpg", tmp_path / "p.jpg")
    report = tmp_path / "r.json"
    code = main(["make", str(src), "-t", "cn-1inch", "--dress", "women-blazer", "-o", str(tmp_path / "o.jpg"),
                 "--report", str(report)])
    assert code == EXIT_OK, capsys.readouterr().err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["look"]["garment"] == "women-blazer"
    info = next(f for f in data["findings"] if f["code"] == "garment")
    assert info["severity"] == "info" and info["message"].startswith("Clothing replaced with Dark blazer")
