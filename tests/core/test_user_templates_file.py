"""The user's templates.json (settings folder): every bad entry is reported and skipped, the good ones
kept, numbers through parse_number (NaN, infinity, absurd sizes refused with the field's name)."""
from __future__ import annotations

import json

import pytest

from idphoto_gui.cli import EXIT_OK, main
from idphoto_gui.core.templates.specs import _builtin, load_template_set, load_templates


def _entry(**change):
    base = json.loads(json.dumps(next(t for t in _raw() if t["id"] == "icao-35x45")))
    return {**base, "id": "mine", **change}


def _raw():
    from idphoto_gui.core.paths import resources_dir

    return json.loads((resources_dir() / "templates.json").read_text(encoding="utf-8"))["templates"]


BAD = [
    (dict(id="u-nan", width_mm=float("nan")), "width_mm", "finite"),
    (dict(id="u-inf", head_height_mm=[30, float("inf")]), "head_height_mm", "finite"),
    (dict(id="u-kb", max_kb=10 ** 300, min_kb=None), "max_kb", "at most 100000"),
    (dict(id="u-int", dpi=300.5), "dpi", "expected a int"),
    (dict(id="u-eye", min_eye_distance_px=0), "min_eye_distance_px", "at least 1"),
    (dict(id="u-deep", source=[[[[["x"]]]]]), "source", "expected a non-empty str"),
    (dict(id="u-huge", dpi=10 ** 400), "dpi", "finite"),
]


def test_bad_entries_are_reported_and_skipped_the_good_kept(tmp_path):
    path = tmp_path / "templates.json"
    entries = [_entry(**change) for change, _, _ in BAD] + ["text", 5, None, _entry(id="u-good")]
    path.write_text(json.dumps({"templates": entries}), encoding="utf-8")   # NaN/Infinity as Python writes them
    result = load_template_set(path)
    assert "u-good" in result.templates and not [t for t in result.templates if t.startswith("u-") and t != "u-good"]
    assert len(result.problems) == len(BAD) + 3
    for (change, field, says), problem in zip(BAD, result.problems):
        assert problem.template_id == change["id"] and problem.field == field and says in problem.message, problem
    assert len(load_templates(path)) == len(_builtin()) + 1


@pytest.mark.parametrize("text", ["", "{", "[" * 100_000, '{"templates": 5}', "\ufeff\x00"])
def test_an_unreadable_file_is_one_problem_and_the_built_ins_stay(tmp_path, text):
    path = tmp_path / "templates.json"
    path.write_text(text, encoding="utf-8")
    result = load_template_set(path)
    assert len(result.problems) == 1 and str(path) in result.problems[0].message
    assert len(result.templates) == len(_builtin())


def test_the_cli_carries_on_past_a_broken_user_file(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "settings"
    folder.mkdir()
    (folder / "templates.json").write_text(json.dumps({"templates": [_entry(id="u-x", dpi=float("nan"))]}),
                                           encoding="utf-8")
    monkeypatch.setenv("IDPHOTO_SETTINGS_DIR", str(folder))
    assert main(["templates", "--paths"]) == EXIT_OK
    captured = capsys.readouterr()
    assert "1 user entries skipped" in captured.out and "Traceback" not in captured.err


def test_a_broken_file_is_named_in_plain_words_with_what_to_do(tmp_path):
    import pickle

    path = tmp_path / "templates.json"
    for data, words in ((pickle.dumps({"id": "x"}), "it is not UTF-8 text"),
                        (b"", "not valid JSON (Expecting value at line 1, column 1)"),
                        (b'[1, {"id": "x"}]', "each template must be a JSON object { ... }, not int '1'")):
        path.write_bytes(data)
        message = load_template_set(path).problems[0].message
        assert words in message and "codec" not in message, message
        if "JSON object {" not in words:
            assert "or move it away; the built-in templates are used" in message


def test_an_unknown_template_without_a_near_id_says_where_the_list_is():
    from idphoto_gui.core.errors import TemplateError
    from idphoto_gui.core.templates.specs import get_template

    with pytest.raises(TemplateError, match=r"unknown template 'nope'; `idphoto templates` lists every id"):
        get_template("nope")
    with pytest.raises(TemplateError, match="did you mean: cn-1inch"):
        get_template("cn-1inh")
