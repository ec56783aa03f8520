"""Runika optional rule: Headmaster Luniorn, the fifth professor (rules, "Optional rule:
Luniorn"; ruling 15)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    bag,
    chance_texts,
    do,
    outcome,
    pos,
    position,
    seat_doc,
    start,
    texts,
)

from grimoire.core.state import State

LUNIORN = {"luniorn": True}
BASE_TOKENS = {"simza": {"tokens": [0]}, "ainfean": {"tokens": [0]}, "kobataan": {"tokens": [0]}}


def _at_luniorn(die: str = "Ge", *more: str, **fields: Any) -> State:
    """Seat 0 resolving ``die`` (and ``more`` stored dice) with Luniorn in play."""
    seats = fields.pop("seats", {0: {"store": [die, *more]}, 1: {"store": ["G?"]}})
    return position(options=LUNIORN, seats=seats, **fields)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_one_die_of_each_colour_below_luniorn_from_the_bag(players: int) -> None:
    """Luniorn, Setup: "put the Luniorn professor card beside the others with one die of each
    of the 4 colours below it": 4 dice leave the bag (80 - 4 - the draft's players x 4)."""
    state = start(players, seed=3, luniorn=True)
    doc = pos(state)
    assert sorted(doc["below"]) == ["B", "G", "R", "Y"]
    assert "luniorn" in doc["professors"]
    assert sum(bag(state).values()) == 80 - 4 - 4 * players
    assert [p["in_play"] for p in state.view(0)["professors"] if p["id"] == "luniorn"] == [True]


def test_without_the_option_luniorn_is_not_in_play() -> None:
    """Luniorn is an optional rule: without it no die goes on Luniorn and none lies below it."""
    state = position(seats={0: {"store": ["Ge"]}})
    assert pos(state)["below"] == []
    do(state, "resolve Ge")
    assert "professor Luniorn" not in texts(state)


@pytest.mark.parametrize("colour", ["G", "R", "B", "Y"])
def test_any_mana_face_may_go_on_luniorn(colour: str) -> None:
    """Luniorn, Prestige: "any mana face may be placed on Luniorn to gain its prestige"."""
    state = _at_luniorn(f"{colour}e")
    do(state, f"resolve {colour}e")
    assert "professor Luniorn" in texts(state)


@pytest.mark.parametrize("face", ["G1", "Rf"])
def test_only_a_mana_face_goes_on_luniorn(face: str) -> None:
    """Luniorn is a professor: only a mana (element) face gains its prestige."""
    state = _at_luniorn(face)
    do(state, f"resolve {face}")
    assert "professor Luniorn" not in texts(state)


def test_placing_on_luniorn_rolls_a_chosen_die_from_below_into_storage() -> None:
    """Luniorn, Prestige: "roll one of the dice below Luniorn and put it in your storage";
    ruling 15: the player chooses which colour; "no prestige token is placed on Luniorn"."""
    state = _at_luniorn("Ge", "R1")
    do(state, "resolve Ge", "professor Luniorn")
    assert set(texts(state)) == {"luniorn G", "luniorn R", "luniorn B", "luniorn Y"}
    do(state, "luniorn Y")
    assert chance_texts(state) == ["roll Y1 (1)", "roll Ye (element)", "roll Yr (rotate)"]
    outcome(state, "roll Ye")
    doc = pos(state)
    assert doc["professors"]["luniorn"] == {"dice": ["Ge"], "tokens": []}
    assert sorted(doc["below"]) == ["B", "G", "R"]
    assert seat_doc(state)["store"] == ["R1", "Ye"]
    # the rolled die is resolved this turn like any stored die (ruling 1)
    assert set(texts(state)) == {"resolve R1", "resolve Ye"}


def test_luniorn_ability_is_mandatory() -> None:
    """Rule: after placing on a professor "you must use that professor's ability" (Luniorn
    "counts as a professor for every effect"): no cancel or done skips the roll."""
    state = _at_luniorn("Be", "R1")
    do(state, "resolve Be", "professor Luniorn")
    assert all(t.startswith("luniorn ") for t in texts(state))


def test_luniorn_holds_one_die_per_round() -> None:
    """Ruling 15: "one die per round on its box" (like every professor, a die only goes on an
    empty mana box)."""
    state = _at_luniorn("Re", professors={"luniorn": {"dice": ["Ye"]}})
    do(state, "resolve Re")
    assert "professor Luniorn" not in texts(state)
    assert "professor Ainfean" in texts(state)


def test_round_end_the_die_on_luniorn_goes_below_it_others_to_the_bag() -> None:
    """Luniorn, Round end: "the die on Luniorn is not discarded but added to the dice below
    Luniorn"; the other professors' dice are discarded to the bag (Step 3)."""
    state = position(
        options=LUNIORN,
        turn_i=1,
        below=["G", "R", "Y"],
        professors={"luniorn": {"dice": ["Be"]}, "simza": {"dice": ["Ge"], "tokens": [0]}},
        seats={1: {"store": ["G1"]}},
    )
    before = bag(state)
    do(state, "resolve G1", "enter top 1")
    doc = pos(state)
    assert doc["round"] == 2
    assert sorted(doc["below"]) == ["B", "G", "R", "Y"]
    assert doc["professors"]["luniorn"]["dice"] == []
    assert doc["professors"]["simza"] == {"dice": [], "tokens": [0]}
    # the Simza die came back to the bag; the Luniorn die did not (the new draft drew 8)
    drawn = {c: doc["middle"].count(c) for c in "GRBY"}
    after = bag(state)
    assert after["G"] == before["G"] + 1 - drawn["G"]
    assert after["B"] == before["B"] - drawn["B"]


