"""The Circle of Conflict: Deception, Alteration, Transfer, Theft, Exploitation."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tests.rules.five_seals.fs_helpers import RESERVE, dice, do, edited, hand, make, position, texts

EDGES = "H-a a-S1 H-w w-S6a w-S6b w-S6c w-S6d"


def start(hands: Sequence[Sequence[object]], all_dice: list[list[str]], **kw):
    game = make(len(all_dice), EDGES, circle=3)
    return position(
        game,
        circle=3,
        tokens=kw.pop("tokens", {"a": "R6", "w": "R6"}),
        scrolls=RESERVE | kw.pop("scrolls", {}),
        dice=all_dice,
        hands=hands,
        **kw,
    )


# ---------------------------------------------------------------------- every Conflict spell
@pytest.mark.parametrize(
    "scroll",
    [
        "Deception of Fire",
        "Alteration of Fire",
        "Theft of Fire",
        "Transfer of Fire",
        "Exploitation of Fire",
    ],
)
def test_conflict_spells_only_target_players_whose_round_is_not_over(scroll: str) -> None:
    """Conflict note: players whose round is over cannot be targeted; with none left the
    scroll cannot be used."""
    theirs = ["Growth of Fire", "Renewal of Fire"]
    st = start([[scroll, "Growth of Water"], theirs], [["B1=3", "R1=2"], ["R2=5", "R3=4"]])
    assert f"use {scroll}" in texts(st)
    st = start(
        [[scroll, "Growth of Water"], theirs],
        [["B1=3", "R1=2"], ["R2=0", "R3=0"]],
        over=[False, True],
    )
    assert f"use {scroll}" not in texts(st)


# ---------------------------------------------------------------------- Deception
def test_deception_trades_colours_not_values() -> None:
    """Deception, rulebook example: your blue 3 for their red 5 -> you red 3, they blue 5."""
    st = start([["Deception of Fire"], []], [["B1=3"], ["R1=5"]])
    do(st, "use Deception of Fire", "seat 2")
    assert texts(st) == {"their R5"}
    do(st, "their R5")
    assert texts(st) == {"die B3"}
    do(st, "die B3")
    assert dice(st, 0) == ["R3"] and dice(st, 1) == ["B5"]


def test_deception_needs_a_die_of_another_colour_to_give() -> None:
    """Deception: you give one of your dice of another colour."""
    st = start([["Deception of Fire"], []], [["R2=3"], ["R1=5"]])
    assert "use Deception of Fire" not in texts(st)


def test_deception_of_mind_colours_must_differ() -> None:
    """Deception of Mind: choose the colours of both dice, but they must differ."""
    st = start([["Deception of Mind"], []], [["B1=3"], ["R1=5", "B2=2"]])
    do(st, "use Deception of Mind", "seat 2")
    assert texts(st) == {"their R5"}  # their blue 2 would need a non-blue die of yours


# ---------------------------------------------------------------------- Alteration
def test_alteration_raises_yours_and_lowers_one_opponents() -> None:
    """Alteration: +1 to any of your dice of the colour, -1 to any of one opponent's."""
    st = start(
        [["Alteration of Fire"], []], [["R1=3", "R2=6"], ["R3=1", "Y1=4"]], over=[False, False]
    )
    do(st, "use Alteration of Fire")
    # a 6 cannot go higher; their red 1 cannot go lower, so you must raise your 3
    assert texts(st) == {"die R3"}
    do(st, "die R3")  # nothing more to raise, no opponent to lower: done
    assert dice(st, 0) == ["R4", "R6"] and dice(st, 1) == ["R1", "Y4"]


def test_alteration_raises_then_may_skip_or_pick_one_opponent() -> None:
    """Alteration: the opponent's part is optional once one of your dice changed."""
    st = start([["Alteration of Fire"], []], [["R1=3"], ["R3=2", "Y1=4"]])
    do(st, "use Alteration of Fire")
    assert texts(st) == {"die R3", "done"}
    do(st, "die R3")
    assert texts(st) == {"seat 2", "done"}
    do(st, "seat 2", "their R2")
    assert dice(st, 0) == ["R4"] and dice(st, 1) == ["R1", "Y4"]


def test_alteration_may_only_lower_an_opponents_dice() -> None:
    """Alteration: usable if at least one die would be changed by one of the effects."""
    st = start([["Alteration of Air"], []], [["R1=3"], ["Y1=4", "Y2=2"]])
    do(st, "use Alteration of Air")
    assert texts(st) == {"seat 2"}
    do(st, "seat 2")
    assert texts(st) == {"their Y4", "their Y2"}
    do(st, "their Y4", "their Y2")
    assert dice(st, 1) == ["Y1", "Y3"]


