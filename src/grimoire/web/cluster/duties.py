"""What one process does for every process: the clocks, the bots of tables nobody here touched,
and the absence hand-overs, exactly once across processes.

**The duties lease.** One process at a time holds the PostgreSQL session advisory lock
``duties`` on its notices connection (``notify``): it is the one that looks at due clocks, sweeps
the running tables for a bot to move, and hands away seats to bots. Each tick, a process without
it tries to take it; when the holder dies its connection closes, the lock is free, and another
process has it within a tick. Even two holders (a connection the database has not yet seen
closed) would do no harm: every change runs under the table's lock on the table as the database
has it, with a version-checked write, so each clock, bot move and hand-over happens once.

**Presence.** Who has a page open is known where the page's socket is: each process writes the
seats present at its tables into ``presence`` every tick (``seen``, by the hub's time), and reads
the others' rows; a row older than ``EXPIRES`` ticks no longer counts (its process died, or the
page closed).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Float, Integer, String, delete, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from grimoire.web.cluster.locks import lock_key
from grimoire.web.store import Base

EXPIRES = 3  # ticks after which a presence row no longer counts
DUTIES = lock_key("duties")


class PresenceRow(Base):
    __tablename__ = "presence"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    server: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen: Mapped[float] = mapped_column(Float, index=True)


async def take_lease(connection: object) -> bool:
    """Try to take the duties lease on the notices connection (a psycopg AsyncConnection);
    whether this process holds it now."""
    cursor = await connection.execute(  # type: ignore[attr-defined]
        "SELECT pg_try_advisory_lock(%s)", (DUTIES,)
    )
    row = await cursor.fetchone()
    return bool(row and row[0])


class SharedPresence:
    """The presence rows of one process (``server``) and what it reads of the others."""

    def __init__(self, engine: Engine, server: str) -> None:
        self.engine = engine
        self.server = server

    def exchange(
        self, here: Iterable[tuple[str, int]], now: float, tick: float
    ) -> dict[str, set[int]]:
        """Write the seats present here (game id, seat) as seen ``now``, drop this process's
        other rows; the seats present at other processes, by game (blocking: in a thread)."""
        rows = [{"game_id": g, "seat": s, "server": self.server, "seen": now} for g, s in here]
        with Session(self.engine) as session, session.begin():
            session.execute(delete(PresenceRow).where(PresenceRow.server == self.server))
            if rows:
                query = insert(PresenceRow).values(rows)
                session.execute(
                    query.on_conflict_do_update(
                        index_elements=["game_id", "seat", "server"], set_={"seen": now}
                    )
                )
            session.execute(
                text("DELETE FROM presence WHERE seen < :old"), {"old": now - 20 * tick}
            )
            others: dict[str, set[int]] = {}
            for game_id, seat in session.execute(
                select(PresenceRow.game_id, PresenceRow.seat).where(
                    PresenceRow.server != self.server, PresenceRow.seen >= now - EXPIRES * tick
                )
            ):
                others.setdefault(game_id, set()).add(seat)
            return others
