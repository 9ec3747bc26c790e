"""Reports as plain JSON data: a finished photo (template, measurements, findings, output) and a template.

Every front end that reports (command line, batch, HTTP API) uses these, so their reports agree.
"""
from __future__ import annotations

from ..findings import QUIET, status  # noqa: F401 - QUIET re-exported
from .words import person_text


def jsonable(value):
    """Dataclasses, tuples, numpy scalars/arrays and paths as plain JSON values."""
    import dataclasses
    from pathlib import PurePath

    import numpy as np

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not isinstance(getattr(value, f.name), np.ndarray)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, float):
        return round(value, 3)
    return value


FINDING_FIELDS = ("code", "severity", "value", "allowed", "unit", "message")


def finding_dict(finding) -> dict:
    """A compliance finding as the report's fields, its `message` the words table's English sentence (plus
    `person` when it is about one of two people)."""
    out = {k: jsonable(getattr(finding, k, None)) for k in FINDING_FIELDS if k != "message"}
    out["message"] = person_text(finding)
    if getattr(finding, "person", ""):
        out["person"] = finding.person
    return out


def worst_severity(findings) -> str:
    """Status of a finished photo: "fail" when any check fails, "warn" when the worst is a warning, else "ok"."""
    return status(findings)


def findings_summary(findings) -> str:
    """Short text for a CSV cell: the checks that need attention, `code: message; ...`."""
    return "; ".join(f"{f.code}: {person_text(f)}" for f in findings if str(f.severity).lower() not in QUIET)


def photo_report(*, source: str, result, saved) -> dict:
    """The JSON report of one finished photo: template, measurements, findings, output."""
    t = result.template
    return {
        "input": source,
        "template": {"id": t.id, "name_zh": t.name_zh, "name_en": t.name_en,
                     "width_mm": t.width_mm, "height_mm": t.height_mm, "dpi": result.dpi,
                     "head_height_mm": jsonable(t.head_height_mm), "eye_line_mm": jsonable(t.eye_line_mm),
                     "max_kb": t.max_kb, "min_kb": t.min_kb},
        "background": "original" if result.original_background else "#{:02X}{:02X}{:02X}".format(*result.background),
        "look": jsonable(getattr(result, "look", None)),
        "measurements": jsonable(result.measurements),
        "findings": [finding_dict(f) for f in result.findings],
        **({"people": [dict(person=side, **jsonable(m)) for side, m in zip(("left", "right"), result.people)]}
           if getattr(result, "people", ()) else {}),
        "status": worst_severity(result.findings),
        "output": {"path": saved.path, "bytes": saved.bytes, "pixel_size": list(saved.pixel_size),
                   "dpi": round(saved.dpi), "quality": saved.quality, "scaled": saved.scaled,
                   "format": saved.format},
    }


def template_dict(t) -> dict:
    """One template as plain JSON data."""
    w, h = t.pixel_size()
    return {"id": t.id, "name_zh": t.name_zh, "name_en": t.name_en, "country": t.country, "use": t.use,
            "width_mm": t.width_mm, "height_mm": t.height_mm, "dpi": t.dpi, "pixels": [w, h],
            "head_height_mm": list(t.head_height_mm),
            "eye_line_mm": list(t.eye_line_mm) if t.eye_line_mm else None,
            "backgrounds": list(t.backgrounds), "max_kb": t.max_kb, "min_kb": t.min_kb,
            "source": t.source, "confidence": t.confidence,
            "alteration": t.alteration, "alteration_source": t.alteration_source}
