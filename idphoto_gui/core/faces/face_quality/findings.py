"""Face measures -> compliance Findings (codes the Qt layer translates), with the template's policies."""
from __future__ import annotations

from typing import Any, Mapping

from ...findings import Finding
from .measures import FaceMeasures, cached_measures

FACE_CODES = ("pitch", "eyes_open", "gaze", "red_eye", "eyes_visible", "mouth_closed", "expression",
              "glasses", "tinted_lenses", "glasses_glare", "head_covering", "shadows")


def _sev(value: float, warn: float, fail: float) -> str:
    """ok / warn / fail for a value that is worse when larger."""
    return "fail" if value > fail else "warn" if value > warn else "ok"


def _f(code: str, sev: str, value: float | None, allowed: tuple | None, unit: str, text: str,
       reason: str = "") -> Finding:
    """A Finding with the value rounded for reports."""
    return Finding(code, sev, None if value is None else round(float(value), 3), allowed, unit, text, reason)


def _gaze(m: FaceMeasures, th: Mapping[str, float]) -> Finding:
    """Looking at the camera: head yaw plus the eyes' turn."""
    return _f("gaze", _sev(abs(m.gaze), th["gaze_warn"], th["gaze_fail"]), m.gaze,
              (-th["gaze_warn"], th["gaze_warn"]), "deg", f"Gaze {m.gaze:+.0f} deg from the camera")


def _eyes(m: FaceMeasures, th: Mapping[str, float], judged: bool) -> list[Finding]:
    """Eyelids, red pupils and hair across the eyes (not judged at extreme pose)."""
    if not judged:
        # the pose finding already says why; a second warning would repeat it
        return [_f("eyes_open", "ok", None, None, "", "Eyes not judged: the head is turned too far")]
    lo, hi = th["eyes_open_fail"], th["eyes_open_warn"]
    hair = m.hair > th["hair_warn"] or m.strands > th["strands_warn"]
    sev = "fail" if m.eyes_open < lo else "warn" if m.eyes_open < hi else "ok"
    return [
        _f("eyes_open", sev, m.eyes_open, (hi, None), "", f"Eyelid opening {m.eyes_open:.3f} of the eye-to-chin "
           f"distance ({'open' if sev == 'ok' else 'eyes look closed or narrowed'})"),
        _f("red_eye", "fail" if m.red_eye > th["red_eye_fail"] else "ok", m.red_eye, (None, th["red_eye_fail"]),
           "", f"Red pupils: {m.red_eye:.0%} of the pupil"),
        _f("eyes_visible", "warn" if hair else "ok", m.strands, (None, th["strands_warn"]), "",
           "Hair may cover an eye" if hair else "Eyes clear of hair"),
    ]


def _mouth(m: FaceMeasures, th: Mapping[str, float], template: Any) -> list[Finding]:
    """Mouth closed and a neutral expression (a teeth smile or a wide-open mouth fails under strict templates)."""
    if abs(m.yaw) > th["judge_pose_max"]:
        # the far half of the lips is hidden and the mesh guesses it; the pose finding already fails and
        # the eyes' "not judged" line (also beyond this pose) says why
        return []
    sev = _sev(m.mouth_gap, th["mouth_warn"], th["mouth_fail"])
    text = f"Lips apart by {m.mouth_gap:.3f} of the eye-to-chin distance"
    if sev == "ok" and m.lip_teeth > th["lip_teeth_warn"]:
        # the mesh closes lips a few pixels apart; teeth seen between them say otherwise
        sev, text = "warn", "Lips slightly apart: the teeth show between them"
    return [_f("mouth_closed", sev, m.mouth_gap, (None, th["mouth_warn"]), "", text),
            _expression(m, th, template, lips_apart=sev != "ok")]


def _expression(m: FaceMeasures, th: Mapping[str, float], template: Any, *, lips_apart: bool) -> Finding:
    """Neutral expression: the classifier's smile, the mouth corners, teeth and the lips' gap in one place."""
    strict = getattr(template, "expression", "strict") == "strict"
    happy = m.happy > th["smile_happy"]
    # teeth the classifier does not see smiling are a parted mouth, judged below (058: side light, teeth lit)
    teeth = m.teeth > th["teeth_share"] and m.mouth_gap > th["teeth_gap"] and happy
    smile = happy or m.corner_lift > th["smile_lift"] or m.mouth_width > th["smile_width"]
    value = m.teeth if teeth else m.happy if happy else m.corner_lift
    if teeth or m.mouth_gap > th["expression_gap"]:
        sev, reason = ("fail" if strict else "warn"), ("teeth" if teeth else "open")
        text = ("Smiling with teeth showing: keep a neutral face" if teeth
                else "Not a neutral face: mouth wide open (laughing, a smile or talking)")
    elif smile:
        sev, reason = ("warn" if strict else "ok"), "smile"
        text = "A slight smile: keep a neutral face, mouth closed"
    elif lips_apart and m.neutral < th["parted_neutral"]:
        sev, value, reason = ("warn" if strict else "ok"), m.neutral, "parted"
        text = "Lips apart and the face not at rest: keep a neutral face, mouth closed"
    else:
        sev, text, reason = "ok", "Neutral expression", ""
    return _f("expression", sev, value, None, "", text, reason)


