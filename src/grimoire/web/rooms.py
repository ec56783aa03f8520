"""Live games: the in-memory state of each game, changed only by commit-then-publish.

A ``Room`` owns one game's current ``State``. Every change (an action and the chance it
triggers, an undo, a seat taken or handed to a bot) runs under the room's lock and goes:

1. compute the new state (and clocks) on a *copy* (the current objects never change in place);
2. commit the new log entries to the database (the change is durable);
3. swap the copy in, then tell every listener (WebSocket) its own seat's payload.

So nobody ever hears of a change that a restart could lose, and a failed commit changes nothing.
Things that are not moves (an undo, a pause, a clock that ran out, a seat handed to a bot) are
also told to everyone as ``events`` (see ``Event``).

Everything a client receives about a game is built by ``Room.payload(viewer)``, from
``State.view(viewer)``, ``describe`` texts for that viewer, that viewer's legal actions and the
game's own rendering for that viewer. Nothing else about a state leaves the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import logging
import random
import secrets
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from sqlalchemy.exc import SQLAlchemyError

from grimoire.bots import LEVELS as BOT_LEVELS
from grimoire.bots import RandomBot, make_bot
from grimoire.core.bot import Bot
from grimoire.core.errors import GrimoireError, IllegalAction
from grimoire.core.game import Game
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import LANGUAGES, language_scope
from grimoire.core.options import Option
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State, actor_to_json
from grimoire.web.assets import renderer_urls
from grimoire.web.clock import Clocks
from grimoire.web.hints import hint_doc
from grimoire.web.names import clean_name, strip_bot_suffix
from grimoire.web.store import (
    ANYONE,
    FINISHED,
    INVITED,
    OPEN,
    RUNNING,
    Change,
    Seat,
    StoredGame,
    VersionConflict,
)

if TYPE_CHECKING:
    from grimoire.web.hub import Hub

log = logging.getLogger("grimoire.web")

# Bots a lobby offers: the plain ones and the named levels (raw search settings are for the CLI).
LEVELS = ("random", "heuristic", *BOT_LEVELS)
DEFAULT_LEVEL = "heuristic"
SNAPSHOT_EVERY = 64  # log entries between snapshots
REPLAY_EVERY = 64  # history entries between cached replay states
MAX_ROOMS = 1000  # live games kept in memory; idle ones beyond are dropped (and reloaded)
LOG_TAIL = 100  # log lines sent with each payload (the replay has them all)
EVENTS_KEPT = 20  # events (undo, pause, clocks, seats) sent with each payload


class WebError(Exception):
    """An error with an HTTP status and a reason for the client."""

    status = 400

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class NotFound(WebError):
    status = 404


class Forbidden(WebError):
    status = 403


class Conflict(WebError):
    """The request does not fit the game's status (not started, over, seat taken)."""

    status = 409


class Stale(WebError):
    """The client acted on an old version; it gets the fresh state with the 409."""

    status = 409

    def __init__(self, detail: str, state: dict[str, Any]) -> None:
        super().__init__(detail)
        self.state = state


class Unavailable(WebError):
    """The database did not take the change: nothing changed, the client may try again."""

    status = 503


class Unprocessable(WebError):
    """Well-formed, but the rules or the undo policy do not allow it."""

    status = 422


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclasses.dataclass(frozen=True)
class Line:
    """One entry of the effective history, with what each viewer is told about it."""

    actor: int
    action: int
    texts: list[str]  # texts[seat] for each seat, texts[-1] for spectators (English; stored)
    # the same in the other languages (not stored: a room rebuilt after a restart describes
    # the lines a payload shows again, see hub._told_again; older ones show the English texts)
    translated: dict[str, list[str]] = dataclasses.field(default_factory=dict, compare=False)

    def text(self, viewer: int | None, lang: str = ENGLISH) -> str:
        """What ``viewer`` is told about this entry, in ``lang`` where it is known."""
        return self.translated.get(lang, self.texts)[-1 if viewer is None else viewer]


def describe_line(state: State, who: int, what: int) -> Line:
    """The log line of ``what`` (evaluated before it is applied), for every viewer and in
    every language: each viewer reads it in the language of their page."""
    players = state.game.players
    texts: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        with language_scope(lang):
            texts[lang] = [state.describe(who, what, viewer) for viewer in range(players)]
            texts[lang].append(state.describe(who, what, None))
    english = texts.pop(ENGLISH)
    return Line(who, what, english, texts)


