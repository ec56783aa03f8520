"""Runika element disc and the rotate face (rules, Setup 2 and Step 2 "Rotate face";
components: disc order clockwise green, red, yellow, blue)."""

from __future__ import annotations

import pytest
from tests.rules.runika.rk_helpers import bag, do, pos, position, texts

SIDES = ["top", "right", "bottom", "left"]
START_SIDE = {"G": 0, "R": 1, "Y": 2, "B": 3}


def _side_of(colour: str, disc: int) -> str:
    state = position(seats={0: {"store": [f"{colour}1"], "disc": disc}})
    do(state, f"resolve {colour}1")
    sides = {t.split()[1] for t in texts(state) if t.startswith("enter")}
    assert len(sides) == 1
    return sides.pop()


def test_rotate_face_discards_die_and_turns_disc_quarter_clockwise() -> None:
    """Rotate face: "discard this die and turn your element disc 90 degrees clockwise"
    (ruling 4: the die returns to the bag)."""
    state = position(seats={0: {"store": ["Gr", "B1"]}})
    before = bag(state)
    do(state, "resolve Gr")
    seat = pos(state)["seats"][0]
    assert seat["disc"] == 1
    assert seat["store"] == ["B1"]
    assert seat["grid"] == [".. .. .. .."] * 4
    assert bag(state)["G"] == before["G"] + 1


@pytest.mark.parametrize("colour", sorted(START_SIDE))
@pytest.mark.parametrize("turns", [1, 2, 3])
def test_quarter_turn_moves_every_colour_one_side_clockwise(colour: str, turns: int) -> None:
    """Components: "Rotate 90 degrees clockwise moves every colour one side clockwise"
    (top -> right -> bottom -> left -> top)."""
    assert _side_of(colour, turns) == SIDES[(START_SIDE[colour] + turns) % 4]


def test_rotate_then_push_uses_the_new_side() -> None:
    """Rotate face then a 1 face of green: green, on top at start, now enters from the right."""
    state = position(seats={0: {"store": ["Gr", "G1"]}})
    do(state, "resolve Gr", "resolve G1")
    assert {t for t in texts(state) if t.startswith("enter")} == {
        f"enter right {lane}" for lane in range(1, 5)
    }


def test_four_rotations_bring_the_disc_back() -> None:
    """Rotate face: four quarter turns clockwise restore green on top."""
    state = position(seats={0: {"store": ["Gr", "Br", "Yr", "Rr", "G1"]}})
    do(state, "resolve Gr", "resolve Br", "resolve Yr", "resolve Rr", "resolve G1")
    assert {t.split()[1] for t in texts(state) if t.startswith("enter")} == {"top"}


def test_rotate_face_offers_no_counter_clockwise_turn_without_a_rune() -> None:
    """Rotate face: the base rule only turns clockwise (no choice of direction)."""
    state = position(seats={0: {"store": ["Yr", "B1"]}})
    do(state, "resolve Yr")
    assert "turn ccw" not in texts(state)
    assert pos(state)["seats"][0]["disc"] == 1
