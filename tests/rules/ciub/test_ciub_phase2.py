"""Phase 2 "Can I roll the dice now?": rolling, the three dice actions, setting aside."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from tests.rules.ciub.ciub_helpers import (
    FACES,
    colour,
    die,
    do,
    finish_turn,
    held,
    in_tray,
    is_legal,
    legal,
    make,
    position,
    roll,
    showing,
    start_roll,
    tray,
    where,
)

OTHER = "W6 W7 W8 W9 W10"


def start(mine: str, other: str = OTHER, **options):
    return position(make(2, **options), dice={0: mine, 1: other}, top=[1, 2, 3], bottom=[4, 5, 6])


def targets(state) -> set[str]:
    return {t.removeprefix("target ") for t in legal(state) if t.startswith("target")}


def faces_offered(state) -> set[str]:
    return {t.removeprefix("face ") for t in legal(state) if t.startswith("face")}


# --------------------------------------------------------------------------- rolling
def test_first_roll_rolls_all_dice_one_chance_node_each():
    """Phase 2: "First, roll all your dice" (ruling 1); each die is a chance node whose
    outcomes are its faces, equal faces added up (white: 1, 2, 3, 4 at 1/6, swap at 2/6)."""
    state = start("W1 Y1 O1 R1 G1 P1 B1")
    do(state, "pass")
    assert sorted(state.to_roll) == sorted(die(state.game, x) for x in held(state, 0))
    for _ in range(7):
        d = state.to_roll[0]
        faces = FACES[colour(state.game, d)]
        expected = {faces.index(sym): Fraction(k, 6) for sym, k in Counter(faces).items()}
        assert dict(state.chance_outcomes()) == expected
        state.apply(min(expected))
    assert not state.is_chance()
    assert all(showing(state, x) is not None for x in held(state, 0))


def test_tray_empties_between_turns():
    """Ruling 1: every die is rolled every turn; the tray empties between turns."""
    state = start("W1 W2 O1")
    start_roll(state, {"W1": "1", "W2": "2", "O1": "6"})
    assert state.phase == "set_aside"
    do(state, "set aside O1", "stop", "no claim", "take red", "end turn")
    finish_turn(state)  # seat 1
    assert state.turn == 0
    assert not any(state.tray[d] for d in range(62))
    do(state, "pass")
    assert sorted(state.to_roll) == sorted(die(state.game, x) for x in held(state, 0))
    assert len(state.to_roll) == 4


# --------------------------------------------------------------------------- swap
def test_swap_for_any_colour_in_the_supply():
    """Swap Die: "Swap this die for any one die from the supply" (ruling 2: of any colour the
    supply has; here all greens are taken, and one white die is in the supply)."""
    state = start("W1 W2 W3 W4", OTHER + " G1 G2 G3 G4 G5 G6 G7")
    start_roll(state, {"W1": "swap", "W2": "1", "W3": "1", "W4": "1"})
    swaps = {t for t in legal(state) if t.startswith("swap")}
    assert swaps == {
        f"swap W1 for {name}" for name in ("white", "yellow", "orange", "red", "purple", "blue")
    }


def test_swapped_die_goes_to_supply_new_die_is_inactive():
    """Swap Die: the swap die goes to the supply; "The new die is inactive"; ruling 2: an
    inactive die cannot be put in the tray, so it is rolled with the next roll."""
    state = start("W1 W2 O1")
    start_roll(state, {"W1": "swap", "W2": "3", "O1": "4"})
    before = held(state, 0)
    do(state, "swap W1 for purple")
    (new,) = held(state, 0) - before
    assert colour(state.game, die(state.game, new)) == "purple"
    assert where(state, "W1") == -1
    assert showing(state, new) is None
    assert state.phase == "set_aside"  # no action left
    assert not is_legal(state, f"set aside {new}")
    assert is_legal(state, "set aside W2") and is_legal(state, "set aside O1")
    do(state, "roll")  # allowed: a swap was done
    assert die(state.game, new) in state.to_roll
    roll(state, {new: "3", "W2": "1", "O1": "2"})
    assert showing(state, new) == "3"


def test_no_swap_when_the_supply_is_empty():
    """Ruling 2: swap takes a die from the supply "if the supply has one; no die, no swap"."""
    every = " ".join(f"{c}{i}" for c in "YORGPB" for i in range(1, 5))
    rest = " ".join(f"{c}{i}" for c in "YORGPB" for i in range(5, 8))
    state = start("W1 W2 W3 W4 W5 " + every, OTHER + " " + rest)
    assert sum(1 for w in state.loc if w == -1) == 0
    faces = {name: "1" for name in held(state, 0) if name[0] in "WB"}
    faces.update({name: "2" for name in held(state, 0) if name[0] in "O"})
    faces.update({name: "3" for name in held(state, 0) if name[0] in "YRP"})
    faces.update({name: "7" for name in held(state, 0) if name[0] == "G"})
    faces.update({"W1": "swap", "B1": "swap"})
    start_roll(state, faces)
    assert not any(t.startswith("swap") for t in legal(state))


def test_swap_allows_rolling_again():
    """Phase 2 "Important!": before re-rolling all remaining dice you must have set aside a
    die "or done the swap die action at least once"."""
    state = start("W1 W2 O1")
    start_roll(state, {"W1": "swap", "W2": "3", "O1": "4"})
    do(state, "swap W1 for red")
    assert tray(state) == {}
    assert is_legal(state, "roll")


# --------------------------------------------------------------------------- re-roll
def reroll_position():
    """Second roll of seat 0: W2 is in the tray, W1 swapped for an inactive yellow die."""
    state = start("W1 W2 O1 G1 G2")
    start_roll(state, {"W1": "1", "W2": "3", "O1": "2", "G1": "7", "G2": "7"})
    do(state, "set aside W2", "roll")
    roll(state, {"W1": "swap", "O1": "2", "G1": "reroll", "G2": "7"})
    do(state, "swap W1 for yellow")
    return state


def test_reroll_any_die_not_in_the_tray_itself_too():
    """Re-Roll Die: "Re-roll one die (not in your dice tray). It may re-roll itself." An
    inactive die may be re-rolled."""
    state = reroll_position()
    do(state, "use G1")
    assert targets(state) == {"O1", "G1", "G2", "Y1"}
    assert "W2" not in targets(state)  # "Once put aside, dice ... cannot be modified"


def test_reroll_activates_an_inactive_die():
    """Re-Roll Die: "If you re-roll an inactive die, it becomes active." One chance node."""
    state = reroll_position()
    assert showing(state, "Y1") is None
    do(state, "use G1", "target Y1")
    assert state.is_chance() and state.to_roll == [die(state.game, "Y1")]
    roll(state, {"Y1": "5"})
    assert showing(state, "Y1") == "5"
    assert state.phase == "set_aside"
    assert is_legal(state, "set aside Y1")


def test_reroll_new_action_face_may_be_used_and_each_symbol_once():
    """Re-Roll Die: "If its new face is a dice action, you may use that action"; "You may
    take each action as many times as these symbols appear on your dice"."""
    state = reroll_position()
    do(state, "use G1", "target G2")
    roll(state, {"G2": "reroll"})
    assert showing(state, "G2") == "reroll"
    assert is_legal(state, "use G2")
    assert not is_legal(state, "use G1")  # its re-roll symbol is used up
    do(state, "use G2", "target O1")
    roll(state, {"O1": "6"})
    assert not is_legal(state, "use G2")
    assert state.phase == "set_aside"


