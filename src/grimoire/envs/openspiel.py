"""OpenSpiel Python games for every registered game (extra ``openspiel``).

    import pyspiel
    from grimoire.envs import openspiel
    openspiel.register()                                   # every registered game
    game = pyspiel.load_game("grimoire_ciub(players=3,length=short)")
    state = game.new_initial_state()

A game is registered as ``grimoire_<name>`` (``-`` becomes ``_``) with the parameter
``players`` (default: the game's minimum) and one parameter per option: numbers, booleans and
strings as they are, null as ``""`` (a components path, say). An option whose choices mix
strings and numbers (``start_player``: ``random`` or a seat) is a string parameter in which a
number is written ``#2``, since OpenSpiel reads a bare ``2`` as a number and refuses it for a
string parameter: ``grimoire_ciub(players=3,start_player=#2)``; ``load("ciub",
start_player=2)`` converts for you.

``GameType``: sequential dynamics (a simultaneous decision is sequentialised: the seats submit
one at a time, the first seat of the set after the last one that acted, and no seat sees
another's pending choice, so the game is then of imperfect information); explicit stochastic
chance when the game has chance nodes (OpenSpiel draws every outcome: the game's seed plays
no part); imperfect information where the game hides anything or decides simultaneously;
terminal returns chosen by the parameter ``returns`` (``common.REWARD_HELP``): ``win`` (the
default: zero-sum, a sole winner +1, each loser -1/(n-1), a shared win split), ``share``,
``margin`` (zero-sum at two seats) or ``score`` (the true final score), the last three
general-sum with loose utility bounds of +-``SCORE_BOUND``.
``GameInfo`` takes ``num_distinct_actions`` and ``max_chance_outcomes`` from the game, and
``max_game_length`` (player decisions, as OpenSpiel counts them) is a realistic bound: for a
game that offers the engine's ``decision_limit``, the parameter's default 0 means
``common.episode_bound`` (twice the longest of six seeded random games, plus 50), and the
game is made with that limit, so no game is longer; a game without the option keeps its own
bound.

Observations are built from what a seat may see only: the observation string is the view as
compact JSON, the observation tensor its encoding (``grimoire.envs.observation``). The
information state adds perfect recall: its string is the view, then every line the seat was
told, in order (``describe(actor, action, seat)`` of every action and chance outcome, which
names a hidden draw only to the seats that may know it); its tensor is the observation tensor
followed by the tensor of that action-observation history (``HistoryTensor``: one slot per
line the seat was told, a 24-bit hash of the line scaled into (0, 1], in order, then an
overflow flag), so it differs from the observation tensor and two histories a seat can tell
apart give different tensors (up to hash collisions, one in 2**24 per pair of lines). An
observation type without private information (``private_info=NONE``) sees the spectator's
view; ``ALL_PLAYERS`` is honoured for a game with perfect information (a seat's view is then
everything) and refused with a ValueError where a seat's view hides something.

``state.clone()`` copies through the grimoire state's own ``clone()`` (OpenSpiel's Python
states otherwise deep-copy every attribute). ``resample_from_infostate(player, sampler)``
uses ``resample(player)``: the hidden rest is re-dealt, the player's log is kept (so its
information state is unchanged, as IS-MCTS checks) and the other seats' earlier logs, which the
player never saw, are replaced by a line saying so. Serialisation (``state.serialize()``,
``pyspiel.serialize_game_and_state``) stores the full position JSON and the logs.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

import numpy as np
import pyspiel

import grimoire
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.state import CHANCE, TERMINAL, State
from grimoire.envs import common
from grimoire.envs.common import next_seat
from grimoire.envs.observation import Encoder, encoder_for

UNKNOWN_PAST = "(a resampled state: what this seat was told before is unknown)"
RETURNS_PARAMETER = "returns"  # the game parameter choosing the terminal returns
SCORE_BOUND = 1000.0  # the utility bounds declared for score and margin returns (loose)
AUTO_LIMIT = 0  # the decision_limit parameter's default: the measured bound

Log = tuple[str, "Log"] | None  # one seat's lines, newest first, shared between copies


def short_name(game: str) -> str:
    """OpenSpiel's name of a game: ``grimoire_five_seals``."""
    return "grimoire_" + re.sub(r"[^a-z0-9]+", "_", game.lower()).strip("_")


