"""Kiosk settings (kiosk.json): what the operator offers, the hashed PIN, the counters, the print gate.

Qt-free so the schema, the PIN hashing and the gate are tested without a window. The file is the
only thing the kiosk writes besides print jobs (and it holds counts only if the operator enables
them, never images). Schema and defaults: docs/kiosk.md, "kiosk.json".
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import IdPhotoError, OutOfRangeError
from ..imaging.files import write_atomic
from ..numbers import parse_number
from ..templates.colours import Background, ColourError, template_colours
from ..templates.template import Template
from .pin import PinHash, parse_pin
from ..render.retouch.look import Look

log = logging.getLogger(__name__)


class KioskConfigError(IdPhotoError):
    """kiosk.json cannot be read or holds a value outside its schema."""

    code = "kiosk_config"

SCHEMA = 1
FULL_SHEET = 0                       # a copies choice meaning "as many as fit on the paper"
COUNTERS = ("customers", "photos", "prints", "blocked", "faults")
@dataclass(frozen=True)
class KioskConfig:
    """What the customer is offered and how the kiosk behaves; defaults make a working kiosk."""

    documents: tuple[str, ...] = ("cn-1inch", "cn-2inch", "cn-passport", "icao-35x45")
    paper: str = "4r"
    copies: tuple[int, ...] = (4, 8, FULL_SHEET)
    colours: tuple[Background, ...] = ()  # colours the operator allows; empty = every colour a document allows
    language: str = "zh_CN"          # the attract screen's language; the customer may switch
    printer: str = ""                # printer name; "" = the system default
    pdf_folder: str = ""             # print to PDF files here instead of a printer (tests, print servers)
    dpi: int = 300
    timeout_s: int = 60              # inactivity before the warning
    warning_s: int = 10              # the warning's countdown before the reset
    thanks_s: int = 8                # the thank-you screen's time before Start
    count: bool = False              # keep the counters in this file
    camera: str = ""                 # camera device id; "" = the system default
    auto_light: bool = False         # correct exposure and white balance of every photo (retouch/light.py)
    retouch: int = 0                 # retouch strength 0-100 (0 = off), only where the document allows it
    garment: str = "none"            # the garment offered (core/body/garments) on documents that allow it (free)
    garments: tuple[str, ...] = ()   # the garments the customer may choose from (None first); () = no choice
    pin: PinHash | None = None
    counters: Mapping[str, int] = field(default_factory=dict)
    pin_problem: str = ""            # why a PIN block in the file was not accepted (the operator is told)

    @property
    def has_pin(self) -> bool:
        """False on first start: the operator must set a PIN before anything else."""
        return self.pin is not None


_NAME = "kiosk.json"
LANGUAGES = ("en", "zh_CN")
MAX_FILE_BYTES = 1_000_000           # a kiosk.json is a few KB
_FIX = "delete it to start with the defaults, or write a JSON object { ... } (docs/kiosk.md)"


def _bad(key: str, expected: str, value: Any) -> KioskConfigError:
    """The one message shape: which key, what it must be, what it was."""
    shown = json.dumps(value, ensure_ascii=False) if isinstance(value, (str, int, float, bool)) or value is None \
        else type(value).__name__.replace("dict", "an object").replace("list", "a list")
    shown = shown if len(shown) <= 40 else shown[:40] + "…"
    return KioskConfigError(f'{_NAME}: "{key}" must be {expected}, not {shown}')


def _whole(key: str, value: Any, lo: int, hi: int) -> int:
    """A JSON number that is a whole number in [lo, hi] (not text, not true/false)."""
    expected = f"a whole number from {lo} to {hi}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _bad(key, expected, value)
    try:
        return int(parse_number(value, key, integer=True, lo=lo, hi=hi))
    except OutOfRangeError:
        raise _bad(key, expected, value) from None


def _wholes(key: str, value: Any, lo: int, hi: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _bad(key, f"a list of whole numbers from {lo} to {hi}", value)
    return tuple(dict.fromkeys(_whole(f"{key}[{i}]", v, lo, hi) for i, v in enumerate(value)))


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise _bad(key, "text (a JSON string)", value)
    return value


def _texts(key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(key, "a list of text (JSON strings)", value)
    return tuple(value)


def _flag(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _bad(key, "true or false", value)
    return value


def _counters(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise _bad("counters", "an object of whole numbers", value)
    return {k: _whole(f"counters.{k}", v, 0, 10 ** 12) for k, v in value.items() if k in COUNTERS}


def _colours(value: Any) -> tuple[Background, ...]:
    """The operator's colours: names, "#RRGGBB" or "r,g,b" (KioskConfigError naming the one that is not)."""
    out = []
    for i, text in enumerate(_texts("colours", value)):
        try:
            out.append(Background.parse(text))
        except (ColourError, ValueError):
            raise _bad(f"colours[{i}]", 'a colour ("#RRGGBB", "r,g,b" or a name)', text) from None
    return tuple(out)


