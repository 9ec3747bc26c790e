"""A blind look: shuffled pictures for a judge who never sees the key, and the judge's answers scored.

Why: what a customer buys is judged by eye. A judge who knows which photo was made by idphoto looks for
our defects; one who sees only shuffled pictures judges them as a customer would.

    # lay out: singles (one picture each) and pairs (two pictures side by side, order shuffled)
    python tools/blind_look.py lay --manifest look.json --out /tmp/look/pictures --key /tmp/look/key.json
    # the judge answers in a text file, one line a picture:
    #   S03 yes                      (single: would sell / accept)
    #   S07 no a pale fringe in the hair
    #   P02 R                        (pair: the one that was made; L or R)
    python tools/blind_look.py score --key /tmp/look/key.json --answers answers.txt

The manifest is JSON: {"scale": 2, "singles": [{"path": ..., "kind": "made"|"real", "name": ...}],
"pairs": [{"made": path, "real": path, "name": ...}]}. The key and the pictures go to separate folders:
hand the judge only the pictures folder.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

GAP = 24
WORDS_OF_EDGE = ("halo", "fringe", "old background", "wall", "edge", "outline", "rim", "glow")


@dataclass(frozen=True)
class Answer:
    """One line of the judge's answers: a code, a verdict (yes/no, or L/R for pairs) and words."""

    code: str
    verdict: str
    words: str


def _scaled(path: Path, scale: float) -> Image.Image:
    """The picture at the judge's zoom (200 % by default: what a person sees on a proof)."""
    img = Image.open(path).convert("RGB")
    if scale != 1:
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    return img


def _side_by_side(left: Image.Image, right: Image.Image) -> Image.Image:
    """Two pictures on a grey card with L and R above them."""
    h = max(left.height, right.height)
    card = Image.new("RGB", (left.width + right.width + 3 * GAP, h + 2 * GAP), (128, 128, 128))
    card.paste(left, (GAP, GAP + (h - left.height) // 2))
    card.paste(right, (2 * GAP + left.width, GAP + (h - right.height) // 2))
    draw = ImageDraw.Draw(card)
    draw.text((GAP, 4), "L", fill=(255, 255, 255))
    draw.text((2 * GAP + left.width, 4), "R", fill=(255, 255, 255))
    return card


def lay(manifest: dict, out: Path, key_path: Path, seed: int | None) -> dict:
    """Write the shuffled pictures to `out` and the key to `key_path`; returns the key."""
    rng = random.Random(seed)
    scale = float(manifest.get("scale", 2))
    singles = list(manifest.get("singles", ()))
    pairs = list(manifest.get("pairs", ()))
    rng.shuffle(singles)
    rng.shuffle(pairs)
    out.mkdir(parents=True, exist_ok=True)
    key: dict = {"singles": {}, "pairs": {}}
    for i, item in enumerate(singles, 1):
        code = f"S{i:02d}"
        _scaled(Path(item["path"]), scale).save(out / f"{code}.png")
        key["singles"][code] = {"kind": item["kind"], "name": item.get("name", Path(item["path"]).name)}
    for i, item in enumerate(pairs, 1):
        code = f"P{i:02d}"
        made_left = rng.random() < 0.5
        a, b = _scaled(Path(item["made"]), scale), _scaled(Path(item["real"]), scale)
        card = _side_by_side(a, b) if made_left else _side_by_side(b, a)
        card.save(out / f"{code}.png")
        key["pairs"][code] = {"made": "L" if made_left else "R", "name": item.get("name", Path(item["made"]).name)}
    key_path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_text(json.dumps(key, indent=1, ensure_ascii=False), encoding="utf-8")
    return key


def read_answers(text: str) -> dict[str, Answer]:
    """Answers from lines 'CODE VERDICT [words]'; other lines are ignored."""
    found: dict[str, Answer] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([SP]\d+)\s*[:\-]?\s*(yes|no|y|n|l|r|left|right)\b[\s:,\-]*(.*)$", line, re.I)
        if m:
            verdict = m.group(2).lower()[0].upper()
            found[m.group(1).upper()] = Answer(m.group(1).upper(), verdict, m.group(3).strip())
    return found


def score(key: dict, answers: dict[str, Answer]) -> dict:
    """Acceptance per kind for singles, the made one picked in pairs, and answers that name an edge defect."""
    tally: dict = {}
    for code, item in key["singles"].items():
        row = tally.setdefault(item["kind"], {"shown": 0, "answered": 0, "accepted": 0, "edge_words": 0})
        row["shown"] += 1
        ans = answers.get(code)
        if ans is None:
            continue
        row["answered"] += 1
        row["accepted"] += ans.verdict == "Y"
        row["edge_words"] += any(w in ans.words.lower() for w in WORDS_OF_EDGE)
    pairs = {"shown": len(key["pairs"]), "answered": 0, "made_picked": 0}
    for code, item in key["pairs"].items():
        ans = answers.get(code)
        if ans is not None and ans.verdict in ("L", "R"):
            pairs["answered"] += 1
            pairs["made_picked"] += ans.verdict == item["made"]
    return {"singles": tally, "pairs": pairs,
            "per_picture": {c: {**key["singles"].get(c, key["pairs"].get(c, {})),
                                "verdict": a.verdict, "words": a.words} for c, a in answers.items()}}


def main(argv: list[str] | None = None) -> int:
    """Command line: `lay` or `score`."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    lp = sub.add_parser("lay", help="shuffle and write the pictures and the key")
    lp.add_argument("--manifest", type=Path, required=True)
    lp.add_argument("--out", type=Path, required=True, help="the judge's folder: pictures only")
    lp.add_argument("--key", type=Path, required=True, help="the key, kept apart from the pictures")
    lp.add_argument("--seed", type=int, default=None)
    sp = sub.add_parser("score", help="score a judge's answers against the key")
    sp.add_argument("--key", type=Path, required=True)
    sp.add_argument("--answers", type=Path, required=True)
    args = ap.parse_args(argv)
    if args.cmd == "lay":
        manifest = json.loads(args.manifest.read_text(encoding="utf-8"))
        if args.key.resolve().parent == args.out.resolve():
            ap.error("keep the key out of the judge's folder")
        key = lay(manifest, args.out, args.key, args.seed)
        sys.stdout.write(f"{len(key['singles'])} singles, {len(key['pairs'])} pairs in {args.out}\n")
        return 0
    key = json.loads(args.key.read_text(encoding="utf-8"))
    result = score(key, read_answers(args.answers.read_text(encoding="utf-8")))
    sys.stdout.write(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
