"""Race: a tiny test-only game with *parallel* simultaneous turns, chance inside them, and a
per-seat secret that changes the true score.

Rules: setup deals every seat a secret lucky card from the five cards 2..6 (one chance node per
seat; only that seat sees its own; the rest stay face down). Then ``rounds`` rounds; in a round
every seat plays its own turn at the same time as the others: ``roll`` (a die, a chance node)
adds the face to the seat's pot, a 1 busts (the pot is lost and the turn ends); ``stop`` banks
the pot and ends the turn. The first action of a turn must be ``roll``; after ``max_rolls``
rolls the turn stops by itself. When every seat's turn has ended the next round starts. Score:
banked points, plus 3 for every roll that showed the seat's lucky number (counted at once, but
hidden from the others until the end). Most points win; ties share.

So ``current_player`` is the frozenset of seats whose turn is unfinished, except right after a
``roll``: then it is CHANCE, and the die lands before anyone goes on. Rolls and pots are public;
the lucky numbers and the bonus they earn are not (``public_scores`` shows another seat's score
only at the end).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from grimoire.core.action_declaration import Actions, Kind
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.state import CHANCE, TERMINAL, Actor, State

ACTIONS = Actions(
    Kind("roll", "roll", help="roll the die: its face goes to your pot, a 1 busts"),
    Kind("stop", "stop", help="bank your pot and end your turn"),
)
CODEC = ACTIONS.bind()
ROLL, STOP = CODEC.encode("roll"), CODEC.encode("stop")
LUCKY = (2, 3, 4, 5, 6)


class RaceState(State):
    game: RaceGame

    def __init__(self, game: RaceGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.lucky: list[int] = [0] * n  # 0: not dealt yet (setup)
        self.lucky_deck: list[int] = list(LUCKY)  # face down, unordered
        self.round = 1
        self.pot: list[int] = [0] * n
        self.rolls: list[int] = [0] * n  # rolls this round
        self.done: list[bool] = [False] * n  # this round's turn is over
        self.banked: list[int] = [0] * n
        self.faces: list[list[int]] = [[] for _ in range(n)]  # every face rolled (public)
        self.rolling: int | None = None  # seat whose die is in the air

    # ----------------------------------------------------------------- rules
    def _dealing(self) -> int | None:
        return next((s for s, lucky in enumerate(self.lucky) if lucky == 0), None)

    @property
    def current_player(self) -> Actor:
        if self._dealing() is not None or self.rolling is not None:
            return CHANCE
        if self.round > self.game.options["rounds"]:
            return TERMINAL
        return frozenset(s for s, done in enumerate(self.done) if not done)

    def _legal_actions(self, seat: int) -> list[int]:
        return [ROLL] if self.rolls[seat] == 0 else [ROLL, STOP]

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            dealing = self._dealing()
            if dealing is not None:
                self.lucky[dealing] = action
                self.lucky_deck.remove(action)
                return
            seat = self.rolling
            assert seat is not None
            self.rolling = None
            self.rolls[seat] += 1
            self.faces[seat].append(action)
            if action == 1:
                self.pot[seat] = 0
                self._end_turn(seat)
            else:
                self.pot[seat] += action
                if self.rolls[seat] >= self.game.options["max_rolls"]:
                    self._end_turn(seat)
            return
        if action == ROLL:
            self.rolling = actor
        else:
            self._end_turn(actor)

    def _end_turn(self, seat: int) -> None:
        self.banked[seat] += self.pot[seat]
        self.pot[seat] = 0
        self.done[seat] = True
        if all(self.done):
            n = self.game.players
            self.round += 1
            self.rolls, self.done = [0] * n, [False] * n

    def chance_weights(self) -> list[tuple[int, int]]:
        if self._dealing() is not None:
            return [(lucky, 1) for lucky in sorted(self.lucky_deck)]
        return [(face, 1) for face in range(1, 7)]

    def bonus(self, seat: int) -> int:
        return 3 * self.faces[seat].count(self.lucky[seat])

    def scores(self) -> list[float]:
        return [float(self.banked[s] + self.bonus(s)) for s in range(self.game.players)]

    def public_scores(self, viewer: int | None) -> list[float | None]:
        if self.is_terminal():
            return list(self.scores())
        return [score if seat == viewer else None for seat, score in enumerate(self.scores())]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [s for s, score in enumerate(scores) if score == max(scores)]

    # ----------------------------------------------------------------- information
    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_terminal()
        return {
            "round": self.round,
            "pots": list(self.pot),
            "rolls": list(self.rolls),
            "done": list(self.done),
            "banked": list(self.banked),
            "faces": [list(faces) for faces in self.faces],
            "lucky": list(self.lucky) if over else None,
            "my_lucky": self.lucky[seat] if seat is not None else None,
            "my_bonus": self.bonus(seat) if seat is not None else None,
        }

    def _position(self) -> dict[str, Any]:
        return {
            "lucky": list(self.lucky),
            "lucky_deck": list(self.lucky_deck),
            "round": self.round,
            "pot": list(self.pot),
            "rolls": list(self.rolls),
            "done": list(self.done),
            "banked": list(self.banked),
            "faces": [list(faces) for faces in self.faces],
            "rolling": self.rolling,
        }

    def _copy(self) -> RaceState:
        copy = RaceState(self.game, self.seed)
        for key, value in self._position().items():
            if key == "faces":
                value = [list(faces) for faces in value]
            setattr(copy, key, list(value) if isinstance(value, list) else value)
        return copy

    def _resample(self, seat: int, rng: random.Random) -> RaceState:
        """Re-deal the lucky cards ``seat`` has not seen (the others' and the face-down rest):
        their bonus is hidden too, so any deal fits what ``seat`` saw."""
        copy = self._copy()
        if self.is_terminal():  # every lucky card is shown at the end
            return copy
        others = [s for s in range(self.game.players) if s != seat and self.lucky[s] != 0]
        pool = [self.lucky[s] for s in others] + self.lucky_deck
        rng.shuffle(pool)
        for other in others:
            copy.lucky[other] = pool.pop()
        copy.lucky_deck = sorted(pool)
        return copy

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        seat = self._dealing() if actor == CHANCE else None
        if seat is not None:
            if viewer == seat:
                return f"your lucky number is {action}"
            return f"seat {seat + 1} is dealt a secret lucky number"
        if actor == CHANCE and self.rolling is not None:
            return f"seat {self.rolling + 1} rolls {action}"
        return f"seat {actor + 1} {'rolls' if action == ROLL else 'stops'}"

    # ----------------------------------------------------------------- text
    def chance_to_string(self, outcome: int) -> str:
        return f"lucky {outcome}" if self._dealing() is not None else f"face {outcome}"


class RaceGame(Game):
    name: ClassVar[str] = "toy_race"
    title: ClassVar[str] = "Race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information = True
    simultaneous_decisions = True
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("rounds", 2, "rounds to play", kind=int),
        Option("max_rolls", 3, "rolls after which a turn stops by itself", kind=int),
    )

    def _check_options(self) -> None:
        if self.options["rounds"] < 1 or self.options["max_rolls"] < 1:
            raise InvalidOptions("rounds and max_rolls must be 1 or more")

    codec = CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return 7

    @property
    def max_game_length(self) -> int:
        return int(self.options["rounds"] * self.players * self.options["max_rolls"])

    def _new_state(self, seed: int) -> State:
        return RaceState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = RaceState(self, seed)
        for key, value in position.items():
            setattr(state, key, value)
        return state
