"""Runika optional rules: game length (goal 15 / 30, the starting-rune end) and the 5-player
charm token (rules, "Other optional rules" -> Game length, Charm token; rulings 8, 14, 17)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    bag,
    do,
    pos,
    position,
    runes_shown,
    seat_doc,
    start,
    texts,
)

from grimoire.core.state import State

GGG = ["G1 G1 G1 ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
YYY = ["Y1 Y1 Y1 ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]


def _last_turn(options: dict[str, Any], tokens: int, **fields: Any) -> State:
    """Seat 1 (the last of the round) about to push its last die; seat 0 has ``tokens``."""
    seats = {0: {"tokens": tokens}, 1: {"store": ["G1"]}}
    return position(options=options, seats=seats, turn_i=1, **fields)


def _end_round(state: State) -> State:
    do(state, "resolve G1", "enter top 1")
    return state


# ---------------------------------------------------------------------- goal
@pytest.mark.parametrize(
    ("goal", "tokens", "over"),
    [
        (15, 15, True),
        (15, 14, False),
        (20, 20, True),
        (20, 19, False),
        (30, 30, True),
        (30, 29, False),
        (30, 20, False),
    ],
)
def test_goal_ends_the_game_at_the_round_end_at_that_many_points(
    goal: int, tokens: int, over: bool
) -> None:
    """Game length: "a long game plays to 30 points; a short game to 15 points" (20 by
    default, Game end); checked at the round end (ruling 8)."""
    state = _end_round(_last_turn({"goal": goal}, tokens))
    assert state.is_terminal() is over
    if over:
        assert pos(state)["ended"] == "goal"
        assert state.winners() == [0]


@pytest.mark.parametrize("goal", [15, 30])
def test_goal_reached_mid_round_lets_the_round_finish(goal: int) -> None:
    """Ruling 8: the end "is checked at round end": reaching the goal on the first turn of the
    round lets the next player take its turn."""
    seats = {0: {"store": ["G1"], "tokens": goal}, 1: {"store": ["B?"]}}
    state = position(options={"goal": goal}, seats=seats)
    do(state, "resolve G1", "enter top 1")
    assert not state.is_terminal()
    assert state.is_chance()  # seat 1 rolls its die
    assert state.view(1)["goal"] == goal


# ---------------------------------------------------------------------- starting-rune end
def _claim_first_turn(rune: str, rows: list[str], options: dict[str, Any]) -> State:
    """Seat 0 (first of the round) claims ``rune``; seat 1 then plays the round's last turn."""
    seats = {
        0: {"grid": rows, "stack": [{"k": "main", "s": 0, "st": "claims"}]},
        1: {"store": ["G?"]},
    }
    state = position(options=options, seats=seats, **runes_shown(rune, "spark", "blaze"))
    do(state, f"claim {rune}")
    return state


def _finish_round(state: State) -> State:
    state.resolve_chance()  # the refill and seat 1's roll
    while not state.is_terminal() and pos(state)["phase"] == "turns":
        do(state, texts(state)[0] if texts(state)[0] != "cancel" else texts(state)[1])
        state.resolve_chance()
    return state


@pytest.mark.parametrize("rune", ["sweep", "bedrock"])
def test_starting_rune_end_at_the_round_end_once_someone_gains_one(rune: str) -> None:
    """Game length: a short game "until someone gains a starting rune" (Sweep and Bedrock are
    starting runes); ruling 17 (R12): "checked at round end"."""
    rows = GGG if rune == "sweep" else YYY
    state = _claim_first_turn(rune, rows, {"starting_rune_end": True})
    assert pos(state)["start_done"] is True
    assert not state.is_terminal()  # the round goes on: seat 1 plays
    _finish_round(state)
    assert state.is_terminal()
    assert pos(state)["ended"] == "starting_rune"
    assert state.winners() == [0]


def test_starting_rune_end_is_optional() -> None:
    """Game length is an optional rule: without it a starting rune does not end the game."""
    state = _finish_round(_claim_first_turn("sweep", GGG, {}))
    assert not state.is_terminal()
    assert pos(state)["round"] == 2


def test_a_rune_that_is_not_a_starting_rune_does_not_end_the_short_game() -> None:
    """Short game: only a starting rune (blue circle) ends it; Gale (GG/GG) is not one."""
    rows = ["G1 G1 .. ..", "G1 G1 .. ..", ".. .. .. ..", ".. .. .. .."]
    state = _finish_round(_claim_first_turn("gale", rows, {"starting_rune_end": True}))
    assert not state.is_terminal()


