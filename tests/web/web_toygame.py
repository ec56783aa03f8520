"""A tiny test-only game for the web app: hidden hands, a face-down deck, chance, multi-step turns.

Rules of "Toy": cards 0..11 are worth 1..12. Setup deals two cards to every seat (chance, from
the face-down deck). On your turn you may once ``boost`` (your next card counts double), may once
``draw`` a card (chance), and then must ``play`` a card from your hand. After every seat has played
``rounds`` cards the game ends; the highest total wins (ties share the win).

The hands and the deck are hidden: a seat sees its own hand and only the sizes of the others'.
The SVG rendering draws the viewer's hand with ``data-card`` attributes, like a real game would.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from grimoire.core.action_declaration import Actions, Kind, Labelled
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.state import CHANCE, TERMINAL, Actor, State

CARDS = 12
# Distinctive names, so a test can search any response for a card it must not mention.
NAMES = (
    "Ember",
    "Frost",
    "Gale",
    "Thorn",
    "Ivy",
    "Onyx",
    "Pearl",
    "Quill",
    "Rune",
    "Sable",
    "Topaz",
    "Wisp",
)
# ids: play a card 0..11 (its text "play Ember (1)", also read as "play ember"), draw, boost
ACTIONS = Actions(
    Kind("play", "play {card}", help="play a card from your hand"),
    Kind("draw", "draw", help="draw a card (once a turn)"),
    Kind("boost", "boost", help="your next card counts double (once a turn)"),
)
CODEC = ACTIONS.bind(
    card=Labelled(
        [f"{name} ({value})" for value, name in enumerate(NAMES, start=1)],
        what="card",
        spellings={name: index for index, name in enumerate(NAMES)},
        json=lambda index: NAMES[index].lower(),
    )
)
DRAW = CODEC.encode("draw")
BOOST = CODEC.encode("boost")


class ToyState(State):
    game: ToyGame

    def __init__(self, game: ToyGame, seed: int) -> None:
        super().__init__(game, seed)
        self.deck: list[int] = list(range(CARDS))  # face down, unordered: chance draws from it
        self.hands: list[list[int]] = [[] for _ in range(game.players)]
        self.played: list[list[int]] = [[] for _ in range(game.players)]
        self.points: list[int] = [0] * game.players
        self.turn = 0
        self.dealing: int | None = 0  # seat being dealt to during setup / a draw
        self.drew = False
        self.boosted = False

    # -- rules
    @property
    def current_player(self) -> Actor:
        if self.dealing is not None:
            return CHANCE
        if all(len(p) >= self.game.options["rounds"] for p in self.played):
            return TERMINAL
        if not self.hands[self.turn] and (self.drew or not self.deck):
            return TERMINAL  # the seat to play has no card and cannot draw one
        return self.turn

    def _legal_actions(self, seat: int) -> list[int]:
        actions = sorted(self.hands[seat])
        if not self.drew and self.deck and len(self.hands[seat]) < 4:
            actions.append(DRAW)
        if not self.boosted and self.hands[seat]:
            actions.append(BOOST)
        return actions

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(card, Fraction(1, len(self.deck))) for card in sorted(self.deck)]

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            assert self.dealing is not None
            self.deck.remove(action)
            self.hands[self.dealing].append(action)
            if self.step < 2 * self.game.players - 1:  # setup: two cards each, seat by seat
                self.dealing = (self.step + 1) // 2
            else:
                self.dealing = None
            return
        if action == DRAW:
            self.drew = True
            self.dealing = actor
        elif action == BOOST:
            self.boosted = True
        else:
            self.hands[actor].remove(action)
            self.played[actor].append(action)
            self.points[actor] += (action + 1) * (2 if self.boosted else 1)
            self.turn = (self.turn + 1) % self.game.players
            self.drew = self.boosted = False

    def _resample(self, seat: int, rng: random.Random) -> ToyState:
        """Re-deal what ``seat`` cannot see: the deck and the other seats' hands."""
        copy = self.clone()
        assert isinstance(copy, ToyState)
        others = [s for s in range(self.game.players) if s != seat]
        pool = copy.deck + [card for s in others for card in copy.hands[s]]
        rng.shuffle(pool)
        for s in others:
            size = len(copy.hands[s])
            copy.hands[s], pool = sorted(pool[:size]), pool[size:]
        copy.deck = sorted(pool)
        return copy

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [seat for seat, p in enumerate(self.points) if p == best]

    # -- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": [NAMES[c] for c in sorted(self.hands[seat])] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": [[NAMES[c] for c in p] for p in self.played],
            "deck_size": len(self.deck),
            "boosted": self.boosted,
            "drew": self.drew,
        }

    def _position(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "points": list(self.points),
            "turn": self.turn,
            "dealing": self.dealing,
            "drew": self.drew,
            "boosted": self.boosted,
        }

    def _copy(self) -> ToyState:
        copy = ToyState(self.game, self.seed)
        copy.deck = list(self.deck)
        copy.hands = [list(h) for h in self.hands]
        copy.played = [list(p) for p in self.played]
        copy.points = list(self.points)
        copy.turn, copy.dealing, copy.drew, copy.boosted = (
            self.turn,
            self.dealing,
            self.drew,
            self.boosted,
        )
        return copy

    def chance_to_string(self, outcome: int) -> str:
        return f"deal {NAMES[outcome]}"

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        if actor == CHANCE:
            assert self.dealing is not None
            if viewer == self.dealing:
                return f"you are dealt {NAMES[action]} ({action + 1})"
            return f"seat {self.dealing + 1} is dealt a card"
        return self.action_to_string(action)


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    hidden_information = True
    declared_options = (
        Option("rounds", 3, "cards each seat plays", kind=int),
        Option("colour", "red", "table colour", choices=("red", "blue")),
        Option("fast", False, "a flag that changes nothing", kind=bool),
    )

    codec = CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return CARDS

    @property
    def max_game_length(self) -> int:
        return 3 * int(self.options["rounds"]) * self.players  # boost, draw, play per card

    def _new_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> ToyState:
        state = ToyState(self, seed)
        state.deck = list(position["deck"])
        state.hands = [list(h) for h in position["hands"]]
        state.played = [list(p) for p in position["played"]]
        state.points = list(position["points"])
        state.turn = int(position["turn"])
        state.dealing = position["dealing"]
        state.drew = bool(position["drew"])
        state.boosted = bool(position["boosted"])
        return state

    def render_svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, ToyState)
        if seat is None:
            return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
        cells = "".join(
            f'<g data-card="{NAMES[card].lower()}"><rect x="{i * 60}" y="0" width="54" '
            f'height="70" rx="6" fill="#fed"/><text x="{i * 60 + 27}" y="40" '
            f'text-anchor="middle" font-size="12">{NAMES[card]}</text></g>'
            for i, card in enumerate(sorted(state.hands[seat]))
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="250" height="74">{cells}</svg>'


class PlainToyGame(ToyGame):
    """Toy without any picture: the web app shows its view as a tree, with the action list."""

    name = "toy-plain"
    title = "Plain Toy"

    def render_svg(self, state: State, seat: int | None) -> str | None:
        return None


class DrawnToyGame(ToyGame):
    """Toy with its own page renderer, found through ``web_assets()`` (set by a test)."""

    name = "toy-drawn"
    title = "Drawn Toy"
    assets: str | None = None

    @classmethod
    def web_assets(cls) -> str | None:
        return cls.assets