def _lines(log: Log) -> list[str]:
    lines: list[str] = []
    while log is not None:
        lines.append(log[0])
        log = log[1]
    lines.reverse()
    return lines


# --------------------------------------------------------------------------- parameters
def _mixed(option: Option) -> bool:
    """An option whose choices mix strings and other values (``"random"`` or a seat)."""
    choices = option.choices or ()
    return len({type(choice) for choice in choices} | {type(option.default)}) > 1


def parameter_value(option: Option, value: Any) -> Any:
    """The OpenSpiel parameter value of an option value. OpenSpiel reads ``2`` in a game
    string as a number and refuses it for a string parameter, so a number chosen in an option
    whose choices mix strings and numbers is written ``#2``; null is ``""``."""
    if value is None:
        return ""
    if _mixed(option):
        return value if isinstance(value, str) else f"#{json.dumps(value)}"
    return value


def parameter_specification(cls: type[Game]) -> dict[str, Any]:
    spec: dict[str, Any] = {"players": cls.min_players, RETURNS_PARAMETER: "win"}
    for option in cls.declared_options:
        value = parameter_value(option, option.default)
        if option.name == "decision_limit":
            value = AUTO_LIMIT  # 0: the measured bound (common.episode_bound)
        if isinstance(value, bool | int | float | str):
            spec[option.name] = value
    return spec


