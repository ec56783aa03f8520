"""Durable storage of games: creation parameters, seats, an append-only log, snapshots.

Tables (created and changed only by the Alembic migrations in ``grimoire/web/migrations``):

- ``games``: one row per game: the game name, player count, options, the secret seed, status,
  ``version`` (the number of log entries so far), whether it is private, who may take a free
  seat (``join_policy``, with the invitation key), and its clocks (``clock``, ``deadline``).
- ``seats``: who sits where: a person (with the SHA-256 of their secret seat token once joined)
  or a bot with its level; a bot that took a person's seat holds it for them (``held_for``, the
  hash of their token; ``reclaiming`` once they asked for it back: see ``absence``).
- ``log``: append-only, numbered ``seq = 1, 2, ...`` per game. An entry is a player action
  (``kind="act"``), a chance outcome (``kind="chance"``), or an undo (``kind="undo"``, ``ply``
  is the history length it goes back to). Each action entry keeps what every viewer is told
  about it (``texts``, from ``State.describe``), so the log shown after a restart is the same.
- ``snapshots``: ``State.to_json()`` every so often, so a restart need not replay from move 1.

Every change is one transaction, committed before anyone is told about it, and counts one more
``games.revision``: a write names the revision it was computed from and fails if the game moved
on meanwhile (another process wrote it: see ``grimoire.web.cluster``). On PostgreSQL a committed
change also notifies ``CHANNEL`` (``"<game id> <revision>"``), which the other server processes
listen to. The ``Store`` methods are synchronous; the app calls them in a worker thread.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from grimoire.web.outage import POOL_TIMEOUT, Outage

OPEN = "open"  # waiting for people to take their seats
RUNNING = "running"
FINISHED = "finished"
ANYONE = "anyone"  # a listed table's free seats may be taken by anyone from the lobby
INVITED = "invited"  # free seats only with the table's invitation key
CHANNEL = "grimoire_tables"  # PostgreSQL NOTIFY channel of committed changes
MIGRATE_LOCK = 0x6772696D6F697265  # PostgreSQL advisory lock key of migrations ("grimoire")


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(128))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    scores: Mapped[list[float]] = mapped_column(JSON)
    winners: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime)
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    join_policy: Mapped[str] = mapped_column(String(16), default=ANYONE, server_default=ANYONE)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # one more with every committed change (log, seats, clocks): see the module's docstring
    revision: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    # the newest notices that are no move (a bot took a seat, a pause, a clock ran out: see
    # ``history.Event``), written with the change that made them, so every process tells them
    events: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # "person" or "bot"
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)
    held_for: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # (the column's name is not RETURNING, an SQL keyword)
    returning: Mapped[bool] = mapped_column(
        "reclaiming", Boolean, default=False, server_default=false()
    )


class LogRow(Base):
    __tablename__ = "log"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "act", "chance" or "undo"
    actor: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    ply: Mapped[int] = mapped_column(Integer)
    texts: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    ply: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)  # State.to_json() as a JSON string


# ----------------------------------------------------------------------------- plain records
@dataclass
class Seat:
    seat: int
    kind: str
    level: str | None
    name: str
    token_hash: str | None = None
    # a bot seat held for the person it was taken from (their token's hash): they may take it
    # back; ``returning``: they asked to, and get it when the bot's turn under way is over
    held_for: str | None = None
    returning: bool = False

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


@dataclass
class Entry:
    """One history entry as logged: ``texts[v]`` is what viewer ``v`` is told (the last one is
    the spectators' text)."""

    actor: int
    action: int
    texts: list[str]


@dataclass
class LogItem:
    seq: int
    kind: str
    actor: int
    action: int
    ply: int
    texts: list[str] | None


@dataclass
class StoredGame:
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    scores: list[float]
    winners: list[int]
    created_at: dt.datetime
    updated_at: dt.datetime
    private: bool = False
    join_policy: str = ANYONE
    invite: str | None = None
    clock: dict[str, Any] | None = None
    deadline: float | None = None
    hints: bool = False
    revision: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)  # see GameRow.events
    seats: list[Seat] = field(default_factory=list)
    log: list[LogItem] = field(default_factory=list)
    snapshots: list[tuple[int, int, str]] = field(default_factory=list)  # (seq, ply, json)


