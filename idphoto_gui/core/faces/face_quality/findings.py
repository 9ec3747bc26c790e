"""Face measures -> compliance Findings (codes and values for the words tables), with the template's policies."""
from __future__ import annotations

from typing import Any, Mapping

from ...findings import Finding, judged, not_judged
from .measures import FaceMeasures, cached_measures

FACE_CODES = ("pitch", "eyes_open", "gaze", "red_eye", "eyes_visible", "mouth_closed", "expression",
              "glasses", "tinted_lenses", "glasses_glare", "head_covering", "shadows")


def _f(code: str, sev: str, value: float | None, allowed: tuple | None, unit: str, reason: str = "") -> Finding:
    """A Finding with the value rounded for reports (categorical checks: the severity is the category's)."""
    return Finding(code, sev, None if value is None else round(float(value), 3), allowed, unit, reason)


def _rule(code: str, value: float, th: Mapping[str, float], key: str, *, lower: bool = False, signed: bool = False,
          unit: str = "") -> Finding:
    """A measured face check by the one rule: th[key_fail] is the limit, th[key_warn] where `near` begins.

    `lower`: smaller is worse (the limit is a minimum); `signed`: the limit is +-."""
    warn, lim = th[f"{key}_warn"], th[f"{key}_fail"]
    allowed = (lim, None) if lower else (-lim, lim) if signed else (None, lim)
    return judged(code, round(float(value), 3), allowed, abs(warn - lim), unit)


def _gaze(m: FaceMeasures, th: Mapping[str, float]) -> Finding:
    """Looking at the camera: head yaw plus the eyes' turn (degrees from the camera)."""
    return _rule("gaze", m.gaze, th, "gaze", signed=True, unit="deg")


def _eyes(m: FaceMeasures, th: Mapping[str, float], judged_pose: bool) -> list[Finding]:
    """Eyelids, red pupils and hair across the eyes (not judged at extreme pose)."""
    if not judged_pose:
        return [not_judged(c, "pose") for c in ("eyes_open", "red_eye", "eyes_visible")]
    hair = m.hair > th["hair_warn"] or m.strands > th["strands_warn"]
    return [
        _rule("eyes_open", m.eyes_open, th, "eyes_open", lower=True),   # eyelid opening / eye-to-chin distance
        _rule("red_eye", m.red_eye, th, "red_eye"),                     # share of the pupil flash-red
        judged("eyes_visible", round(float(m.strands), 3), None, 0.0, "", advisory=hair),
    ]


def _mouth(m: FaceMeasures, th: Mapping[str, float], template: Any, pose_ok: bool = True) -> list[Finding]:
    """Mouth closed and a neutral expression (a teeth smile or a wide-open mouth fails under strict templates)."""
    if abs(m.yaw) > th["judge_pose_max"] or not pose_ok:
        # the far half of the lips is hidden and the mesh guesses it; the pose finding already fails
        return [not_judged(c, "pose") for c in ("mouth_closed", "expression")]
    f = _rule("mouth_closed", m.mouth_gap, th, "mouth")   # lips apart / eye-to-chin distance
    if f.severity == "ok" and m.lip_teeth > th["lip_teeth_warn"]:
        # the mesh closes lips a few pixels apart; teeth seen between them say otherwise
        f = judged("mouth_closed", f.value, f.allowed, 0.0, "", "teeth", advisory=True)
    return [f, _expression(m, th, template, lips_apart=f.severity != "ok")]


def _expression(m: FaceMeasures, th: Mapping[str, float], template: Any, *, lips_apart: bool) -> Finding:
    """Neutral expression: the classifier's smile, the mouth corners, teeth and the lips' gap in one place."""
    policy = getattr(template, "expression", "strict")
    strict = policy != "lenient"          # teeth, an open mouth and parted lips count
    happy = m.happy > th["smile_happy"]
    # teeth the classifier does not see smiling are a parted mouth, judged below (058: side light, teeth lit)
    teeth = m.teeth > th["teeth_share"] and m.mouth_gap > th["teeth_gap"] and happy
    smile = happy or m.corner_lift > th["smile_lift"] or m.mouth_width > th["smile_width"]
    value = m.teeth if teeth else m.happy if happy else m.corner_lift
    if teeth or m.mouth_gap > th["expression_gap"]:
        sev, reason = ("fail" if strict else "warn"), ("teeth" if teeth else "open")
    elif smile:   # a closed-mouth smile: what the document allows names it, so the sentence never says "keep neutral"
        sev, reason = ("warn", "smile") if policy == "strict" else ("ok", "smile_allowed")
    elif lips_apart and m.neutral < th["parted_neutral"]:
        sev, value, reason = ("warn" if strict else "ok"), m.neutral, "parted"
    else:
        sev, reason = "ok", ""
    return _f("expression", sev, value, None, "", reason)


