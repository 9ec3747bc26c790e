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

import pytest

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


def _spy_models(monkeypatch) -> list[str]:
    """Record every model file verification (the real one runs): proves a refusal came before any model."""
    from idphoto_gui.core import models

    calls: list[str] = []
    real = models.verified_bytes

    def spy(model_id: str) -> bytes:
        calls.append(model_id)
        return real(model_id)

    monkeypatch.setattr(models, "verified_bytes", spy)
    return calls


def test_bad_port_and_host_are_refused_before_any_model(monkeypatch, capsys, tmp_path, token):
    from idphoto_gui.cli import EXIT_USAGE, main

    calls = _spy_models(monkeypatch)
    for port in ("99999", "-1", "http"):
        with pytest.raises(SystemExit) as stopped:
            main(["serve", "--port", port])
        assert stopped.value.code == EXIT_USAGE
        assert "--port" in capsys.readouterr().err
    token_file = tmp_path / "token"
    token_file.write_text(token)
    token_file.chmod(0o600)
    assert main(["serve", "--host", "no such host!", "--port", "0", "--token-file", str(token_file)]) == EXIT_USAGE
    assert "not an address" in capsys.readouterr().err and "Traceback" not in capsys.readouterr().err
    assert calls == []


def test_busy_port_exits_8_with_a_clear_message(monkeypatch, capsys):
    from idphoto_gui.cli import EXIT_SERVE, main

    calls = _spy_models(monkeypatch)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == EXIT_SERVE
    err = capsys.readouterr().err
    assert f"port {port} on 127.0.0.1 is already in use" in err and "--port" in err and "Traceback" not in err
    assert calls == []


def test_token_file_readable_by_others_is_refused_with_the_chmod(tmp_path, capsys, token):
    from idphoto_gui.cli import EXIT_USAGE, main
    from idphoto_gui.server.config import ConfigError, read_token

    token_file = tmp_path / "my token"
    token_file.write_text(token + "\n")
    for mode in (0o644, 0o640, 0o604, 0o660):
        token_file.chmod(mode)
        assert main(["serve", "--token-file", str(token_file)]) == EXIT_USAGE
        err = capsys.readouterr().err
        assert f"chmod 600 '{token_file}'" in err and "open to other users" in err, err
        with pytest.raises(ConfigError):
            read_token(token_file)
    token_file.chmod(0o600)
    assert read_token(token_file) == token


def test_damaged_model_exits_7_before_the_server_starts(tmp_path):
    """A copy of the app whose matting model is damaged (the real files otherwise, linked): exit 7, no traceback,
    and the port was never answered."""
    app = tmp_path / "app"
    shutil.copytree(ROOT / "idphoto_gui", app / "idphoto_gui", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "resources", app / "resources")
    (app / "models").mkdir()
    for item in (ROOT / "models").iterdir():
        (app / "models" / item.name).symlink_to(item)
    rvm = app / "models" / "rvm_mobilenetv3_still_fp32.onnx"
    rvm.unlink()
    rvm.write_bytes((ROOT / "models" / "rvm_mobilenetv3_still_fp32.onnx").read_bytes()[:100_000])   # truncated
    port = _free_port()
    proc = subprocess.run([sys.executable, "-m", "idphoto_gui.cli", "serve", "--port", str(port)], cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(app)}, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 7, proc.stderr
    assert "rvm_mobilenetv3_still_fp32.onnx is damaged" in proc.stderr and "Reinstall" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
