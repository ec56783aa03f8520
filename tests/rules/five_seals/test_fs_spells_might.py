"""The Circle of Might (basic and first circles), and what holds for every scroll."""

from __future__ import annotations

import pytest
from tests.rules.five_seals.fs_helpers import RESERVE, dice, do, hand, make, position, texts

EDGES = "H-a a-S1 H-w w-S6a w-S6b w-S6c w-S6d"


def start(hand_: list[object], my_dice: list[str], other_dice: list[str] | None = None, **kw):
    game = make(2, EDGES, **kw.pop("options", {}))
    return position(
        game,
        tokens=kw.pop("tokens", {"a": "R6", "w": "R6"}),
        scrolls=RESERVE | kw.pop("scrolls", {}),
        dice=[my_dice, other_dice if other_dice is not None else ["Y3=1"]],
        hands=[hand_, kw.pop("other_hand", [])],
        **kw,
    )


# ---------------------------------------------------------------------- every scroll
def test_a_used_scroll_turns_face_down_and_cannot_be_used_again_this_round() -> None:
    """Turn step 1: a used scroll lies face down until the round is over for you."""
    st = start(["Strengthening of Fire"], ["R1=1", "R2=1"])
    do(st, "use Strengthening of Fire", "die R1", "done")
    assert hand(st, 0) == ["Binding", "Strengthening of Fire (down)"]
    assert "use Strengthening of Fire" not in texts(st)


def test_scrolls_turn_face_up_when_your_round_is_over() -> None:
    """Turn step 5: when the round is over for you, turn all your scrolls face up."""
    st = start(["Strengthening of Fire"], ["R1=1"])
    do(st, "use Strengthening of Fire", "die R1")
    assert texts(st) == {"end round"}  # R3 cannot break a strength-6 seal
    do(st, "end round")
    assert hand(st, 0) == ["Binding", "Strengthening of Fire"]


def test_a_scroll_without_effect_cannot_be_used() -> None:
    """Turn step 1: a scroll may not be used if its spell would have no effect now."""
    st = start(["Renewal of Air", "Strengthening of Fire", "Synergy of Fire"], ["R1=6", "B1=2"])
    legal = texts(st)
    assert "use Renewal of Air" not in legal  # no yellow dice
    assert "use Strengthening of Fire" not in legal  # all red dice show 6
    assert "use Synergy of Fire" not in legal  # Synergy only scores


# ---------------------------------------------------------------------- Change
def test_change_turns_dice_into_another_colour_keeping_their_values() -> None:
    """Change: rulebook example, blue 3 and 5 become yellow 3 and 5."""
    st = start(["Change of Water"], ["B1=3", "B2=5"])
    do(st, "use Change of Water")
    assert texts(st) == {"colour Fire", "colour Air", "colour Earth"}  # another colour
    do(st, "colour Air", "die B5", "die B3")  # all blue dice picked: done by itself
    assert dice(st, 0) == ["Y3", "Y5"]
    assert st.supply(1) == 3 and st.supply(2) == 0  # Y3 is the other player's


def test_change_may_change_only_some_dice() -> None:
    """Change: rulebook example, only the blue 3 becomes a red 3."""
    st = start(["Change of Water"], ["B1=3", "B2=5"])
    do(st, "use Change of Water", "colour Fire")
    assert texts(st) == {"die B5", "die B3"}
    other = st.clone()
    # picks go highest first, so after the 3 nothing is left to pick: the change is made
    do(st, "die B3")
    assert dice(st, 0) == ["B5", "R3"]
    do(other, "die B5")
    assert texts(other) == {"die B3", "done"}
    do(other, "done")
    assert dice(other, 0) == ["B3", "R5"]


def test_change_takes_no_more_dice_than_the_supply_has() -> None:
    """Change / ruling 3: as many dice of the new colour as the supply holds."""
    st = start(["Change of Water"], ["B1=3", "B2=5"], ["Y1=1", "Y2=1", "G1=1", "G2=1", "G3=1"])
    do(st, "use Change of Water")
    assert texts(st) == {"colour Fire", "colour Air"}  # no green die in the supply
    do(st, "colour Air", "die B5")  # one yellow die left in the supply: finished
    assert dice(st, 0) == ["B3", "Y5"]


def test_change_needs_a_die_of_its_colour_and_another_colour_in_the_supply() -> None:
    """Change: at least one die of the scroll's colour must be returned."""
    st = start(["Change of Water"], ["R1=3"])
    assert "use Change of Water" not in texts(st)
    full = ["R2=1", "R3=1", "Y1=1", "Y2=1", "Y3=1", "G1=1", "G2=1", "G3=1"]
    st = start(["Change of Water"], ["B1=3", "R1=1"], full)
    assert "use Change of Water" not in texts(st)  # ruling 3: no other dice in the supply


