"""Tiny test-only games for the simulation tests (not registered; tests patch the registry).

``claim``: setup draws a bonus 0..2 (chance). Each seat in turn claims (action 0) or passes
(action 1). A claim scores 1 + bonus. Who wins depends on the option ``winners``:
``claimers`` (every seat that claimed: a shared win; nobody if nobody claimed), ``all``,
``none`` or ``seat0``. Its heuristic bot always claims. The state exposes ``turns``.

``komi``: two seats race a die each. Who starts (the option ``starter``: a seat, or
``random``, a chance draw at setup) adds the ``initiative`` of its component data (3 in the
data it ships, changed through the ``components`` option like a real game's); the other seat
adds the option ``komi``. Each seat in turn rolls (its one decision, then chance draws its
die of ``sides`` faces); the higher total wins, ties shared. ``komi = initiative`` balances
the seats exactly: the planted value for tuning.

``guess``: simultaneous decisions. Each round every seat secretly guesses 0..2, then chance
draws the target; right guesses score 1. After ``rounds`` rounds the highest score wins
(ties shared). The state exposes no turn count.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from grimoire.core.action_declaration import Actions, Kind, Numbered
from grimoire.core.bot import Bot
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.state import CHANCE, TERMINAL, Actor, State

CLAIM_CODEC = Actions(Kind("claim", "claim"), Kind("pass", "pass")).bind()
CLAIM, PASS = CLAIM_CODEC.encode("claim"), CLAIM_CODEC.encode("pass")
GUESS_CODEC = Actions(Kind("guess", "guess {number}")).bind(number=Numbered(3, first=0))
ROLL_CODEC = Actions(Kind("roll", "roll")).bind()


class ClaimState(State):
    game: ClaimGame

    def __init__(self, game: ClaimGame, seed: int) -> None:
        super().__init__(game, seed)
        self.bonus: int | None = None
        self.claimed: list[bool] = []
        self.turns = 0

    @property
    def current_player(self) -> Actor:
        if self.bonus is None:
            return CHANCE
        if len(self.claimed) == self.game.players:
            return TERMINAL
        return len(self.claimed)

    def _legal_actions(self, seat: int) -> list[int]:
        return [CLAIM, PASS]

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            self.bonus = action
        else:
            self.claimed.append(action == CLAIM)
            assert self.turns is not None  # State declares int | None; this game counts
            self.turns += 1

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(outcome, Fraction(1, 3)) for outcome in range(3)]

    def scores(self) -> list[float]:
        bonus = self.bonus or 0
        return [
            float(1 + bonus) if seat < len(self.claimed) and self.claimed[seat] else 0.0
            for seat in range(self.game.players)
        ]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        rule = self.game.options["winners"]
        if rule == "all":
            return list(range(self.game.players))
        if rule == "none":
            return []
        if rule == "seat0":
            return [0]
        return [seat for seat, claimed in enumerate(self.claimed) if claimed]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"bonus": self.bonus, "claimed": list(self.claimed)}

    def _position(self) -> dict[str, Any]:
        return {"bonus": self.bonus, "claimed": list(self.claimed), "turns": self.turns}

    def _copy(self) -> ClaimState:
        copy = ClaimState(self.game, self.seed)
        copy.bonus, copy.claimed, copy.turns = self.bonus, list(self.claimed), self.turns
        return copy

    def chance_to_string(self, outcome: int) -> str:
        return f"bonus {outcome}"


class Claimer(Bot):
    name = "claimer"

    def choose(self, state: State, seat: int | None = None) -> int:
        return CLAIM


class ClaimGame(Game):
    name: ClassVar[str] = "toy-claim"
    title: ClassVar[str] = "Claim"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("winners", "claimers", "who wins", choices=("claimers", "all", "none", "seat0")),
    )

    codec = CLAIM_CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return 3

    @property
    def max_game_length(self) -> int:
        return self.players

    def _new_state(self, seed: int) -> State:
        return ClaimState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = ClaimState(self, seed)
        state.bonus = position["bonus"]
        state.claimed = list(position["claimed"])
        state.turns = position["turns"]
        return state

    def heuristic_bot(self, seed: int | None = None) -> Bot | None:
        return Claimer(seed)


class GuessState(State):
    game: GuessGame

    def __init__(self, game: GuessGame, seed: int) -> None:
        super().__init__(game, seed)
        self.round = 0
        self.guesses: dict[int, int] = {}
        self.points = [0] * game.players

    @property
    def current_player(self) -> Actor:
        if self.round >= self.game.options["rounds"]:
            return TERMINAL
        if len(self.guesses) == self.game.players:
            return CHANCE
        return frozenset(set(range(self.game.players)) - set(self.guesses))

    def _legal_actions(self, seat: int) -> list[int]:
        return [0, 1, 2]

    def _apply(self, actor: int, action: int) -> None:
        if actor != CHANCE:
            self.guesses[actor] = action
            return
        for seat, guess in self.guesses.items():
            if guess == action:
                self.points[seat] += 1
        self.guesses = {}
        self.round += 1

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(outcome, Fraction(1, 3)) for outcome in range(3)]

    def scores(self) -> list[float]:
        return [float(points) for points in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [seat for seat, points in enumerate(self.points) if points == best]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round, "points": list(self.points), "submitted": sorted(self.guesses)}

    def _position(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "points": list(self.points),
            "guesses": {str(seat): guess for seat, guess in self.guesses.items()},
        }

    def _copy(self) -> GuessState:
        copy = GuessState(self.game, self.seed)
        copy.round, copy.guesses, copy.points = self.round, dict(self.guesses), list(self.points)
        return copy

    def chance_to_string(self, outcome: int) -> str:
        return f"target {outcome}"


class GuessGame(Game):
    name: ClassVar[str] = "toy-guess"
    title: ClassVar[str] = "Guess"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    simultaneous_decisions = True
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("rounds", 3, "rounds to play", kind=int),
    )

    codec = GUESS_CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return 3

    @property
    def max_game_length(self) -> int:
        return int(self.options["rounds"]) * self.players

    def _new_state(self, seed: int) -> State:
        return GuessState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = GuessState(self, seed)
        state.round = position["round"]
        state.points = list(position["points"])
        state.guesses = {int(seat): guess for seat, guess in position["guesses"].items()}
        return state


KOMI_DATA = """# toy-komi component data
[provenance]
scoring = "PROPOSED: a toy"

