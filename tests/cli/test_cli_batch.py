"""`idphoto batch`: carries on past bad files, reports every outcome, never overwrites, clear errors."""
from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_FAILURE, EXIT_INPUT, EXIT_OK, EXIT_OUTPUT, EXIT_PARTIAL, main
from idphoto_gui.core.templates.specs import get_template

GOOD = ("man_suit.jpg", "child.png")     # room around the head for cn-1inch


def batch(capsys, *argv) -> tuple[int, str, str]:
    """Run `idphoto batch ...` in-process: (exit code, stdout, stderr)."""
    code = main(["batch", *map(str, argv)])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def read_csv(path: Path) -> dict[str, dict]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        return {Path(r["input"]).name: r for r in csv.DictReader(fh)}


@pytest.fixture()
def indir(tmp_path, data_dir) -> Path:
    """Two good photos, one that may lack room, a corrupt JPEG, and files that are not photos."""
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    for name in (*GOOD, "woman_white_wall.jpg"):
        shutil.copy2(data_dir / name, folder / name)
    shutil.copy2(data_dir / "man_suit.jpg", folder / "sub" / "nested.jpg")
    (folder / "corrupt.jpg").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00garbage" * 50)
    (folder / "notes.txt").write_text("not a photo")
    (folder / ".hidden.jpg").write_bytes(b"x")
    return folder


def test_bad_file_is_reported_and_the_rest_are_done(capsys, indir, tmp_path):
    out = tmp_path / "out"
    report_json = tmp_path / "r.json"
    before = {p.name: p.read_bytes() for p in indir.iterdir() if p.is_file()}
    code, stdout, stderr = batch(capsys, indir, out, "-t", "cn-1inch", "-b", "white", "--jobs", 2,
                                 "--report", out / "r.csv", "--report", report_json)
    assert code == EXIT_PARTIAL, stderr
    rows = read_csv(out / "r.csv")
    assert set(rows) == {*GOOD, "woman_white_wall.jpg", "corrupt.jpg"}  # no txt, hidden or sub/
    assert rows["corrupt.jpg"]["status"] == "refused" and rows["corrupt.jpg"]["reason"].startswith("unreadable")
    t = get_template("cn-1inch")
    for name in GOOD:
        row = rows[name]
        assert row["status"] in ("ok", "warn", "fail"), row
        photo = Path(row["output"])
        assert photo.parent == out and photo.name == f"{Path(name).stem}_cn-1inch.jpg"
        with Image.open(photo) as im:
            assert im.size == t.pixel_size() and tuple(round(v) for v in im.info["dpi"]) == (300, 300)
        assert int(row["bytes"]) == photo.stat().st_size
        lo, hi = t.head_height_mm
        assert lo <= float(row["head_height_mm"]) <= hi
    wall = rows["woman_white_wall.jpg"]
    assert wall["crop"] == "body_extended" and Path(wall["output"]).is_file(), "a tight photo is made, and says how"
    assert wall["status"] in ("ok", "warn", "fail")
    # progress: one line per file with counts, and a summary
    assert all(f"[{i}/4]" in stderr for i in range(1, 5)) and "photos/s" in stderr
    assert "corrupt.jpg refused" in stderr
    data = json.loads(report_json.read_text(encoding="utf-8"))
    assert len(data) == 4 and {r["status"] for r in data} >= {"refused"}
    assert {p.name: p.read_bytes() for p in indir.iterdir() if p.is_file()} == before


def test_all_good_is_exit_ok_and_reruns_skip_what_is_done(capsys, tmp_path, data_dir):
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy2(data_dir / "man_suit.jpg", src / "a.jpg")
    out = tmp_path / "out"
    assert batch(capsys, src, out, "-t", "cn-1inch")[0] == EXIT_OK
    assert (out / "idphoto-report.csv").exists()           # default report
    first = (out / "a_cn-1inch.jpg").read_bytes()
    status = read_csv(out / "idphoto-report.csv")["a.jpg"]["status"]
    code, stdout, _ = batch(capsys, src, out, "-t", "cn-1inch", "-b", "red")
    assert code == EXIT_OK and "1 skipped" in stdout
    assert read_csv(out / "idphoto-report.csv")["a.jpg"]["status"] == status     # the first run's result
    assert not (out / "a_cn-1inch-2.jpg").exists() and (out / "a_cn-1inch.jpg").read_bytes() == first
    assert batch(capsys, src, out, "-t", "cn-1inch", "-b", "red", "--overwrite")[0] == EXIT_OK
    assert (out / "a_cn-1inch.jpg").read_bytes() != first and not (out / "a_cn-1inch-2.jpg").exists()
    assert read_csv(out / "idphoto-report.csv")["a.jpg"]["status"] in ("ok", "warn")