def test_reroll_itself_gives_a_fresh_face():
    """Re-Roll Die: "It may re-roll itself"; a new action face shown may be used."""
    state = reroll_position()
    do(state, "use G1", "target G1")
    roll(state, {"G1": "reroll"})
    assert is_legal(state, "use G1")
    do(state, "use G1", "target G1")
    roll(state, {"G1": "two_for_one"})
    assert state.phase == "set_aside"


# --------------------------------------------------------------------------- adjust
def adjust_position(**options):
    state = start("W1 W2 O1 P1 B1", **options)
    start_roll(state, {"W1": "swap", "W2": "3", "O1": "2", "P1": "adjust", "B1": "1"})
    return state


def test_adjust_to_any_face_of_that_die():
    """Adjust Face: adjust one die "to any face" (ruling 3: any face that die has)."""
    state = adjust_position()
    do(state, "use P1", "target O1")
    assert faces_offered(state) == {"2", "4", "6"}
    do(state, "cancel", "use P1", "target B1")
    assert faces_offered(state) == {"skull", "re-roll", "swap", "adjust", "1", "2"}


def test_adjust_die_goes_to_the_tray():
    """Adjust Face: "you must set aside the die with the adjust face symbol you used in your
    dice tray"; that counts as setting a die aside for the next roll."""
    state = adjust_position()
    do(state, "use P1", "target O1", "face 6")
    assert showing(state, "O1") == "6"
    assert in_tray(state, "P1") and showing(state, "P1") == "adjust"
    assert not in_tray(state, "O1")
    do(state, "done")
    assert is_legal(state, "roll")


def test_adjust_activates_an_inactive_die_and_its_action_may_be_used():
    """Adjust Face: "If you adjust an inactive die, it becomes active. If the new face is a
    dice action, you may use that action." """
    state = adjust_position()
    before = held(state, 0)
    do(state, "swap W1 for green")
    (green,) = held(state, 0) - before
    do(state, "use P1", f"target {green}", "face re-roll")
    assert showing(state, green) == "reroll"
    do(state, f"use {green}", "target W2")
    roll(state, {"W2": "4"})
    assert showing(state, "W2") == "4"


def test_adjust_cannot_touch_tray_dice():
    """Phase 2: "Once put aside, dice in your dice tray cannot be modified." """
    state = start("W1 O1 P1 P2")
    start_roll(state, {"W1": "2", "O1": "4", "P1": "3", "P2": "4"})
    do(state, "set aside O1", "roll")
    roll(state, {"W1": "2", "P1": "adjust", "P2": "4"})
    do(state, "use P1")
    assert targets(state) == {"W1", "P1", "P2"}


