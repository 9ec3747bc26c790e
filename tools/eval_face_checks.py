"""Per-check table of the face checks on the labelled portraits: problems flagged and false alarms.

Usage: python tools/eval_face_checks.py [--inspected] [--split tune|held_out] [FOLDER]
(default tests/data/expressions, with labels.csv; --split keeps the rows of that `split`, as in tests/data/faces_open)
--inspected reads the labels with the corrections in label_disputes.csv beside labels.csv (labels that look
wrong on inspection, each with its evidence; labels.csv itself stays as published).
A problem counts as flagged when its finding is warn or fail; faces labelled fine for a check and
flagged are false alarms. A face turned or tipped beyond judge_pose_max (30 deg) fails on pose and needs no
other verdict: its other checks are `not_judged`, and count as caught (a labelled problem) or as no alarm. Photos where no face is found are listed apart (the app refuses them).
Each check's row reads the strictest rule (any glasses, any smile flagged: what the check sees). Faces labelled
compliant overall are judged by us-passport as shipped (no glasses; a natural closed-mouth smile allowed), counted
twice: `compliant` (any face finding warns or fails, the issue's "flagged"; faces wearing glasses are not compliant
for it and are left out) and `compliant_fail` (any fails; glasses as ICAO 9303, the labels' rule, allows clear
lenses: their presence is not a fail there, tint and glare are), each followed by the checks that flag them.
"""
from __future__ import annotations

import csv
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from idphoto_gui.core.render.compliance import THRESHOLDS, face_findings  # noqa: E402
from idphoto_gui.core.faces.face_quality.findings import face_findings_for  # noqa: E402
from idphoto_gui.core.findings import severity  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.analysis.pipeline import analyse  # noqa: E402
from idphoto_gui.core.templates.specs import get_template  # noqa: E402

# check -> (label column, problem values, fine values, finding codes that flag it)
CHECKS = {
    "yaw": ("yaw", {"left", "right"}, {"frontal"}, ("yaw",)),
    "pitch": ("pitch", {"up", "down"}, {"level"}, ("pitch",)),
    "eyes_open": ("eyes", {"closed", "one-closed"}, {"open"}, ("eyes_open",)),
    "gaze": ("gaze", {"away"}, {"camera"}, ("gaze",)),
    "red_eye": ("eyes", set(), {"open"}, ("red_eye",)),
    "eyes_visible": ("hair_over_eyes", {"yes"}, {"no"}, ("eyes_visible",)),
    "mouth_closed": ("mouth", {"open"}, {"closed"}, ("mouth_closed",)),
    "expression": ("expression", {"smile-closed", "smile-teeth", "other"}, {"neutral"}, ("expression",)),
    "glasses": ("glasses", {"clear", "sunglasses", "tinted"}, {"none"}, ("glasses",)),
    "tinted_lenses": ("glasses", {"sunglasses", "tinted"}, {"none", "clear"}, ("tinted_lenses",)),
    "glasses_glare": ("glare_on_glasses", {"yes"}, {"no"}, ("glasses_glare",)),
    "head_covering": ("head_covering", {"yes"}, {"no"}, ("head_covering",)),
    "shadows": ("shadow_on_face", {"one-side"}, {"none"}, ("shadows", "lighting")),
}


FLAGGED = ("warn", "fail")
# Each check's row measures what the check sees: any glasses, any smile (the strictest reading). The compliant rows
# judge the faces labelled compliant by the document as shipped (us-passport: no glasses, a natural closed-mouth
# smile allowed); a face labelled compliant that wears glasses is not compliant for a document that forbids them.
DOCUMENT = get_template("us-passport")
DETECT = replace(DOCUMENT, glasses="forbidden", expression="strict")
DOC = "doc:"
TURNED = "_turned"   # beyond judge_pose_max: fails on pose, caught for every check


def findings_of(path: Path) -> dict[str, str] | None:
    """Worst severity per finding code for one photo (no crop needed), or None without a face."""
    image = load_image(path)
    analysis = analyse(image)  # faces and the person's matte (the head covering reads it)
    if not analysis.faces:
        return None
    face = analysis.faces[0]
    alpha = analysis.matte.alpha if analysis.face is None or analysis.face is face else None
    th = THRESHOLDS
    shared = face_findings(image.rgb, face, th)
    worst = _worst(face, [*shared, *face_findings_for(source=image.rgb, face=face, template=DETECT, thresholds=th,
                                                      alpha=alpha)])
    document = _worst(face, [*shared, *face_findings_for(source=image.rgb, face=face, template=DOCUMENT,
                                                         thresholds=th, alpha=alpha)])
    worst.update({DOC + code: sev for code, sev in document.items()})
    turned = max(abs(face.yaw_deg), abs(face.pitch_deg - th["pitch_zero"])) > th["judge_pose_max"]
    worst[TURNED] = "fail" if turned else "ok"
    return worst


def _worst(face, found: list) -> dict[str, str]:
    """The worst severity per finding code (yaw from the face's pose)."""
    th = THRESHOLDS
    worst: dict[str, str] = {"yaw": severity(face.yaw_deg, (-th["yaw_warn"], th["yaw_warn"]), th["yaw_warn"] - th["yaw_ok"])}
    for f in found:
        if f.severity in FLAGGED and worst.get(f.code) not in FLAGGED:
            worst[f.code] = f.severity
        worst.setdefault(f.code, f.severity)
    return worst


