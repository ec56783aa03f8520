"""The lock of one table: one change at a time in this process, and on PostgreSQL one at a time
across every process, with the table read again first if another process changed it."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from types import TracebackType

import anyio.to_thread
from sqlalchemy import select, text
from sqlalchemy.engine import Connection, Engine

from grimoire.web.store import GameRow

STALE = -1  # a revision no game has (see journal.STALE)


def lock_key(name: str) -> int:
    """A signed 64-bit advisory lock key for ``name``."""
    digest = hashlib.blake2b(f"grimoire:{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class AdvisoryLocks:
    """Per-table locks across processes: PostgreSQL transaction-level advisory locks, each held
    on its own pooled connection while the change runs. A process that dies loses its
    connections, and with them its locks: nothing stays locked."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def take(self, game_id: str) -> tuple[Connection, int | None]:
        """Wait for the table's lock (blocking: run in a thread); the connection holding it and
        the game's revision read under it (None: no such game)."""
        connection = self.engine.connect()
        try:
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key)"), {"key": lock_key(f"table:{game_id}")}
            )
            revision = connection.scalar(select(GameRow.revision).where(GameRow.id == game_id))
        except BaseException:
            connection.close()
            raise
        return connection, None if revision is None else int(revision)

    @staticmethod
    def give_back(connection: Connection) -> None:
        """End the lock's transaction (which releases it) and return the connection."""
        try:
            connection.rollback()
        finally:
            connection.close()


class TableLock:
    """``async with lock:`` around every change of one table. ``revision()`` is the revision the
    process holds, ``refresh()`` reads the table again (called with the lock held, when the
    database is at another revision, or the held one is ``STALE``). ``local`` alone serialises
    this process's own readers and writers."""

    def __init__(
        self,
        game_id: str,
        across: AdvisoryLocks | None,
        revision: Callable[[], int],
        refresh: Callable[[], Awaitable[None]],
    ) -> None:
        self.game_id = game_id
        self.across = across
        self.revision = revision
        self.refresh = refresh
        self.local = asyncio.Lock()
        self._held: Connection | None = None

    def locked(self) -> bool:
        return self.local.locked()

    async def __aenter__(self) -> None:
        await self.local.acquire()
        try:
            stored: int | None = self.revision()
            if self.across is not None:
                self._held, stored = await anyio.to_thread.run_sync(self.across.take, self.game_id)
            if stored is None or stored != self.revision() or stored == STALE:
                await self.refresh()
        except BaseException:
            await self._release()
            raise

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self._release()

    async def _release(self) -> None:
        held, self._held = self._held, None
        try:
            if held is not None and self.across is not None:
                await anyio.to_thread.run_sync(self.across.give_back, held)
        finally:
            self.local.release()