def tinted_lenses(m: FaceMeasures, th: Mapping[str, float]) -> bool:
    """Lenses that hide the eyes: much darker than the cheeks, or coloured / mirrored."""
    return m.lens_darkness < th["tint_fail"] or m.lens_colour > th["tint_colour"]


def _glare(m: FaceMeasures, th: Mapping[str, float]) -> Finding:
    """Specular highlights on the lenses, or a mirror coating: coloured lenses as bright as the cheeks reflect the scene."""
    if m.lens_colour > th["tint_colour"] and m.lens_darkness > th["mirror_bright"]:
        return _f("glasses_glare", "fail", m.lens_darkness, None, "", "mirrored")
    f = _rule("glasses_glare", m.glare, th, "glare")   # share of the lens area
    if f.severity == "ok" and m.glare_peak > th["glare_peak_warn"]:
        # a small highlight brighter than any lit skin: a reflection on the lens, even short of near-white
        return judged("glasses_glare", round(float(m.glare_peak), 3), None, 0.0, "", "peak", advisory=True)
    return f


def _glasses(m: FaceMeasures, th: Mapping[str, float], template: Any) -> list[Finding]:
    """Glasses per the template's policy; tint and glare whenever lenses are there."""
    tinted = tinted_lenses(m, th)
    worn = tinted or m.bridge_edge > th["glasses_edge"]
    if not worn:
        return [_f("glasses", "ok", m.bridge_edge, None, "")]
    banned = getattr(template, "glasses", "allowed") == "forbidden"
    out = [_f("glasses", "fail" if banned else "warn", m.bridge_edge, None, "")]
    out.append(_f("tinted_lenses", "fail" if tinted else "ok", m.lens_darkness, (th["tint_fail"], None), ""))
    out.append(_glare(m, th))
    return out


def _covering(m: FaceMeasures, th: Mapping[str, float], judged_pose: bool) -> list[Finding]:
    """A hat, cap or scarf: fabric in a colour no hair has (on the crown, or above a light brim), or a dark cover
    over lighter hanging hair (warn)."""
    c = m.covering
    if c is None:
        return []  # no matte to read: the check is not asked for
    if not judged_pose:
        return [not_judged("head_covering", "pose")]
    cues = ((c.fabric > th["covering_fabric"], c.fabric, "fabric"),        # a colour no hair has
            (c.light_brim > th["covering_brim"] and c.top_fabric > th["covering_top_fabric"], c.top_fabric,
             "brim"),                                                        # that colour above a light brim
            (c.crown_l < th["covering_dark"] and c.dark_over_light > th["covering_contrast"],  # nan compares False
             c.dark_over_light, "dark"))                                     # darker than the hair below it
    hit = next((cue for cue in cues if cue[0]), None)
    if hit is not None:
        _, value, why = hit
        return [judged("head_covering", round(float(value), 3), None, 0.0, "", why, advisory=True)]
    return [_f("head_covering", "ok", c.fabric, None, "")]


def face_quality_findings(m: FaceMeasures, *, template: Any, thresholds: Mapping[str, float]) -> list[Finding]:
    """Every face finding for one set of measures."""
    th = thresholds
    pitch = m.pitch - th["pitch_zero"]
    out = [_rule("pitch", pitch, th, "pitch", signed=True, unit="deg")]   # > 0: raised
    pose_ok = max(abs(m.yaw), abs(pitch)) <= th["judge_pose_max"]
    if not tinted_lenses(m, th):  # behind dark lenses the tinted_lenses finding speaks
        gaze = _gaze(m, th) if pose_ok else not_judged("gaze", "pose")
        out += [gaze, *_eyes(m, th, pose_ok)]
    out += [*_mouth(m, th, template, pose_ok), *_glasses(m, th, template)]
    out += _covering(m, th, pose_ok)
    out.append(_rule("shadows", m.uniformity, th, "uniformity", lower=True))   # how alike the halves are lit
    return out


def face_findings_for(*, source: Any, face: Any, template: Any, thresholds: Mapping[str, float],
                      alpha: Any = None) -> list[Finding]:
    """The face findings of a source photo; `not_judged` without the mesh (detector keypoints cannot tell).

    `alpha` (the person's matte) is needed for the head covering; without it that check is not made.
    A face whose patch is empty or tiny (at the photo's edge) gives `not_judged` findings, never an exception.
    """
    if not getattr(face, "has_mesh", False):
        return [not_judged(c, "no_mesh") for c in FACE_CODES]
    m = cached_measures(rgb=source, face=face, alpha=alpha)
    if m is None:
        return [not_judged(c, "cut") for c in FACE_CODES]
    return face_quality_findings(m, template=template, thresholds=thresholds)
