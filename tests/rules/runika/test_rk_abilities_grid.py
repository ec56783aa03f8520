"""Runika rune abilities that act on the spell grid, the disc and pushes (components file, rune
table; rules "Rune abilities"). Each test gives seat 0 the rune and shows the card's text at
work in a concrete position. Cells are named column a..d, row 1..4 from the top; the disc
starts with green on top, red right, yellow bottom, blue left (components file)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import bag, do, pos, position, seat_doc, texts

from grimoire.core.state import State

E = ".. .. .. .."
HOLD = "Y1"  # a stored die that keeps the turn open while abilities are used


def with_cards(
    runes: list[str],
    rows: list[str] | None = None,
    store: list[str] | None = None,
    **fields: Any,
) -> State:
    """Seat 0, resolving, owns ``runes`` with that grid and storage (a held die by default)."""
    seat = {"runes": runes, "grid": rows or [E] * 4, "store": [HOLD] if store is None else store}
    return position(seats={0: seat | fields.pop("seat", {})}, **fields)


def starting(state: State, prefix: str) -> set[str]:
    return {t for t in texts(state) if t.startswith(prefix)}


def card(state: State, index: int = 0) -> dict[str, Any]:
    entry: dict[str, Any] = seat_doc(state)["runes"][index]
    return entry


def entry_sides(state: State) -> set[str]:
    return {t.split()[1] for t in texts(state) if t.startswith("enter")}


# ---------------------------------------------------------------------- move_die
def test_sweep_moves_a_die_one_space_into_an_adjacent_empty_cell() -> None:
    """Sweep (R): "Move one die of your grid one space orthogonally into an empty cell". a1 has
    no empty neighbour, so it is not offered; b1 may go right or down, never further."""
    state = with_cards(["sweep"], ["G1 B1 .. ..", "Y1 .. .. ..", E, E])
    do(state, "ability sweep")
    assert starting(state, "cell") == {"cell b1", "cell a2"}
    do(state, "cell b1")
    assert starting(state, "dir") == {"dir right", "dir down"}  # up: off the grid; left: a1
    assert not starting(state, "cell")  # no jump to a non-adjacent cell
    do(state, "dir down")
    assert seat_doc(state)["grid"] == ["G1 .. .. ..", "Y1 B1 .. ..", E, E]


def test_hand_of_mist_moves_a_die_to_any_empty_cell() -> None:
    """Hand of Mist (F): "Move any one die of your grid to any empty cell": any die, to any
    empty cell however far, never onto a die."""
    state = with_cards(["hand_of_mist"], ["G1 B1 .. ..", E, E, E])
    do(state, "ability hand_of_mist")
    assert starting(state, "cell") == {"cell a1", "cell b1"}
    do(state, "cell a1")
    assert len(starting(state, "cell")) == 14
    assert "cell b1" not in texts(state) and "cell a1" not in texts(state)
    do(state, "cell d4")
    assert seat_doc(state)["grid"] == [".. B1 .. ..", E, E, ".. .. .. G1"]


# ---------------------------------------------------------------------- swap_dice
def test_bedrock_swaps_two_orthogonally_adjacent_dice() -> None:
    """Bedrock (R): "Swap two orthogonally adjacent dice of your grid": only a1 and b1 touch
    another die orthogonally (c2 touches b1 only diagonally), and a1 swaps only with b1."""
    state = with_cards(["bedrock"], ["G1 B1 .. ..", ".. .. R1 ..", "Y1 .. .. ..", E])
    do(state, "ability bedrock")
    assert starting(state, "cell") == {"cell a1", "cell b1"}  # c2 and a3 touch no die
    do(state, "cell a1")
    assert starting(state, "dir") == {"dir right"}
    do(state, "dir right")
    assert seat_doc(state)["grid"] == ["B1 G1 .. ..", ".. .. R1 ..", "Y1 .. .. ..", E]


# ---------------------------------------------------------------------- discard_die
@pytest.mark.parametrize(("cell", "die", "points"), [("a1", "G", 1), ("b1", "B", 0)])
def test_spark_discards_a_grid_die_one_point_if_it_showed_1(
    cell: str, die: str, points: int
) -> None:
    """Spark (F): "Discard one die from your grid; +1 point if it showed 1" (to the bag,
    ruling 4)."""
    state = with_cards(["spark"], ["G1 Be .. ..", E, E, E])
    before = bag(state)
    do(state, "ability spark")
    assert starting(state, "cell") == {"cell a1", "cell b1"}
    do(state, f"cell {cell}")
    assert seat_doc(state)["tokens"] == points
    assert bag(state)[die] == before[die] + 1
    assert seat_doc(state)["grid"][0].split().count("..") == 3


def test_stone_dagger_discards_a_grid_die_one_point_whatever_its_face() -> None:
    """Stone Dagger (F): "Discard one die from your grid and gain 1 point whatever its face":
    an element face scores too."""
    state = with_cards(["stone_dagger"], ["G1 Be .. ..", E, E, E])
    do(state, "ability stone_dagger", "cell b1")
    assert seat_doc(state)["tokens"] == 1
    assert seat_doc(state)["grid"][0] == "G1 .. .. .."


# ---------------------------------------------------------------------- discard_line
def test_fire_flash_discards_a_whole_row_one_point_per_1() -> None:
    """Fire Flash (F): "Discard every die of one row or column of your grid; +1 point per 1
    among them": only lines holding a die are offered; the rest of the grid stays."""
    state = with_cards(["fire_flash"], ["G1 Be R1 ..", "Y1 .. .. ..", E, E])
    before = bag(state)
    do(state, "ability fire_flash")
    lines = {"line row 1", "line row 2", "line col a", "line col b", "line col c"}
    assert starting(state, "line") == lines
    do(state, "line row 1")
    assert seat_doc(state)["grid"] == [E, "Y1 .. .. ..", E, E]
    assert seat_doc(state)["tokens"] == 2  # G1 and R1; Be scores nothing
    after = bag(state)
    assert [after[c] - before[c] for c in "GRBY"] == [1, 1, 1, 0]