def _append_statement(checked: bool) -> Any:
    """The UPDATE of a game's row that one appended change makes (``Store.append``), with the
    optimistic checks: the version, and with ``checked`` the revision it was computed from."""
    table = cast(Table, GameRow.__table__)
    games = table.c
    query = update(table).where(
        games.id == bindparam("b_id"), games.version == bindparam("b_version")
    )
    if checked:
        query = query.where(games.revision == bindparam("b_revision"))
    return query.values(
        version=bindparam("b_new_version"),
        status=bindparam("b_status"),
        scores=bindparam("b_scores", type_=JSON),
        winners=bindparam("b_winners", type_=JSON),
        updated_at=bindparam("b_now", type_=DateTime),
        clock=bindparam("b_clock", type_=JSON),
        deadline=bindparam("b_deadline", type_=Float),
        revision=games.revision + 1,
    ).returning(games.revision)


_APPEND = _append_statement(False)
_APPEND_CHECKED = _append_statement(True)
_LOGS = cast(Table, LogRow.__table__)
_SNAPSHOTS = cast(Table, SnapshotRow.__table__)


@dataclass
class Change:
    """What one transaction appends to a game."""

    game_id: str
    version: int  # the version before the change (optimistic check)
    entries: Sequence[
        tuple[str, int, int, int, list[str] | None]
    ]  # kind, actor, action, ply, texts
    status: str
    scores: list[float]
    winners: list[int]
    snapshot: tuple[int, str] | None = None  # (ply, state json) after the change
    clock: dict[str, Any] | None = None  # the clocks after the change (None: no clock)
    deadline: float | None = None  # when the server must next look at the clocks
    revision: int | None = None  # the revision it was computed from (None: unchecked)


class VersionConflict(Exception):
    """The game moved on in the database since it was read (another writer)."""


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite gets WAL journaling, a busy timeout and foreign keys;
    PostgreSQL gets READ COMMITTED whatever the database's default isolation is."""
    if make_url(url).get_backend_name() == "postgresql":
        # ``append``'s optimistic check (UPDATE ... WHERE version = v) needs READ COMMITTED: a
        # writer that waited for the row re-reads it, matches nothing and is a VersionConflict.
        # Under REPEATABLE READ or SERIALIZABLE (a database's default may be either) it would be
        # a serialization failure instead, and SERIALIZABLE may also fail writes of other games.
        # a full pool answers within POOL_TIMEOUT (a 503, see web.outage), not after 30 s
        return create_engine(
            url,
            pool_pre_ping=True,
            isolation_level="READ COMMITTED",
            pool_timeout=POOL_TIMEOUT,
            pool_size=int(os.environ.get("GRIMOIRE_DB_POOL_SIZE", "5")),
            max_overflow=int(os.environ.get("GRIMOIRE_DB_POOL_OVERFLOW", "10")),
        )
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if ":memory:" not in url and url not in ("sqlite://", "sqlite:///"):
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_timeout=POOL_TIMEOUT)


