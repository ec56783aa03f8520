"""GAME SETUP (rulebook EN/DE) and the setup table of components/ciub.md."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from tests.rules.ciub.ciub_helpers import (
    BOX,
    OPUS,
    SUPPLY,
    colours_held,
    do,
    draw,
    finish_turn,
    make,
    new_state,
    position,
    supply,
)

from grimoire.core.state import CHANCE

POWER = ("yellow", "orange", "red", "green", "purple", "blue")
OWL = {17, 18, 19, 20, 21, 28, 29, 30, 31, 32}  # "B and C cards with an owl"
# "With fewer than 4 players, randomly remove some cards from the game" (A, B, C).
REMOVE = {
    ("normal", 2): (4, 4, 4),
    ("normal", 3): (2, 2, 2),
    ("normal", 4): (0, 0, 0),
    ("short", 2): (4, 2, 2),
    ("short", 3): (2, 1, 1),
    ("short", 4): (0, 0, 0),
}
ALL = {"A": 10, "B": 11, "C": 11}  # 33 cards: 10 A, 11 B, 11 C, 1 D
ROW = {2: 3, 3: 4, 4: 5}  # the A cards left, in two equal rows
SETUPS = [(n, length) for n in (2, 3, 4) for length in ("normal", "short")]


def letters(state, cards):
    return Counter(state.c.cards[card].letter for card in cards)


@pytest.mark.parametrize(("players", "length"), SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dice_five_white_each_rest_in_box_power_dice_in_supply(players, length, seed):
    """Setup: each player takes five white dice, unused white dice go back in the box (so the
    white supply starts empty); the 42 coloured power dice form the supply."""
    state = new_state(make(players, length=length), seed)
    for seat in range(players):
        assert colours_held(state, seat) == {"white": 5}
    whites = [d for d in range(62) if state.c.die_colour[d] == 0]
    assert len(whites) == 20
    assert sum(1 for d in whites if state.loc[d] == BOX) == 20 - 5 * players
    assert sum(1 for d in range(62) if state.loc[d] == BOX) == 20 - 5 * players
    assert supply(state) == {name: 7 for name in POWER}
    assert sum(1 for where in state.loc if where == SUPPLY) == 42


@pytest.mark.parametrize(("players", "length"), SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cards_removed_per_table_rows_and_pile(players, length, seed):
    """Setup: owl cards out of a short game; the removal table per player count; A cards face
    up in two equal rows (3+3, 4+4, 5+5); the draw pile holds the rest of B, C and D."""
    state = new_state(make(players, length=length), seed)
    a, b, c = REMOVE[(length, players)]
    assert letters(state, state.box_cards) == Counter({"A": a, "B": b, "C": c}) - Counter()
    if length == "short":
        assert set(state.owl_out) == OWL
    else:
        assert state.owl_out == []
    owl_left = 0 if length == "short" else 5
    assert len(state.top) == len(state.bottom) == ROW[players]
    assert len(state.top) + len(state.bottom) == ALL["A"] - a
    assert letters(state, state.top + state.bottom) == {"A": ALL["A"] - a}
    assert state.a_deck == []
    assert len(state.pile["B"]) == ALL["B"] - 5 + owl_left - b
    assert len(state.pile["C"]) == ALL["C"] - 5 + owl_left - c
    assert letters(state, state.pile["B"]) == {"B": len(state.pile["B"])}
    assert letters(state, state.pile["C"]) == {"C": len(state.pile["C"])}
    assert state.pile["D"] == [OPUS]
    in_play = state.top + state.bottom + state.pile["B"] + state.pile["C"] + state.box_cards
    if length == "short":
        assert not OWL & set(in_play)
    assert state.marker == [None] * players
    assert state.claimed == [[] for _ in range(players)]


@pytest.mark.parametrize(("players", "length"), [s for s in SETUPS if s[0] < 4])
def test_removal_is_random_among_the_letter(players, length):
    """Setup: cards are removed "randomly": each removal is a chance node over every card of
    that letter still in play (never an owl card in a short game), all equally likely."""
    game = make(players, length=length)
    state = new_state(game, 5, resolve_chance=False)
    seen: Counter[str] = Counter()
    while state.phase == "setup_remove":
        letter = state.setup_queue[0]
        outcomes = dict(state.chance_outcomes())
        candidates = {
            card.id
            for card in game.components.cards.values()
            if card.letter == letter
            and card.id not in state.box_cards
            and not (length == "short" and card.owl)
        }
        assert set(outcomes) == candidates
        assert set(outcomes.values()) == {Fraction(1, len(candidates))}
        seen[letter] += 1
        state.apply(state.sample_chance())
    a, b, c = REMOVE[(length, players)]
    assert seen == Counter({"A": a, "B": b, "C": c}) - Counter()
    removal_sets = {tuple(new_state(game, seed).box_cards) for seed in range(12)}
    assert len(removal_sets) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_cards_dealt_face_up_at_random(players):
    """Setup: the (shuffled) A cards are laid out face up in two rows: each card dealt is a
    chance node over the A cards not yet dealt."""
    game = make(players)
    state = new_state(game, 9, resolve_chance=False)
    while state.phase == "setup_remove":
        state.apply(state.sample_chance())
    dealt = 0
    while state.phase == "setup_deal":
        outcomes = dict(state.chance_outcomes())
        assert set(outcomes) == set(state.a_deck)
        assert sum(outcomes.values()) == 1 and len(set(outcomes.values())) == 1
        state.apply(state.sample_chance())
        dealt += 1
    assert dealt == 2 * ROW[players]


def test_pile_b_cards_are_drawn_before_c_and_d_never():
    """Setup: D at the bottom, the C cards on it, the B cards on top: a refill draws a B card
    while any is left, then C cards; the D card is never drawn (ruling 9)."""
    game = make(2)
    state = position(
        game,
        dice={0: "W1 W2 W3 W4 W5", 1: "W6 W7 W8 W9 W10"},
        top=[1, 2, 3],
        bottom=[4, 5, 6],
        pile={"B": [12, 13], "C": [22, 23], "D": [OPUS]},
    )
    drawn = []
    for turn in range(6):
        do(state, f"remove {state.top[0]}")
        if state.phase == "draw":
            outcomes = dict(state.chance_outcomes())
            expected = state.pile["B"] or state.pile["C"]
            assert set(outcomes) == set(expected)
            assert set(outcomes.values()) == {Fraction(1, len(expected))}
            card = max(outcomes)
            drawn.append(card)
            draw(state, card)
            assert state.top[0] == card  # the gap is filled in place
        else:
            assert turn >= 4  # only the D card is left: no refill
        finish_turn(state)
    assert [state.c.cards[card].letter for card in drawn] == ["B", "B", "C", "C"]
    assert state.pile == {"B": [], "C": [], "D": [OPUS]}
    assert len(state.top) == 3 + 4 - 6  # six removals, four refills


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_player_random(players):
    """Ruling 12: the start player is chosen at random: a chance node, each seat 1/n; the
    first turn starts with phase 1 for that seat."""
    game = make(players, start_player="random")
    state = new_state(game, 4, resolve_chance=False)
    while state.phase != "setup_first":
        assert state.is_chance()
        state.apply(state.sample_chance())
    assert dict(state.chance_outcomes()) == {s: Fraction(1, players) for s in range(players)}
    state.apply(players - 1)
    assert state.current_player == players - 1 and state.phase == "mark"
    starters = {new_state(make(players, start_player="random"), seed).turn for seed in range(30)}
    assert starters == set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_player_option(players):
    """Ruling 12 (option): the table chooses the start player; no chance node for it."""
    for seat in range(players):
        state = new_state(make(players, start_player=seat), 3, resolve_chance=False)
        while state.is_chance():
            assert state.phase != "setup_first"
            state.apply(state.sample_chance())
        assert state.turn == seat and state.phase == "mark"
        assert all(actor == CHANCE for actor, _ in state.history)
