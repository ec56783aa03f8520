"""Variants of the toys of tests/toys (Duel: a sealed choice; Race: parallel turns) for the web
tests.

``toy_duel_marked`` and ``toy_race_marked`` plant *markers*: every secret a seat holds is also
shown to it under a distinctive word (Duel's cards by the card names of web_toygame, Race's
lucky numbers by gem names), in its view and in its private log lines. The rules are those of
the toys. So a leak is a plain substring search: at any moment, no payload or message for a
viewer may contain the word of a secret it does not hold.

``toy_duel_last`` is Duel where the last seat still to choose is asked as a plain seat (an
``int`` ``current_player``) rather than a set of one: a seat that loaded its page during the
simultaneous decision then finds itself at an ordinary turn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tests.toys.duel import ACTIONS as DUEL_ACTIONS
from tests.toys.duel import DECK, DuelGame, DuelState
from tests.toys.race import RaceGame, RaceState
from web_toygame import NAMES

from grimoire.core.action_declaration import Labelled
from grimoire.core.state import CHANCE, Actor, State

GEMS = {2: "Jasper", 3: "Garnet", 4: "Opal", 5: "Agate", 6: "Zircon"}  # Race's lucky cards


def card(number: int) -> str:
    return f"{number} ({NAMES[number]})"


class MarkedDuelState(DuelState):
    game: MarkedDuelGame

    def _copy(self) -> MarkedDuelState:
        copy = MarkedDuelState(self.game, self.seed)
        for key, value in self._position().items():
            setattr(copy, key, value)
        return copy

    def _view(self, seat: int | None) -> dict[str, Any]:
        doc = super()._view(seat)
        doc["hand_names"] = [NAMES[c] for c in doc["hand"]] if seat is not None else None
        mine = doc["my_choice"]
        doc["my_choice_name"] = NAMES[mine] if mine is not None else None
        return doc

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        if actor == CHANCE:
            n = self.game.players
            seat = (self.game.options["hand"] * n - self.dealing) % n
            if viewer == seat:
                return f"deal {card(action)} to seat {seat + 1}"
            return f"a card to seat {seat + 1}"
        return (
            f"you choose {card(action)}" if viewer == actor else f"seat {actor + 1} chooses a card"
        )

    def chance_to_string(self, outcome: int) -> str:
        return f"deal {card(outcome)}"


class MarkedDuelGame(DuelGame):
    name: ClassVar[str] = "toy_duel_marked"
    title: ClassVar[str] = "Marked Duel"
    # the cards' texts carry their markers ("play 3 (Thorn)"); "play 3" reads too
    codec = DUEL_ACTIONS.bind(
        card=Labelled(
            [card(number) for number in range(DECK)],
            what="card",
            spellings={str(number): number for number in range(DECK)},
        )
    )

    def _new_state(self, seed: int) -> State:
        return MarkedDuelState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = MarkedDuelState(self, seed)
        for key, value in position.items():
            setattr(state, key, value)
        return state


class LastChooserDuelState(DuelState):
    @property
    def current_player(self) -> Actor:
        actor = super().current_player
        if isinstance(actor, frozenset) and len(actor) == 1:
            (seat,) = actor
            return seat
        return actor

    def _copy(self) -> LastChooserDuelState:
        copy = LastChooserDuelState(self.game, self.seed)
        for key, value in self._position().items():
            setattr(copy, key, value)
        return copy


class LastChooserDuelGame(DuelGame):
    name: ClassVar[str] = "toy_duel_last"
    title: ClassVar[str] = "Duel (the last to choose is asked alone)"

    def _new_state(self, seed: int) -> State:
        return LastChooserDuelState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = LastChooserDuelState(self, seed)
        for key, value in position.items():
            setattr(state, key, value)
        return state


class MarkedRaceState(RaceState):
    game: MarkedRaceGame

    def _copy(self) -> MarkedRaceState:
        copy = MarkedRaceState(self.game, self.seed)
        for key, value in self._position().items():
            if key == "faces":
                value = [list(faces) for faces in value]
            setattr(copy, key, list(value) if isinstance(value, list) else value)
        return copy

    def _view(self, seat: int | None) -> dict[str, Any]:
        doc = super()._view(seat)
        doc["my_lucky_name"] = GEMS.get(doc["my_lucky"] or 0)
        doc["lucky_names"] = [GEMS.get(n) for n in doc["lucky"]] if doc["lucky"] else None
        return doc

    def describe(self, actor: int, action: int, viewer: int | None) -> str:
        text = super().describe(actor, action, viewer)
        if text.startswith("your lucky number is"):
            text += f" ({GEMS[action]})"
        return text


class MarkedRaceGame(RaceGame):
    name: ClassVar[str] = "toy_race_marked"
    title: ClassVar[str] = "Marked Race"

    def _new_state(self, seed: int) -> State:
        return MarkedRaceState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = MarkedRaceState(self, seed)
        for key, value in position.items():
            setattr(state, key, value)
        return state


def duel_secrets(state: DuelState, viewer: int | None) -> set[str]:
    """The card words ``viewer`` must not read now: the deck, the other seats' hands and
    their chosen cards not yet revealed."""
    hidden = set(state.deck)
    for seat in range(state.game.players):
        if seat != viewer:
            hidden |= set(state.hands[seat])
            chosen = state.chosen[seat]
            if chosen is not None:
                hidden.add(chosen)
    return {NAMES[c] for c in hidden} | {NAMES[c].lower() for c in hidden}


def race_secrets(state: RaceState, viewer: int | None) -> set[str]:
    """The gem words ``viewer`` must not read now: the lucky cards still face down, and the
    other seats' lucky cards until the end."""
    hidden = set(state.lucky_deck)
    if not state.is_terminal():
        hidden |= {n for seat, n in enumerate(state.lucky) if seat != viewer and n}
    return {GEMS[n] for n in hidden} | {GEMS[n].lower() for n in hidden}


TOYS = {
    "toy_duel_marked": "web_simul_toys:MarkedDuelGame",
    "toy_duel_last": "web_simul_toys:LastChooserDuelGame",
    "toy_race_marked": "web_simul_toys:MarkedRaceGame",
}
