"""Helpers for the Ciúb rule tests: build positions, name dice by label, roll chosen faces.

Positions are built the documented way: a real state's ``to_json()`` is edited and read back
with ``game.state_from_json``. Dice are named by label (W1..W20, Y1..Y7, O, R, G, P, B1..B7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import grimoire
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.games.ciub.game import CiubGame
from grimoire.games.ciub.state import CiubState

SUPPLY = -1
BOX = -2
OPUS = 33
# Die faces as printed on the summary cards (docs: components/ciub.md, "Die faces").
FACES = {
    "white": ("1", "2", "3", "4", "swap", "swap"),
    "yellow": ("1", "1", "3", "3", "5", "5"),
    "orange": ("2", "2", "2", "4", "4", "6"),
    "red": ("3", "4", "4", "5", "5", "6"),
    "green": ("skull", "reroll", "reroll", "two_for_one", "two_for_one", "7"),
    "purple": ("skull", "adjust", "adjust", "two_for_one", "3", "4"),
    "blue": ("skull", "reroll", "swap", "adjust", "1", "2"),
}
COLOUR_OF_LETTER = {name[0].upper(): name for name in FACES}


def make(players: int = 2, **options: Any) -> CiubGame:
    """A Ciúb game; seat 0 starts unless the test says otherwise."""
    options.setdefault("start_player", 0)
    return ciub_game(grimoire.make("ciub", players=players, **options))


def ciub_game(game: Game) -> CiubGame:
    """``game`` as the Ciúb game it is (``grimoire.make`` and ``State.game`` say ``Game``)."""
    assert isinstance(game, CiubGame), game
    return game


def ciub_state(state: State) -> CiubState:
    """``state`` as the Ciúb state it is (``Game.new_state`` and the loaders say ``State``)."""
    assert isinstance(state, CiubState), state
    return state


def new_state(game: Game, seed: int | None = None, *, resolve_chance: bool = True) -> CiubState:
    """``game.new_state(...)``, typed as Ciúb's state."""
    return ciub_state(game.new_state(seed, resolve_chance=resolve_chance))


def die(game: Game, label: str) -> int:
    found = ciub_game(game).components.die_by_label(label)
    assert found is not None, label
    return found


def label(game: Game, die_id: int) -> str:
    return ciub_game(game).components.die_label[die_id]


def colour(game: Game, die_id: int) -> str:
    c = ciub_game(game).components
    return c.colours[c.die_colour[die_id]].name


def face_index(game: Game, die_label: str, symbol: str) -> int:
    """The canonical face index (first face with that symbol) of a die."""
    return FACES[COLOUR_OF_LETTER[die_label[0].upper()]].index(symbol)


def position(
    game: CiubGame,
    *,
    dice: Mapping[int, str],
    top: list[int],
    bottom: list[int],
    pile: Mapping[str, list[int]] | None = None,
    claimed: Mapping[int, list[int]] | None = None,
    discard: Iterable[int] = (),
    marker: Mapping[int, int] | None = None,
    turn: int = 0,
    triggered: bool = False,
    opus_holder: int | None = None,
    final_left: list[int] | None = None,
) -> CiubState:
    """A start-of-turn position (phase 1 of ``turn``, or phase 2 in the final turns).

    ``dice`` maps a seat to its dice labels ("W1 W2 O1"). A die nobody holds goes back where
    it was in a real state of this game: the box (unused whites) or the supply.
    Cards not placed go: owl cards of a short game out, D to the pile, B/C cards to the pile
    unless ``pile`` is given, everything else to the cards removed face down.
    """
    real = new_state(game, 0)
    doc = real.to_json()
    pos = doc["position"]
    c = game.components
    n = game.players
    held = {die(game, name): seat for seat, names in dice.items() for name in names.split()}
    pos["loc"] = [held.get(d, BOX if real.loc[d] == BOX else SUPPLY) for d in range(c.num_dice)]
    pos["face"] = [-1] * c.num_dice
    pos["tray"] = [False] * c.num_dice
    pos["spent"] = [False] * c.num_dice
    placed: set[int] = set(top) | set(bottom) | set(discard)
    claimed_lists = [list((claimed or {}).get(s, [])) for s in range(n)]
    for cards in claimed_lists:
        placed |= set(cards)
    piles: dict[str, list[int]] = {"B": [], "C": [], "D": []}
    if pile is not None:
        for letter, cards in pile.items():
            piles[letter] = list(cards)
            placed |= set(cards)
    short = game.options["length"] == "short"
    owl_out, box_cards = [], []
    for card in sorted(c.cards.values(), key=lambda k: k.id):
        if card.id in placed:
            continue
        if short and card.owl:
            owl_out.append(card.id)
        elif card.letter == "D" or (pile is None and card.letter in "BC"):
            piles[card.letter].append(card.id)
        else:
            box_cards.append(card.id)
    pos.update(
        a_deck=[],
        box_cards=box_cards,
        discard=list(discard),
        owl_out=owl_out,
        top=list(top),
        bottom=list(bottom),
        pile=piles,
        claimed=claimed_lists,
        marker=[(marker or {}).get(s) for s in range(n)],
        to_roll=[],
        setup_queue=[],
        final_left=list(final_left or []),
        turn=turn,
        first=0,
        turns=1,
        cycle_ok=False,
        refill_at=-1,
        after_draw="",
        claim_gap=-1,
        triggered=triggered,
        opus_holder=opus_holder,
        pending=[],
    )
    if opus_holder is None:
        pos["phase"] = "mark"
    else:  # final turns skip phase 1: the roll is next
        pos["phase"] = "roll"
        pos["to_roll"] = [d for d, seat in enumerate(pos["loc"]) if seat == turn]
    doc["history"] = []
    doc["step"] = 0
    state = game.state_from_json(doc)
    assert isinstance(state, CiubState)
    return state