def test_alteration_without_any_die_to_change_is_not_usable() -> None:
    """Alteration: no effect (your dice of the colour at 6, theirs at 1) -> not usable."""
    st = start([["Alteration of Fire"], []], [["R1=6", "B1=2"], ["R2=1"]])
    assert "use Alteration of Fire" not in texts(st)


def test_alteration_of_mind_chooses_one_colour() -> None:
    """Alteration of Mind: you may choose the colour; all altered dice share it."""
    st = start([["Alteration of Mind"], []], [["R1=6", "B1=2"], ["G1=1", "Y1=3"]])
    do(st, "use Alteration of Mind")
    assert texts(st) == {"colour Water", "colour Air"}


# ---------------------------------------------------------------------- Transfer
def test_transfer_swaps_face_up_scrolls_of_equal_strength() -> None:
    """Transfer: your face-up scroll for an opponent's face-up scroll of the Transfer's colour
    and the same strength (the colours of the two may be the same)."""
    st = start(
        [["Transfer of Fire", "Growth of Water", "Theft of Air"], ["Growth of Fire"]],
        [["B1=1"], ["Y1=1"]],
    )
    do(st, "use Transfer of Fire", "seat 2")
    assert texts(st) == {"scroll Growth of Fire"}
    do(st, "scroll Growth of Fire")
    assert texts(st) == {"scroll Growth of Water", "scroll Theft of Air"}
    do(st, "scroll Theft of Air")
    assert hand(st, 0) == [
        "Binding",
        "Transfer of Fire (down)",
        "Growth of Water",
        "Growth of Fire",
    ]
    assert hand(st, 1) == ["Binding", "Theft of Air"]


def test_transfer_never_moves_binding_or_face_down_scrolls() -> None:
    """Transfer: neither Binding nor face-down scrolls can be transferred."""
    st = start(
        [["Transfer of Fire", {"card": "Growth of Water", "up": False}], ["Growth of Fire"]],
        [["B1=1"], ["Y1=1"]],
    )
    assert "use Transfer of Fire" not in texts(st)
    st = start([["Transfer of Mind", "Growth of Water"], ["Renewal of Mind"]], [["B1=1"], ["Y1=1"]])
    assert "use Transfer of Mind" not in texts(st)  # strengths 3 and 5; Binding never moves


def test_transfer_of_mind_only_takes_a_mind_scroll() -> None:
    """Transfer of Mind: you may choose another player's Mind scroll only."""
    st = start(
        [["Transfer of Mind", "Growth of Water"], ["Growth of Fire", "Growth of Mind"]],
        [["B1=1"], ["Y1=1"]],
    )
    do(st, "use Transfer of Mind", "seat 2")
    assert texts(st) == {"scroll Growth of Mind"}


# ---------------------------------------------------------------------- Theft
def test_theft_takes_a_die_chosen_by_the_robbed_player() -> None:
    """Theft: a die of the colour, unrotated; the robbed player decides which one."""
    st = start([["Theft of Fire"], []], [["B1=1"], ["R1=5", "R2=2", "Y1=3"]])
    do(st, "use Theft of Fire", "seat 2")
    assert st.current_player == 1 and texts(st) == {"die R5", "die R2"}
    do(st, "die R2")
    assert dice(st, 0) == ["B1", "R2"] and st.current_player == 0


def test_theft_of_mind_lets_the_robbed_player_choose_any_die() -> None:
    """Theft of Mind: the robbed player (not you) chooses which of his dice to give."""
    st = start([["Theft of Mind"], []], [["B1=1"], ["R1=5", "Y1=3"]])
    do(st, "use Theft of Mind", "seat 2")
    assert st.current_player == 1 and texts(st) == {"die R5", "die Y3"}


def test_theft_without_a_real_choice_needs_no_decision() -> None:
    """Theft: a choice between identical dice is no choice; the die moves at once."""
    st = start([["Theft of Fire"], []], [["B1=1"], ["R1=5", "R2=5", "Y1=3"]])
    do(st, "use Theft of Fire", "seat 2")
    assert st.current_player == 0 and dice(st, 0) == ["B1", "R5"]


