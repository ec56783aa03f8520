"""Runika round end and game end (rules, Step 3 and "Game end"; ruling 8)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import bag, do, pos, position, texts


def _last_turn(players: int = 2, **fields: Any) -> Any:
    """The last player of round 1 (initiative seat 0) about to push a G1: the round then ends."""
    seats = fields.pop("seats", {})
    last = players - 1
    seats.setdefault(last, {})
    seats[last] = {"store": ["G1"], **seats[last]}
    return position(players, seats=seats, turn_i=last, **fields)


def _finish(state: Any) -> Any:
    """Push the last die, then end the turn (a rune ability may keep the turn open)."""
    seat = state.current_player
    do(state, "resolve G1", "enter top 1")
    while not state.is_chance() and state.current_player == seat and "done" in texts(state):
        do(state, "done")
    return state


def test_round_end_discards_professor_dice_tokens_stay() -> None:
    """Step 3: "Discard all dice lying on professors (prestige tokens stay)" (ruling 4: to the
    bag)."""
    state = _last_turn(3, professors={"simza": {"dice": ["Ge"], "tokens": [1]}})
    before = bag(state)
    _finish(state)
    doc = pos(state)
    assert doc["professors"]["simza"] == {"dice": [], "tokens": [1]}
    assert bag(state)["G"] == before["G"] + 1 - doc["middle"].count("G")


@pytest.mark.parametrize(("players", "first"), [(2, 0), (2, 1), (3, 2), (4, 1)])
def test_round_end_passes_initiative_clockwise(players: int, first: int) -> None:
    """Step 3: "pass the initiative token clockwise and start a new round" (clockwise is the
    turn order: the next seat)."""
    seats = {(first + players - 1) % players: {"store": ["G1"]}}
    state = position(players, seats=seats, first=first, turn_i=players - 1)
    _finish(state)
    doc = pos(state)
    assert doc["phase"] == "draft"
    assert doc["round"] == 2
    assert doc["first"] == (first + 1) % players


def test_game_ends_at_round_end_with_20_points() -> None:
    """Game end: the game ends at the end of a round in which "a player has 20 points or
    more"; most points wins."""
    state = _last_turn(seats={0: {"tokens": 20}})
    _finish(state)
    assert state.is_terminal()
    assert pos(state)["ended"] == "goal"
    assert state.winners() == [0]


def test_game_does_not_end_mid_round_at_20_points() -> None:
    """Ruling 8: game end "is checked at round end": reaching 20 on the first turn of the round
    lets the other players take their turns."""
    state = position(seats={0: {"store": ["G1"], "tokens": 20}, 1: {"store": ["B?"]}})
    do(state, "resolve G1", "enter top 1")
    assert not state.is_terminal()
    assert state.is_chance()  # seat 1 rolls its die


@pytest.mark.parametrize(("tokens", "over"), [(13, True), (12, False)])
def test_twenty_points_count_tokens_runes_and_achievements(tokens: int, over: bool) -> None:
    """Game end: 20 points "(point tokens + rune cards + achievement cards)": 13 tokens + Fire
    Flash (3) + Scroll of Honour (4) = 20 ends the game; 19 does not."""
    seats = {0: {"tokens": tokens, "runes": ["fire_flash"], "achievements": ["scroll_of_honour"]}}
    state = _last_turn(seats=seats)
    assert state.scores()[0] == tokens + 7
    _finish(state)
    assert state.is_terminal() is over


def test_game_ends_when_rune_deck_is_empty() -> None:
    """Game end: "the rune deck is empty" at the end of a round."""
    state = _last_turn(deck=[])
    _finish(state)
    assert state.is_terminal()
    assert pos(state)["ended"] == "deck"


def test_game_ends_when_achievement_deck_is_empty() -> None:
    """Game end: "the achievement deck is empty" at the end of a round."""
    state = _last_turn(achievement_deck=[])
    _finish(state)
    assert state.is_terminal()
    assert pos(state)["ended"] == "achievements"


