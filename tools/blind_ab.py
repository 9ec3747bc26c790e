"""A blind A/B pack: the same photos made by two versions, side by side at 200 %, sides and order shuffled.

Why: a judge who sees only the pictures says which side a customer would buy; the key (kept apart) says which
side was the branch. Both folders of made pictures are named alike (`<parent>_<stem>.png`); each may carry a
`made.json` saying which code made it (`tools/dress_look.py --cuts`), copied into the key, so a pack laid against
a stale folder shows (ADR 0036: rounds 29 and 30a compared against round 26's renders). Each pair's key says how
many pixels its sides differ in by more than SEEN levels; pairs with none stay in the pack (the judge cannot tell
which differ), and `score` tallies the changed pairs apart and counts the unchanged ones a judge still picked a
side on (ADR 0037: judges saw a "paler" right half between identical halves, so an all-pairs tally is part noise).

    python tools/blind_ab.py --main DIR --branch DIR --photos a.jpg b.jpg ... --out PICTURES --key KEY --seed N
    python tools/blind_ab.py score --key KEY ANSWERS ...   # lines "P01 L:yes R:no better:L words"
"""
from __future__ import annotations

import argparse
import json
import logging
import random
import re
import sys
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blind_look import _scaled, _side_by_side  # noqa: E402

log = logging.getLogger("blind_ab")
SEEN = 8         # levels (0-255) a pixel's sides must differ by for the pair to count as changed
ANSWER = re.compile(r"(P\d+)\s+L:(\w+)\s+R:(\w+)\s+better:(\w+)", re.I)


def _made(folder: Path) -> dict | None:
    """The folder's `made.json` (the commit that made its pictures), None without one."""
    stamp = folder / "made.json"
    return json.loads(stamp.read_text(encoding="utf-8")) if stamp.is_file() else None


def lay(main_dir: Path, branch_dir: Path, photos: list[str], out: Path, key_path: Path, seed: int,
        scale: float = 2.0) -> dict:
    """Write P01.png ... to `out` and the key {"pairs": {code: {"branch_side", "photo"}}} to `key_path`."""
    rng = random.Random(seed)
    order = list(photos)
    rng.shuffle(order)
    out.mkdir(parents=True, exist_ok=True)
    key: dict = {"seed": seed, "scale": scale, "main_made": _made(main_dir), "branch_made": _made(branch_dir),
                 "pairs": {}}
    if key["main_made"] is None or key["branch_made"] is None:
        log.warning("a folder has no made.json: nothing shows which code made it")
    elif key["main_made"] == key["branch_made"]:
        log.warning("both folders were made by the same code (%s)", key["main_made"])
    for i, photo in enumerate(order, 1):
        code = f"P{i:02d}"
        name = f"{Path(photo).parent.name}_{Path(photo).stem}.png"
        branch_left = rng.random() < 0.5
        a, b = _scaled(branch_dir / name, scale), _scaled(main_dir / name, scale)
        (_side_by_side(a, b) if branch_left else _side_by_side(b, a)).save(out / f"{code}.png")
        key["pairs"][code] = {"branch_side": "L" if branch_left else "R", "photo": photo,
                              "changed_px": _changed_px(branch_dir / name, main_dir / name)}
    key_path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_text(json.dumps(key, indent=1, ensure_ascii=False), encoding="utf-8")
    return key


def _changed_px(a: Path, b: Path) -> int:
    """Pixels the two pictures differ in by more than SEEN levels (every pixel when their sizes differ)."""
    x, y = (np.asarray(Image.open(p).convert("RGB"), np.int16) for p in (a, b))
    if x.shape != y.shape:
        return int(max(x.shape[0] * x.shape[1], y.shape[0] * y.shape[1]))
    return int((np.abs(x - y).max(axis=2) > SEEN).sum())


def _tally() -> dict:
    return {"better": {"branch": 0, "main": 0, "same": 0}, "sold": {"branch": 0, "main": 0}}


def score(key: dict, text: str) -> dict:
    """Answers against the key: which side was better (branch, main, same), each side sold, per photo; the same
    for the changed pairs alone, and how many unchanged pairs the judge picked a side on (a key without
    `changed_px` counts every pair as changed)."""
    out = {**_tally(), "per_photo": {}, "changed": _tally(), "unchanged": {"pairs": 0, "picked_a_side": 0}}
    for code, left, right, better in ANSWER.findall(text):
        pair = key["pairs"].get(code.upper())
        if pair is None:
            continue
        side = pair["branch_side"]
        sold = {"L": left.lower() == "yes", "R": right.lower() == "yes"}
        won = "same" if better.lower() == "same" else ("branch" if better.upper() == side else "main")
        still = pair.get("changed_px", 1) == 0
        for t in (out,) if still else (out, out["changed"]):
            t["sold"]["branch"] += sold[side]
            t["sold"]["main"] += sold["R" if side == "L" else "L"]
            t["better"][won] += 1
        if still:
            out["unchanged"]["pairs"] += 1
            out["unchanged"]["picked_a_side"] += won != "same"
        out["per_photo"][pair["photo"]] = won
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["score"]:
        sp = argparse.ArgumentParser(prog="blind_ab.py score")
        sp.add_argument("--key", type=Path, required=True)
        sp.add_argument("answers", type=Path, nargs="+")
        a = sp.parse_args(argv[1:])
        key = json.loads(a.key.read_text(encoding="utf-8"))
        for path in a.answers:
            sys.stdout.write(f"{path}: {json.dumps(score(key, path.read_text(encoding='utf-8')), indent=1)}\n")
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--main", type=Path, required=True)
    ap.add_argument("--branch", type=Path, required=True)
    ap.add_argument("--photos", nargs="+", required=True)
    ap.add_argument("--out", type=Path, required=True, help="the judge's folder: pictures only")
    ap.add_argument("--key", type=Path, required=True, help="the key, kept apart from the pictures")
    ap.add_argument("--seed", type=int, required=True)
    args = ap.parse_args(argv)
    lay(args.main, args.branch, args.photos, args.out, args.key, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
