"""A finding's and an error's words, in one table per language (resources/words/<lang>.json).

The core's checks return codes and values (`Finding`, typed errors); this module is the one place that turns
them into sentences, for the window, the kiosk, the command line and the HTTP API alike. Keys are stable
codes; `{name}` in a sentence holds a value. A key missing from a language falls back to English.
"""
from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..findings import Finding, outside
from ..paths import resources_dir

if TYPE_CHECKING:
    from ..errors import CropError

log = logging.getLogger(__name__)

LANGUAGES = ("en", "zh_CN")
SIGNED = ("centre", "roll", "yaw", "pitch", "gaze")        # shown as a magnitude: the advice says which way
LOOKS = ("light", "retouch")


@lru_cache(maxsize=None)
def table(lang: str = "en") -> dict[str, str]:
    """Every sentence of one language by key (read once)."""
    path = resources_dir() / "words" / f"{lang if lang in LANGUAGES else 'en'}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def has(key: str) -> bool:
    """True when the English table holds `key` (every key is English first)."""
    return key in table("en")


def say(key: str, lang: str = "en", **values: Any) -> str:
    """The sentence for `key` in `lang` with its values filled in; '(s)' follows `n` ('1 spot', '2 spots')."""
    text = table(lang).get(key) or table("en")[key]
    if "n" in values:
        text = text.replace("(s)", "" if values["n"] == 1 else "s")
    return text.format(**values) if values else text


def num(value: Any, digits: int = 1) -> str:
    """A number without trailing zeros ('32', '31.2')."""
    if isinstance(value, float):
        text = f"{value:.{digits}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text
    return str(value)


def unit(name: str | None, lang: str = "en") -> str:
    """The unit after a number, joined by a no-break space: a wrapped line never starts with a lone 'mm'."""
    if name in ("mm", "px"):
        return "\u00a0" + say(f"unit.{name}", lang)
    return {"deg": "°", "x": "×", "%": "%"}.get(name or "", "")


def allowed_text(allowed: Any, unit_name: str | None, lang: str = "en") -> str:
    """'32–36 mm', '±3°', 'at most 1.5×' or 'at least 90 px'."""
    u = unit(unit_name, lang)
    if not isinstance(allowed, (tuple, list)) or len(allowed) != 2:
        return ""
    lo, hi = allowed
    if lo is None and hi is None:
        return ""
    if lo is None:
        return say("range.at_most", lang, limit=f"{num(hi)}{u}")
    if hi is None:
        return say("range.at_least", lang, limit=f"{num(lo)}{u}")
    if lo == -hi:
        return f"±{num(hi)}{u}"
    return f"{num(lo)}–{num(hi)}{u}"


# --- errors ------------------------------------------------------------------------------------------------

def error_title(code: str, lang: str = "en") -> str:
    """A short headline for an error banner."""
    key = f"error.title.{code}"
    return say(key if has(key) else "error.title.other", lang)


def error_hint(code: str, lang: str = "en") -> str:
    """What the user can do about an error, in one sentence."""
    key = f"error.hint.{code}"
    return say(key if has(key) else "error.hint.other", lang)


def turned_hint(yaw: float | None, lang: str = "en") -> str:
    """'The face is turned 47.1°: turn it to the person's right…' ('' without an angle); the direction is the
    person's own, as the pose check's advice."""
    if yaw is None:
        return ""
    return say("turned.right" if yaw > 0 else "turned.left", lang, angle=f"{abs(yaw):.1f}")


def shortfall_text(err: CropError, lang: str = "en") -> str:
    """'The photo ends through the head: 1.7 mm above the head, 1.3 mm at the left missing…' from a CropError."""
    sf = err.shortfall
    if sf is None:
        return error_hint("crop", lang)
    sides = (("top", sf.top), ("bottom", sf.bottom), ("left", sf.left), ("right", sf.right))
    parts = [say(f"shortfall.{side}", lang, value=f"{mm:.1f}") for side, mm in sides if mm > 0.05]
    missing = say("shortfall.join", lang).join(parts)
    return say("shortfall.no_room" if err.no_room else "shortfall.head_cut", lang, missing=missing)


