"""The ``State`` contract: a mutable position of one game, with the rules that move it on.

Actors: a seat is ``0 .. players-1``; ``CHANCE`` marks a chance node (dice, shuffles, draws);
``TERMINAL`` marks a finished game; a ``frozenset`` of seats is a simultaneous decision, where
each seat in it submits one action (``apply(action, seat=s)``) and the game resolves once all
have. Player actions are integers in ``[0, game.num_actions)`` with a stable meaning; chance
outcomes are integers in ``[0, game.max_chance_outcomes)`` whose meaning depends on the node.

Subclasses implement the ``_``-prefixed hooks and the abstract methods; the public methods here
do validation, history, caching and chance sampling once for every game.
"""

from __future__ import annotations

import gc
import json
import random
from abc import ABC, abstractmethod
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeAlias

from mypy_extensions import mypyc_attr

from grimoire.core.action_declaration import normalise
from grimoire.core.documents import excerpt
from grimoire.core.errors import IllegalAction, InvalidPosition
from grimoire.core.i18n import engine_text as _t
from grimoire.core.rng import pick_weighted, weights_of

if TYPE_CHECKING:
    from grimoire.core.game import Game
    from grimoire.core.record import GameRecord

CHANCE = -1
TERMINAL = -2


class PausedGC:
    """``with PausedGC():`` keeps the cyclic garbage collector out of a burst of allocations
    that makes no cycles (a position document: thousands of small history lists). CPython
    starts a collection every 700 new container objects, and each one walks everything that
    survived the last: a mid-game ``to_json`` cost 3x with the collector on. The collector is
    enabled again on leaving (if it was on when entering), whatever happens."""

    def __init__(self) -> None:
        self.was_enabled = False

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        if self.was_enabled:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()


Actor: TypeAlias = int | frozenset[int]
POSITION_FORMAT = "grimoire-position/1"


def actor_to_json(actor: Actor) -> int | str | list[int]:
    """JSON form of an actor: a seat number, ``"chance"``, ``"terminal"`` or a list of seats."""
    if isinstance(actor, frozenset):
        return sorted(actor)
    if actor == CHANCE:
        return "chance"
    if actor == TERMINAL:
        return "terminal"
    return actor


def copy_fields(
    source: object,
    target: object,
    *,
    shared: tuple[str, ...] = (),
    lists: tuple[str, ...] = (),
    nested: tuple[str, ...] = (),
) -> None:
    """Copy a state's fields by name for ``_copy``: ``shared`` by reference (numbers, strings,
    tuples and other values never changed in place), ``lists`` as shallow copies, ``nested``
    (lists of lists) one level deeper. By attribute, not through ``__dict__``: a compiled
    class has none.

    >>> class Box:
    ...     pass
    >>> a, b = Box(), Box()
    >>> a.n, a.hand, a.rows = 3, [1, 2], [[1], [2]]
    >>> copy_fields(a, b, shared=("n",), lists=("hand",), nested=("rows",))
    >>> b.rows[0].append(9); a.rows
    [[1], [2]]
    """
    for name in shared:
        setattr(target, name, getattr(source, name))
    for name in lists:
        setattr(target, name, getattr(source, name)[:])
    for name in nested:
        setattr(target, name, [inner[:] for inner in getattr(source, name)])


def history_from_json(raw: object, checked: bool = True) -> list[tuple[int, int]]:
    """A position's history entries as ``(actor, action)`` tuples. ``checked``: each entry
    must be an ``[actor, action]`` pair of whole numbers with ``actor >= CHANCE``, else
    ``InvalidPosition`` names the first that is not (``trusted`` documents skip the check)."""
    if not isinstance(raw, list):
        raise InvalidPosition(f"history must be a list, not {excerpt(raw)}")
    if not checked:
        return [(entry[0], entry[1]) for entry in raw]
    # the common case checked in bulk (sets of types, one minimum) rather than entry by entry;
    # a history that fails it is walked again below to name its first bad entry
    if {type(entry) for entry in raw} <= {list, tuple}:
        try:
            pairs = [(actor, action) for actor, action in raw]
        except ValueError:  # an entry of another length: named below
            pairs = []
        else:
            kinds = {type(actor) for actor, _ in pairs} | {type(action) for _, action in pairs}
            if kinds <= {int} and (not pairs or min(actor for actor, _ in pairs) >= CHANCE):
                return pairs
    out: list[tuple[int, int]] = []
    for entry in raw:
        if isinstance(entry, list | tuple) and len(entry) == 2:
            actor = entry[0]
            action = entry[1]
            if (
                isinstance(actor, int)
                and isinstance(action, int)
                and not isinstance(actor, bool)
                and not isinstance(action, bool)
                and actor >= CHANCE
            ):
                out.append((int(actor), int(action)))
                continue
        raise InvalidPosition(f"history[{len(out)}] = {excerpt(entry)}: an [actor, action] pair")
    return out


