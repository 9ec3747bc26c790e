"""Kiosk settings (kiosk.json): what the operator offers, the hashed PIN, the counters, the print gate.

Qt-free so the schema, the PIN hashing and the gate are tested without a window. The file is the
only thing the kiosk writes besides print jobs (and it holds counts only if the operator enables
them, never images). Schema and defaults: README, "Kiosk mode".
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import IdPhotoError
from ..imaging.export import write_atomic
from ..templates.colours import Background, template_colours
from ..templates.specs import Template

log = logging.getLogger(__name__)


class KioskConfigError(IdPhotoError):
    """kiosk.json cannot be read or holds a value outside its schema."""

    code = "kiosk_config"

SCHEMA = 1
FULL_SHEET = 0                       # a copies choice meaning "as many as fit on the paper"
COUNTERS = ("customers", "photos", "prints", "blocked", "faults")
PIN_DIGITS = (4, 8)                  # shortest and longest PIN
# scrypt cost: ~50 ms on one core, 16 MiB (RFC 7914 interactive-login guidance: N=2^14, r=8, p=1).
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}


@dataclass(frozen=True)
class PinHash:
    """A salted scrypt hash of the operator PIN (hex strings, so kiosk.json stays text)."""

    salt: str
    hash: str
    algo: str = "scrypt"
    n: int = SCRYPT["n"]
    r: int = SCRYPT["r"]
    p: int = SCRYPT["p"]


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
    pin: PinHash | None = None
    counters: Mapping[str, int] = field(default_factory=dict)

    @property
    def has_pin(self) -> bool:
        """False on first start: the operator must set a PIN before anything else."""
        return self.pin is not None


def _ints(values: Iterable[Any], *, lo: int, hi: int) -> tuple[int, ...]:
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ValueError(f"{v!r} is not a whole number from {lo} to {hi}")
        out.append(v)
    return tuple(dict.fromkeys(out))


def from_dict(data: Mapping[str, Any], *, known_templates: Iterable[str] = ()) -> KioskConfig:
    """Validate kiosk.json's content; unknown keys are ignored, unknown documents dropped with a warning."""
    d = KioskConfig()
    try:
        known = set(known_templates)
        docs = tuple(str(t) for t in data.get("documents", d.documents))
        if known:
            dropped = [t for t in docs if t not in known]
            if dropped:
                log.warning("kiosk.json: unknown documents %s ignored", dropped)
            docs = tuple(t for t in docs if t in known)
        pin = data.get("pin")
        cfg = replace(
            d, documents=docs or d.documents, paper=str(data.get("paper", d.paper)),
            copies=_ints(data.get("copies", d.copies), lo=0, hi=100) or d.copies,
            colours=tuple(Background.parse(str(c)) for c in data.get("colours", d.colours)),
            language=str(data.get("language", d.language)), printer=str(data.get("printer", d.printer)),
            pdf_folder=str(data.get("pdf_folder", d.pdf_folder)),
            dpi=_ints([data.get("dpi", d.dpi)], lo=150, hi=1200)[0],
            timeout_s=_ints([data.get("timeout_s", d.timeout_s)], lo=1, hi=3600)[0],
            warning_s=_ints([data.get("warning_s", d.warning_s)], lo=0, hi=600)[0],
            thanks_s=_ints([data.get("thanks_s", d.thanks_s)], lo=1, hi=600)[0],
            count=bool(data.get("count", d.count)), camera=str(data.get("camera", d.camera)),
            pin=PinHash(**pin) if pin else None,
            counters={k: int(v) for k, v in dict(data.get("counters", {})).items() if k in COUNTERS})
    except (TypeError, ValueError, AttributeError) as exc:
        raise KioskConfigError(f"kiosk.json is not valid: {exc}") from exc
    if cfg.language not in ("en", "zh_CN"):
        raise KioskConfigError(f"kiosk.json: language must be 'en' or 'zh_CN', not {cfg.language!r}")
    return cfg


def to_dict(config: KioskConfig) -> dict[str, Any]:
    """The JSON form (counters only when counting is on)."""
    out = asdict(config)
    out["schema"] = SCHEMA
    out["documents"], out["copies"], out["colours"] = list(config.documents), list(config.copies), [c.hex for c in config.colours]
    out["counters"] = dict(config.counters) if config.count else {}
    return out


def load_config(path: str | os.PathLike, *, known_templates: Iterable[str] = ()) -> KioskConfig:
    """kiosk.json, or the defaults when it does not exist yet (first start)."""
    file = Path(path)
    if not file.exists():
        return KioskConfig()
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise KioskConfigError(f"cannot read {file}: {exc}", path=str(file)) from exc
    return from_dict(data, known_templates=known_templates)


def save_config(config: KioskConfig, path: str | os.PathLike) -> Path:
    """Write kiosk.json atomically (creating its folder)."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(to_dict(config), ensure_ascii=False, indent=2) + "\n"
    return write_atomic(text.encode("utf-8"), file)


# ---- PIN ----------------------------------------------------------------------------------------
def valid_pin(pin: str) -> bool:
    """Digits only, 4 to 8 of them."""
    return pin.isdigit() and PIN_DIGITS[0] <= len(pin) <= PIN_DIGITS[1]


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)


def hash_pin(pin: str) -> PinHash:
    """A new salted hash of a PIN (ValueError when the PIN is not 4-8 digits)."""
    if not valid_pin(pin):
        raise ValueError("a PIN is 4 to 8 digits")
    salt = secrets.token_bytes(16)
    return PinHash(salt.hex(), _scrypt(pin, salt, **SCRYPT).hex())


def check_pin(pin: str, stored: PinHash | None) -> bool:
    """True when `pin` matches the stored hash (constant-time compare); False when none is set."""
    if stored is None or stored.algo != "scrypt" or not pin.isdigit():
        return False
    digest = _scrypt(pin, bytes.fromhex(stored.salt), stored.n, stored.r, stored.p)
    return hmac.compare_digest(digest.hex(), stored.hash)


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


def offered_colours(template: Template, config: KioskConfig) -> tuple[Background, ...]:
    """The colours a customer may pick: the template's, narrowed to the operator's list (never empty)."""
    allowed = template_colours(template)
    if not config.colours:
        return tuple(allowed)
    picked = tuple(c for c in allowed if c in config.colours)
    return picked or tuple(allowed[:1])