def test_rerun_keeps_every_photos_last_result(capsys, tmp_path, data_dir):
    """Issue 39: re-running a batch (as after an interruption) keeps what the first run found: the photo
    whose check failed is still `fail` with its findings, in the CSV and the JSON; the refused one is tried
    again; the exit code is the whole report's (3: one refused); --overwrite remakes everything."""
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy2(data_dir / "curly_dark_skin_woman.jpg", src / "smile.jpg")   # teeth: expression fails
    shutil.copy2(data_dir / "man_suit.jpg", src / "suit.jpg")
    (src / "broken.jpg").write_bytes(b"broken")
    out, reports = tmp_path / "out", ["--report", tmp_path / "r.csv", "--report", tmp_path / "r.json"]
    code, _, stderr = batch(capsys, src, out, "-t", "cn-1inch", *reports)
    assert code == EXIT_PARTIAL, stderr
    first = read_csv(tmp_path / "r.csv")
    assert first["smile.jpg"]["status"] == "fail" and "expression" in first["smile.jpg"]["findings"]
    made = {n: Path(first[n]["output"]).stat().st_mtime_ns for n in ("smile.jpg", "suit.jpg")}
    code, stdout, stderr = batch(capsys, src, out, "-t", "cn-1inch", *reports)
    assert code == EXIT_PARTIAL, stderr                 # the whole report: 2 made, 1 refused
    second = read_csv(tmp_path / "r.csv")
    for name in ("smile.jpg", "suit.jpg"):
        assert {k: second[name][k] for k in ("status", "output", "findings", "head_height_mm", "bytes")} == \
            {k: first[name][k] for k in ("status", "output", "findings", "head_height_mm", "bytes")}
        assert Path(second[name]["output"]).stat().st_mtime_ns == made[name]        # not made again
    assert second["broken.jpg"]["status"] == "refused" and "1 fail" not in stderr   # only broken.jpg redone
    assert "1 with a failed check" in stdout and "2 with the result of the earlier report" in stdout
    rows = {Path(r["input"]).name: r for r in json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))}
    assert rows["smile.jpg"]["status"] == "fail" and rows["smile.jpg"]["kept"] is True
    assert any(f["code"] == "expression" and f["severity"] == "fail" for f in rows["smile.jpg"]["findings_detail"])
    (src / "broken.jpg").unlink()                       # the user removes the bad file: the report is all made
    code, stdout, _ = batch(capsys, src, out, "-t", "cn-1inch", *reports)
    assert code == EXIT_OK and read_csv(tmp_path / "r.csv")["smile.jpg"]["status"] == "fail"
    code, stdout, _ = batch(capsys, src, out, "-t", "cn-1inch", "--overwrite", *reports)
    assert code == EXIT_OK and "earlier report" not in stdout
    assert Path(read_csv(tmp_path / "r.csv")["suit.jpg"]["output"]).stat().st_mtime_ns != made["suit.jpg"]


@pytest.mark.parametrize("damage", [b"\xff\xfe\x00garbage", b"[{\"input\": 1}", b'[{"input": "X", "status": "fail", '
                                    b'"output": "' + b"a" * 5000 + b'"}]'])
def test_rerun_over_a_damaged_report_goes_on(capsys, tmp_path, data_dir, damage):
    """A report that cannot be read (not UTF-8, not JSON, a row made up by hand) only loses the earlier results."""
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy2(data_dir / "man_suit.jpg", src / "a.jpg")
    out, report = tmp_path / "out", tmp_path / "r.json"
    assert batch(capsys, src, out, "-t", "cn-1inch", "--report", report)[0] == EXIT_OK
    report.write_bytes(damage.replace(b'"X"', json.dumps(str(src / "a.jpg")).encode()))
    code, stdout, stderr = batch(capsys, src, out, "-t", "cn-1inch", "--report", report)
    assert code == EXIT_OK and "1 skipped" in stdout and "please report" not in stderr, stderr
    assert json.loads(report.read_text(encoding="utf-8"))[0]["status"] == "skipped"


def test_recursive_keeps_sub_folders(capsys, indir, tmp_path):
    out = tmp_path / "out"
    code, _, _ = batch(capsys, indir, out, "-t", "cn-1inch", "--recursive")
    assert code == EXIT_PARTIAL
    assert (out / "sub" / "nested_cn-1inch.jpg").exists()


def test_all_failed_is_exit_failure(capsys, tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a.jpg", "b.png"):
        (src / name).write_bytes(b"broken")
    code, _, stderr = batch(capsys, src, tmp_path / "out", "-t", "cn-1inch")
    assert code == EXIT_FAILURE and "2 refused" in stderr


@pytest.mark.parametrize("where", ["under-a-file", "is-a-file", "proc"])
def test_unwritable_outdir_is_a_clear_error(capsys, indir, tmp_path, where):
    # tests run as root (chmod does not stop root): use places nobody can write into
    (tmp_path / "afile").write_text("x")
    outdir = {"under-a-file": tmp_path / "afile" / "out", "is-a-file": tmp_path / "afile",
              "proc": Path("/proc/self/idphoto-out")}[where]
    code, _, stderr = batch(capsys, indir, outdir, "-t", "cn-1inch")
    assert code == EXIT_OUTPUT
    assert str(outdir) in stderr and "Traceback" not in stderr and "[1/" not in stderr


def test_empty_or_missing_indir_is_an_input_error(capsys, tmp_path):
    (tmp_path / "empty").mkdir()
    assert batch(capsys, tmp_path / "empty", tmp_path / "o", "-t", "cn-1inch")[0] == EXIT_INPUT
    assert batch(capsys, tmp_path / "missing", tmp_path / "o", "-t", "cn-1inch")[0] == EXIT_INPUT