def read_labels(folder: Path, *, inspected: bool = False, split: str | None = None) -> list[dict[str, str]]:
    """labels.csv rows (of one `split` if given); disputed labels replaced by what inspection shows if `inspected`."""
    labels = [row for row in csv.DictReader((folder / "labels.csv").open(encoding="utf-8"))
              if split is None or row.get("split") == split]
    disputes = folder / "label_disputes.csv"
    if inspected and disputes.exists():
        by_file = {row["file"]: row for row in labels}
        for d in csv.DictReader(disputes.open(encoding="utf-8")):
            if by_file[d["file"]][d["column"]] == d["labelled"]:
                by_file[d["file"]][d["column"]] = d["as_inspected"]
    return labels


def table(folder: Path, *, inspected: bool = False, split: str | None = None) -> tuple[list[tuple], list[str]]:
    """Rows (check, problems flagged, problems, false alarms, fine, misses, false-alarm files) + no-face files."""
    labels = read_labels(folder, inspected=inspected, split=split)
    results = {row["file"]: findings_of(folder / row["file"]) for row in labels}
    rows = []
    for check, (col, bad, good, codes) in CHECKS.items():
        hit = miss = fa = fine = 0
        misses, alarms = [], []
        for row in labels:
            res = results[row["file"]]
            if res is None or row[col] not in bad | good:
                continue
            flagged = any(res.get(c, "ok") in FLAGGED for c in codes)
            if res[TURNED] == "fail" and check != "yaw":
                if row[col] in good:
                    continue      # fails on pose: neither an alarm nor a clean pass for this check
                flagged = True    # caught by pose
            if row[col] in bad:
                hit += flagged
                miss += not flagged
                if not flagged:
                    misses.append(row["file"])
            else:
                fine += 1
                fa += flagged
                if flagged:
                    alarms.append(row["file"])
        rows.append((check, hit, hit + miss, fa, fine, misses, alarms))
    rows += [_compliant_row(labels, results), _compliant_row(labels, results, levels=("fail",))]
    return rows, [name for name, res in results.items() if res is None]


FACE_CODES = {code for *_, codes in CHECKS.values() for code in codes}


def _compliant_row(labels: list[dict[str, str]], results: dict, levels: tuple[str, ...] = FLAGGED) -> tuple:
    """Faces labelled compliant overall that any face check flags at `levels` (false alarms of the whole set of
    checks); the last field counts the checks that flag them. At fail level the glasses' presence is left out:
    the evaluation forbids glasses to count them, the labels' rule (ICAO 9303) allows clear lenses."""
    codes = FACE_CODES - {"glasses"} if levels == ("fail",) else FACE_CODES
    compliant = [row["file"] for row in labels
                 if row.get("compliant_overall") == "yes" and results[row["file"]] is not None
                 and (DOCUMENT.glasses != "forbidden" or row.get("glasses", "none") == "none" or levels == ("fail",))]
    by_code = {f: sorted(c for c in codes if results[f].get(DOC + c, "ok") in levels) for f in compliant}
    alarms = [f for f in compliant if by_code[f]]
    counts = {c: sum(c in found for found in by_code.values()) for c in sorted(codes)}
    name = "compliant" if levels == FLAGGED else "compliant_fail"
    return (name, 0, 0, len(alarms), len(compliant), [], alarms, {c: n for c, n in counts.items() if n})


def main() -> int:
    """Print the table."""
    args = [a for a in sys.argv[1:] if a != "--inspected"]
    split = None
    if "--split" in args:
        at = args.index("--split")
        split = args[at + 1]
        del args[at:at + 2]
    folder = Path(args[0]) if args else ROOT / "tests" / "data" / "expressions"
    rows, no_face = table(folder, inspected="--inspected" in sys.argv[1:], split=split)
    print(f"{'check':14s} {'flagged':>9s} {'rate':>6s} {'false alarms':>13s} {'rate':>6s}")
    for check, hit, n_bad, fa, fine, misses, alarms, *by_code in rows:
        rate = f"{hit / n_bad:.0%}" if n_bad else "-"
        print(f"{check:14s} {hit:>4d}/{n_bad:<4d} {rate:>6s} {fa:>6d}/{fine:<6d} {fa / max(fine, 1):>6.0%}"
              + (f"  missed: {' '.join(_short(m) for m in misses)}" if misses else "")
              + (f"  false: {' '.join(_short(a) for a in alarms)}" if alarms else ""))
        if by_code and by_code[0]:
            print(f"{'':14s} flagged by: " + ", ".join(f"{c} {n}" for c, n in by_code[0].items()))
    if no_face:
        print("no face found (refused by the app, left out above):", " ".join(no_face))
    return 0


def _short(name: str) -> str:
    """interfaces_042.jpg -> 042; other names without their extension."""
    return name[11:14] if name.startswith("interfaces_") else name.rsplit(".", 1)[0]


if __name__ == "__main__":
    sys.exit(main())
