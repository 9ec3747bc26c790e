"""`idphoto serve`: the local HTTP API for kiosk front ends and studio software (needs the server extra)."""
from __future__ import annotations

import argparse
import logging
import os

from . import EXIT_FAILURE, EXIT_OK, EXIT_USAGE
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
    p.add_argument("--port", type=int, default=c.DEFAULT_PORT, help="port (default: %(default)s; 0 = any free)")
    p.add_argument("--token-file", default=None, metavar="FILE",
                   help="file holding the token every request must send (required off loopback)")
    p.add_argument("--max-mb", type=positive_float, default=c.DEFAULT_MAX_MB,
                   help="largest request in MB (default: %(default)g)")
    p.add_argument("--queue", type=int, default=c.DEFAULT_QUEUE,
                   help="requests waiting behind the running one before 503 (default: %(default)s)")
    p.add_argument("--timeout", type=positive_float, default=c.DEFAULT_TIMEOUT_S,
                   help="seconds one request may wait and run (default: %(default)g)")
    p.add_argument("--model", choices=available_models(), default=available_models()[0],
                   help="matting model loaded at start (default: %(default)s)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check the settings, load the models, serve until Ctrl+C; 2 for unsafe or bad settings."""
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
                              timeout_s=args.timeout, model=args.model).checked()
        server = make_server(config, log_level="info")
    except ConfigError as exc:
        return fail(str(exc), EXIT_USAGE)
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn re-raises Ctrl+C after its graceful shutdown
        pass
    return EXIT_OK if server.started else EXIT_FAILURE
