"""Hard doors, against real servers on 127.0.0.1: Host and Origin (DNS rebinding, cross-site pages), the token
scheme, idle and slow clients (connection slots, header and body deadlines), a client gone mid-upload."""
from __future__ import annotations

import contextlib
import json
import logging
import socket
import time

import pytest

from idphoto_gui.server import slots
from idphoto_gui.server.client import Client, multipart
from idphoto_gui.server.slots import DRAIN_S

ORIGIN = "http://kiosk.lan:3000"   # conftest's DOORS_ORIGIN: the page the `doors` server allows


def _raw(port: int, request: bytes, *, timeout: float = 10.0, source: str = "127.0.0.1") -> tuple[bytes, float]:
    """Send `request` on a fresh connection and read until the server closes it; (answer, seconds)."""
    start_t = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as sock:
        sock.sendall(request)
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                answer += chunk
    return answer, time.monotonic() - start_t


def _get(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], dict | bytes]:
    """A GET with exactly these headers (Host included); status, lower-case headers, JSON or raw body."""
    lines = [f"GET {path} HTTP/1.1", "Connection: close", *(f"{k.replace('_', '-')}: {v}" for k, v in headers.items())]
    return _parse(_raw(port, ("\r\n".join(lines) + "\r\n\r\n").encode())[0])


