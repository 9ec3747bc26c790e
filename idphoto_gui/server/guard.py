"""ASGI guard in front of every route: Host and Origin, the token, the request size limit, the body deadlines.

It runs before any body is read, so a request from a foreign page, without the token or over the limit
costs nothing. A Host header that is not this machine's name (DNS rebinding) gets 421; an Origin that is
not the server's own page and not named by --allow-origin gets 403, so no web page the user opens can
drive the API. A client that keeps sending after an early answer (413, 408) is cut by server/slots.py.
"""
from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from .config import host_name
from .errors import ApiError, error_response

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]

EXPOSED = b"X-Idphoto-Report, X-Idphoto-Status, Retry-After"   # what a cross-origin page may read
PREFLIGHT = [(b"access-control-allow-methods", b"GET, POST"),
             (b"access-control-allow-headers", b"Authorization, Content-Type"),
             (b"access-control-max-age", b"600")]


@dataclass(frozen=True)
class Doors:
    """What the guard lets in: the token, the Host names, the foreign origins, the body's size and time."""

    token: str | None
    max_body: int
    read_timeout_s: float                        # between two chunks of the body
    body_timeout_s: float = 60.0                 # the whole body, from the end of the headers
    hosts: frozenset[str] = frozenset({"127.0.0.1", "localhost", "::1"})
    origins: frozenset[str] = field(default_factory=frozenset)


@dataclass
class _Request:
    """Per-request state: is the body still unread, which foreign origin gets CORS headers."""

    body_pending: bool
    cors: bytes | None = None


class Guard:
    """Wraps the app: 421 foreign Host, 403 foreign Origin, 401 without the token (when one is set), 413 over
    the size limit, 408 on a stalled or too slow body; CORS headers only for --allow-origin pages."""

    def __init__(self, app: Callable, doors: Doors) -> None:
        self.app = app
        self.doors = doors
        self._token = doors.token.encode() if doors.token else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        length = headers.get(b"content-length")
        state = _Request(body_pending=b"transfer-encoding" in headers or (length or b"0") != b"0")
        send = self._sending(send, state)
        refusal = self._door(headers, state)
        if refusal is None and scope["method"] == "OPTIONS" and state.cors:
            await send({"type": "http.response.start", "status": 204, "headers": PREFLIGHT})
            await send({"type": "http.response.body", "body": b""})
            return
        if refusal is None and self._token is not None and not self._authorized(headers):
            refusal = (401, "unauthorized", "A valid token is required: send `Authorization: Bearer <token>`.")
        if refusal is None and length is not None and (not length.isdigit() or int(length) > self.doors.max_body):
            refusal = (413, "too_large", self._too_large())
        if refusal is not None:
            await error_response(*refusal)(scope, receive, send)   # the unread body is drained, then cut
            return
        await self.app(scope, self._limited(receive, state), send)

    def _door(self, headers: dict[bytes, bytes], state: _Request) -> tuple[int, str, str] | None:
        """421 for a Host that is not this server, 403 for a foreign Origin; None to let it in."""
        host = headers.get(b"host", b"").decode("latin-1")
        if host_name(host) not in self.doors.hosts:
            return (421, "bad_host", f"This server answers to {', '.join(sorted(self.doors.hosts))} "
                    f"(any port), not to Host {host[:100]!r}; start it with --allow-host NAME to add a name.")
        origin = headers.get(b"origin")
        if origin is None:
            return None
        text = origin.decode("latin-1").strip().rstrip("/").lower()
        if text == f"http://{host.lower()}":
            return None
        if text in self.doors.origins:
            state.cors = origin.strip()
            return None
        return (403, "bad_origin", f"Requests from other web pages are refused (Origin {text[:100]!r}); start "
                "the server with --allow-origin ORIGIN to let that page call the API.")

    def _authorized(self, headers: dict[bytes, bytes]) -> bool:
        """`Authorization: Bearer <token>`, the scheme in any case (RFC 9110)."""
        scheme, _, credentials = headers.get(b"authorization", b"").strip().partition(b" ")
        return scheme.lower() == b"bearer" and hmac.compare_digest(credentials.strip(), self._token or b"")

    def _sending(self, send: Send, state: _Request) -> Send:
        """`send` that adds the CORS headers for an --allow-origin page."""

        async def wrapped(message: dict) -> None:
            if message["type"] == "http.response.start" and state.cors:
                extra = [(b"access-control-allow-origin", state.cors), (b"vary", b"Origin"),
                         (b"access-control-expose-headers", EXPOSED)]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        return wrapped

    def _limited(self, receive: Receive, state: _Request) -> Receive:
        """`receive` that counts body bytes (chunked uploads too), bounds the wait for each chunk and for
        the whole body."""
        seen = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.doors.body_timeout_s

        async def wrapped() -> dict:
            nonlocal seen
            if not state.body_pending:
                return await receive()
            left = deadline - loop.time()
            wait = min(self.doors.read_timeout_s, left)
            try:
                message = await asyncio.wait_for(receive(), max(wait, 0.001))
            except asyncio.TimeoutError:
                raise ApiError(408, "read_timeout", self._slow(whole=wait == left)) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                state.body_pending = False
            seen += len(message.get("body", b""))
            if seen > self.doors.max_body:
                raise ApiError(413, "too_large", self._too_large())
            return message

        return wrapped

    def _slow(self, *, whole: bool) -> str:
        if whole:
            return f"The request body did not arrive within {self.doors.body_timeout_s:g} s."
        return f"The request body stalled for {self.doors.read_timeout_s:g} s."

    def _too_large(self) -> str:
        return f"The request is over the server's limit of {self.doors.max_body / 1e6:g} MB."
