"""The ASGI application: Starlette routes behind the guard, one job queue, models loaded at start."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from . import render
from .config import ServerConfig
from .errors import HANDLERS
from .guard import Guard
from .queue import JobQueue
from .routes import ENDPOINTS

log = logging.getLogger(__name__)


def create_app(config: ServerConfig) -> Guard:
    """The app for uvicorn (or any ASGI server); raises ConfigError for an unsafe configuration."""
    config = config.checked()
    from .openapi import docs_html, document

    doc = document()
    page = docs_html(doc)

    async def openapi(request: Request) -> Response:
        return JSONResponse(doc)

    async def docs(request: Request) -> Response:
        return HTMLResponse(page)

    async def root(request: Request) -> Response:
        return RedirectResponse("/docs")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        queue = JobQueue(size=config.queue_size, timeout_s=config.timeout_s)
        app.state.queue = queue
        if config.warm_up:
            await asyncio.wrap_future(queue.submit(render.warm_up, config.model))
        log.info("ready: http://%s:%d/docs", config.host, config.port)
        try:
            yield
        finally:
            await asyncio.to_thread(queue.close)

    routes = [Route(ep.path, ep.handler, methods=[ep.method]) for ep in ENDPOINTS]
    routes += [Route("/openapi.json", openapi), Route("/docs", docs), Route("/", root)]
    app = Starlette(routes=routes, exception_handlers=HANDLERS, lifespan=lifespan)
    return Guard(app, token=config.token, max_body=config.max_body_bytes, read_timeout_s=config.read_timeout_s)


KEEP_ALIVE_S = 5          # idle keep-alive connections are closed after this
MAX_CONNECTIONS = 64      # beyond this uvicorn itself answers 503; the queue refuses long before


def make_server(config: ServerConfig, *, log_level: str = "info"):
    """A uvicorn server for the app, bound as `config` says (no Server header, bounded connections)."""
    import uvicorn

    app = create_app(config)
    uv = uvicorn.Config(app, host=config.host, port=config.port, lifespan="on", log_level=log_level,
                        server_header=False, timeout_keep_alive=KEEP_ALIVE_S,
                        limit_concurrency=MAX_CONNECTIONS, timeout_graceful_shutdown=10)
    return uvicorn.Server(uv)