def _documents(value: Any, known: set[str]) -> tuple[str, ...]:
    docs = _texts("documents", value)
    if known:
        dropped = [t for t in docs if t not in known]
        if dropped:
            log.warning("kiosk.json: unknown documents %s ignored", dropped)
        docs = tuple(t for t in docs if t in known)
    return docs


def look_for(config: KioskConfig, alteration: str) -> Look:
    """The light, retouch and garment the operator switched on, as far as a document allows (none: no retouch;
    a garment only where the alteration is free)."""
    return Look(light="auto" if config.auto_light else "off",
                retouch=config.retouch if alteration != "none" else 0,
                garment=config.garment if alteration == "free" else "none")


def from_dict(data: Any, *, known_templates: Iterable[str] = ()) -> KioskConfig:
    """Validate kiosk.json's content: KioskConfigError naming the key and the expected type; unknown keys
    ignored, unknown documents dropped with a warning, an unsound PIN block = no PIN (`pin_problem` says why)."""
    if not isinstance(data, dict):
        raise _bad("(the whole file)", "a JSON object { ... }", data)
    d = KioskConfig()
    get = data.get
    language = _text("language", get("language", d.language))
    if language not in LANGUAGES:
        raise _bad("language", " or ".join(f'"{x}"' for x in LANGUAGES), language)
    pin, pin_problem = parse_pin(get("pin"))
    if pin_problem:
        log.warning("kiosk.json: %s; the PIN is unset, the operator must set a new one", pin_problem)
    return replace(
        d, documents=_documents(get("documents", list(d.documents)), set(known_templates)) or d.documents,
        paper=_text("paper", get("paper", d.paper)),
        copies=_wholes("copies", get("copies", list(d.copies)), 0, 100) or d.copies,
        colours=_colours(get("colours", [])),
        language=language, printer=_text("printer", get("printer", d.printer)),
        pdf_folder=_text("pdf_folder", get("pdf_folder", d.pdf_folder)),
        dpi=_whole("dpi", get("dpi", d.dpi), 150, 1200),
        timeout_s=_whole("timeout_s", get("timeout_s", d.timeout_s), 1, 3600),
        warning_s=_whole("warning_s", get("warning_s", d.warning_s), 0, 600),
        thanks_s=_whole("thanks_s", get("thanks_s", d.thanks_s), 1, 600),
        count=_flag("count", get("count", d.count)), camera=_text("camera", get("camera", d.camera)),
        auto_light=_flag("auto_light", get("auto_light", d.auto_light)),
        retouch=_whole("retouch", get("retouch", d.retouch), 0, 100),
        garment=_text("garment", get("garment", d.garment)) or "none",
        garments=tuple(dict.fromkeys(g for g in _texts("garments", get("garments", [])) if g != "none")),
        pin=pin, pin_problem=pin_problem, counters=_counters(get("counters", {})))


