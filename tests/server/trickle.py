"""The trickling lock-out of issue 39, as a reusable attack: N connections send full `POST /check` headers, then
one body byte every few seconds, and reopen at once whenever the server closes them; meanwhile /health is
probed. Used by tests/server/test_doors.py (short windows) and benchmarks/bench_trickle.py (40 s)."""
from __future__ import annotations

import http.client
import socket
import threading
import time
from dataclasses import dataclass, field

HEAD = (b"POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n"
        b'Content-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"'
        b"\r\n\r\n")


@dataclass
class Attack:
    """Counts of one run: connections opened, closed by the server, how long each lived, refusals seen."""

    opened: int = 0
    cut: int = 0
    lifetimes: list[float] = field(default_factory=list)
    answers: dict[int, int] = field(default_factory=dict)   # status of what the server wrote before closing
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, lived: float, answer: bytes) -> None:
        with self._lock:
            self.cut += 1
            self.lifetimes.append(lived)
            status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0
            self.answers[status] = self.answers.get(status, 0) + 1


def trickle(port: int, stop: threading.Event, attack: Attack, *, every_s: float = 4.0,
            source: str = "127.0.0.1") -> None:
    """One attacking client: headers, a byte every `every_s`, reopen at once when closed, until `stop`."""
    while not stop.is_set():
        start = time.monotonic()
        answer = b""
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0)) as sock:
                with attack._lock:
                    attack.opened += 1
                sock.sendall(HEAD)
                sock.settimeout(0.1)
                next_byte = start + every_s
                while not stop.is_set():
                    if time.monotonic() >= next_byte:
                        sock.sendall(b"a")
                        next_byte += every_s
                    try:
                        chunk = sock.recv(4096)
                    except socket.timeout:
                        continue
                    if not chunk:
                        break
                    answer += chunk
        except OSError:
            pass   # reset, broken pipe, refused: the server closed it
        if not stop.is_set():
            attack.note(time.monotonic() - start, answer)


def probe(port: int, *, timeout: float = 5.0) -> tuple[int, float]:
    """GET /health on a new connection: (status, seconds); status 0 when the connection failed."""
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/health")
        status = conn.getresponse().status
    except OSError:
        status = 0
    finally:
        conn.close()
    return status, time.monotonic() - start


def run_attack(port: int, *, clients: int = 16, seconds: float = 40.0, probes: int = 4,
               every_s: float = 4.0) -> tuple[Attack, list[tuple[int, float]]]:
    """`clients` trickling clients for `seconds`; `probes` /health probes spread over the window after the
    first 2 s (when every attacker holds its upload); (the attack's counts, each probe's status and time)."""
    stop, attack = threading.Event(), Attack()
    threads = [threading.Thread(target=trickle, args=(port, stop, attack), kwargs={"every_s": every_s},
                                daemon=True) for _ in range(clients)]
    for t in threads:
        t.start()
    results = []
    start = time.monotonic()
    try:
        for i in range(probes):
            when = start + 2.0 + i * max(0.0, seconds - 3.0) / max(1, probes - 1) if probes > 1 else start + 2.0
            time.sleep(max(0.0, when - time.monotonic()))
            results.append(probe(port))
        time.sleep(max(0.0, start + seconds - time.monotonic()))
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=5)
    return attack, results