def _parse(answer: bytes) -> tuple[int, dict[str, str], dict | bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = dict(line.split(": ", 1) for line in lines[1:])
    headers = {k.lower(): v for k, v in fields.items()}
    parsed = json.loads(body) if headers.get("content-type", "").startswith("application/json") else body
    return int(lines[0].split()[1]), headers, parsed


def _port(running) -> int:
    return running.client.port


def test_foreign_host_is_421_loopback_and_allowed_names_pass(doors):
    port = _port(doors)
    for host in ("rebind.attacker.example", f"rebind.attacker.example:{port}", "127.0.0.2", "localhost.evil"):
        for path in ("/health", "/templates", "/docs"):
            status, _, body = _get(port, path, Host=host)
            assert status == 421 and body["code"] == "bad_host" and "--allow-host" in body["message"], (host, body)
    status, _, body = _get(port, "/health")                       # no Host at all (HTTP/1.1 requires one)
    assert status == 400 and body["code"] == "bad_request"         # JSON, not uvicorn's plain text
    for host in (f"127.0.0.1:{port}", "localhost:1234", "LOCALHOST", "[::1]:80", "kiosk.lan", f"kiosk.lan:{port}"):
        status, _, body = _get(port, "/health", Host=host)
        assert status == 200 and body["status"] == "ok", host
    photo = multipart({"template": "cn-1inch"}, [("image", "a.jpg", b"x" * 1000)])
    reply = _parse(_raw(port, b"POST /photo HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n"
                              b"Content-Type: " + photo[1].encode() + b"\r\nContent-Length: %d\r\n\r\n"
                        % len(photo[0]) + photo[0])[0])
    assert reply[0] == 421 and reply[2]["code"] == "bad_host"


def test_cross_origin_requests_are_403_and_no_cors_by_default(doors, data_dir):
    port, own = _port(doors), f"127.0.0.1:{_port(doors)}"
    status, headers, body = _get(port, "/health", Host=own, Origin="http://evil.example")
    assert status == 403 and body["code"] == "bad_origin" and "--allow-origin" in body["message"]
    assert not any(k.startswith("access-control") for k in headers)
    status, _, body = _get(port, "/health", Host=own, Origin="null")   # sandboxed frame, file:// page
    assert status == 403
    status, headers, _ = _get(port, "/health", Host=own, Origin=f"http://{own}")   # the server's own /docs page
    assert status == 200 and not any(k.startswith("access-control") for k in headers)
    # A cross-origin multipart POST, as a web page's form or fetch() sends it: refused before any work.
    data, ctype = multipart({"template": "cn-1inch"}, [("image", "m.jpg", (data_dir / "man_suit.jpg").read_bytes())])
    head = (f"POST /check HTTP/1.1\r\nHost: {own}\r\nOrigin: http://evil.example\r\nConnection: close\r\n"
            f"Content-Type: {ctype}\r\nContent-Length: {len(data)}\r\n\r\n").encode()
    status, headers, body = _parse(_raw(port, head + data)[0])
    assert status == 403 and body["code"] == "bad_origin" and "access-control-allow-origin" not in headers
    preflight = (f"OPTIONS /check HTTP/1.1\r\nHost: {own}\r\nOrigin: http://evil.example\r\n"
                 "Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n").encode()
    status, headers, _ = _parse(_raw(port, preflight)[0])
    assert status == 403 and "access-control-allow-origin" not in headers


def test_allow_origin_gets_cors_for_that_page_only(doors):
    port, own = _port(doors), f"127.0.0.1:{_port(doors)}"
    preflight = (f"OPTIONS /photo HTTP/1.1\r\nHost: {own}\r\nOrigin: {ORIGIN}\r\n"
                 "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: authorization\r\n"
                 "Connection: close\r\n\r\n").encode()
    status, headers, _ = _parse(_raw(port, preflight)[0])
    assert status == 204 and headers["access-control-allow-origin"] == ORIGIN
    assert "POST" in headers["access-control-allow-methods"]
    assert "authorization" in headers["access-control-allow-headers"].lower()
    status, headers, body = _get(port, "/health", Host=own, Origin=ORIGIN)
    assert status == 200 and headers["access-control-allow-origin"] == ORIGIN and headers["vary"] == "Origin"
    assert "x-idphoto-report" in headers["access-control-expose-headers"].lower()
    status, headers, _ = _get(port, "/health", Host=own, Origin="http://kiosk.lan:3001")
    assert status == 403 and "access-control-allow-origin" not in headers


def test_bearer_scheme_in_any_case(guarded, token):
    port = _port(guarded)
    for scheme in ("Bearer", "bearer", "BEARER", "bEaReR"):
        status, _, body = _get(port, "/health", Host="127.0.0.1", Authorization=f"{scheme} {token}")
        assert status == 200 and body["status"] == "ok", scheme
    for value in (f"Basic {token}", f"Bearer{token}", f"Bearer {token}x", token):
        status, _, body = _get(port, "/health", Host="127.0.0.1", Authorization=value)
        assert status == 401 and body["code"] == "unauthorized", value


def test_70_idle_connections_do_not_lock_out_a_normal_client(serve):
    """The issue's probe: 70 connections that send only `GET /heal` (all from 127.0.0.1, like the client).
    Idle connections are evicted oldest first when the slots run short, so the client is answered at once."""
    running = serve(warm_up=False)            # default slots: 64, 16 per client, 10 s header deadline
    idle: list[socket.socket] = []
    try:
        for _ in range(70):
            sock = socket.create_connection(("127.0.0.1", _port(running)), timeout=5)
            sock.sendall(b"GET /heal")
            idle.append(sock)
        time.sleep(0.3)
        start_t = time.monotonic()
        reply = Client(running.url, timeout=5).get("/health")
        took = time.monotonic() - start_t
        assert reply.status == 200 and reply.json()["status"] == "ok"
        assert took < 5.0, took
        print(f"normal client answered in {took * 1000:.0f} ms beside 70 idle connections")
        evicted = 0
        for sock in idle:
            sock.settimeout(0.05)
            try:
                evicted += sock.recv(100) == b""
            except ConnectionResetError:
                evicted += 1
            except socket.timeout:
                pass
        assert evicted >= 70 - 16, evicted    # the per-client cap: at most 16 waiting from one address
        for i in range(70):                    # 70 addresses, one idle connection each: the oldest go first
            idle.append(socket.create_connection(("127.0.0.1", _port(running)), timeout=5,
                                                 source_address=(f"127.0.1.{i + 1}", 0)))
            idle[-1].sendall(b"GET /heal")
        time.sleep(0.3)
        start_t = time.monotonic()
        assert Client(running.url, timeout=5).get("/health").status == 200
        assert time.monotonic() - start_t < 5.0
    finally:
        for sock in idle:
            sock.close()


def test_slow_header_client_is_cut_at_the_header_deadline(doors):
    """One byte every 0.2 s keeps the connection busy; the 1.5 s header deadline counts from the connect."""
    start_t = time.monotonic()
    with socket.create_connection(("127.0.0.1", _port(doors)), timeout=10) as sock:
        answer = b""
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for byte in b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100:
                sock.sendall(bytes([byte]))
                sock.settimeout(0.2)
                with contextlib.suppress(socket.timeout):
                    chunk = sock.recv(4096)
                    answer += chunk
                    if not chunk or answer.endswith(b"}"):
                        break
        took = time.monotonic() - start_t
    status, headers, body = _parse(answer)
    assert status == 408 and body["code"] == "header_timeout"
    assert 1.4 <= took < 3.5, took
    print(f"slow header client cut after {took:.2f} s (deadline 1.5 s)")


def test_slow_body_client_is_cut_at_the_body_deadline(doors):
    """Headers at once, then one body byte every 0.2 s: 408 at the 2 s body deadline (the 30 s between two
    chunks never runs out), then the connection is cut while the client still sends."""
    head = (b"POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n"
            b'Content-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"'
            b"\r\n\r\n")
    answer, answered, cut = _trickle(_port(doors), head, seconds=12)
    status, _, body = _parse(answer)
    assert status == 408 and body["code"] == "read_timeout" and "2 s" in body["message"]
    assert 1.9 <= answered < 3.5, answered
    assert cut is not None and cut < answered + DRAIN_S + 1.5, (answered, cut)
    print(f"slow body client: 408 after {answered:.2f} s (deadline 2 s), cut after {cut:.2f} s")


def test_client_that_keeps_sending_after_413_is_cut(guarded, token):
    """Over the 2 MB limit by Content-Length: 413 at once, the rest is read and dropped for DRAIN_S, then cut."""
    head = (f"POST /photo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 3000000\r\n\r\n").encode()
    answer, answered, cut = _trickle(_port(guarded), head, seconds=12)
    status, _, body = _parse(answer)
    assert status == 413 and body["code"] == "too_large" and answered < 1.0
    assert cut is not None and cut < DRAIN_S + 1.5, cut
    print(f"client sending after 413: answered after {answered:.2f} s, cut after {cut:.2f} s")


def _trickle(port: int, head: bytes, *, seconds: float) -> tuple[bytes, float | None, float | None]:
    """Send `head`, then one byte per 0.2 s for up to `seconds`; (answer, when it came, when the server cut)."""
    start_t = time.monotonic()
    answer, answered, cut = b"", None, None
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        sock.settimeout(0.2)
        while time.monotonic() - start_t < seconds:
            try:
                sock.sendall(b"a")
                chunk = sock.recv(65536)
            except socket.timeout:
                continue
            except (BrokenPipeError, ConnectionResetError):
                chunk = b""
            if not chunk:
                cut = time.monotonic() - start_t
                break
            answer += chunk
            answered = answered or time.monotonic() - start_t
    return answer, answered, cut


def _upload(port: int, source: str, length: int = 100000) -> socket.socket:
    """A connection holding an upload under way: headers and the start of a multipart body, nothing more."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(b"POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n"
                 b'Content-Length: %d\r\n\r\n--x\r\nContent-Disposition: form-data; name="image"; '
                 b'filename="a.jpg"\r\n\r\n' % length)
    return sock


def _answer(sock: socket.socket, wait: float = 2.0) -> tuple[int, dict, dict | bytes] | None:
    """What the server wrote on `sock` before closing it within `wait` s; None if it said nothing."""
    sock.settimeout(wait)
    answer = b""
    with contextlib.suppress(socket.timeout, ConnectionResetError):
        while chunk := sock.recv(65536):
            answer += chunk
    return _parse(answer) if answer else None


def test_trickling_uploads_cannot_lock_out_local_clients(serve):
    """Issue 39's probe: 16 connections from 127.0.0.1 send `POST /check` headers, then a body byte every 4 s,
    and reopen at once when closed. The body-rate floor cuts each after ~2 s, and uploads never hold the
    slots a GET needs: 4 of 4 /health probes over 12 s answer 200 (the 40 s run: benchmarks/bench_trickle.py)."""
    from trickle import run_attack   # tests/server is on sys.path (rootdir-relative test modules)

    running = serve(warm_up=False)          # default slots: 64, 16 uploads per client, 8 kept for GETs
    errors: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = errors.append  # type: ignore[method-assign]
    for name in ("uvicorn.error", "idphoto_gui.server"):
        logging.getLogger(name).addHandler(handler)
    try:
        attack, probes = run_attack(_port(running), clients=16, seconds=12.0, probes=4)
    finally:
        for name in ("uvicorn.error", "idphoto_gui.server"):
            logging.getLogger(name).removeHandler(handler)
    assert not errors, [r.getMessage() for r in errors]        # no traceback from the cuts
    print(f"/health under 16 trickling clients: {[s for s, _ in probes]} in {[round(t, 2) for _, t in probes]} s; "
          f"{attack.opened} attacking connections, {attack.cut} cut, answers {attack.answers}")
    assert [status for status, _ in probes] == [200] * 4, probes
    assert max(took for _, took in probes) < 5.0, probes
    assert attack.cut >= 16 and attack.answers.get(408, 0) >= 16, attack        # cut by the floor, and told
    assert sorted(attack.lifetimes)[len(attack.lifetimes) // 2] < 4.0, attack.lifetimes


def test_slowest_upload_makes_room_and_gets_are_kept_a_slot(serve, monkeypatch):
    """With the floor off, uploads hold their slots: a client's 4th upload is refused while the others are
    too young to judge (EVICT_MIN_AGE_S held at 30 s here, then 0.25 s), then evicts the slowest one; a GET
    from the same address is answered throughout."""
    monkeypatch.setattr(slots, "EVICT_MIN_AGE_S", 30.0)   # the refusal below does not depend on timing
    running = serve(warm_up=False, max_connections=8, max_per_client=3, get_reserve=2, min_body_rate=0,
                    body_timeout_s=20.0)
    port, held = _port(running), []
    try:
        held += [_upload(port, "127.0.0.2") for _ in range(3)]
        held[1].sendall(b"x" * 5000)                       # one of the three is faster than the others
        time.sleep(0.3)
        status, headers, body = _answer(_upload(port, "127.0.0.2"))   # none of the three is old enough yet
        assert status == 503 and body["code"] == "busy" and headers["retry-after"].isdigit()
        assert "uploads" in body["message"]
        health = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        assert _parse(_raw(port, health, source="127.0.0.2")[0])[0] == 200   # uploads never take a GET's slot
        monkeypatch.setattr(slots, "EVICT_MIN_AGE_S", 0.25)
        time.sleep(0.3)
        held.append(_upload(port, "127.0.0.2"))          # now the slowest (a byte-less one) is cut
        cut = [(i, _answer(sock, 0.5)) for i, sock in enumerate(held[:3])]
        answered = [(i, a) for i, a in cut if a is not None]
        assert len(answered) == 1 and answered[0][0] != 1, cut        # one slow one, never the faster one
        assert answered[0][1][0] == 503 and "slowest upload" in answered[0][1][2]["message"]
        assert _answer(held[3], 0.3) is None                           # the newcomer's upload goes on
        assert _parse(_raw(port, health, source="127.0.0.2")[0])[0] == 200
    finally:
        for sock in held:
            sock.close()


def test_full_slots_give_json_503_with_retry_after(serve, monkeypatch):
    """Only when no slot can be freed (nothing waiting, every upload too young to judge, the rest answered and
    draining) does a newcomer get the documented JSON 503 with Retry-After."""
    monkeypatch.setattr(slots, "EVICT_MIN_AGE_S", 30.0)   # "too young" held, whatever the machine's load
    running = serve(warm_up=False, max_connections=4, max_per_client=2, get_reserve=1, body_timeout_s=8.0,
                    max_body_bytes=2000)
    port, held = _port(running), []
    try:
        held.append(_upload(port, "127.0.0.3", 5000))     # over the limit: 413 at once, then read and dropped
        time.sleep(0.2)
        held[0].sendall(b"x" * 100)
        held += [_upload(port, source, 1500) for source in ("127.0.0.2", "127.0.0.2", "127.0.0.3")]
        time.sleep(0.3)                                   # taken, and too young to judge: none can be cut
        answer, _ = _raw(port, b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", source="127.0.0.4")
        status, headers, body = _parse(answer)
        assert status == 503 and body["code"] == "busy" and int(headers["retry-after"]) >= 1
        assert "connections" in body["message"]
    finally:
        for sock in held:
            sock.close()


def test_disconnect_mid_upload_is_a_debug_line(doors, caplog):
    """A client that hangs up mid-upload: one debug line, no error, no traceback (it was a logged 500)."""
    caplog.set_level(logging.DEBUG, logger="idphoto_gui.server")
    uvicorn_errors: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = uvicorn_errors.append  # type: ignore[method-assign]
    logging.getLogger("uvicorn.error").addHandler(handler)
    try:
        with socket.create_connection(("127.0.0.1", _port(doors)), timeout=5) as sock:
            sock.sendall(b"POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; "
                         b"boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; "
                         b'name="image"; filename="a.jpg"\r\n\r\n' + b"\xff" * 5000)
            time.sleep(0.3)
        deadline = time.monotonic() + 5
        while not any("disconnected" in r.getMessage() for r in caplog.records) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        logging.getLogger("uvicorn.error").removeHandler(handler)
    ours = [r for r in caplog.records if r.name.startswith("idphoto_gui.server")]
    assert any(r.levelno == logging.DEBUG and "disconnected" in r.getMessage() for r in ours), ours
    assert not [r for r in ours + uvicorn_errors if r.levelno >= logging.ERROR or r.exc_info]