# --------------------------------------------------------------------------- playing
def do(state: CiubState, *texts: str) -> None:
    """Apply player actions given as text (each must be legal)."""
    for text in texts:
        state.apply(state.parse_action(text))


def legal(state: CiubState) -> set[str]:
    """The legal actions as text."""
    return {state.action_to_string(a) for a in state.legal_actions()}


def is_legal(state: CiubState, text: str) -> bool:
    return state.parse_action(text) in state.legal_actions()


def roll(state: CiubState, faces: Mapping[str, str]) -> None:
    """Resolve the roll chance nodes, one die at a time, with the given faces (by die label).
    Every die rolled must be named, and every named die must be rolled."""
    rolled = []
    while state.is_chance() and state.phase == "roll":
        d = state.to_roll[0]
        name = label(state.game, d)
        assert name in faces, f"{name} is rolled but the test gave it no face"
        outcome = face_index(state.game, name, faces[name])
        probabilities = dict(state.chance_outcomes())
        assert outcome in probabilities
        state.apply(outcome)
        rolled.append(name)
    assert sorted(rolled) == sorted(faces), (rolled, faces)


def draw(state: CiubState, card: int) -> None:
    """Resolve a draw from the pile with the given card."""
    assert state.is_chance() and state.phase == "draw", state.phase
    state.apply(card)


def held(state: CiubState, seat: int) -> set[str]:
    return {label(state.game, d) for d, where in enumerate(state.loc) if where == seat}


def tray(state: CiubState, seat: int | None = None) -> dict[str, str]:
    """Tray dice of a seat (default: the one whose turn it is) with their face symbols."""
    seat = state.turn if seat is None else seat
    c = state.c
    return {
        label(state.game, d): c.face_symbol(d, state.face[d])
        for d, where in enumerate(state.loc)
        if where == seat and state.tray[d]
    }


def showing(state: CiubState, name: str) -> str | None:
    """The face symbol a die shows, or None if it is inactive."""
    d = die(state.game, name)
    return None if state.face[d] < 0 else state.c.face_symbol(d, state.face[d])


def in_tray(state: CiubState, name: str) -> bool:
    return state.tray[die(state.game, name)]


def where(state: CiubState, name: str) -> int:
    return state.loc[die(state.game, name)]


def colours_held(state: CiubState, seat: int) -> Counter[str]:
    return Counter(colour(state.game, d) for d, w in enumerate(state.loc) if w == seat)


def supply(state: CiubState) -> Counter[str]:
    return Counter(colour(state.game, d) for d, w in enumerate(state.loc) if w == SUPPLY)


def set_aside_all(state: CiubState) -> None:
    """Put every active die that is not in the tray into the tray."""
    while state.phase == "set_aside":
        moves = [
            a for a in state.legal_actions() if state.action_to_string(a).startswith("set aside")
        ]
        if not moves:
            return
        state.apply(moves[0])


def start_roll(state: CiubState, faces: Mapping[str, str], phase1: str = "pass") -> None:
    """Phase 1 (``phase1``, e.g. "pass" or "mark 5"), then the first roll with ``faces``."""
    do(state, phase1)
    roll(state, faces)


def finish_turn(state: CiubState) -> None:
    """Play out the current turn as quietly as the rules allow: pass, lowest faces, no
    setting aside, stop, no claim, take the first die offered, end the turn."""
    seat = state.turn
    while state.turn == seat and not state.is_terminal():
        if state.is_chance():
            state.apply(min(outcome for outcome, _ in state.chance_outcomes()))
            continue
        phase = state.phase
        if phase == "mark":
            do(state, "pass")
        elif phase == "actions":
            do(state, "cancel" if state.stack else "done")
        elif phase == "set_aside":
            do(state, "stop")
        elif phase == "claim":
            do(state, "no claim")
        elif phase == "trade" and not state.stack:
            do(state, "end turn")
        else:  # take, reduce, move_down, a 2-for-1 pick: the first choice offered
            state.apply(state.legal_actions()[0])
