"""Every error leaves the server here, once: an HTTP status, a stable code, a message; never a traceback.

Body: `{"code": "no_face", "message": "No face was found in the photo: ..."}` (plus `faces` when there are
several). The codes are the core's typed-error codes (idphoto_gui/core/errors.py) and the server's own.
"""
from __future__ import annotations

import logging
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from ..core.errors import IdPhotoError

log = logging.getLogger(__name__)

# Core error code -> HTTP status. Input the client can fix is 400, a photo the rules cannot use 422.
STATUS_BY_CODE: dict[str, int] = {
    "load": 400, "unreadable": 400, "unsupported": 400, "template": 400, "colour": 400,
    "too_large": 413,
    "too_small": 422,
    "face": 422, "no_face": 422, "multiple_faces": 422, "not_frontal": 422, "crop": 422, "export": 422,
    "overwrite_source": 422,
    "pair_needs_two": 422,
    "model": 500,
}

# Server-side codes, for the OpenAPI description and docs/http-api.md.
SERVER_CODES: dict[str, str] = {
    "invalid_field": "a form field or query value is missing or malformed (400)",
    "bad_request": "the request could not be parsed, e.g. a broken multipart body (400)",
    "face_index": "`face` names a face the photo does not have (400)",
    "retouch_not_allowed": "`retouch` asked for a template whose document allows no alteration (400)",
    "garment_not_allowed": "`garment` asked for a template whose document allows no such change, or an unknown "
                           "garment (400)",
    "unauthorized": "the token is missing or wrong (401)",
    "bad_origin": "the request came from a web page on another origin not named by --allow-origin (403)",
    "not_found": "no such endpoint (404)", "method_not_allowed": "wrong HTTP method (405)",
    "read_timeout": "the request body stalled, arrived below the body-rate floor, or did not arrive within the "
                    "body deadline (408)",
    "header_timeout": "the request headers did not arrive within the header deadline (408)",
    "too_large": "the request or the image is over the limit (413)",
    "unsupported_media_type": "POST bodies must be multipart/form-data (415)",
    "bad_host": "the Host header is not a name of this server; see --allow-host (421)",
    "busy": "the queue or the connection slots are full, or this was the slowest upload when they were; retry "
            "after Retry-After seconds (503)",
    "timeout": "the request waited or ran too long; retry after Retry-After seconds (503)",
    "internal": "an unexpected server error, logged on the server (500)",
}
_HTTP_CODES = {400: "bad_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed",
               408: "read_timeout", 413: "too_large", 415: "unsupported_media_type", 503: "busy"}


class ApiError(Exception):
    """An error with its HTTP status and code, raised anywhere in the server."""

    def __init__(self, status: int, code: str, message: str, *, retry_after: int | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.retry_after, self.extra = retry_after, extra or {}


def error_response(status: int, code: str, message: str, *, retry_after: int | None = None,
                   extra: dict[str, Any] | None = None) -> JSONResponse:
    """The one error body; Retry-After on 503, WWW-Authenticate on 401."""
    headers = {}
    if retry_after is not None:
        headers["Retry-After"] = str(int(retry_after))
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="idphoto"'
    return JSONResponse({"code": code, "message": message, **(extra or {})}, status_code=status,
                        headers=headers)


def from_core(exc: IdPhotoError) -> ApiError:
    """A core error as an ApiError (multiple faces carry their boxes so a client can pick one)."""
    extra = {}
    faces = getattr(exc, "faces", None)
    if exc.code == "multiple_faces" and faces:
        scale = getattr(exc, "scale", 1.0) or 1.0
        from ..core.faces.faces import left_to_right

        faces = tuple(faces)                 # numbered left to right, as the `face` field takes them
        extra["faces"] = [{"face": i, "box": [round(v / scale) for v in f.box], "score": round(f.score, 3)}
                          for i, f in enumerate((faces[k] for k in left_to_right(faces)), start=1)]
    return ApiError(STATUS_BY_CODE.get(exc.code, 400), exc.code, str(exc), extra=extra)


async def _api(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.code, exc.message, retry_after=exc.retry_after, extra=exc.extra)


async def _core(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, IdPhotoError)
    err = from_core(exc)
    if err.status >= 500:
        log.error("%s %s: %s", request.method, request.url.path, exc)
    return await _api(request, err)


async def _http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, "bad_request" if exc.status_code < 500 else "internal")
    return error_response(exc.status_code, code, str(exc.detail))


async def _gone(request: Request, exc: Exception) -> JSONResponse:
    """The client hung up mid-request (a closed kiosk tab): nothing to answer, nothing to alarm anyone."""
    log.debug("%s %s: the client disconnected before the request was read", request.method, request.url.path)
    return error_response(400, "bad_request", "The client disconnected.")


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("%s %s failed", request.method, request.url.path)
    return error_response(500, "internal", "Internal error; the details are in the server's log.")


HANDLERS = {ApiError: _api, IdPhotoError: _core, HTTPException: _http, ClientDisconnect: _gone,
            Exception: _unexpected}
