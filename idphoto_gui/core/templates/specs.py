"""The template catalogue: resources/templates.json (+ the user's file) loaded and checked by template.py's
rules, looked up, searched and grouped; and the named colours file."""
from __future__ import annotations

import difflib
import json
import logging
import re
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..errors import TemplateError
from ..paths import resources_dir, user_templates_file

from .template import _HEX_RE, Template, _error, parse_template

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class TemplateProblem:
    """A user template that was skipped, with the field at fault, for the GUI to list."""
    template_id: str
    field: str
    message: str


@dataclass(frozen=True)
class TemplateSet:
    """Merged templates (file order, user entries replacing built-ins) plus skipped user entries."""
    templates: dict[str, Template]
    problems: tuple[TemplateProblem, ...]


@dataclass(frozen=True)
class NamedColour:
    """A named background colour from resources/colours.json."""
    id: str
    hex: str
    name_zh: str
    name_en: str
    source: str
    confidence: str


_FIX = ('fix it (a JSON object {"templates": [...]}, the built-in templates.json\'s format) or move it away; '
        'the built-in templates are used')


def _read_entries(path: Path, key: str) -> list:
    """The entry list of a JSON data file ({key: [...]} or a bare list)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        entries = data.get(key) if isinstance(data, dict) else data
        if not isinstance(entries, list):
            raise ValueError(f"expected a list under {key!r}")
    except UnicodeDecodeError as exc:   # a ValueError: before it, so the reason is not the codec's words
        raise TemplateError(f"cannot read {path}: it is not UTF-8 text; {_FIX}", path=str(path)) from exc
    except json.JSONDecodeError as exc:
        raise TemplateError(f"cannot read {path}: not valid JSON ({exc.msg} at line {exc.lineno}, column "
                            f"{exc.colno}); {_FIX}", path=str(path)) from exc
    except (OSError, ValueError) as exc:
        raise TemplateError(f"cannot read {path}: {exc}; {_FIX}", path=str(path)) from exc
    except RecursionError as exc:
        raise TemplateError(f"cannot read {path}: nested too deeply to be a template file",
                            path=str(path)) from exc
    return entries


@lru_cache(maxsize=1)
def _builtin() -> tuple[Template, ...]:
    """The bundled templates; any broken entry is a bug and raises."""
    out = tuple(parse_template(e) for e in _read_entries(resources_dir() / "templates.json", "templates"))
    dup = [t.id for i, t in enumerate(out) if t.id in {u.id for u in out[:i]}]
    if dup:
        raise _error(dup[0], "id", "duplicate id")
    return out


USE_SETTINGS = "settings"   # load_template_set(user_file=...): the file in the user's settings folder


def load_template_set(user_file: str | Path | None = USE_SETTINGS) -> TemplateSet:
    """Built-ins merged with a user file (default: the settings folder's, when it exists).

    Broken user entries are skipped, logged and reported; one reusing a built-in id is reported and
    ignored unless it says `"replaces": true`.
    """
    merged = {t.id: t for t in _builtin()}
    problems: list[TemplateProblem] = []
    if user_file == USE_SETTINGS:
        user_file = user_templates_file()
        if not user_file.is_file():
            user_file = None
    if user_file is not None:
        try:
            entries = _read_entries(Path(user_file), "templates")
        except TemplateError as exc:
            entries, problems = [], [TemplateProblem(str(user_file), "-", str(exc))]
        seen: set[str] = set()
        for entry in entries:
            try:
                t, replaces = _user_entry(entry)
                if t.id in seen:
                    raise _error(t.id, "id", "duplicate id in the user file")
                if t.id in merged and not replaces:
                    raise _error(t.id, "id", 'is a built-in template; add "replaces": true to replace it')
            except TemplateError as exc:
                problems.append(TemplateProblem(exc.template_id, exc.field, str(exc)))
                continue
            seen.add(t.id)
            merged[t.id] = t
    for p in problems:
        log.warning("skipped user template: %s", p.message)
    return TemplateSet(merged, tuple(problems))


def _user_entry(entry: Any) -> tuple[Template, bool]:
    """A user template and whether it may replace a built-in (`"replaces": true`)."""
    if isinstance(entry, Mapping) and "replaces" in entry:
        replaces = entry["replaces"]
        entry = {k: v for k, v in entry.items() if k != "replaces"}
        if not isinstance(replaces, bool):
            raise _error(str(entry.get("id", "?")), "replaces", f"expected true or false, got {replaces!r}")
        return parse_template(entry), replaces
    return parse_template(entry), False


def load_templates(user_file: str | Path | None = USE_SETTINGS, *, strict: bool = False) -> dict[str, Template]:
    """Built-in templates merged with the user's (settings folder by default); strict=True raises on a
    broken user entry."""
    result = load_template_set(user_file)
    if strict and result.problems:
        p = result.problems[0]
        raise _error(p.template_id, p.field, p.message)
    return dict(result.templates)


def default_templates() -> dict[str, Template]:
    """Built-ins plus the settings folder's templates, re-read only when that file changes."""
    path = user_templates_file()
    try:
        st = path.stat()
        stamp = (str(path), st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (str(path), 0, -1)
    return _templates_for(stamp)


@lru_cache(maxsize=2)
def _templates_for(stamp: tuple) -> dict[str, Template]:
    """The merged templates for one state of the user file (see default_templates)."""
    return load_templates(Path(stamp[0]) if stamp[2] >= 0 else None)


def _norm(text: str) -> str:
    """Lower-case, '_' -> '-', Arabic 1/2/5 before 寸 -> Chinese numerals, for forgiving lookups."""
    text = text.strip().lower().replace("_", "-")
    for digit, zh in (("1", "一"), ("2", "二"), ("5", "五")):
        text = text.replace(digit + "寸", zh + "寸")
    return text


def _pool(templates: Mapping[str, Template] | None) -> Mapping[str, Template]:
    """The given templates, else the built-ins plus the user's."""
    return default_templates() if templates is None else templates


def search_templates(query: str, *, templates: Mapping[str, Template] | None = None) -> tuple[Template, ...]:
    """Templates whose id, names, country or use contain every word of `query`, best first."""
    pool = list(_pool(templates).values())
    words = _norm(query).split()
    if not words:
        return tuple(pool)

    def rank(t: Template) -> int | None:
        hay = _norm(" ".join((t.id, t.name_zh, t.name_en, t.country, t.use)))
        if not all(w in hay for w in words):
            return None
        q, tokens = " ".join(words), re.split(r"[\s\-/()（）,]+", hay)
        if t.id == q or t.id.startswith(q):
            return 0 if t.id == q else 1
        return 2 if all(any(tok.startswith(w) for tok in tokens) for w in words) else 3

    hits = [(r, i, t) for i, t in enumerate(pool) if (r := rank(t)) is not None]
    return tuple(t for _, _, t in sorted(hits, key=lambda h: (h[0], h[1])))


def get_template(template_id: str, *, templates: Mapping[str, Template] | None = None) -> Template:
    """One template by id (TemplateError listing close matches if unknown)."""
    pool = _pool(templates)
    key = _norm(template_id)
    if key in pool:
        return pool[key]
    near = difflib.get_close_matches(key, list(pool), n=5, cutoff=0.5)
    near += [t.id for t in search_templates(template_id, templates=pool) if t.id not in near][: 5 - len(near)]
    hint = (f"; did you mean: {', '.join(near)}?" if near else
            "; `idphoto templates` lists every id (the HTTP API: GET /templates)")
    err = TemplateError(f"unknown template {template_id!r}{hint}")
    err.template_id, err.field, err.suggestions = template_id, "id", tuple(near)
    raise err


def group_templates(*, by: str = "country",
                    templates: Mapping[str, Template] | None = None) -> dict[str, tuple[Template, ...]]:
    """Templates grouped by "country" or "use" (the GUI's tree), groups and members in file order."""
    if by not in ("country", "use"):
        raise ValueError(f"group by 'country' or 'use', not {by!r}")
    out: dict[str, list[Template]] = {}
    for t in _pool(templates).values():
        out.setdefault(getattr(t, by), []).append(t)
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=1)
def load_colours() -> tuple[NamedColour, ...]:
    """Named background colours (default first); a broken entry raises TemplateError naming it."""
    out: list[NamedColour] = []
    for entry in _read_entries(resources_dir() / "colours.json", "colours"):
        try:
            colour = NamedColour(**{f.name: entry[f.name] for f in fields(NamedColour)})
        except (KeyError, TypeError) as exc:
            raise _error(str(entry.get("id", "?")), str(exc), "bad colour entry") from exc
        if not _HEX_RE.match(colour.hex) or colour.id in {c.id for c in out}:
            raise _error(colour.id, "hex", f"bad or duplicate colour {colour.hex!r}")
        out.append(colour)
    return tuple(out)
