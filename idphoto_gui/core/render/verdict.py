"""The verdict on a photo however it was taken (`idphoto check`, the API's /check): every finding, even for a
turned face or a photo with no legal crop; the session renders, this decides what can be judged."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..analysis.pipeline import Analysis
from ..errors import CropError
from ..templates.colours import Background
from ..templates.template import Template
from . import compliance
from .compliance import Finding
from .result import PhotoResult
from .retouch.look import Look
from .session import PhotoSession


@dataclass(frozen=True)
class Verdict:
    """Every finding on one photo (what `check` and the API's /check answer), the render when a crop exists."""

    findings: tuple[Finding, ...]
    legal_crop: bool
    result: "PhotoResult | None"


def judge_photo(analysis: Analysis, template: Template, *, background: Background | None = None,
                dpi: int | None = None, look: Look = Look()) -> Verdict:
    """Judge a photo with a face however turned: a turned face fails on pose (with its angle) and the checks
    that cannot be read at that pose are `not_judged`; no crop at all still gives the face's findings.

    Raises the typed FaceError only for no face / several faces (and LoadError upstream for unreadable files).
    Several faces fail a one-person template; a pair template judges its two people (its session says when the
    photo holds one person or more than two).
    """
    from ..errors import MultipleFacesError
    from ..faces.face_quality.findings import face_findings_for

    others = []
    if not template.is_pair and isinstance(analysis.face_error, MultipleFacesError) and analysis.face is not None:
        n = len(analysis.face_error.faces) or len(analysis.faces)
        others = [compliance.Finding("faces", "fail", float(n), (None, 1.0), "", count=n)]   # the largest is judged
    analysis = analysis.judgeable()
    face = analysis.require_face()
    try:
        result, legal = PhotoSession.for_template(analysis, template, background=background,
                                                  look=look).judge(dpi=dpi)
        if others:
            result = replace(result, findings=compliance.worst_first([*others, *result.findings]))
        return Verdict(result.findings, legal, result)
    except CropError:  # the landmarks give no crop at all: judge the face alone
        th = compliance.THRESHOLDS
        yaw = compliance.judged("yaw", round(face.yaw_deg, 2), (-th["yaw_warn"], th["yaw_warn"]),
                                th["yaw_warn"] - th["yaw_ok"], "deg")
        findings = [*others, compliance.Finding("crop", "fail", None, None, ""), yaw,
                    *compliance.face_findings(analysis.image.rgb, face, th),
                    *face_findings_for(source=analysis.image.rgb, face=face, template=template, thresholds=th,
                                       alpha=analysis.matte.alpha)]
        return Verdict(compliance.worst_first(findings), False, None)
