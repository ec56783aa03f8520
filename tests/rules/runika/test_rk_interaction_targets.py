"""Player interaction in simultaneous play: whose grid Simza and Ainfean may act on (issue 22's
rule defect), and the end reason when secret runes decide the game.

Rulebook ("Other optional rules", Secret runes): "With this rule you may also use *player
interaction*: when using a professor's ability, you may apply it to another player's spell
grid" (the Japanese reference: 「他のプレイヤー1人の呪文グリッドに対して効果を適用してよい」).
Ruling 13: Simza's and Ainfean's are the abilities that may. Nothing limits the other grid to a
player still rolling or resolving: in simultaneous play a player at the claims stage, or one
who has finished the turn, has a grid that can be hit, and ruling 24 settles a sealed claim
whose dice are hit. The engine offered only the players still before their claims.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import grid, outcome, pos, position, seat_doc, texts

from grimoire.core.state import State

SIM = {"secret_runes": True, "interaction": True, "simultaneous": True}
E = ".. .. .. .."


def _main(seat: int, stage: str) -> list[dict[str, Any]]:
    return [{"k": "main", "s": seat, "st": stage}]


def _three_stages(die: str) -> State:
    """Simultaneous play: seat 0 resolving ``die``, seat 1 at its claims, seat 2 finished;
    each grid holds one die."""
    seats = {
        0: {"grid": ["G1 .. .. ..", E, E, E], "store": [die], "stack": _main(0, "resolve")},
        1: {"grid": [E, ".. Y1 .. ..", E, E], "stack": _main(1, "claims")},
        2: {"grid": [E, E, ".. .. B1 ..", E], "stack": []},
    }
    return position(3, options=SIM, seats=seats)


@pytest.mark.parametrize(("die", "professor"), [("Ge", "Simza"), ("Re", "Ainfean")])
def test_every_other_grid_is_offered_whatever_its_turn_has_reached(
    die: str, professor: str
) -> None:
    """Seat 0's own grid, seat 1's (choosing its sealed claims) and seat 2's (its turn done)."""
    state = _three_stages(die)
    do_seat(state, 0, f"resolve {die}", f"professor {professor}")
    assert [t for t in texts(state, 0) if t.startswith("seat")] == ["seat 1", "seat 2", "seat 3"]


def test_simza_pushes_a_die_of_a_player_who_has_finished_the_turn() -> None:
    state = _three_stages("Ge")
    do_seat(state, 0, "resolve Ge", "professor Simza", "seat 3", "cell c3", "dir up")
    assert grid(state, 2) == [E, ".. .. B1 ..", E, E]


def test_ainfean_discards_a_die_of_a_player_choosing_its_claims() -> None:
    state = _three_stages("Re")
    bag_before = pos(state)["bag"]["Y"]
    do_seat(state, 0, "resolve Re", "professor Ainfean", "seat 2", "cell b2")
    assert grid(state, 1) == [E] * 4
    assert pos(state)["bag"]["Y"] == bag_before + 1  # ruling 4: back to the bag
    assert texts(state, 1) == ["done"]  # its claims go on with the grid as it is now


def test_without_interaction_only_the_own_grid() -> None:
    """The same position without the interaction rule: Simza acts on seat 0's grid only."""
    seats = {
        0: {"grid": ["G1 .. .. ..", E, E, E], "store": ["Ge"], "stack": _main(0, "resolve")},
        1: {"grid": [E, ".. Y1 .. ..", E, E], "stack": _main(1, "claims")},
        2: {"grid": [E, E, ".. .. B1 ..", E], "stack": []},
    }
    options = {"secret_runes": True, "simultaneous": True}
    state = position(3, options=options, seats=seats)
    do_seat(state, 0, "resolve Ge", "professor Simza")
    assert texts(state, 0) == ["cell a1"]  # the one grid: chosen at once


def do_seat(state: State, seat: int, *actions: str) -> None:
    for text in actions:
        state.apply_text(text, seat)


# ---------------------------------------------------------------------- the end reason
WIND = ["G1 .. G1 ..", ".. Ge .. ..", E, E]  # seat 0's third secret rune, Wind Walk


@pytest.mark.parametrize("simultaneous", [False, True])
def test_the_end_reason_names_the_secret_runes_when_they_decide(simultaneous: bool) -> None:
    """Rulebook, Secret runes: "The first player to gain all 3 of their runes wins" (ruling 13:
    the points end still applies). Seat 0 gains its third rune in the round seat 1 reaches 20
    points: seat 0 wins by its runes, so the game ended on them (``secret``), not on the goal
    (``ended`` said ``goal``, the end that decided nothing)."""
    seat0 = {
        "grid": WIND,
        "runes": ["sweep", "spark"],
        "secret": ["sweep", "spark", "wind_walk"],
        "secret_got": [True, True, False],
        "stack": _main(0, "claims"),
    }
    seat1 = {"secret": ["pivot", "blaze", "thunderbolt"], "tokens": 20, "stack": []}
    options = {"secret_runes": True, "simultaneous": simultaneous}
    if not simultaneous:  # seat 1 plays after seat 0: give it a die to resolve
        seat1 |= {"store": ["G?"]}
    state = position(options=options, seats={0: seat0, 1: seat1})
    do_seat(state, 0, "claim wind_walk", "done")
    if not simultaneous:
        outcome(state, "roll G1")
        do_seat(state, 1, "resolve G1", "enter top 1", "done")
    state.resolve_chance()
    assert state.is_terminal()
    assert seat_doc(state)["secret_got"] == [True, True, True]
    assert state.scores()[1] >= 20 > state.scores()[0]
    assert state.winners() == [0]
    assert pos(state)["ended"] == "secret"
    assert "all three secret runes" in state.view(None)["prompt"]


def test_the_end_reason_is_the_goal_when_no_one_has_the_three_runes() -> None:
    """Secret runes without a third rune gained: the points end decides, and says so."""
    seat0 = {"store": ["G1"], "stack": _main(0, "resolve"), "tokens": 20}
    state = position(options={"secret_runes": True, "simultaneous": True}, seats={0: seat0})
    do_seat(state, 0, "resolve G1", "enter top 1", "done")
    state.resolve_chance()
    assert state.is_terminal()
    assert pos(state)["ended"] == "goal"
