"""``grimoire serve``: run the web app with uvicorn, in one process or ``workers`` processes
behind one port (uvicorn's supervisor starts them, and starts again one that dies); several
processes need PostgreSQL (see docs/deploy.md)."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

from grimoire.web.app import create_app
from grimoire.web.cluster.single import sqlite_file
from grimoire.web.limits import Limits
from grimoire.web.settings import DEFAULT_BOT_DELAY, DEFAULT_DATABASE_URL, Settings


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    bot_delay: float | None = None,
    log_level: str = "info",
    now: Callable[[], float] | None = None,
    limits: Limits | None = None,
    workers: int = 1,
    log_format: str = "text",
) -> None:
    """Serve the app until interrupted. ``database_url`` defaults to ``$GRIMOIRE_DATABASE_URL``
    or a SQLite file ``grimoire.db`` in the working directory; the schema is migrated at start.
    ``now`` and ``limits``: see ``create_app`` (one process only: ``workers`` processes take
    every setting from the environment). ``log_format``: ``text`` or ``json`` (one object a
    line)."""
    import uvicorn

    if log_format == "json":
        from grimoire.web.observe import json_logs

        json_logs()
    else:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # migrations: quiet unless wrong
    if workers > 1:
        run_workers(host, port, database_url, bot_delay, log_level, workers, log_format)
        return
    app = create_app(database_url=database_url, bot_delay=bot_delay, now=now, limits=limits)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    logging.getLogger("grimoire.web").info(
        "grimoire is at http://%s:%d/ (database: %s)",
        shown,
        port,
        database_url or DEFAULT_DATABASE_URL,
    )
    # WebSocket messages from clients are ignored: no need to accept big ones
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="auto", ws_max_size=65536)


def run_workers(
    host: str,
    port: int,
    database_url: str | None,
    bot_delay: float | None,
    log_level: str,
    workers: int,
    log_format: str,
) -> None:
    """``workers`` processes behind one port (uvicorn's supervisor), on PostgreSQL: the schema
    is migrated once here first; each process reads its settings from the environment."""
    import uvicorn

    from grimoire.web.store import make_engine, migrate

    url = Settings.resolve(database_url, bot_delay).database_url
    if sqlite_file(url) is not None or url.startswith("sqlite"):
        raise SystemExit(
            f"--workers {workers} needs PostgreSQL: SQLite serves one process "
            "(--database-url postgresql+psycopg://..., see docs/deploy.md)"
        )
    engine = make_engine(url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    os.environ["GRIMOIRE_DATABASE_URL"] = url
    if bot_delay is not None:
        os.environ["GRIMOIRE_BOT_DELAY"] = str(bot_delay)
    os.environ["GRIMOIRE_LOG_FORMAT"] = log_format
    logging.getLogger("grimoire.web").info(
        "grimoire is at http://%s:%d/ with %d processes (database: %s)",
        "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host,
        port,
        workers,
        make_engine(url).url.render_as_string(hide_password=True),
    )
    uvicorn.run(
        "grimoire.web.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        log_config=None,  # keep this process's logging (JSON lines when asked)
        ws="auto",
        ws_max_size=65536,
        # a process starting on a loaded machine takes seconds to import: not a dead one
        timeout_worker_healthcheck=60,
    )


__all__ = ["DEFAULT_BOT_DELAY", "DEFAULT_DATABASE_URL", "run", "run_workers"]


if __name__ == "__main__":  # python -m grimoire.web.server [--host H] [--port P] [--database-url U]
    import argparse

    parser = argparse.ArgumentParser(prog="python -m grimoire.web.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--bot-delay", type=float, default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log-format", choices=["text", "json"], default="text")
    args = parser.parse_args()
    run(
        args.host,
        args.port,
        args.database_url,
        args.bot_delay,
        workers=args.workers,
        log_format=args.log_format,
    )
