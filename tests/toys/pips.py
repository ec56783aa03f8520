"""Pips: the walk-through game of docs/architecture.md ("Add a game"), in one file.

Rules: every seat is dealt one secret bonus card (1..3, from six) face down. On your turn
you ``roll`` two dice, then ``take`` one of them (a decision frame holds the two dice) and move
that many spaces. The first to reach the end of the track ends the game; each seat scores its
space plus its bonus card, revealed at the end; the highest score wins (ties share).

It uses every shared block of the core: component data with provenance (``pips.toml``,
``ComponentLoader``), declared actions (``Actions``), a typed decision ``Frame`` with its
``FrameSchema``, ``copy_fields`` for ``_copy``, and a position document checked by a declared
msgspec type with ``require`` for the cross-checks. It registers with one line
(``tests/toys/__init__.py``) and is then played by the contract battery, the CLI, the web app
and the RL adapters.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

import msgspec

from grimoire.core.action_declaration import Actions, Kind, Numbered
from grimoire.core.components import ComponentError, ComponentLoader, provenance
from grimoire.core.documents import convert, require
from grimoire.core.frames import Frame, FrameSchema, copy_frames, frames_to_json
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.state import CHANCE, TERMINAL, Actor, State, copy_fields


# ------------------------------------------------------------------ components (data file)
@dataclass(frozen=True)
class Components:
    length: int
    die_faces: tuple[int, ...]
    bonus_cards: tuple[int, ...]


def build(doc: dict[str, Any]) -> Components:
    track = doc.get("track")
    if doc.get("format") != "pips-components/1" or not isinstance(track, dict):
        raise ComponentError("a Pips components file starts with format = 'pips-components/1'")
    provenance(doc.get("provenance"), ["length", "die_faces", "bonus_cards"], "[track]")
    return Components(int(track["length"]), tuple(track["die_faces"]), tuple(track["bonus_cards"]))


LOADER = ComponentLoader("tests.toys", build, filename="pips.toml")


# ------------------------------------------------------------------ actions and frames
# ids in declaration order: roll 0, take the 1st die 1, the 2nd die 2 (the record format)
ACTIONS = Actions(
    Kind("roll", "roll", help="roll two dice"),
    Kind("take", "take {die}", help="move by one of the two dice rolled"),
)
CODEC = ACTIONS.bind(die=Numbered(2, what="die"))


class Pick(Frame, tag="pick"):
    """Seat ``s`` has rolled ``dice`` (one or two so far) and takes one of them."""

    s: int
    dice: list[int] = msgspec.field(default_factory=list)


FRAMES = FrameSchema(Pick)


# ------------------------------------------------------------------ the position document
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]


class PipsPosition(msgspec.Struct, forbid_unknown_fields=True):
    spaces: list[Annotated[int, msgspec.Meta(ge=0)]]
    bonus: list[Annotated[int, msgspec.Meta(ge=-1)]]  # -1: not dealt yet
    deck: list[Annotated[int, msgspec.Meta(ge=0)]]  # the bonus cards not dealt
    turn: Seat
    stack: list[Any]
    turns: Annotated[int, msgspec.Meta(ge=0)]


# ------------------------------------------------------------------ state
class PipsState(State):
    game: PipsGame

    def __init__(self, game: PipsGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.spaces = [0] * n
        self.bonus = [-1] * n  # index into bonus_cards; -1 until dealt
        self.deck = list(range(len(game.comp.bonus_cards)))  # face down, unordered
        self.turn = 0
        self.stack: list[Frame] = []
        self.turns = 1
        self.phase = "race"

    @property
    def current_player(self) -> Actor:
        if -1 in self.bonus or (self.stack and len(self.top.dice) < 2):
            return CHANCE
        if max(self.spaces) >= self.game.comp.length:
            return TERMINAL
        return self.turn

    @property
    def top(self) -> Pick:
        frame = self.stack[-1]
        assert isinstance(frame, Pick)
        return frame

    def _legal_actions(self, seat: int) -> list[int]:
        if self.stack:
            return [CODEC.encode("take", 0), CODEC.encode("take", 1)]
        return [CODEC.encode("roll")]

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            if -1 in self.bonus:
                self.bonus[self.bonus.index(-1)] = action
                self.deck.remove(action)
            else:
                self.top.dice.append(self.game.comp.die_faces[action])
            return
        decoded = CODEC.decode(action)
        if decoded.kind == "roll":
            self.stack.append(Pick(s=actor))
            return
        self.spaces[actor] += self.stack.pop().dice[decoded.arg]  # type: ignore[attr-defined]
        if max(self.spaces) < self.game.comp.length:
            self.turn = (self.turn + 1) % self.game.players
            self.turns = (self.turns or 0) + 1

    def chance_weights(self) -> list[tuple[int, int]]:
        if -1 in self.bonus:
            return [(card, 1) for card in self.deck]
        return [(face, 1) for face in range(len(self.game.comp.die_faces))]

    def scores(self) -> list[float]:
        cards = self.game.comp.bonus_cards
        return [float(self.spaces[s] + max(0, cards[b])) for s, b in enumerate(self.bonus)]

    def public_scores(self, viewer: int | None) -> list[float | None]:
        if self.is_terminal():
            return list(self.scores())
        return [score if s == viewer else None for s, score in enumerate(self.scores())]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [s for s, score in enumerate(scores) if score == max(scores)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        shown = self.is_terminal()
        return {
            "spaces": list(self.spaces),
            "my_bonus": None if seat is None else self.bonus[seat],
            "bonus": list(self.bonus) if shown else None,
            "turn": self.turn,
            "dice": list(self.top.dice) if self.stack else [],
        }

    def _position(self) -> dict[str, Any]:
        return {
            "spaces": list(self.spaces),
            "bonus": list(self.bonus),
            "deck": list(self.deck),
            "turn": self.turn,
            "stack": frames_to_json(self.stack),
            "turns": self.turns,
        }

    def _copy(self) -> PipsState:
        copy = PipsState(self.game, self.seed)
        copy_fields(
            self, copy, shared=("turn", "turns", "phase"), lists=("spaces", "bonus", "deck")
        )
        copy.stack = copy_frames(self.stack)
        return copy

    def _resample(self, seat: int, rng: random.Random) -> PipsState:
        """Re-deal the bonus cards ``seat`` has not seen: the deck and, while the game runs,
        the other seats' cards."""
        copy = self._copy()
        if self.is_terminal():
            return copy
        others = [s for s, card in enumerate(self.bonus) if s != seat and card != -1]
        pool = self.deck + [self.bonus[s] for s in others]
        rng.shuffle(pool)
        for other in others:
            copy.bonus[other] = pool.pop()
        copy.deck = sorted(pool)
        return copy

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        if actor == CHANCE and -1 in self.bonus:
            seat = self.bonus.index(-1)
            return f"seat {seat + 1} is dealt a bonus card" + (
                f" ({self.game.comp.bonus_cards[action]})" if viewer == seat else ""
            )
        return self.action_to_string(action)

    def chance_to_string(self, outcome: int) -> str:
        if -1 in self.bonus:
            return f"bonus card {outcome} ({self.game.comp.bonus_cards[outcome]})"
        return f"die {self.game.comp.die_faces[outcome]}"


