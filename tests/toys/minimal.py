"""Minimal: the smallest game the platform plays, with only the hooks a game must have.

Rules (a take-away race): a pile of 10 stones; the seats in turn take 1, 2 or 3 stones from it
(never more than are left); whoever takes the last stone wins (score 1, the others 0).

It declares none of the optional parts of ``docs/architecture.md``: no options, no component
data, no chance, nothing hidden, no decision limit (its rules end every game within 10
decisions), no heuristic bot, no own evaluation, no observation encoder, no SVG, no aids, no
terminal topics, no rules document, no browser renderer, no back-outs, no phases or turns.
Its actions are declared with ``core.action_declaration`` like every game's. The test suite
registers it for every session (tests/conftest.py, and the servers the browser tests start), so
every test that iterates over the registered games meets a game that offers nothing optional:
such a test must ask ``Game.capabilities`` instead of assuming (docs/architecture.md).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

import msgspec

from grimoire.core.action_declaration import Actions, Kind, Numbered
from grimoire.core.documents import convert, require
from grimoire.core.game import Game
from grimoire.core.state import TERMINAL, Actor, State

PILE = 10
ACTIONS = Actions(Kind("take", "take {stones}", help="take 1, 2 or 3 stones from the pile"))
CODEC = ACTIONS.bind(stones=Numbered(3, what="stones"))

Count = Annotated[int, msgspec.Meta(ge=0, le=PILE)]


class MinimalPosition(msgspec.Struct, forbid_unknown_fields=True):
    pile: Count
    turn: Count
    taken: list[Count]


class MinimalState(State):
    game: MinimalGame

    def __init__(self, game: MinimalGame, seed: int) -> None:
        super().__init__(game, seed)
        self.pile = PILE
        self.turn = 0  # the seat to act; once the pile is empty, the winner
        self.taken = [0] * game.players

    @property
    def current_player(self) -> Actor:
        return TERMINAL if self.pile == 0 else self.turn

    def _legal_actions(self, seat: int) -> list[int]:
        return [CODEC.encode("take", n - 1) for n in range(1, min(3, self.pile) + 1)]

    def _apply(self, actor: int, action: int) -> None:
        stones = CODEC.decode(action).args[0] + 1
        self.pile -= stones
        self.taken[actor] += stones
        if self.pile:
            self.turn = (self.turn + 1) % self.game.players

    def scores(self) -> list[float]:
        return [float(self.pile == 0 and seat == self.turn) for seat in range(self.game.players)]

    def winners(self) -> list[int]:
        return [self.turn] if self.pile == 0 else []

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "taken": list(self.taken)}

    def _position(self) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "taken": list(self.taken)}

    def _copy(self) -> MinimalState:
        copy = type(self)(self.game, self.seed)
        copy.pile, copy.turn, copy.taken = self.pile, self.turn, list(self.taken)
        return copy


class MinimalGame(Game):
    name: ClassVar[str] = "toy_minimal"
    title: ClassVar[str] = "Minimal"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.codec = CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return 0

    @property
    def max_game_length(self) -> int:
        return PILE

    def _new_state(self, seed: int) -> State:
        return MinimalState(self, seed)

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        found = convert(doc, MinimalPosition, "position")
        n = self.players
        require(found.turn < n, "turn", found.turn, f"a seat 0..{n - 1}")
        require(len(found.taken) == n, "taken", found.taken, f"one count per seat ({n})")
        together = sum(found.taken) + found.pile
        require(together == PILE, "taken", found.taken, f"with the pile, {PILE} stones")
        state = MinimalState(self, seed)
        state.pile, state.turn, state.taken = found.pile, found.turn, found.taken
        return state
