"""Live games: a ``Room`` is the master of one game's state (boardgame.io's ``Master`` is the
model). It receives a change, checks it against the authoritative state and version, computes
it, persists it, and notifies everyone.

Every change (an action and the chance it triggers, an undo, a seat taken or handed to a bot, a
pause) runs under the room's lock and goes:

1. compute the new state (and clocks) on a *copy* (the current objects never change in place);
2. commit the new log entries to the database (the change is durable);
3. swap the copy in, then tell every listener (WebSocket) its own seat's payload.

So nobody ever hears of a change that a restart could lose, and a failed commit changes nothing.
Things that are not moves (an undo, a pause, a clock that ran out, a seat handed to a bot) are
also told to everyone as ``events`` (see ``history.Event``).

The room's other jobs are done by helpers that read its facts (``table.Table``): ``payloads``
(what each viewer is sent), ``replay``, ``undo`` (the undo policy), ``decisions`` (stale
versions at simultaneous decisions), ``seating`` (tokens and the rules of seats), ``seat_bots``,
``timekeeping`` (clocks), ``absence`` (who is away; seats taken back) and ``journal`` (the
database). The server that holds the room is
reached through ``host.Host`` only.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Sequence
from typing import Any

import anyio.to_thread

from grimoire.core.errors import IllegalAction
from grimoire.core.game import Game
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import language_scope
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State
from grimoire.i18n import N_
from grimoire.web import seating, timekeeping
from grimoire.web.absence import Presence, mid_turn, still_mid
from grimoire.web.bot_turns import BotTurns
from grimoire.web.catalog import LEVELS, default_level
from grimoire.web.clock import Clocks
from grimoire.web.decisions import Decisions
from grimoire.web.errors import Conflict, Forbidden, Msg, NotFound, Stale, Unprocessable
from grimoire.web.hints import hint_doc
from grimoire.web.history import Event, Line, advance, run_start, with_event
from grimoire.web.host import Host
from grimoire.web.journal import Journal
from grimoire.web.payloads import Listener, Payloads
from grimoire.web.replay import Replay
from grimoire.web.seat_bots import SeatBots
from grimoire.web.store import FINISHED, OPEN, RUNNING, Seat, StoredGame
from grimoire.web.undo import UndoPolicy

log = logging.getLogger("grimoire.web")


class Room:
    """One live game. Public methods that change it are coroutines run on the event loop."""

    def __init__(
        self,
        host: Host,
        stored: StoredGame,
        game: Game,
        state: State,
        lines: list[Line],
        base: State,
        events: Sequence[Event] = (),
    ) -> None:
        self.host = host
        # the table's facts (``table.Table``), swapped as a whole by each change
        self.id = stored.id
        self.game = game
        self.title = stored.title
        self.seed = stored.seed
        self.created_at = stored.created_at
        self.status = stored.status
        self.version = stored.version
        self.seats = list(stored.seats)
        self.private = stored.private
        self.join_policy = stored.join_policy
        self.hints = stored.hints
        self.invite = stored.invite
        self.clocks = Clocks.from_json(stored.clock) if stored.clock else None
        self.ran_out: set[int] = set()  # seats whose clock running out was announced
        self.events: list[Event] = list(events)
        self.state = state
        self.lines = lines
        # each bot's turn in short, for the page's log (kept in memory)
        self.bot_turns = BotTurns()
        # ``base`` is the state where the final run of one seat's actions began: undo replays
        # from it and never goes past it.
        self.base = base
        self.lock = host.table_lock(self)  # also reads the table again if it moved elsewhere
        self.listeners: set[Listener] = set()
        self.last_used = time.monotonic()
        # the helpers, one per job
        self.tokens = seating.Tokens(self.seats)
        self.undo_policy = UndoPolicy(self)
        self.payloads = Payloads(self, self.undo_policy.refusal, host.now, self.absence_payload)
        self.replay = Replay(game, self.seed)
        self.decisions = Decisions()
        self.decisions.track(state, self.status == RUNNING, self.version, None)
        self.bots = SeatBots(self, host)
        self.journal = Journal(host, self.id, len(state.history), stored.revision)
        # who is away (see ``absence``): everyone counts as seen when the room is loaded
        self.presence = Presence(len(self.seats), host.now())
        self.seen_present: set[int] = set()  # the seats with a page open at the last look
        self.seen_handable: set[int] = set()  # the seats the others could hand over then
        # the seats in the middle of a turn: a person takes their seat back only between turns
        self.mid = mid_turn(state)

    def reload(
        self,
        stored: StoredGame,
        game: Game,
        state: State,
        lines: list[Line],
        base: State,
        events: Sequence[Event] = (),
    ) -> None:
        """The table as read again from the database (another server process changed it): its
        facts and helpers anew; its lock, listeners, presence and bots' task stay. The caller
        holds the lock, and tells the listeners (``changed``)."""
        kept = (self.lock, self.listeners, self.presence, self.seen_present, self.ran_out)
        bots = self.bots
        Room.__init__(self, self.host, stored, game, state, lines, base, events)
        self.lock, self.listeners, self.presence, self.seen_present, self.ran_out = kept
        for seat in range(len(self.seats)):  # the seats may have changed hands
            bots.forget(seat)
        self.bots = bots

    # ------------------------------------------------------------------ identity
    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret token this is, or None."""
        return self.tokens.seat_of(token)

    def listen(self, token: str | None, lang: str = ENGLISH) -> Listener:
        """A new listener, which gets the current payload at once and every change after (its
        game texts in ``lang``)."""
        listener = Listener(seating.token_hash(token) if token else None, lang)
        seat = self.tokens.seat_of_hash(listener.token_hash)
        self.presence.saw(seat, self.host.now())
        self.listeners.add(listener)
        if seat is not None and seat not in self.seen_present:
            # everyone sees at once that the seat's person is here (the new page too); a page
            # that closes is noticed by the next ``look``
            self.seen_present = self.present_seats()
            self.changed()
        else:
            listener.push(self.payload_text(seat, lang))
        return listener

    def look(self, now: float) -> None:
        """Who is here (the hub's watcher calls it every tick): each seat with a page open is
        seen now; when a seat's last page has closed since the last look, or a seat has been
        away long enough for the others to hand it to a bot, everyone is told."""
        present = self.present_seats()
        for seat in present:
            self.presence.saw(seat, now)
        handable = self.handable(now)
        if present != self.seen_present or handable != self.seen_handable:
            self.seen_present, self.seen_handable = present, handable
            self.changed()

    def handable(self, now: float) -> set[int]:
        """The seats whose person has been away long enough for the others to hand them to a
        bot."""
        others = self.host.absence.others_after
        away = {seat: self._away_for(seat, now) for seat in range(len(self.seats))}
        return {seat for seat, seconds in away.items() if seconds > 0 and seconds >= others}

    def present_seats(self) -> set[int]:
        """The seats with a page open (a live connection with the seat's token)."""
        seats = {self.tokens.seat_of_hash(listener.token_hash) for listener in self.listeners}
        here = {seat for seat in seats if seat is not None}
        return here | self.host.elsewhere(self.id)  # pages open at other server processes

    def absence_payload(self) -> dict[str, Any]:
        """Who is away and which seats bots hold for their people, for every payload."""
        rule = self.host.absence
        shown = rule if rule.applies(self.clocks) else None  # a turn clock: the clock rules
        handable = self.handable(self.host.now())
        return self.presence.payload(shown, self.seats, self.present_seats(), handable)

    # ------------------------------------------------------------------ what clients see
    def summary(self) -> dict[str, Any]:
        """Public facts for lobby lists: no state at all."""
        return self.payloads.summary()

    def payload(self, viewer: int | None, lang: str = ENGLISH) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or None for a spectator) may know about the game now,
        the game's texts in ``lang``."""
        return self.payloads.doc(viewer, lang)

    def payload_text(self, viewer: int | None, lang: str = ENGLISH) -> str:
        """``payload(viewer, lang)`` as JSON text, encoded once per change, viewer and language."""
        return self.payloads.text(viewer, lang)

    def invite_urls(self) -> dict[str, str]:
        """Invitation links of the free seats (see ``summary.invite_urls``)."""
        return self.payloads.invite_urls()

    def replay_payload(self, viewer: int | None, step: int, lang: str = ENGLISH) -> dict[str, Any]:
        """The game after its first ``step`` history entries, as ``viewer`` saw it then, the
        game's texts in ``lang``."""
        return self.replay.payload(self, viewer, step, lang)

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now (None: it may)."""
        return self.undo_policy.refusal(seat)

    async def hint(self, seat: int | None) -> dict[str, Any]:
        """The analysis of ``seat``'s own view (see ``hints``): 403 when the table has no
        hints or the caller holds no seat, 409 when it is not that seat's decision."""
        if not self.hints:
            raise Forbidden(N_("this table was created without hints"))
        if seat is None:
            raise Forbidden(N_("spectators get no hints (hints are for the seat to act)"))
        if self.status != RUNNING or seat not in self.state.seats_to_act():
            raise Conflict(N_("it is not your decision now"))
        # a clone: the true state may move on while the thread thinks; hint_doc reads only
        # the seat's own view of it
        seed = derive_seed(self.seed, f"hint/{seat}/{self.version}")
        return await anyio.to_thread.run_sync(hint_doc, self.state.clone(), seat, seed)

    @property
    def paused(self) -> bool:
        return self.clocks is not None and self.clocks.paused

    # ------------------------------------------------------------------ actions and undo
    def _check_version(self, version: int | None, seat: int) -> None:
        if version is not None and version != self.version:
            raise Stale(
                N_("the game has moved on: it is at version {now}, not {yours}"),
                self.payload(seat),
                now=self.version,
                yours=version,
            )

    def _check_running(self) -> None:
        if self.status == OPEN:
            free = sum(1 for seat in self.seats if not seat.taken)
            raise Conflict(N_("the game waits for players: {free} seat(s) still free"), free=free)
        if self.status == FINISHED:
            raise Conflict(N_("the game is over: no more actions"))
        if self.paused:
            raise Conflict(N_("the game is paused: resume it first"))

    async def act(
        self, seat: int, version: int | None, action_doc: Any, lang: str = ENGLISH
    ) -> None:
        """Play ``seat``'s action; the rules' reason for refusing it is in ``lang`` (the
        language of the player's page)."""
        async with self.lock:
            # stale first: the loser of a race on the last move gets the finished state;
            # but at a simultaneous decision, another seat's submission since the client's
            # version does not make this seat's still-legal choice stale
            running = self.status == RUNNING
            state = self.state
            if not self.decisions.still_stands(
                state, running, self.version, seat, version, action_doc
            ):
                self._check_version(version, seat)
            self._check_running()
            self.presence.saw(seat, self.host.now())
            if seat not in state.seats_to_act():
                to_act = ", ".join(self.seats[s].name for s in sorted(state.seats_to_act()))
                raise Unprocessable(N_("it is not your turn ({to_act} to act)"), to_act=to_act)
            try:
                with language_scope(lang):
                    action = state.action_from_json(action_doc)
            except IllegalAction as error:
                raise Unprocessable(str(error)) from error
            await self.commit_action(seat, action, lang)

    async def commit_action(self, seat: int, action: int, lang: str = ENGLISH) -> None:
        """Apply (on a copy), commit, swap, publish; the caller holds the lock. Raises
        Unprocessable if illegal (the reason in ``lang``; the log lines are described in every
        language regardless)."""
        old = self.state
        new = old.clone()
        try:
            with language_scope(lang):
                lines = advance(new, seat, action)
        except IllegalAction as error:
            raise Unprocessable(str(error)) from error
        status = FINISHED if new.is_terminal() else RUNNING
        clocks = timekeeping.clocks_after(self.clocks, new, self.seats, status, self.host.now())
        await self.journal.moves(self.version, lines, status, new, clocks)
        self.clocks = clocks
        if lines[-1].actor == CHANCE:
            self.base = new
        elif run_start(old.history) != run_start(new.history):
            self.base = old
        self.state = new
        self.lines = self.lines + lines
        self.bot_turns.moved(seat, self.seats[seat].kind == "bot", old, new, len(self.lines))
        self.status = status
        self.version += len(lines)
        self.decisions.track(new, status == RUNNING, self.version, seat)
        self.mid = still_mid(self.mid, new, seat)
        await self._hand_back()
        self.changed()

    async def undo(self, seat: int, version: int | None) -> None:
        async with self.lock:
            self._check_version(version, seat)
            self._check_running()
            self.presence.saw(seat, self.host.now())
            reason = self.undo_refusal(seat)
            if reason is not None:
                raise Unprocessable(N_("cannot undo: {reason}"), reason=Msg(reason))
            previous = self.undo_policy.previous_state()
            now = self.host.now()
            clocks = timekeeping.clocks_after(self.clocks, previous, self.seats, RUNNING, now)
            await self.journal.undo(self.version, self.state.history[-1], previous, clocks)
            self.clocks = clocks
            undone = self.lines[len(previous.history)]
            self.state = previous
            self.lines = self.lines[: len(previous.history)]
            self.bot_turns.undone(len(self.lines))
            self.version += 1
            # everyone is told who took back what (as each of them read it)
            self._add_event(Event(self.version, "undo", seat, seat, len(self.lines), undone.texts))
            self.decisions.track(previous, True, self.version, seat)
            self.mid = mid_turn(previous)
            await self._hand_back()
            self.changed()

    # ------------------------------------------------------------------ seats
    async def join(self, seat: int, name: str, key: str | None = None) -> str:
        """Take a free person seat; returns the secret seat token (which is also the seat's
        personal rejoin link). At a table whose seats go by invitation, ``key`` must be the
        table's invitation key."""
        async with self.lock:
            allowed = seating.may_join(self.join_policy, self.invite, key)
            new, token = seating.joined(self._seat(seat), name, allowed)
            await self._set_seat(new, only_if_free=True)
            self.presence.saw(seat, self.host.now())
            return token

    async def reclaim(self, token: str | None) -> tuple[int, bool] | None:
        """A person whose seat a bot holds for them comes back with their token: the seat and
        whether it is theirs again now (else they get it when the bot's turn under way is over);
        None if no bot holds a seat for this token."""
        async with self.lock:
            seat = self.tokens.held_seat_of(token)
            if seat is None:
                return None
            target = self.seats[seat]
            self.presence.saw(seat, self.host.now())
            if self.status == RUNNING and seat in self.mid:
                if not target.returning:
                    await self._set_seat(
                        dataclasses.replace(target, returning=True), only_if_held=target.held_for
                    )
                return seat, False
            await self._take_back(seat)
            return seat, True

    async def _take_back(self, seat: int) -> None:
        target = self.seats[seat]
        await self._set_seat(
            seating.taken_back(target),
            only_if_held=target.held_for,
            event=Event(self.version, "back", seat, seat, len(self.lines)),
        )
        self.presence.saw(seat, self.host.now())

    async def _hand_back(self) -> None:
        """Give back each seat whose person asked for it, once its bot's turn is over (after
        every move; the caller holds the lock)."""
        for seat, target in enumerate(self.seats):
            if target.kind == "bot" and target.returning and seat not in self.mid:
                try:
                    await self._take_back(seat)
                except Exception as error:  # the move stands; the next one tries again
                    self.host.store.outage.met(
                        error, "game %s: seat %d could not be given back", self.id, seat
                    )

    async def hand_to_bot(
        self, seat: int, level: str | None, *, by: int | None, held: str | None = None
    ) -> None:
        """A seat becomes a bot of ``level`` (None: the game's default) (see
        ``seating.handover`` for who may do it): ``by`` the seat that asks (None: the server),
        ``held`` the hash of the token of a player who leaves."""
        level = level or default_level(self.game)
        if level not in LEVELS:
            raise Unprocessable(
                N_("bot level must be one of {levels}, not {level}"),
                levels=str(list(LEVELS)),
                level=repr(level),
            )
        async with self.lock:
            await self._hand_over(seat, level, by=by, held=held)

    async def _hand_over(self, seat: int, level: str, *, by: int | None, held: str | None) -> None:
        target = self._seat(seat)
        if self.status == FINISHED:
            raise Conflict(N_("the game is over"))
        now = self.host.now()
        clocks = self.clocks
        ran_out = (
            self.status == RUNNING
            and target.kind == "person"
            and clocks is not None
            and clocks.ran_out(seat, now)
        )
        bot_due = clocks is not None and clocks.bot_due(seat, now)
        rule = self.host.absence
        away_for = self._away_for(seat, now)
        handover = seating.handover(
            target,
            level,
            by=by,
            held=held,
            ran_out=ran_out,
            bot_due=bot_due,
            away=away_for >= rule.others_after,
            away_due=away_for >= rule.server_after and self._waited_for(seat, now),
        )
        await self._set_seat(
            handover.seat,
            only_if_free=handover.only_if_free,
            only_if_token=handover.only_if_token,
            event=Event(self.version, "bot", seat, by, len(self.lines), detail=handover.reason),
        )

    def _away_for(self, seat: int, now: float) -> float:
        """Seconds ``seat``'s person has been away, where the absence rule holds (a running,
        unpaused game, no turn clock); else 0."""
        target = self.seats[seat]
        if (
            self.status != RUNNING
            or self.paused
            or target.kind != "person"
            or not target.taken
            or not self.host.absence.applies(self.clocks)
        ):
            return 0.0
        return self.presence.away_for(seat, self.present_seats(), now)

    def _waited_for(self, seat: int, now: float) -> bool:
        """The table waits for ``seat`` (it is to act) and another seat's person is still at it
        (not away for the server's limit): the server hands an away seat to a bot only then. A
        table whose people are all gone, or a person playing bots alone, is left as it is."""
        if seat not in self.state.seats_to_act():
            return False
        limit = self.host.absence.server_after
        return any(
            s.kind == "person" and s.taken and self._away_for(s.seat, now) < limit
            for s in self.seats
            if s.seat != seat
        )

    def absence_due(self, now: float) -> bool:
        """Whether the server must hand an away seat to a bot now (cheap: no lock)."""
        return any(
            self._away_for(seat, now) >= self.host.absence.server_after
            and self._waited_for(seat, now)
            for seat in self.state.seats_to_act()
        )

    async def check_absence(self) -> None:
        """Called by the hub's watcher: hand to a bot each seat the table waits for whose
        person has been away for the server's limit."""
        async with self.lock:
            now = self.host.now()
            for seat in sorted(self.state.seats_to_act()):
                away_for = self._away_for(seat, now)
                if away_for >= self.host.absence.server_after and self._waited_for(seat, now):
                    await self._hand_over(seat, default_level(self.game), by=None, held=None)

    def _seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise NotFound(
                N_("there is no seat {seat} in this {count}-player game"),
                seat=seat + 1,  # people count seats from 1 (the ids count from 0)
                count=len(self.seats),
            )
        return self.seats[seat]

    async def _set_seat(
        self,
        seat: Seat,
        *,
        only_if_free: bool = False,
        only_if_token: str | None = None,
        only_if_held: str | None = None,
        event: Event | None = None,
    ) -> None:
        seats = list(self.seats)
        seats[seat.seat] = seat
        status = self.status
        if status == OPEN and all(s.taken for s in seats):
            status = RUNNING
        clocks = timekeeping.clocks_after(self.clocks, self.state, seats, status, self.host.now())
        # the notice is saved with the seat, so every process tells it (history.stored_events)
        events = None if event is None else with_event(self.events, event)
        done = await self.journal.seat(
            seat,
            status if status != self.status else None,
            clocks,
            only_if_free=only_if_free,
            only_if_token=only_if_token,
            only_if_held=only_if_held,
            events=events,
        )
        if not done:
            raise Conflict(N_("that seat changed hands meanwhile"))
        if events is not None:
            self.events = events
        self.tokens.moved(self.seats[seat.seat], seat)
        self.bots.forget(seat.seat)
        self.seats = seats
        self.status = status
        self.clocks = clocks
        # the game may just have started
        self.decisions.track(self.state, status == RUNNING, self.version, None)
        self.changed()

    # ------------------------------------------------------------------ clocks
    async def pause(self, by: int) -> None:
        """Stop every clock (and the bots) until someone at the table resumes."""
        async with self.lock:
            if self.clocks is None:
                raise Conflict(N_("this table has no clock to pause"))
            if self.status != RUNNING:
                raise Conflict(N_("only a game in play can be paused"))
            if self.clocks.paused:
                raise Conflict(N_("the game is already paused"))
            self.presence.saw(by, self.host.now())
            clocks = self.clocks.copy()
            clocks.pause(self.host.now(), by)
            event = Event(self.version, "pause", None, by, len(self.lines))
            await self._save_clocks(clocks, with_event(self.events, event))
            self.changed()

    async def resume(self, by: int) -> None:
        async with self.lock:
            if self.clocks is None or not self.clocks.paused:
                raise Conflict(N_("the game is not paused"))
            self.presence.saw(by, self.host.now())
            clocks = self.clocks.copy()
            clocks.resume(self.host.now())
            event = Event(self.version, "resume", None, by, len(self.lines))
            await self._save_clocks(clocks, with_event(self.events, event))
            self.changed()

    async def check_clock(self) -> None:
        """Called by the hub's watcher when a deadline has passed: announce each clock that
        ran out (once), hand to a bot each seat whose grace is over, and save the next
        deadline."""
        async with self.lock:
            if self.clocks is None:
                return
            now = self.host.now()
            events = None
            if self.status == RUNNING and not self.clocks.paused:
                for seat in range(len(self.seats)):
                    if self.seats[seat].kind == "person" and self.clocks.bot_due(seat, now):
                        level = default_level(self.game)
                        await self._hand_over(seat, level, by=None, held=None)
                out = timekeeping.out_of_time(self.clocks, self.seats, now)
                for seat in sorted(out - self.ran_out):
                    ran_out = Event(self.version, "ran_out", seat, None, len(self.lines))
                    events = with_event(self.events if events is None else events, ran_out)
                self.ran_out |= out
            await self._save_clocks(self.clocks, events)
            if events is not None:
                self.changed()

    async def _save_clocks(self, clocks: Clocks, events: list[Event] | None = None) -> None:
        """Save the clocks, and the table's notices if ``events`` (with the clocks, so every
        process tells them)."""
        await self.journal.clocks(clocks, events)
        self.clocks = clocks
        if events is not None:
            self.events = events

    # ------------------------------------------------------------------ publishing
    def _add_event(self, event: Event) -> None:
        self.events = with_event(self.events, event)

    def changed(self) -> None:
        """Publish the current state to every listener and let the bots move."""
        self.payloads.clear()
        self.undo_policy.clear()
        if self.clocks is not None:  # a seat that moved on may run out again later
            now = self.host.now()
            self.ran_out = {s for s in self.ran_out if self.clocks.ran_out(s, now)}
        for listener in list(self.listeners):
            viewer = self.tokens.seat_of_hash(listener.token_hash)
            listener.push(self.payload_text(viewer, listener.lang))
        self.bots.kick()

    def kick_bots(self) -> None:
        self.bots.kick()
