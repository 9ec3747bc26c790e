"""The core's error codes and findings in the window's language: the sentences live in core.render.words' tables."""
from __future__ import annotations

from ...core.render import words
from ...core.errors import CropError, IdPhotoError
from ...core.findings import Finding
from .i18n import translations
from .workers import JobCancelled


def _lang() -> str:
    """The window's language, as the tables name it ('en', 'zh_CN')."""
    return translations.language


def error_title(code: str) -> str:
    """A short headline for an error banner."""
    return words.error_title(code, _lang())


def error_hint(code: str) -> str:
    """What the user can do about it, in one sentence."""
    return words.error_hint(code, _lang())


def turned_hint(yaw: float | None) -> str:
    """'The face is turned 47.1°: turn the face to the person's right…' ('' without an angle)."""
    return words.turned_hint(yaw, _lang())


def shortfall_text(err: CropError) -> str:
    """'The photo ends through the head: 1.7 mm above the head, 1.3 mm at the left missing…'."""
    return words.shortfall_text(err, _lang())


def code_of(exc: BaseException | None) -> str:
    """The stable code of a core error (or of a cancelled job), 'error' for anything else."""
    return exc.code if isinstance(exc, (IdPhotoError, JobCancelled)) else "error"


def export_failure(exc: BaseException) -> tuple[str, str]:
    """Title and text of a failed save: what to do, then the core's reason (English) or, in the Chinese
    window, only the file it is about."""
    code = code_of(exc)
    title = error_title("export" if code == "error" else code)
    hint = error_hint(code if code == "overwrite_source" else "export")
    path = exc.path if isinstance(exc, IdPhotoError) else None
    detail = (path or "") if translations.is_chinese else str(exc)
    return title, f"{hint}\n{detail}".rstrip()


def finding_text(finding: Finding) -> str:
    """'Head height 31.2 mm, needs 32–36 mm: zoom the crop…' in the window's language."""
    return words.finding_text(finding, _lang())


def person_text(finding: Finding) -> str:
    """finding_text, with whom it is about in a photo of two: 'Left person: The eyes look closed'."""
    return words.person_text(finding, _lang())


def with_person(finding: Finding, text: str) -> str:
    """`text` prefixed with whom the finding is about in a photo of two ("Left person: ..."), else as is."""
    return words.with_person(finding, text, _lang())


def finding_label(code: str) -> str:
    """Name of a measured quantity, as a sentence start ('' for a check without a number)."""
    return words.label_of(code, "", _lang())
