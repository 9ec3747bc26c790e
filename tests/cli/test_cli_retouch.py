"""`make --light auto --retouch N`: applied where the template allows it, refused with its rule where not."""
from __future__ import annotations

import json
import shutil

from idphoto_gui.cli import EXIT_OK, EXIT_USAGE, main


def test_retouch_is_refused_with_the_rule_on_a_passport(tmp_path, data_dir, capsys):
    src = shutil.copy(data_dir / "man_suit.jpg", tmp_path / "p.jpg")
    code = main(["make", str(src), "-t", "us-passport", "--retouch", "40", "-o", str(tmp_path / "o.jpg")])
    err = capsys.readouterr().err
    assert code == EXIT_USAGE and "may not be retouched" in err and "altered" in err
    assert not (tmp_path / "o.jpg").exists()


def test_retouch_and_light_apply_on_the_cv_photo_and_the_json_lists_them(tmp_path, data_dir, capsys):
    src = shutil.copy(data_dir / "man_suit.jpg", tmp_path / "p.jpg")
    report = tmp_path / "r.json"
    code = main(["make", str(src), "-t", "cn-resume", "--light", "auto", "--retouch", "40", "--warmth", "5",
                 "-o", str(tmp_path / "o.jpg"), "--report", str(report)])
    assert code == EXIT_OK, capsys.readouterr().err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["look"] == {"light": "auto", "brightness": 0, "contrast": 0, "warmth": 5, "retouch": 40,
                            "garment": "none"}
    info = {f["code"]: f for f in data["findings"] if f["severity"] == "info"}
    assert info["retouch"]["value"] == 40 and "smoothed" in info["retouch"]["message"]
    assert "Light and colour corrected" in info["light"]["message"] and data["status"] in ("ok", "warn")
    assert "info: Retouched" in capsys.readouterr().err


def test_light_alone_is_allowed_on_a_passport_and_bad_values_are_usage_errors(tmp_path, data_dir, capsys):
    src = shutil.copy(data_dir / "man_suit.jpg", tmp_path / "p.jpg")
    assert main(["make", str(src), "-t", "cn-passport", "--light", "auto", "-o", str(tmp_path / "o.jpg")]) == EXIT_OK
    for bad in (["--retouch", "101"], ["--warmth", "-60"], ["--light", "magic"], ["--contrast", "nan"]):
        try:
            code = main(["make", str(src), "-t", "cn-1inch", *bad])
        except SystemExit as exc:
            code = exc.code
        assert code == EXIT_USAGE, bad
