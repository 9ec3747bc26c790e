"""Form fields of each endpoint, declared once: the parser checks requests with them and the
OpenAPI document is generated from them, so the documentation cannot drift from the code."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.datastructures import FormData, UploadFile

from ..core.errors import OutOfRangeError
from ..core.matting import available_models
from ..core.numbers import parse_number
from .errors import ApiError

MAX_SHEET_PHOTOS = 12


@dataclass(frozen=True)
class Field:
    """One form field: its JSON-schema type, whether it is required, its allowed values."""

    name: str
    kind: str                      # "file", "files", "string", "integer", "number", "boolean"
    description: str
    required: bool = False
    default: Any = None
    enum: tuple[str, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True)
class Upload:
    """An uploaded file read into memory (bounded by the request size limit)."""

    name: str
    data: bytes


IMAGE = Field("image", "file", "the photo: JPEG, PNG, WebP, BMP, TIFF or HEIC", required=True)
TEMPLATE = Field("template", "string", "template id, see GET /templates (e.g. cn-1inch, us-passport)",
                 required=True)
BACKGROUND = Field("background", "string", "colour name (blue, red, white, grey ...), #RRGGBB or r,g,b; "
                   "default: the template's first colour")
DPI = Field("dpi", "integer", "print resolution; default: the template's", minimum=72, maximum=1200)
FACE = Field("face", "face", "use face N (1 = first listed in a multiple_faces error); all (/check): every "
             "person of a group photo, left to right, each judged alone (the report lists each person)")
MODEL = Field("model", "string", "matting model", default=available_models()[0], enum=available_models())

LOOK_FIELDS = (
    Field("light", "string", "auto: correct exposure and white balance from the photo's own skin and neutral "
          "clothing/background (every template)", default="off", enum=("off", "auto")),
    Field("brightness", "integer", "+50 = one stop brighter", default=0, minimum=-50, maximum=50),
    Field("contrast", "integer", "contrast by hand", default=0, minimum=-50, maximum=50),
    Field("warmth", "integer", "+ warmer, - cooler", default=0, minimum=-50, maximum=50),
    Field("retouch", "integer", "skin smoothing, blemish removal, under-eye lightening as far as the template "
          "allows; refused (400 retouch_not_allowed) where its alteration is 'none'", default=0, minimum=0,
          maximum=100),
    Field("garment", "string", "replace the clothing with a garment (ids: `idphoto garments`), or none; refused "
          "(400 garment_not_allowed) unless the template's alteration is 'free'", default="none"),
)
LOOK_NAMES = tuple(f.name for f in LOOK_FIELDS)

PHOTO_FIELDS = (IMAGE, TEMPLATE, BACKGROUND, DPI, FACE, MODEL, *LOOK_FIELDS,
                Field("format", "string", "output file type", default="jpeg", enum=("jpeg", "png")),
                Field("max_kb", "number", "file-size cap in KB; default: the template's limit", minimum=1,
                      maximum=100_000))
CHECK_FIELDS = (IMAGE, TEMPLATE, BACKGROUND, DPI, FACE, MODEL, *LOOK_FIELDS)
MATTE_FIELDS = (IMAGE, MODEL)
SHEET_FIELDS = (
    Field("photos", "files", f"one photo per person (1 to {MAX_SHEET_PHOTOS}); repeat the field",
          required=True),
    Field("template", "string", "template id; with ready=true also a size such as 35x45mm", required=True),
    Field("paper", "string", "4r (default), 3r, 5r, a4, a5, letter or WxHmm", default="4r"),
    Field("copies", "integer", "total copies, shared evenly; default: as many as fit", minimum=1,
          maximum=500),
    Field("format", "string", "sheet file type", default="pdf", enum=("pdf", "jpeg", "png")),
    Field("dpi", "integer", "sheet resolution", default=300, enum=("254", "300", "350", "600")),
    Field("cut_marks", "string", "cut marks", default="lines", enum=("lines", "ticks", "none")),
    Field("margin", "number", "paper edge to photos, mm", default=3.0, minimum=0, maximum=50),
    Field("gap", "number", "between photos, mm", default=2.0, minimum=0, maximum=50),
    BACKGROUND, MODEL,
    Field("ready", "boolean", "the photos are finished ID photos: no analysis", default=False),
)


async def parse(form: FormData, fields: tuple[Field, ...]) -> dict[str, Any]:
    """Typed values of the declared fields (defaults filled in); ApiError 400 naming the bad field."""
    unknown = sorted(set(form.keys()) - {f.name for f in fields})
    if unknown:
        raise ApiError(400, "invalid_field", f"unknown field(s): {', '.join(unknown)}; expected "
                       f"{', '.join(f.name for f in fields)}")
    return {f.name: await _value(f, form) for f in fields}


async def _value(field: Field, form: FormData) -> Any:
    """One field's value, converted and checked."""
    raw = form.getlist(field.name)
    if not raw or raw == [""]:
        if field.required:
            raise ApiError(400, "invalid_field", f"missing field: {field.name} ({field.description})")
        return field.default
    if field.kind in ("file", "files"):
        files = [r for r in raw if isinstance(r, UploadFile)]
        if len(files) != len(raw):
            raise ApiError(400, "invalid_field", f"{field.name} must be a file upload (curl -F {field.name}=@photo.jpg)")
        if field.kind == "file" and len(files) != 1:
            raise ApiError(400, "invalid_field", f"send exactly one {field.name}")
        if len(files) > MAX_SHEET_PHOTOS:
            raise ApiError(400, "invalid_field", f"at most {MAX_SHEET_PHOTOS} {field.name} per request")
        uploads = [Upload(f.filename or "upload", await f.read()) for f in files]
        return uploads[0] if field.kind == "file" else uploads
    if len(raw) != 1 or not isinstance(raw[0], str):
        raise ApiError(400, "invalid_field", f"{field.name} must be given once, as text")
    return convert(field, raw[0])


def convert(field: Field, text: str) -> Any:
    """Text -> the field's type, within its enum and bounds; numbers are finite (no NaN, no infinity)."""
    text = text.strip()
    if field.kind == "face":
        if text.lower() == "all":
            return "all"
        field = Field(field.name, "integer", field.description, minimum=1)
    if field.kind in ("integer", "number"):
        try:
            value: Any = parse_number(text, field.name, integer=field.kind == "integer", lo=field.minimum,
                                      hi=field.maximum)
        except OutOfRangeError as exc:
            raise ApiError(400, "invalid_field", str(exc)) from None
    else:
        try:
            value = {"string": str, "boolean": _boolean}[field.kind](text)
        except ValueError:
            raise ApiError(400, "invalid_field", f"{field.name}: not a valid {field.kind}: {text!r}") from None
    if field.enum and str(value).lower() not in field.enum:
        raise ApiError(400, "invalid_field", f"{field.name} must be one of {', '.join(field.enum)}, not {text!r}")
    return value.lower() if field.enum and isinstance(value, str) else value


def _boolean(text: str) -> bool:
    low = text.lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)

