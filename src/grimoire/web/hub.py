"""All live games of one server: loading them, creating them, and watching their clocks."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio.to_thread

from grimoire.bots import make_bot
from grimoire.core.errors import GrimoireError
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE
from grimoire.i18n import N_
from grimoire.registry import game_class, make
from grimoire.web.absence import AbsenceRule
from grimoire.web.catalog import default_level, refuse_server_options
from grimoire.web.clock import Clocks, TimeControl
from grimoire.web.cluster.duties import SharedPresence, take_lease
from grimoire.web.cluster.locks import STALE, AdvisoryLocks, TableLock
from grimoire.web.cluster.notify import Notices
from grimoire.web.errors import NotFound, Unprocessable
from grimoire.web.history import Line, describe_line
from grimoire.web.restore import parts, rebuild, turns_of
from grimoire.web.rooms import Room
from grimoire.web.seating import SeatRequest, new_seats
from grimoire.web.store import (
    ANYONE,
    FINISHED,
    INVITED,
    OPEN,
    RUNNING,
    Store,
    StoredGame,
    utcnow,
)

log = logging.getLogger("grimoire.web")
T = TypeVar("T")

MAX_ROOMS = 1000  # live games kept in memory; idle ones beyond are dropped (and reloaded)


class Hub:
    """All live rooms, the store, game creation, and the watcher of clocks and absences.

    ``now`` is the time source of every clock (seconds since the epoch); the tests pass one
    they move by hand. ``absence``: how long a seat may be away (``absence.AbsenceRule``;
    default from the environment, see ``AbsenceRule.from_env``). ``test_seed`` (tests only):
    the tables' seeds are derived from it in creation order instead of drawn at random."""

    def __init__(
        self,
        store: Store,
        bot_delay: float,
        now: Callable[[], float] | None = None,
        absence: AbsenceRule | None = None,
        test_seed: int | None = None,
    ) -> None:
        self.store = store
        self.test_seed = test_seed
        self._seeded = 0  # tables seeded from test_seed so far
        self.bot_delay = bot_delay
        self.now: Callable[[], float] = now or time.time
        self.absence = absence or AbsenceRule.from_env()
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # SQLite has one writer at a time; threads that wait for its lock sleep in steps of
        # up to 100 ms. So writes go through one thread there (a few on server databases).
        writers = 1 if store.engine.dialect.name == "sqlite" else 4
        self._writer = ThreadPoolExecutor(writers, thread_name_prefix="grimoire-db-write")
        self._watcher: asyncio.Task[None] | None = None
        # PostgreSQL: other server processes may change any table (see ``cluster``)
        self.shared = store.postgres
        self._across = AdvisoryLocks(store.engine) if self.shared else None
        self._notices: Notices | None = None
        self._heard: dict[str, int] = {}  # the newest revision told of each table being read
        self._catching: set[asyncio.Task[None]] = set()
        # the duties lease and presence across processes (see ``cluster.duties``)
        self.server = secrets.token_hex(8)
        self.leader = not self.shared  # alone, a process does every duty
        self._presence = SharedPresence(store.engine, self.server) if self.shared else None
        self._elsewhere: dict[str, set[int]] = {}  # seats with a page open at other processes
        self._swept = 0.0  # when the leader last swept the running tables (monotonic)
        self._tick = 1.0

    def hears_others(self) -> bool:
        """Whether the other processes' changes reach this one (always, alone)."""
        return (self._notices is not None and self._notices.connected.is_set()) or not self.shared

    def elsewhere(self, game_id: str) -> set[int]:
        """The seats of a table with a page open at another process (as of the last tick)."""
        return self._elsewhere.get(game_id, set())

    def table_lock(self, table: Room) -> TableLock:
        """A room's lock (see ``cluster.locks``): on PostgreSQL, across processes too."""
        return TableLock(
            table.id, self._across, lambda: table.journal.revision, lambda: self._refresh(table)
        )

    async def _refresh(self, room: Room) -> None:
        """Read a room again from the database and tell its listeners (the caller holds its
        lock, at least ``local``)."""
        stored = await anyio.to_thread.run_sync(self.store.load, room.id)
        if stored is None:
            self.forget(room.id)
            raise NotFound(N_("there is no game {game_id}"), game_id=repr(room.id))
        if stored.revision == room.journal.revision:
            return
        made = await anyio.to_thread.run_sync(parts, stored)
        turns = await anyio.to_thread.run_sync(turns_of, stored, made)
        room.reload(stored, *made)
        room.bot_turns = turns
        room.changed()

    def _changed_elsewhere(self, game_id: str, revision: int) -> None:
        """A notice (``cluster.notify``): a table changed at ``revision``. A room held here
        with someone listening is read again at once and its listeners told; any other is read
        again when next used (``_fresh``)."""
        room = self.rooms.get(game_id)
        if room is None or not room.listeners or revision <= room.journal.revision:
            return
        catching = game_id in self._heard
        self._heard[game_id] = max(revision, self._heard.get(game_id, revision))
        if not catching:
            task = asyncio.get_running_loop().create_task(self._catch(room))
            self._catching.add(task)
            task.add_done_callback(self._catching.discard)

    async def _catch(self, room: Room) -> None:
        try:
            for _ in range(100):  # notices that came while it was being read: once more
                if self._heard.get(room.id, STALE) <= room.journal.revision:
                    break
                async with room.lock.local:
                    # asked again under the lock: the notice of this process's own change
                    # arrives while the change still holds the lock, and once it lets go the
                    # room is at that revision (reading the whole table again cost as much as
                    # the move)
                    if self._heard.get(room.id, STALE) <= room.journal.revision:
                        break
                    await self._refresh(room)
        except Exception as error:
            self.store.outage.met(error, "game %s: could not be read again", room.id)
        finally:
            self._heard.pop(room.id, None)

    async def _catch_up(self) -> None:
        """The notices' connection was (re)made: notices may have been missed, so every table
        with listeners here is compared with the database. A lease held on the old connection
        ended with it."""
        self.leader = False
        for room in list(self.rooms.values()):
            if room.listeners:
                try:
                    await self._fresh(room)
                except Exception as error:
                    self.store.outage.met(error, "game %s: could not be read again", room.id)

    async def _on_tick(self, connection: Any) -> None:
        """Between notices, every tick (the notices' connection): a process without the duties
        lease tries to take it; one that just took it sweeps the running tables at once."""
        if not self.leader:
            self.leader = await take_lease(connection)
            if self.leader:
                log.info(
                    "server %s: takes the clocks, bots and absences of every table", self.server
                )
                self._swept = 0.0

    async def _sweep(self) -> None:
        """The leader, every few seconds: each running table whose bot is to act has its bots
        moving somewhere (a process that was moving them may have died)."""
        if time.monotonic() - self._swept < 3 * self._tick:
            return
        self._swept = time.monotonic()
        ids = await anyio.to_thread.run_sync(self.store.game_ids, [RUNNING])
        for game_id in ids:
            try:
                (await self.room(game_id)).kick_bots()
            except Exception as error:
                self.store.outage.met(error, "game %s: its bots could not be started", game_id)

    async def _fresh(self, room: Room) -> None:
        """Before answering from a room: read it again if the database has moved on (another
        process changed it; on SQLite only after a failed write)."""
        if self.shared:
            revision = await anyio.to_thread.run_sync(self.store.revision, room.id)
        else:
            revision = room.journal.revision
        if revision is not None and revision == room.journal.revision != STALE:
            return
        async with room.lock.local:
            held = room.journal.revision
            if revision is not None and held != STALE and held >= revision:
                return  # a change made here while this waited for the lock brought it there
            await self._refresh(room)

    async def write(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a database write in the writer thread(s)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._writer, functools.partial(function, *args, **kwargs)
        )

    def forget(self, game_id: str) -> None:
        room = self.rooms.pop(game_id, None)
        if room is not None:
            room.bots.cancel()

    async def room(self, game_id: str) -> Room:
        """The live room of a game, loaded from the database on first use; 404 if unknown."""
        room = self.rooms.get(game_id)
        if room is not None:
            room.last_used = time.monotonic()
            await self._fresh(room)
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                stored = await anyio.to_thread.run_sync(self.store.load, game_id)
                if stored is None:
                    self._loading.pop(game_id, None)
                    raise NotFound(N_("there is no game {game_id}"), game_id=repr(game_id))
                room = await anyio.to_thread.run_sync(rebuild, self, stored)
                self.rooms[game_id] = room
                self._loading.pop(game_id, None)
                room.kick_bots()
                self._evict()
        return room

    def _evict(self) -> None:
        """Drop the least recently used idle rooms once there are more than MAX_ROOMS. A room
        is idle with nobody listening, no bot moving and no change under way; the database has
        it all (clocks included: the watcher finds a due game there), so it is simply loaded
        again when asked for."""
        if len(self.rooms) <= MAX_ROOMS:
            return
        idle = [
            room
            for room in self.rooms.values()
            if not room.listeners and not room.lock.locked() and room.bots.idle()
        ]
        idle.sort(key=lambda room: room.last_used)
        for room in idle[: len(self.rooms) - MAX_ROOMS * 9 // 10]:
            del self.rooms[room.id]

    async def create(
        self,
        name: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[SeatRequest],
        join_seat: int | None,
        player_name: str | None,
        *,
        private: bool = False,
        join_policy: str = ANYONE,
        control: TimeControl | None = None,
        hints: bool | None = None,
    ) -> tuple[Room, str | None]:
        """A new game; with ``join_seat`` its creator takes that (person) seat at once. A
        private table, or one whose seats go ``INVITED``, gets an invitation key."""
        try:
            refuse_server_options(game_class(name), options)
            game = make(name, players=players, **options)
        except GrimoireError as error:
            raise Unprocessable(str(error)) from error
        if not seats:
            seats = [SeatRequest("person")] + [SeatRequest("bot")] * (game.players - 1)
        seat_rows, token = new_seats(
            seats, game.players, join_seat, player_name, default_level(game)
        )
        for row in seat_rows:
            if row.level is not None:
                try:  # a level this game cannot play (heuristic without one) is refused now
                    make_bot(row.level, game)
                except GrimoireError as error:
                    raise Unprocessable(str(error)) from error
        if private:
            join_policy = INVITED
        if hints is None:  # by default only when no person plays against another person
            hints = sum(seat.kind == "person" for seat in seat_rows) <= 1
        seed = self._new_seed()
        state = game.new_state(seed, resolve_chance=False)
        lines: list[Line] = []
        while state.is_chance():  # the setup's chance, described like any other entry
            outcome = state.sample_chance()
            line = describe_line(state, CHANCE, outcome)  # every viewer, every language
            state.apply(outcome)
            lines.append(line)
        status = RUNNING if all(seat.taken for seat in seat_rows) else OPEN
        if state.is_terminal():
            status = FINISHED
        now = self.now()
        clocks = None if control is None else Clocks.new(control, game.players)
        if clocks is not None and status == RUNNING:
            people = {seat.seat for seat in seat_rows if seat.kind == "person"}
            clocks.update(people & state.seats_to_act(), now)
        game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        created = utcnow()
        stored = StoredGame(
            id=game_id,
            game=game.name,
            title=game.title,
            players=game.players,
            options=dict(game.options),
            seed=seed,
            status=status,
            version=len(lines),
            scores=state.scores(),
            winners=state.winners(),
            created_at=created,
            updated_at=created,
            private=private,
            join_policy=join_policy,
            invite=secrets.token_urlsafe(12) if join_policy == INVITED else None,
            clock=None if clocks is None else clocks.to_json(),
            deadline=None if clocks is None else clocks.deadline(now),
            hints=hints,
            seats=seat_rows,
        )
        entries = [("chance", CHANCE, line.action, i, line.texts) for i, line in enumerate(lines)]
        snapshot = (len(state.history), json.dumps(state.to_json()))
        await self.write(self.store.create_game, stored, entries, snapshot)
        room = Room(self, stored, game, state, lines, state)
        self.rooms[game_id] = room
        room.kick_bots()
        self._evict()
        return room, token

    def _new_seed(self) -> int:
        """A new table's secret seed: random, or the next one derived from ``test_seed``."""
        if self.test_seed is None:
            return secrets.randbits(63)
        self._seeded += 1
        return derive_seed(self.test_seed, f"table/{self._seeded}")

    async def resume(self) -> None:
        """Load every running game, so bots whose turn it is carry on after a restart."""
        ids = await anyio.to_thread.run_sync(self.store.game_ids, [RUNNING])
        for game_id in ids:
            try:
                await self.room(game_id)
            except Exception as error:  # a broken game must not stop the others
                self.store.outage.met(error, "could not resume game %s", game_id)

    # ------------------------------------------------------------------ clocks
    def watch(self, tick: float) -> None:
        """Look at the clocks and the absences every ``tick`` seconds (of real time) from now
        on."""
        self._watcher = asyncio.get_running_loop().create_task(self._watch(tick))
        if self.shared:  # the other processes' changes
            url = self.store.engine.url.render_as_string(hide_password=False)
            self._notices = Notices(
                url, self._changed_elsewhere, self._catch_up, self._on_tick, tick
            )
            self._notices.start()

    async def _watch(self, tick: float) -> None:
        self._tick = tick
        while True:
            await asyncio.sleep(tick)
            try:
                if self._presence is not None:
                    await self._share_presence()
                if self.leader:
                    await self.check_clocks()
                if self.leader and self.shared:
                    await self._sweep()
                await self.check_absences()
            except Exception as error:  # e.g. the database is briefly unavailable: next tick
                self.store.outage.met(error, "the clocks could not be checked")

    async def check_clocks(self) -> None:
        """Every running game whose clocks need a look by now (the database knows them all,
        live or not): a clock that ran out is announced, a seat whose grace is over goes to a
        bot."""
        due = await anyio.to_thread.run_sync(self.store.due, self.now())
        for game_id in due:
            try:
                room = await self.room(game_id)
                await room.check_clock()
            except Exception as error:
                self.store.outage.met(error, "game %s: its clock could not be checked", game_id)

    async def check_absences(self) -> None:
        """Who is at each live table (``Room.look``); and every live game whose table waits for
        a seat whose person has been away for the server's limit: a bot takes the seat (and
        holds it for them). Who is connected is known only in memory, so only live rooms are
        looked at: a room the server dropped has nobody at it, so nobody waits."""
        now = self.now()
        if self.leader and self.shared:  # tables with a page open at another process only
            for game_id in set(self._elsewhere) - set(self.rooms):
                try:
                    await self.room(game_id)
                except Exception as error:
                    self.store.outage.met(error, "game %s: could not be loaded", game_id)
        for room in list(self.rooms.values()):
            room.look(now)
            if self.leader and room.absence_due(now):
                try:
                    await room.check_absence()
                except Exception as error:
                    self.store.outage.met(
                        error, "game %s: its absences could not be checked", room.id
                    )

    async def _share_presence(self) -> None:
        """Write who has a page open here, read who has one at the other processes."""
        here = [
            (room.id, seat)
            for room in self.rooms.values()
            for seat in {room.tokens.seat_of_hash(page.token_hash) for page in room.listeners}
            if seat is not None
        ]  # (not ``present_seats``, which counts the other processes' pages too)
        assert self._presence is not None
        self._elsewhere = await anyio.to_thread.run_sync(
            self._presence.exchange, here, self.now(), self._tick
        )

    async def close(self) -> None:
        if self._notices is not None:
            await self._notices.stop()
        tasks = [room.bots.task for room in self.rooms.values() if room.bots.task is not None]
        if self._watcher is not None:
            tasks.append(self._watcher)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._writer.shutdown(wait=True)
