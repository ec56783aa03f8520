"""Runika: the project rulings 20..23 (docs/rules/runika.md), for questions the rules leave
open: two players completing their secret runes in the same round, achievements in the solo
game, the charm token with fewer than 5 players, and when a card gained this turn takes effect.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    chance_texts,
    do,
    game,
    next_turn,
    outcome,
    pos,
    position,
    runes_shown,
    seat_doc,
    texts,
)

from grimoire.core.errors import InvalidOptions
from grimoire.core.state import State

# seat 0's secret runes end with Wind Walk (GKG / KGK), seat 1's with Pivot (YY / Y.)
SECRETS = {0: ["sweep", "spark", "wind_walk"], 1: ["blaze", "thunderbolt", "pivot"]}
THIRD = {0: "wind_walk", 1: "pivot"}
GRIDS = {
    0: ["G1 .. G1 ..", ".. Ge .. ..", ".. .. .. ..", ".. .. .. .."],
    1: [".. .. .. ..", ".. .. .. ..", ".. .. Y1 Y1", ".. .. Y1 .."],
}
LANE = {0: "enter top 4", 1: "enter top 1"}  # a lane that leaves the seat's pattern alone
CLAIMS = [{"k": "main", "s": 0, "st": "claims"}]


def _secret_seat(seat: int, **fields: Any) -> dict[str, Any]:
    """A seat with the first two of its secret runes gained and the third's pattern in grid."""
    runes = SECRETS[seat]
    return {"secret": runes, "runes": runes[:2], "secret_got": [True, True, False], **fields}


# ---------------------------------------------------------------------- ruling 20
def _both_complete(first: int, **options: Any) -> State:
    """Both seats gain their third secret rune in the same round: ``first`` (first in the
    round's turn order) on its turn, the other on its later turn, with more points (5 tokens
    more, nobody at 20). Returns the position after the round end."""
    later = 1 - first
    main = [{"k": "main", "s": first, "st": "claims"}]
    seats = {
        first: _secret_seat(first, grid=GRIDS[first], stack=main),
        later: _secret_seat(later, grid=GRIDS[later], store=["G?"], tokens=5),
    }
    state = position(options={"secret_runes": True, **options}, seats=seats, first=first)
    do(state, f"claim {THIRD[first]}", "done")
    assert not state.is_terminal()  # the round goes on: the later seat plays its turn
    outcome(state, "roll G1")
    # "done" twice: its two gained runes' abilities keep the re-roll and resolve steps open
    do(state, "done", "resolve G1", LANE[later], "done", f"claim {THIRD[later]}", "done")
    assert state.is_terminal()
    assert pos(state)["ended"] == "secret"
    assert all(all(seat_doc(state, s)["secret_got"]) for s in (0, 1))
    assert state.scores()[later] > state.scores()[first]
    return state


@pytest.mark.parametrize("first", [0, 1])
def test_secret_runes_same_round_first_in_turn_order_wins(first: int) -> None:
    """Secret runes: "the first player to gain all 3 of their runes wins"; ruling 20: when two
    complete them in the same round, the one whose turn came first that round won first,
    whatever the points (default ``secret_winner=turn_order``)."""
    state = _both_complete(first)
    assert state.winners() == [first]


@pytest.mark.parametrize("first", [0, 1])
def test_secret_runes_same_round_points_reading(first: int) -> None:
    """Ruling 20's other reading, ``secret_winner=points``: among the players with all three,
    most points wins (then the ruling 8 tie-break)."""
    state = _both_complete(first, secret_winner="points")
    assert state.winners() == [1 - first]


def test_secret_runes_simultaneous_play_has_no_turn_order() -> None:
    """Ruling 20: in simultaneous play every turn is taken at once and claims are gained at the
    round end (ruling 12), so there is no "first": the ruling 8 tie-break decides (seat 1 has
    more points although seat 0 holds the initiative)."""
    seats = {
        s: _secret_seat(s, grid=GRIDS[s], stack=[{"k": "main", "s": s, "st": "claims"}])
        for s in (0, 1)
    }
    seats[1]["tokens"] = 5
    options = {"secret_runes": True, "simultaneous": True}
    state = position(options=options, seats=seats, first=0)
    state.apply_text(f"claim {THIRD[0]}", 0)
    state.apply_text(f"claim {THIRD[1]}", 1)
    state.apply_text("done", 0)
    assert not state.is_terminal()  # seat 1 has not finished its turn
    state.apply_text("done", 1)
    assert state.is_terminal()
    assert pos(state)["ended"] == "secret"
    assert state.winners() == [1]


def test_secret_winner_needs_secret_runes() -> None:
    """``secret_winner`` is part of the secret-runes rule: refused without it."""
    with pytest.raises(InvalidOptions, match="secret_winner"):
        game(2, secret_winner="points")