@dataclasses.dataclass(frozen=True)
class Event:
    """Something everyone is told that is not a move: ``undo`` (``seat`` took back its last
    action; ``texts[v]`` is that action as viewer v read it), ``pause`` and ``resume`` (by
    ``by``), ``ran_out`` (``seat``'s clock), ``bot`` (a bot took ``seat``: ``detail`` says why,
    ``left``, ``ran_out`` or ``free``; ``by`` is who handed it over, None for the server)."""

    version: int  # the game's version when it happened (with ``kind`` and ``seat``, its key)
    kind: str
    seat: int | None
    by: int | None
    after: int  # the number of log lines before it
    texts: list[str] | None = None
    detail: str | None = None

    def doc(self, viewer: int | None) -> dict[str, Any]:
        text = None
        if self.texts:
            text = self.texts[-1 if viewer is None else viewer]
        return {
            "version": self.version,
            "kind": self.kind,
            "seat": self.seat,
            "by": self.by,
            "after": self.after,
            "text": text,
            "detail": self.detail,
        }


class Listener:
    """A connected client: the latest payload for its seat waits in a one-slot queue.

    The client is identified by its seat token's hash, resolved at every push: a player who
    hands their seat to a bot stops seeing that seat's hidden information at once."""

    def __init__(self, token_hash: str | None, lang: str = ENGLISH) -> None:
        self.token_hash = token_hash
        self.lang = lang  # the language of its page: each viewer gets its own texts
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)

    def push(self, payload: str) -> None:
        if self.queue.full():  # only the newest state matters
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(payload)


def advance(state: State, actor: int, action: int) -> list[Line]:
    """Apply ``actor``'s action to ``state`` and resolve the chance after it; the log lines.

    ``describe`` is asked before each entry is applied, once per viewer. Raises IllegalAction
    (and changes nothing) if the action is not legal.
    """
    lines: list[Line] = []

    def step(who: int, what: int) -> None:
        seat = None if who == CHANCE else who
        if isinstance(what, bool) or what not in state.legal_actions(seat):
            state.apply(what, seat)  # raises IllegalAction with the engine's reason
        line = describe_line(state, who, what)
        state.apply(what, seat)
        lines.append(line)

    step(actor, action)
    while state.is_chance():
        step(CHANCE, state.sample_chance())
    return lines


def run_start(history: Sequence[tuple[int, int]]) -> int:
    """Where the final run of one seat's own actions starts (undo never goes further back)."""
    if not history or history[-1][0] == CHANCE:
        return len(history)
    actor = history[-1][0]
    start = len(history)
    while start > 0 and history[start - 1][0] == actor:
        start -= 1
    return start