def test_theft_of_the_last_die_ends_the_robbed_players_round_at_once() -> None:
    """Theft: robbed of his last die, the player's round is over: scrolls face up, familiar
    on Binding, three dice from the supply; then the thief goes on."""
    st = start(
        [["Theft of Fire"], [{"card": "Growth of Air", "up": False}]],
        [["B1=1"], ["R1=5"]],
        familiars=[None, "H"],
    )
    do(st, "use Theft of Fire", "seat 2")
    assert st.over[1] and st.familiar[1] == -1 and hand(st, 1) == ["Binding", "Growth of Air"]
    assert st.current_player == 1 and st.stack[-1].kind == "take"
    do(st, "take G", "take G", "take G")
    assert st.current_player == 0 and st.stack[-1].kind == "turn"


# ---------------------------------------------------------------------- Exploitation
def test_exploitation_uses_an_opponents_scroll_and_turns_both_down() -> None:
    """Exploitation: use an opponent's face-up scroll of the colour as your own; the exploited
    scroll turns face down too."""
    st = start([["Exploitation of Fire"], ["Strengthening of Fire"]], [["R1=1"], ["Y1=1"]])
    do(st, "use Exploitation of Fire", "seat 2", "scroll Strengthening of Fire", "die R1")
    assert dice(st, 0) == ["R3"]
    assert hand(st, 0) == ["Binding", "Exploitation of Fire (down)"]
    assert hand(st, 1) == ["Binding", "Strengthening of Fire (down)"]


def test_exploitation_excludes_binding_synergy_face_down_and_useless_scrolls() -> None:
    """Exploitation: not Binding, not Synergy, not face down; the spell must have an effect."""
    theirs = [
        "Synergy of Mind",
        {"card": "Growth of Mind", "up": False},
        "Renewal of Mind",  # you have no dice? you do: usable
        "Strengthening of Mind",  # your only die shows 6: no effect
    ]
    st = start([["Exploitation of Mind"], theirs], [["R1=6"], ["Y1=1"]])
    do(st, "use Exploitation of Mind", "seat 2")
    assert texts(st) == {"scroll Renewal of Mind"}


def test_exploitation_of_mind_only_mind_scrolls() -> None:
    """Exploitation of Mind: you may only choose another player's Mind scroll."""
    st = start([["Exploitation of Mind"], ["Growth of Fire"]], [["R1=1"], ["Y1=1"]])
    assert "use Exploitation of Mind" not in texts(st)


def test_exploiting_a_conflict_spell_targets_for_the_exploiter() -> None:
    """Exploitation: the exploited spell acts as yours (here Theft robs its owner)."""
    st = start([["Exploitation of Air"], ["Theft of Air"]], [["R1=1"], ["Y1=4", "Y2=4"]])
    do(st, "use Exploitation of Air", "seat 2", "scroll Theft of Air", "seat 2")
    assert dice(st, 0) == ["R1", "Y4"]


def test_an_exploited_absorption_spends_the_token_on_its_owners_scroll() -> None:
    """Exploitation: used "as if it was your own", an opponent's Absorption adds the strength
    of the token stored on it to one of your dice; the token goes to the box. (Absorption is
    of circle II, Exploitation of circle III: only one additional circle is in play, so the
    loader refuses such a position; the state is changed by hand to test the spell.)"""
    st = start([["Exploitation of Water"], []], [["R1=1"], ["Y1=3"]])
    st.hands[1].append([st.comp.card_by_name("Absorption of Water"), 1, 14])  # B4 stored
    edited(st)
    do(st, "use Exploitation of Water", "seat 2", "scroll Absorption of Water", "die R1")
    assert dice(st, 0) == ["R5"]
    assert hand(st, 1) == ["Binding", "Absorption of Water (down)"]
    assert st.hands[1][1][2] == -1 and st.box[-1] == 14  # B4 back in the box


def test_exploitation_never_chooses_an_exploitation_ruling_21() -> None:
    """Ruling 21: with one Exploitation per colour the case cannot arise in a real game (the
    loader refuses a position with two); a state changed by hand to hold two is refused the
    chain (its other scrolls stay choosable)."""
    st = start([["Exploitation of Fire"], ["Strengthening of Fire"]], [["R1=1"], ["Y1=3"]])
    st.hands[1].append([st.comp.card_by_name("Exploitation of Fire"), 1, -1])
    edited(st)
    do(st, "use Exploitation of Fire", "seat 2")
    assert texts(st) == {"scroll Strengthening of Fire"}
