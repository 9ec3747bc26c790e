"""A small standard-library client for the API (studio scripts, the tests and the benchmark)."""
from __future__ import annotations

import http.client
import json
import uuid
from dataclasses import dataclass
from typing import Any, Iterable
from urllib.parse import urlencode, urlsplit


@dataclass(frozen=True)
class Reply:
    """Status, headers (lower-case names) and body of one answer."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def report(self) -> dict | None:
        """The /photo report header, parsed."""
        raw = self.headers.get("x-idphoto-report")
        return json.loads(raw) if raw else None


def multipart(fields: dict[str, Any], files: Iterable[tuple[str, str, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body and its content type; files are (field, filename, data)."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        if value is not None:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, filename, data in files:
        head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n")
        parts.append(head.encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class Client:
    """One connection per request; `token` goes in every request's Authorization header."""

    def __init__(self, base_url: str, *, token: str | None = None, timeout: float = 300.0) -> None:
        url = urlsplit(base_url)
        self.host, self.port = url.hostname or "127.0.0.1", url.port or 80
        self.token, self.timeout = token, timeout

    def get(self, path: str, **query: str) -> Reply:
        return self.send("GET", path + ("?" + urlencode(query) if query else ""))

    def post(self, path: str, files: Iterable[tuple[str, str, bytes]], **fields: Any) -> Reply:
        body, ctype = multipart(fields, files)
        return self.send("POST", path, body=body, headers={"Content-Type": ctype})

    def send(self, method: str, path: str, *, body: bytes | Iterable[bytes] | None = None,
             headers: dict[str, str] | None = None) -> Reply:
        """Any request; the token is added unless `headers` set Authorization themselves."""
        headers = dict(headers or {})
        if self.token and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.token}"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            chunked = headers.get("Transfer-Encoding") == "chunked"
            conn.request(method, path, body=body, headers=headers, encode_chunked=chunked)
            resp = conn.getresponse()
            return Reply(resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read())
        finally:
            conn.close()
