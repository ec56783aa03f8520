"""Fan-out between server processes: PostgreSQL LISTEN/NOTIFY on the store's ``CHANNEL``.

Every committed change of a table notifies ``"<game id> <revision>"`` (``Store._committed``, in
the change's own transaction, so only a committed change is told). Each process listens on one
connection of its own (psycopg 3, async) and hands each notice to ``on_change``; the hub reads
the table again and pushes every listener of that process its own seat's payload, built there
from the seat's view, as for a change made locally. Nothing but the game's id and revision
crosses between processes.

When the connection drops, it is made again (backoff up to ``MAX_BACKOFF`` seconds) and
``on_connect`` runs: notices sent meanwhile are lost, so the hub compares every table it holds
with the database. Between notices, ``every(tick)`` runs ``on_tick(connection)`` on the same
connection (the duties lease of ``leases`` lives on it: it ends with the connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.engine import make_url

from grimoire.web.store import CHANNEL

log = logging.getLogger("grimoire.web")
MAX_BACKOFF = 5.0


def libpq_url(database_url: str) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(False)


def parse(payload: str) -> tuple[str, int] | None:
    """``(game id, revision)`` from a notice's payload (None: not one of ours)."""
    game_id, _, revision = payload.partition(" ")
    try:
        return game_id, int(revision)
    except ValueError:
        return None


class Notices:
    """The listening connection of one process and the task that reads it."""

    def __init__(
        self,
        database_url: str,
        on_change: Callable[[str, int], None],
        on_connect: Callable[[], Awaitable[None]],
        on_tick: Callable[[Any], Awaitable[None]],
        tick: float,
    ) -> None:
        self.url = libpq_url(database_url)
        self.on_change = on_change
        self.on_connect = on_connect
        self.on_tick = on_tick
        self.tick = tick
        self.connected = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    async def _run(self) -> None:
        import psycopg

        backoff = 0.25
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    backoff = 0.25
                    await self.on_connect()
                    await self._listen(connection)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database restarted, the network dropped...
                self.connected.clear()
                log.warning("notices: %s; connecting again in %.1f s", error, backoff)
                await asyncio.sleep(backoff)
                backoff = min(MAX_BACKOFF, backoff * 2)

    async def _listen(self, connection: Any) -> None:
        while True:
            async for notice in connection.notifies(timeout=self.tick):
                parsed = parse(notice.payload)
                if parsed is not None:
                    self.on_change(*parsed)
            await self.on_tick(connection)
