"""What a room needs from the server that holds it (``hub.Hub`` is the one): a narrow interface,
so that rooms never import the hub."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from grimoire.web.absence import AbsenceRule
from grimoire.web.cluster.locks import TableLock
from grimoire.web.store import Store

T = TypeVar("T")


class Host(Protocol):
    store: Store
    bot_delay: float  # seconds a bot waits before each action
    now: Callable[[], float]  # the clocks' time source, seconds since the epoch
    absence: AbsenceRule  # how long a seat may be away before a bot may take it

    async def write(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a database write in the writer thread(s)."""
        ...

    def forget(self, game_id: str) -> None:
        """Drop a live room (it is loaded again from the database when next asked for)."""
        ...

    def table_lock(self, table: Any) -> TableLock:
        """The lock of a table (a ``rooms.Room``): its changes, one at a time, on the table as
        the database has it (see ``cluster.locks``)."""
        ...

    def elsewhere(self, game_id: str) -> set[int]:
        """The seats of a table with a page open at another server process."""
        ...
