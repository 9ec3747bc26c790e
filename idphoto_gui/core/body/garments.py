"""The garments a photo can be dressed in: an RGBA picture and its anchors, built in or the studio's own.

A garment is `<id>.png` (RGBA, drawn front-on, the neck's opening transparent) beside `<id>.json`:
name_en, name_zh, kind (men, women, children), licence, source, and the anchors in the picture's pixels:
`neck_centre` (the collar's front, where the neck's base meets it), `collar_inner` (the collar's two inner
top points, either side of the neck) and `shoulder_width` (shoulder tip to tip). The built-in ones are
drawn by tools/make_garments.py and live in resources/garments/.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path


from ..paths import resources_dir
from .garment import KINDS, NONE, Garment, GarmentError  # noqa: F401  (NONE re-exported)

log = logging.getLogger(__name__)


def builtin_dir() -> Path:
    """The built-in garments' folder."""
    return resources_dir() / "garments"


def _pair(v) -> tuple[float, float]:
    x, y = v
    return float(x), float(y)


def load(meta_path: Path) -> Garment:
    """One garment from its JSON (the PNG beside it)."""
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        png = meta_path.with_suffix(".png")
        if not png.is_file():
            raise GarmentError(f"{png.name} is missing beside {meta_path.name}")
        kind = meta.get("kind", "men")
        if kind not in KINDS:
            raise GarmentError(f"{meta_path.name}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        left, right = meta["collar_inner"]
        g = Garment(meta.get("id", meta_path.stem), meta.get("name_en", meta_path.stem),
                    meta.get("name_zh", meta.get("name_en", meta_path.stem)), kind, meta["licence"], png,
                    _pair(meta["neck_centre"]), (_pair(left), _pair(right)), float(meta["shoulder_width"]),
                    meta.get("source", ""))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise GarmentError(f"{meta_path}: {exc}") from None
    if g.shoulder_width <= 0 or g.neck_half <= 0:
        raise GarmentError(f"{meta_path}: the shoulder width and the collar's inner points must be apart")
    return g


def catalogue(extra: Path | None = None) -> tuple[Garment, ...]:
    """The built-in garments, then the studio's own (a folder of PNGs with or without anchors), by id."""
    found: dict[str, Garment] = {}
    for folder in (builtin_dir(), extra):
        if folder is None or not Path(folder).is_dir():
            continue
        for meta in sorted(Path(folder).glob("*.json")):
            try:
                g = load(meta)
            except GarmentError as exc:
                log.warning("garment skipped: %s", exc)
                continue
            found[g.id] = g
        if folder is extra:
            from .own_garments import without_anchors
            for g in without_anchors(Path(folder), set(found)):
                found[g.id] = g
    return tuple(found.values())


def find(garment_id: str, extra: Path | None = None) -> Garment:
    """The garment with this id (GarmentError naming the known ones when there is none)."""
    every = catalogue(extra)
    for g in every:
        if g.id == garment_id:
            return g
    raise GarmentError(f"unknown garment {garment_id!r}; known: {', '.join(g.id for g in every)} "
                       f"(see `idphoto garments`)")


_STUDIO: list[Path | None] = [None]


def use_studio_folder(folder: Path | None) -> None:
    """Set the studio's own garment folder for this process (the window's Settings, `--garments DIR`)."""
    _STUDIO[0] = None if folder is None else Path(folder)


def studio_folder() -> Path | None:
    """The studio's own garment folder, or None."""
    return _STUDIO[0]
