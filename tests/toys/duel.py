"""Duel: a tiny test-only game with a *sealed* simultaneous decision and hidden hands.

Rules of "Duel": cards 0..DECK-1 are worth 1..DECK. Setup deals ``hand`` cards to every seat
from the face-down deck (one chance node per card). Each round all seats choose a card from
their hand at once (a simultaneous decision: ``current_player`` is the frozenset of seats that
have not chosen yet); once all have chosen, the cards are revealed and the highest card scores
a point (a tie scores nothing). After ``hand`` rounds the game ends; most points win.

Hidden: the deck, the other seats' hands, and the card another seat has chosen but not yet
revealed (a seat only sees that the other has chosen).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, ClassVar

from grimoire.core.action_declaration import Actions, Kind, Numbered
from grimoire.core.game import Game
from grimoire.core.options import Option
from grimoire.core.state import CHANCE, TERMINAL, Actor, State

DECK = 12
# one kind: play card N (its id), counted from 0 like the cards' ids
ACTIONS = Actions(Kind("play", "play {card}", help="choose a card of your hand, face down"))
CODEC = ACTIONS.bind(card=Numbered(DECK, first=0, what="card"))


class DuelState(State):
    game: DuelGame

    def __init__(self, game: DuelGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.deck: list[int] = list(range(DECK))  # face down, unordered
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.chosen: list[int | None] = [None] * n  # this round's hidden choices
        self.revealed: list[list[int]] = [[] for _ in range(n)]  # cards played, face up
        self.points: list[int] = [0] * n
        self.dealing = game.options["hand"] * n  # cards still to deal at setup

    # ----------------------------------------------------------------- rules
    @property
    def current_player(self) -> Actor:
        if self.dealing:
            return CHANCE
        if len(self.revealed[0]) == self.game.options["hand"]:
            return TERMINAL
        return frozenset(s for s, card in enumerate(self.chosen) if card is None)

    def _legal_actions(self, seat: int) -> list[int]:
        return sorted(self.hands[seat])

    def _apply(self, actor: int, action: int) -> None:
        if actor == CHANCE:
            n = self.game.players
            seat = (self.game.options["hand"] * n - self.dealing) % n
            self.deck.remove(action)
            self.hands[seat].append(action)
            self.dealing -= 1
            return
        self.hands[actor].remove(action)
        self.chosen[actor] = action
        if all(card is not None for card in self.chosen):  # everyone has chosen: reveal
            cards = [card for card in self.chosen if card is not None]
            best = max(cards)
            if cards.count(best) == 1:
                self.points[cards.index(best)] += 1
            for seat, card in enumerate(cards):
                self.revealed[seat].append(card)
            self.chosen = [None] * self.game.players

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(card, Fraction(1, len(self.deck))) for card in sorted(self.deck)]

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best]

    # ----------------------------------------------------------------- information
    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "deck": len(self.deck),
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "my_choice": self.chosen[seat] if seat is not None else None,
            "has_chosen": [card is not None for card in self.chosen],
            "revealed": [list(cards) for cards in self.revealed],
            "points": list(self.points),
        }

    def _position(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "hands": [list(hand) for hand in self.hands],
            "chosen": list(self.chosen),
            "revealed": [list(cards) for cards in self.revealed],
            "points": list(self.points),
            "dealing": self.dealing,
        }

    def _copy(self) -> DuelState:
        copy = DuelState(self.game, self.seed)
        for key, value in self._position().items():
            setattr(copy, key, value)
        return copy

    def _resample(self, seat: int, rng: random.Random) -> DuelState:
        """Re-deal what ``seat`` cannot see: the deck, other hands, other hidden choices."""
        copy = self._copy()
        others = [s for s in range(self.game.players) if s != seat]
        pool = list(self.deck)
        for s in others:
            pool += self.hands[s]
            chosen = self.chosen[s]
            if chosen is not None:
                pool.append(chosen)
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            copy.hands[s], pool = sorted(pool[:size]), pool[size:]
            if self.chosen[s] is not None:
                copy.chosen[s], pool = pool[0], pool[1:]
        copy.deck = sorted(pool)
        copy.step = self.step
        return copy

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        if actor == CHANCE:
            n = self.game.players
            seat = (self.game.options["hand"] * n - self.dealing) % n
            return (
                f"deal {action} to seat {seat + 1}"
                if viewer == seat
                else f"a card to seat {seat + 1}"
            )
        return f"you choose {action}" if viewer == actor else f"seat {actor + 1} chooses a card"

    # ----------------------------------------------------------------- text
    def chance_to_string(self, outcome: int) -> str:
        return f"deal {outcome}"


class DuelGame(Game):
    name: ClassVar[str] = "toy_duel"
    title: ClassVar[str] = "Duel"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information = True
    simultaneous_decisions = True
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("hand", 3, "cards dealt to each seat (and rounds played)", kind=int),
    )

    def _check_options(self) -> None:
        from grimoire.core.errors import InvalidOptions

        if not 1 <= self.options["hand"] <= DECK // self.players:
            raise InvalidOptions(f"hand must be 1..{DECK // self.players}")

    codec = CODEC

    @property
    def max_chance_outcomes(self) -> int:
        return DECK

    @property
    def max_game_length(self) -> int:
        return int(self.options["hand"]) * self.players

    def _new_state(self, seed: int) -> State:
        return DuelState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = DuelState(self, seed)
        for key, value in position.items():
            setattr(state, key, value)
        return state