def test_fire_flash_discards_a_column() -> None:
    """Fire Flash (F): a column works too: column a holds G1 and Y1, 2 points."""
    state = with_cards(["fire_flash"], ["G1 Be R1 ..", "Y1 .. .. ..", E, E])
    do(state, "ability fire_flash", "line col a")
    assert seat_doc(state)["grid"] == [".. Be R1 ..", E, E, E]
    assert seat_doc(state)["tokens"] == 2


# ---------------------------------------------------------------------- the disc
@pytest.mark.parametrize("colour", ["G", "R", "B", "Y"])
def test_landslide_sets_the_disc_to_any_orientation(colour: str) -> None:
    """Landslide (F): "Set your disc to any orientation": after `orient B` blue is on top, so a
    B1 enters from the top (the colour named goes on top), from any start (disc turned twice)."""
    state = with_cards(["landslide"], store=[f"{colour}1", "Y1"], seat={"disc": 2})
    do(state, "ability landslide")
    assert starting(state, "orient") == {"orient G", "orient R", "orient B", "orient Y"}
    do(state, f"orient {colour}", f"resolve {colour}1")
    assert entry_sides(state) == {"top"}


@pytest.mark.parametrize(("turn", "side"), [("turn cw", "right"), ("turn ccw", "left")])
def test_pivot_turns_the_disc_a_quarter_either_way(turn: str, side: str) -> None:
    """Pivot (R): "Turn your disc 90 degrees in either direction": green (top) goes right
    (clockwise) or left (counter-clockwise)."""
    state = with_cards(["pivot"], store=["G1", "Y1"])
    do(state, "ability pivot")
    assert {"turn cw", "turn ccw"} <= set(texts(state))
    do(state, turn, "resolve G1")
    assert entry_sides(state) == {side}