# ------------------------------------------------------------------ game
class PipsGame(Game):
    name: ClassVar[str] = "toy_pips"
    title: ClassVar[str] = "Pips"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information = True
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("components", None, "path of a components TOML file of the same shape", kind=str),
    )

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.comp = LOADER.load(self.options["components"])
        self.codec = CODEC

    def component_texts(self) -> list[str]:
        return [LOADER.text(self.options["components"])]

    @property
    def max_chance_outcomes(self) -> int:
        return max(len(self.comp.die_faces), len(self.comp.bonus_cards))

    @property
    def max_game_length(self) -> int:
        # every turn moves at least the smallest face: 2 decisions a turn
        return 2 * self.players * (self.comp.length // min(self.comp.die_faces) + 1)

    def _new_state(self, seed: int) -> State:
        return PipsState(self, seed)

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        found = convert(doc, PipsPosition, "position")
        n, cards = self.players, len(self.comp.bonus_cards)
        require(len(found.spaces) == n, "spaces", found.spaces, f"one space per seat ({n})")
        require(len(found.bonus) == n, "bonus", found.bonus, f"one bonus card per seat ({n})")
        dealt = [b for b in found.bonus if b != -1]
        every = sorted(dealt + found.deck)
        require(every == list(range(cards)), "deck", found.deck, "every bonus card exactly once")
        require(found.bonus[: len(dealt)] == dealt, "bonus", found.bonus, "dealt seat by seat")
        require(found.turn < n, "turn", found.turn, f"a seat 0..{n - 1}")
        stack = FRAMES.load(found.stack, "stack")
        require(len(stack) <= 1, "stack", found.stack, "at most one pending pick")
        for frame in stack:
            assert isinstance(frame, Pick)
            require(frame.s == found.turn, "stack[0].s", frame.s, "the seat whose turn it is")
            require(len(frame.dice) <= 2, "stack[0].dice", frame.dice, "two dice at most")
            faces = self.comp.die_faces
            require(all(d in faces for d in frame.dice), "stack[0].dice", frame.dice, "die faces")
        state = PipsState(self, seed)
        state.spaces, state.bonus, state.turn = found.spaces, found.bonus, found.turn
        state.deck = found.deck
        state.stack, state.turns = stack, found.turns
        return state
