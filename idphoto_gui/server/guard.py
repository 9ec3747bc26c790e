"""ASGI guard in front of every route: the token, the request size limit and the body read time-out.

It runs before any body is read, so a request without the token or over the limit costs nothing.
"""
from __future__ import annotations

import asyncio
import hmac
from typing import Any, Awaitable, Callable

from .errors import ApiError, error_response

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


class Guard:
    """Wraps the app: 401 without the token (when one is set), 413 over `max_body`, 408 on a stalled body."""

    def __init__(self, app: Callable, *, token: str | None, max_body: int, read_timeout_s: float) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode() if token else None
        self._max_body = max_body
        self._read_timeout = read_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        if self._expected is not None and not hmac.compare_digest(headers.get(b"authorization", b""),
                                                                  self._expected):
            await _reject(scope, receive, send, 401, "unauthorized",
                          "A valid token is required: send `Authorization: Bearer <token>`.")
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self._max_body):
            await _reject(scope, receive, send, 413, "too_large", self._too_large())
            return
        await self.app(scope, self._limited(receive), send)

    def _limited(self, receive: Receive) -> Receive:
        """`receive` that counts body bytes (chunked uploads too) and bounds the wait for each chunk."""
        seen = 0

        async def wrapped() -> dict:
            nonlocal seen
            try:
                message = await asyncio.wait_for(receive(), self._read_timeout)
            except asyncio.TimeoutError:
                raise ApiError(408, "read_timeout", f"The request body stalled for {self._read_timeout:g} s.") \
                    from None
            seen += len(message.get("body", b""))
            if seen > self._max_body:
                raise ApiError(413, "too_large", self._too_large())
            return message

        return wrapped

    def _too_large(self) -> str:
        return f"The request is over the server's limit of {self._max_body / 1e6:g} MB."


async def _reject(scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str) -> None:
    """Answer without running the app (the unread body is dropped with the connection)."""
    await error_response(status, code, message)(scope, receive, send)