class Room:
    """One live game. Public methods that change it are coroutines run on the event loop."""

    def __init__(
        self,
        hub: Hub,
        stored: StoredGame,
        game: Game,
        state: State,
        lines: list[Line],
        base: State,
        events: Sequence[Event] = (),
    ) -> None:
        self.hub = hub
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
        # ``base`` is the state where the final run of one seat's actions began: undo replays
        # from it and never goes past it.
        self.base = base
        self.last_snapshot_ply = len(state.history)
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        # per (viewer, language): a payload built for one viewer is never sent to another
        self._cache: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._text_cache: dict[tuple[int | None, str], str] = {}
        self._checkpoints: dict[int, State] = {}  # replay states every REPLAY_EVERY entries
        self.last_used = time.monotonic()
        self._undo_cache: dict[int, str | None] = {}
        self._tokens = {seat.token_hash: seat.seat for seat in self.seats if seat.token_hash}
        # For the stale-version rule of simultaneous decisions (see ``_still_stands``):
        # ``waiting_since[s]`` is the version since which seat s has been among the seats to
        # act without acting itself (a seat that acts, or stops being asked, starts again), and
        # ``decisions[v]`` the seats of the simultaneous decision at version v, for the versions
        # a waiting seat may still name. Not kept across restarts: a room rebuilt from the
        # database starts them at its current version.
        self.waiting_since: dict[int, int] = {}
        self.decisions: dict[int, frozenset[int]] = {}
        self._track_decisions(None)

    # ------------------------------------------------------------------ identity
    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret token this is, or None."""
        if not token:
            return None
        return self._tokens.get(token_hash(token))

    def listen(self, token: str | None, lang: str = ENGLISH) -> Listener:
        """A new listener, which gets the current payload at once and every change after (its
        game texts in ``lang``)."""
        listener = Listener(token_hash(token) if token else None, lang)
        self.listeners.add(listener)
        listener.push(self.payload_text(self._viewer(listener), listener.lang))
        return listener

    def _viewer(self, listener: Listener) -> int | None:
        return self._tokens.get(listener.token_hash) if listener.token_hash else None

    # ------------------------------------------------------------------ what clients see
    def summary(self) -> dict[str, Any]:
        """Public facts for lobby lists: no state at all."""
        return summary_of(
            self.id,
            self.game.name,
            self.title,
            self.game.players,
            self.game.options,
            self.status,
            self.version,
            self.seats,
            self.state.scores() if self.status == FINISHED else None,
            self.state.winners() if self.status == FINISHED else None,
            self.created_at.isoformat(),
            sorted(self.state.seats_to_act()),
            private=self.private,
            join_policy=self.join_policy,
            clock=self.clocks,
            hints=self.hints,
        )

    def payload(self, viewer: int | None, lang: str = ENGLISH) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or None for a spectator) may know about the game now,
        the game's texts (labels, log lines, view, drawing) in ``lang``."""
        lang = lang if lang in LANGUAGES else ENGLISH
        cached = self._cache.get((viewer, lang))
        if cached is not None:
            return cached
        with language_scope(lang):
            doc = self._payload(viewer, lang)
        self._cache[(viewer, lang)] = doc
        return doc

    def _payload(self, viewer: int | None, lang: str) -> dict[str, Any]:
        state = self.state
        view = state.view(viewer)
        to_act = sorted(state.seats_to_act())
        your_turn = self.status == RUNNING and viewer is not None and viewer in to_act
        actions = (
            [state.action_to_json(a) for a in state.legal_actions(viewer)] if your_turn else []
        )
        undo_refusal = self.undo_refusal(viewer) if viewer is not None else "spectators cannot undo"
        first = max(0, len(self.lines) - LOG_TAIL)
        simultaneous = isinstance(state.current_player, frozenset)
        doc: dict[str, Any] = {
            **self.summary(),
            "viewer": viewer,
            "your_turn": your_turn,
            # public: several seats decide at once; who still has to is in ``to_act``, what
            # anyone chose is never sent
            "simultaneous": simultaneous,
            "waiting_for": len(to_act) if simultaneous and not your_turn else 0,
            "actions": actions,
            "can_undo": undo_refusal is None,
            "terminal": state.is_terminal(),
            "scores": view.get("scores", []),
            "winners": view.get("winners", []),
            "view": view,
            # the game's aids to play for this viewer (exact odds), from what it sees
            "aids": self.game.aids(state, viewer),
            "svg": self.page_svg(state, viewer),
            "log": [
                {"n": n, "actor": actor_to_json(line.actor), "text": line.text(viewer, lang)}
                for n, line in enumerate(self.lines[first:], start=first)
            ],
            "log_length": len(self.lines),
            # clocks are public; a running one counts down to its ``deadline`` (server time)
            "clock": self.clocks.payload(self.hub.now()) if self.clocks else None,
            "events": [event.doc(viewer) for event in self.events],
            "invite_urls": self.invite_urls() if viewer is not None else {},
            **renderer_urls(type(self.game)),
        }
        return doc

    async def hint(self, seat: int | None) -> dict[str, Any]:
        """The analysis of ``seat``'s own view (see ``hints``): 403 when the table has no
        hints or the caller holds no seat, 409 when it is not that seat's decision."""
        if not self.hints:
            raise Forbidden("this table was created without hints")
        if seat is None:
            raise Forbidden("spectators get no hints (hints are for the seat to act)")
        if self.status != RUNNING or seat not in self.state.seats_to_act():
            raise Conflict("it is not your decision now")
        # a clone: the true state may move on while the thread thinks; hint_doc reads only
        # the seat's own view of it
        seed = derive_seed(self.seed, f"hint/{seat}/{self.version}")
        return await anyio.to_thread.run_sync(hint_doc, self.state.clone(), seat, seed)

    def invite_urls(self) -> dict[str, str]:
        """Invitation links of the free seats, for the people at the table (and the creator):
        with the table's key when its seats go by invitation only. The key is in the URL's
        fragment, which browsers never send to a server (nor put in a Referer)."""
        key = f"#key={self.invite}" if self.join_policy == INVITED and self.invite else ""
        return {
            str(seat.seat): f"/games/{self.id}/join/{seat.seat}{key}"
            for seat in self.seats
            if not seat.taken
        }

    def page_svg(self, state: State, viewer: int | None) -> str | None:
        """The game's SVG for the page, or None when the game draws its own page (its renderer
        never shows the SVG, which would cost every payload a drawing; ``GET .../svg`` has it)."""
        if renderer_urls(type(self.game))["renderer"] is not None:
            return None
        return self.game.render_svg(state, viewer)

    def payload_text(self, viewer: int | None, lang: str = ENGLISH) -> str:
        """``payload(viewer, lang)`` as JSON text, encoded once per change, viewer and language."""
        lang = lang if lang in LANGUAGES else ENGLISH  # one cache entry per language served
        text = self._text_cache.get((viewer, lang))
        if text is None:
            doc = self.payload(viewer, lang)
            text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
            self._text_cache[(viewer, lang)] = text
        return text

    def replay_payload(self, viewer: int | None, step: int) -> dict[str, Any]:
        """The game after its first ``step`` history entries, as ``viewer`` saw it then."""
        total = len(self.lines)
        if not 0 <= step <= total:
            raise Unprocessable(f"step must be in 0..{total}, not {step}")
        state = self._replay_state(self.state.history, step)
        text_index = -1 if viewer is None else viewer
        first = max(0, step - LOG_TAIL)
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.title,
            "viewer": viewer,
            "step": step,
            "steps": total,
            "seats": [seat_doc(seat) for seat in self.seats],
            "view": state.view(viewer),
            "aids": self.game.aids(state, viewer),
            "svg": self.page_svg(state, viewer),
            "log": [
                {"n": n, "actor": actor_to_json(line.actor), "text": line.texts[text_index]}
                for n, line in enumerate(self.lines[first:step], start=first)
            ],
            **renderer_urls(type(self.game)),
        }

    def _replay_state(self, history: list[tuple[int, int]], step: int) -> State:
        """The state after ``history[:step]``, from the nearest cached checkpoint before it.
        (Runs in a worker thread; checkpoints are checked against the history, so an undo that
        shortened it simply makes later ones unusable.)"""
        state: State | None = None
        for at in range(step - step % REPLAY_EVERY, -1, -REPLAY_EVERY):
            checkpoint = self._checkpoints.get(at)
            if checkpoint is not None and checkpoint.history == history[:at]:
                state = checkpoint.clone()
                break
        if state is None:
            state = self.game.new_state(self.seed, resolve_chance=False)
        for actor, action in history[len(state.history) : step]:
            state.apply(action, None if actor == CHANCE else actor)
            if len(state.history) % REPLAY_EVERY == 0:
                self._checkpoints[len(state.history)] = state.clone()
        return state

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now (None: it may)."""
        if seat in self._undo_cache:
            return self._undo_cache[seat]
        reason = self._undo_refusal(seat)
        self._undo_cache[seat] = reason
        return reason

    def _undo_refusal(self, seat: int) -> str | None:
        history = self.state.history
        if self.status != RUNNING:
            return "the game is not running"
        if seat not in self.state.seats_to_act():
            return "you can take back actions only during your own turn"
        if len(history) <= len(self.base.history) or history[-1][0] != seat:
            return "nothing to take back: something random happened or another seat acted since"
        if self.game.hidden_information and self._revealed(seat):
            return "your last action revealed hidden information"
        return None

    def _previous_state(self) -> State:
        """The state before the last history entry (which is in the current run)."""
        target = len(self.state.history) - 1
        if target == len(self.base.history):
            return self.base
        state = self.base.clone()
        for actor, action in self.state.history[len(state.history) : target]:
            state.apply(action, actor)
        return state

    def _revealed(self, seat: int) -> bool:
        """Whether ``seat``'s last action showed it something it could not know before.

        Hidden information the seat cannot see is re-dealt (``State.resample``) a few times;
        if the same action then leads to a different view for the seat, the action revealed it.
        """
        before = self._previous_state()
        actor, action = self.state.history[-1]
        seen = self.state.view(seat)
        seen.pop("step", None)
        rng = random.Random(derive_seed(self.seed, f"reveal/{len(self.state.history)}"))
        for _ in range(3):
            other = before.resample(seat, rng)
            try:
                other.apply(action, actor)
            except GrimoireError:
                return True
            view = other.view(seat)
            view.pop("step", None)
            if view != seen:
                return True
        return False

    # ------------------------------------------------------------------ changes
    def _check_version(self, version: int | None, seat: int) -> None:
        if version is not None and version != self.version:
            raise Stale(
                f"the game has moved on: it is at version {self.version}, not {version}",
                self.payload(seat),
            )

    def _check_running(self) -> None:
        if self.status == OPEN:
            free = sum(1 for seat in self.seats if not seat.taken)
            raise Conflict(f"the game waits for players: {free} seat(s) still free")
        if self.status == FINISHED:
            raise Conflict("the game is over: no more actions")
        if self.clocks is not None and self.clocks.paused:
            raise Conflict("the game is paused: resume it first")

    async def act(
        self, seat: int, version: int | None, action_doc: Any, lang: str = ENGLISH
    ) -> None:
        """Play ``seat``'s action; the rules' reason for refusing it is in ``lang`` (the
        language of the player's page)."""
        async with self.lock:
            # stale first: the loser of a race on the last move gets the finished state;
            # but at a simultaneous decision, another seat's submission since the client's
            # version does not make this seat's still-legal choice stale
            if not self._still_stands(seat, version, action_doc):
                self._check_version(version, seat)
            self._check_running()
            if seat not in self.state.seats_to_act():
                to_act = ", ".join(self.seats[s].name for s in sorted(self.state.seats_to_act()))
                raise Unprocessable(f"it is not your turn ({to_act} to act)")
            try:
                with language_scope(lang):
                    action = self.state.action_from_json(action_doc)
            except IllegalAction as error:
                raise Unprocessable(str(error)) from error
            await self._commit_action(seat, action, lang)

    def _still_stands(self, seat: int, version: int | None, action_doc: Any) -> bool:
        """Whether ``seat``'s action chosen on the older ``version`` is taken all the same.

        At a simultaneous decision every seat decides on its own, so other seats' submissions
        (and bots', and the chance they trigger) since the version a client saw do not make
        its choice stale. It stands when the game was at a simultaneous decision of ``seat`` at
        ``version`` or is at one now, ``seat`` has been asked to act ever since and has not
        acted itself (so a double click acts once, and a choice made for an earlier decision
        never lands on a later one), and the action is legal now. Anything else on an old
        version is a real conflict: a 409 with the fresh state."""
        if version is None or self.status != RUNNING or not 0 <= version < self.version:
            return False
        state = self.state
        if seat not in state.seats_to_act():
            return False
        if version < self.waiting_since.get(seat, self.version):
            return False
        now = state.current_player
        simultaneous_now = isinstance(now, frozenset) and seat in now
        if not simultaneous_now and seat not in self.decisions.get(version, frozenset()):
            return False
        try:
            return state.action_from_json(action_doc) in state.legal_actions(seat)
        except IllegalAction:
            return False

    def _track_decisions(self, mover: int | None) -> None:
        """After a change (``mover``: the seat that acted or undid, if any): who has been
        waiting to act since when, and the simultaneous decision at the new version."""
        to_act = self.state.seats_to_act() if self.status == RUNNING else frozenset()
        since = {s: v for s, v in self.waiting_since.items() if s in to_act and s != mover}
        for seat in to_act:
            since.setdefault(seat, self.version)
        self.waiting_since = since
        current = self.state.current_player
        if isinstance(current, frozenset) and current:
            self.decisions[self.version] = current
        oldest = min(since.values(), default=self.version)
        self.decisions = {v: seats for v, seats in self.decisions.items() if v >= oldest}

    async def _commit_action(self, seat: int, action: int, lang: str = ENGLISH) -> None:
        """Apply (on a copy), commit, swap, publish. Raises Unprocessable if illegal (the
        reason in ``lang``; the log lines are described in every language regardless)."""
        old = self.state
        new = old.clone()
        try:
            with language_scope(lang):
                lines = advance(new, seat, action)
        except IllegalAction as error:
            raise Unprocessable(str(error)) from error
        ply = len(old.history)
        entries = [
            (
                "chance" if line.actor == CHANCE else "act",
                line.actor,
                line.action,
                ply + i,
                line.texts,
            )
            for i, line in enumerate(lines)
        ]
        status = FINISHED if new.is_terminal() else RUNNING
        snapshot = None
        if new.is_terminal() or len(new.history) - self.last_snapshot_ply >= SNAPSHOT_EVERY:
            snapshot = (len(new.history), json.dumps(new.to_json()))
        clocks = self._clocks_after(new, self.seats, status)
        await self._store(entries, status, new, snapshot, clocks)
        self.clocks = clocks
        if lines[-1].actor == CHANCE:
            self.base = new
        elif run_start(old.history) != run_start(new.history):
            self.base = old
        if snapshot is not None:
            self.last_snapshot_ply = snapshot[0]
        self.state = new
        self.lines = self.lines + lines
        self.status = status
        self.version += len(entries)
        self._track_decisions(seat)
        self.changed()

    async def undo(self, seat: int, version: int | None) -> None:
        async with self.lock:
            self._check_version(version, seat)
            self._check_running()
            reason = self.undo_refusal(seat)
            if reason is not None:
                raise Unprocessable(f"cannot undo: {reason}")
            previous = self._previous_state()
            actor, action = self.state.history[-1]
            entries = [("undo", actor, action, len(previous.history), None)]
            clocks = self._clocks_after(previous, self.seats, RUNNING)
            await self._store(entries, RUNNING, previous, None, clocks)
            self.clocks = clocks
            undone = self.lines[len(previous.history)]
            self.state = previous
            self.lines = self.lines[: len(previous.history)]
            self.last_snapshot_ply = min(self.last_snapshot_ply, len(previous.history))
            self.version += 1
            # everyone is told who took back what (as each of them read it)
            self._add_event(Event(self.version, "undo", seat, seat, len(self.lines), undone.texts))
            self._track_decisions(seat)
            self.changed()

    async def _store(
        self,
        entries: Sequence[tuple[str, int, int, int, list[str] | None]],
        status: str,
        state: State,
        snapshot: tuple[int, str] | None,
        clocks: Clocks | None,
    ) -> None:
        change = Change(
            game_id=self.id,
            version=self.version,
            entries=entries,
            status=status,
            scores=state.scores(),
            winners=state.winners(),
            snapshot=snapshot,
            clock=None if clocks is None else clocks.to_json(),
            deadline=self._deadline(clocks),
        )
        try:
            await self.hub.write(self.hub.store.append, change)
        except VersionConflict as error:
            self.hub.forget(self.id)  # someone else wrote this game: reload it next time
            raise Conflict("the game was changed elsewhere; reload the page") from error
        except SQLAlchemyError as error:
            log.exception("game %s: could not save a change", self.id)
            raise Unavailable(
                "the change could not be saved; nothing changed, try again"
            ) from error

    # ------------------------------------------------------------------ seats
    def may_join(self, key: str | None) -> bool:
        """Whether a visitor with this invitation ``key`` (or none) may take a free seat."""
        if self.join_policy != INVITED:
            return True
        return bool(key and self.invite) and secrets.compare_digest(
            (key or "").encode(), (self.invite or "").encode()
        )

    async def join(self, seat: int, name: str, key: str | None = None) -> str:
        """Take a free person seat; returns the secret seat token (which is also the seat's
        personal rejoin link). At a table whose seats go by invitation, ``key`` must be the
        table's invitation key."""
        async with self.lock:
            target = self._seat(seat)
            # (messages people read on the join page: no 0-based seat numbers)
            if target.kind == "bot":
                raise Conflict("this seat is played by a bot")
            if target.taken:
                raise Conflict("this seat is already taken")
            if not self.may_join(key):
                raise Forbidden(
                    "this table's seats are taken by invitation only: ask a player for the link"
                )
            token = secrets.token_urlsafe(24)
            new = dataclasses.replace(
                target, name=clean_name(name, f"Player {seat + 1}"), token_hash=token_hash(token)
            )
            await self._set_seat(new, only_if_free=True)
            return token

    async def hand_to_bot(
        self, seat: int, level: str, *, by: int | None, held: str | None = None
    ) -> None:
        """A seat becomes a bot:

        - its player leaves (``by == seat``, ``held`` the hash of their token): the "zombie"
          replacement (a second, concurrent leave finds the seat no longer theirs);
        - another seated player (``by``) fills a free seat while the game waits for players,
          or takes over for a seat whose clock has run out;
        - the server (``by`` None), once the grace after a clock ran out is over."""
        if level not in LEVELS:
            raise Unprocessable(f"bot level must be one of {list(LEVELS)}, not {level!r}")
        async with self.lock:
            await self._hand_over(seat, level, by=by, held=held)

    async def _hand_over(self, seat: int, level: str, *, by: int | None, held: str | None) -> None:
        target = self._seat(seat)
        if self.status == FINISHED:
            raise Conflict("the game is over")
        now = self.hub.now()
        clocks = self.clocks
        ran_out = (
            self.status == RUNNING
            and target.kind == "person"
            and clocks is not None
            and clocks.ran_out(seat, now)
        )
        name = f"{strip_bot_suffix(target.name)} (bot)"
        if by == seat:
            if target.kind != "person" or held is None or target.token_hash != held:
                raise Forbidden("you no longer hold this seat")
            reason, free, token = "left", False, held
        elif not target.taken:
            reason, free, token, name = "free", True, None, f"Bot {seat + 1}"
        elif ran_out and (by is not None or (clocks is not None and clocks.bot_due(seat, now))):
            reason, free, token = "ran_out", False, target.token_hash
        else:
            raise Conflict(
                f"{target.name}'s seat is taken: only its player can hand it to a bot, "
                "or the others once its clock has run out"
            )
        await self._set_seat(
            Seat(seat, "bot", level, name[:64], None),
            only_if_free=free,
            only_if_token=token,
            event=Event(self.version, "bot", seat, by, len(self.lines), detail=reason),
        )

    def _seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise NotFound(f"there is no seat {seat} in this {len(self.seats)}-player game")
        return self.seats[seat]

    async def _set_seat(
        self,
        seat: Seat,
        *,
        only_if_free: bool = False,
        only_if_token: str | None = None,
        event: Event | None = None,
    ) -> None:
        seats = list(self.seats)
        seats[seat.seat] = seat
        status = self.status
        if status == OPEN and all(s.taken for s in seats):
            status = RUNNING
        clocks = self._clocks_after(self.state, seats, status)
        done = await self.hub.write(
            self.hub.store.update_seat,
            self.id,
            seat,
            status=status if status != self.status else None,
            only_if_free=only_if_free,
            only_if_token=only_if_token,
            clock=None if clocks is None else clocks.to_json(),
            deadline=self._deadline(clocks),
        )
        if not done:
            raise Conflict("that seat changed hands meanwhile")
        old_hash = self.seats[seat.seat].token_hash
        if old_hash:
            self._tokens.pop(old_hash, None)
        if seat.token_hash:
            self._tokens[seat.token_hash] = seat.seat
        self.bots.pop(seat.seat, None)
        self.seats = seats
        self.status = status
        self.clocks = clocks
        if event is not None:
            self._add_event(event)
        self._track_decisions(None)  # the game may just have started
        self.changed()

    # ------------------------------------------------------------------ clocks
    def _clocks_after(self, state: State, seats: Sequence[Seat], status: str) -> Clocks | None:
        """The clocks once ``state``, ``seats`` and ``status`` are in place (a copy): the
        person seats asked to act run, the others stop."""
        if self.clocks is None:
            return None
        clocks = self.clocks.copy()
        active: set[int] = set()
        if status == RUNNING:
            active = {s for s in state.seats_to_act() if seats[s].kind == "person"}
        clocks.update(active, self.hub.now())
        return clocks

    def _deadline(self, clocks: Clocks | None) -> float | None:
        """When the watcher must look at these clocks next (None: nothing runs)."""
        if clocks is None or clocks.paused:
            return None
        return clocks.deadline(self.hub.now())

    async def _save_clocks(self, clocks: Clocks) -> None:
        try:
            await self.hub.write(
                self.hub.store.set_clock, self.id, clocks.to_json(), self._deadline(clocks)
            )
        except SQLAlchemyError as error:
            log.exception("game %s: could not save its clocks", self.id)
            raise Unavailable("the clocks could not be saved; try again") from error
        self.clocks = clocks

    async def pause(self, by: int) -> None:
        """Stop every clock (and the bots) until someone at the table resumes."""
        async with self.lock:
            if self.clocks is None:
                raise Conflict("this table has no clock to pause")
            if self.status != RUNNING:
                raise Conflict("only a game in play can be paused")
            if self.clocks.paused:
                raise Conflict("the game is already paused")
            clocks = self.clocks.copy()
            clocks.pause(self.hub.now(), by)
            await self._save_clocks(clocks)
            self._add_event(Event(self.version, "pause", None, by, len(self.lines)))
            self.changed()

    async def resume(self, by: int) -> None:
        async with self.lock:
            if self.clocks is None or not self.clocks.paused:
                raise Conflict("the game is not paused")
            clocks = self.clocks.copy()
            clocks.resume(self.hub.now())
            await self._save_clocks(clocks)
            self._add_event(Event(self.version, "resume", None, by, len(self.lines)))
            self.changed()

    async def check_clock(self) -> None:
        """Called by the hub's watcher when a deadline has passed: announce each clock that
        ran out (once), hand to a bot each seat whose grace is over, and save the next
        deadline."""
        async with self.lock:
            if self.clocks is None:
                return
            now = self.hub.now()
            news = False
            if self.status == RUNNING and not self.clocks.paused:
                for seat in range(len(self.seats)):
                    if self.seats[seat].kind == "person" and self.clocks.bot_due(seat, now):
                        await self._hand_over(seat, DEFAULT_LEVEL, by=None, held=None)
                clocks = self.clocks
                out = {
                    seat
                    for seat in range(len(self.seats))
                    if self.seats[seat].kind == "person" and clocks.ran_out(seat, now)
                }
                for seat in sorted(out - self.ran_out):
                    self._add_event(Event(self.version, "ran_out", seat, None, len(self.lines)))
                    news = True
                self.ran_out |= out
            await self._save_clocks(self.clocks)
            if news:
                self.changed()

    def _add_event(self, event: Event) -> None:
        self.events = [*self.events, event][-EVENTS_KEPT:]

    def changed(self) -> None:
        """Publish the current state to every listener and let the bots move."""
        self._cache.clear()
        self._text_cache.clear()
        self._undo_cache.clear()
        if self.clocks is not None:  # a seat that moved on may run out again later
            now = self.hub.now()
            self.ran_out = {s for s in self.ran_out if self.clocks.ran_out(s, now)}
        for listener in list(self.listeners):
            listener.push(self.payload_text(self._viewer(listener), listener.lang))
        self.kick_bots()

    # ------------------------------------------------------------------ bots
    def kick_bots(self) -> None:
        idle = self.bot_task is None or self.bot_task.done()
        if idle and self._bot_to_act() is not None:
            self.bot_task = asyncio.get_running_loop().create_task(self._drive_bots())

    def _bot_to_act(self) -> int | None:
        if self.status != RUNNING or (self.clocks is not None and self.clocks.paused):
            return None
        for seat in sorted(self.state.seats_to_act()):
            if self.seats[seat].kind == "bot":
                return seat
        return None

    async def _drive_bots(self) -> None:
        delay = self.hub.bot_delay
        while True:
            await asyncio.sleep(delay)
            async with self.lock:
                seat = self._bot_to_act()
                if seat is None:
                    return
                try:
                    await self._bot_move(seat)
                    delay = self.hub.bot_delay
                except Exception:  # e.g. the database is briefly unavailable: try again
                    log.exception("game %s: the bot of seat %d could not move", self.id, seat)
                    delay = max(1.0, self.hub.bot_delay)

    async def _bot_move(self, seat: int) -> None:
        bot = self.bots.get(seat)
        if bot is None:
            level = self.seats[seat].level or DEFAULT_LEVEL
            bot = make_bot(level, self.game, derive_seed(self.seed, f"bot/{seat}"))
            self.bots[seat] = bot
        bot.rng.seed(derive_seed(self.seed, f"bot/{seat}/{self.version}"))
        fallback = RandomBot(derive_seed(self.seed, f"fallback/{self.version}"))
        # A bot is given the state made for its seat, never the true one (nor a clone, which
        # keeps the real seed: the real future draws).
        mine = self.state.for_seat(seat, derive_seed(self.seed, f"for_seat/{seat}/{self.version}"))
        try:
            action = await anyio.to_thread.run_sync(bot.choose, mine, seat)
        except Exception:
            log.exception("game %s: the bot of seat %d failed; it moves at random", self.id, seat)
            action = fallback.choose(mine, seat)
        try:
            await self._commit_action(seat, action)
        except Unprocessable:
            log.exception("game %s: the bot of seat %d chose an illegal action", self.id, seat)
            await self._commit_action(seat, fallback.choose(mine, seat))


def server_only(option: Option) -> bool:
    """Free-text string options (file paths and the like) are server settings: the web app
    keeps their defaults, so a visitor cannot make the server read a file of their choice."""
    return option.choices is None and option.kind is str


def refuse_server_options(cls: type[Game], options: dict[str, Any]) -> None:
    for option in cls.declared_options:
        if (
            server_only(option)
            and option.name in options
            and options[option.name] != option.default
        ):
            raise Unprocessable(
                f"option {option.name!r} is a server setting; the web app keeps its default"
            )


def seat_doc(seat: Seat) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.name,
        "kind": seat.kind,
        "level": seat.level,
        "taken": seat.taken,
    }


