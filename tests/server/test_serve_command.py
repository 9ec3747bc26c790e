"""`idphoto serve` as a user starts it: a separate process, a token file, Ctrl+C to stop."""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from idphoto_gui.server.client import Client

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_pid(proc: subprocess.Popen, traced: bool) -> int:
    """The server's own pid (under strace, strace's child)."""
    if not traced:
        return proc.pid
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    return int(children[0])


def _check_sockets(log: Path, port: int) -> None:
    """The server opened one internet socket, bound it to 127.0.0.1:port, and connected nowhere."""
    calls = log.read_text()
    inet = re.findall(r"socket\((AF_INET6?)", calls)
    binds = re.findall(r"bind\(\d+, \{sa_family=AF_INET6?, sin6?_port=htons\((\d+)\), (?:sin_addr=inet_addr|inet_pton)"
                       r"\(\"?([^\")]+)", calls)
    connects = [line for line in calls.splitlines() if "connect(" in line and "AF_UNIX" not in line]
    assert len(inet) == 1 and binds == [(str(port), "127.0.0.1")], (inet, binds)
    assert connects == [], connects


def test_serve_command_with_a_token_file(tmp_path, data_dir, token):
    """Runs under strace when it is installed, to prove no socket but the listening one (no telemetry)."""
    token_file = tmp_path / "token.txt"
    token_file.write_text(token + "\n")
    token_file.chmod(0o600)
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    log = tmp_path / "strace.log"
    strace = shutil.which("strace")
    prefix = [strace, "-f", "-qq", "-e", "trace=socket,bind,connect", "-o", str(log)] if strace else []
    proc = subprocess.Popen([*prefix, sys.executable, "-m", "idphoto_gui.cli", "serve", "--port", str(port),
                             "--token-file", str(token_file)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        client = Client(f"http://127.0.0.1:{port}", token=token, timeout=60)
        deadline = time.monotonic() + 120
        while True:
            try:
                health = client.get("/health")
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.2)
        assert health.status == 200 and health.json()["pipeline"]["warm_ups"] == 1
        assert Client(f"http://127.0.0.1:{port}").get("/health").status == 401
        photo = client.post("/photo", [("image", "m.jpg", (data_dir / "man_suit.jpg").read_bytes())],
                            template="cn-1inch", background="blue")
        assert photo.status == 200 and photo.body[:2] == b"\xff\xd8"
    finally:
        os.kill(_server_pid(proc, bool(strace)), signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out
    assert "Application shutdown complete" in out and "Traceback" not in out
    if strace:
        _check_sockets(log, port)
