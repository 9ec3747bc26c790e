"""The garments a photo can be dressed in: an RGBA picture and its anchors, built in or the studio's own.

A garment is `<id>.png` (RGBA, drawn front-on, the neck's opening transparent) beside `<id>.json`:
name_en, name_zh, kind (men, women, children), licence, source, and the anchors in the picture's pixels:
`neck_centre` (the collar's front, where the neck's base meets it), `collar_inner` (the collar's two inner
top points, either side of the neck) and `shoulder_width` (shoulder tip to tip). The built-in ones are
drawn by tools/make_garments.py, or cut from an openly licensed photo (men-suit-photo, its source in its
JSON), and live in resources/garments/.
"""
from __future__ import annotations

import json
import logging
import os
from functools import lru_cache
from pathlib import Path


from ..paths import resources_dir
from .garment import KINDS, NONE, Garment, GarmentError, Problem, check_png  # noqa: F401  (NONE re-exported)

log = logging.getLogger(__name__)

OTHER_PICTURES = (".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff", ".heic")   # said to be unusable, not skipped


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
            raise GarmentError(f"{png.name} is missing beside {meta_path.name}", "png_missing")
        kind = meta.get("kind", "men")
        if kind not in KINDS:
            raise GarmentError(f"{meta_path.name}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        left, right = meta["collar_inner"]
        g = Garment(meta.get("id", meta_path.stem), meta.get("name_en", meta_path.stem),
                    meta.get("name_zh", meta.get("name_en", meta_path.stem)), kind, meta["licence"], png,
                    _pair(meta["neck_centre"]), (_pair(left), _pair(right)), float(meta["shoulder_width"]),
                    meta.get("source", ""))
    except GarmentError:
        raise
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise GarmentError(f"{meta_path.name} cannot be read ({type(exc).__name__}: {exc}): it needs neck_centre, "
                           f"collar_inner, shoulder_width and licence") from None
    if g.shoulder_width <= 0 or g.neck_half <= 0:
        raise GarmentError(f"{meta_path.name}: the shoulder width and the collar's inner points must be apart")
    return g


def catalogue(extra: Path | None = None) -> tuple[Garment, ...]:
    """The built-in garments, then the studio's own (a folder of PNGs with or without anchors), by id."""
    return scan(extra)[0]


def scan(extra: Path | None = None) -> tuple[tuple[Garment, ...], tuple[Problem, ...]]:
    """The catalogue, and the studio folder's files that cannot be used with why (shown, never silently skipped);
    read again only when a file in either folder changed (every dressed render looks its garment up: reading
    every JSON and checking every PNG each time cost 2.6 ms of a 295x413 render)."""
    folder = None if extra is None else str(extra)
    return _scanned(_listing(builtin_dir()), folder, None if folder is None else _listing(Path(folder)))


def _listing(folder: Path) -> tuple | None:
    """What a folder holds, as far as a change of any file shows (name, size, time, inode); None if it is gone."""
    try:
        return tuple(sorted((e.name, st.st_size, st.st_mtime_ns, st.st_ino)
                            for e in os.scandir(folder) for st in (e.stat(),)))
    except OSError:
        return None


@lru_cache(maxsize=4)
def _scanned(builtin: tuple | None, studio: str | None, listed: tuple | None
             ) -> tuple[tuple[Garment, ...], tuple[Problem, ...]]:
    """`scan` read from the files, for one state of the folders (`builtin`, `listed`: their `_listing`, the key; as
    templates.specs.default_templates does for the user's templates)."""
    extra = None if studio is None else Path(studio)
    found: dict[str, Garment] = {}
    problems: list[Problem] = []
    for folder in (builtin_dir(), extra):
        if folder is None or not Path(folder).is_dir():
            continue
        for meta in sorted(Path(folder).glob("*.json")):
            try:
                g = load(meta)
                if folder is extra:
                    check_png(g.path)    # a PNG without transparency is a problem now, not at the first dressing
            except GarmentError as exc:
                log.warning("garment skipped: %s", exc)
                problems.append(Problem.of(meta.with_suffix(".png").name, exc))
                continue
            found[g.id] = g
        if folder is extra:
            from .own_garments import without_anchors
            more, bad = without_anchors(Path(folder), set(found))
            found.update((g.id, g) for g in more)
            problems += bad
            problems += [Problem(p.name, "not_rgba", f"{p.name}: a garment must be a PNG with transparency (a "
                                 f"{p.suffix.lstrip('.').upper()} has none)")
                         for p in sorted(Path(folder).iterdir()) if p.suffix.lower() in OTHER_PICTURES]
    return tuple(found.values()), tuple(problems)


def find(garment_id: str, extra: Path | None = None) -> Garment:
    """The garment with this id (GarmentError naming the known ones when there is none)."""
    every = catalogue(extra)
    for g in every:
        if g.id == garment_id:
            return g
    raise GarmentError(f"unknown garment {garment_id!r}; known: {', '.join(g.id for g in every)} "
                       f"(see `idphoto garments`)", "unknown")


_STUDIO: list[Path | None] = [None]


def use_studio_folder(folder: Path | None) -> None:
    """Set the studio's own garment folder for this process (the window's Settings, `--garments DIR`)."""
    _STUDIO[0] = None if folder is None else Path(folder)


def studio_folder() -> Path | None:
    """The studio's own garment folder, or None."""
    return _STUDIO[0]


def save_meta(g: Garment) -> Path:
    """Write the garment's description and anchors as the JSON beside its PNG, atomically; the PNG (the
    user's picture) is never written. Returns the JSON's path."""
    from ..imaging.files import write_atomic

    if g.shoulder_width <= 0 or g.neck_half <= 0:
        raise GarmentError(f"{g.id}: the shoulder width and the collar's inner points must be apart", "anchors")
    if g.neck_centre[1] < min(y for _, y in g.collar_inner):
        raise GarmentError(f"{g.id}: the collar's front must be at or below its inner points", "anchors")
    meta = Path(g.path).with_suffix(".json")
    write_atomic(json.dumps(g.meta(), ensure_ascii=False, indent=1).encode("utf-8"), meta)
    log.info("anchors of %s written to %s", g.id, meta)
    return meta
