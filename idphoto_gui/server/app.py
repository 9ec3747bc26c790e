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
from .guard import Doors, Guard
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
    return Guard(app, Doors(token=config.token, max_body=config.max_body_bytes,
                            read_timeout_s=config.read_timeout_s, body_timeout_s=config.body_timeout_s,
                            hosts=config.hosts, origins=config.origins))


KEEP_ALIVE_S = 5          # idle keep-alive connections are closed after this


def make_server(config: ServerConfig, *, log_level: str = "info"):
    """A uvicorn server for the app, bound as `config` says (no Server header; connection slots with
    deadlines, a body-rate floor, per-client caps, a reserve for small GETs, idle connections and then the
    slowest upload evicted first: server/slots.py)."""
    import uvicorn

    from .slots import Limits, Slots, SlotProtocol

    app = create_app(config)
    limits = Limits(header_timeout_s=config.header_timeout_s, body_timeout_s=config.body_timeout_s,
                    max_connections=config.max_connections, max_per_client=config.max_per_client,
                    get_reserve=config.get_reserve, min_body_rate=config.min_body_rate)
    protocol = type("ServerSlotProtocol", (SlotProtocol,), {"slots": Slots(limits)})
    uv = uvicorn.Config(app, host=config.host, port=config.port, lifespan="on", log_level=log_level,
                        server_header=False, timeout_keep_alive=KEEP_ALIVE_S, http=protocol,
                        limit_concurrency=None, timeout_graceful_shutdown=10)
    return uvicorn.Server(uv)
