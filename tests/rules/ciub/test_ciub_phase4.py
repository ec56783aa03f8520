"""Phase 4 "Anything else, before the next player's turn?": 2-for-1 trades, trading dice for
white ones, and the limits at the end of the turn."""

from __future__ import annotations

import pytest
from tests.rules.ciub.ciub_helpers import (
    colours_held,
    do,
    draw,
    held,
    is_legal,
    legal,
    make,
    position,
    set_aside_all,
    start_roll,
    supply,
)

OTHER = "W6 W7 W8 W9 W10"
COLOURS = ("white", "yellow", "orange", "red", "green", "purple", "blue")


def turn_to_phase4(faces, set_aside=None, claim=None, other=OTHER):
    """Seat 0 rolls ``faces``, sets aside ``set_aside`` (default: all), stops, and claims
    ``claim`` (card 9 "1,1,1" is in the bottom row) or takes no claim."""
    state = position(make(2), dice={0: " ".join(faces), 1: other}, top=[5, 8, 10], bottom=[9, 2, 7])
    start_roll(state, faces)
    if state.phase == "actions":
        do(state, "done")
    if set_aside is None:
        set_aside_all(state)
    else:
        for name in set_aside:
            do(state, f"set aside {name}")
        if state.phase == "set_aside":
            do(state, "stop")
    if claim is None:
        do(state, "no claim")
        if state.phase == "take":
            do(state, "take yellow")
    else:
        do(state, f"claim {claim}", "move down 5")
        draw(state, 12)
    return state


def test_two_for_one_for_two_dice_of_other_colours():
    """Phase 4: "You may trade in each die in your dice tray showing the 2 for 1 face for two
    dice of a different color from the supply. These two dice may be of one color or of
    different colors." (ruling 5: white allowed)."""
    state = turn_to_phase4({"W1": "1", "G1": "two_for_one", "P1": "two_for_one"})
    assert state.phase == "trade"
    assert {"trade G1", "trade P1"} <= legal(state)
    do(state, "trade G1")
    picks = {t for t in legal(state) if t.startswith("pick")}
    assert picks == {f"pick {c}" for c in COLOURS if c != "green"}
    assert "end turn" not in legal(state)  # two dice come for it
    do(state, "pick white", "pick white")
    do(state, "trade P1", "pick red", "pick blue")
    assert colours_held(state, 0) == {"white": 3, "yellow": 1, "red": 1, "blue": 1}
    assert not any(t.startswith("trade") for t in legal(state))


def test_two_for_one_only_from_the_tray():
    """Phase 4: only dice "in your dice tray" showing 2 for 1 may be traded."""
    state = turn_to_phase4(
        {"W1": "1", "G1": "two_for_one", "G2": "two_for_one"}, set_aside=["W1", "G1"]
    )
    assert is_legal(state, "trade G1")
    assert not any(t == "trade G2" for t in legal(state))
    do(state, "trade G1", "pick red", "pick red")
    assert not any(t.startswith("trade") for t in legal(state))


def test_trades_come_after_the_reduction():
    """Ruling 5: 2-for-1 trades happen after the reduction to 5 dice; a 2-for-1 die may be
    among the dice returned."""
    faces = {
        "W1": "1",
        "W2": "1",
        "W3": "1",
        "G1": "two_for_one",
        "G2": "two_for_one",
        "Y1": "5",
        "R1": "3",
    }
    state = turn_to_phase4(faces, claim=9)
    assert state.phase == "reduce"
    assert not any(t.startswith(("trade", "whiten")) for t in legal(state))
    do(state, "return G1", "return R1")
    assert state.phase == "trade" and len(held(state, 0)) == 5
    do(state, "trade G2", "pick orange", "pick orange")
    assert colours_held(state, 0) == {"white": 3, "yellow": 1, "orange": 2}