def to_dict(config: KioskConfig) -> dict[str, Any]:
    """The JSON form (counters only when counting is on)."""
    out = asdict(config)
    out.pop("pin_problem")
    out["schema"] = SCHEMA
    out["documents"], out["copies"] = list(config.documents), list(config.copies)
    out["garments"] = list(config.garments)
    out["colours"] = [c.hex for c in config.colours]
    out["counters"] = dict(config.counters) if config.count else {}
    return out


def load_config(path: str | os.PathLike, *, known_templates: Iterable[str] = ()) -> KioskConfig:
    """kiosk.json, or the defaults when it does not exist yet (first start)."""
    file = Path(path)
    if not file.exists():
        return KioskConfig()
    try:
        if file.stat().st_size > MAX_FILE_BYTES:
            raise KioskConfigError(f"{file}: larger than {MAX_FILE_BYTES // 1000} KB; not a kiosk.json")
        text = file.read_text(encoding="utf-8")
        if not text.strip():
            raise KioskConfigError(f"{file} is empty: {_FIX}")
        data = json.loads(text, parse_constant=_no_constant)
    except KioskConfigError:
        raise
    except OSError as exc:
        raise KioskConfigError(f"cannot read {file}: {exc.strerror or exc}", path=str(file)) from exc
    except UnicodeDecodeError:
        raise KioskConfigError(f"{file} is not UTF-8 text: {_FIX}", path=str(file)) from None
    except ValueError as exc:
        raise KioskConfigError(f"{file} is not valid JSON ({exc}): {_FIX}", path=str(file)) from None
    except RecursionError:
        raise KioskConfigError(f"{file} is nested too deeply to be a kiosk.json", path=str(file)) from None
    try:
        return from_dict(data, known_templates=known_templates)
    except KioskConfigError as exc:
        raise KioskConfigError(str(exc).replace(_NAME, str(file), 1), path=str(file)) from None


def _no_constant(name: str) -> None:
    """json.loads hook: NaN and Infinity are not JSON numbers."""
    raise ValueError(f"{name} is not a number")


def save_config(config: KioskConfig, path: str | os.PathLike) -> Path:
    """Write kiosk.json atomically (creating its folder)."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(to_dict(config), ensure_ascii=False, indent=2) + "\n"
    return write_atomic(text.encode("utf-8"), file)


# ---- counters and the print gate ---------------------------------------------------------------------
def counted(config: KioskConfig, name: str, by: int = 1) -> KioskConfig:
    """The config with one counter raised (kept in memory; saved only when counting is on)."""
    if name not in COUNTERS:
        raise KeyError(name)
    counters = dict(config.counters)
    counters[name] = counters.get(name, 0) + by
    return replace(config, counters=counters)


def print_blockers(findings: Iterable[Any]) -> tuple[Any, ...]:
    """The findings that forbid printing: every one with severity 'fail' (worst first as given)."""
    return tuple(f for f in findings if getattr(f, "severity", "") == "fail")


def clothing_choices(template: Template, config: KioskConfig, known: Iterable[str]) -> tuple[str, ...]:
    """What the customer may wear: "none" (their own clothing) first, then the operator's garments that exist;
    () when kiosk.json offers no choice or the document does not allow the clothing to be replaced."""
    if template.alteration != "free" or template.is_pair or not config.garments:
        return ()
    have = set(known)
    missing = [g for g in config.garments if g not in have]
    if missing:
        log.warning("kiosk.json: unknown garments %s not offered (see `idphoto garments`)", missing)
    offered = tuple(g for g in config.garments if g in have)
    return ("none", *offered) if offered else ()


def offered_colours(template: Template, config: KioskConfig) -> tuple[Background, ...]:
    """The colours a customer may pick: the template's, narrowed to the operator's list (never empty)."""
    allowed = template_colours(template)
    if not config.colours:
        return tuple(allowed)
    picked = tuple(c for c in allowed if c in config.colours)
    return picked or tuple(allowed[:1])