def test_starting_rune_end_with_simultaneous_play() -> None:
    """Short game with simultaneous play: the starting rune is gained at the round end, and the
    game ends there."""
    seats = {
        0: {"grid": GGG, "stack": [{"k": "main", "s": 0, "st": "claims"}]},
        1: {"store": ["G1"], "stack": [{"k": "main", "s": 1, "st": "resolve"}]},
    }
    options = {"starting_rune_end": True, "simultaneous": True}
    state = position(options=options, seats=seats, **runes_shown("sweep", "spark", "blaze"))
    state.apply_text("claim sweep", 0)
    assert pos(state)["start_done"] is False  # sealed: not gained yet
    state.apply_text("resolve G1", 1)
    state.apply_text("enter top 1", 1)
    state.resolve_chance()
    assert state.is_terminal()
    assert pos(state)["ended"] == "starting_rune"


# ---------------------------------------------------------------------- the charm token
@pytest.mark.parametrize(("players", "first"), [(5, 0), (5, 2), (5, 4)])
def test_charm_goes_to_the_player_taking_the_last_turn(players: int, first: int) -> None:
    """Charm token: "each round, the player who takes the last turn gets the charm token";
    ruling 14: "at the round's start"."""
    state = start(players, seed=2, charm=True, first_player=first)
    assert pos(state)["phase"] == "draft"
    assert pos(state)["charm"] == (first + players - 1) % players
    assert state.view(0)["charm"] == (first + players - 1) % players


def test_charm_passes_each_round_unused_token_is_discarded() -> None:
    """Ruling 14: an unused token is "discarded at round end"; the next round's last player
    gets it (the initiative moved one seat clockwise)."""
    seats = {4: {"store": ["G1"]}}
    state = position(5, options={"charm": True}, seats=seats, turn_i=4, charm=4)
    do(state, "resolve G1", "enter top 1")
    doc = pos(state)
    assert (doc["round"], doc["first"], doc["charm"]) == (2, 1, 0)


def _holder(*dice: str, charm: int = 4, **fields: Any) -> State:
    """Seat 4, the last of a 5-player round, resolving ``dice``; it holds the charm token."""
    seats = {4: {"store": list(dice)}}
    return position(5, options={"charm": True}, seats=seats, turn_i=4, charm=charm, **fields)


def test_charm_discards_a_die_on_a_professor_which_frees_it() -> None:
    """Charm token: "during your turn you may discard the charm token to discard one die lying
    on a professor card" (to the bag, ruling 4); the professor's box is then empty."""
    profs = {"simza": {"dice": ["Ge"], "tokens": [1]}, "ainfean": {"dice": ["Re"]}}
    state = _holder("Ge", professors=profs)
    assert {t for t in texts(state) if t.startswith("charm")} == {"charm Simza", "charm Ainfean"}
    before = bag(state)
    do(state, "charm Simza")
    doc = pos(state)
    assert doc["charm"] == -1
    assert doc["professors"]["simza"] == {"dice": [], "tokens": [1]}
    assert bag(state)["G"] == before["G"] + 1
    assert not any(t.startswith("charm") for t in texts(state))  # used once
    do(state, "resolve Ge")
    assert "professor Simza" in texts(state)


def test_charm_is_optional_and_only_for_its_holder() -> None:
    """Charm token: "you may": the holder may just play on; a player without it cannot."""
    profs = {"simza": {"dice": ["Ge"]}}
    state = _holder("G1", professors=profs)
    assert "resolve G1" in texts(state)
    other = _holder("G1", charm=2, professors=profs)
    assert not any(t.startswith("charm") for t in texts(other))


def test_charm_needs_a_die_on_a_professor() -> None:
    """Charm token: it discards a die lying on a professor: with none there it is not offered."""
    state = _holder("G1")
    assert not any(t.startswith("charm") for t in texts(state))


def test_charm_may_discard_the_die_on_luniorn() -> None:
    """Luniorn "counts as a professor for every effect": the charm token may discard its die;
    a discarded die goes to the bag (ruling 4), not below Luniorn (that is only at round end)."""
    seats = {4: {"store": ["Ge"]}}
    state = position(
        5,
        options={"charm": True, "luniorn": True},
        seats=seats,
        turn_i=4,
        charm=4,
        below=["G", "R", "B"],
        professors={"luniorn": {"dice": ["Ye"]}},
    )
    before = bag(state)
    do(state, "charm Luniorn")
    assert pos(state)["professors"]["luniorn"]["dice"] == []
    assert sorted(pos(state)["below"]) == ["B", "G", "R"]
    assert bag(state)["Y"] == before["Y"] + 1
    assert seat_doc(state, 4)["store"] == ["Ge"]