# compiled by mypyc in the optional compiled build; games, bots and tests subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position of a game. Create with ``game.new_state(seed)``; never share between threads."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.step = 0  # actions applied so far; numbers the chance draws
        # The history, (actor, action) entries (actor a seat or CHANCE), is the first
        # ``_length`` entries of ``_log``, a list that clones share: a clone copies two
        # references, not 1,400 entries. Whoever appends at the end of the shared list (its
        # tip) appends in place; a state behind the tip copies its own part first.
        self._log: list[tuple[int, int]] = []
        self._length = 0
        # (step, actor, legal actions, chance weights): valid while step and actor match
        self._legal_cache: tuple[int, int, list[int], list[tuple[int, int]]] | None = None
        # Scratch space for a game's derived facts. The core empties it after every apply, in
        # every clone and in every resample, so a cached fact can never outlive its position.
        self.memo: dict[Any, Any] = {}
        # Declared facts a game may keep up to date (both public):
        # the step of play, for the rules in context ("setup", "turns", ...; "" if none) ...
        self.phase: str = ""
        # ... and the turns started so far, for simulation reports (None: no notion of turns).
        self.turns: int | None = None
        # Player decisions so far, counted by ``apply`` for the decision-limit safeguard of a
        # game that has one (``Game.decision_limit``; 0 otherwise). Public; the game writes it
        # in its position (``decisions``) and reads it back.
        self.decisions = 0

    # ----------------------------------------------------------------- the history
    @property
    def history(self) -> list[tuple[int, int]]:
        """The ``(actor, action)`` entries applied so far, oldest first (``actor`` a seat or
        ``CHANCE``): a new list each time, so changing it changes nothing. ``history_length``
        is its length without making the list."""
        log = self._log
        if len(log) == self._length:
            return log[:]
        return log[: self._length]

    @history.setter
    def history(self, entries: list[tuple[int, int]]) -> None:
        self._log = list(entries)
        self._length = len(self._log)

    def history_length(self) -> int:
        """``len(history)``, without copying it."""
        return self._length

    def last_entry(self) -> tuple[int, int] | None:
        """The last ``(actor, action)`` entry of the history (None if it is empty)."""
        return self._log[self._length - 1] if self._length else None

    def _take_history(self, entries: list[tuple[int, int]]) -> None:
        """Use ``entries`` (a new list nobody else holds) as the history, without a copy."""
        self._log = entries
        self._length = len(entries)

    def _record_entry(self, actor: int, action: int) -> None:
        log = self._log
        length = self._length
        if len(log) != length:  # another state sharing the log appended first: copy ours
            log = self._log = log[:length]
        log.append((actor, action))
        self._length = length + 1

    def _history_json(self) -> list[list[int]]:
        log = self._log
        if len(log) != self._length:
            log = log[: self._length]
        return [[actor, action] for actor, action in log]

    # ----------------------------------------------------------------- hooks for games
    @property
    @abstractmethod
    def current_player(self) -> Actor:
        """The seat to act, ``CHANCE``, ``TERMINAL``, or the seats of a simultaneous decision."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[int]:
        """Sorted legal player actions of ``seat`` (which is one of the seats to act)."""

    @abstractmethod
    def _apply(self, actor: int, action: int) -> None:
        """Apply an action already known to be legal (or a chance outcome). Must not fail."""

    def chance_weights(self) -> list[tuple[int, int]]:
        """At a chance node: every outcome with a positive integer weight (probability =
        weight / sum of weights). The hot path: games override this or ``chance_outcomes``."""
        if type(self).chance_outcomes is State.chance_outcomes:
            raise NotImplementedError(f"{type(self).__name__} defines no chance outcomes")
        return weights_of(self.chance_outcomes())

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""
        if type(self).chance_weights is State.chance_weights:
            raise NotImplementedError(f"{type(self).__name__} defines no chance outcomes")
        weights = self.chance_weights()
        total = sum(weight for _, weight in weights)
        return [(outcome, Fraction(weight, total)) for outcome, weight in weights]

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score now (final scores once terminal)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats of a finished game (several on a shared win); [] before the end."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific part of what ``seat`` (None: a spectator) may see."""

    @abstractmethod
    def _position(self) -> dict[str, Any]:
        """Game-specific part of the full position, as JSON data (hidden parts included)."""

    @abstractmethod
    def _copy(self) -> State:
        """A new state with the same game, and deep copies of the game-specific data."""

    def action_to_string(self, action: int) -> str:
        """Readable text of a player action in the current language (at a chance node: of a
        chance outcome, ``chance_to_string``). The game's declared actions give it
        (``Game.codec``, ``core.action_declaration``)."""
        if self.is_chance():
            return self.chance_to_string(action)
        return self.game.codec.text(action, self)

    def chance_to_string(self, outcome: int) -> str:
        """Hook: the text of a chance outcome at this chance node (default ``outcome N``)."""
        return _t("outcome {outcome}").format(outcome=outcome)

    def parse_action(self, text: str) -> int:
        """The action id named by ``text`` (its English text, an old spelling, or its text as
        shown in the current language; at a chance node, an outcome's text); raises
        IllegalAction if it names none."""
        if self.is_chance():
            wanted = normalise(text)
            for outcome, _weight in self._cached_weights():
                if normalise(self.chance_to_string(outcome)) == wanted:
                    return outcome
            raise IllegalAction(_t("no chance outcome reads {text}").format(text=repr(text)))
        return self.game.codec.parse(text, self)

    def _resample(self, seat: int, rng: random.Random) -> State:
        """Hook of ``resample``: a copy with everything ``seat`` does not know re-dealt by
        ``rng`` (every zone keeps its size). The default suits perfect information: a clone."""
        return self.clone()

    def _informed_resample(self, seat: int, rng: random.Random) -> State:
        """Hook of ``resample(informed=True)``: a re-deal that weighs the hidden deals by what
        ``seat`` has seen of the others' play (which treasures a seat takes tells its secret
        goal). It reads ``seat``'s knowledge only, like ``_resample``, and keeps its view. The
        default is the even re-deal, ``_resample``."""
        return self._resample(seat, rng)

    def public_scores(self, viewer: int | None) -> list[float | None]:
        """The running scores as ``viewer`` (None: a spectator) may know them, for views.

        The default is ``scores()``, right where scores are public. A game whose score depends
        on hidden things (face-down treasures, secret goals) overrides this and shows only what
        the viewer knows (None where it knows nothing); ``scores()`` stays the true score."""
        return list(self.scores())

    def backs_out(self, action: int, seat: int | None = None) -> bool:
        """Whether ``seat``'s legal ``action`` (default seat: the one to act) only backs out of a
        half-made choice (Ciúb's and Runika's ``cancel``): it leads back to a position met
        earlier in the same turn, so everything it offers was on offer there. Each game
        declares its own (its rules doc names them); the contract battery checks that every
        declared one really returns to an earlier position. Bots and agents are offered
        ``progress_actions`` without them: weighing them like the rest, a search or a learned
        policy walks the loop (choose, back out, choose again) without end."""
        return False

    def progress_actions(self, seat: int | None = None) -> list[int]:
        """The legal actions of ``seat`` that make progress: ``legal_actions(seat)`` without the
        back-outs (``backs_out``), unless nothing else is legal. What search, analysis, the
        RL environments (and the random bot when asked) choose from, so none of them can walk
        a choose / back-out cycle; people keep their ``cancel`` (``legal_actions``)."""
        legal = self.legal_actions(seat)
        if type(self).backs_out is State.backs_out or self.is_chance():
            return legal  # no back-outs declared (or chance outcomes): every action
        actor = self._resolve_actor(seat)
        kept = [action for action in legal if not self.backs_out(action, actor)]
        return kept if kept else legal

    def _end_by_decision_limit(self) -> None:
        """Hook of the decision-limit safeguard (a game with ``Game.decision_limit``): end the
        game as it stands, so that it is terminal and scored as it stands. The core calls it
        once, right after the player action that made ``decisions`` reach the limit, unless
        that action ended the game already."""
        raise NotImplementedError(f"{type(self).__name__} has no decision-limit safeguard")

    def position_key(self) -> str:
        """The position as a canonical text, for finding a position repeated within a turn: the
        position document without the step, the history and the ``decisions`` tally a game
        keeps for its ``decision_limit`` safeguard (``core.options``), which only counts."""
        position = {k: v for k, v in self._position().items() if k != "decisions"}
        return json.dumps(position, sort_keys=True, separators=(",", ":"))

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        """What ``viewer`` is told about ``action`` (evaluated before it is applied).

        Games override this where an action or chance outcome is hidden from some seats.
        """
        return self.action_to_string(action)

    # ----------------------------------------------------------------- public contract
    def resample(self, seat: int, rng: random.Random, *, informed: bool = False) -> State:
        """A state consistent with all ``seat`` has seen, the hidden rest re-dealt by ``rng``:
        evenly, or (``informed``, what search uses) weighed by what ``seat`` has seen of play.

        Calls the game's ``_resample`` (or ``_informed_resample``) hook, then always keeps the
        step, empties every cache, draws a fresh seed (future chance is unknown) and forgets
        the history (it would tell the real draws), so no game can forget one of them."""
        copy = self._informed_resample(seat, rng) if informed else self._resample(seat, rng)
        copy.step = self.step  # public: it numbers the actions so far
        copy.decisions = self.decisions  # public: a count of the actions so far
        cache = self._legal_cache
        # ``seat``'s own legal actions are the same in every state it cannot tell apart (the
        # contract battery checks it), so they stay cached; everything else is dropped.
        keep = cache is not None and cache[0] == self.step and cache[1] == seat
        copy._legal_cache = (self.step, seat, cache[2], []) if keep and cache else None
        copy.memo = {}
        seed = rng.getrandbits(63)
        copy.seed = seed if seed != self.seed else seed ^ 1  # never the real seed
        copy._log = []
        copy._length = 0
        return copy

    def for_seat(self, seat: int, rng: random.Random | int) -> State:
        """The state a bot of ``seat`` is given: ``resample(seat)``, never the true state.

        Everything ``seat`` cannot see is re-dealt and the seed is new, so a bot (or a search
        on the copy) cannot read another seat's secrets or the future draws. ``rng`` may be a
        generator or a seed."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        if seat in self.seats_to_act():
            self._cached_legal(seat)  # the bot asks for them, and the copy keeps them
        return self.resample(seat, rng)

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def seats_to_act(self) -> frozenset[int]:
        """The seats that must act now (empty at chance and terminal nodes)."""
        actor = self.current_player
        if isinstance(actor, frozenset):
            return actor
        return frozenset() if actor < 0 else frozenset((actor,))

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Sorted legal actions of ``seat`` (default: the one seat to act; at chance: outcomes)."""
        actor = self._resolve_actor(seat)
        if actor == CHANCE:
            return sorted(outcome for outcome, _ in self._cached_weights())
        return list(self._cached_legal(actor))

    def legal_count(self, seat: int | None = None) -> int:
        """``len(legal_actions(seat))``, without copying them."""
        known = self._known_legal(seat)
        if known is not None:
            return len(known)
        actor = self._resolve_actor(seat)
        if actor == CHANCE:
            return len(self._cached_weights())
        return len(self._cached_legal(actor))

    def apply(self, action: object, seat: int | None = None) -> None:
        """Apply a legal action (or chance outcome). Raises IllegalAction and changes nothing
        if it is not legal now. ``seat`` may be ``CHANCE`` at a chance node, so a history
        entry ``(actor, action)`` is fed back as it is: ``state.apply(action, actor)``.
        (``action`` is typed ``object`` so that a bool is still seen as one in the compiled
        build, where an ``int`` parameter arrives unboxed.)"""
        actor = self._resolve_actor(seat)
        refusal = self._refusal(actor, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        assert isinstance(action, int)
        self._apply(actor, action)
        if actor != CHANCE:
            limit = self.game.max_decisions
            if limit is not None:
                self.decisions += 1
                if self.decisions >= limit:
                    self._reach_decision_limit()
        self._record_entry(actor, action)
        self.step += 1
        self._legal_cache = None
        self.memo.clear()

    def why_illegal(self, action: object, seat: int | None = None) -> str | None:
        """Why ``apply(action, seat)`` would be refused now (the text it would raise), or None
        if it is legal. Changes nothing.
        """
        known = self._known_legal(seat)
        if known is not None and action in known and not isinstance(action, bool):
            return None
        try:
            actor = self._resolve_actor(seat)
        except IllegalAction as error:
            return str(error)
        return self._refusal(actor, action)

    def _known_legal(self, seat: int | None) -> list[int] | None:
        """The legal actions of ``seat`` if this step already computed them for it (so the
        seat is one to act: the cache is kept for one step and actor), else None."""
        cache = self._legal_cache
        if cache is None or seat is None or seat < 0:
            return None
        return cache[2] if cache[0] == self.step and cache[1] == seat else None

    def _refusal(self, actor: int, action: object) -> str | None:
        if isinstance(action, bool) or not isinstance(action, int):
            return _t("an action is an integer id, not {action}").format(action=repr(action))
        if actor == CHANCE:
            legal = any(outcome == action for outcome, _ in self._cached_weights())
        else:
            legal = action in self._cached_legal(actor)
        return None if legal else self._why_illegal(actor, action)

    def apply_text(self, text: str, seat: int | None = None) -> int:
        """Parse ``text`` and apply it; returns the action id."""
        action = self.parse_action(text)
        self.apply(action, seat)
        return action

    def sample_chance(self) -> int:
        """The outcome the seeded generator picks at this chance node."""
        if not self.is_chance():
            raise IllegalAction("not at a chance node")
        return pick_weighted(self._cached_weights(), self.seed, self.step)

    def resolve_chance(self) -> None:
        """Apply seeded chance outcomes until a player must act or the game is over."""
        while self.current_player == CHANCE:
            self.apply(self.sample_chance())

    def play(self, action: int, seat: int | None = None) -> None:
        """Apply a player action, then resolve the chance nodes that follow it."""
        self.apply(action, seat)
        self.resolve_chance()

    def clone(self) -> State:
        """An independent copy of the true state, seed and history included (never give it
        to a bot: see ``for_seat``)."""
        copy = self._copy()
        copy.seed = self.seed
        copy.step = self.step
        copy._log = self._log  # shared: see ``_record_entry``
        copy._length = self._length
        copy._legal_cache = self._legal_cache  # same step and actor: still valid
        copy.memo = {}
        copy.phase = self.phase
        copy.turns = self.turns
        copy.decisions = self.decisions
        return copy

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON data with exactly what ``seat`` may see (None: a spectator). Never the seed,
        another seat's hidden information, or the order of a face-down pile."""
        if seat is not None and not 0 <= seat < self.game.players:
            raise IllegalAction(
                _t("there is no seat {seat} in a {players}-player game").format(
                    seat=seat + 1,
                    players=self.game.players,  # people count seats from 1
                )
            )
        doc: dict[str, Any] = {
            "game": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "viewer": seat,
            "step": self.step,
            "current_player": actor_to_json(self.current_player),
            "terminal": self.is_terminal(),
            "scores": self.public_scores(seat),
            "winners": self.winners(),
        }
        game_doc = self._view(seat)
        clash = doc.keys() & game_doc.keys()
        if clash:  # a game must not silently replace a field every interface relies on
            raise ValueError(f"a game's view may not redefine {sorted(clash)}")
        doc.update(game_doc)
        return doc

    def to_json(self, *, history: bool = True) -> dict[str, Any]:
        """The full state as a position document (see docs/architecture.md). Without
        ``history`` the document leaves out the actions so far: it loads to the same position,
        whose record then starts there."""
        with PausedGC():
            return {
                "format": POSITION_FORMAT,
                "game": self.game.name,
                "players": self.game.players,
                "options": dict(self.game.options),
                "data": self.game.data_hash,
                "seed": self.seed,
                "step": self.step,
                "history": self._history_json() if history else [],
                "position": self._position(),
            }

    def action_to_json(self, action: int) -> dict[str, Any]:
        """``{"id", "text"}``, and for a player action its ``kind`` and the fields of its
        arguments (``Game.codec.fields``): what a page matches against its pieces."""
        if self.is_chance():
            return {"id": action, "text": self.action_to_string(action)}
        return self.game.codec.json(action, self)

    def action_from_json(self, doc: Any) -> int:
        """An action id from ``{"id": n}`` or ``{"text": "..."}``."""
        if isinstance(doc, dict) and isinstance(doc.get("id"), int):
            return int(doc["id"])
        if isinstance(doc, dict) and isinstance(doc.get("text"), str):
            return self.parse_action(doc["text"])
        raise IllegalAction(f'an action in JSON is {{"id": n}} or {{"text": "..."}}, not {doc!r}')

    def record(self) -> GameRecord:
        from grimoire.core.record import GameRecord

        return GameRecord(
            game=self.game.name,
            players=self.game.players,
            options=dict(self.game.options),
            seed=self.seed,
            actions=self.history,
            data=self.game.data_hash,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __ne__(self, other: object) -> bool:  # explicit: mypyc cannot derive it for subclasses
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() != other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __str__(self) -> str:
        return json.dumps(self.view(None), indent=1)

    # ----------------------------------------------------------------- internals
    def _reach_decision_limit(self) -> None:
        """The safeguard: the game ends as it stands (``_end_by_decision_limit``) unless the
        action that reached the limit ended it already."""
        self.memo.clear()  # facts of the position before the action
        self._legal_cache = None
        if not self.is_terminal():
            self._end_by_decision_limit()
            if not self.is_terminal():
                raise AssertionError(
                    f"{type(self).__name__}._end_by_decision_limit did not end the game"
                )

    def _cached_legal(self, actor: int) -> list[int]:
        """``_legal_actions(actor)`` computed once per step and actor (do not change it)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self.step and cache[1] == actor:
            return cache[2]
        actions = self._legal_actions(actor)
        self._legal_cache = (self.step, actor, actions, [])
        return actions

    def _cached_weights(self) -> list[tuple[int, int]]:
        """``chance_weights()`` computed once per step (sampling then applying asks twice)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self.step and cache[1] == CHANCE:
            return cache[3]
        weights = self.chance_weights()
        self._legal_cache = (self.step, CHANCE, [], weights)
        return weights

    def _resolve_actor(self, seat: int | None) -> int:
        actor = self.current_player
        if actor == TERMINAL:
            raise IllegalAction(_t("the game is over: no more actions"))
        if isinstance(actor, frozenset):
            if seat is None:
                raise IllegalAction(
                    _t("seats {seats} decide at once: say which seat acts").format(
                        seats=", ".join(str(s + 1) for s in sorted(actor))
                    )
                )
            if seat not in actor:
                raise IllegalAction(
                    _t("seat {seat} has nothing to decide now").format(seat=seat + 1)
                )
            return seat
        if seat == CHANCE and actor == CHANCE:
            return actor
        if seat is not None and seat != actor:
            who = _t("chance") if actor == CHANCE else _t("seat {seat}").format(seat=actor + 1)
            raise IllegalAction(
                _t("it is not seat {seat}'s turn ({who} is to act)").format(seat=seat + 1, who=who)
            )
        return actor

    def _why_illegal(self, actor: int, action: int) -> str:
        if actor == CHANCE:
            return _t("{action} is not an outcome of this chance node").format(action=action)
        if not 0 <= action < self.game.num_actions:
            last = self.game.num_actions - 1
            return _t("action {action} is outside this game's action space 0..{last}").format(
                action=action, last=last
            )
        try:
            text = self.action_to_string(action)
        except Exception:
            text = str(action)
        return _t("'{action}' is not legal now: {why}").format(
            action=text, why=self._phase_hint(actor)
        )

    def _phase_hint(self, actor: int) -> str:
        """A short reason shown with illegal actions; games refine it."""
        legal = [self.action_to_string(a) for a in self.legal_actions(actor)[:8]]
        more = ", ..." if len(self.legal_actions(actor)) > 8 else ""
        return _t("legal now: {actions}").format(actions=", ".join(legal) + more)
