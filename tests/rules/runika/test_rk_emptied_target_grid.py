"""Runika, player interaction in simultaneous play (rulings 11 and 13): the grid a mandatory
professor ability chose is emptied by its owner before a die is chosen there."""

from __future__ import annotations

from typing import Any

from tests.rules.runika.rk_helpers import position, texts

E = ".. .. .. .."
OPTIONS = {"secret_runes": True, "interaction": True, "simultaneous": True}


def _simza_on(own_grid: list[str]) -> Any:
    """Seat 0 placed a die on Simza (a mandatory push) and chose seat 1's grid, now empty."""
    frame = {"k": "ab", "s": 0, "kind": "push_die", "src": ["p", 0], "m": True, "p": 0}
    frame |= {"g": 1, "c": -1, "a": {"kind": "push_die"}}
    main = {"k": "main", "s": 0, "st": "resolve"}
    return position(
        options=OPTIONS,
        seats={
            0: {"grid": own_grid, "stack": [main, frame]},
            1: {"grid": [E] * 4, "stack": [{"k": "main", "s": 1, "st": "resolve"}]},
        },
    )


def test_an_emptied_target_grid_sends_back_to_the_choice_of_a_grid() -> None:
    """Ruling 13: Simza may push a die of another grid; the ability stays mandatory (ruling 6),
    so with seat 1's grid empty the player chooses again, among the grids holding dice."""
    state = _simza_on(["G1 .. .. ..", E, E, E])
    assert texts(state, 0) == ["cancel"]
    state.apply_text("cancel", 0)
    assert state.stacks[0][-1].g == -1
    assert any(t.startswith("seat") for t in texts(state, 0))


def test_with_no_grid_left_the_ability_fizzles() -> None:
    """Ruling 11: a mandatory ability that cannot act (every grid empty) fizzles."""
    state = _simza_on([E] * 4)
    assert texts(state, 0) == ["cancel"]
    state.apply_text("cancel", 0)
    assert [f.kind for f in state.stacks[0]] == ["main"]