def tinted_lenses(m: FaceMeasures, th: Mapping[str, float]) -> bool:
    """Lenses that hide the eyes: much darker than the cheeks, or coloured / mirrored."""
    return m.lens_darkness < th["tint_fail"] or m.lens_colour > th["tint_colour"]


def _glare(m: FaceMeasures, th: Mapping[str, float]) -> Finding:
    """Specular highlights on the lenses, or a mirror coating: coloured lenses as bright as the cheeks reflect the scene."""
    if m.lens_colour > th["tint_colour"] and m.lens_darkness > th["mirror_bright"]:
        return _f("glasses_glare", "fail", m.lens_darkness, None, "",
                  "Mirrored lenses: the lenses reflect the scene and hide the eyes")
    return _f("glasses_glare", _sev(m.glare, th["glare_warn"], th["glare_fail"]), m.glare,
              (None, th["glare_warn"]), "", f"Reflections on the lenses: {m.glare:.0%} of the lens area")


def _glasses(m: FaceMeasures, th: Mapping[str, float], template: Any) -> list[Finding]:
    """Glasses per the template's policy; tint and glare whenever lenses are there."""
    tinted = tinted_lenses(m, th)
    worn = tinted or m.bridge_edge > th["glasses_edge"]
    if not worn:
        return [_f("glasses", "ok", m.bridge_edge, None, "", "No glasses seen")]
    banned = getattr(template, "glasses", "allowed") == "forbidden"
    out = [_f("glasses", "fail" if banned else "warn", m.bridge_edge, None, "",
              "Glasses are not allowed for this photo: take them off" if banned
              else "Glasses worn: allowed only with clear lenses, no glare, frames off the eyes")]
    out.append(_f("tinted_lenses", "fail" if tinted else "ok", m.lens_darkness, (th["tint_fail"], None), "",
                  "Dark or tinted lenses hide the eyes" if tinted else "Lenses clear"))
    out.append(_glare(m, th))
    return out


def _covering(m: FaceMeasures, th: Mapping[str, float], judged: bool) -> list[Finding]:
    """A hat, cap or scarf: fabric in a colour no hair has, or a dark cover over lighter hanging hair (warn)."""
    c = m.covering
    if c is None or not judged:
        return []  # no matte to read, or the head turned beyond what the mesh places well (pose already fails)
    fabric = c.fabric > th["covering_fabric"]
    dark = c.crown_l < th["covering_dark"] and c.dark_over_light > th["covering_contrast"]  # nan compares False
    if fabric or dark:
        why = "a colour no hair has" if fabric else "darker than the hair below it"
        return [_f("head_covering", "warn", c.fabric if fabric else c.dark_over_light, None, "",
                   f"A hat or head covering above the forehead ({why}): allowed only for religious or medical reasons")]
    return [_f("head_covering", "ok", c.fabric, (None, th["covering_fabric"]), "", "No head covering seen")]


def face_quality_findings(m: FaceMeasures, *, template: Any, thresholds: Mapping[str, float]) -> list[Finding]:
    """Every face finding for one set of measures."""
    th = thresholds
    pitch = m.pitch - th["pitch_zero"]
    out = [_f("pitch", _sev(abs(pitch), th["pitch_ok"], th["pitch_fail"]), pitch,
              (-th["pitch_ok"], th["pitch_ok"]), "deg", f"Head {'raised' if pitch > 0 else 'lowered'} "
              f"{abs(pitch):.0f} deg, allowed +-{th['pitch_ok']:g} deg")]
    if not tinted_lenses(m, th):  # behind dark lenses the tinted_lenses finding speaks
        out += [_gaze(m, th), *_eyes(m, th, max(abs(m.yaw), abs(pitch)) <= th["judge_pose_max"])]
    out += [*_mouth(m, th, template), *_glasses(m, th, template)]
    out += _covering(m, th, max(abs(m.yaw), abs(pitch)) <= th["judge_pose_max"])
    u = m.uniformity
    sev = "fail" if u < th["uniformity_fail"] else "warn" if u < th["uniformity_warn"] else "ok"
    out.append(_f("shadows", sev, u, (th["uniformity_warn"], None), "",
                  f"The two halves of the face are lit alike at {u:.0%} (shadows on one side lower it)"))
    return out


def face_findings_for(*, source: Any, face: Any, template: Any, thresholds: Mapping[str, float],
                      alpha: Any = None) -> list[Finding]:
    """The face findings of a source photo; none without the mesh (detector keypoints cannot tell).

    `alpha` (the person's matte) is needed for the head covering; without it that check is not made.
    """
    if not getattr(face, "has_mesh", False):
        return []
    m = cached_measures(rgb=source, face=face, alpha=alpha)
    return face_quality_findings(m, template=template, thresholds=thresholds)
