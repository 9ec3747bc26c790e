"""Typed errors with stable codes and typed fields; core.render.words turns codes into sentences."""
from __future__ import annotations

from typing import Any


class IdPhotoError(Exception):
    """Base of every error the core raises on purpose; `code` is stable and machine-readable."""

    code = "error"

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


class LoadError(IdPhotoError):
    """The image could not be turned into pixels."""

    code = "load"


class UnreadableImageError(LoadError):
    """Missing, corrupt or truncated file."""

    code = "unreadable"


class UnsupportedImageError(LoadError):
    """A readable file in a format or mode we do not handle."""

    code = "unsupported"


class ImageTooLargeError(LoadError):
    """More pixels than the decompression-bomb limit allows."""

    code = "too_large"


class ImageTooSmallError(LoadError):
    """Too few pixels to hold a person (a cut-out of a 1x1 image): the CLI and the API refuse it alike."""

    code = "too_small"


class ModelError(IdPhotoError):
    """A model file is missing, damaged or fails to load."""

    code = "model"


class FaceError(IdPhotoError):
    """The photo does not contain exactly one usable face."""

    code = "face"


NO_FACE = ("No face was found in the photo: use a photo where the whole face is clearly visible, lit from the "
           "front and looking at the camera.")


class NoFaceError(FaceError):
    """No face was found."""

    code = "no_face"

    def __init__(self, message: str = NO_FACE, *, path: str | None = None) -> None:
        super().__init__(message, path=path)


class MultipleFacesError(FaceError):
    """Several faces were found; `faces` lets a caller ask the user to pick one."""

    code = "multiple_faces"

    def __init__(self, message: str, *, faces: tuple[Any, ...] = (), path: str | None = None,
                 pair: bool = False) -> None:
        super().__init__(message, path=path)
        self.faces: tuple[Any, ...] = tuple(faces)   # every faces.Face found, the main one first
        self.pair = pair  # a photo of two people: the caller asks for two faces, not one


class TemplateError(IdPhotoError):
    """A template entry is missing or invalid."""

    code = "template"


class CropError(IdPhotoError):
    """The photo does not contain enough around the head for the template; `shortfall` says how much is
    missing at each side, `crop` and `plan` are the crop that would have been made (None without a plan).
    Their types (geometry.crop_box's Shortfall, Crop, CropPlan) are not imported: geometry imports errors."""

    code = "crop"

    def __init__(self, message: str, *, shortfall: Any = None, crop: Any = None, plan: Any = None,
                 path: str | None = None) -> None:
        super().__init__(message, path=path)
        self.shortfall = shortfall
        self.crop = crop
        self.plan = plan

    @property
    def no_room(self) -> bool:
        """True when only the original background (which may not be extended) stops the crop, not the head."""
        return self.plan is not None and self.plan.mode == "no_room"


class ExportError(IdPhotoError):
    """Output could not be written (folder unwritable, would overwrite the input, size cap unreachable)."""

    code = "export"


class UnsupportedOutputError(ExportError):
    """The output's file type is not one we write (a bad argument, not a full disk)."""


class OverwriteSourceError(ExportError):
    """The output would replace the input photo: the original is never overwritten."""

    code = "overwrite_source"


class SizeCapError(ExportError):
    """A file-size rule (--max-kb, min KB) cannot be met; the message says what is reachable."""


class NotFrontalError(FaceError):
    """The face is turned too far (profile) for an ID photo; `face` holds what was found."""

    code = "not_frontal"

    def __init__(self, message: str, *, face: object = None, path: str | None = None) -> None:
        super().__init__(message, path=path)
        self.face = face


class OutOfRangeError(TemplateError):
    """A size or setting outside what can be made (dpi, paper, margin, output pixels); `field` names it."""

    code = "out_of_range"

    def __init__(self, message: str, *, field: str = "", path: str | None = None) -> None:
        super().__init__(message, path=path)
        self.field = field


class NotAPairError(FaceError):
    """A pair template (the marriage photo) needs two people in one photo; `found` faces were seen."""

    code = "pair_needs_two"

    def __init__(self, message: str, *, found: int = 0, path: str | None = None) -> None:
        super().__init__(message, path=path)
        self.found = found
