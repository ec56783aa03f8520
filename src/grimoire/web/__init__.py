"""The browser app: ``create_app`` (FastAPI) and ``run`` (``grimoire serve``).

Needs the ``web`` extra (fastapi, uvicorn, sqlalchemy, alembic, jinja2); importing this package
does not import them, so the rest of grimoire works without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(
    database_url: str | None = None, bot_delay: float | None = None, **kw: Any
) -> FastAPI:
    """The web app (see ``grimoire.web.app.create_app``: ``now`` the clocks' time source,
    ``limits`` a ``grimoire.web.limits.Limits``)."""
    from grimoire.web.app import create_app as _create_app

    return _create_app(database_url=database_url, bot_delay=bot_delay, **kw)


def run(
    host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None, **kw: Any
) -> None:
    """Serve the app with uvicorn (see ``grimoire.web.server.run``)."""
    from grimoire.web.server import run as _run

    _run(host, port, database_url, **kw)


__all__ = ["create_app", "run"]