def test_change_of_mind_chooses_both_colours_which_must_differ() -> None:
    """Change of Mind: choose the colour to put away and the colour to take; they differ."""
    st = start(["Change of Mind"], ["G1=2", "R1=4"])
    do(st, "use Change of Mind")
    assert texts(st) == {"colour Fire", "colour Earth"}  # colours of your dice
    do(st, "colour Earth")
    assert texts(st) == {"colour Fire", "colour Water", "colour Air"}
    do(st, "colour Water", "die G2")
    assert dice(st, 0) == ["B2", "R4"]


# ---------------------------------------------------------------------- Renewal
def test_renewal_of_mind_rerolls_dice_of_one_chosen_colour() -> None:
    """Renewal of Mind, rulebook example: yellow 2 and 4 and green 3 -> one or both yellow
    dice, or the green die, never all three."""
    st = start(["Renewal of Mind"], ["Y1=2", "Y2=4", "G1=3"])
    do(st, "use Renewal of Mind")
    assert texts(st) == {"colour Air", "colour Earth"}
    do(st, "colour Air")
    assert texts(st) == {"die Y4", "die Y2"}
    do(st, "die Y4", "die Y2")
    assert st.is_chance() and [st.die_val[d] for d in st.rolls] == [0, 0]
    do(st, "roll 6", "roll 1")
    assert dice(st, 0) == ["G3", "Y1", "Y6"]
    assert st.current_player == 0  # the turn goes on


def test_renewal_needs_a_die_of_its_colour() -> None:
    """Renewal: cannot be used without dice of its colour (rulebook example)."""
    st = start(["Renewal of Air"], ["R1=3"])
    assert "use Renewal of Air" not in texts(st)


# ---------------------------------------------------------------------- Strengthening
def test_strengthening_adds_two_up_to_six() -> None:
    """Strengthening of Earth, rulebook example: green 2 -> 4 and green 5 -> 6."""
    st = start(["Strengthening of Earth"], ["G1=2", "G2=5", "Y1=4"])
    do(st, "use Strengthening of Earth", "die G5", "die G2")
    assert dice(st, 0) == ["G4", "G6", "Y4"]


def test_strengthening_of_mind_one_colour_only_and_never_a_six() -> None:
    """Strengthening of Mind: the green dice or the yellow die, not both; sixes stay."""
    st = start(["Strengthening of Mind"], ["G1=2", "G2=6", "Y1=4"])
    do(st, "use Strengthening of Mind")
    assert texts(st) == {"colour Air", "colour Earth"}
    do(st, "colour Earth")
    assert texts(st) == {"die G2"}  # the 6 cannot be strengthened
    do(st, "die G2")
    assert dice(st, 0) == ["G4", "G6", "Y4"]


# ---------------------------------------------------------------------- Growth
def test_growth_takes_a_die_from_the_supply_and_rolls_it() -> None:
    """Growth: one die of the colour from the supply, rolled at once, yours this round."""
    st = start(["Growth of Fire"], ["B1=3"])
    do(st, "use Growth of Fire")
    assert st.is_chance()
    do(st, "roll 5")
    assert dice(st, 0) == ["B3", "R5"] and st.supply(0) == 2


def test_growth_needs_a_die_in_the_supply() -> None:
    """Growth: only if the supply has a die of the colour (ruling 3)."""
    st = start(["Growth of Fire"], ["B1=3", "R1=1", "R2=1"], ["R3=1"])
    assert "use Growth of Fire" not in texts(st)


def test_growth_of_mind_chooses_the_colour() -> None:
    """Growth of Mind: you may choose the colour of the die to be taken."""
    st = start(["Growth of Mind"], ["B1=3"], ["R1=1", "R2=1", "R3=1"])
    do(st, "use Growth of Mind")
    assert texts(st) == {"colour Water", "colour Air", "colour Earth"}
    do(st, "colour Earth", "roll 2")
    assert dice(st, 0) == ["B3", "G2"]


@pytest.mark.parametrize("circle", [1, 2, 3, 4])
def test_the_might_circle_is_always_in_play(circle: int) -> None:
    """Setup: the basic circle (Might) plus one additional circle; circle I repeats it."""
    from grimoire.games.five_seals.components import cards_in_play

    piles = cards_in_play(circle)
    assert all(sum(p.values()) == 10 for p in piles.values())
    assert piles[2][0] == (2 if circle == 1 else 1)  # Change of Fire: two copies with circle I
