"""`idphoto serve`: the local HTTP API for kiosk front ends and studio software (needs the server extra)."""
from __future__ import annotations

import argparse
import errno
import logging
import os
import socket

from . import EXIT_FAILURE, EXIT_MODEL, EXIT_OK, EXIT_SERVE, EXIT_USAGE
from ._common import fail, positive_float

log = logging.getLogger(__name__)


def add_parser(subparsers) -> None:
    """Register the command."""
    from ..core.matting import available_models
    from ..server import config as c

    p = subparsers.add_parser(
        "serve", help="serve the HTTP API on this machine",
        description="Serve the HTTP API (OpenAPI page at /docs). Listens on loopback unless told otherwise; "
                    "another address needs a token, and then every request must send "
                    "`Authorization: Bearer <token>`.")
    p.add_argument("--host", default=c.DEFAULT_HOST, help="address to listen on (default: %(default)s)")
    p.add_argument("--port", type=port_number, default=c.DEFAULT_PORT,
                   help="port (default: %(default)s; 0 = any free)")
    p.add_argument("--token-file", default=None, metavar="FILE",
                   help="file holding the token every request must send (required off loopback)")
    p.add_argument("--max-mb", type=positive_float, default=c.DEFAULT_MAX_MB,
                   help="largest request in MB (default: %(default)g)")
    p.add_argument("--queue", type=int, default=c.DEFAULT_QUEUE,
                   help="requests waiting behind the running one before 503 (default: %(default)s)")
    p.add_argument("--timeout", type=positive_float, default=c.DEFAULT_TIMEOUT_S,
                   help="seconds one request may wait and run (default: %(default)g)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="another name the Host header may carry (repeatable); loopback names and the --host "
                        "address are always allowed, anything else gets 421 (DNS-rebinding guard)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="a web page origin (e.g. http://kiosk.local:3000) allowed to call the API from a "
                        "browser, answered with CORS headers (repeatable); other origins get 403")
    p.add_argument("--model", choices=available_models(), default=available_models()[0],
                   help="matting model loaded at start (default: %(default)s)")
    p.set_defaults(func=run)


def port_number(text: str) -> int:
    """argparse type: a TCP port 0-65535 (0 = any free), checked before anything loads."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range (0-65535)")
    return port


def run(args: argparse.Namespace) -> int:
    """Check the settings, bind the port, verify the models, serve until Ctrl+C.

    Exit codes: 2 bad or unsafe settings, 8 the port or address cannot be used, 7 a model file is
    damaged or missing; all before any model loads."""
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")  # before onnxruntime loads: nothing leaves the machine
    try:
        import python_multipart  # noqa: F401  (the server extra: starlette's form parser)
        import uvicorn  # noqa: F401

        from ..server.app import make_server
        from ..server.config import ConfigError, ServerConfig, read_token
    except ModuleNotFoundError as exc:
        return fail(f"`idphoto serve` needs the server extra ({exc.name} is missing): "
                    "pip install -e \".[server]\"", EXIT_FAILURE)
    try:
        token = read_token(args.token_file) if args.token_file else None
        config = ServerConfig(host=args.host, port=args.port, token=token,
                              max_body_bytes=int(args.max_mb * 1_000_000), queue_size=args.queue,
                              timeout_s=args.timeout, model=args.model, allow_hosts=tuple(args.allow_host),
                              allow_origins=tuple(args.allow_origin)).checked()
    except ConfigError as exc:
        return fail(str(exc), EXIT_USAGE)
    sock = _bind(config.host, config.port)
    if isinstance(sock, int):
        return sock
    problem = _model_problem()
    if problem:
        sock.close()
        return fail(problem, EXIT_MODEL)
    try:
        server = make_server(config, log_level="info")
    except ConfigError as exc:
        sock.close()
        return fail(str(exc), EXIT_USAGE)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn re-raises Ctrl+C after its graceful shutdown
        pass
    return EXIT_OK if server.started else EXIT_FAILURE


def _bind(host: str, port: int) -> socket.socket | int:
    """A listening socket on host:port, or the exit code after saying why not (2 bad host, 8 port busy)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        return fail(f"--host {host!r} is not an address or a name of this machine ({exc})", EXIT_USAGE)
    infos.sort(key=lambda info: info[0] != socket.AF_INET)   # `localhost`: 127.0.0.1, as clients try first
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name == "posix":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart right after a stop
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            return fail(f"port {port} on {host} is already in use (another `idphoto serve`?); stop that "
                        "program or choose another --port", EXIT_SERVE)
        return fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}", EXIT_SERVE)
    sock.set_inheritable(True)
    return sock


def _model_problem() -> str | None:
    """The message for a missing or damaged model file (sha256 checked), before the server starts."""
    from ..core import models
    from ..core.errors import ModelError

    try:
        for info in models.manifest().values():
            models.verified_bytes(info.id)
    except ModelError as exc:
        return str(exc)
    return None
