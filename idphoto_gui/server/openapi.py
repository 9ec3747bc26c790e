"""The OpenAPI 3.1 document, generated from the endpoint table and its form fields, and a plain HTML
page of it at /docs (no script and nothing fetched from elsewhere: the server runs offline)."""
from __future__ import annotations

import html
from typing import Any

from .. import __version__
from .errors import SERVER_CODES, STATUS_BY_CODE
from .forms import Field
from .routes import ENDPOINTS, REPORT_HEADER, Endpoint

_OBJECT = {"type": "object"}
SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["code", "message"], "properties": {
        "code": {"type": "string", "description": "stable machine-readable code"},
        "message": {"type": "string", "description": "English text for a person"},
        "faces": {"type": "array", "items": _OBJECT,
                  "description": "multiple_faces only: face number, box [x, y, w, h] in the photo's pixels"}}},
    "Template": {"type": "object", "properties": {
        k: {"type": t} for k, t in (("id", "string"), ("name_zh", "string"), ("name_en", "string"),
                                    ("country", "string"), ("use", "string"), ("width_mm", "number"),
                                    ("height_mm", "number"), ("dpi", "integer"), ("pixels", "array"),
                                    ("head_height_mm", "array"), ("backgrounds", "array"),
                                    ("max_kb", ["integer", "null"]), ("source", "string"))}},
    "Templates": {"type": "array", "items": {"$ref": "#/components/schemas/Template"}},
    "Report": {"type": "object", "properties": {
        "input": {"type": "string"}, "template": _OBJECT, "background": {"type": "string"},
        "measurements": _OBJECT, "status": {"type": "string", "enum": ["ok", "warn", "fail"]},
        "findings": {"type": "array", "items": {"type": "object", "properties": {
            k: {} for k in ("code", "severity", "value", "allowed", "unit", "message")}}}}},
    "Health": {"type": "object", "properties": {
        "status": {"type": "string"}, "version": {"type": "string"}, "models": {"type": "array"},
        "pipeline": {"type": "object", "description": "model runs and cache hits since start"},
        "cache": _OBJECT, "queue": _OBJECT}},
}
_STATUS_TEXT = {400: "Bad input (code says which)", 401: "Missing or wrong token",
                403: "From a web page on another origin (see --allow-origin)",
                408: "Headers or body too slow (header_timeout, read_timeout)", 413: "Too large",
                421: "Host header not a name of this server (see --allow-host)",
                415: "Not multipart/form-data", 422: "The photo cannot make an ID photo (no usable face, "
                "no room for the crop, size cap unreachable)", 503: "Busy or timed out: retry after "
                "Retry-After seconds"}


