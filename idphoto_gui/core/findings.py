"""A compliance finding: a stable code, a severity, the number and the allowed range (every check returns these)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

SEVERITIES = ("ok", "warn", "fail")


@dataclass(frozen=True)
class Finding:
    """One check: a stable code the Qt layer translates, the number, the allowed range, English text."""

    code: str
    severity: str                                  # "ok" | "warn" | "fail"
    value: float | None
    allowed: tuple[float | None, float | None] | None
    unit: str
    message_en: str
    reason: str = ""                                # which variant of this check spoke (a stable key the
                                                   # window translates: 'teeth', 'altered' ...); '' = the plain one
    person: str = ""                                # whom it is about in a photo of two: 'left', 'right'; '' = all

    @property
    def message(self) -> str:
        """Alias used by the CLI report."""
        return self.message_en


def worst_first(findings: Any) -> tuple[Finding, ...]:
    """Findings sorted fail, warn, ok (stable within a severity)."""
    rank = {s: i for i, s in enumerate(reversed(SEVERITIES))}
    return tuple(sorted(findings, key=lambda f: rank[f.severity]))


def failures(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """The findings that fail: what the print gate lists before a save or a print."""
    return tuple(f for f in findings if f.severity == "fail")
