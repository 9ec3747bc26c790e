"""A blind A/B pack: the same photos made by two versions, side by side at 200 %, sides and order shuffled.

Why: a judge who sees only the pictures says which side a customer would buy; the key (kept apart) says which
side was the branch. Both folders of made pictures are named alike (`<parent>_<stem>.png`).

    python tools/blind_ab.py --main DIR --branch DIR --photos a.jpg b.jpg ... --out PICTURES --key KEY --seed N
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blind_look import _scaled, _side_by_side  # noqa: E402


def lay(main_dir: Path, branch_dir: Path, photos: list[str], out: Path, key_path: Path, seed: int,
        scale: float = 2.0) -> dict:
    """Write P01.png ... to `out` and the key {"pairs": {code: {"branch_side", "photo"}}} to `key_path`."""
    rng = random.Random(seed)
    order = list(photos)
    rng.shuffle(order)
    out.mkdir(parents=True, exist_ok=True)
    key: dict = {"seed": seed, "scale": scale, "pairs": {}}
    for i, photo in enumerate(order, 1):
        code = f"P{i:02d}"
        name = f"{Path(photo).parent.name}_{Path(photo).stem}.png"
        branch_left = rng.random() < 0.5
        a, b = _scaled(branch_dir / name, scale), _scaled(main_dir / name, scale)
        (_side_by_side(a, b) if branch_left else _side_by_side(b, a)).save(out / f"{code}.png")
        key["pairs"][code] = {"branch_side": "L" if branch_left else "R", "photo": photo}
    key_path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_text(json.dumps(key, indent=1, ensure_ascii=False), encoding="utf-8")
    return key


def main(argv: list[str] | None = None) -> int:
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