def test_no_end_condition_game_goes_on() -> None:
    """Game end: without any end condition a new round starts."""
    state = _last_turn(seats={0: {"tokens": 19}})
    _finish(state)
    assert not state.is_terminal()


@pytest.mark.parametrize(
    ("seat0", "seat1", "winners"),
    [
        # most points wins
        ({"tokens": 21}, {"tokens": 20}, [0]),
        # equal points: most runes (sweep 1 + pivot 1 = 2 cards vs 2 tokens)
        ({"tokens": 20, "runes": ["sweep", "pivot"]}, {"tokens": 22}, [0]),
        # equal points and runes: most achievements (Scroll of Study, 2 points)
        ({"tokens": 20, "achievements": ["scroll_of_study"]}, {"tokens": 22}, [0]),
        # runes before achievements
        (
            {"tokens": 19, "runes": ["gale"], "achievements": []},
            {"tokens": 19, "achievements": ["scroll_of_study"]},
            [0],
        ),
        # all equal: shared
        ({"tokens": 20, "runes": ["sweep"]}, {"tokens": 20, "runes": ["pivot"]}, [0, 1]),
    ],
)
def test_ruling_8_tie_breaks(
    seat0: dict[str, Any], seat1: dict[str, Any], winners: list[int]
) -> None:
    """Ruling 8: "ties: most runes, then most achievements, then shared"."""
    seat1 = {"store": ["G1"], **seat1}
    state = _last_turn(seats={0: seat0, 1: seat1})
    _finish(state)
    assert state.is_terminal()
    assert state.winners() == winners


@pytest.mark.parametrize(
    ("stage", "store", "actions"),
    [
        ("resolve", ["Ge", "G1"], ["resolve Ge"]),  # the Ge is being resolved
        ("reroll", ["G1", "Y1", "Br"], ["discard G1", "reroll Y1", "reroll Br", "roll"]),
    ],
)
def test_decision_limit_mid_turn_keeps_all_80_dice(
    stage: str, store: list[str], actions: list[str]
) -> None:
    """Components: 20 dice per colour, and ruling 4: a die leaves a grid or storage only back
    to the bag. The engine's decision limit stopping the game mid-turn (a die being resolved,
    dice taken for a re-roll not yet rolled) puts those dice back in storage."""
    state = position(
        options={"decision_limit": 10},
        decisions=10 - len(actions),
        seats={0: {"store": store, "stack": [{"k": "main", "s": 0, "st": stage}]}},
    )
    do(state, *actions)
    assert state.is_terminal() and pos(state)["ended"] == "limit"
    doc = pos(state)
    outside = [d[0] for d in doc["seats"][0]["store"]]
    for colour in "GRYB":
        assert bag(state)[colour] + outside.count(colour) == 20, colour
    assert len(outside) == len(store) - (1 if stage == "reroll" else 0)


def test_a_round_without_a_die_to_draw_ends_the_game_as_a_stall() -> None:
    """Engine safeguard (docs, "Game end"): when every one of the 80 dice lies in the grids the
    next round cannot draw a single die and nothing could change any more: the game ends at the
    round end (``stall``) and is scored as usual (most points)."""
    rows = ["G1 R1 B1 Y1", "B1 Y1 G1 R1", "G1 R1 B1 Y1", "B1 Y1 G1 R1"]  # 4 of each colour
    seats: dict[int, dict[str, Any]] = {s: {"grid": rows} for s in range(5)}
    seats[4].update(stack=[{"k": "main", "s": 4, "st": "end"}])
    seats[2]["tokens"] = 3
    state = position(5, seats=seats, turn_i=4)
    assert sum(bag(state).values()) == 0
    assert state.is_terminal()
    assert pos(state)["ended"] == "stall"
    assert state.winners() == [2]