# ---------------------------------------------------------------------- ruling 21
def test_solo_achievement_needs_the_three_usable_professors_only() -> None:
    """Ruling 21: in the solo game the turned-over professor "cannot be used" (ruling 9), so it
    holds no token; tokens on the three others give the achievement (rules: all 4 tokens come
    back, here the 3 placed)."""
    profs = {"simza": {"tokens": [0]}, "ainfean": {"tokens": [0]}}
    options = {"solo_professor": "kobataan"}
    state = position(1, options=options, seats={0: {"store": ["Ye"]}}, professors=profs)
    assert "professor Ko'bataan" not in texts(state)
    do(state, "resolve Ye", "professor Ekamu", "orient G")
    assert all(t.startswith("achievement") for t in chance_texts(state))
    outcome(state, "achievement scroll_of_honour")
    doc = pos(state)
    assert [a["id"] for a in doc["seats"][0]["achievements"]] == ["scroll_of_honour"]
    assert all(prof["tokens"] == [] for prof in doc["professors"].values())


def test_solo_two_usable_professors_give_no_achievement() -> None:
    """Ruling 21: all three usable professors are needed."""
    options = {"solo_professor": "kobataan"}
    profs = {"simza": {"tokens": [0]}}
    state = position(1, options=options, seats={0: {"store": ["Ye", "B1"]}}, professors=profs)
    do(state, "resolve Ye", "professor Ekamu", "orient G", "resolve B1", "enter left 1")
    assert not state.is_chance() or not chance_texts(state)[0].startswith("achievement")
    assert seat_doc(state)["achievements"] == []


# ---------------------------------------------------------------------- ruling 22
@pytest.mark.parametrize("players", [2, 3, 4])
def test_charm_token_refused_with_fewer_than_five_players(players: int) -> None:
    """Ruling 22: the rules give the charm token as the 5-player expansion (魅了トークン(5人拡張)):
    asked for with fewer players it is refused with a message naming the rule."""
    with pytest.raises(InvalidOptions, match=r"charm.*5 players"):
        game(players, charm=True)


def test_charm_token_accepted_with_five_players() -> None:
    state = game(5, charm=True, first_player=2).new_state(seed=3)
    assert pos(state)["charm"] == 1  # seat 1 plays last when seat 2 holds the initiative


# ---------------------------------------------------------------------- ruling 23
KINDLE_AND_SWEEP = ["R1 G1 .. ..", "G1 R1 .. ..", "G1 G1 G1 ..", ".. .. .. .."]


def test_a_claim_bonus_gained_this_turn_does_not_score_this_turn() -> None:
    """Ruling 23: Kindle (+1 point when you claim a rune) gained by the turn's first claim does
    not add to the second claim of the same turn: the runes are gained together, in whatever
    order the player lists them."""
    seats = {0: {"grid": KINDLE_AND_SWEEP, "stack": CLAIMS}, 1: {"store": ["G?"]}}
    state = position(seats=seats, **runes_shown("kindle", "sweep", "blaze"))
    do(state, "claim kindle")
    assert seat_doc(state)["tokens"] == 4  # RP / PR: four dice showing 1
    do(state, "claim sweep")
    assert seat_doc(state)["tokens"] == 4 + 3  # GGG: three 1 faces, no Kindle point
    assert [(r["id"], r["used"]) for r in seat_doc(state)["runes"]] == [
        ("kindle", False),  # not spent: it takes effect from the next turn
        ("sweep", False),
    ]


def test_a_claim_bonus_owned_before_the_turn_scores() -> None:
    """Ruling 23's counterpart: Kindle owned before this turn adds its point to the claim."""
    seats = {0: {"grid": KINDLE_AND_SWEEP, "stack": CLAIMS, "runes": ["kindle"]}, 1: {}}
    seats[1]["store"] = ["G?"]
    state = position(seats=seats, **runes_shown("sweep", "blaze", "spark"))
    do(state, "claim sweep")
    assert seat_doc(state)["tokens"] == 3 + 1


def test_no_ability_is_offered_while_claiming() -> None:
    """Ruling 23: abilities are used before the claims step; while claiming only claims and
    ``done`` are offered, even with an unused Sweep and an unflipped achievement owned."""
    seats: dict[int, dict[str, Any]] = {
        0: {"grid": KINDLE_AND_SWEEP, "stack": CLAIMS, "runes": ["pivot"]},
        1: {"store": ["G?"]},
    }
    seats[0]["achievements"] = ["scroll_of_study"]
    state = position(seats=seats, **runes_shown("sweep", "blaze", "spark"))
    assert texts(state) == ["done", "claim sweep"]


def test_an_achievement_gained_this_turn_is_usable_from_the_next_turn() -> None:
    """Ruling 23: the achievement drawn at the end of the turn (after every die is resolved)
    has no ability window left that turn; its flip ability is offered on the next turn."""
    three = {"simza": {"tokens": [0]}, "ainfean": {"tokens": [0]}, "kobataan": {"tokens": [0]}}
    seats = {0: {"store": ["Ye"], "grid": ["G1 G1 G1 ..", *[".. .. .. .."] * 3]}, 1: {}}
    # seat 0 plays last this round (seat 1 holds the initiative), first in the next round
    shown = runes_shown("sweep", "blaze", "spark")
    state = position(seats=seats, professors=three, first=1, turn_i=1, **shown)
    do(state, "resolve Ye", "professor Ekamu", "orient G")
    outcome(state, "achievement scroll_of_study")
    assert [a["id"] for a in seat_doc(state)["achievements"]] == ["scroll_of_study"]
    assert texts(state) == ["done", "claim sweep"]  # the claims step: no ability
    do(state, "done")
    next_turn(state, 0)
    assert any(t.startswith("ability") for t in texts(state, 0))
