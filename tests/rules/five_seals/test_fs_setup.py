"""Setup: supply, random filling of the board (as chance), circles, first player, drafting."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from tests.rules.five_seals.fs_helpers import board_path, do, new_state, texts

import grimoire
from grimoire import InvalidOptions
from grimoire.games.five_seals.components import BINDING, cards_in_play, strength


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_supply_holds_one_more_die_per_colour_than_players(players: int) -> None:
    """Setup: in each supply field, players + 1 dice of the colour; the rest stay boxed."""
    st = new_state(grimoire.make("five-seals", players=players), 1)
    assert st.is_chance() or st.stack[-1].kind == "take"
    assert Counter(d // 6 for d in range(24) if st.die_owner[d] != -2) == {
        c: players + 1 for c in range(4)
    }


@pytest.mark.parametrize("players", [2, 5])
def test_every_circle_and_box_is_filled_with_its_printed_strength(players: int) -> None:
    """Setup: every small circle gets a token of matching strength, every box a scroll of
    matching strength; mages in the hall, each player with Binding."""
    st = new_state(grimoire.make("five-seals", players=players, circle=3), 7)
    board = st.board
    assert all(st.token[n] % 10 == board.nodes[n].strength for n in board.seals)
    assert all(strength(st.card[n]) == board.nodes[n].strength for n in board.scrolls)
    assert st.mage == [board.hall] * players
    assert all(hand == [[BINDING, 1, -1]] for hand in st.hands)


def test_tokens_are_drawn_from_the_real_piles() -> None:
    """Setup: 10 tokens of strength 2 and 5 of each other strength per colour."""
    for seed in range(5):
        st = new_state(grimoire.make("five-seals", players=5), seed)
        counts = Counter(code for code in st.token if code >= 0)
        assert all(n <= (10 if code % 10 == 2 else 5) for code, n in counts.items())


@pytest.mark.parametrize("circle", [1, 2, 3, 4])
def test_scrolls_come_from_the_basic_and_the_chosen_circle(circle: int) -> None:
    """Setup: the scrolls of strength 2..6 of the basic circle and one additional circle."""
    st = new_state(grimoire.make("five-seals", players=5, circle=circle), 3)
    allowed = {card for pile in cards_in_play(circle).values() for card in pile}
    placed = [c for c in st.card if c >= 0]
    assert set(placed) <= allowed
    pile = Counter(placed)
    assert all(n <= (2 if circle == 1 else 1) for n in pile.values())


def test_setup_chance_is_uniform_over_kinds_weighted_by_copies() -> None:
    """Setup chance: one node per slot over the distinct kinds left, with exact weights."""
    game = grimoire.make("five-seals", players=2, circle=1, first_player=0)
    st = new_state(game, 5, resolve_chance=False)
    assert st.chance_outcomes() == [(c, Fraction(1, 4)) for c in range(4)]  # first seal, s2
    while st.setup_i < len(st.board.seals):
        st.apply(st.sample_chance())
    outcomes = st.chance_outcomes()  # first scroll box: 5 Might cards, 2 copies each
    assert len(outcomes) == 5 and {p for _, p in outcomes} == {Fraction(1, 5)}
    st.apply(outcomes[0][0])
    second = st.chance_outcomes()
    if st.board.nodes[st.board.scrolls[1]].strength == st.board.nodes[st.board.scrolls[0]].strength:
        assert dict(second)[outcomes[0][0]] == Fraction(1, 9)


def test_random_circle_and_first_player_are_chance_nodes() -> None:
    """Setup: the additional circle may be chosen randomly; the first player too."""
    game = grimoire.make("five-seals", players=3, circle="random", first_player="random")
    st = new_state(game, 11, resolve_chance=False)
    assert st.chance_outcomes() == [(c, Fraction(1, 4)) for c in range(1, 5)]
    assert st.action_to_string(2) == "circle II"
    st.apply(2)
    assert st.circle == 2
    assert st.chance_outcomes() == [(s, Fraction(1, 3)) for s in range(3)]
    st.apply(1)
    st.resolve_chance()
    assert st.first == 1 and st.current_player == 1  # the first player drafts first


def test_draft_three_dice_each_starting_with_the_first_player() -> None:
    """Setup: the first player takes any three dice, then the player on his left, ...; then
    everybody rolls (one chance node per die)."""
    game = grimoire.make("five-seals", players=3, first_player=2)
    st = new_state(game, 4)
    assert st.current_player == 2 and texts(st) == {"take R", "take B", "take Y", "take G"}
    do(st, "take R", "take R", "take R")
    assert st.current_player == 0
    do(st, "take B", "take Y", "take G", "take R")
    assert texts(st) == {"take B", "take Y", "take G"}  # red supply is empty (4 - 4)
    do(st, "take B", "take B")
    assert st.is_chance() and len(st.rolls) == 9
    st.resolve_chance()
    assert st.current_player == 2 and all(st.die_val[d] for d in range(24) if st.die_owner[d] >= 0)


def test_options_are_checked() -> None:
    """Options: first_player must be a seat; a board must be loadable and fillable."""
    with pytest.raises(InvalidOptions):
        grimoire.make("five-seals", players=2, first_player=3)
    with pytest.raises(InvalidOptions):
        grimoire.make("five-seals", players=2, board="/nonexistent/board.json")
    many = " ".join(f"H-S{i}" for i in range(11))  # 11 boxes of strength 2 > 10 scrolls
    with pytest.raises(InvalidOptions, match="scroll boxes"):
        grimoire.make("five-seals", players=2, board=board_path(many))
    with pytest.raises(InvalidOptions):
        grimoire.make("five-seals", players=2, stall_limit=-1)
    assert grimoire.make("five-seals", players=3, circle=2).options["circle"] == 2