# --- findings in the window's words (and the CLI's and API's `message`) -------------------------------------

def finding_text(f: Finding, lang: str = "en") -> str:
    """'Head height 31.2 mm, needs 32–36 mm: zoom the crop…': what was measured, the limit, what to do."""
    code, value = f.code, f.value
    if code in LOOKS and f.severity == "info":
        return _look(f, lang)
    if code == "garment":
        return _garment(f, lang)
    if f.severity == "not_judged":
        return not_judged_text(code, lang)
    ok = f.severity in ("ok", "info")
    if code == "body_extended" and value is not None:
        return _body(f, ok, lang)
    label = label_of(code, f.reason, lang)
    if not label or value is None:
        return _plain(f, ok, lang)
    if code == "exposure":
        shown, allowed = f"{num(value)}/255", allowed_text(f.allowed, "", lang)
    else:
        digits = 2 if f.unit == "x" else 0 if code in ("eye_distance", "sharpness") else 1
        if f.severity == "fail" and digits == 1 and not outside(round(value, 1), f.allowed):
            digits = 2   # a fail that rounds into the range shows the digit that fails it (31.96, not 32)
        shown = f"{num(abs(value) if code in SIGNED else value, digits)}{unit(f.unit, lang)}"
        allowed = allowed_text(f.allowed, f.unit, lang)
    text = f"{label} {shown}"
    if allowed:
        text += say("range.ok" if ok else "range.needs", lang, allowed=allowed)
    todo = "" if ok else advice(code, value, lang, f.reason)
    return f"{text}{say('colon', lang)}{todo}" if todo else text


def person_text(f: Finding, lang: str = "en") -> str:
    """finding_text, with whom it is about in a photo of two: 'Left person: The eyes look closed'."""
    return with_person(f, finding_text(f, lang), lang)


def with_person(f: Finding, text: str, lang: str = "en") -> str:
    """`text` prefixed with whom the finding is about in a photo of two ("Left person: ..."), else as is."""
    return say(f"person.{f.person}", lang, text=text) if f.person in ("left", "right") else text


def label_of(code: str, reason: str = "", lang: str = "en") -> str:
    """Name of a measured quantity, as a sentence start ('' for a check without a number worth showing);
    a pair's head height and eye line are the two heads' mean."""
    mean = f"label.mean.{code}"
    if reason in ("mean", "apart") and has(mean):
        return say(mean, lang)
    return say(f"label.{code}", lang) if has(f"label.{code}") else ""


def advice(code: str, value: float, lang: str = "en", reason: str = "") -> str:
    """What to do about a measured finding that is not ok (which way to turn or move), '' if nothing to say."""
    if reason == "past_photo":
        return say("advice.past_photo", lang)
    if code == "yaw":
        return say("advice.yaw.right" if value > 0 else "advice.yaw.left", lang)
    if code == "pitch":
        return say("advice.pitch.down" if value > 0 else "advice.pitch.up", lang)
    key = next((k for k in (f"advice.{code}.{reason}", f"advice.{code}") if has(k)), "")
    return say(key, lang) if key else ""


def not_judged_text(code: str, lang: str = "en") -> str:
    """'Eyes not judged: ...' for a check that could not be made (a turned head, a face cut by the edge)."""
    name = say(f"not_judged.{code}", lang) if has(f"not_judged.{code}") else code
    return say("not_judged", lang, name=name)


def _body(f: Finding, ok: bool, lang: str) -> str:
    """What was painted in past the photo's edge (below the chin line, at the sides, or plain), and what to do."""
    kind = f.reason if f.reason in ("sides", "plain") else "below"
    done = say(f"body.{kind}", lang, value=num(f.value))
    todo = advice("body_extended", 0.0, lang, f.reason if f.reason in ("retake", "dress") else "")
    return done if ok else f"{done}{say('colon', lang)}{todo}"