class Store:
    """Synchronous storage API over one SQLAlchemy engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.outage = Outage()  # whether the database answers (one log line per outage)
        self.outage.watch(engine)
        self.postgres = engine.dialect.name == "postgresql"
        # reads of a whole game see one committed moment (READ COMMITTED would let a change
        # land between the game's row and its log)
        self._consistent = (
            engine.execution_options(isolation_level="REPEATABLE READ") if self.postgres else engine
        )

    def _committed(
        self, session: Session, query: Any, game_id: str, revision: int | None
    ) -> int | None:
        """Run ``query`` (an UPDATE of ``games`` for ``game_id``) as one more revision, only if
        the game is still at ``revision`` (None: unchecked); tell the other processes. The new
        revision, or None if no row matched."""
        query = query.where(GameRow.id == game_id)
        if revision is not None:
            query = query.where(GameRow.revision == revision)
        new = session.execute(
            query.values(revision=GameRow.revision + 1).returning(GameRow.revision)
        ).scalar_one_or_none()
        if new is not None:
            self._notify(session, game_id, new)
        return new

    def _notify(self, session: Session, game_id: str, revision: int) -> None:
        """Tell the other processes (PostgreSQL) that ``game_id`` is at ``revision`` now."""
        if self.postgres:  # delivered when (and if) the change commits
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{game_id} {revision}"},
            )

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    # ------------------------------------------------------------------ writes
    def create_game(
        self,
        stored: StoredGame,
        entries: Sequence[tuple[str, int, int, int, list[str] | None]],
        snapshot: tuple[int, str],
    ) -> None:
        now = stored.created_at
        with self._session() as session:
            session.add(
                GameRow(
                    id=stored.id,
                    game=stored.game,
                    title=stored.title,
                    players=stored.players,
                    options=stored.options,
                    seed=stored.seed,
                    status=stored.status,
                    version=len(entries),
                    scores=stored.scores,
                    winners=stored.winners,
                    created_at=now,
                    updated_at=now,
                    private=stored.private,
                    join_policy=stored.join_policy,
                    invite=stored.invite,
                    clock=stored.clock,
                    deadline=stored.deadline,
                    hints=stored.hints,
                )
            )
            session.flush()
            for seat in stored.seats:
                session.add(
                    SeatRow(
                        game_id=stored.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        level=seat.level,
                        name=seat.name,
                        token_hash=seat.token_hash,
                        joined_at=now if seat.token_hash else None,
                        held_for=seat.held_for,
                        returning=seat.returning,
                    )
                )
            self._add_entries(session, stored.id, 0, entries, now)
            session.add(
                SnapshotRow(game_id=stored.id, seq=len(entries), ply=snapshot[0], state=snapshot[1])
            )

    def append(self, change: Change) -> None:
        """Append log entries (and maybe a snapshot) if the game is still at ``change.version``."""
        now = utcnow()
        new_version = change.version + len(change.entries)
        checked = change.revision is not None
        with self._session() as session:
            # prebuilt Core statements (the ORM's UPDATE evaluates and synchronises objects this
            # session never holds; building a statement per move cost more than running it)
            new = session.execute(
                _APPEND_CHECKED if checked else _APPEND,
                {
                    "b_id": change.game_id,
                    "b_version": change.version,
                    "b_revision": change.revision,
                    "b_new_version": new_version,
                    "b_status": change.status,
                    "b_scores": change.scores,
                    "b_winners": change.winners,
                    "b_now": now,
                    "b_clock": change.clock,
                    "b_deadline": change.deadline,
                },
            ).scalar_one_or_none()
            if new is None:
                raise VersionConflict(change.game_id)
            self._notify(session, change.game_id, new)
            self._add_entries(session, change.game_id, change.version, change.entries, now)
            if change.snapshot is not None:
                session.execute(
                    insert(_SNAPSHOTS),
                    {
                        "game_id": change.game_id,
                        "seq": new_version,
                        "ply": change.snapshot[0],
                        "state": change.snapshot[1],
                    },
                )

    @staticmethod
    def _add_entries(
        session: Session,
        game_id: str,
        version: int,
        entries: Sequence[tuple[str, int, int, int, list[str] | None]],
        now: dt.datetime,
    ) -> None:
        if not entries:
            return
        # one Core INSERT (no ORM objects to track and flush: a move's rows are only written)
        session.execute(
            insert(_LOGS),
            [
                {
                    "game_id": game_id,
                    "seq": version + offset,
                    "kind": kind,
                    "actor": actor,
                    "action": action,
                    "ply": ply,
                    "texts": texts,
                    "created_at": now,
                }
                for offset, (kind, actor, action, ply, texts) in enumerate(entries, start=1)
            ],
        )

    def update_seat(
        self,
        game_id: str,
        seat: Seat,
        *,
        status: str | None = None,
        only_if_free: bool = False,
        only_if_token: str | None = None,
        only_if_held: str | None = None,
        clock: dict[str, Any] | None = None,
        deadline: float | None = None,
        revision: int | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> bool:
        """Write a seat, the game's clocks (and maybe its status). With ``only_if_free`` the
        write happens only while the seat has no token yet, with ``only_if_token`` only while
        the seat still has that token hash, with ``only_if_held`` only while a bot still holds
        it for that token hash; returns whether it happened. VersionConflict if the game is no
        longer at ``revision``. ``events``: the table's notices now (kept as they were: None)."""
        now = utcnow()
        with self._session() as session:
            query = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat.seat)
            if only_if_free:
                query = query.where(SeatRow.token_hash.is_(None), SeatRow.kind == "person")
            if only_if_token is not None:
                query = query.where(SeatRow.token_hash == only_if_token)
            if only_if_held is not None:
                query = query.where(SeatRow.held_for == only_if_held, SeatRow.kind == "bot")
            result = session.execute(
                query.values(
                    kind=seat.kind,
                    level=seat.level,
                    name=seat.name,
                    token_hash=seat.token_hash,
                    joined_at=now if seat.token_hash else None,
                    held_for=seat.held_for,
                    returning=seat.returning,
                )
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                return False
            values: dict[str, Any] = {"updated_at": now, "clock": clock, "deadline": deadline}
            if status is not None:
                values["status"] = status
            if events is not None:
                values["events"] = events
            query = update(GameRow).values(**values)
            if self._committed(session, query, game_id, revision) is None:
                raise VersionConflict(game_id)  # (rolls the seat's write back)
            return True

    def set_clock(
        self,
        game_id: str,
        clock: dict[str, Any] | None,
        deadline: float | None,
        revision: int | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> None:
        """Write a game's clocks (a pause, a resume, a clock that ran out) and its notices
        (``events``; None: kept); VersionConflict if the game is no longer at ``revision``."""
        with self._session() as session:
            values: dict[str, Any] = {"clock": clock, "deadline": deadline, "updated_at": utcnow()}
            if events is not None:
                values["events"] = events
            query = update(GameRow).values(**values)
            if self._committed(session, query, game_id, revision) is None:
                raise VersionConflict(game_id)

    # ------------------------------------------------------------------ reads
    def revision(self, game_id: str) -> int | None:
        """A game's revision (None: no such game): one indexed read."""
        with self._session() as session:
            value = session.scalar(select(GameRow.revision).where(GameRow.id == game_id))
            return None if value is None else int(value)

    def load(self, game_id: str) -> StoredGame | None:
        """A game with its seats, its whole log and its latest snapshot(s), as of one moment."""
        with Session(self._consistent, expire_on_commit=False) as session, session.begin():
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            stored = _stored(row)
            stored.seats = [
                _seat(seat)
                for seat in session.scalars(
                    select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
                )
            ]
            entries = select(LogRow).where(LogRow.game_id == game_id)
            stored.log = [
                LogItem(item.seq, item.kind, item.actor, item.action, item.ply, item.texts)
                for item in session.scalars(entries.order_by(LogRow.seq))
            ]
            stored.snapshots = [
                (snap.seq, snap.ply, snap.state)
                for snap in session.scalars(
                    select(SnapshotRow)
                    .where(SnapshotRow.game_id == game_id)
                    .order_by(SnapshotRow.seq.desc())
                    .limit(3)
                )
            ]
            return stored

    def list_games(self, statuses: Sequence[str], limit: int = 100) -> list[StoredGame]:
        """Listed (not private) games with one of ``statuses``, newest first, with their seats
        (no log)."""
        with self._session() as session:
            rows = list(
                session.scalars(
                    select(GameRow)
                    .where(GameRow.status.in_(list(statuses)), GameRow.private.is_(False))
                    .order_by(GameRow.updated_at.desc())
                    .limit(limit)
                )
            )
            games = {row.id: _stored(row) for row in rows}
            if games:
                for seat in session.scalars(
                    select(SeatRow)
                    .where(SeatRow.game_id.in_(list(games)))
                    .order_by(SeatRow.game_id, SeatRow.seat)
                ):
                    games[seat.game_id].seats.append(_seat(seat))
            return [games[row.id] for row in rows]

    def due(self, now: float) -> list[str]:
        """Running games whose clocks need a look by ``now``."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(GameRow.id).where(GameRow.status == RUNNING, GameRow.deadline <= now)
                )
            )

    def bot_only_running(self) -> int:
        """How many running games have no person seat."""
        people = select(SeatRow.game_id).where(SeatRow.kind == "person")
        with self._session() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(GameRow)
                    .where(GameRow.status == RUNNING, GameRow.id.not_in(people))
                )
                or 0
            )

    def game_ids(self, statuses: Sequence[str]) -> list[str]:
        with self._session() as session:
            return list(
                session.scalars(select(GameRow.id).where(GameRow.status.in_(list(statuses))))
            )


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        title=row.title,
        players=row.players,
        options=dict(row.options),
        seed=int(row.seed),
        status=row.status,
        version=row.version,
        scores=list(row.scores),
        winners=list(row.winners),
        created_at=row.created_at,
        updated_at=row.updated_at,
        private=bool(row.private),
        join_policy=row.join_policy,
        invite=row.invite,
        clock=row.clock,
        deadline=row.deadline,
        hints=bool(row.hints),
        revision=int(row.revision),
        events=list(row.events or []),
    )


def _seat(row: SeatRow) -> Seat:
    return Seat(
        row.seat, row.kind, row.level, row.name, row.token_hash, row.held_for, bool(row.returning)
    )


def migrate(engine: Engine) -> None:
    """Bring the database schema to the newest migration (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "grimoire.web:migrations")
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # several server processes start at once: one migrates, the others then find
            # nothing to do (the lock goes with the transaction)
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
