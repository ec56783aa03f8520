"""The ASGI app: JSON API, WebSocket updates, and the HTML pages (lobby, game, join, replay).

``create_app(database_url=..., bot_delay=...)`` builds it; ``grimoire.web.server.run`` serves it.
The API is described in ``docs/web-api.md`` and, for HTTP, at ``/docs`` (OpenAPI). The routes
are in ``grimoire.web.routes``, one router per job.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from importlib.resources import files
from pathlib import Path

import anyio.to_thread
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

import grimoire
from grimoire.web.cluster import single
from grimoire.web.cluster.rates import SharedBuckets
from grimoire.web.hub import Hub
from grimoire.web.language import template_context
from grimoire.web.limits import BodyLimit, Limits, RateLimit, RequestLimit
from grimoire.web.observe import Metrics, MetricsMiddleware
from grimoire.web.routes import handlers, learn, lobby, ops, pages, play, replay, seats, sockets
from grimoire.web.routes.deps import TOKEN_HEADER, cookie_name
from grimoire.web.settings import Settings
from grimoire.web.store import Store, make_engine, migrate
from grimoire.web.timing import ServerTiming

WEB_DIR = Path(str(files("grimoire.web")))


def create_app(
    database_url: str | None = None,
    bot_delay: float | None = None,
    *,
    now: Callable[[], float] | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    """The web app. ``database_url``: a SQLite or PostgreSQL SQLAlchemy URL, see docs/web-api.md
    (default: ``$GRIMOIRE_DATABASE_URL`` or ``sqlite:///grimoire.db``). ``bot_delay``: seconds
    a bot waits before each action (default ``$GRIMOIRE_BOT_DELAY`` or 0.5). ``now``: the clocks'
    time source, seconds since the epoch (default ``time.time``; tests pass their own).
    ``limits``: body size, rates of creation, reads and actions, bot-only games, clock watch
    interval (default ``Limits.from_env()``: the defaults or ``$GRIMOIRE_...`` variables)."""
    settings = Settings.resolve(database_url, bot_delay, now, limits)
    app = FastAPI(
        title="grimoire",
        version=grimoire.__version__,
        summary="Play grimoire's games in the browser, alone against bots or with friends.",
        description="HTTP API of the grimoire web app. Live updates: the WebSocket "
        "`/api/games/{id}/ws` (see docs/web-api.md). A seat is identified by its secret "
        f"token: the `{cookie_name('<id>')}` cookie or the `{TOKEN_HEADER}` header.",
        lifespan=lifespan,
    )
    # what the routes share (see routes.deps); the hub is added when the app starts
    app.state.settings = settings
    app.state.creations = RateLimit(settings.limits.create_burst, settings.limits.create_per_minute)
    app.state.templates = Jinja2Templates(
        directory=str(WEB_DIR / "templates"), context_processors=[template_context]
    )
    app.add_middleware(ServerTiming, now=settings.now)
    app.state.metrics = Metrics()
    app.add_middleware(MetricsMiddleware, metrics=app.state.metrics)
    app.add_middleware(BodyLimit, max_body=settings.limits.max_body)  # before parsing
    app.add_middleware(RequestLimit, limits=settings.limits)  # outermost: a flood reads nothing
    app.mount("/static", StaticFiles(directory=str(WEB_DIR / "static")), name="static")
    handlers.install(app)
    for module in (lobby, seats, play, replay, sockets, pages, ops, learn):
        app.include_router(module.router)
    return app


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Migrate the database, load the running games and watch the clocks; on shutdown, stop
    the bots and the watcher."""
    settings: Settings = app.state.settings
    try:  # SQLite serves one process (PostgreSQL any number: see grimoire.web.cluster)
        claimed = single.claim(settings.database_url)
    except single.AnotherServer as error:
        logging.getLogger("grimoire.web").error("%s", error)
        raise
    engine = make_engine(settings.database_url)
    try:
        await anyio.to_thread.run_sync(migrate, engine)
        store = Store(engine)
        if store.postgres:  # one rate budget per client for all processes (cluster.rates)
            app.state.shared_buckets = SharedBuckets(engine, store.outage)
        hub = Hub(store, settings.bot_delay, settings.now, test_seed=settings.test_seed)
        app.state.hub = hub
        await hub.resume()
        hub.watch(settings.limits.clock_tick)
        try:
            yield
        finally:
            await hub.close()
    finally:
        engine.dispose()
        single.release(claimed)


def app_from_env() -> FastAPI:
    """The app with every setting from the environment: what each process of
    ``grimoire serve --workers N`` runs (uvicorn's factory)."""
    if os.environ.get("GRIMOIRE_LOG_FORMAT") == "json":
        from grimoire.web.observe import json_logs

        json_logs()
    return create_app()
