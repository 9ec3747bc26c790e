"""Servers for the API tests: real uvicorn on a free loopback port, in this process (so the tests can
read core.pipeline.stats()), one per configuration, stopped at the end."""
from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

from idphoto_gui.server.app import make_server  # noqa: E402
from idphoto_gui.server.client import Client  # noqa: E402
from idphoto_gui.server.config import ServerConfig  # noqa: E402

TOKEN = "test-token-0123456789abcdef"


@dataclass
class Running:
    """A started server: its address, a client for it and the uvicorn object."""

    url: str
    client: Client
    server: object
    thread: threading.Thread


def start(**settings) -> Running:
    """Start a server on a free 127.0.0.1 port; returns once it answers."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = make_server(ServerConfig(host="127.0.0.1", port=port, **settings), log_level="warning")
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    return Running(url, Client(url, token=settings.get("token")), server, thread)


def stop(running: Running) -> None:
    running.server.should_exit = True
    running.thread.join(timeout=30)


@pytest.fixture(scope="session")
def token() -> str:
    """The token of the `guarded` server."""
    return TOKEN


@pytest.fixture(scope="session")
def api():
    """The default configuration (no token, default queue and limits)."""
    running = start()
    yield running
    stop(running)


@pytest.fixture(scope="session")
def guarded():
    """A server with a token, a 2 MB request limit, a queue of 4 and a 1 s body read time-out."""
    running = start(token=TOKEN, max_body_bytes=2_000_000, queue_size=4, read_timeout_s=1.0)
    yield running
    stop(running)


@pytest.fixture
def serve():
    """Start servers with other settings for one test (`serve(max_connections=4)`); stopped afterwards."""
    started: list[Running] = []

    def _start(**settings) -> Running:
        started.append(start(**settings))
        return started[-1]

    yield _start
    for running in started:
        stop(running)


DOORS_ORIGIN = "http://kiosk.lan:3000"


@pytest.fixture(scope="module")
def doors():
    """No warm-up (the door tests run no model), 1.5 s header and 2 s body deadlines, one more Host name
    (kiosk.lan) and one page allowed to call the API from a browser (DOORS_ORIGIN)."""
    running = start(warm_up=False, header_timeout_s=1.5, body_timeout_s=2.0, allow_hosts=("kiosk.lan",),
                    allow_origins=(DOORS_ORIGIN,))
    yield running
    stop(running)
