"""Live games: the in-memory state of each game, changed only by commit-then-publish.

A ``Room`` owns one game's current ``State``. Every change (an action and the chance it
triggers, an undo, a seat taken or handed to a bot) runs under the room's lock and goes:

1. compute the new state on a *copy* (the current state object is never changed in place);
2. commit the new log entries to the database (the change is durable);
3. swap the copy in, then tell every listener (WebSocket) its own seat's payload.

So nobody ever hears of a change that a restart could lose, and a failed commit changes nothing.

Everything a client receives about a game is built by ``Room.payload(viewer)``, from
``State.view(viewer)``, ``describe`` texts for that viewer, that viewer's legal actions and the
game's own rendering for that viewer. Nothing else about a state leaves the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import json
import logging
import random
import secrets
import time
import unicodedata
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio.to_thread
from sqlalchemy.exc import SQLAlchemyError

from grimoire.bots import BOT_KINDS, RandomBot, make_bot
from grimoire.core.bot import Bot
from grimoire.core.errors import GrimoireError, IllegalAction
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State, actor_to_json
from grimoire.registry import game_class, make
from grimoire.web.assets import renderer_urls
from grimoire.web.store import (
    FINISHED,
    OPEN,
    RUNNING,
    Change,
    Seat,
    Store,
    StoredGame,
    VersionConflict,
    utcnow,
)

log = logging.getLogger("grimoire.web")
T = TypeVar("T")

LEVELS = BOT_KINDS  # bot levels offered: "random", "heuristic"
DEFAULT_LEVEL = "heuristic"
SNAPSHOT_EVERY = 64  # log entries between snapshots
REPLAY_EVERY = 64  # history entries between cached replay states
MAX_ROOMS = 1000  # live games kept in memory; idle ones beyond are dropped (and reloaded)
LOG_TAIL = 100  # log lines sent with each payload (the replay has them all)


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
    texts: list[str]  # texts[seat] for each seat, texts[-1] for spectators


class Listener:
    """A connected client: the latest payload for its seat waits in a one-slot queue.

    The client is identified by its seat token's hash, resolved at every push: a player who
    hands their seat to a bot stops seeing that seat's hidden information at once."""

    def __init__(self, token_hash: str | None) -> None:
        self.token_hash = token_hash
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
    players = state.game.players
    lines: list[Line] = []

    def step(who: int, what: int) -> None:
        seat = None if who == CHANCE else who
        if isinstance(what, bool) or what not in state.legal_actions(seat):
            state.apply(what, seat)  # raises IllegalAction with the engine's reason
        texts = [state.describe(who, what, viewer) for viewer in range(players)]
        texts.append(state.describe(who, what, None))
        state.apply(what, seat)
        lines.append(Line(who, what, texts))

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
        self._cache: dict[int | None, dict[str, Any]] = {}
        self._text_cache: dict[int | None, str] = {}
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

    def listen(self, token: str | None) -> Listener:
        """A new listener, which gets the current payload at once and every change after."""
        listener = Listener(token_hash(token) if token else None)
        self.listeners.add(listener)
        listener.push(self.payload_text(self._viewer(listener)))
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
        )

    def payload(self, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or None for a spectator) may know about the game now."""
        cached = self._cache.get(viewer)
        if cached is not None:
            return cached
        state = self.state
        view = state.view(viewer)
        to_act = sorted(state.seats_to_act())
        your_turn = self.status == RUNNING and viewer is not None and viewer in to_act
        actions = (
            [state.action_to_json(a) for a in state.legal_actions(viewer)] if your_turn else []
        )
        undo_refusal = self.undo_refusal(viewer) if viewer is not None else "spectators cannot undo"
        text_index = -1 if viewer is None else viewer
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
            "svg": self.game.render_svg(state, viewer),
            "log": [
                {"n": n, "actor": actor_to_json(line.actor), "text": line.texts[text_index]}
                for n, line in enumerate(self.lines[first:], start=first)
            ],
            "log_length": len(self.lines),
            **renderer_urls(type(self.game)),
        }
        self._cache[viewer] = doc
        return doc

    def payload_text(self, viewer: int | None) -> str:
        """``payload(viewer)`` as JSON text, encoded once per change and viewer."""
        text = self._text_cache.get(viewer)
        if text is None:
            text = json.dumps(self.payload(viewer), ensure_ascii=False, separators=(",", ":"))
            self._text_cache[viewer] = text
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
            "svg": self.game.render_svg(state, viewer),
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
            free = [str(seat.seat) for seat in self.seats if not seat.taken]
            raise Conflict(f"the game waits for players: seat(s) {', '.join(free)} still free")
        if self.status == FINISHED:
            raise Conflict("the game is over: no more actions")

    async def act(self, seat: int, version: int | None, action_doc: Any) -> None:
        async with self.lock:
            # stale first: the loser of a race on the last move gets the finished state;
            # but at a simultaneous decision, another seat's submission since the client's
            # version does not make this seat's still-legal choice stale
            if not self._still_stands(seat, version, action_doc):
                self._check_version(version, seat)
            self._check_running()
            if seat not in self.state.seats_to_act():
                to_act = ", ".join(str(s) for s in sorted(self.state.seats_to_act()))
                raise Unprocessable(f"it is not your turn (seat {to_act} is to act)")
            try:
                action = self.state.action_from_json(action_doc)
            except IllegalAction as error:
                raise Unprocessable(str(error)) from error
            await self._commit_action(seat, action)

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

    async def _commit_action(self, seat: int, action: int) -> None:
        """Apply (on a copy), commit, swap, publish. Raises Unprocessable if illegal."""
        old = self.state
        new = old.clone()
        try:
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
        await self._store(entries, status, new, snapshot)
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
            await self._store(entries, RUNNING, previous, None)
            self.state = previous
            self.lines = self.lines[: len(previous.history)]
            self.last_snapshot_ply = min(self.last_snapshot_ply, len(previous.history))
            self.version += 1
            self._track_decisions(seat)
            self.changed()

    async def _store(
        self,
        entries: Sequence[tuple[str, int, int, int, list[str] | None]],
        status: str,
        state: State,
        snapshot: tuple[int, str] | None,
    ) -> None:
        change = Change(
            game_id=self.id,
            version=self.version,
            entries=entries,
            status=status,
            scores=state.scores(),
            winners=state.winners(),
            snapshot=snapshot,
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

    async def join(self, seat: int, name: str) -> str:
        """Take a free person seat; returns the secret seat token."""
        async with self.lock:
            target = self._seat(seat)
            if target.kind == "bot":
                raise Conflict(f"seat {seat} is played by a bot")
            if target.taken:
                raise Conflict(f"seat {seat} is already taken")
            token = secrets.token_urlsafe(24)
            new = dataclasses.replace(
                target, name=clean_name(name, f"Player {seat + 1}"), token_hash=token_hash(token)
            )
            await self._set_seat(new, only_if_free=True)
            return token

    async def hand_to_bot(self, seat: int, level: str, *, by: int) -> None:
        """A seat becomes a bot: a player leaving (by == seat: the "zombie" replacement), or a
        seated player filling a free seat while the game waits for players."""
        if level not in LEVELS:
            raise Unprocessable(f"bot level must be one of {list(LEVELS)}, not {level!r}")
        async with self.lock:
            target = self._seat(seat)
            if self.status == FINISHED:
                raise Conflict("the game is over")
            if by != seat:
                if target.taken:
                    raise Conflict(f"seat {seat} is taken; only its player can hand it to a bot")
                name = f"Bot {seat + 1}"
            else:
                name = f"{target.name} (bot)"
            new = Seat(seat, "bot", level, name[:64], None)
            await self._set_seat(new, only_if_free=by != seat)

    def _seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise NotFound(f"there is no seat {seat} in this {len(self.seats)}-player game")
        return self.seats[seat]

    async def _set_seat(self, seat: Seat, *, only_if_free: bool) -> None:
        seats = list(self.seats)
        seats[seat.seat] = seat
        status = self.status
        if status == OPEN and all(s.taken for s in seats):
            status = RUNNING
        done = await self.hub.write(
            functools.partial(
                self.hub.store.update_seat,
                self.id,
                seat,
                status=status if status != self.status else None,
                only_if_free=only_if_free,
            )
        )
        if not done:
            raise Conflict(f"seat {seat.seat} was taken meanwhile")
        old_hash = self.seats[seat.seat].token_hash
        if old_hash:
            self._tokens.pop(old_hash, None)
        if seat.token_hash:
            self._tokens[seat.token_hash] = seat.seat
        self.bots.pop(seat.seat, None)
        self.seats = seats
        self.status = status
        self._track_decisions(None)  # the game may just have started
        self.changed()

    def changed(self) -> None:
        """Publish the current state to every listener and let the bots move."""
        self._cache.clear()
        self._text_cache.clear()
        self._undo_cache.clear()
        for listener in list(self.listeners):
            listener.push(self.payload_text(self._viewer(listener)))
        self.kick_bots()

    # ------------------------------------------------------------------ bots
    def kick_bots(self) -> None:
        idle = self.bot_task is None or self.bot_task.done()
        if idle and self._bot_to_act() is not None:
            self.bot_task = asyncio.get_running_loop().create_task(self._drive_bots())

    def _bot_to_act(self) -> int | None:
        if self.status != RUNNING:
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


def clean_name(name: str | None, default: str) -> str:
    """A seat's display name: runs of whitespace become one space and other control characters
    are dropped (PostgreSQL cannot store NUL in text); at most 40 characters."""
    kept = "".join(ch for ch in name or "" if ch.isspace() or unicodedata.category(ch) != "Cc")
    text = " ".join(kept.split())[:40]
    return text or default


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
) -> dict[str, Any]:
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
            str(seat.seat): f"/games/{game_id}/join/{seat.seat}" for seat in seats if not seat.taken
        },
    }


@dataclasses.dataclass
class SeatRequest:
    kind: str  # "person" or "bot"
    level: str | None = None
    name: str | None = None


class Hub:
    """All live rooms, the store, and game creation."""

    def __init__(self, store: Store, bot_delay: float) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # SQLite has one writer at a time; threads that wait for its lock sleep in steps of
        # up to 100 ms. So writes go through one thread there (a few on server databases).
        writers = 1 if store.engine.dialect.name == "sqlite" else 4
        self._writer = ThreadPoolExecutor(writers, thread_name_prefix="grimoire-db-write")

    async def write(self, function: Callable[..., T], *args: Any) -> T:
        """Run a database write in the writer thread(s)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._writer, functools.partial(function, *args))

    def forget(self, game_id: str) -> None:
        room = self.rooms.pop(game_id, None)
        if room is not None and room.bot_task is not None:
            room.bot_task.cancel()

    async def room(self, game_id: str) -> Room:
        """The live room of a game, loaded from the database on first use; 404 if unknown."""
        room = self.rooms.get(game_id)
        if room is not None:
            room.last_used = time.monotonic()
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                stored = await anyio.to_thread.run_sync(self.store.load, game_id)
                if stored is None:
                    self._loading.pop(game_id, None)
                    raise NotFound(f"there is no game {game_id!r}")
                room = await anyio.to_thread.run_sync(self._rebuild, stored)
                self.rooms[game_id] = room
                self._loading.pop(game_id, None)
                room.kick_bots()
                self._evict()
        return room

    def _evict(self) -> None:
        """Drop the least recently used idle rooms once there are more than MAX_ROOMS. A room
        is idle with nobody listening, no bot moving and no change under way; the database has
        it all, so it is simply loaded again when asked for."""
        if len(self.rooms) <= MAX_ROOMS:
            return
        idle = [
            room
            for room in self.rooms.values()
            if not room.listeners
            and not room.lock.locked()
            and (room.bot_task is None or room.bot_task.done())
        ]
        idle.sort(key=lambda room: room.last_used)
        for room in idle[: len(self.rooms) - MAX_ROOMS * 9 // 10]:
            del self.rooms[room.id]

    def _rebuild(self, stored: StoredGame) -> Room:
        """A room from the database: the latest usable snapshot plus the log after it."""
        game = make(stored.game, players=stored.players, **stored.options)
        lines: list[Line] = []
        for item in stored.log:
            if item.kind == "undo":
                del lines[item.ply :]
            else:
                if item.ply != len(lines):
                    raise RuntimeError(f"game {stored.id}: log entry {item.seq} out of order")
                lines.append(Line(item.actor, item.action, list(item.texts or [])))
        history = [(line.actor, line.action) for line in lines]
        start = run_start(history)
        base: State | None = None
        for _seq, ply, text in stored.snapshots:  # newest first
            if ply > start:
                continue
            doc = json.loads(text)
            if [tuple(entry) for entry in doc.get("history", [])] == history[:ply]:
                base = game.state_from_json(doc)
                break
        if base is None:
            base = game.new_state(stored.seed, resolve_chance=False)
        for actor, action in history[len(base.history) : start]:
            base.apply(action, None if actor == CHANCE else actor)
        state = base.clone()
        for actor, action in history[start:]:
            state.apply(action, None if actor == CHANCE else actor)
        return Room(self, stored, game, state, lines, base)

    async def create(
        self,
        name: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[SeatRequest],
        join_seat: int | None,
        player_name: str | None,
    ) -> tuple[Room, str | None]:
        """A new game; with ``join_seat`` its creator takes that (person) seat at once."""
        try:
            refuse_server_options(game_class(name), options)
            game = make(name, players=players, **options)
        except GrimoireError as error:
            raise Unprocessable(str(error)) from error
        if not seats:
            seats = [SeatRequest("person")] + [SeatRequest("bot")] * (game.players - 1)
        if len(seats) != game.players:
            raise Unprocessable(f"{len(seats)} seats given for a {game.players}-player game")
        token: str | None = None
        seat_rows: list[Seat] = []
        for index, request in enumerate(seats):
            if request.kind == "bot":
                level = request.level or DEFAULT_LEVEL
                if level not in LEVELS:
                    raise Unprocessable(f"bot level must be one of {list(LEVELS)}, not {level!r}")
                default = f"Bot {index + 1}"
                seat_rows.append(Seat(index, "bot", level, clean_name(request.name, default)))
            elif request.kind == "person":
                seat_rows.append(
                    Seat(index, "person", None, clean_name(request.name, f"Player {index + 1}"))
                )
            else:
                raise Unprocessable(f"a seat is a 'person' or a 'bot', not {request.kind!r}")
        if join_seat is not None:
            if not 0 <= join_seat < game.players or seat_rows[join_seat].kind != "person":
                raise Unprocessable(f"seat {join_seat} is not a seat for a person")
            token = secrets.token_urlsafe(24)
            seat_rows[join_seat].token_hash = token_hash(token)
            seat_rows[join_seat].name = clean_name(player_name, seat_rows[join_seat].name)
        seed = secrets.randbits(63)
        state = game.new_state(seed, resolve_chance=False)
        lines: list[Line] = []
        while state.is_chance():  # the setup's chance, described like any other entry
            outcome = state.sample_chance()
            texts = [state.describe(CHANCE, outcome, v) for v in range(game.players)]
            texts.append(state.describe(CHANCE, outcome, None))
            state.apply(outcome)
            lines.append(Line(CHANCE, outcome, texts))
        status = RUNNING if all(seat.taken for seat in seat_rows) else OPEN
        if state.is_terminal():
            status = FINISHED
        game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = utcnow()
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
            created_at=now,
            updated_at=now,
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

    async def resume(self) -> None:
        """Load every running game, so bots whose turn it is carry on after a restart."""
        ids = await anyio.to_thread.run_sync(self.store.game_ids, [RUNNING])
        for game_id in ids:
            try:
                await self.room(game_id)
            except Exception:  # a broken game must not stop the others
                log.exception("could not resume game %s", game_id)

    async def close(self) -> None:
        tasks = [room.bot_task for room in self.rooms.values() if room.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._writer.shutdown(wait=True)
