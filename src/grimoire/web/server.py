"""``grimoire serve``: run the web app with uvicorn."""

from __future__ import annotations

import logging
from collections.abc import Callable

from grimoire.web.app import create_app
from grimoire.web.limits import Limits
from grimoire.web.settings import DEFAULT_BOT_DELAY, DEFAULT_DATABASE_URL


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    bot_delay: float | None = None,
    log_level: str = "info",
    now: Callable[[], float] | None = None,
    limits: Limits | None = None,
) -> None:
    """Serve the app until interrupted. ``database_url`` defaults to ``$GRIMOIRE_DATABASE_URL``
    or a SQLite file ``grimoire.db`` in the working directory; the schema is migrated at start.
    ``now`` and ``limits``: see ``create_app``."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # migrations: quiet unless wrong
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


__all__ = ["DEFAULT_BOT_DELAY", "DEFAULT_DATABASE_URL", "run"]


if __name__ == "__main__":  # python -m grimoire.web.server [--host H] [--port P] [--database-url U]
    import argparse

    parser = argparse.ArgumentParser(prog="python -m grimoire.web.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--bot-delay", type=float, default=None)
    args = parser.parse_args()
    run(args.host, args.port, args.database_url, args.bot_delay)
