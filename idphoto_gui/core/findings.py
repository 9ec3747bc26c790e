"""A compliance finding: a stable code, a severity, the number and the allowed range (every check returns these).

The severity follows one rule (`severity`, docs/adr/0008-verdict.md): a value outside the allowed range
fails; inside but within `near` of a bound, or an advisory finding, warns; inside is ok. `info` is a fact
that needs no action (background replaced, crop mode); `not_judged` says a check could not be made and why.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

SEVERITIES = ("info", "ok", "not_judged", "warn", "fail")   # mildest first
QUIET = ("info", "ok", "not_judged", "pass")                 # nothing to do about these

Allowed = tuple[float | None, float | None]


@dataclass(frozen=True)
class Finding:
    """One check: a stable code, the number, the allowed range and which variant spoke; its sentences live in
    the words tables (core.render.words)."""

    code: str
    severity: str                                  # one of SEVERITIES
    value: float | None
    allowed: Allowed | None                        # the limit: a value outside it fails
    unit: str
    reason: str = ""                                # which variant of this check spoke (a stable key the
                                                   # window translates: 'teeth', 'altered' ...); '' = the plain one
    person: str = ""                                # whom it is about in a photo of two: 'left', 'right'; '' = all
    count: int | None = None                        # how many, where the sentence names it (spots removed)


def outside(value: float | None, allowed: Allowed | None) -> bool:
    """True when a measured value lies outside its limit (None on either side: no bound there)."""
    if value is None or allowed is None:
        return False
    lo, hi = allowed
    return (lo is not None and value < lo) or (hi is not None and value > hi)


def severity(value: float | None, allowed: Allowed | None, near: float = 0.0, *, advisory: bool = False) -> str:
    """The one rule: outside the limit fail; within `near` of a bound inside it, or advisory, warn; else ok."""
    if outside(value, allowed):
        return "fail"
    if advisory:
        return "warn"
    if value is None or allowed is None or near <= 0:
        return "ok"
    lo, hi = allowed
    close = (lo is not None and value < lo + near) or (hi is not None and value > hi - near)
    return "warn" if close else "ok"


def judged(code: str, value: float | None, allowed: Allowed | None, near: float, unit: str, reason: str = "", *,
           advisory: bool = False) -> Finding:
    """A Finding whose severity comes from its value and limit by `severity` (never chosen by hand)."""
    return Finding(code, severity(value, allowed, near, advisory=advisory), value, allowed, unit, reason)


def not_judged(code: str, reason: str = "") -> Finding:
    """A check that could not be made (extreme pose, a face patch too small): listed, never silently dropped."""
    return Finding(code, "not_judged", None, None, "", reason)


def worst_first(findings: Any) -> tuple[Finding, ...]:
    """Findings sorted fail, warn, not_judged, ok, info (stable within a severity)."""
    rank = {s: i for i, s in enumerate(reversed(SEVERITIES))}
    return tuple(sorted(findings, key=lambda f: rank.get(f.severity, 1)))


def failures(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """The findings that fail: what the print gate lists before a save or a print."""
    return tuple(f for f in findings if f.severity == "fail")


INVENTED = ("body_extended",)   # content painted in past the photo's edge (shoulders): the gate asks about it too


def gated(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """What Save and Print ask about before going on: every `fail`, and invented shoulders (body_extended)."""
    return tuple(f for f in findings if f.severity == "fail" or (f.code in INVENTED and f.severity != "ok"))


def status(findings: Iterable[Any]) -> str:
    """A photo's verdict: "fail" when any finding fails, "warn" when the worst is a warning, else "ok"."""
    sev = {str(f.severity).lower() for f in findings}
    return "fail" if "fail" in sev else "warn" if sev - set(QUIET) else "ok"