def summary_of(
    game_id: str,
    game: str,
    title: str,
    players: int,
    options: dict[str, Any],
    status: str,
    version: int,
    seats: Sequence[Seat],
    scores: list[float] | None,
    winners: list[int] | None,
    created_at: str,
    to_act: list[int] | None,
    *,
    private: bool = False,
    join_policy: str = ANYONE,
    clock: Clocks | None = None,
    hints: bool = False,
) -> dict[str, Any]:
    """A game's public facts. A table whose seats go by invitation lists no join links (its
    invitation links go only to the people at the table); a private one is never listed."""
    return {
        "id": game_id,
        "game": game,
        "title": title,
        "players": players,
        "options": dict(options),
        "status": status,
        "version": version,
        "seats": [seat_doc(seat) for seat in seats],
        "to_act": to_act,
        "final_scores": scores,
        "final_winners": winners,
        "created_at": created_at,
        "url": f"/games/{game_id}",
        "join_urls": {
            str(seat.seat): f"/games/{game_id}/join/{seat.seat}"
            for seat in seats
            if not seat.taken and join_policy == ANYONE
        },
        "private": private,
        "join": join_policy,
        "clock": None if clock is None else {**clock.control.doc(), "paused": clock.paused},
        "hints": hints,
    }


@dataclasses.dataclass
class SeatRequest:
    kind: str  # "person" or "bot"
    level: str | None = None
    name: str | None = None