[scoring]
initiative = 3
"""


class KomiState(State):
    game: KomiGame

    def __init__(self, game: KomiGame, seed: int) -> None:
        super().__init__(game, seed)
        starter = game.options["starter"]
        self.starter: int | None = None if starter == "random" else int(starter)
        self.dice: list[int | None] = [None, None]
        self.rolling: int | None = None  # the seat whose die chance draws next

    @property
    def current_player(self) -> Actor:
        if self.starter is None or self.rolling is not None:
            return CHANCE
        if None not in self.dice:
            return TERMINAL
        return self.starter if self.dice[self.starter] is None else 1 - self.starter

    def _legal_actions(self, seat: int) -> list[int]:
        return [0]

    def _apply(self, actor: int, action: int) -> None:
        if actor != CHANCE:
            self.rolling = actor
        elif self.starter is None:
            self.starter = action
        else:
            assert self.rolling is not None
            self.dice[self.rolling] = action + 1
            self.rolling = None

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        sides = 2 if self.starter is None else int(self.game.options["sides"])
        return [(outcome, Fraction(1, sides)) for outcome in range(sides)]

    def scores(self) -> list[float]:
        bonus = [
            self.game.initiative if seat == self.starter else self.game.options["komi"]
            for seat in range(2)
        ]
        return [float((die or 0) + extra) for die, extra in zip(self.dice, bonus, strict=True)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [seat for seat in range(2) if scores[seat] == max(scores)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self._position()

    def _position(self) -> dict[str, Any]:
        return {"starter": self.starter, "dice": list(self.dice), "rolling": self.rolling}

    def _copy(self) -> KomiState:
        copy = KomiState(self.game, self.seed)
        copy.starter, copy.dice, copy.rolling = self.starter, list(self.dice), self.rolling
        return copy


class KomiGame(Game):
    name: ClassVar[str] = "toy-komi"
    title: ClassVar[str] = "Komi"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("komi", 0, "points for the seat that does not start", kind=int),
        Option("sides", 6, "faces of the die", kind=int),
        Option("starter", 0, "who starts: a seat or random", choices=(0, 1, "random")),
        Option("components", None, "path of a components TOML file", kind=str),
    )

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.initiative = int(tomllib.loads(self.component_texts()[0])["scoring"]["initiative"])

    def component_texts(self) -> list[str]:
        path = self.options["components"]
        return [KOMI_DATA if path is None else Path(path).read_text("utf-8")]

    codec = ROLL_CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return max(2, int(self.options["sides"]))

    @property
    def max_game_length(self) -> int:
        return 2

    def _new_state(self, seed: int) -> State:
        return KomiState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = KomiState(self, seed)
        state.starter, state.rolling = position["starter"], position["rolling"]
        state.dice = list(position["dice"])
        return state


TOY_GAMES = {
    "toy-claim": "tests.sim.sim_toygames:ClaimGame",
    "toy-komi": "tests.sim.sim_toygames:KomiGame",
    "toy-guess": "tests.sim.sim_toygames:GuessGame",
}