def test_coloured_dice_for_white_ones():
    """Phase 4: "You may also trade in as many of your colored dice for white dice as you
    like" (while the supply has white dice)."""
    state = turn_to_phase4({"W1": "1", "Y1": "1", "R1": "3", "B1": "2"})
    # seat 1 holds W6..W10, W11..W20 are in the box: W2..W5 are in the supply
    assert supply(state)["white"] == 4
    whiten = {t for t in legal(state) if t.startswith("whiten")}
    # any coloured die (Y2, just taken, is the same as Y1 here); never a white one
    assert whiten == {"whiten Y1", "whiten R1", "whiten B1"}
    do(state, "whiten Y1", "whiten R1", "whiten B1")
    assert colours_held(state, 0) == {"white": 4, "yellow": 1}


def test_no_white_dice_no_whitening():
    """Phase 4: the white dice come from the supply; none there, none to trade for."""
    state = position(
        make(2), dice={0: "W1 W2 W3 W4 W5 Y1", 1: OTHER}, top=[5, 8, 10], bottom=[9, 2, 7]
    )
    start_roll(state, {f"W{i}": "2" for i in range(1, 6)} | {"Y1": "3"})
    set_aside_all(state)
    do(state, "no claim", "take red")
    assert supply(state)["white"] == 0
    assert not any(t.startswith("whiten") for t in legal(state))


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("W2 W3 W4 W5 R1 R2 R3 R4", {"white": 5, "red": 4, "yellow": 1}),
        ("W2 W3 W4 W5 W11 R1 R2 R3 R4 R5", {"white": 5, "red": 4, "yellow": 1}),
    ],
)
def test_limits_at_the_end_of_the_turn(extra, expected):
    """Phase 4 "Your possibilities are not limitless!": "At the end of your turn ... a max. of
    5 white dice, a max. of 4 dice each of any other color. Return any excess dice to the
    supply." (ruling 8: checked at the very end of the turn)."""
    faces = {name: "3" for name in ("W1 " + extra).split()}
    state = turn_to_phase4(faces)  # no claim: takes a yellow die
    held_now = colours_held(state, 0)
    assert held_now["red"] == len([x for x in extra.split() if x[0] == "R"])
    do(state, "end turn")
    assert colours_held(state, 0) == expected


def test_limits_not_enforced_during_the_turn():
    """Ruling 8: the limits hold at the very end of the turn; during phase 4 a player may hold
    more (here five red dice) and trade one for a white die before the check."""
    state = position(
        make(2), dice={0: "W1 R1 R2 R3 R4", 1: OTHER}, top=[5, 8, 10], bottom=[9, 2, 7]
    )
    start_roll(state, {"W1": "3", "R1": "3", "R2": "3", "R3": "3", "R4": "3"})
    set_aside_all(state)
    do(state, "no claim", "take red")
    assert state.phase == "trade"
    assert colours_held(state, 0)["red"] == 5
    do(state, "whiten R1", "end turn")
    assert colours_held(state, 0) == {"white": 2, "red": 4}


def test_two_for_one_needs_two_dice_of_other_colours_in_the_supply():
    """Phase 4 / ruling 5: the trade is "for two dice of a different color from the supply",
    "as far as the supply holds them": with one such die left there is no 2-for-1 trade
    (reading flagged in the report: the trade is never cut down to one die)."""
    others = " ".join(f"{c}{i}" for c in "ORPB" for i in range(1, 8))
    state = position(
        make(2),
        dice={0: "W1 W2 W3 W4 W5 G1", 1: OTHER + " " + others + " Y1 Y2 Y3 Y4 Y5"},
        top=[5, 8, 10],
        bottom=[9, 2, 7],
    )
    start_roll(state, {f"W{i}": "2" for i in range(1, 6)} | {"G1": "two_for_one"})
    set_aside_all(state)
    do(state, "no claim", "take yellow")  # Y6: only Y7 is left besides the green dice
    assert supply(state) == {"yellow": 1, "green": 6}
    assert not is_legal(state, "trade G1")
    assert legal(state) == {"end turn"}  # and no white die in the supply to whiten
