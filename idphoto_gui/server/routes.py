"""The endpoints: parse and check the form, take a place in the queue, answer with the file or JSON."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from . import render
from .errors import ApiError
from .forms import (CHECK_FIELDS, MATTE_FIELDS, MAX_SHEET_PHOTOS, PHOTO_FIELDS, SHEET_FIELDS, Field,
                    parse)

MEDIA = {"jpeg": "image/jpeg", "png": "image/png", "pdf": "application/pdf"}
REPORT_HEADER = "X-Idphoto-Report"


@dataclass(frozen=True)
class Endpoint:
    """One route with what the OpenAPI document says about it."""

    method: str
    path: str
    handler: Callable[[Request], Awaitable[Response]]
    summary: str
    fields: tuple[Field, ...] = ()
    produces: tuple[str, ...] = ("application/json",)
    result: str | None = None          # name of a schema in openapi.SCHEMAS for a JSON answer
    errors: tuple[int, ...] = (400, 401, 413, 415, 503)


async def _form(request: Request, fields: tuple[Field, ...]) -> dict[str, Any]:
    """The declared fields of a multipart body; 415 for any other content type."""
    ctype = request.headers.get("content-type", "").lower()
    if not ctype.startswith("multipart/form-data"):
        raise ApiError(415, "unsupported_media_type",
                       f"POST {request.url.path} takes multipart/form-data (curl -F), not {ctype or 'no body'}.")
    async with request.form(max_files=MAX_SHEET_PHOTOS + 1, max_fields=len(fields) + 8) as form:
        return await parse(form, fields)


async def _queued(request: Request, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return await request.app.state.queue.run(fn, *args, **kwargs)


async def get_templates(request: Request) -> Response:
    return JSONResponse(render.templates(request.query_params.get("search")))


async def post_photo(request: Request) -> Response:
    values = await _form(request, PHOTO_FIELDS)
    values["template"], values["background"] = render.resolve(values["template"], values["background"])
    values["look"] = render.look_of(values)
    data, report = await _queued(request, render.photo, values.pop("image"), **values)
    report_json = json.dumps(report, ensure_ascii=True, separators=(",", ":"))
    return Response(data, media_type=MEDIA[values["format"]],
                    headers={REPORT_HEADER: report_json, "X-Idphoto-Status": report["status"]})


async def post_check(request: Request) -> Response:
    values = await _form(request, CHECK_FIELDS)
    values["template"], values["background"] = render.resolve(values["template"], values["background"])
    values["look"] = render.look_of(values)
    return JSONResponse(await _queued(request, render.check, values.pop("image"), **values))


async def post_matte(request: Request) -> Response:
    values = await _form(request, MATTE_FIELDS)
    png, findings = await _queued(request, render.matte, values.pop("image"), **values)
    # the self-inspection's fails (render/inspection.py) ride in the report header, as /photo's do
    report = json.dumps({"findings": findings}, ensure_ascii=True, separators=(",", ":"))
    return Response(png, media_type="image/png", headers={REPORT_HEADER: report})


async def post_sheet(request: Request) -> Response:
    values = await _form(request, SHEET_FIELDS)
    values["background"] = render.parse_background(values["background"])
    data = await _queued(request, render.sheet, values.pop("photos"), **values)
    return Response(data, media_type=MEDIA[values["format"]])


async def get_health(request: Request) -> Response:
    return JSONResponse({**render.health(), "queue": asdict(request.app.state.queue.stats())})


ENDPOINTS = (
    Endpoint("GET", "/templates", get_templates, "List or search the photo templates "
             "(?search=passport, ?search=护照)", result="Templates", errors=(401,)),
    Endpoint("POST", "/photo", post_photo, "Make one ID photo: the file is the body, the report (JSON: "
             "measurements, findings) is in the X-Idphoto-Report header", PHOTO_FIELDS, ("image/jpeg", "image/png"),
             errors=(400, 401, 413, 415, 422, 503)),
    Endpoint("POST", "/check", post_check, "The report of the photo /photo would make: measurements and "
             "findings, no file", CHECK_FIELDS, result="Report", errors=(400, 401, 413, 415, 422, 503)),
    Endpoint("POST", "/matte", post_matte, "Cut the person out: a transparent PNG at the photo's own size",
             MATTE_FIELDS, ("image/png",), errors=(400, 401, 413, 415, 422, 503)),
    Endpoint("POST", "/sheet", post_sheet, "A print sheet of ID photos at true size (copies shared evenly)",
             SHEET_FIELDS, ("application/pdf", "image/jpeg", "image/png"), errors=(400, 401, 413, 415, 422, 503)),
    Endpoint("GET", "/health", get_health, "Version, models, model runs and cache hits, queue",
             result="Health", errors=(401,)),
)
