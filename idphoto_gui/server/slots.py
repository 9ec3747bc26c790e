"""Connection slots: a header deadline, a body deadline, a cap per client, and idle connections evicted first,
so a few slow or idle clients cannot hold every slot (uvicorn's own limit answers plain-text 503 to everyone
while 64 connections that sent `GET /heal` and nothing more sit there).

A connection is *waiting* while no request is in flight: headers not complete yet, or idle between two
requests. When the slots (or one client's share) run out, the oldest waiting connection of the most
connected client is closed to make room; only when every slot holds a request in flight does a new
connection get the documented JSON 503 with Retry-After.
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

BODY_GRACE_S = 2.0   # the guard answers 408 at the body deadline; this closes what it could not answer
DRAIN_S = 3.0        # after an answer given before the body ended (413, 408), the rest is read and dropped
                     # this long, so an ordinary client reads the answer, then the connection is cut
REASONS = {400: b"Bad Request", 408: b"Request Timeout", 503: b"Service Unavailable"}
LINGER_S = 1.0       # a refused connection stays half-open this long so the client can read why


@dataclass(frozen=True)
class Limits:
    """Deadlines and caps of one server."""

    header_timeout_s: float = 10.0
    body_timeout_s: float = 60.0
    max_connections: int = 64
    max_per_client: int = 16
    retry_after_s: int = 2


class Slots:
    """The server's open connections, oldest first, shared by every connection's protocol object."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: dict[SlotProtocol, None] = {}
        self.evicted = self.refused = 0

    def admit(self, conn: "SlotProtocol") -> bool:
        """Take a slot for `conn`, evicting a waiting connection if needed; False when none can be freed."""
        mine = [c for c in self._open if c.peer == conn.peer]
        if len(mine) >= self.limits.max_per_client and not self._evict(mine):
            self.refused += 1
            return False
        if len(self._open) >= self.limits.max_connections and not self._evict(self._crowded_first()):
            self.refused += 1
            return False
        self._open[conn] = None
        return True

    def leave(self, conn: "SlotProtocol") -> None:
        """Free the slot of a closed connection."""
        self._open.pop(conn, None)

    def __len__(self) -> int:
        return len(self._open)

    def _crowded_first(self) -> list["SlotProtocol"]:
        """Open connections, those of the client holding the most first, oldest first within a client."""
        counts = Counter(c.peer for c in self._open)
        return sorted(self._open, key=lambda c: -counts[c.peer])

    def _evict(self, pool: Iterable["SlotProtocol"]) -> bool:
        """Close the first waiting connection of `pool`; False if every one has a request in flight."""
        victim = next((c for c in pool if c.waiting), None)
        if victim is None:
            return False
        self.leave(victim)
        self.evicted += 1
        victim.evict()
        return True


class SlotProtocol(H11Protocol):
    """uvicorn's h11 protocol with a slot, a header deadline and a body deadline (`slots` set per server)."""

    slots: Slots

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.peer = self.client[0] if self.client else ""
        self._timer: asyncio.TimerHandle | None = None
        self._phase = ""
        self._request_bytes = False   # some bytes of the next request arrived
        self._refused = False
        if not self.slots.admit(self):
            log.warning("connection slots full (%d open, at most %d per client; from %s): refused with 503",
                        len(self.slots), self.slots.limits.max_per_client, self.peer)
            self._answer_and_close(503, "busy", "Too many open connections; try again shortly.",
                                   retry_after=self.slots.limits.retry_after_s)
            return
        self._sync()

    @property
    def waiting(self) -> bool:
        """No request in flight: the headers are not complete, or the connection is idle between requests."""
        return self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # lingering after a refusal: drop whatever the client still sends
        self._request_bytes = True
        super().data_received(data)
        self._sync()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._sync()

    def connection_lost(self, exc: Exception | None) -> None:
        self.slots.leave(self)
        self._cancel()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to bytes that are not an HTTP/1.1 request, as the documented JSON (was plain text)."""
        self._answer_and_close(400, "bad_request", f"{msg} Send HTTP/1.1 with a Host header.")

    def evict(self) -> None:
        """Close this waiting connection to free its slot for a newer client."""
        log.debug("evicted a waiting connection from %s", self.peer)
        self._cancel()
        self.transport.close()

    def _sync(self) -> None:
        """Arm the deadline of the phase the connection is in: headers, body, or none while the app works."""
        if self.transport.is_closing():
            self._cancel()
            return
        their, ours = self.conn.their_state, self.conn.our_state
        answered = ours in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED)
        phase = ("headers" if self.waiting else "drain" if their is h11.SEND_BODY and answered
                 else "body" if their is h11.SEND_BODY else "app")
        if phase == self._phase:
            return
        self._cancel()
        self._phase = phase
        if phase == "headers":
            self._request_bytes = False
            self._timer = self.loop.call_later(self.slots.limits.header_timeout_s, self._headers_late)
        elif phase == "body":
            self._timer = self.loop.call_later(self.slots.limits.body_timeout_s + BODY_GRACE_S, self._body_late)
        elif phase == "drain":
            self._timer = self.loop.call_later(DRAIN_S, self._body_late)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _headers_late(self) -> None:
        """The header deadline passed: answer 408 if a request was started, else just close."""
        self._timer = None
        if self.transport.is_closing() or not self.waiting:
            return
        self.slots.leave(self)
        if not self._request_bytes:
            self.transport.close()
            return
        log.info("%s: request headers not complete after %g s: connection closed", self.peer,
                 self.slots.limits.header_timeout_s)
        self._answer_and_close(408, "header_timeout", "The request headers did not arrive within "
                               f"{self.slots.limits.header_timeout_s:g} s.")

    def _body_late(self) -> None:
        """A body still arriving after the guard's deadline, or after the answer was sent, is cut."""
        self._timer = None
        if not self.transport.is_closing() and self.conn.their_state is h11.SEND_BODY:
            log.info("%s: still sending a request body after the %s: connection closed", self.peer,
                     "answer" if self._phase == "drain" else "body deadline")
            self.transport.close()

    def _answer_and_close(self, status: int, code: str, message: str, *, retry_after: int | None = None) -> None:
        """The documented JSON error written straight to the socket, then the connection closed (half-open
        for LINGER_S so the client reads the answer rather than a reset)."""
        self._refused = True
        self._cancel()
        body = json.dumps({"code": code, "message": message}).encode()
        head = [b"HTTP/1.1 %d %s" % (status, REASONS[status]), b"content-type: application/json",
                b"content-length: %d" % len(body), b"connection: close"]
        if retry_after is not None:
            head.append(b"retry-after: %d" % retry_after)
        self.transport.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_S, self.transport.close)