def test_luniorn_never_counts_for_achievements() -> None:
    """Ruling 15: no prestige token on Luniorn, "so Luniorn never counts for achievements": a
    token on each of the 4 other professors takes the achievement."""
    state = _at_luniorn("Ye", professors=BASE_TOKENS)
    do(state, "resolve Ye", "professor Ekamu", "orient G")
    assert all(t.startswith("achievement") for t in chance_texts(state))


def test_luniorn_counts_as_a_professor_for_any_professor_effects() -> None:
    """Luniorn "counts as a professor for every effect": Scroll of Study ("use any professor's
    ability without a die or token") may use Luniorn's, which rolls a die from below."""
    seats = {
        0: {"store": ["G1"], "achievements": ["scroll_of_study"]},
        1: {"store": ["G?"]},
    }
    state = position(options=LUNIORN, seats=seats)
    ability = [t for t in texts(state) if t.startswith("ability")]
    do(state, ability[0])
    assert "professor Luniorn" in texts(state)
    do(state, "professor Luniorn", "luniorn R")
    outcome(state, "roll R1")
    assert seat_doc(state)["store"] == ["G1", "R1"]
    assert pos(state)["professors"]["luniorn"] == {"dice": [], "tokens": []}


def test_five_players_with_luniorn() -> None:
    """Luniorn with 5 players (the expansion): 5 professors, 20 dice drawn for the draft, and
    Luniorn takes a die from any seat."""
    state = start(5, seed=8, luniorn=True)
    doc = pos(state)
    assert len(doc["professors"]) == 5
    assert len(doc["middle"]) == 20
    seats = {4: {"store": ["Re"]}}
    state = position(5, options=LUNIORN, seats=seats, turn_i=4)
    do(state, "resolve Re", "professor Luniorn", "luniorn G")
    outcome(state, "roll G1")
    assert seat_doc(state, 4)["store"] == ["G1"]
    assert pos(state)["professors"]["luniorn"]["tokens"] == []


def test_simultaneous_each_player_may_use_luniorn_once_per_round() -> None:
    """Simultaneous play: "each professor can be used once per player per round (even if
    someone already placed a die there)": Luniorn too; at round end every die on it goes
    below it."""
    opts = {"luniorn": True, "simultaneous": True}
    main = [{"k": "main", "s": 0, "st": "resolve"}]
    seats = {
        0: {"store": ["Ge", "Re"], "stack": main},
        1: {"store": ["Be"], "stack": [{"k": "main", "s": 1, "st": "resolve"}]},
    }
    state = position(options=opts, seats=seats)
    state.apply_text("resolve Ge", 0)
    state.apply_text("professor Luniorn", 0)
    state.apply_text("luniorn R", 0)
    outcome(state, "roll R1")
    state.apply_text("resolve Be", 1)
    assert "professor Luniorn" in texts(state, 1)
    state.apply_text("professor Luniorn", 1)
    state.apply_text("luniorn Y", 1)
    outcome(state, "roll Y1")
    assert pos(state)["professors"]["luniorn"]["dice"] == ["Ge", "Be"]
    assert sorted(pos(state)["below"]) == ["B", "G"]
    # seat 0 cannot use Luniorn a second time this round
    state.apply_text("resolve Re", 0)
    assert "professor Luniorn" not in texts(state, 0)
    state.apply_text("enter right 2", 0)
    state.apply_text("resolve R1", 0)
    state.apply_text("enter right 1", 0)
    state.apply_text("resolve Y1", 1)
    state.apply_text("enter bottom 1", 1)
    while not state.is_chance() and pos(state)["phase"] == "turns":
        seat = min(state.seats_to_act())
        state.apply_text("done", seat)
    doc = pos(state)
    assert doc["round"] == 2
    assert sorted(doc["below"]) == ["B", "B", "G", "G"]


def test_a_placement_on_luniorn_fizzles_once_others_took_the_dice_below() -> None:
    """Simultaneous play: each player may use each professor once a round (rules, "Other
    optional rules"), so three players can place on Luniorn at once while two dice lie below
    it. The two who choose first take them; the third's mandatory ability then cannot act and
    fizzles (ruling 11: ``cancel``), where it used to leave that player with no legal action."""
    main = [{"k": "main", "s": 0, "st": "resolve"}]
    seats = {s: {"store": ["Ge"], "stack": [main[0] | {"s": s}]} for s in range(3)}
    options = {"simultaneous": True, "luniorn": True}
    state = position(3, options=options, seats=seats, below=["G", "R"])
    for seat in range(3):
        state.apply_text("resolve Ge", seat)
        state.apply_text("professor Luniorn", seat)
    assert all(texts(state, s) == ["luniorn G", "luniorn R"] for s in range(3))
    state.apply_text("luniorn G", 1)
    state.resolve_chance()
    state.apply_text("luniorn R", 2)
    state.resolve_chance()
    assert pos(state)["below"] == []
    assert texts(state, 0) == ["cancel"]
    state.apply_text("cancel", 0)
    # the turn goes on (storage empty, nothing to claim: it ends), the die stays on Luniorn
    assert 0 not in state.seats_to_act() and seat_doc(state, 0)["stack"] == []
    assert pos(state)["professors"]["luniorn"]["dice"] == ["Ge", "Ge", "Ge"]
