"""Connection slots: a header deadline, a body deadline and a body-rate floor, a cap per client, idle
connections evicted first, and a reserve no upload may take, so slow, idle or trickling clients cannot hold
every slot (uvicorn's own limit answers plain-text 503 to everyone while 64 connections that sent `GET /heal`
and nothing more sit there).

A connection is *waiting* while no request is in flight: headers not complete yet, or idle between two
requests. It is *uploading* while its request body arrives. Every client on this machine shares the address
127.0.0.1, so a cap per address alone is everyone's cap: 16 connections that send `POST /check` headers and
then one body byte every 4 s held all of them. So:

- an upload that averages below `min_body_rate` bytes/s after BODY_RATE_GRACE_S is cut (408);
- the per-client cap counts uploads and, apart, waiting connections (past it the client's oldest waiting
  one is closed), never the two together; uploads in all may take every slot but `get_reserve`, so a small
  GET (/health, /templates) always finds one;
- when the slots (or one client's uploads) run out, the oldest waiting connection of the most connected
  client is closed to make room, else the slowest upload under way (at least EVICT_MIN_AGE_S old) is cut
  with a 503; only when neither exists does the newcomer get the documented JSON 503 with Retry-After.
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
BODY_RATE_GRACE_S = 2.0   # the body-rate floor applies from this long after the headers (a burst may lag)
RATE_CHECK_S = 0.5        # how often an upload's average rate is checked against the floor
EVICT_MIN_AGE_S = 0.25    # an upload younger than this has no rate yet and is never "the slowest" (at 1 s,
                          # 16 trickling uploads reopened together refused 1 honest upload of 10; at 0.25 s none)


@dataclass(frozen=True)
class Limits:
    """Deadlines and caps of one server."""

    header_timeout_s: float = 10.0
    body_timeout_s: float = 60.0
    max_connections: int = 64
    max_per_client: int = 16      # uploads in flight from one address; and, apart, its waiting connections
    get_reserve: int = 8          # slots no upload may take
    min_body_rate: float = 4096.0  # bytes/s an upload must average after BODY_RATE_GRACE_S
    retry_after_s: int = 2


class Slots:
    """The server's open connections, oldest first, shared by every connection's protocol object."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: dict[SlotProtocol, None] = {}
        self.evicted = self.refused = 0

    def admit(self, conn: "SlotProtocol") -> bool:
        """Take a slot for `conn`: past its client's cap of waiting connections the oldest one is closed; when
        every slot is taken, a waiting connection or the slowest upload makes room. False when none can."""
        waiting = [c for c in self._open if c.peer == conn.peer and c.waiting]
        if len(waiting) >= self.limits.max_per_client:
            self._evict(waiting)
        if len(self._open) >= self.limits.max_connections and not self._make_room(self._crowded_first()):
            self.refused += 1
            return False
        self._open[conn] = None
        return True

    def start_upload(self, conn: "SlotProtocol") -> bool:
        """`conn`'s request body begins: True if it may upload (the slowest upload may be cut to make room),
        False when every upload slot holds a newer or faster one."""
        uploads = [c for c in self._open if c.uploading and c is not conn]
        mine = [c for c in uploads if c.peer == conn.peer]
        for pool, cap in ((mine, self.limits.max_per_client),
                          (uploads, self.limits.max_connections - self.limits.get_reserve)):
            if len(pool) >= cap and not self._evict_slowest(pool):
                self.refused += 1
                return False
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

    def _make_room(self, pool: list["SlotProtocol"]) -> bool:
        """Close a waiting connection of `pool`, else cut its slowest upload; False if neither exists."""
        return self._evict(pool) or self._evict_slowest(pool)

    def _evict(self, pool: Iterable["SlotProtocol"]) -> bool:
        """Close the first waiting connection of `pool`; False if every one has a request in flight."""
        victim = next((c for c in pool if c.waiting), None)
        if victim is None:
            return False
        self.leave(victim)
        self.evicted += 1
        victim.evict()
        return True

    def _evict_slowest(self, pool: Iterable["SlotProtocol"]) -> bool:
        """Cut the upload of `pool` with the lowest average rate (503); False if none is old enough to judge."""
        judged = [c for c in pool if c.uploading and c.upload_age() >= EVICT_MIN_AGE_S]
        if not judged:
            return False
        victim = min(judged, key=lambda c: c.upload_rate())
        self.leave(victim)
        self.evicted += 1
        victim.cut_upload()
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
        self._received = 0            # bytes read from the socket, all requests
        self._upload: _Upload | None = None
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

    @property
    def uploading(self) -> bool:
        """A request body is arriving (and no answer has been given yet)."""
        return self._upload is not None

    def upload_age(self) -> float:
        """Seconds since the upload's headers ended, not counting time we paused reading."""
        return self._upload.age(self.loop.time(), self._reading_paused()) if self._upload else 0.0

    def upload_rate(self) -> float:
        """Body bytes per second so far (the average since the headers)."""
        age = self.upload_age()
        return (self._received - self._upload.start_bytes) / age if self._upload and age > 0 else float("inf")

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # lingering after a refusal: drop whatever the client still sends
        self._request_bytes = True
        self._received += len(data)
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

    def cut_upload(self) -> None:
        """The slowest upload makes room for a newer request: 503, then the connection is closed."""
        log.info("%s: the slowest upload (%.0f bytes/s) was cut to make room", self.peer, self.upload_rate())
        self._answer_and_close(503, "busy", "The server is full and this was its slowest upload; try again.",
                               retry_after=self.slots.limits.retry_after_s)

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
        self._upload = None
        if phase == "headers":
            self._request_bytes = False
            self._timer = self.loop.call_later(self.slots.limits.header_timeout_s, self._headers_late)
        elif phase == "body":
            self._start_upload()
        elif phase == "drain":
            self._timer = self.loop.call_later(DRAIN_S, self._body_late)

    def _start_upload(self) -> None:
        """The headers asked for a body: take an upload slot (503 if none), then watch the deadline and rate."""
        self._upload = _Upload(self.loop.time(), self._received)
        if not self.slots.start_upload(self):
            log.warning("upload slots full (at most %d per client, %d in all; from %s): refused with 503",
                        self.slots.limits.max_per_client,
                        self.slots.limits.max_connections - self.slots.limits.get_reserve, self.peer)
            self.slots.leave(self)
            self._answer_and_close(503, "busy", "Too many uploads under way; try again shortly.",
                                   retry_after=self.slots.limits.retry_after_s)
            return
        self._timer = self.loop.call_later(RATE_CHECK_S, self._check_rate)

    def _check_rate(self) -> None:
        """Cut an upload that is past its deadline, or that averages below the floor between the grace and the body
        deadline."""
        self._timer = None
        if self._upload is None or self.transport.is_closing() or self.conn.their_state is not h11.SEND_BODY:
            return
        limits, age = self.slots.limits, self.upload_age()
        if self.loop.time() - self._upload.start >= limits.body_timeout_s + BODY_GRACE_S:
            self._body_late()
            return
        rate = self.upload_rate()
        # past the body deadline the guard answers it (its 408 names the deadline): the floor no longer races it
        if BODY_RATE_GRACE_S <= age < limits.body_timeout_s and rate < limits.min_body_rate:
            log.info("%s: request body at %.0f bytes/s, below the floor of %g: cut", self.peer, rate,
                     limits.min_body_rate)
            self.slots.leave(self)
            self._answer_and_close(408, "read_timeout", f"The request body arrived at {rate:.0f} bytes/s, below "
                                   f"the server's floor of {limits.min_body_rate:g} bytes/s.")
            return
        self._timer = self.loop.call_later(RATE_CHECK_S, self._check_rate)

    def _reading_paused(self) -> bool:
        """True while uvicorn stopped reading because the app has not taken the body yet (not the client's fault)."""
        return bool(self.flow is not None and self.flow.read_paused)

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
        self._upload = None
        if not self.transport.is_closing() and self.conn.their_state is h11.SEND_BODY:
            log.info("%s: still sending a request body after the %s: connection closed", self.peer,
                     "answer" if self._phase == "drain" else "body deadline")
            self.transport.close()

    def _answer_and_close(self, status: int, code: str, message: str, *, retry_after: int | None = None) -> None:
        """The documented JSON error written straight to the socket, then the connection closed (half-open
        for LINGER_S so the client reads the answer rather than a reset)."""
        self._refused = True
        self._upload = None
        self._cancel()
        cycle = getattr(self, "cycle", None)
        if cycle is not None and not cycle.response_complete:   # cut mid-request: the app's receive() says
            cycle.disconnected = True                            # the client left, its answer is dropped
            cycle.message_event.set()
        body = json.dumps({"code": code, "message": message}).encode()
        head = [b"HTTP/1.1 %d %s" % (status, REASONS[status]), b"content-type: application/json",
                b"content-length: %d" % len(body), b"connection: close"]
        if retry_after is not None:
            head.append(b"retry-after: %d" % retry_after)
        self.transport.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_S, self.transport.close)


class _Upload:
    """When an upload's body began, the bytes read before it, and the time reading was paused by us."""

    def __init__(self, start: float, start_bytes: int) -> None:
        self.start, self.start_bytes = start, start_bytes
        self._paused = 0.0
        self._last: float | None = None

    def age(self, now: float, paused: bool) -> float:
        """Seconds of the upload the client is answerable for (our own pauses left out)."""
        if self._last is not None and paused:
            self._paused += now - self._last
        self._last = now
        return max(0.0, now - self.start - self._paused)