def game_arguments(cls: type[Game], params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Players and grimoire options from OpenSpiel parameters."""
    players = int(params.get("players", cls.min_players))
    options: dict[str, Any] = {}
    for option in cls.declared_options:
        if option.name not in params:
            continue
        value = params[option.name]
        if option.name == "decision_limit" and value == AUTO_LIMIT:
            continue  # the measured bound: see realistic_game
        if option.choices is not None:
            text = str(value).lower().removeprefix("#")
            exact = [c for c in option.choices if c == value and type(c) is type(value)]
            by_text = [c for c in option.choices if str(c).lower() == text]
            value = (exact or by_text or [value])[0]
        elif option.default is None and value == "":
            value = None
        elif option.kind is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if value != option.default or type(value) is not type(option.default):
            options[option.name] = value
    return players, options


@lru_cache(maxsize=32)
def _grimoire_game(cls: type[Game], players: int, options_json: str) -> Game:
    return cls(players, json.loads(options_json))


def realistic_game(cls: type[Game], players: int, options: dict[str, Any]) -> Game:
    """The grimoire game of OpenSpiel parameters: where the game offers the engine's
    ``decision_limit`` and the parameters leave it at 0, made with ``common.episode_bound``
    as its limit (so ``max_game_length`` is realistic and true)."""
    game = _grimoire_game(cls, players, json.dumps(options, sort_keys=True))
    if "decision_limit" in options or not common.has_decision_limit(game):
        return game
    limited = {**options, "decision_limit": common.episode_bound(game)}
    return _grimoire_game(cls, players, json.dumps(limited, sort_keys=True))


def returns_kind(params: dict[str, Any]) -> str:
    """The ``returns`` parameter, checked (``common.check_reward`` lists the choices)."""
    return common.check_reward(str(params.get(RETURNS_PARAMETER, "win")))


def utilities(returns: str, players: int) -> tuple[float, float, float | None]:
    """(min, max, sum or None) of the returns of a game of ``players`` seats."""
    if returns == "win":
        return (-1.0 / (players - 1) if players > 1 else -1.0), 1.0, (0.0 if players > 1 else None)
    if returns == "share":
        return 0.0, 1.0, None
    zero_sum = returns == "margin" and players == 2
    return -SCORE_BOUND, SCORE_BOUND, 0.0 if zero_sum else None


@lru_cache(maxsize=64)
def _flags(cls: type[Game]) -> tuple[bool, bool]:
    """(has chance, imperfect information) of a game, from its default instances."""
    chance = imperfect = False
    for players in {cls.min_players, cls.max_players}:
        game = cls(players, {})
        chance = chance or game.max_chance_outcomes > 0
        imperfect = imperfect or game.hidden_information or game.simultaneous_decisions
    imperfect = imperfect or bool(cls.hidden_information or cls.simultaneous_decisions)
    return chance, imperfect


def game_type(cls: type[Game], game: Game | None = None, returns: str = "win") -> pyspiel.GameType:
    """The class's game type (registered), or an instance's: its options may hide information
    the defaults do not (Runika's secret runes), a one-player instance (a solo game) is
    general-sum, since its +1 / -1 for a win or a loss sums to nothing, and so are returns
    other than ``win`` (``margin`` at two seats excepted: zero-sum)."""
    chance, imperfect = _flags(cls)
    if game is not None:
        imperfect = imperfect or game.hidden_information or game.simultaneous_decisions
    players = game.players if game is not None else 0
    utility = pyspiel.GameType.Utility
    zero_sum = players != 1 and (returns == "win" or (returns == "margin" and players == 2))

    mode = pyspiel.GameType.ChanceMode
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(cls.name),
        long_name=f"grimoire {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance else mode.DETERMINISTIC,
        information=information.IMPERFECT_INFORMATION
        if imperfect
        else information.PERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(cls),
    )


# --------------------------------------------------------------------------- game
class GrimoireSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A grimoire game as an OpenSpiel Python game; ``register`` makes one subclass per game
    (its ``grimoire_class``), which OpenSpiel calls with the parameters."""

    grimoire_class: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = self.grimoire_class
        params = dict(params or {})
        self.returns_kind = returns_kind(params)
        players, options = game_arguments(cls, params)
        self.grimoire_game = realistic_game(cls, players, options)
        game = self.grimoire_game
        low, high, total = utilities(self.returns_kind, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=game.max_chance_outcomes if _flags(cls)[0] else 0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=game.max_game_length,
        )
        full = {**parameter_specification(cls), **params}
        super().__init__(game_type(cls, game, self.returns_kind), info, full)
        self._encoder: Encoder | None = None
        self._initial: State | None = None
        self._history_size: int | None = None

    @property
    def history_size(self) -> int:
        """Entries of the information-state tensor's history: twice the longest history
        (decisions and chance outcomes) of the measured random games, plus 100."""
        if self._history_size is None:
            self._history_size = 2 * common.measured_lengths(self.grimoire_game).history + 100
        return self._history_size

    @property
    def encoder(self) -> Encoder:
        """The observation encoder (its layout is derived on first use)."""
        if self._encoder is None:
            self._encoder = encoder_for(self.grimoire_game)
        return self._encoder

    def new_initial_state(self, *args: Any) -> GrimoireSpielState:
        if args and args[0] is not None:
            raise ValueError("grimoire games start from new_initial_state() only")
        return GrimoireSpielState(self)

    def initial_grimoire_state(self) -> State:
        """A copy of the game's start (setup chance unresolved: OpenSpiel draws it)."""
        if self._initial is None:
            self._initial = self.grimoire_game.new_state(0, resolve_chance=False)
        return self._initial.clone()

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GrimoireObserver:
        return GrimoireObserver(self, iig_obs_type, params)


class _Box:
    """Everything of an OpenSpiel state, in one attribute, so that OpenSpiel's ``Clone`` (a
    deep copy of each attribute) copies through the grimoire state's ``clone()``."""

    __slots__ = ("factory", "game", "last", "logs", "state")

    def __init__(self, game: Game, factory: Any, state: State | None, logs: list[Log]) -> None:
        self.game = game
        self.factory = factory  # makes the initial state on first use (a clone never needs it)
        self.state = state
        self.logs = logs
        self.last = -1  # the seat that acted last (it orders simultaneous submissions)

    def live(self) -> State:
        if self.state is None:
            self.state = self.factory()
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        state = self.state.clone() if self.state is not None else None
        copy = _Box(self.game, self.factory, state, list(self.logs))
        copy.last = self.last
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        return (
            _restore_box,
            (
                type(game),  # pickled by reference: pickle finds the class again
                game.players,
                json.dumps(game.options, sort_keys=True),
                self.live().to_json(),
                [_lines(log) for log in self.logs],
                self.last,
            ),
        )


def _restore_box(
    cls: type[Game], players: int, options_json: str, position: dict[str, Any], logs: Any, last: int
) -> _Box:
    game = _grimoire_game(cls, players, options_json)
    rebuilt: list[Log] = []
    for lines in logs:
        log: Log = None
        for line in lines:
            log = (line, log)
        rebuilt.append(log)
    box = _Box(game, None, game.state_from_json(position), rebuilt)
    box.last = last
    return box


# --------------------------------------------------------------------------- state
class GrimoireSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a grimoire state (see the module doc)."""

    def __init__(self, game: GrimoireSpielGame) -> None:
        super().__init__(game)
        players = game.grimoire_game.players
        self._box: _Box = _Box(
            game.grimoire_game, game.initial_grimoire_state, None, [None] * players
        )

    @property
    def grimoire_state(self) -> State:
        """The grimoire state inside (the true state: never give it to a bot)."""
        return self._box.live()

    def current_player(self) -> int:
        box: _Box = self._box
        actor = box.live().current_player
        if isinstance(actor, frozenset):
            return next_seat(actor, box.last, box.game.players)
        if actor == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if actor == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(actor)

    def _legal_actions(self, player: int) -> list[int]:
        return self.grimoire_state.progress_actions(player)  # no back-outs

    def chance_outcomes(self) -> list[tuple[int, float]]:
        weights = self.grimoire_state.chance_weights()
        total = sum(weight for _, weight in weights)
        return [(outcome, weight / total) for outcome, weight in weights]

    def _apply_action(self, action: int) -> None:
        box: _Box = self._box
        state = box.live()
        actor = self.current_player()
        seat = CHANCE if actor == pyspiel.PlayerId.CHANCE else actor
        step = state.step
        told = [state.describe(seat, action, viewer) for viewer in range(len(box.logs))]
        if seat == CHANCE:
            state.apply(action)
        else:
            state.apply(action, seat)  # an illegal action raises here and changes nothing
            box.last = seat
        box.logs = [(f"{step}: {line}", log) for line, log in zip(told, box.logs, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.grimoire_state
        try:
            return state.action_to_string(action)
        except Exception:  # an action of another node (history printing): its id
            return f"{'chance' if player == pyspiel.PlayerId.CHANCE else 'action'} {action}"

    def is_terminal(self) -> bool:
        return self.grimoire_state.is_terminal()

    def returns(self) -> list[float]:
        state = self.grimoire_state
        if not state.is_terminal():
            return [0.0] * state.game.players
        return common.final_rewards(state, self.get_game().returns_kind)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state consistent with what ``player_id`` knows: ``resample(player_id)``."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**52) ^ int(probability_sampler() * 2**52) << 11
        else:
            seed = random.getrandbits(63)
        box: _Box = self._box
        resampled = box.live().resample(player_id, random.Random(seed))
        unknown: Log = (UNKNOWN_PAST, None)
        logs = [log if seat == player_id else unknown for seat, log in enumerate(box.logs)]
        copy = self.get_game().new_initial_state()
        copy_box = _Box(box.game, box.factory, resampled, logs)
        copy_box.last = box.last
        copy._box = copy_box
        return copy

    def __str__(self) -> str:
        return json.dumps(self.grimoire_state.to_json(history=False), sort_keys=True)

    # what a seat sees -------------------------------------------------------------
    def view_json(self, seat: int | None) -> str:
        return json.dumps(self.grimoire_state.view(seat), sort_keys=True, separators=(",", ":"))

    def seat_log(self, seat: int) -> list[str]:
        return _lines(self._box.logs[seat])


def line_code(line: str) -> float:
    """A line a seat was told as one slot: a 24-bit hash (CRC-32, the same in every process)
    scaled into (0, 1]; 0 stays for "no line"."""
    return ((zlib.crc32(line.encode("utf-8")) & 0xFFFFFF) + 1) / 2**24


class GrimoireObserver:
    """OpenSpiel's PyObserver interface over what a seat may see (see the module doc).
    With perfect recall (the information state) the tensor is the observation followed by
    the seat's action-observation history: ``dict["observation"]``, ``dict["history"]`` (one
    slot per line the seat was told, ``line_code``, oldest first) and ``dict["overflow"]``
    (1 when the history outgrew ``history_size``: its first lines are kept)."""

    def __init__(self, game: GrimoireSpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            grim = game.grimoire_game
            if grim.hidden_information or grim.simultaneous_decisions:
                raise ValueError(
                    f"{grim.title} hides information from its seats: an observation with "
                    "private_info=ALL_PLAYERS would show every seat's secrets; use "
                    "SINGLE_PLAYER (a seat's own view) or NONE (the spectator's)"
                )
        self.private = private != pyspiel.PrivateInfoType.NONE
        self.encoder = game.encoder
        size = self.encoder.size
        self.history = game.history_size if self.perfect_recall else 0
        extra = self.history + 1 if self.perfect_recall else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[size : size + self.history]
            self.dict["overflow"] = self.tensor[size + self.history :]

    def set_from(self, state: GrimoireSpielState, player: int) -> None:
        seat = player if self.private else None
        self.dict["observation"][:] = self.encoder.observe(state.grimoire_state, seat)
        if self.perfect_recall:
            history = self.dict["history"]
            history[:] = 0.0
            lines = state.seat_log(player) if self.private else []
            for index, line in enumerate(lines[: self.history]):
                history[index] = line_code(line)
            self.dict["overflow"][0] = 1.0 if len(lines) > self.history else 0.0

    def string_from(self, state: GrimoireSpielState, player: int) -> str:
        text = state.view_json(player if self.private else None)
        if self.perfect_recall and self.private:
            text += "\n" + "\n".join(state.seat_log(player))
        return text


# --------------------------------------------------------------------------- registration
def register(games: Sequence[str] | None = None) -> list[str]:
    """Register ``games`` (default: every registered grimoire game) with OpenSpiel as
    ``grimoire_<name>``; returns the short names. Registering twice does nothing."""
    names = []
    known = set(pyspiel.registered_names())
    for name in grimoire.game_names() if games is None else games:
        cls = grimoire.game_class(name)
        short = short_name(cls.name)
        if short not in known:
            # A class, as OpenSpiel's own Python games register: OpenSpiel keeps the creator
            # until the process ends, and a class outlives the interpreter's teardown.
            creator: type[GrimoireSpielGame] = type(
                f"GrimoireSpielGame_{short}", (GrimoireSpielGame,), {"grimoire_class": cls}
            )
            _CREATORS.append(creator)
            pyspiel.register_game(game_type(cls), creator)
            known.add(short)
        names.append(short)
    return names


_CREATORS: list[type[GrimoireSpielGame]] = []


def load(game: str, **params: Any) -> GrimoireSpielGame:
    """Register ``game`` if needed and load it: ``load("ciub", players=3, start_player=2)``.
    Values are given the parameter's type (an option whose choices mix strings and numbers is
    a string parameter: ``start_player="2"``, which this does for you)."""
    register([game])
    declared = {option.name: option for option in grimoire.game_class(game).declared_options}
    typed = {
        key: parameter_value(declared[key], value) if key in declared else value
        for key, value in params.items()
    }
    return cast(GrimoireSpielGame, pyspiel.load_game(short_name(game), typed))