def _plain(f: Finding, ok: bool, lang: str) -> str:
    """A finding without a number worth showing: its variant's sentence, else its state's."""
    code, reason = f.code, f.reason
    if code == "cutout":
        return say(f"cutout.{reason}" if has(f"cutout.{reason}") else "cutout.core", lang)
    if code == "faces":
        return say("plain.faces.bad", lang, n=f.count or int(f.value or 0))
    face = _face(f)
    state = "ok" if ok else "bad"
    variant = f"plain.{code}.{reason}" if reason and not (ok and reason == "past_photo") else ""
    for key in (variant, f"plain.{code}.{state}", face):
        if key and has(key):
            return say(key, lang)
    log.warning("no words for finding %s/%s/%s", code, f.severity, reason)
    return code


def _face(f: Finding) -> str:
    """The key of a face check's sentence (eyes, mouth, expression, glasses, covering, shadows)."""
    if f.code == "expression":
        return f"face.expression.{f.reason or 'ok'}"   # teeth, open, smile, parted: set by the check
    if f.code == "eyes_open" and f.value is None:
        return "face.eyes_open.unjudged"
    return f"face.{f.code}.{f.severity if f.severity in ('ok', 'fail') else 'warn'}"


def _garment(f: Finding, lang: str) -> str:
    """The clothing replaced with a garment (its name in `lang`), refused by the document's rule, or missing."""
    from ..body.garments import GarmentError, find, studio_folder

    if f.reason == "not_allowed":
        return say("garment.not_allowed", lang)
    if f.reason == "missing":
        return say("garment.missing", lang)
    try:
        g = find(f.reason, studio_folder())
        name = (g.name_zh or g.name_en) if lang.startswith("zh") else (g.name_en or g.name_zh)
    except GarmentError:
        name = f.reason
    return say("garment.replaced", lang, name=name)


def _look(f: Finding, lang: str) -> str:
    """What light, colour and retouch did to the photo, with the amount (an info finding)."""
    value = float(f.value or 0.0)
    if f.code == "light":
        key = f"light.{f.reason}" if has(f"light.{f.reason}") else "light.auto"
        return say(key, lang, ev=f"{value:+.2f}")
    key = f"retouch.{f.reason}" if has(f"retouch.{f.reason}") else "retouch.free"
    return say(key, lang, strength=f"{value:.0f}", n=f.count or 0)


# --- findings in the kiosk's words (the customer's: what is right, or what to do) ---------------------------

def kiosk_sentence(f: Finding, lang: str = "en") -> str:
    """One plain sentence for a finding; in a photo of two it says whom it is about ("Left person: ...")."""
    return with_person(f, _kiosk(f, lang), lang)


def _kiosk(f: Finding, lang: str) -> str:
    code = f.code
    if f.severity == "info":
        key = f"kiosk.done.{code}"
        return say(key if has(key) else "kiosk.done.other", lang)
    if f.severity == "ok":
        key = f"kiosk.good.{code}"
        return say(key if has(key) else "kiosk.good.other", lang)
    for key in (f"kiosk.bad.{code}.{f.reason}" if f.reason else "", f"kiosk.bad.{code}.{_direction(f)}",
                f"kiosk.bad.{code}"):
        if key and has(key):
            return say(key, lang)
    return say("kiosk.bad.other", lang)


def _direction(f: Finding) -> str:
    """'low' below the allowed range, 'high' above it, '' inside or without a range."""
    if f.value is None or f.allowed is None:
        return ""
    lo, hi = f.allowed
    if lo is not None and f.value < lo:
        return "low"
    if hi is not None and f.value > hi:
        return "high"
    return ""


def kiosk_blocked(blockers: tuple, lang: str = "en") -> str:
    """Why the photo cannot be printed, in one sentence (the worst reason)."""
    return say("kiosk.blocked", lang, text=kiosk_sentence(blockers[0], lang)) if blockers else ""


def kiosk_face_problem(code: str, lang: str = "en") -> str:
    """A photo without one usable face, in one sentence."""
    key = f"kiosk.face.{code}"
    return say(key if has(key) else "kiosk.face.other", lang)