@pytest.mark.parametrize("rune", ["gale", "energise"])
def test_rotate_choice_lets_a_rotate_face_turn_counter_clockwise(rune: str) -> None:
    """Gale (R): "When resolving a rotate face, you may turn the disc counter-clockwise
    instead"; Energise (C): "When you resolve a rotate face, choose clockwise or
    counter-clockwise". Without the rune the rotate face turns clockwise at once."""
    state = with_cards([rune], store=["Gr", "G1"])
    do(state, "resolve Gr")
    assert {"turn cw", "turn ccw"} <= set(texts(state))
    do(state, "turn ccw", "resolve G1")
    assert entry_sides(state) == {"left"}
    plain = with_cards([], store=["Gr", "G1"])
    do(plain, "resolve Gr", "resolve G1")
    assert entry_sides(plain) == {"right"}


# ---------------------------------------------------------------------- professor_ability
def test_skyward_uses_simzas_ability_even_when_simza_is_occupied() -> None:
    """Skyward (F): "Use Simza's ability without a die or token, even if Simza is occupied":
    Simza holds seat 1's die; the push still happens (Simza: one die to an adjacent space,
    shoving the dice ahead) and Simza's box and tokens are untouched."""
    simza = {"dice": ["Ge"], "tokens": [1]}
    state = with_cards(["skyward"], ["B1 Y1 .. ..", E, E, E], professors={"simza": simza})
    do(state, "ability skyward")
    assert starting(state, "cell") == {"cell a1", "cell b1"}
    do(state, "cell a1", "dir right")
    assert seat_doc(state)["grid"][0] == ".. B1 Y1 .."
    assert pos(state)["professors"]["simza"] == simza
    assert card(state)["flipped"] is True


# ---------------------------------------------------------------------- pushing
def test_wind_walk_lets_a_die_enter_from_any_side() -> None:
    """Wind Walk (C): "Dice you push may enter from any side": a R1 may enter from all four
    sides, any lane (without it only from the right, red's disc side)."""
    state = with_cards(["wind_walk"], store=["R1", "Y1"])
    do(state, "resolve R1")
    assert len(starting(state, "enter")) == 16
    do(state, "enter top 2")
    assert seat_doc(state)["grid"][0] == ".. R1 .. .."
    plain = with_cards([], store=["R1", "Y1"])
    do(plain, "resolve R1")
    assert entry_sides(plain) == {"right"}


def test_wave_whip_pushes_a_die_in_from_the_opposite_side() -> None:
    """Wave Whip (R): "Push one die in from the side opposite its disc side": a blue die (disc
    side left) may enter from the right, pushing the lane's dice leftwards."""
    state = with_cards(["wave_whip"], [".. .. .. G1", E, E, E], store=["B1", "Y1"])
    do(state, "resolve B1")
    assert entry_sides(state) == {"left", "right"}
    do(state, "enter right 1")
    assert seat_doc(state)["grid"][0] == ".. .. G1 B1"
    assert card(state)["used"] is True


# ---------------------------------------------------------------------- save_pushed
def test_fortification_saves_a_die_pushed_off_into_storage() -> None:
    """Fortification (R): "When a die would be pushed off your grid, put it in your storage
    instead (resolve it this round)": B1 pushed into the full row 1 shoves Y1 off the far
    edge; the card puts it in storage, where it must be resolved this turn."""
    state = with_cards(["fortification"], ["G1 R1 B1 Y1", E, E, E], store=["B1"])
    before = bag(state)
    do(state, "resolve B1", "enter left 1")
    assert set(texts(state)) == {"ability fortification", "done"}
    do(state, "ability fortification")
    assert seat_doc(state)["grid"][0] == "B1 G1 R1 B1"
    assert seat_doc(state)["store"] == ["Y1"]
    assert bag(state) == before
    assert texts(state) == ["resolve Y1"]  # no `done` until it is resolved (ruling 1)


def test_fortification_declined_discards_the_pushed_off_die() -> None:
    """Fortification is a choice: `done` lets the die go to the bag as usual (ruling 4), and
    the card stays unused."""
    state = with_cards(["fortification"], ["G1 R1 B1 Y1", E, E, E], store=["B1", "G1"])
    before = bag(state)
    do(state, "resolve B1", "enter left 1", "done")
    assert seat_doc(state)["store"] == ["G1"]
    assert bag(state)["Y"] == before["Y"] + 1
    assert card(state)["used"] is False
