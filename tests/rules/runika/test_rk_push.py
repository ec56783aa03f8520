"""Runika pushing dice into the spell grid (rules, Step 2 "Pushing a die into the grid";
rulings 3 and 10)."""

from __future__ import annotations

import pytest
from tests.rules.runika.rk_helpers import bag, do, grid, position, texts

SIDE_AT_START = {"G": "top", "R": "right", "Y": "bottom", "B": "left"}


def _enters(state_texts: list[str]) -> set[str]:
    return {t for t in state_texts if t.startswith("enter ")}


def lanes(side: str) -> str:
    """A side's lanes as the board labels them: columns a..d, rows 1..4."""
    return "abcd" if side in ("top", "bottom") else "1234"


@pytest.mark.parametrize(("colour", "side"), sorted(SIDE_AT_START.items()))
def test_one_face_enters_only_from_its_colour_side_any_of_four_lanes(
    colour: str, side: str
) -> None:
    """Rule: a 1 face is pushed in "from the side that the element disc assigns to the die's
    colour"; ruling 3: the player chooses one of the four lanes of that side (disc at start:
    green top, red right, yellow bottom, blue left)."""
    state = position(seats={0: {"store": [f"{colour}1"]}})
    do(state, f"resolve {colour}1")
    assert _enters(texts(state)) == {f"enter {side} {lane}" for lane in lanes(side)}


@pytest.mark.parametrize(("colour", "side"), sorted(SIDE_AT_START.items()))
def test_element_face_may_be_pushed_from_its_colour_side(colour: str, side: str) -> None:
    """Rule: a mana (element) face may "either push it into your spell grid as above" or go on a
    professor."""
    state = position(seats={0: {"store": [f"{colour}e"]}})
    do(state, f"resolve {colour}e")
    assert _enters(texts(state)) == {f"enter {side} {lane}" for lane in lanes(side)}


@pytest.mark.parametrize(
    ("action", "row", "col"),
    [
        ("enter top 1", 0, 0),
        ("enter top 4", 0, 3),
    ],
)
def test_push_into_empty_lane_die_sits_on_entry_edge_cell(action: str, row: int, col: int) -> None:
    """Rulings 3, 10: "the die enters the edge cell of the chosen lane"; in an empty lane it
    stops there."""
    state = position(seats={0: {"store": ["G1"]}})
    do(state, "resolve G1", action)
    cells = [r.split() for r in grid(state)]
    assert cells[row][col] == "G1"
    assert sum(c != ".." for r in cells for c in r) == 1


@pytest.mark.parametrize(
    ("colour", "action", "cell"),
    [("R", "enter right 1", (0, 3)), ("R", "enter right 4", (3, 3)), ("B", "enter left 2", (1, 0))],
)
def test_side_lanes_are_numbered_top_to_bottom(
    colour: str, action: str, cell: tuple[int, int]
) -> None:
    """Ruling 3: the four entry spaces of a left/right side are the four rows; the die enters
    the edge cell of that side."""
    state = position(seats={0: {"store": [f"{colour}1"]}})
    do(state, f"resolve {colour}1", action)
    cells = [r.split() for r in grid(state)]
    assert cells[cell[0]][cell[1]] == f"{colour}1"


def test_bottom_side_enters_bottom_row() -> None:
    """Ruling 3: a yellow die (bottom at start) enters the bottom edge cell of its column."""
    state = position(seats={0: {"store": ["Y1"]}})
    do(state, "resolve Y1", "enter bottom 2")
    assert grid(state)[3] == ".. Y1 .. .."


def test_push_into_partly_filled_lane_shifts_chain_to_first_empty_cell() -> None:
    """Rule: "If that space already holds a die, that die is pushed one space further, and so
    on in a chain. A die pushed into an empty space stops there." (ruling 3: the push stops at
    the first empty cell; dice beyond the gap do not move)."""
    rows = ["B1 .. .. ..", ".. .. .. ..", "Ye .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["G1"], "grid": rows}})
    do(state, "resolve G1", "enter top 1")
    assert [r.split()[0] for r in grid(state)] == ["G1", "B1", "Ye", ".."]


def test_push_chain_of_adjacent_dice_moves_together() -> None:
    """Ruling 3: an occupied cell passes the push on along the lane."""
    rows = [".. .. B1 Ye", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["R1"], "grid": rows}})
    do(state, "resolve R1", "enter right 1")
    assert grid(state)[0] == ".. B1 Ye R1"


def test_push_into_full_lane_discards_far_die_to_bag() -> None:
    """Ruling 3: "A full lane can be pushed into"; rule: "A die pushed off the far edge of the
    grid is discarded" (ruling 4: to the bag)."""
    rows = ["B1 .. .. ..", "Ye .. .. ..", "R1 .. .. ..", "Be .. .. .."]
    state = position(seats={0: {"store": ["G1"], "grid": rows}})
    before = bag(state)
    do(state, "resolve G1", "enter top 1")
    assert [r.split()[0] for r in grid(state)] == ["G1", "B1", "Ye", "R1"]
    after = bag(state)
    assert after["B"] == before["B"] + 1  # the Be pushed off returns to the bag
    assert after["G"] == before["G"]


def test_full_lane_from_left_pushes_off_the_right_edge() -> None:
    """Ruling 3 on a horizontal lane: the die at the far (right) edge leaves the grid."""
    rows = [".. .. .. ..", "G1 R1 Y1 Ge", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["B1"], "grid": rows}})
    before = bag(state)
    do(state, "resolve B1", "enter left 2")
    assert grid(state)[1] == "B1 G1 R1 Y1"
    assert bag(state)["G"] == before["G"] + 1


def test_other_lanes_untouched_by_a_push() -> None:
    """Rule: the die is pushed "straight across the grid": only its lane changes."""
    rows = ["B1 Y1 .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["G1"], "grid": rows}})
    do(state, "resolve G1", "enter top 1")
    assert grid(state)[0] == "G1 Y1 .. .."
    assert grid(state)[1] == "B1 .. .. .."