SELF = {
    # ruling 3 (default): a number or a skull
    "number_or_skull": {"P1": {"skull", "3", "4"}, "B1": {"skull", "1", "2"}},
    # DE: "kannst du ihn nur auf eine Seite mit einer Zahl drehen"
    "number": {"P1": {"3", "4"}, "B1": {"1", "2"}},
    # EN: "its new face cannot be Swap, Re-Roll, or Adjust"
    "not_action": {"P1": {"skull", "2-for-1", "3", "4"}, "B1": {"skull", "1", "2"}},
}


@pytest.mark.parametrize("option", sorted(SELF))
@pytest.mark.parametrize("adjuster", ["P1", "B1"])
def test_adjust_itself_restricted_by_option(option, adjuster):
    """Adjust Face note / ruling 3 / option self_adjust: adjusting itself, the new face
    cannot be an action face (EN), must be a number (DE), number or skull (ruling)."""
    state = start("W1 P1 B1", self_adjust=option)
    other = "B1" if adjuster == "P1" else "P1"
    start_roll(state, {"W1": "3", adjuster: "adjust", other: "skull" if other == "P1" else "2"})
    do(state, f"use {adjuster}", f"target {adjuster}")
    offered = faces_offered(state)
    assert offered == SELF[option][adjuster]
    number = min(face for face in offered if face.isdigit())
    do(state, f"face {number}")
    assert in_tray(state, adjuster) and showing(state, adjuster) == number


# --------------------------------------------------------------------------- set aside
def test_skulls_are_forced_into_the_tray():
    """Skull: "You must put all active dice now showing a skull into your dice tray." Other
    active dice: "You may set aside any, some, or all of them"."""
    state = start("W1 G1 P1 B1")
    start_roll(state, {"W1": "1", "G1": "skull", "P1": "skull", "B1": "reroll"})
    assert not in_tray(state, "G1")  # skulls are set aside after the dice actions
    do(state, "use B1", "target G1")
    roll(state, {"G1": "7"})
    assert state.phase == "set_aside"
    assert tray(state) == {"P1": "skull"}
    assert {t for t in legal(state) if t.startswith("set aside")} == {
        "set aside W1",
        "set aside G1",
        "set aside B1",
    }
    assert is_legal(state, "roll")  # the skull was put into the tray


def test_roll_again_needs_a_die_set_aside_or_a_swap():
    """Phase 2 "Important!": "Each time, before you may re-roll all your remaining dice, you
    must have either set aside at least one die into your dice tray or done the swap die
    action at least once"."""
    state = start("W1 W2 O1")
    start_roll(state, {"W1": "1", "W2": "2", "O1": "4"})
    assert state.phase == "set_aside"
    assert not is_legal(state, "roll")
    assert is_legal(state, "stop")
    do(state, "set aside W1")
    assert is_legal(state, "roll")
    do(state, "roll")
    roll(state, {"W2": "3", "O1": "2"})
    assert not is_legal(state, "roll")  # counted again for every roll


def test_set_aside_only_active_dice():
    """Phase 2: active dice (rolled) may be put aside; an inactive die may not (ruling 2)."""
    state = start("W1 W2")
    start_roll(state, {"W1": "swap", "W2": "2"})
    before = held(state, 0)
    do(state, "swap W1 for orange")
    (new,) = held(state, 0) - before
    assert {t for t in legal(state) if t.startswith("set aside")} == {"set aside W2"}
    do(state, "set aside W2")
    assert state.phase == "set_aside"  # the inactive die is still to roll
    assert {"roll", "stop"} <= legal(state)
    do(state, "roll")
    assert state.to_roll == [die(state.game, new)]


def test_stop_with_dice_out_of_the_tray():
    """Phase 3: "Once you're done rolling" (the sample turn stops with a die left): you may
    stop; only tray dice count for a claim."""
    state = start("R1 R2 R3")
    start_roll(state, {"R1": "6", "R2": "6", "R3": "3"})
    do(state, "set aside R1", "stop")
    assert state.phase == "claim"
    assert legal(state) == {"no claim"}  # card 6 (6,6) would need R2 in the tray


def test_all_dice_in_tray_ends_rolling():
    """Phase 2: "Continue doing this until all your dice are in your dice tray"."""
    state = start("W1 W2")
    start_roll(state, {"W1": "1", "W2": "2"})
    do(state, "set aside W1", "set aside W2")
    assert state.phase == "claim"


def test_skull_adjusted_before_the_set_aside_is_not_forced():
    """Skull: dice "now showing a skull" go to the tray after the dice actions, so a skull
    adjusted to a number first stays free."""
    state = start("W1 P1 G1")
    start_roll(state, {"W1": "1", "P1": "adjust", "G1": "skull"})
    do(state, "use P1", "target G1", "face 7")
    assert state.phase == "set_aside"
    assert tray(state) == {"P1": "adjust"}
    assert showing(state, "G1") == "7" and not in_tray(state, "G1")
