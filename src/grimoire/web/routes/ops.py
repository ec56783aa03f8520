"""What an operator asks a server process: is it ready (``/readyz``), and its metrics
(``/metrics``, Prometheus text). ``/healthz`` (alive) is in ``pages``."""

from __future__ import annotations

import anyio.to_thread
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse
from sqlalchemy import text

from grimoire.web.observe import Metrics
from grimoire.web.routes.deps import HubDep
from grimoire.web.store import RUNNING

router = APIRouter(include_in_schema=False)


@router.get("/readyz")
async def ready(hub: HubDep) -> Response:
    """200 when this process can serve tables: its database answers and, on PostgreSQL, it
    hears the other processes' changes; else 503 (a load balancer sends it nothing)."""

    def database() -> None:
        with hub.store.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    problems = []
    try:
        await anyio.to_thread.run_sync(database)
    except Exception as error:  # any failure means "not ready"
        problems.append(f"database: {type(error).__name__}")
    if not hub.hears_others():
        problems.append("not listening to the other processes' changes yet")
    body = {"ready": not problems, "problems": problems, "server": hub.server}
    return JSONResponse(body, status_code=503 if problems else 200)


@router.get("/metrics", response_class=PlainTextResponse)
async def metrics(request: Request, hub: HubDep) -> Response:
    counters: Metrics = request.app.state.metrics
    sockets = sum(len(room.listeners) for room in hub.rooms.values())
    try:
        running: int | None = len(await anyio.to_thread.run_sync(hub.store.game_ids, [RUNNING]))
    except Exception:  # the database is away: the other figures still count
        running = None
    return PlainTextResponse(
        counters.text(sockets, len(hub.rooms), running),
        media_type="text/plain; version=0.0.4",
    )