DOORS = (403, 408, 421)   # any request can meet the guard's Host, Origin and deadline checks


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    codes = {**{c: f"core error ({s})" for c, s in STATUS_BY_CODE.items()}, **SERVER_CODES}
    return {
        "openapi": "3.1.0",
        "info": {"title": "idphoto local API", "version": __version__,
                 "description": "ID photos over HTTP on this machine. Error codes: "
                                + "; ".join(f"`{c}` {d}" for c, d in sorted(codes.items()))},
        "paths": _paths(),
        "components": {"schemas": SCHEMAS, "securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
        "security": [{}, {"token": []}],
    }


def _paths() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for ep in ENDPOINTS:
        paths.setdefault(ep.path, {})[ep.method.lower()] = _operation(ep)
    return paths


def _operation(ep: Endpoint) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": "OK", "content": {m: {"schema": _result_schema(ep, m)} for m in ep.produces}}
    if ep.path == "/photo":
        ok["headers"] = {REPORT_HEADER: {"description": "the report (as /check returns it), ASCII JSON",
                                         "schema": {"type": "string"}}}
    op: dict[str, Any] = {"summary": ep.summary, "operationId": ep.handler.__name__,
                          "responses": {"200": ok, **{str(s): _error(s) for s in sorted({*ep.errors, *DOORS})}}}
    if ep.fields:
        op["requestBody"] = {"required": True, "content": {"multipart/form-data": {"schema": _form_schema(ep.fields)}}}
    if ep.path == "/templates":
        op["parameters"] = [{"name": "search", "in": "query", "required": False, "schema": {"type": "string"},
                             "description": "every word must appear in the id, names, country or use"}]
    return op


def _result_schema(ep: Endpoint, media: str) -> dict[str, Any]:
    if media == "application/json" and ep.result:
        return {"$ref": f"#/components/schemas/{ep.result}"}
    return {"type": "string", "format": "binary"}


def _error(status: int) -> dict[str, Any]:
    out: dict[str, Any] = {"description": _STATUS_TEXT[status],
                           "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    if status == 503:
        out["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds"}}
    return out


def _form_schema(fields: tuple[Field, ...]) -> dict[str, Any]:
    return {"type": "object", "required": [f.name for f in fields if f.required],
            "properties": {f.name: field_schema(f) for f in fields}}


def field_schema(f: Field) -> dict[str, Any]:
    """JSON schema of one form field."""
    if f.kind in ("file", "files"):
        one = {"type": "string", "format": "binary"}
        return {**(one if f.kind == "file" else {"type": "array", "items": one}), "description": f.description}
    if f.kind == "face":
        return {"type": "string", "pattern": "^([1-9][0-9]*|all)$", "description": f.description}
    out: dict[str, Any] = {"type": f.kind, "description": f.description}
    for key in ("default", "minimum", "maximum"):
        if getattr(f, key) is not None:
            out[key] = getattr(f, key)
    if f.enum:
        out["enum"] = [int(e) if f.kind == "integer" else e for e in f.enum]
    return out


def docs_html(doc: dict[str, Any]) -> str:
    """A readable page of the document: each endpoint, its fields and its answers."""
    esc = html.escape
    parts = [f"<!doctype html><meta charset=utf-8><title>{esc(doc['info']['title'])}</title>",
             "<style>body{font:15px sans-serif;max-width:60em;margin:2em auto}code,td{font-size:14px}"
             "table{border-collapse:collapse}td{border:1px solid #ccc;padding:2px 6px}</style>",
             f"<h1>{esc(doc['info']['title'])} {esc(doc['info']['version'])}</h1>",
             "<p>Machine-readable: <a href=/openapi.json>/openapi.json</a>. With a token, send "
             "<code>Authorization: Bearer &lt;token&gt;</code>.</p>"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            parts.append(f"<h2><code>{method.upper()} {esc(path)}</code></h2><p>{esc(op['summary'])}</p>")
            props = op.get("requestBody", {}).get("content", {}).get("multipart/form-data", {}).get("schema", {})
            if props:
                rows = "".join(f"<tr><td><code>{esc(n)}</code>{' *' if n in props['required'] else ''}</td>"
                               f"<td>{esc(_type_text(s))}</td><td>{esc(s.get('description', ''))}</td></tr>"
                               for n, s in props["properties"].items())
                parts.append(f"<table>{rows}</table>")
            answers = ", ".join(f"{s}: {', '.join(r.get('content', {}))}" for s, r in op["responses"].items())
            parts.append(f"<p>Answers: {esc(answers)}</p>")
    parts.append(f"<h2>Errors</h2><p>{esc(doc['info']['description'])}</p>")
    return "".join(parts)


def _type_text(schema: dict[str, Any]) -> str:
    kind = "file" if schema.get("format") == "binary" else "files" if schema.get("type") == "array" else schema["type"]
    extra = [f"one of {', '.join(map(str, schema['enum']))}"] if "enum" in schema else []
    extra += [f"default {schema['default']}"] if "default" in schema else []
    if "minimum" in schema or "maximum" in schema:
        extra.append(f"{schema.get('minimum', '')}..{schema.get('maximum', '')}")
    return f"{kind} ({'; '.join(extra)})" if extra else kind
